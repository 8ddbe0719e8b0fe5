"""The game registry: one spec per game, names and aliases, loading, errors, and the generated card schema."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest

from deckkit.engine import registry
from deckkit.errors import DataError, UsageError
from deckkit.paths import schemas_dir


def test_registry_lists_the_builtin_games_in_order_with_aliases():
    games = registry.registered_games()
    assert [g.alias for g in games][:3] == ["ob", "af", "ko"]
    for game in games:
        assert registry.resolve(game.alias) == game.name
        assert registry.resolve(game.name.upper()) == game.name


def test_registry_unknown_game_is_a_usage_error_listing_the_games():
    with pytest.raises(UsageError) as info:
        registry.resolve("monopoly")
    assert all(f"{g.name} ({g.alias})" in info.value.hint for g in registry.registered_games())


def test_registry_load_game_takes_cards_and_settings():
    game = registry.load_game("af", starting_glory=20)
    assert game.settings["starting_glory"] == 20 and game.cards
    one = next(iter(game.cards.values()))
    assert list(registry.load_game("af", [one, one]).cards) == [one["id"]]
    with pytest.raises(UsageError, match="unknown setting"):
        registry.load_game("ko", nonsense=1)


def test_registry_a_broken_game_package_is_an_error_not_a_silent_skip():
    base = registry.spec("ob")
    broken = replace(base, name="broken", title="Broken", aliases=("br",), game_class="deckkit.games.nosuch:Game")
    registry.register(broken)
    try:
        with pytest.raises(DataError, match="cannot be imported"):
            registry.load_game("broken")
        missing = replace(broken, game_class="deckkit.games.obludarium.game:NoSuchGame")
        registry.register(missing, replace=True)
        with pytest.raises(DataError, match="has no 'NoSuchGame'"):
            registry.load_game("br")
    finally:
        registry.unregister("broken")
    with pytest.raises(UsageError):
        registry.resolve("br")


def test_registry_refuses_a_second_game_of_the_same_name_or_alias():
    base = registry.spec("ob")
    with pytest.raises(ValueError, match="registered twice"):
        registry.register(replace(base, title="Another"))
    with pytest.raises(ValueError, match="already names"):
        registry.register(replace(base, name="other", aliases=("af",)))
    assert registry.resolve("af") == registry.registered_games()[1].name


def test_registry_shipped_card_schema_is_the_generated_one():
    """schemas/card.schema.json (for editors) equals the schema built from the registered games."""
    from deckkit.schemas import card_schema

    shipped = json.loads((schemas_dir() / "card.schema.json").read_text(encoding="utf-8"))
    assert card_schema() == shipped


def test_registry_listing_games_imports_no_rules_engine():
    code = ("import sys; from deckkit.engine.registry import registered_games, resolve; "
            "games = registered_games(); resolve('af'); "
            "loaded = [m for m in sys.modules if m.startswith('deckkit.games.') and m.rsplit('.', 1)[1] in "
            "('game', 'state', 'effects', 'policies', 'goldfish', 'cards', 'setup')]; print(len(games), loaded)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "3 []"
