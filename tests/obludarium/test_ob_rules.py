"""Rule scenarios that need Python rather than a script: openings, who starts, errors, settings."""

from __future__ import annotations

import random

import pytest

from deckkit.engine.core import SetupError
from deckkit.errors import IllegalAction, UsageError
from deckkit.games.obludarium import GAME, ObludariumGame


def starter_deck() -> list[dict]:
    return GAME.starter_deck()


def test_ob_503_opening_hand_of_seven_and_first_draw():
    """OB-503, OB-603, OB-Q7: 7 cards each, the starter draws on turn 1; cards are conserved."""
    deck = starter_deck()
    state = GAME.new_game([deck, deck], random.Random(1))
    assert len(state.hands[0]) == 8 and len(state.hands[1]) == 7
    assert state.card_count() == 2 * len(deck)
    assert state.snapshot()["phase"] == "main"


def test_ob_504_mulligan_puts_hand_to_bottom():
    """OB-504 – OB-506: rejected hands go to the bottom in order; each new hand has one card fewer."""
    deck = starter_deck()
    hands = []

    def keep(hand):
        hands.append([c["name"] for c in hand])
        return len(hands) % 3 == 0  # both players mulligan twice

    state = GAME.new_game([deck, deck], random.Random(2), keep=keep)
    assert [len(h) for h in hands] == [7, 6, 5] * 2  # OB-505: repeatable, one card fewer each time
    bottom = [c.name for c in state.libs[0][:13]][::-1]  # libs store the top at the end
    assert bottom == hands[0] + hands[1]
    assert len(state.hands[0]) == 6  # the kept 5 plus the first draw


@pytest.mark.parametrize("choice,expected", [("p1", 0), ("p2", 1)])
def test_ob_508_who_starts_setting(choice, expected):
    """OB-508, OB-509: the first_player setting chooses the starter."""
    deck = starter_deck()
    state = ObludariumGame(first_player=choice).new_game([deck, deck], random.Random(3))
    assert state.active == expected


def test_ob_510_higher_plays_by_bottom_card():
    """OB-510, OB-511, OB-Q6: the higher bottom card's cost starts; food counts 0; ties are by chance."""
    game = ObludariumGame(first_player="higher")
    setup = {"p1": {"library": ["Chleba", "Chleba", "Permoník"]}, "p2": {"library": ["Chleba", "Hejkal"]}}
    # every seed: the bottom cards' printed costs decide (Permoník 0 < Hejkal 4), not a coin flip
    assert {game.from_setup(setup, random.Random(s)).active for s in range(20)} == {1}
    tie = {"p1": {"library": ["Chleba"]}, "p2": {"library": ["Buřty"]}}
    starters = {game.from_setup(tie, random.Random(s)).active for s in range(20)}
    assert starters == {0, 1}


def test_ob_chance_start_is_seeded():
    """OB-508 'by chance': the same seed gives the same starter."""
    deck = starter_deck()
    game = ObludariumGame(first_player="chance")
    picks = [game.new_game([deck, deck], random.Random(s)).active for s in range(30)]
    assert picks == [game.new_game([deck, deck], random.Random(s)).active for s in range(30)]
    assert set(picks) == {0, 1}


def test_ob_illegal_action_leaves_state_unchanged():
    """An illegal action raises IllegalAction with the rule and the legal list, changing nothing."""
    setup = {"phase": "main", "p1": {"library": ["Chleba"] * 3, "hand": ["Hejkal", "Chleba"],
                                     "table": ["Buřty"]}, "p2": {"library": ["Chleba"] * 3}}
    state = GAME.from_setup(setup, random.Random(0))
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply("play Hejkal")
    assert err.value.rule == "OB-701" and "play Chleba" in err.value.legal
    assert state.snapshot() == before
    with pytest.raises(IllegalAction, match="unknown action kind"):
        state.apply("summon Hejkal")
    assert state.snapshot() == before


def test_ob_actions_match_without_diacritics():
    """Action strings match case- and diacritics-insensitively; the canonical form keeps them."""
    setup = {"phase": "main", "p1": {"library": ["Chleba"] * 3, "hand": ["Buřty"]}, "p2": {"library": ["Chleba"]}}
    state = GAME.from_setup(setup, random.Random(0))
    assert str(state.apply("PLAY burty")) == "play Buřty"


def test_ob_setup_errors_name_the_field_and_suggest():
    """Unknown cards, states and keys in a setup are SetupErrors naming the field, with a hint."""
    with pytest.raises(SetupError) as err:
        GAME.from_setup({"p1": {"hand": ["Glumm"]}}, random.Random(0))
    assert err.value.field == "setup.p1.hand[0]" and "Glum" in err.value.hint
    with pytest.raises(SetupError) as err:
        GAME.from_setup({"p1": {"table": ["Glum (sleepy)"]}}, random.Random(0))
    assert "sleepy" in err.value.message and "tapped" in err.value.hint
    with pytest.raises(SetupError) as err:
        GAME.from_setup({"p1": {"libary": []}}, random.Random(0))
    assert "library" in err.value.hint
    with pytest.raises(SetupError) as err:
        GAME.from_setup({"p1": {"deck": ["Glum", "Chleba"], "library": ["Glum", "Glum"]}}, random.Random(0))
    assert err.value.field == "setup.p1.library[1]"


def test_ob_settings_are_checked():
    """Unknown settings or values are usage errors listing what exists."""
    with pytest.raises(UsageError, match="unknown setting"):
        ObludariumGame(startinglife=15)
    with pytest.raises(UsageError):
        ObludariumGame(empty_deck="never")
    assert ObludariumGame(starting_life="15").settings["starting_life"] == 15


def test_ob_q2_two_players_only():
    """OB-101, OB-Q2: a game has exactly two players."""
    setup = {"p1": {"library": ["Chleba"]}, "p2": {"library": ["Chleba"]}}
    assert GAME.from_setup(setup, random.Random(0)).num_players() == 2


def test_ob_109_q1_a_set_up_with_an_empty_deck_is_refused():
    """OB-109, OB-Q1 reading A: a player whose deck has 0 cards has lost; the set-up is refused, citing OB-109."""
    with pytest.raises(SetupError) as err:
        GAME.from_setup({"p1": {"library": ["Chleba"]}}, random.Random(0))
    assert err.value.rule == "OB-109" and err.value.field == "setup.p2.library"
    assert "dummy" in err.value.hint and "empty_deck" in err.value.hint
    # a dummy (the goldfish opponent) never draws, and reading B loses only at the next draw
    assert GAME.from_setup({"p1": {"library": ["Chleba"]}, "p2": {"dummy": True}}, random.Random(0))
    draw = ObludariumGame(empty_deck="draw").from_setup({"phase": "main"}, random.Random(0))
    assert draw.result is None


def test_ob_setting_value_errors_say_what_to_write():
    """A setting of the wrong kind says what kind it takes and gives an example (OB-104 – OB-106)."""
    with pytest.raises(UsageError) as err:
        ObludariumGame(starting_life="many")
    assert "is not a whole number" in err.value.message and "starting_life = 20" in err.value.hint
    with pytest.raises(UsageError) as err:
        ObludariumGame(first_turn_draw="maybe")
    assert "is not true or false" in err.value.message and "first_turn_draw = true" in err.value.hint
