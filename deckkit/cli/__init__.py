"""The ``deckkit`` command: a thin Typer layer over the library.

Each command group lives in its own module with a ``register(app)`` function. Library errors
(:class:`deckkit.errors.DeckkitError`) become "message + hint on stderr + exit code" here, in one
place; ``--debug`` re-raises them with a traceback.

The command modules do not use ``from __future__ import annotations``: Typer reads every command's
signature at each start, and string annotations would be compiled and evaluated again each time
(about 10 ms of every ``deckkit`` run); evaluated once at import they cost a fraction of that.
"""

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

    def parse_args(self, ctx, args):
        return super().parse_args(ctx, common.hoist_global_options(args))

    def invoke(self, ctx):
        from deckkit.terminal import SafeStream

        common.STATE.output, common.STATE.data = None, False  # set again by this command's options
        page = sys.stdout
        sys.stdout = SafeStream(page, common.for_people)  # card text never drives the terminal
        try:
            return self._invoke(ctx)
        finally:
            sys.stdout = page

    def _invoke(self, ctx):
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
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise  # Click's own ways out (usage errors exit 2)
        except Exception as exc:
            # Anything else (SQLite failing, a full disk under stdout, input nested too deeply): a
            # message and the contract's exit code, never a traceback.
            if common.STATE.debug:
                raise
            mapped = common.library_error(exc)
            if isinstance(mapped, common.Interrupted):
                common.err("interrupted")
                ctx.exit(130)
            if mapped is None or isinstance(exc, OSError) and exc.filename is None:
                common.quiet_stdout()  # the output cannot be written: its last flush must not fail again
            if mapped is None:
                ctx.exit(1)
            common.report_error(mapped)
            ctx.exit(mapped.exit_code)


app = typer.Typer(
    cls=_Group,
    name="deckkit",
    help="""Card catalogue, decks, odds and goldfish games for Obludárium, Álomfogó and Čarodějnický kotlík.

\b
Examples:
  deckkit search 'game:af t:dreamwalker cost<=1'
  deckkit bundled                              (the shipped decks, formats, strategies, scripts)
  deckkit goldfish obludarium-standard --games 2000 --seed 1
  deckkit search kajtar --db my-cards.db       (--db before or after the command)
""",
    add_completion=True,
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
        typer.Option("--db", help="Catalogue file (default: $DECKKIT_DB, else the user data directory); "
                          "may also follow the command.",
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
    common.STATE.stdin_taken = False


def _register() -> None:
    from deckkit.cli import (browse, bundled, catalogue, collection, completion, decks, goldfish, hands, history,
                             interactive, match, play, printing, tune)

    for module in (catalogue, decks, collection, history, hands, play, goldfish, match, interactive, bundled, browse,
                   tune, printing, completion):
        module.register(app)


_register()


def main() -> None:
    """Console entry point: runs the app, then makes sure its output was written (a full disk is an error)."""
    bad = common.check_arguments(sys.argv[1:])
    if bad is not None:
        common.report_error(bad)
        sys.exit(bad.exit_code)
    code: int | str | None = 0
    failure: OSError | None = None
    try:
        app()
    except SystemExit as done:
        code = done.code
    except KeyboardInterrupt:  # raised outside a command (e.g. during start-up)
        code = 130
    except OSError as exc:  # writing --help or a usage message to a full disk
        failure, code = exc, 1
    if failure is None:
        try:
            sys.stdout.flush()
        except OSError as exc:
            failure, code = exc, code or 1
    if failure is not None:
        common.quiet_stdout()
        mapped = common.library_error(failure)
        if isinstance(mapped, DeckkitError):  # (an OSError never maps to Interrupted)
            common.report_error(mapped)
    sys.exit(code)
