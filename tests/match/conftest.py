"""Fixtures of the match tests."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from deckkit.cli import app


@pytest.fixture(scope="module")
def invoke(tmp_path_factory):
    """``deckkit match ARGS…`` on a catalogue of the test module's own."""
    db = str(tmp_path_factory.mktemp("catalogue") / "catalogue.db")
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, ["--db", db, "match", *args], catch_exceptions=False)

    return run
