"""Pictures of a goldfish run for sharing (``--plot FILE``): PNG, SVG or PDF through matplotlib."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Sequence

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


def plot(reports: Sequence[dict], path: str | Path) -> None:
    """Draw each deck's win-turn (or first seat's score) distribution into ``path``."""
    check_plot(path)
    path = Path(path)
    import matplotlib

    matplotlib.use("Agg")  # files only; never open a window
    import matplotlib.pyplot as plt
    scoring = "mean_scores" in reports[0]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / len(reports)
    for k, r in enumerate(reports):
        hist = r["score_histograms"][0] if scoring else r["turn_histogram"]
        xs = [int(x) for x in hist]
        total = r["games"] or 1
        ys = [hist[str(x)] / total * 100 for x in xs]
        offset = (k - (len(reports) - 1) / 2) * width
        figure = r["mean_scores"][0] if scoring else r["mean_turn"]
        label = f"{Path(r['deck']).name} (mean {figure:.2f})" if figure is not None else Path(r["deck"]).name
        ax.bar([x + offset for x in xs], ys, width=width, label=label)
    ax.set_xlabel("first seat's score" if scoring else "win turn")
    ax.set_ylabel("% of games")
    ax.set_title(f"{reports[0]['game']}: {reports[0]['games']:,} games per deck, seed {reports[0]['seed']}")
    ax.legend()
    fig.tight_layout()
    from deckkit.fileio import atomic_open

    try:
        with atomic_open(path, "wb") as fh:
            fig.savefig(fh, format=path.suffix.lower().lstrip("."))
    finally:
        plt.close(fig)
