"""Turn run results into the JSON report of CLI.md and into tables with terminal histograms."""

from __future__ import annotations

import math
from typing import Any, cast
from collections.abc import Sequence

from deckkit.sim.compare import compare
from deckkit.sim.impact import card_impact
from deckkit.sim.stats import is_scoring, summarize
from deckkit.engine.results import Record, WinRecord

_BLOCKS = " ▏▎▍▌▋▊▉█"


def deck_report(label: str, game: str, records: Sequence[Record], *, seed: int | str, policy: str, opponent: str,
                elapsed: float, workers: int, keep: str | None = None, settings: dict | None = None,
                max_turns: int = 60, confidence: float = 0.95, interrupted: bool = False,
                deck_names: Sequence[str] = (), impact: bool = False) -> dict:
    """The JSON object of one deck: CLI.md's stable keys first, then the extensions."""
    summary = summarize(records, confidence)
    n = len(records)
    out: dict[str, Any] = {"deck": label, "game": game, "games": n, "seed": seed, "policy": policy}
    out.update(summary)
    out.update({
        "opponent": opponent,
        "keep": keep,
        "settings": dict(settings or {}),
        "max_turns": max_turns,
        "workers": workers,
        "interrupted": interrupted,
        "elapsed_s": round(elapsed, 4),
        "games_per_s": round(n / elapsed, 1) if elapsed > 0 else None,
    })
    capped = [r.capped for r in records if r.capped]
    out["capped"] = len(capped)  # games the loop's action cap stopped (deckkit.engine.loop), counted as not won
    if capped:
        out["capped_first"] = capped[0]
    if impact and not is_scoring(records):
        out["impact"] = card_impact(cast(Sequence[WinRecord], records), deck_names, game, confidence)
    return out


def add_comparisons(reports: list[dict], records: Sequence[Sequence[Record]], confidence: float = 0.95) -> None:
    """Give every deck after the first a ``comparison`` with the first, on the shared seeds."""
    for report, recs in zip(reports[1:], records[1:]):
        report["comparison"] = compare(reports[0]["deck"], records[0], report["deck"], recs, confidence)


# -- tables ----------------------------------------------------------------------------------------------

def bar(value: float, most: float, width: int = 32) -> str:
    """A horizontal bar of ``value / most`` of ``width`` cells, in eighths of a cell."""
    if most <= 0 or value <= 0:
        return ""
    eighths = max(1, round(value / most * width * 8))
    return "█" * (eighths // 8) + (_BLOCKS[eighths % 8] if eighths % 8 else "")


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{x * 100:.{digits}f}%"


def _num(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _ci(pair: Sequence[float | None], fmt=_num) -> str:
    lo, hi = pair
    if lo is None or hi is None:
        return ""
    # "–" between negative numbers reads as a minus sign: "-4.30–-0.84"; words then.
    return f"CI {fmt(lo)} to {fmt(hi)}" if lo < 0 or hi < 0 else f"CI {fmt(lo)}–{fmt(hi)}"


def _header(r: dict) -> list[str]:
    conf = f"{r['confidence'] * 100:g}%"
    lines = [f"{r['deck']}  ({r['game']}: {r['policy']} vs {r['opponent']}, {r['games']:,} games, seed {r['seed']})"]
    if r.get("keep"):
        lines.append(f"  keep: {r['keep']}")
    if r.get("settings"):
        lines.append("  settings: " + ", ".join(f"{k}={v}" for k, v in r["settings"].items()))
    if r.get("precision") is not None and r.get("precision_reached") is not None:
        lines.append(f"  precision ±{r['precision']:g}: " + ("reached" if r["precision_reached"] else
                     f"NOT reached; stopped at the cap of {r['games']:,} games (raise --max-games)"))
    if r.get("interrupted"):
        lines.append(f"  interrupted: {r['games']:,} games finished before Ctrl-C")
    if r.get("capped"):
        lines.append(f"  capped: {r['capped']:,} game(s) stopped by the action cap, counted as not won; "
                     f"the first: {r['capped_first'].removeprefix('capped: ')}")
    lines.append(f"  intervals are {conf} confidence intervals")
    return lines


def _speed(r: dict) -> str:
    rate = f"{r['games_per_s']:,.0f} games/s" if r.get("games_per_s") else "–"
    return f"  speed           {rate} on {r['workers']} worker(s), {r['elapsed_s']:.2f} s"


def render_wins(r: dict) -> str:
    """A win-by-turn deck: headline figures and the turn histogram with "won by then"."""
    lines = _header(r)
    lines += [
        f"  win rate        {_pct(r['win_rate'])}  ({_ci(r['win_rate_ci'], _pct)})",
        f"  mean win turn   {_num(r['mean_turn'])}  ({_ci(r['mean_turn_ci'])})",
        f"  median / p90    {r['median_turn'] if r['median_turn'] is not None else '–'} / "
        f"{r['p90_turn'] if r['p90_turn'] is not None else '–'}",
        f"  mulligans       {_num(r['mulligans'])} per game",
        *_control(r),
        _speed(r),
        "",
    ]
    hist = {int(k): v for k, v in r["turn_histogram"].items()}
    if hist:
        most = max(hist.values())
        lines.append("  turn  wins                               games      %   won by then")
        for t in range(min(hist), max(hist) + 1):
            count = hist.get(t, 0)
            by = r["won_by_turn"].get(str(t), {})
            share = count / r["games"] if r["games"] else 0
            lines.append(f"  {t:>4}  {bar(count, most):<32}  {count:>7,}  {share * 100:>5.1f}%  "
                         f"{_pct(by.get('p'))} ({_pct(by.get('lo'))}–{_pct(by.get('hi'))})")
    else:
        lines.append("  no wins")
    return "\n".join(lines)


def _bins(hist: dict[int, int], rows: int = 16) -> list[tuple[int, int, int]]:
    lo, hi = min(hist), max(hist)
    width = max(1, math.ceil((hi - lo + 1) / rows))
    start = lo - (lo % width)
    out = []
    for a in range(start, hi + 1, width):
        out.append((a, a + width - 1, sum(v for k, v in hist.items() if a <= k <= a + width - 1)))
    return out


def render_scores(r: dict) -> str:
    """A scoring deck (Kotlík): per-seat win rates and scores, and each seat's score histogram."""
    lines = _header(r)
    for s, rate in enumerate(r["seat_win_rates"]):
        lines.append(f"  seat {s + 1}: wins {_pct(rate)} ({_ci(r['seat_win_rate_cis'][s], _pct)}), "
                     f"mean score {_num(r['mean_scores'][s])} ({_ci(r['mean_score_cis'][s])}), "
                     f"median {r['median_scores'][s]}, p90 {r['p90_scores'][s]}")
    lines.append(f"  draws           {r['draws']:,}")
    lines.append(f"  seat 1 − seat 2 {_num(r['mean_margin'])} points ({_ci(r['mean_margin_ci'])})")
    lines.append(f"  turns per game  {_num(r['mean_turns'], 1)}")
    lines.append(_speed(r))
    for s, hist in enumerate(r["score_histograms"]):
        h = {int(k): v for k, v in hist.items()}
        if not h:
            continue
        bins = _bins(h)
        most = max(c for _, _, c in bins)
        lines += ["", f"  seat {s + 1} score   games"]
        for a, b, c in bins:
            label = f"{a}" if a == b else f"{a}…{b}"
            lines.append(f"  {label:>9}  {bar(c, most):<32}  {c:>7,}")
    return "\n".join(lines)


def _control(r: dict) -> list[str]:
    """The control-variate line: the corrected mean win turn beside the plain one, or why it was not applied."""
    c = r.get("control")
    if not c:
        return []
    if not c["applied"]:
        return [f"  control         not applied ({c['reason']})"]
    gain = f", variance ÷{c['variance_reduction']:.2f}" if c.get("variance_reduction") else ""
    return [f"  with control    {_num(c['mean_turn'])}  ({_ci(c['mean_turn_ci'])}; exact P({c['condition']}) = "
            f"{_pct(c['exact_odds'])}, seen {_pct(c['seen_share'])}{gain})"]


def render_comparison(reports: Sequence[dict]) -> str:
    """The side-by-side block: each deck's headline figure and its verdict against the first."""
    scoring = "mean_scores" in reports[0]
    lines = ["Comparison on the same seeds" + (" (first seat's score)" if scoring else " (mean win turn)")]
    for r in reports:
        figure = r["mean_scores"][0] if scoring else r["mean_turn"]
        lines.append(f"  {r['deck']:<40} {_num(figure)}")
    for r in reports[1:]:
        lines.append(f"  → {r['comparison']['verdict']}")
        if r["comparison"].get("sprt"):
            from deckkit.sim.sprt import report_lines

            d = r["comparison"]["sprt"]
            base, name = reports[0]["deck"], r["deck"]
            gain = f"{name} wins sooner than {base} by"
            lines += ["  (the interval reads the games as if their number had been fixed in advance; after a "
                      "sequential stop it is the SPRT's verdict below that holds at its error rates)", ""]
            lines += report_lines(
                d, f"{gain} {d['h1']:g} turns rather than {d['h0']:g} (were it {d['h0']:g} or less, this verdict "
                   f"comes at most {d['alpha'] * 100:g}% of the time)",
                f"{gain} {d['h0']:g} turns rather than {d['h1']:g} (were it {d['h1']:g} or more, this verdict comes "
                f"at most {d['beta'] * 100:g}% of the time)")
    return "\n".join(lines)


def render_impact(r: dict) -> str:
    """Per card: win-turn difference when in the opening hand / drawn by turn 3 (negative: sooner)."""
    lines = [f"Card impact for {r['deck']} (win turn with − without, in turns; negative = wins sooner)",
             f"  {'card':<28}  {'in the opening hand':<28}  {'seen by turn 3':<28}"]
    for row in r.get("impact", []):
        o, t = row["opening_hand"], row["by_turn_3"]
        lines.append(f"  {row['card'][:28]:<28}  {_effect(o):<28}  {_effect(t):<28}".rstrip())
    return "\n".join(lines)


def _effect(group: dict) -> str:
    if group["difference"] is None:
        return f"– (in {group['games_with']:,} games)"
    lo, hi = group["ci"]
    return f"{_signed(group['difference'])} ({_signed(lo)} to {_signed(hi)})"


def _signed(x: float | None) -> str:
    return "–" if x is None else f"{x:+.2f}"


def render(reports: Sequence[dict]) -> str:
    """The whole table output of a goldfish run."""
    blocks = [render_scores(r) if "mean_scores" in r else render_wins(r) for r in reports]
    if len(reports) > 1:
        blocks.append(render_comparison(reports))
    blocks += [render_impact(r) for r in reports if r.get("impact")]
    if reports[-1].get("plan"):
        from deckkit.sim.plan import plan_lines

        blocks.append("\n".join(plan_lines(reports[-1]["plan"])))
    return "\n\n".join(blocks)
