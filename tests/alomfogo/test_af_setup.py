"""Game.from_setup for Álomfogó: bad setups fail with the field and a hint; decks deal 5 cards (AF-502)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckkit.engine.core import SetupError
from deckkit.errors import DeckkitError
from deckkit.games.alomfogo import GAME, AlomfogoGame
from deckkit.paths import data_dir


@pytest.mark.parametrize("setup, field, words", [
    ({"p1": {"hand": ["Éjlépő Kajtar", "Nincs ilyen"]}}, "p1.hand[1]", "unknown card"),
    ({"p1": {"table": ["búbos manó (sleepy)"]}}, "p1.table[0]", "sleepy"),
    ({"p1": {"glory": -1}}, "p1.glory", "whole number"),
    ({"p1": {"life": 20}}, "p1", "life"),
    ({"phase": "main"}, "phase", "main"),
    ({"start": "p7"}, "start", "p7"),
    ({"p2": {"add_to_hand": [{"turn": "three", "cards": []}]}}, "p2.add_to_hand", "turn"),
    ({"p2": {"add_to_hand": [{"turn": 0, "cards": []}]}}, "p2.add_to_hand", "turn"),
    ({"p2": {"add_to_hand": [{"turn": True, "cards": []}]}}, "p2.add_to_hand", "turn"),
    ({"p2": {"add_to_hand": [{"turn": 3, "cards": ["Athame", "Nincs"]}]}}, "p2.add_to_hand[0].cards[1]",
     "unknown card"),
    ({"p2": {"add_to_hand": [{"turn": 3, "cards": "Athame"}]}}, "p2.add_to_hand[0].cards", "list of card names"),
])
def test_af_bad_setup_names_the_field(setup, field, words):
    """Each broken setup raises SetupError naming the dotted field."""
    with pytest.raises(SetupError) as info:
        GAME.from_setup(setup, random.Random(0))
    assert info.value.field == field
    assert words in info.value.message and info.value.hint


def test_af_unknown_card_suggests_names():
    """A misspelt card name gets a suggestion."""
    with pytest.raises(SetupError) as info:
        GAME.from_setup({"p1": {"hand": ["Ejlepo Kajtr"]}}, random.Random(0))
    assert "Éjlépő Kajtár" in info.value.hint


def test_af_502_deck_deals_five():
    """AF-501/502: a deck is shuffled with the seed and 5 cards are dealt; same seed, same hand."""
    deck = str(data_dir() / "decks" / "alomfogo-casual.deck")
    a = GAME.from_setup({"p1": {"deck": deck}, "p2": {"deck": deck}}, random.Random(4)).snapshot()
    b = GAME.from_setup({"p1": {"deck": deck}, "p2": {"deck": deck}}, random.Random(4)).snapshot()
    assert a == b
    assert len(a["p1"]["hand"]) == 5 and len(a["p1"]["library"]) == 30  # AF-513: no first draw
    assert len(a["p2"]["hand"]) == 5


def test_af_settings_are_checked():
    """Settings take only the variants the rules name (AF-902, AF-Q1, AF-Q10)."""
    from deckkit.errors import UsageError

    assert AlomfogoGame(starting_glory="20").settings["starting_glory"] == 20
    with pytest.raises(UsageError):
        AlomfogoGame(starting_glory=12)
    with pytest.raises(UsageError):
        AlomfogoGame(turn_direction="up")
    with pytest.raises(UsageError):
        AlomfogoGame(deck_minimum=40)


_names = st.sampled_from(["Athame", "Wugu Wataruru", "búbos manó (damaged)", "Nincs", "Csendharang (resting)", ""])
_values = st.one_of(st.integers(-3, 30), st.text(max_size=8), st.lists(_names, max_size=4), st.none(),
                    st.lists(st.dictionaries(st.sampled_from(["turn", "cards"]), st.integers(0, 4), max_size=2),
                             max_size=2))
_player = st.dictionaries(st.sampled_from(["hand", "library", "table", "cage", "glory", "vp", "add_to_hand",
                                           "life"]), _values, max_size=4)
_setup = st.fixed_dictionaries({}, optional={"p1": _player, "p2": _player, "phase": _values, "turn": _values,
                                             "start": st.sampled_from(["p1", "p2", "p3", 1])})


@settings(max_examples=200, deadline=None)
@given(_setup)
def test_af_generated_setups_set_up_or_fail_cleanly(setup):
    """Any setup dict either gives a playable state or raises a DeckkitError (no crash)."""
    try:
        state = GAME.from_setup(setup, random.Random(0))
    except DeckkitError as err:
        assert err.message
        return
    assert state.is_terminal() or state.legal_actions()
