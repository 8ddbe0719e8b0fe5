"""Helpers and fixtures for the catalogue tests: real SQLite files in tmp_path, the real CLI.

A uniquely named module rather than conftest.py: several test folders have a conftest, and
``from conftest import …`` in one folder must not find another folder's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.catalogue import open_catalogue


def card(i: int, **extra) -> dict:
    """A valid Álomfogó dreamwalker with id af-test-<i>."""
    c = {"id": f"af-test-{i}", "game": "alomfogo", "name": f"Tesztlépő {i}", "type": "dreamwalker", "cost": i % 5,
         "attack": 1, "defense": 2, "text": "(Draws a card.)"}
    c.update(extra)
    return c


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "cat.db"


@pytest.fixture
def cat(db: Path):
    c = open_catalogue(db)
    yield c
    c.close()


@pytest.fixture
def empty(db: Path):
    c = open_catalogue(db, fill=False)
    yield c
    c.close()


@pytest.fixture
def write(tmp_path: Path):
    def _write(name: str, content) -> Path:
        p = tmp_path / name
        if isinstance(content, bytes):
            p.write_bytes(content)
        elif isinstance(content, str):
            p.write_text(content, encoding="utf-8")
        else:
            p.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
        return p
    return _write


@pytest.fixture
def run(db: Path):
    """Invoke the CLI against the test catalogue: returns the Result (stdout and stderr apart)."""
    runner = CliRunner()

    def _run(*args: str):
        from deckkit.cli import app

        if not db.exists():  # made beforehand, so stderr holds only what the command says
            open_catalogue(db).close()
        return runner.invoke(app, ["--db", str(db), *args], catch_exceptions=False)
    return _run
