"""A misspelt action can never be legal: scripts refuse it instead of passing vacuously (all games)."""

from __future__ import annotations

import random

import pytest

from deckkit.games.alomfogo import GAME as AF
from deckkit.games.kotlik import GAME as KO
from deckkit.games.obludarium import GAME as OB


def _af():
    return AF.from_setup({"p1": {"library": ["Athame"] * 5}, "p2": {"library": ["Athame"] * 5}}, random.Random(1))


def _ko():
    return KO.from_setup({}, random.Random(1))


@pytest.mark.parametrize(
    "make,text,expected",
    [
        (_af, "plya Athame", "did you mean 'play'"),
        (_af, "play Athme", "no Álomfogó card is called 'Athme'; did you mean Athame?"),
        (_af, "pass now", "'pass' takes no card after it"),
        (_ko, "take Mandragra 1", "no Čarodějnický kotlík card is called 'Mandragra 1'; did you mean Mandragora 1?"),
        (_ko, "explod", "did you mean 'explode'"),
    ],
)
def test_malformed_actions_are_named(make, text, expected):
    problem = make().malformed(text)
    assert problem is not None and expected in problem


@pytest.mark.parametrize(
    "make,text",
    [
        (_af, "play Athame"), (_af, "Play athame"), (_af, "challenge with Wugu Wataruru"),
        (_af, "play Szélvész on p3"), (_af, "start p1"), (_af, "no defence"),
        (_ko, "take Mandragora 1"), (_ko, "take nothing"), (_ko, "no extra turn"), (_ko, "move clockwise"),
    ],
)
def test_well_formed_actions_pass_the_check(make, text):
    assert make().malformed(text) is None


def test_every_legal_action_of_random_games_is_well_formed():
    """The declared action kinds cover everything the games generate (AF and KO)."""
    for game in (AF, KO):
        rng = random.Random(3)
        if game is AF:
            cards = [c for c in AF.cards.values()][:35]
            state = AF.new_game([cards, cards], rng)
        else:
            state = KO.new_game([list(KO.cards.values())], rng)
        for _ in range(300):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            for action in legal:
                assert state.malformed(str(action)) is None, str(action)
            state.apply_unchecked(rng.choice(legal))


def test_obludarium_keeps_its_own_check():
    state = OB.from_setup({"p1": {"library": ["Chleba"] * 3}, "p2": {"library": ["Chleba"] * 3}}, random.Random(1))
    assert "did you mean" in state.malformed("plya Chleba")
