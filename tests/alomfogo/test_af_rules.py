"""Rules best pinned through the library: new games (AF-501 – AF-506), hand size, glory and VP limits."""

from __future__ import annotations

import random

from deckkit.games.alomfogo import GAME
from deckkit.paths import data_dir

DECK = [c.data for c in GAME.deck_cards(data_dir() / "decks" / "alomfogo-casual.deck")]


def test_af_501_506_new_game():
    """AF-102, AF-201: two players, a deck each; AF-501/502: shuffled, 5 dealt; AF-503: no mulligan; AF-504: the chosen
    player starts; AF-505: 0 VP + 3."""
    state = GAME.new_game([DECK, DECK], random.Random(9), start=1)
    snap = state.snapshot()
    assert snap["active"] == "p2" and snap["turn"] == 1 and snap["phase"] == "phase3"  # AF-513: no draw
    assert [len(snap[p]["hand"]) for p in ("p1", "p2")] == [5, 5]
    assert [len(snap[p]["library"]) for p in ("p1", "p2")] == [30, 30]
    assert (snap["p1"]["vp"], snap["p2"]["vp"]) == (0, 3)
    other = GAME.new_game([DECK, DECK], random.Random(10), start=1).snapshot()
    assert other["p2"]["hand"] != snap["p2"]["hand"] or other["p1"]["hand"] != snap["p1"]["hand"]


def test_af_402_403_draws_come_from_the_top_of_the_own_deck():
    """AF-402, AF-403: the phase 2 draw takes the player's own top card, never the opponent's."""
    state = GAME.from_setup({"start": "p2", "turn": 2,
                             "p1": {"library": ["Athame"]}, "p2": {"library": ["Wugu Wataruru", "Athame"]}},
                            random.Random(0))
    state.apply("draw")
    snap = state.snapshot()
    assert snap["p2"]["hand"] == ["Wugu Wataruru"] and snap["p1"]["library"] == ["Athame"]


def test_af_519_no_maximum_hand_size():
    """AF-519: a hand of 12 stays 12 through the end of the turn; nothing asks for a discard."""
    hand = ["Athame"] * 12
    state = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"hand": hand},
                             "p2": {"library": ["Athame"]}}, random.Random(0))
    state.apply("pass")
    state.apply("pass")
    assert len(state.snapshot()["p1"]["hand"]) == 12 and state.snapshot()["active"] == "p2"


def test_af_604_605_vp_have_no_cap_and_costs_are_paid_exactly():
    """AF-604/AF-Q6: VP pile up without a cap; AF-601, AF-605: a cost is subtracted exactly, never below 0."""
    state = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"vp": 90, "hand": ["Álomrengés"]}},
                            random.Random(0))
    state.apply("play Álomrengés")
    assert state.snapshot()["p1"]["vp"] == 85
    poor = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"vp": 4, "hand": ["Álomrengés"]}}, random.Random(0))
    assert "play Álomrengés" not in [str(a) for a in poor.legal_actions()]
    free = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"vp": 0, "hand": ["Wugu Wataruru"],
                                                                 "table": ["Ébredés Ajtaja"]}}, random.Random(0))
    free.apply("play Wugu Wataruru with Ébredés Ajtaja")  # AF-605: the cost goes to 0, never below
    assert free.snapshot()["p1"]["vp"] == 0


def test_af_614_vp_and_magic_power_are_separate():
    """AF-614: boosting a duelist never touches VP; paying VP never touches magic power."""
    state = GAME.from_setup({"phase": "phase4", "turn": 3,
                             "p1": {"table": ["Wugu Wataruru", "búbos manó"], "vp": 2, "hand": ["hóförgeteg"]},
                             "p2": {"table": ["Vajákos Imre"]}}, random.Random(0))
    for action in ("challenge with Wugu Wataruru", "defend with Vajákos Imre", "helper búbos manó",
                   "assist búbos manó"):
        state.apply(action)
    assert state.snapshot()["p1"]["vp"] == 2 and state.snapshot()["duel"]["attack"] == 8
    state.apply("pass")
    state.apply("cast hóförgeteg")
    assert state.snapshot()["p1"]["vp"] == 1 and state.snapshot()["duel"]["attack"] == 12


def test_af_504_setup_phase_decides_who_starts():
    """AF-504: in the set-up phase nothing has happened; 'start p2' gives p2 the first turn and its rules."""
    state = GAME.from_setup({"phase": "setup", "p1": {"library": ["Athame"]}, "p2": {"hand": ["Wugu Wataruru"]}},
                            random.Random(0))
    assert [str(a) for a in state.legal_actions()] == ["start p1", "start p2"]
    assert state.snapshot()["turn"] == 0 and state.snapshot()["p2"]["vp"] == 0
    state.apply("start p2")
    snap = state.snapshot()
    assert (snap["turn"], snap["active"], snap["phase"], snap["p2"]["vp"]) == (1, "p2", "phase3", 3)
    state.apply("play Wugu Wataruru")
    state.apply("pass")
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # AF-516 applies to p2, who started


def test_af_202_206_new_games_need_the_minimum_deck():
    """AF-202: 35 cards by default; AF-206, AF-903, AF-Q1: 45 with deck_minimum=45; too small decks are refused."""
    import pytest

    from deckkit.errors import DataError
    from deckkit.games.alomfogo import AlomfogoGame

    with pytest.raises(DataError, match="AF-202"):
        GAME.new_game([DECK[:34], DECK], random.Random(0))
    tournament = AlomfogoGame(list(GAME.cards.values()), deck_minimum=45)
    with pytest.raises(DataError, match="minimum 45"):
        tournament.new_game([DECK, DECK], random.Random(0))
    big = DECK + DECK[:10]
    assert not tournament.new_game([big, big], random.Random(0)).is_terminal()
