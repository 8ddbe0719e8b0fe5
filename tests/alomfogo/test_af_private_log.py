"""The log lines of Álomfogó that name a card only one player has seen are told to that player alone
(State.tell): a draw, the hand kept at the end of phase 3, a card an effect takes from the deck into the hand or
puts from the hand into the deck, a card played on a card of a deck, the order of the top cards (AF-D13), and
"pN chooses X" when X is a card of a hand or a deck. A reader of the whole game reads them whole."""

from __future__ import annotations

import random

from test_af_decisions import DESIGNER, SEER, _card

from deckkit.catalogue import bundled_cards
from deckkit.engine.gamelog import Private, seen_by
from deckkit.games.alomfogo import AlomfogoGame

TUTOR = _card("Kereső", "general-spell", [{"do": [{"effect": "to-hand", "target": {
    "side": "own", "zone": "deck", "filter": {"type": "dreamwalker"}}}]}])
PEEK = _card("Kukucs", "general-spell", [{"do": [{"effect": "deck-top", "to": "hand", "amount": 1}]}])
GAME = AlomfogoGame([*bundled_cards("alomfogo"), *DESIGNER, SEER, TUTOR, PEEK])


def _state(setup: dict):
    state = GAME.from_setup({"start": "p1", "turn": 3, **setup}, random.Random(1))
    state.log.clear()
    return state


def _read(state) -> tuple[list[str], list[str]]:
    """The new log lines as p1 and as p2 read them (and the whole log is what p1 reads: p1 did it all)."""
    lines = list(state.log)
    state.log.clear()
    assert [str(line) for line in lines] == [seen_by(line, 0) for line in lines]
    return [seen_by(line, 0) for line in lines], [seen_by(line, 1) for line in lines]


def test_the_order_of_the_top_cards_is_the_players_alone():
    state = _state({"phase": "phase2", "p1": {"table": ["Látó"], "library": ["Athame", "Varázskút", "lángdárda"]},
                    "p2": {"library": ["Athame"]}})
    state.apply("draw")
    state.apply("choose lángdárda, Varázskút")
    mine, theirs = _read(state)
    assert "p1 draws Athame" in mine and "p1 chooses lángdárda, Varázskút for Látó" in mine
    assert theirs == ["p1 draws a card", "Látó (p1) triggers on phase-3", "p1 chooses an order for Látó",
                      "p1 puts back the top 2 cards in an order of their choice"]


def test_cards_from_the_deck_into_the_hand_are_not_named_to_the_other_seat():
    state = _state({"phase": "phase3", "p1": {"hand": ["Kereső", "Kukucs"], "vp": 5,
                                              "library": ["Athame", "Garabonc Döme", "Botlik Zsófi"]},
                    "p2": {"library": ["Athame"]}})
    state.apply("play Kereső on Botlik Zsófi")
    state.apply("play Kukucs")
    mine, theirs = _read(state)
    assert "Botlik Zsófi (p1) goes to the hand" in mine and "Athame, the top card of p1's deck, goes to the hand" in mine
    assert theirs == ["p1 plays Kereső for 1 VP (4 left) on a card", "a card from p1's deck goes to the hand",
                      "p1 plays Kukucs for 1 VP (3 left)", "the top card of p1's deck goes to the hand"]


def test_a_card_chosen_from_the_hand_for_the_deck_and_the_hand_kept_are_p1s_alone():
    """Ködkapu: at the end of the turn a card of the hand of p1's choice goes to the bottom of the deck."""
    state = _state({"phase": "phase3", "p1": {"table": ["Ködkapu"], "hand": ["Athame", "Varázskút"], "vp": 0,
                                              "library": ["Athame", "Garabonc Döme"]},
                    "p2": {"library": ["Athame"] * 3}})
    state.apply("pass")
    state.apply("pass")
    state.apply("choose Varázskút")
    mine, theirs = _read(state)
    assert "p1 ends phase 3 with 0 VP, keeping Athame, Varázskút" in mine and "p1 chooses Varázskút for Ködkapu" in mine
    assert "p1 ends phase 3 with 0 VP, keeping 2 cards" in theirs
    assert "p1 chooses a card for Ködkapu" in theirs
    assert "a card from p1's hand goes on the bottom of the deck" in theirs
    assert not any("Varázskút" in line for line in theirs)


def test_a_choice_of_a_card_in_play_is_read_alike_by_both_seats():
    state = _state({"phase": "phase3", "p1": {"hand": ["Virrasztó"], "vp": 2},
                    "p2": {"table": ["Garabonc Döme", "Botlik Zsófi"]}})
    state.apply("play Virrasztó")
    state.apply("choose Garabonc Döme")
    lines = list(state.log)
    assert "p1 chooses Garabonc Döme for Virrasztó" in lines
    assert not [line for line in lines if isinstance(line, Private)]


def test_the_game_screen_names_no_card_of_the_other_deck_a_spell_took():
    """p2 plays a spell on a dreamwalker of its deck: p1's screen names the spell, not the card, in p2's action
    and in the log."""
    from types import SimpleNamespace

    from deckkit.match.ai import pilot_spec
    from deckkit.match.session import Session
    from deckkit.screen.model import Play

    names = ("Athame", "Garabonc Döme", "Botlik Zsófi")
    cards = [c for c in bundled_cards("alomfogo") if c["name"] in names] * 15 + [TUTOR]
    deck = SimpleNamespace(label="t.deck", cards=cards)
    session = Session("alomfogo", [deck, deck], {0}, pilot_spec("greedy", 200, "alomfogo"), 0)
    session.state = session.game.from_setup({"start": "p2", "turn": 3, "phase": "phase3", "p1": {"library": ["Athame"]},
                                             "p2": {"hand": ["Kereső"], "vp": 5, "library": list(names)}},
                                            random.Random(1))
    play = Play(session)  # p1's screen; p2's action is taken here as the other seat's
    play.choose("play Kereső on Botlik Zsófi")
    texts = [e.text for e in play.entries]
    assert not [t for t in texts if "Botlik Zsófi" in t], texts
    assert any(t.startswith("p2: ") and "Kereső" in t and "a card" in t for t in texts), texts
    assert "a card from p2's deck goes to the hand" in texts
