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

from deckkit.engine.core import State
from deckkit.engine.registry import load_game, registered_games
from deckkit.paths import data_dir
from deckkit.text import fold

CLONE_TARGET_US = 40
SELF_PLAY_TARGET = 100_000


def bundled_deck(game) -> list[dict]:
    """The first bundled starter deck of the game as card dicts (the whole pool when it has none)."""
    from deckkit.decks.io import load_deck

    paths = sorted((data_dir() / "decks").glob(f"{game.name}-*.deck"))
    if not paths:
        return list(game.cards.values())
    by_name = {fold(c["name"]): c for c in game.cards.values()} | {fold(c["id"]): c for c in game.cards.values()}
    return [by_name[fold(e.name)] for e in load_deck(paths[0]).entries for _ in range(e.count)]


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
        chooser = random.Random(seed + 10_000)
        start = time.process_time()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        cpu += time.process_time() - start
    return actions, cpu


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
