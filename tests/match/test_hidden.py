"""Hidden information over every registered game: views, determinisations, and AIs that read only the view."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deckkit.engine.registry import registered_games
from deckkit.match.ai import PilotSpec, make_ai

from match_helpers import positions

GAMES = [g for g in registered_games()]


def _cards(snapshot_like) -> Counter:
    """Every card name anywhere in a snapshot (zones are lists of names), counted."""
    found: Counter = Counter()

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            found[x.split(" (")[0].split("#")[0]] += 1

    walk(snapshot_like)
    return found


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_every_game_has_match_hooks(spec):
    assert spec.hook("match") is not None, f"{spec.name} gives no views or determinisations for matches"


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_determinisation_agrees_with_the_view_and_conserves_cards(spec):
    changed = 0
    for _, support, state in positions(spec):
        for player in range(state.num_players()):
            world = support.determinise(state, player, random.Random(5))
            assert support.view(world, player) == support.view(state, player)
            assert world.card_count() == state.card_count()
            assert _cards(world.snapshot()) == _cards(state.snapshot())
            changed += world.snapshot() != state.snapshot()
            assert state.legal_actions() == state.legal_actions()  # the original is untouched
    assert changed, "no determinisation dealt a hidden card differently: the test would prove nothing"


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_determinisation_depends_only_on_the_view(spec):
    """Two states with one view (the second a re-deal of the first) give the same determinisation."""
    for _, support, state in positions(spec, seeds=range(2)):
        player = state.current_player()
        other = support.determinise(state, player, random.Random(99))
        a = support.determinise(state, player, random.Random(3))
        b = support.determinise(other, player, random.Random(3))
        assert a.snapshot() == b.snapshot()


@pytest.mark.parametrize("ai", ["random", "greedy", "mcts", "expert"])
@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_a_decision_depends_only_on_the_view(spec, ai):
    """Equal views, different hidden cards: a seeded AI makes the same decision in both."""
    differ = 0
    for _, support, state in positions(spec, seeds=range(3)):
        player = state.current_player()
        other = support.determinise(state, player, random.Random(42))
        other.logging = True
        differ += other.snapshot() != state.snapshot()
        pilot = make_ai(PilotSpec(ai, 12), support)
        mine, _ = pilot.decide(state, random.Random(7))
        theirs, _ = pilot.decide(other, random.Random(7))
        assert mine == theirs, f"{ai} decided {mine} on one state and {theirs} on the other"
    assert differ


def test_kotlik_visible_memory_hides_what_lies_under_the_cauldron_tops():
    """KO-503, KO-Q5: with memory = visible only each cauldron's top card is in the view; a
    determinisation deals the cards beneath again, and the search decides on the view alone."""
    spec = next(g for g in GAMES if g.name == "kotlik")
    seen = 0
    for _, support, state in positions(spec, memory="visible"):
        player = state.current_player()
        view = support.view(state, player)
        assert isinstance(view["p1"]["cauldron"], int) and "score" not in view["p1"]
        world = support.determinise(state, player, random.Random(1))
        assert support.view(world, player) == view
        seen += world.cauldron != state.cauldron
        pilot = make_ai(PilotSpec("mcts", 10), support)
        assert pilot.decide(state, random.Random(2))[0] == pilot.decide(world, random.Random(2))[0]
    assert seen
