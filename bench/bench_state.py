"""States built for search: ``clone()`` time and random self-play through the checked engine.

Run: ``python bench/bench_state.py [--games N]``. For every game with a rules engine it prints

- ``clone()`` in µs (CPU) for mid-game states: random games of the bundled deck stopped half-way,
  each cloned many times (target ≤ 40 µs);
- random self-play actions per CPU second: ``legal_actions()`` then ``apply()`` (the checked path,
  which refuses an action that is not legal) with a uniformly random choice from the player's own
  generator, until the game ends (target ≥ 100,000 actions/s per core). It is measured with the
  readable log switched off (what a search does) and with it on.

CPU time is this process's own, so the figures hold on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import time

from deckkit.bundled import starter_deck
from deckkit.engine.core import State
from deckkit.engine.registry import load_game, registered_games

CLONE_TARGET_US = 40
SELF_PLAY_TARGET = 100_000


def bundled_deck(game) -> list[dict]:
    """The game's first shipped starter deck (:func:`deckkit.bundled.starter_deck`)."""
    return starter_deck(game)


def new_state(game, deck: list[dict], seed: int, log: bool) -> State:
    """A fresh two-player game of ``deck`` against itself with the readable log on or off."""
    state = game.new_game([deck, deck], random.Random(seed))
    state.logging = log
    return state


def self_play(game, deck: list[dict], games: int, log: bool) -> tuple[int, float]:
    """(actions, CPU seconds) of ``games`` random games through legal_actions() + apply()."""
    actions = 0
    cpu = 0.0
    for seed in range(games):
        state = new_state(game, deck, seed, log)
        n, seconds = random_play(state, random.Random(seed + 10_000))
        actions += n
        cpu += seconds
    return actions, cpu


def random_play(state: State, chooser: random.Random) -> tuple[int, float]:
    """(actions, CPU seconds) of playing ``state`` to its end by uniformly random legal actions."""
    actions = 0
    start = time.process_time()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
        actions += 1
    return actions, time.process_time() - start


def mid_game(game, deck: list[dict], seed: int) -> State:
    """A random game stopped half-way through (by its number of actions)."""
    chooser = random.Random(seed)
    probe = new_state(game, deck, seed, True)
    length = 0
    while not probe.is_terminal():
        legal = probe.legal_actions()
        probe.apply(legal[chooser.randrange(len(legal))])
        length += 1
    chooser = random.Random(seed)
    state = new_state(game, deck, seed, True)
    for _ in range(length // 2):
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    return state


def clone_us(game, deck: list[dict], positions: int = 10, repeat: int = 500) -> float:
    """Mean CPU µs of one clone() over mid-game states of several seeds."""
    total = 0.0
    for seed in range(positions):
        state = mid_game(game, deck, seed)
        start = time.process_time()
        for _ in range(repeat):
            state.clone()
        total += time.process_time() - start
    return total / (positions * repeat) * 1e6


def main() -> None:
    """Print the clone and self-play figures of every game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="random games per game and log setting")
    args = parser.parse_args()
    for spec in registered_games():
        name = spec.name
        game = load_game(name)
        deck = bundled_deck(game)
        us = clone_us(game, deck)
        print(f"{name}: clone() {us:6.1f} µs CPU for a mid-game state "
              f"(target ≤ {CLONE_TARGET_US}: {'met' if us <= CLONE_TARGET_US else 'MISSED'})")
        for log in (False, True):
            n, cpu = self_play(game, deck, args.games, log)
            rate = n / cpu
            verdict = ("met" if rate >= SELF_PLAY_TARGET else "MISSED") if not log else "for reference"
            print(f"{name}: random self-play, log {'on ' if log else 'off'}: {rate:9,.0f} actions per CPU second "
                  f"({n:,} actions in {args.games} games; target ≥ {SELF_PLAY_TARGET:,}: {verdict})")


if __name__ == "__main__":
    main()
