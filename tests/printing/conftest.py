"""Fixtures of the print tests: the real CLI on a real catalogue in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.catalogue import open_catalogue


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """A catalogue made (and filled with the bundled cards) before the tests use it."""
    path = tmp_path_factory.mktemp("print-db") / "catalogue.db"
    open_catalogue(path).close()
    return path


@pytest.fixture
def run(db, tmp_path, monkeypatch):
    """run(*args) -> the Result of ``deckkit --db DB ARGS`` in a fresh temporary folder (stdout and stderr apart)."""
    from deckkit.cli import app

    monkeypatch.chdir(tmp_path)

    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(db), *args], catch_exceptions=False)

    return _run
