"""Match statistics: win rates with intervals, draws, the first seat's edge, length, verdicts, ratings.

Everything works on the plain per-game records of :func:`deckkit.match.game.play_game`, so local,
parallel and Dask runs give the same figures. Intervals are Wilson score intervals
(:func:`deckkit.sim.stats.wilson`); a deck's *score* counts a draw as half a win. In a duplicate
match the score's interval comes from the pairs instead (:mod:`deckkit.match.duplicate`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from deckkit.match.duplicate import elo_of_interval, pair_line, pair_summary
from deckkit.sim.sprt import score_to_elo
from deckkit.sim.stats import wilson


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(lo: float | None, hi: float | None) -> str:
    return "–" if lo is None or hi is None else f"{100 * lo:.1f}–{100 * hi:.1f}%"


def summarize_pair(a: str, b: str, records: Sequence[dict], confidence: float = 0.95) -> dict:
    """The JSON-ready summary of deck ``a`` against deck ``b`` over their games."""
    n = len(records)
    a_wins = sum(1 for r in records if r["winner"] == "a")
    b_wins = sum(1 for r in records if r["winner"] == "b")
    draws = n - a_wins - b_wins
    rate = wilson(a_wins, n, confidence)
    score = wilson(a_wins + draws / 2, n, confidence)  # type: ignore[arg-type]  # half-wins are fine for Wilson
    decided = [r for r in records if r["first_seat_won"] is not None]
    first = wilson(sum(1 for r in decided if r["first_seat_won"]), len(decided), confidence)
    turns = [r["turns"] for r in records]
    actions = [r["actions"] for r in records]
    out = {
        "a": a, "b": b, "games": n, "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
        "unfinished": sum(1 for r in records if not r["finished"]),
        "a_win_rate": _round(rate.estimate), "a_win_rate_ci": rate.as_list(),
        "a_score": _round(score.estimate), "a_score_ci": score.as_list(),
        "first_seat_win_rate": _round(first.estimate), "first_seat_ci": first.as_list(),
        "mean_turns": _round(sum(turns) / n if n else None, 2),
        "mean_actions": _round(sum(actions) / n if n else None, 1),
    }
    extra: dict = {"duplicate": bool(records) and "pair" in records[0]}
    if extra["duplicate"]:
        pairs = pair_summary(records, confidence)
        out.update({"a_score": pairs["score"], "a_score_ci": pairs["score_ci"]})
        extra.update({"elo": pairs["elo"], "elo_ci": pairs["elo_ci"], "duplicate_pairs": pairs["pairs"],
                      "pentanomial": pairs["pentanomial"], "game_score_ci": pairs["game_score_ci"],
                      "narrowing": pairs["narrowing"]})
    else:
        elo = None if score.estimate is None else score_to_elo(score.estimate)
        extra.update({"elo": None if elo is None or math.isinf(elo) else round(elo, 1),
                      "elo_ci": elo_of_interval(score.lo, score.hi)})
    out["verdict"] = verdict({**out, **extra}, confidence)
    out.update(extra)
    return out


def _round(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def verdict(pair: dict, confidence: float = 0.95) -> str:
    """The pair's result in words: who is stronger (the score interval excludes 50%) and the first seat's edge."""
    lo, hi = pair["a_score_ci"]
    level = f"{100 * confidence:g}%"
    src = f", from {pair['duplicate_pairs']} duplicate pairs" if pair.get("duplicate") else ""
    if pair["games"] < 2 or lo is None:
        text = f"too few games to tell ({pair['games']})"
    elif lo > 0.5:
        text = (f"{pair['a']} (A) is stronger: it scores {_pct(pair['a_score'])} against {pair['b']} "
                f"({level} interval {_ci(lo, hi)}{src})")
    elif hi < 0.5:
        text = (f"{pair['b']} (B) is stronger: A scores only {_pct(pair['a_score'])} "
                f"({level} interval {_ci(lo, hi)}{src})")
    else:
        text = (f"no clear winner after {pair['games']} games: A scores {_pct(pair['a_score'])}, "
                f"and the {level} interval {_ci(lo, hi)}{src} includes 50%")
    flo, fhi = pair["first_seat_ci"]
    if flo is not None and flo > 0.5:
        text += f"; the first seat wins more often ({_pct(pair['first_seat_win_rate'])}, {_ci(flo, fhi)})"
    elif fhi is not None and fhi < 0.5:
        text += f"; the second seat wins more often (first seat {_pct(pair['first_seat_win_rate'])}, {_ci(flo, fhi)})"
    return text


def ratings(decks: Sequence[str], pairs: Sequence[dict], rounds: int = 200) -> list[dict]:
    """A Bradley–Terry strength per deck on the Elo scale (mean 1500), from every pair's points.

    Each pair gets one extra drawn game as a prior, so a deck that wins everything still gets a
    finite rating. Fitted by the usual minorisation–maximisation iteration.
    """
    k = len(decks)
    index = {d: i for i, d in enumerate(decks)}
    points = [0.0] * k
    meetings: dict[tuple[int, int], float] = {}
    for pair in pairs:
        i, j = index[pair["a"]], index[pair["b"]]
        if i == j:
            continue  # a mirror says nothing about one deck against another
        n = pair["games"] + 1
        a_points = pair["a_wins"] + pair["draws"] / 2 + 0.5
        points[i] += a_points
        points[j] += n - a_points
        meetings[(i, j)] = meetings.get((i, j), 0) + n
    strength = [1.0] * k
    for _ in range(rounds):
        for i in range(k):
            denom = sum(n / (strength[i] + strength[j if i == a else a])
                        for (a, j), n in meetings.items() if i in (a, j))
            if denom:
                strength[i] = points[i] / denom
        mean = math.exp(sum(math.log(s) for s in strength) / k)
        strength = [s / mean for s in strength]
    played = [sum(n for (a, j), n in meetings.items() if i in (a, j)) for i in range(k)]
    return [{"deck": d, "rating": round(1500 + 400 * math.log10(strength[i])),
             "score": _round(points[i] / played[i] if played[i] else None)} for i, d in enumerate(decks)]


def render(report: dict) -> str:
    """The report as a page for people: the pairs' table, each verdict, and the ratings of several decks."""
    pilots = report["pilots"]
    seats = "alternated" if report["seats"] == "alternate" else "fixed (A in p1)"
    if report.get("duplicate"):
        every = all(p.get("duplicate") for p in report["pairs"])
        seats = "duplicate (each deal twice, seats swapped)" if every else \
            "duplicate where the sides differ (each deal twice, seats swapped), else alternated"
    count = f"{report['games']} games per pair"
    if report.get("sprt"):
        count = f"SPRT, at most {report['games']:,} games"
    lines = [f"{report['title']} match: {count}, seed {report['seed']}, "
             f"seats {seats}; "
             f"A plays {pilots['a']}, B plays {pilots['b']}"
             + ("; searches timed (not reproducible)" if report.get("reproducible") is False else "")]
    rows = [("deck A", "deck B", "A wins", "B wins", "draws", "A score", "95% interval", "first seat", "turns")]
    for p in report["pairs"]:
        rows.append((p["a"], p["b"], str(p["a_wins"]), str(p["b_wins"]), str(p["draws"]), _pct(p["a_score"]),
                     _ci(*p["a_score_ci"]), _pct(p["first_seat_win_rate"]), f"{p['mean_turns']:.1f}"))
    lines += _table(rows, right_from=2)
    lines.append("")
    for p in report["pairs"]:
        prefix = f"{p['a']} vs {p['b']}: " if len(report["pairs"]) > 1 else "verdict: "
        lines.append(prefix + p["verdict"])
        if p.get("duplicate") and p["duplicate_pairs"]:
            narrower = f"; {p['narrowing']:.2f}× narrower than from the games one by one" if p["narrowing"] else ""
            lines.append(f"  {pair_line(p)} (Elo {_elo_text(p)}{narrower})")
        if p["unfinished"]:
            lines.append(f"  ({p['unfinished']} games hit the action cap and count as draws)")
    if report.get("sprt"):
        from deckkit.sim.sprt import report_lines

        p = report["pairs"][0]
        d = report["sprt"]
        stronger = f"{p['a']} (A) is stronger than {p['b']} by"
        lines += ["", "(the intervals above read the games as if their number had been fixed in advance; after a "
                  "sequential stop it is the SPRT's verdict below that holds at its error rates)", ""]
        lines += report_lines(
            d, f"{stronger} {d['h1']:g} Elo rather than {d['h0']:g} (were it {d['h0']:g} or less, this verdict "
               f"comes at most {d['alpha'] * 100:g}% of the time)",
            f"{stronger} {d['h0']:g} Elo rather than {d['h1']:g} (were it {d['h1']:g} or more, this verdict comes "
            f"at most {d['beta'] * 100:g}% of the time)")
    if report.get("plan"):
        from deckkit.sim.plan import plan_lines

        lines += [""] + plan_lines(report["plan"])
    if len(report.get("ratings") or ()) > 2:
        lines += ["", "Ratings (Bradley–Terry on the Elo scale, mean 1500; score counts draws as half):"]
        ranked = sorted(report["ratings"], key=lambda r: -r["rating"])
        lines += _table([("deck", "rating", "score")] + [(r["deck"], str(r["rating"]), _pct(r["score"]))
                                                         for r in ranked], right_from=1)
    lines.append("")
    lines.append(f"{sum(p['games'] for p in report['pairs']):,} games in {report['elapsed_s']:.1f} s on "
                 f"{report['workers']} worker{'s' if report['workers'] != 1 else ''} "
                 f"({report['games_per_s']:.2f} games/s)")
    return "\n".join(lines)


def _elo_text(p: dict) -> str:
    def one(x: float | None, score: float | None) -> str:
        return ("+∞" if (score or 0) > 0.5 else "−∞") if x is None else f"{x:+.0f}"

    (lo, hi), (slo, shi) = p["elo_ci"], p["a_score_ci"]
    return f"{one(p['elo'], p['a_score'])}, interval {one(lo, slo)} to {one(hi, shi)}"


def _table(rows: Sequence[Sequence[str]], right_from: int) -> list[str]:
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) if c >= right_from else cell.ljust(w)
                      for c, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]


def game_rows(report: dict, records: Sequence[Sequence[dict]]) -> list[dict]:
    """One flat row per game for ``--games-out``: the pair, its AIs (``mcts(200)`` by budget, ``mcts(0.5s)``
    timed), seats, winner and length."""
    rows = []
    for pair, recs in zip(report["pairs"], records):
        for r in recs:
            rows.append({"a": pair["a"], "b": pair["b"], "index": r["index"], "seed": r["seed"], "a_seat": r["a_seat"],
                         "winner": r["winner"] or "", "first_seat_won": r["first_seat_won"], "turns": r["turns"],
                         "actions": r["actions"], "finished": r["finished"], "a_return": r["returns"][0],
                         "b_return": r["returns"][1], "pair": r.get("pair", ""),
                         "a_ai": report["pilots"]["a"], "b_ai": report["pilots"]["b"]})
    return rows
