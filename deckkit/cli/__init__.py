"""The ``deckkit`` command: a thin Typer layer over the library.

Each command group lives in its own module with a ``register(app)`` function. Library errors
(:class:`deckkit.errors.DeckkitError`) become "message + hint on stderr + exit code" here, in one
place; ``--debug`` re-raises them with a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from deckkit import __version__
from deckkit.cli import common, fastparams
from deckkit.errors import DeckkitError

fastparams.install()  # plain options converted without pydantic: ~80 ms off every command


class _Group(common.HelpGroup):
    """Maps library errors and Ctrl-C to exit codes for every command (CLI.md exit codes).

    Global options may also follow the command (``deckkit search kajtar --db x.db``).
    """

    def parse_args(self, ctx, args):  # type: ignore[override]
        return super().parse_args(ctx, common.hoist_global_options(args))

    def invoke(self, ctx):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except DeckkitError as exc:
            if common.STATE.debug:
                raise
            common.report_error(exc)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            if common.STATE.debug:
                raise
            common.err("interrupted")
            ctx.exit(130)
        except Exception as exc:
            # SQLite failing mid-command (a damaged file, a disk error): a message, not a traceback.
            sqlite3 = sys.modules.get("sqlite3")  # loaded if the catalogue was opened; not imported for --help
            if common.STATE.debug or sqlite3 is None or not isinstance(exc, sqlite3.DatabaseError):
                raise
            common.report_error(common.catalogue_failure(exc))
            ctx.exit(1)


app = typer.Typer(
    cls=_Group,
    name="deckkit",
    help="Card catalogue, decks, odds and goldfish games for Obludárium, Álomfogó and Čarodějnický kotlík.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain Click help: importing Rich for --help costs ~100 ms of start-up
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    db: Annotated[
        Path | None,
        typer.Option("--db", help="Catalogue file (default: $DECKKIT_DB, else the user data directory).",
                     envvar="DECKKIT_DB", show_envvar=False),
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks for errors.")] = False,
    create: Annotated[bool, typer.Option(
        "--create", help="Make --db's folder if it is missing (otherwise an error).")] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """deckkit: keep a card catalogue, build and validate decks, draw hands, and goldfish."""
    common.STATE.db = db
    common.STATE.debug = debug
    common.STATE.create = create


def _register() -> None:
    from deckkit.cli import catalogue, decks, goldfish, hands, play

    for module in (catalogue, decks, hands, play, goldfish):
        module.register(app)


_register()


def main() -> None:
    """Console entry point."""
    try:
        app()
    except KeyboardInterrupt:  # raised outside a command (e.g. during start-up)
        sys.exit(130)
