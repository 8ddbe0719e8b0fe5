"""`deckkit games --actions` prints plain text: no Sphinx cross-references or code marks."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.games.describe import plain


def test_plain_shows_cross_references_as_their_names():
    text = ("see :mod:`deckkit.x.language`, :class:`~deckkit.x.state.ObState`, :func:`the rules <deckkit.x.rules>`, "
            ":py:meth:`!State.apply`, ``play NAME`` and `pass`; **bold**")
    assert plain(text) == ("see deckkit.x.language, ObState, the rules, State.apply, 'play NAME' and pass; bold")


def test_games_actions_carry_no_sphinx_markup():
    out = CliRunner().invoke(app, ["games", "--actions"], catch_exceptions=False).output
    assert not re.search(r":[a-z]+:`", out), re.search(r".{40}:[a-z]+:`.{40}", out)
    assert "`" not in out
