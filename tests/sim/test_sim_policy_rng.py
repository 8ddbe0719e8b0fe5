"""Players draw from their own generator, chance from the game's: a random pilot cannot shift a shuffle."""

from __future__ import annotations

import random

import pytest

from deckkit.bundled import starter_deck
from deckkit.engine.registry import load_game
from deckkit.sim.runner import Job, run
from deckkit.sim.seeding import game_rng, game_seed, policy_rng

GAMES = ("obludarium", "alomfogo", "kotlik")


def _new_game(game, seed: int):
    deck = starter_deck(game)
    return game.new_game([deck] if game.name == "kotlik" else [deck, deck], random.Random(seed))


@pytest.mark.parametrize("name", GAMES)
def test_a_random_policy_never_draws_from_the_chance_generator(name):
    """Every decision of the random pilot, in both seats, leaves the chance generator's state as it was."""
    game = load_game(name)
    choose = game.policies()["random"]
    for seed in range(3):
        state, players, decisions = _new_game(game, seed), random.Random(100 + seed), 0
        while not state.is_terminal() and decisions < 300:
            before = state.rng.getstate()
            action = choose(state, players)
            assert state.rng.getstate() == before, f"{name}: the random pilot drew from the game's generator"
            state.apply(action)
            decisions += 1
        assert decisions > 10


@pytest.mark.parametrize("name", GAMES)
def test_two_player_seeds_play_other_choices_on_the_same_deal(name):
    """Same chance seed, other player seed: other choices, but the same shuffle (opening, first draws, deal)."""
    game = load_game(name)
    deck = starter_deck(game)
    differ = 0
    for seed in range(6):
        traces = []
        records = []
        for players in (1, 2):
            trace: list[str] = []
            records.append(game.play_goldfish(deck, random.Random(seed), policy="random", trace=trace,
                                              policy_rng=random.Random(players)))
            traces.append(trace)
        a, b = records
        if name == "kotlik":  # the deal is the board and cauldrons printed before the first choice
            first_choice = next(i for i, line in enumerate(traces[0]) if "picks" in line)
            assert traces[0][:first_choice] == traces[1][:first_choice]
        else:
            assert a.opening == b.opening and a.mulligans == b.mulligans
            shortest = min(len(a.seen), len(b.seen))
            assert a.seen[:shortest] == b.seen[:shortest]  # the library's order is the shuffle's
        differ += traces[0] != traces[1]
    assert differ >= 3  # the player seed does change the choices


def test_the_players_generator_comes_from_the_run_seed_alone():
    """A run's game i is play_goldfish with game_rng(seed, i) and policy_rng(seed, i), for any worker count."""
    game = load_game("obludarium")
    deck = starter_deck(game)
    job = Job.make("obludarium", deck, seed=9, policy="random")
    one, two = run([job], 12, workers=1).records[0], run([job], 12, workers=2).records[0]
    assert one == two
    for i in (0, 7):
        alone = game.play_goldfish(deck, game_rng(9, i), policy="random", policy_rng=policy_rng(9, i))
        alone.index, alone.seed = i, game_seed(9, i)
        assert one[i] == alone
