"""pytest plugin: collects scripted solitaire tests (``*.deckkit.toml``) so a designer's ``pytest`` runs them.

Registered through the ``pytest11`` entry point of the deckkit package. Each script file becomes
one test item; a failure shows the same report as ``deckkit script run`` (diff, state, legal
actions). Pass ``-p no:deckkit`` to switch it off.

Cards come from the catalogue as for every deckkit command: ``--deckkit-db PATH`` on the command
line, else the ``deckkit_db`` ini setting (relative to the ini file, so a project names its own
catalogue), else ``$DECKKIT_DB``, else the default place. Example ``pytest.ini``::

    [pytest]
    deckkit_db = cards/catalogue.db
"""

from __future__ import annotations

from pathlib import Path

import pytest

SUFFIX = ".deckkit.toml"


class ScriptFailed(Exception):
    """A script's checks failed; carries the readable report."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--deckkit-db`` and the ``deckkit_db`` ini setting: the catalogue the scripts' cards come from."""
    group = parser.getgroup("deckkit", "deckkit scripted solitaire tests")
    group.addoption("--deckkit-db", dest="deckkit_db", metavar="PATH", default=None,
                    help="catalogue the *.deckkit.toml scripts take their cards from "
                         "(default: the deckkit_db ini setting, else $DECKKIT_DB, else the default place)")
    parser.addini("deckkit_db", "catalogue the *.deckkit.toml scripts take their cards from (relative to the ini "
                                "file)", default="")


def catalogue_path(config: pytest.Config) -> Path | None:
    """The catalogue the scripts use: --deckkit-db, else the ini's deckkit_db, else None (the default place)."""
    given = config.getoption("deckkit_db", None)
    if given:
        return Path(given)
    ini = config.getini("deckkit_db")
    if ini:
        base = config.inipath.parent if config.inipath else config.rootpath
        return base / ini
    return None


def _card_source(config: pytest.Config):
    """One card source per test session: each game's cards are read once for all the scripts."""
    from deckkit.scripts.cards import CardSource

    source = getattr(config, "_deckkit_cards", None)
    if source is None:
        source = CardSource(catalogue_path(config))
        config._deckkit_cards = source  # type: ignore[attr-defined]
    return source


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

        result = run_file(self.path, cards=_card_source(self.config))
        if not result.passed:
            raise ScriptFailed(format_result(result))

    def repr_failure(self, excinfo, style=None):
        """Show the script report instead of a traceback for script failures."""
        if isinstance(excinfo.value, ScriptFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        """Where the test lives, for pytest's headers."""
        return self.path, 0, f"script: {self.name}"
