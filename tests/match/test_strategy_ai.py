"""Strategy files as match pilots: either seat, on the seat's view only, and refused when they do not fit."""

from __future__ import annotations

import random

import pytest

from deckkit.engine.registry import load_game, registered_games
from deckkit.errors import UsageError
from deckkit.match.ai import PilotSpec, make_ai, pilot_spec, seat_first
from deckkit.match.game import play_game
from deckkit.paths import data_dir
from deckkit.sim.strategy import load_strategy

from match_helpers import bundled_deck, positions

STRATEGIES = {p.name.split("-")[0]: p for p in (data_dir() / "strategies").glob("*-greedy.toml")}
WITH_STRATEGY = [s for s in registered_games() if s.name in STRATEGIES]


def _strategy_ai(spec, game):
    return make_ai(PilotSpec("strategy", strategy=load_strategy(STRATEGIES[spec.name])), spec.hook("match"), game)


def test_seat_first_names_the_deciding_seat_p1_in_keys_and_values():
    view = {"active": "p2", "p1": {"life": 3, "who": ["p1", "x"]}, "p2": {"life": 9}, "viewer": 1}
    assert seat_first(view, 1) == {"active": "p1", "p2": {"life": 3, "who": ["p2", "x"]}, "p1": {"life": 9},
                                   "viewer": 1}
    assert seat_first(view, 0) is view


@pytest.mark.parametrize("spec", WITH_STRATEGY, ids=lambda s: s.name)
def test_a_strategy_decision_depends_only_on_the_view(spec):
    """Equal views, different hidden cards: the strategy pilot decides alike (it plays a determinisation)."""
    differ = 0
    for game, support, state in positions(spec, seeds=range(3)):
        player = state.current_player()
        other = support.determinise(state, player, random.Random(42))
        differ += other.snapshot() != state.snapshot()
        pilot = _strategy_ai(spec, game)
        mine, _ = pilot.decide(state, random.Random(7))
        theirs, _ = pilot.decide(other, random.Random(7))
        assert mine == theirs
        assert mine in state.legal_actions()
    assert differ


@pytest.mark.parametrize("spec", WITH_STRATEGY, ids=lambda s: s.name)
def test_a_strategy_pilots_the_second_seat_as_well_as_the_first(spec):
    """The bundled strategies are written for p1 (``value(active) = "p1"``); in seat p2 the pilot reads
    its own seat as p1, so it beats the random AI from either seat."""
    game = load_game(spec.name)
    support = spec.hook("match")
    deck = bundled_deck(game)
    ais = [_strategy_ai(spec, game), make_ai(PilotSpec("random"), support)]
    wins = {1: 0, 2: 0}
    for index in range(12):
        record = play_game(game, support, [deck, deck], ais, seed=3, index=index)
        wins[record["a_seat"]] += record["winner"] == "a"
    assert wins[1] >= 4 and wins[2] >= 4, wins  # 6 games in each seat


def test_strategy_pilot_specs_are_checked():
    ob = next(iter(STRATEGIES))
    other = next((g for g in STRATEGIES if g != ob), None)
    spec = pilot_spec(f"strategy:{ob}-greedy", 50, ob)
    assert spec.ai == "strategy" and str(spec).startswith("strategy:")
    with pytest.raises(UsageError, match="no such strategy file"):
        pilot_spec("strategy:nowhere.toml", 50, ob, "--ai-a")
    with pytest.raises(UsageError, match="no strategy file after"):
        pilot_spec("strategy:", 50, ob)
    if other is not None:
        with pytest.raises(UsageError, match=f"plays {other}"):
            pilot_spec(f"strategy:{other}-greedy", 50, ob, "--ai-b")
    with pytest.raises(UsageError, match="unknown AI") as refused:
        pilot_spec("stratgy", 50, ob)
    assert "strategy:FILE" in (refused.value.hint or "")
