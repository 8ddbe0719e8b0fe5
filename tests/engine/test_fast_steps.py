"""A game's own goldfish step (a fast path over its rules) plays exactly what the plain loop plays.

A game may hand the one loop a ``step`` of its own (:class:`deckkit.engine.loop.Goldfish`): Álomfogó's
greedy turn against a passive opponent, Kotlík's built-in pilots acting on the rules directly. For
every registered game and every policy/opponent pair it offers, the same deal is played twice, with
its step and with the default step (ask the seat's policy, apply its action), and the records must
be equal.
"""

from __future__ import annotations

import random

import pytest

from deckkit.bundled import starter_deck
from deckkit.engine.players import policy_rng_of
from deckkit.engine.registry import load_game, registered_games
from deckkit.errors import UsageError


def _pairs(game) -> list[tuple[str, str]]:
    names = list(game.policies())
    return [(p, o) for p in names for o in ("passive", "greedy") if o in names or o == "passive"]


def _record(game, deck, seed: int, policy: str, opponent: str, fast: bool):
    chance = random.Random(seed)
    run = game.goldfish(deck, chance, policy=policy, opponent=opponent, max_turns=40)
    if not fast:
        run.step = None
    return run.play(policy_rng_of(chance))


@pytest.mark.parametrize("spec", registered_games(), ids=lambda s: s.name)
def test_a_games_own_step_plays_as_the_plain_loop(spec):
    game = load_game(spec.name)
    deck = starter_deck(game)
    stepped = 0
    for policy, opponent in _pairs(game):
        for seed in range(4):
            chance = random.Random(seed)
            try:
                run = game.goldfish(deck, chance, policy=policy, opponent=opponent, max_turns=40)
            except UsageError:
                break  # a pairing the game does not offer
            stepped += run.step is not None
            fast = _record(game, deck, seed, policy, opponent, fast=True)
            plain = _record(game, deck, seed, policy, opponent, fast=False)
            assert fast == plain, f"{spec.name} {policy} vs {opponent}, seed {seed}"
    if spec.name in ("alomfogo", "kotlik"):
        assert stepped, f"{spec.name} declares no step of its own: the test would prove nothing for it"
