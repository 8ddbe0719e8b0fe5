"""One deckkit command run in-process on a catalogue of the test module's own (a fixture's body)."""

from __future__ import annotations

from collections.abc import Callable

from typer.testing import CliRunner

from deckkit.cli import app


def command_on_catalogue(tmp_path_factory, command: str) -> Callable:
    """``run(*args)``: ``deckkit --db <a new catalogue> COMMAND ARGS…``, exceptions not caught."""
    db = str(tmp_path_factory.mktemp("catalogue") / "catalogue.db")
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, ["--db", db, command, *args], catch_exceptions=False)

    return run
