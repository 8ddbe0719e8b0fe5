"""Pictures of a goldfish run for sharing (``--plot FILE``): PNG, SVG or PDF through matplotlib."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckkit.errors import UsageError

SUFFIXES = {".png", ".svg", ".pdf"}


def check_plot(path: str | Path) -> None:
    """Fail early (before a long run) if ``path`` cannot be drawn: unknown suffix or no matplotlib."""
    if Path(path).suffix.lower() not in SUFFIXES:
        raise UsageError(f"--plot {path}: unknown picture format", hint="name the file .png, .svg or .pdf")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib, which is not installed",
                         hint="pip install 'deckkit[plot]'") from None


def figure(reports: Sequence[dict], names: Sequence[str | None] = ()) -> Any:
    """A matplotlib Figure of each deck's win-turn (or first seat's score) distribution.

    Ticks fall on whole turns (or points), the title names the game by its title, and the legend
    names each deck by ``names`` (the decks' own ``name:``), else by its file name.
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    from deckkit.engine.registry import spec

    scoring = "mean_scores" in reports[0]
    fig = Figure(figsize=(8, 4.5))  # no pyplot: no window, no global figure to close
    ax = fig.subplots()
    width = 0.8 / len(reports)
    for k, r in enumerate(reports):
        hist = r["score_histograms"][0] if scoring else r["turn_histogram"]
        xs = [int(x) for x in hist]
        total = r["games"] or 1
        ys = [hist[str(x)] / total * 100 for x in xs]
        offset = (k - (len(reports) - 1) / 2) * width
        mean = r["mean_scores"][0] if scoring else r["mean_turn"]
        name = (names[k] if k < len(names) else None) or Path(r["deck"]).name
        label = f"{name} (mean {mean:.2f})" if mean is not None else name
        ax.bar([x + offset for x in xs], ys, width=width, label=label)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("first seat's score" if scoring else "win turn")
    ax.set_ylabel("% of games")
    ax.set_title(f"{spec(reports[0]['game']).title}: {reports[0]['games']:,} games per deck, seed {reports[0]['seed']}")
    ax.legend()
    fig.tight_layout()
    return fig


def plot(reports: Sequence[dict], path: str | Path, names: Sequence[str | None] = ()) -> None:
    """Draw :func:`figure` into ``path`` (PNG, SVG or PDF by its suffix)."""
    check_plot(path)
    path = Path(path)
    fig = figure(reports, names)
    from deckkit.fileio import atomic_open

    with atomic_open(path, "wb") as fh:
        fig.savefig(fh, format=path.suffix.lower().lstrip("."))
