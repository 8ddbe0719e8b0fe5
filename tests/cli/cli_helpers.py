"""Helpers of the command-line convention tests (a uniquely named module, not conftest.py)."""

from __future__ import annotations

import typer

from deckkit.cli import app


def commands() -> dict:
    """Every leaf command of ``deckkit`` by its path without the program name: {"deck add": …}."""
    out: dict = {}

    def walk(cmd, path: str) -> None:  # Typer's own Click: duck-typed
        if hasattr(cmd, "commands"):
            for name, sub in cmd.commands.items():
                walk(sub, f"{path} {name}".strip())
        else:
            out[path] = cmd

    walk(typer.main.get_command(app), "")
    return out
