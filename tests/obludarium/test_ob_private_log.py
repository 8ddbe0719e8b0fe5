"""The log lines of Obludárium that name a card only one player has seen are told to that player alone
(State.tell): a draw, a card an effect takes from the deck into the hand or puts from the hand into the deck, a
searched card, a card chosen from a deck or a hand. A reader of the whole game (goldfish, script run) reads them
whole; the other seat reads that a card went, not which."""

from __future__ import annotations

import random

from test_ob_decisions import MONSTER, card, game_with, options, position

from deckkit.engine.gamelog import Private, seen_by

TUTOR = card("Stopař", [{"trigger": "enters", "do": [
    {"effect": "move", "target": {"side": "own", "zone": "deck", "filter": MONSTER}, "to": "hand"}]}])
TUCK = card("Výměník", [{"trigger": "enters", "do": [
    {"effect": "move", "target": {"side": "own", "zone": "hand"}, "to": "deck", "position": "bottom",
     "optional": True}]}])


def _lines(state) -> list[str]:
    lines = list(state.log)
    state.log.clear()
    return lines


def test_a_card_moved_from_the_deck_to_the_hand_and_the_choice_of_it_are_p1s_alone():
    state = position(game_with(TUTOR), {"hand": ["Stopař"], "table": ["Chleba"],
                                        "library": ["Glum", "Chleba", "Bahňák", "Chleba"]}, {})
    state.log.clear()
    state.apply("play Stopař")
    assert options(state) == ["choose Glum", "choose Bahňák"]
    state.apply("choose Bahňák")
    lines = _lines(state)
    whole = [seen_by(line, 0) for line in lines]
    other = [seen_by(line, 1) for line in lines]
    assert "p1 chooses Bahňák" in whole and "Bahňák goes from p1's deck to the hand" in whole
    assert "p1 chooses a card" in other and "a card goes from p1's deck to the hand" in other
    assert not any("Bahňák" in line for line in other)
    assert [str(line) for line in lines] == whole  # the whole game's log reads as before


def test_a_card_put_from_the_hand_into_the_deck_is_not_named_to_the_other_seat():
    state = position(game_with(TUCK), {"hand": ["Výměník", "Glum", "Bahňák"], "table": ["Chleba"]}, {})
    state.log.clear()
    state.apply("play Výměník")
    state.apply("choose Bahňák")
    other = [seen_by(line, 1) for line in _lines(state)]
    assert "a card goes into p1's deck at the bottom" in other and not any("Bahňák" in line for line in other)


def test_a_public_choice_and_a_public_move_stay_public():
    """A card chosen in play, a card moved from play: both seats read the same words."""
    state = position(game_with(TUCK), {"hand": ["Výměník", "Glum"], "table": ["Chleba"]}, {})
    state.log.clear()
    state.apply("play Výměník")
    state.apply("choose nothing")
    assert not [line for line in _lines(state) if isinstance(line, Private)]


def test_draws_are_the_drawers_and_nothing_is_written_while_the_log_is_off():
    state = position(game_with(), {"table": ["Chleba"], "library": ["Glum"] * 3}, {"library": ["Bahňák"] * 3})
    state.log.clear()
    state.apply("pass")
    state.apply("pass")
    drawn = [line for line in _lines(state) if "draws" in line]
    assert drawn == ["p2 draws Bahňák"] and seen_by(drawn[0], 0) == "p2 draws a card"
    quiet = position(game_with(), {"table": ["Chleba"], "library": ["Glum"] * 3}, {"library": ["Bahňák"] * 3})
    quiet.logging = False
    quiet.log.clear()
    quiet.tell(0, "p1 draws Glum", "p1 draws a card")
    quiet.apply("pass")
    quiet.apply("pass")
    assert quiet.log == []


def test_a_goldfish_trace_names_every_card_drawn():
    """One seat sees all in a goldfish game: its trace is the whole log, the drawn cards named."""
    game = game_with()
    from deckkit.games.obludarium.cards import bundled_cards

    deck = [c for c in bundled_cards() if c["type"] == "food"][:1] * 30
    trace: list[str] = []
    game.play_goldfish(deck, random.Random(1), trace=trace, max_turns=3)
    assert any(line == f"p1 draws {deck[0]['name']}" for line in trace)


def _play(humans: set[int]):
    """A game screen of p2 to play Stopař from a hand, its deck holding Glum and Bahňák (monsters)."""
    from types import SimpleNamespace

    from deckkit.games.obludarium.cards import bundled_cards
    from deckkit.match.ai import pilot_spec
    from deckkit.match.session import Session
    from deckkit.screen.model import Play

    cards = [c for c in bundled_cards() if c["name"] in ("Chleba", "Glum", "Bahňák")] * 10 + [TUTOR]
    deck = SimpleNamespace(label="t.deck", cards=cards)
    session = Session("obludarium", [deck, deck], humans, pilot_spec("greedy", 200, "obludarium"), 0)
    session.state = session.game.from_setup({"start": "p2", "phase": "main", "p1": {"library": ["Chleba"] * 5}, "p2": {
        "hand": ["Stopař"], "table": ["Chleba"], "library": ["Glum", "Chleba", "Bahňák", "Chleba"]}}, random.Random(7))
    return Play(session)


def test_the_game_screen_names_no_card_the_other_seat_searched_for_nor_its_choice():
    """p2 summons a monster that takes a monster of its choice from its deck into its hand: p1's screen says
    that p2 chose a card and that a card went to p2's hand, never which (in the log nor in p2's action)."""
    play = _play({0})  # p1's screen; p2's actions are taken here as the other seat's
    play.choose("play Stopař")
    play.choose("choose Bahňák")
    texts = [e.text for e in play.entries]
    assert "p2: Choose: a card" in texts and "p2 chooses a card" in texts
    assert "a card goes from p2's deck to the hand" in texts
    assert not [t for t in texts if "Bahňák" in t] and any("Stopař" in t for t in texts)


def test_in_a_hot_seat_the_log_is_written_again_for_the_person_who_decides():
    """Two people at one screen: p2 reads its search whole; once p1 decides, the same lines read "a card"."""
    play = _play({0, 1})
    play.choose("play Stopař")
    play.choose("choose Bahňák")
    assert play.viewer == 1 and "Bahňák goes from p2's deck to the hand" in [e.text for e in play.entries]
    while play.session.to_act() != 0:
        play.choose("pass")
    assert play.viewer == 0 and play.log_rewritten == 1
    texts = [e.text for e in play.entries]
    assert "a card goes from p2's deck to the hand" in texts and "p2: Choose: a card" in texts
    assert not [t for t in texts if "Bahňák" in t]
