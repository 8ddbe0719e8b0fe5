"""A game's own goldfish step (a fast path over its rules) plays exactly what the plain loop plays.

A game may hand the one loop a ``step`` of its own (:class:`deckkit.engine.loop.Goldfish`): Álomfogó's
greedy turn against a passive opponent, Kotlík's built-in pilots acting on the rules directly. For
every registered game and every policy/opponent pair it offers, the same deal is played twice, with
its step and with the default step (ask the seat's policy, apply its action), and the records must
be equal: on the bundled starter deck with the default settings, and on random decks (drawn from the
game's pool) under random rule settings (each setting with choices, or a true/false one, drawn at
random, a number within half of its default either way). A game that offers no step of its own
(:data:`STEPPED` lists those that do) is checked to stay without one: its two runs are the same loop.
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


def _random_settings(game_type, rng: random.Random) -> dict:
    out = {}
    for setting in game_type.SETTINGS:
        if setting.choices:
            out[setting.name] = rng.choice(setting.choices)
        elif isinstance(setting.default, bool):
            out[setting.name] = rng.random() < 0.5
        elif isinstance(setting.default, int):  # a number: within half of its default either way
            low = max(setting.minimum or 0, setting.default // 2)
            out[setting.name] = rng.randint(low, max(low, setting.default + setting.default // 2))
    return out


def _random_deck(game, size: int, rng: random.Random) -> list[dict]:
    """``size`` cards drawn with replacement from the game's pool (its goldfish plays any deck)."""
    pool = sorted(game.cards.values(), key=lambda c: c["id"])
    return [rng.choice(pool) for _ in range(size)]


#: The games whose goldfish hands the loop a step of its own.
STEPPED = ("alomfogo", "kotlik")


def _check_stepped(name: str, stepped: int, compared: int, label: str) -> None:
    assert compared, f"{name}: no policy/opponent pair was played ({label})"
    if name in STEPPED:
        assert stepped, f"{name} took no step of its own ({label}): the test would prove nothing for it"
    else:
        assert not stepped, f"{name} now has a step of its own: add it to STEPPED"


@pytest.mark.parametrize("spec", registered_games(), ids=lambda s: s.name)
def test_a_games_own_step_plays_as_the_plain_loop(spec):
    game = load_game(spec.name)
    stepped, compared = _agree(game, starter_deck(game), seeds=range(4), label="starter deck")
    _check_stepped(spec.name, stepped, compared, "starter deck")


@pytest.mark.parametrize("spec", registered_games(), ids=lambda s: s.name)
@pytest.mark.parametrize("draw", range(3))
def test_a_games_own_step_agrees_on_random_decks_and_settings(spec, draw):
    rng = random.Random(f"{spec.name}-{draw}")
    game_type = load_game(spec.name).__class__
    settings = _random_settings(game_type, rng)
    game = load_game(spec.name, **settings)
    starter = starter_deck(game)
    deck = _random_deck(game, len(starter), rng) if spec.records != "scoring" else starter
    label = f"settings {settings}"
    stepped, compared = _agree(game, deck, seeds=range(100 * draw, 100 * draw + 3), label=label)
    _check_stepped(spec.name, stepped, compared, label)


def _agree(game, deck, seeds, label: str) -> tuple[int, int]:
    """Play every policy/opponent pair on ``seeds`` both ways; (runs that had a step, runs compared)."""
    stepped = compared = 0
    for policy, opponent in _pairs(game):
        for seed in seeds:
            chance = random.Random(seed)
            try:
                run = game.goldfish(deck, chance, policy=policy, opponent=opponent, max_turns=40)
            except UsageError:
                break  # a pairing the game does not offer
            stepped += run.step is not None
            fast = _record(game, deck, seed, policy, opponent, fast=True)
            plain = _record(game, deck, seed, policy, opponent, fast=False)
            assert fast == plain, f"{game.name} {policy} vs {opponent}, seed {seed}, {label}"
            compared += 1
    return stepped, compared
