"""pytest plugin: collects scripted solitaire tests (``*.deckkit.toml``) so a designer's ``pytest`` runs them.

Registered through the ``pytest11`` entry point of the deckkit package. Each script file becomes
one test item; a failure shows the same report as ``deckkit script run`` (diff, state, legal
actions). Pass ``-p no:deckkit`` to switch it off.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SUFFIX = ".deckkit.toml"


class ScriptFailed(Exception):
    """A script's checks failed; carries the readable report."""


def pytest_collect_file(parent: pytest.Collector, file_path: Path):
    """Collect ``*.deckkit.toml`` files as script tests."""
    if file_path.name.endswith(SUFFIX):
        return ScriptFile.from_parent(parent, path=file_path)
    return None


class ScriptFile(pytest.File):
    """A script file: one test item."""

    def collect(self):
        """Yield the single item that runs the whole script."""
        yield ScriptItem.from_parent(self, name=self.path.name[: -len(SUFFIX)])


class ScriptItem(pytest.Item):
    """Runs one script through the engine's script runner."""

    def runtest(self) -> None:
        """Run the script; raise ScriptFailed with the report if any check fails."""
        from deckkit.scripts.runner import format_result, run_file

        result = run_file(self.path)
        if not result.passed:
            raise ScriptFailed(format_result(result))

    def repr_failure(self, excinfo, style=None):  # type: ignore[override]
        """Show the script report instead of a traceback for script failures."""
        if isinstance(excinfo.value, ScriptFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        """Where the test lives, for pytest's headers."""
        return self.path, 0, f"script: {self.name}"
