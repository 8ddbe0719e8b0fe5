"""Tables, a terminal chart and pictures of tuning results (no logic: figures come from the library)."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Sequence

from deckkit.tune.cardtests import CardTestResult
from deckkit.tune.evaluate import Measure
from deckkit.tune.optimise import OptimiseResult
from deckkit.tune.sweep import SweepResult

_BLOCKS = " ▏▎▍▌▋▊▉█"


def _num(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x * 100:.1f}%"


def _ci(pair: Sequence[float | None], fmt=_num) -> str:
    lo, hi = pair
    if lo is None or hi is None:
        return ""
    return f"{fmt(lo)} to {fmt(hi)}" if lo < 0 or hi < 0 else f"{fmt(lo)}–{fmt(hi)}"


def _signed(x: float | None) -> str:
    if x is None:
        return "–"
    return f"{0.0 if abs(x) < 0.005 else x:+.2f}"  # no "-0.00"


def _signed_ci(pair: Sequence[float | None]) -> str:
    lo, hi = pair
    return "" if lo is None or hi is None else f"{_signed(lo)} to {_signed(hi)}"


def _turn_interval(m: Measure) -> tuple[float, float, float] | None:
    """(mean win turn, its interval's lower and upper bound), or None while there is no interval."""
    lo, hi = m.mean_turn_ci
    if m.mean_turn is None or lo is None or hi is None:
        return None
    return m.mean_turn, lo, hi


def chart(rows: Sequence[tuple[str, Measure]], width: int = 36) -> list[str]:
    """Mean win turn per row as a bar from the smallest lower bound, with ``├─┤`` for the interval."""
    shown = [(label, turn) for label, m in rows if (turn := _turn_interval(m)) is not None]
    if not shown:
        return []
    lo = min(low for _, (_, low, _) in shown)
    hi = max(high for _, (_, _, high) in shown)
    span = max(hi - lo, 1e-9)
    pad = max(len(label) for label, _ in shown)
    lines = [f"  {'':>{pad}}  mean win turn, {lo:.2f} at the left edge to {hi:.2f} at the right (shorter is faster)"]
    for label, (mean, low, high) in shown:
        cells = [" "] * width
        a = round((low - lo) / span * (width - 1))
        b = round((high - lo) / span * (width - 1))
        c = round((mean - lo) / span * (width - 1))
        for i in range(c + 1):
            cells[i] = "█"
        for i in range(a, b + 1):
            if cells[i] == " ":
                cells[i] = "─"
        cells[a] = "├" if cells[a] != "█" or a == c else cells[a]
        cells[b] = "┤" if b > c else cells[b]
        lines.append(f"  {label:>{pad}}  {''.join(cells)}  {mean:.2f}")
    return lines


def _header(label: str, game: str, what: str, games: int, seed: object, conf: float) -> list[str]:
    return [f"{label}  ({game}: {what}, {games:,} games per deck, seed {seed})",
            f"  intervals are {conf * 100:g}% confidence intervals; Δ = variant − deck on the same seeds"]


def render_sweep(r: SweepResult) -> str:
    """A sweep: one row per point, the deck's own row marked, then the chart and the best point."""
    o = r.options
    t = o.by_turn
    lines = _header(r.deck.label, r.deck.game, f"{r.sweep.axis}", o.games, o.seed, o.confidence)
    head = f"  {'count':>5}  {'mean win turn':<20} {'Δ turns':<22} {f'won by turn {t}':<22}"
    if o.odds:
        head += "  odds"
    lines += ["", head.rstrip()]
    rows_for_chart = []
    for value, m, problems in r.rows:
        mark = "*" if value == r.sweep.base_value else " "
        if m is None:
            lines.append(f" {mark}{value:>5}  illegal: {problems[0] if problems else 'cannot be built'}")
            continue
        delta = f"{_signed(m.diff):>6} {'(' + _signed_ci(m.diff_ci) + ')':<15}" if m.verdict else f"{'the deck':<22}"
        line = (f" {mark}{value:>5}  {_num(m.mean_turn):>5} {'(' + _ci(m.mean_turn_ci) + ')':<14} {delta} "
                f"{_pct(m.won_by):>6} {'(' + _ci(m.won_by_ci, _pct) + ')':<15}")
        if o.odds:
            line += f"  {_pct(m.odds)}"
        lines.append(line.rstrip())
        rows_for_chart.append((f"{value}", m))
    lines.append(f"  * the deck as it is ({r.sweep.base_value}): mean win turn {_num(r.base.mean_turn)} "
                 f"({_ci(r.base.mean_turn_ci)}), won by turn {t} {_pct(r.base.won_by)}")
    if o.odds:
        lines.append(f"  odds: exact P({o.odds}), {o.mulligans} mulligan(s), turn {o.odds_turn}")
    if r.sweep.base_value not in [v for v, _, _ in r.rows]:
        rows_for_chart.append((f"{r.sweep.base_value}*", r.base))
        rows_for_chart.sort(key=lambda row: int(row[0].rstrip("*")))
    lines += _capped([m for _, m, _ in r.rows if m is not None])
    lines += [""] + chart(rows_for_chart)
    best = r.best()
    if best is not None:
        conf = f"{o.confidence * 100:g}%"
        tied = r.tied()
        if len(tied) == 1:
            tail = (f"Δ {_signed(best[1].diff)} turns, {_signed_ci(best[1].diff_ci)}" if best[1].verdict
                    else "the deck as it is")
            lines += ["", f"  fastest: {r.sweep.what} = {best[0]} (mean win turn {_num(best[1].mean_turn)}, {tail}; "
                          f"faster than every other point at {conf} family-wise confidence, Holm)"]
        else:
            lines += ["", f"  tied: {r.sweep.what} = {', '.join(map(str, tied))} — no point is clearly fastest at "
                          f"{conf} family-wise confidence (Holm on the paired differences with the lowest, "
                          f"{best[0]}: {_num(best[1].mean_turn)}); more games may tell"]
    return "\n".join(lines)


def render_card_tests(r: CardTestResult) -> str:
    """Card tests ranked by Δ mean win turn, with Holm's verdict per row and the statement."""
    o = r.options
    what = ("each card out for " + (r.filler or "the deck's most common other card the format allows one more of")) if r.mode == "remove-each" \
        else ("each candidate in for " + (r.filler or "the deck's most common card"))
    lines = _header(r.deck.label, r.deck.game, what, o.games, o.seed, o.confidence)
    lines.append(f"  deck: mean win turn {_num(r.base.mean_turn)} ({_ci(r.base.mean_turn_ci)}); "
                 "negative Δ = the change wins sooner")
    width = max([len(t.change) for t in r.tests] + [6])
    sprt = any(t.test is not None for t in r.tests)
    lines += ["", f"  {'change':<{width}}  {'Δ turns':>7}  {'interval':<15}  {'real':<4}  mean win turn"
              + ("  SPRT" if sprt else "")]
    for t in r.tests:
        if t.measure is None:
            lines.append(f"  {t.change:<{width}}  illegal: {t.problems[0] if t.problems else ''}")
            continue
        m = t.measure
        decision = "" if t.test is None else \
            f"          {t.test.decision or 'undecided'} after {t.test.games:,}"
        lines.append(f"  {t.change:<{width}}  {_signed(m.diff):>7}  {_signed_ci(m.diff_ci):<15}  "
                     f"{'yes' if t.real else '':<4}  {_num(m.mean_turn)}{decision}".rstrip())
    lines += _capped([r.base, *(t.measure for t in r.tests if t.measure is not None)])
    lines += ["", "  " + r.statement()]
    return "\n".join(lines)


def _capped(measures: list[Measure]) -> list[str]:
    """A line when the loop's action cap stopped games (a card that lets a turn go on for ever)."""
    total = sum(m.capped for m in measures)
    if not total:
        return []
    return [f"  capped: {total:,} game(s) stopped by the action cap (counted as not won): "
            + ", ".join(f"{m.label} {m.capped:,}" for m in measures if m.capped)]


def render_optimise(r: OptimiseResult) -> str:
    """The search's path, its best lists, and their confirmation on fresh seeds against the start."""
    o = r.options
    assert o is not None
    name = {"mean-turn": "mean win turn", "won-by": f"won by turn {o.by_turn}",
            "keep-odds": f"P({o.odds})", "match": f"match score against {o.against_label} ({o.ai})"}[r.objective]
    lines = [f"{r.deck.label}  ({r.deck.game}: optimise {name}, {r.evaluated} of {r.budget} lists played, "
             f"{o.games:,} games each, seed {o.seed})",
             f"  start: {r.figure(r.start_score):.4f}"]
    if r.path:
        lines += ["  accepted moves:"] + [f"    {p}" for p in r.path]
    else:
        lines.append("  no move improved on the start")
    lines += ["", "  best lists of the search (the games it searched with):"]
    for c in r.best:
        lines.append(f"    {r.figure(c.score):.4f}  {c.change}")
    if r.confirmed:
        lines += ["", f"  played again on fresh seeds ({r.confirm_seed}), against the start:"]
        for m in r.confirmed[1:]:
            lines.append(f"    {m.verdict}")
    lines += ["", "  " + _outcome(r)]
    return "\n".join(lines)


def _outcome(r: OptimiseResult) -> str:
    """Whether the search found an improvement that holds at the stated error rates, in words."""
    if r.improved:
        how = "exactly" if r.final is None else f"on fresh seeds ({r.final.words()})"
        return f"improvement found: {r.best[0].change} beats the start {how}"
    if not r.path:
        return "no improvement found: no move passed its test; nothing is written (--write-anyway writes the best list tried)"
    words = f" ({r.final.words()})" if r.final is not None else ""
    return ("no improvement found: the list the search ended on did not beat the start on fresh seeds"
            f"{words}; nothing is written (--write-anyway writes it anyway)")


def plot_sweep(r: SweepResult, path: str | Path) -> None:
    """Mean win turn (with intervals) and "won by turn T" per point, into PNG/SVG/PDF."""
    from deckkit.sim.plot import check_plot

    check_plot(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from deckkit.fileio import atomic_open

    pts = [(v, m, turn) for v, m, _ in r.rows if m is not None and (turn := _turn_interval(m)) is not None]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    xs = [v for v, _, _ in pts]
    ys = [mean for _, _, (mean, _, _) in pts]
    err = [[mean - low for _, _, (mean, low, _) in pts], [high - mean for _, _, (mean, _, high) in pts]]
    ax.errorbar(xs, ys, yerr=err, fmt="o-", capsize=3, label="mean win turn")
    ax.set_xlabel(r.sweep.axis)
    ax.set_ylabel("mean win turn")
    ax2 = ax.twinx()
    ax2.plot(xs, [(m.won_by or 0) * 100 for _, m, _ in pts], "s--", color="tab:orange",
             label=f"won by turn {r.options.by_turn} (%)")
    ax2.set_ylabel(f"% won by turn {r.options.by_turn}")
    ax.set_title(f"{Path(r.deck.label).name}: {r.options.games:,} games per point, seed {r.options.seed}")
    fig.legend(loc="upper center", ncol=2, bbox_to_anchor=(0.5, 0.93))
    fig.tight_layout()
    path = Path(path)
    try:
        with atomic_open(path, "wb") as fh:
            fig.savefig(fh, format=path.suffix.lower().lstrip("."))
    finally:
        plt.close(fig)
