"""The expert search's leaf evaluation (deckkit.games.obludarium.search_eval), reached through the
game's match hooks: symmetric between the players, a lethal attack read as a won game (OB-830, OB-108),
life worth more the less of it is left, and a blocker that stops the other side's attacks (OB-823)
worth more than its attack alone says."""

from __future__ import annotations

import random

from deckkit.games.obludarium import GAME
from deckkit.games.obludarium.evaluation import evaluate as goldfish_read
from deckkit.games.obludarium.hidden import MATCH
from deckkit.games.obludarium.search_eval import evaluate, margin


def _state(p1: dict, p2: dict):
    return GAME.from_setup({"start": "p1", "phase": "main", "p1": {"library": ["Chleba"] * 10, **p1},
                            "p2": {"library": ["Chleba"] * 10, **p2}}, random.Random(3))


def test_the_match_hooks_score_the_expert_search_leaves_with_it():
    assert MATCH.evaluate is evaluate


def test_a_mirror_position_is_even_and_the_two_reads_add_up_to_one():
    mirror = _state({"table": ["Chleba", "Bahňák (new)"], "hand": ["Glum"]},
                    {"table": ["Chleba", "Bahňák"], "hand": ["Glum"]})
    assert abs(evaluate(mirror, 0) - 0.5) < 1e-9
    uneven = _state({"table": ["Chleba", "Medděd"]}, {"table": ["Chleba", "Bahňák"]})
    assert 0.5 < evaluate(uneven, 0) < 1 and abs(evaluate(uneven, 0) + evaluate(uneven, 1) - 1) < 1e-9


def test_an_attack_that_takes_the_last_life_is_a_won_game():
    """OB-830, OB-108: the active player's Medděd (attack 3) may attack; the other has 3 life and no
    monster to block it — near 1 for the attacker, near 0 for the other."""
    state = _state({"table": ["Chleba", "Medděd"]}, {"life": 3, "table": ["Chleba"]})
    assert evaluate(state, 0) >= 0.99 and evaluate(state, 1) <= 0.01


def test_a_point_of_life_counts_more_the_less_is_left():
    """Three life lost from 6 costs more than three lost from 20 (the same boards)."""
    def at(life: int) -> float:
        return margin(_state({"table": ["Chleba"]}, {"life": life, "table": ["Chleba"]}), 1)

    assert at(6) - at(3) > at(20) - at(17) > 0


def test_a_blocker_that_survives_the_attacker_is_worth_more_at_low_life_than_a_point_more_attack():
    """OB-823, OB-824: at 6 life against a Kocour Mikeš (2/2), a Bludička (1/3) blocks it and survives
    every turn, a Skřítek Pecka (2/1) dies blocking it: the defender stands better with the blocker —
    where the greedy pilot's goldfish read, a point of attack worth about twelve of defence, says the
    opposite."""
    def defender(blocker: str, read) -> float:
        return read(_state({"table": ["Chleba", "Kocour Mikeš (new)"]}, {"life": 6, "table": ["Chleba", blocker]}), 1)

    assert defender("Bludička", evaluate) > defender("Skřítek Pecka", evaluate)
    assert defender("Bludička", goldfish_read) < defender("Skřítek Pecka", goldfish_read)
