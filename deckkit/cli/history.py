"""CLI commands: ``deckkit deck history`` and ``deckkit deck diff``; the recording of goldfish, match and
tune results that they read (registered by deckkit.cli)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckkit.cli import common

if TYPE_CHECKING:
    from deckkit.match.run import MatchOutcome
    from deckkit.sim.goldfish import LoadedDeck, Outcome


def _catalogue() -> Any:
    from deckkit.catalogue import open_catalogue

    return open_catalogue(common.db_path())


class _ReadOnly(Exception):
    """The catalogue cannot be written: nothing is kept."""


def _writable() -> Any:
    catalogue = _catalogue()
    if catalogue.read_only:
        raise _ReadOnly
    return catalogue


def _file(path: str | None) -> str | None:
    """The deck's file when it is one (standard input has none to keep a history of)."""
    return path if path is not None and Path(path).is_file() else None


def _keep(write: Any) -> None:
    """Run a recording step; a catalogue that cannot take it costs a warning, never the run's result
    (a read-only catalogue, e.g. a shared one, keeps nothing and says nothing: --no-history is implied)."""
    import sqlite3

    from deckkit.errors import DeckkitError

    try:
        write()
    except _ReadOnly:
        pass
    except (DeckkitError, sqlite3.Error, OSError) as exc:
        common.err(f"warning: the result was not kept in the deck history: {exc}")


def remember_goldfish(loaded: list["LoadedDeck"], outcome: "Outcome") -> None:
    """Keep each deck's goldfish result against its version."""
    from deckkit.decks.runs import record_goldfish

    keep = [(d, r, recs) for d, r, recs in zip(loaded, outcome.reports, outcome.records) if d.version and _file(d.path)]
    if not keep or outcome.interrupted:
        return
    _keep(lambda: record_goldfish(_writable(), [_file(d.path) or "" for d, _, _ in keep], [d.version or "" for d, _, _ in keep],
                                  [d.name for d, _, _ in keep], [r for _, r, _ in keep], [x for _, _, x in keep]))


def remember_match(loaded: list["LoadedDeck"], outcome: "MatchOutcome") -> None:
    """Keep each pair's result for both decks: the score against the other deck."""
    from deckkit.decks.runs import record

    if outcome.interrupted:
        return
    report = outcome.report
    by_label = dict(zip(report["decks"], loaded))
    conditions = {k: report.get(k) for k in ("seed", "seats", "pilots", "budget", "settings", "duplicate")}

    def write() -> None:
        catalogue = _writable()
        for pair in report["pairs"]:
            a, b = by_label.get(pair["a"]), by_label.get(pair["b"])
            if a is None or b is None:
                continue
            score, ci = pair.get("a_score"), pair.get("a_score_ci") or [None, None]
            for me, other, mine, my_ci in ((a, b, score, ci), (b, a, None if score is None else 1 - score,
                                                                [None if x is None else 1 - x for x in ci[::-1]])):
                if me.version and _file(me.path):
                    record(catalogue, "match", me.version, _file(me.path), me.name, report["game"],
                           {**conditions, "opponent_version": other.version},
                           {"games": pair["games"], "opponent": Path(other.label).name, "score": mine,
                            "score_ci": my_ci, "elo": pair.get("elo") if me is a else
                            (None if pair.get("elo") is None else -pair["elo"])})

    _keep(write)


def tune_version(deck_path: Path) -> tuple[str, str | None] | None:
    """(content hash, deck name) of the deck file a tune run is about to play, taken when it is loaded:
    the run can take minutes, and the file may be edited meanwhile. None for standard input."""
    from deckkit.decks.io import load_deck
    from deckkit.decks.runs import content_hash

    if _file(str(deck_path)) is None:
        return None
    deck = load_deck(deck_path)
    return content_hash(deck), deck.name


def remember_tune(start: Any, deck_path: Path, result: Any, version: tuple[str, str | None] | None) -> None:
    """Keep a tune run's starting figure against the version of the deck it tuned (``version``, from
    :func:`tune_version` at load time, not the file as it is when the run ends)."""
    from deckkit.decks.runs import record

    if version is None or _file(str(deck_path)) is None:
        return
    digest, name = version
    data = result.as_json()
    summary = {k: data.get(k) for k in ("mode", "games", "seed", "objective", "baseline", "start", "improved")
               if k in data}

    def write() -> None:
        record(_writable(), "tune", digest, deck_path, name, start.game,
               {"seed": data.get("seed"), "mode": data.get("mode")}, summary)

    _keep(write)


def remember_written(deck_path: Path, result: Any, version: tuple[str, str | None] | None) -> None:
    """Keep the list ``tune --write`` saved against its own version, as goldfish and match keep theirs: its
    figure on the tune run's games, and the version it was tuned from (``version``, None for standard input)."""
    from deckkit.decks.io import load_deck
    from deckkit.decks.runs import content_hash, record

    if _file(str(deck_path)) is None:
        return
    data = result.as_json()
    best = data.get("best") or [{}]
    summary = {k: data.get(k) for k in ("mode", "games", "seed", "objective", "improved")}
    summary.update(figure=best[0].get("objective"), change=best[0].get("change"), start=data.get("start"),
                   tuned_from=version[0] if version else None)

    def write() -> None:
        deck = load_deck(deck_path)
        record(_writable(), "tune", content_hash(deck), deck_path, deck.name, result.deck.game,
               {"seed": data.get("seed"), "mode": data.get("mode")}, summary)

    _keep(write)


def history(
    deck: Annotated[Path, typer.Argument(help="A deck file (or a bundled deck's name).", show_default=False)],
    plot: Annotated[Path | None, typer.Option("--plot", help="Draw each version's goldfish result to FILE.png/"
                                                            ".svg/.pdf (needs the plot extra).")] = None,
    output: common.Output = "table",
) -> None:
    """The versions of a deck file with the results kept for each, newest first.

    A version is what the deck plays (its game, format and card counts; comments and line order do
    not count). Versions come from the results goldfish, match and tune keep in the catalogue (see
    their --no-history) and, where the file is in a git repository, from its commits. --plot draws
    the mean win turn (or score) of each goldfished version with its interval.

    \b
    Examples:
      deckkit deck history my.deck
      deckkit deck history my.deck --plot versions.png -o json
    """
    from deckkit.decks.history import deck_history, plot_history, render_history

    if str(deck) == "-":
        from deckkit.errors import UsageError

        raise UsageError("deck history reads a deck file: standard input has no versions",
                         hint="give the deck's path (its versions are kept by path and in git)")
    if plot is not None:
        from deckkit.sim.plot import check_plot

        check_plot(plot)
    data = deck_history(common.input_file(deck, "deck"), _catalogue())
    data["deck"] = str(deck)
    if plot is not None:
        plot_history(data, plot)
        common.err(f"wrote {plot}")
    if output == "json":
        common.print_json(data)
    else:
        typer.echo(render_history(data), nl=False)


def diff(
    a: Annotated[Path, typer.Argument(help="The first deck (file or bundled name).", show_default=False)],
    b: Annotated[Path, typer.Argument(help="The second deck.", show_default=False)],
    output: common.Output = "table",
) -> None:
    """Compare two decks: cards added, removed and changed, how the deck statistics move, and — where
    both were goldfished on the same seeds under the same conditions — the paired difference of their
    win turns (or scores) with its interval.

    \b
    Examples:
      deckkit goldfish old.deck new.deck --games 2000 --seed 1 && deckkit deck diff old.deck new.deck
      deckkit deck diff my.deck tuned.deck -o json
    """
    from deckkit.decks.diff import deck_diff, render_diff

    data = deck_diff(common.input_file(a, "deck"), common.input_file(b, "deck"), _catalogue(), (str(a), str(b)))
    if output == "json":
        common.print_json(data)
    else:
        typer.echo(render_diff(data), nl=False)


def register(app: typer.Typer) -> None:
    """Add ``deck history`` and ``deck diff`` to the deck group."""
    from deckkit.cli.decks import deck_app

    deck_app.command("history")(history)
    deck_app.command("diff")(diff)
