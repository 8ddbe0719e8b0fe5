"""`deckkit games --abilities`: each game's ability-language words, from the registered vocabulary."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.engine.abilities import has_vocabulary, vocabulary
from deckkit.engine.effects import effects_of
from deckkit.engine.registry import registered_games


def test_the_words_of_every_game_with_a_language_are_listed():
    result = CliRunner().invoke(app, ["games", "--abilities", "-o", "json"], catch_exceptions=False)
    assert result.exit_code == 0
    listed = {g["name"]: g.get("abilities") for g in json.loads(result.output)}
    with_language = [g.name for g in registered_games() if g.load_effects() is not None and has_vocabulary(g.name)]
    assert with_language, "no game writes the ability language"
    for name in with_language:
        words = listed[name]
        vocab = vocabulary(name)
        assert list(words["triggers"]) == list(vocab.events)
        assert sorted(words["effects"]) == sorted(effects_of(name))
        assert list(words["costs"]) == list(vocab.costs) and list(words["continuous"]) == list(vocab.statics)
        assert all(e["description"] for e in words["effects"].values())
    table = CliRunner().invoke(app, ["games", "--abilities"], catch_exceptions=False).output
    assert table.count("ability language") == len(with_language) and "  triggers (trigger: " in table
