"""CLI command: ``deckkit bundled``, the decks, formats, strategies and scripts deckkit ships."""

from typing import Annotated

import typer

from deckkit.cli import common

KINDS = ("deck", "format", "strategy", "script")


def _kind(value: list[str]) -> list[str]:
    for kind in value:
        if kind not in KINDS:
            from deckkit.errors import UsageError

            raise UsageError(f"--kind {kind!r}: unknown kind", hint="one of " + ", ".join(KINDS))
    return value


def bundled(
    kind: Annotated[list[str], typer.Option("--kind", "-k", metavar="|".join(KINDS), callback=_kind,
                                            help="Only this kind (repeatable).")] = [],
    output: common.RecordsOutput = "table",
) -> None:
    """List the decks, formats, strategies and scripts deckkit ships, usable by name from any folder.

    A bare name works wherever a file of its kind is expected (a file of that name in the current
    folder wins): a deck for hand, odds, goldfish and deck show/stats/validate/convert, a format for
    --format-file, a strategy for --strategy, a script for script run.

    \b
    Examples:
      deckkit bundled
      deckkit bundled --kind deck -o json
      deckkit hand obludarium-standard --seed 7
      deckkit goldfish alomfogo-casual --strategy alomfogo-greedy --games 1000
      deckkit deck validate alomfogo-tournament --format-file alomfogo-league-no-events
    """
    from deckkit.bundled import list_bundled

    rows = list_bundled(kind or None)
    if output != "table":
        common.print_records(rows, output)
        return
    from tabulate import tabulate

    def short(text: str | None) -> str:
        text = text or ""
        return text if len(text) <= 48 else text[:47] + "…"

    table = [[r["kind"], r["name"], r["game"] or "", short(r["title"])] for r in rows]
    typer.echo(tabulate(table, headers=["kind", "name", "game", "title"]))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("bundled")(bundled)
