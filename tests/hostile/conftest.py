"""Fixtures for the hostile-input suite: one catalogue for the session, in-process and real-process runs.

In-process runs (``cli``) are fast and raise any unexpected exception into the test (a traceback
fails it). Cases that need a real process (resource limits, real file descriptors, signals, bytes
in argv) use ``proc``, always with a timeout so a hang fails instead of blocking the suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app

TIMEOUT_S = 30


@pytest.fixture(scope="session")
def master_db(tmp_path_factory) -> Path:
    """A catalogue filled with the bundled cards, made once."""
    from deckkit.catalogue import open_catalogue

    path = tmp_path_factory.mktemp("hostile-db") / "catalogue.db"
    open_catalogue(path).conn.close()
    return path


@pytest.fixture
def db(master_db: Path, tmp_path: Path) -> Path:
    """A private copy of the session catalogue (tests may change it)."""
    path = tmp_path / "catalogue.db"
    shutil.copyfile(master_db, path)
    return path


@pytest.fixture
def cli(db: Path) -> Callable:
    """cli(*args, input=None) -> Result: the CLI in this process; an uncaught exception fails the test."""

    def _run(*args: str, input: str | bytes | None = None):
        return CliRunner().invoke(app, ["--db", str(db), *args], input=input, catch_exceptions=False)

    return _run


@pytest.fixture
def proc(db: Path) -> Callable:
    """proc(*args, stdout=PIPE, preexec=None, timeout=30) -> CompletedProcess of ``python -m deckkit``.

    Arguments may be bytes (for invalid UTF-8). stderr is checked for tracebacks by the caller.
    """

    def _run(*args: str | bytes, stdout=subprocess.PIPE, preexec=None, timeout: float = TIMEOUT_S,
             input: bytes | None = None, cwd: str | Path | None = None, env: dict | None = None):
        full_env = dict(os.environ, DECKKIT_DB=str(db), PYTHONIOENCODING="utf-8", **(env or {}))
        return subprocess.run([sys.executable, "-m", "deckkit", *args], stdout=stdout, stderr=subprocess.PIPE,
                              input=input, timeout=timeout, preexec_fn=preexec, cwd=cwd, env=full_env,
                              stdin=None if input is not None else subprocess.DEVNULL)

    return _run
