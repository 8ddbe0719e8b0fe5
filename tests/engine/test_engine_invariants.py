"""Random-play invariants over every registered game (OpenSpiel style).

Seeded random games must: end; keep every card somewhere (when the game counts its cards); never
show a negative counter; and replay from their action log, with the same seed, to the same final
state. Games join automatically when their package defines ``GAME``.
"""

from __future__ import annotations

import random

import pytest

from deckkit.engine.core import TERMINAL
from deckkit.engine.registry import load_game, registered_games
from deckkit.paths import data_dir
from deckkit.text import fold

MAX_ACTIONS = 20_000
GAMES_PER_RULESET = {"obludarium": 3000}
# Counters a game's rules allow below zero (KO-805: a single card of an ingredient scores negative).
SIGNED = {"kotlik": {"score", "scores"}}
DEFAULT_GAMES = 100
REPLAY_EVERY = 20


def _game(name: str):
    return load_game(name)


def _bundled_deck(game) -> list[dict]:
    from deckkit.decks.io import load_deck

    paths = sorted((data_dir() / "decks").glob(f"{game.name}-*.deck"))
    if not paths:
        return list(game.cards.values())
    deck = load_deck(paths[0])
    by_name = {fold(c["name"]): c for c in game.cards.values()} | {fold(c["id"]): c for c in game.cards.values()}
    return [by_name[fold(e.name)] for e in deck.entries for _ in range(e.count)]


def _negative_ints(node, path="", signed=frozenset()) -> list[str]:
    if path.rsplit(".", 1)[-1].split("[")[0] in signed:
        return []
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path] if node < 0 else []
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _negative_ints(v, f"{path}.{k}", signed)]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _negative_ints(v, f"{path}[{i}]", signed)]
    return []


def _play(game, deck, seed: int):
    state = game.new_game([deck, deck], random.Random(seed))
    chooser = random.Random(seed * 7919 + 1)
    start_count = state.card_count()
    actions = []
    for _ in range(MAX_ACTIONS):
        if state.current_player() == TERMINAL:
            break
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in a running game\n{state.render()}"
        action = legal[chooser.randrange(len(legal))]
        state.apply_unchecked(action)
        actions.append(str(action))
        if start_count is not None:
            assert state.card_count() == start_count, f"seed {seed}: cards lost after {action}"
    return state, actions


@pytest.mark.parametrize("name", [g.name for g in registered_games()])
def test_engine_random_games_keep_invariants(name):
    """Every game ends; cards are conserved; no counter is negative; the log replays exactly."""
    game = _game(name)
    deck = _bundled_deck(game)
    count = GAMES_PER_RULESET.get(name, DEFAULT_GAMES)
    for seed in range(count):
        state, actions = _play(game, deck, seed)
        assert state.current_player() == TERMINAL, f"seed {seed}: no end after {MAX_ACTIONS} actions"
        final = state.snapshot()
        signed = frozenset(SIGNED.get(name, ())) | frozenset(getattr(state, "SIGNED_COUNTERS", ()))
        negative = _negative_ints(final, "", signed)
        assert not negative, f"seed {seed}: negative counters {negative}"
        if seed % REPLAY_EVERY == 0:
            replay = game.new_game([deck, deck], random.Random(seed))
            for text in actions:
                replay.apply(text)  # the checked path: each logged string must be legal again
                negative = _negative_ints(replay.snapshot(), "", signed)
                assert not negative, f"seed {seed}: negative counters {negative} after {text}"
            assert replay.snapshot() == final, f"seed {seed}: replay differs"


def test_engine_clone_is_independent():
    """A clone shares nothing mutable with its original (search and what-if analysis rely on it)."""
    game = _game("obludarium")
    state = game.new_game([_bundled_deck(game)] * 2, random.Random(3))
    before = state.snapshot()
    twin = state.clone()
    for _ in range(30):
        if twin.is_terminal():
            break
        twin.apply_unchecked(twin.legal_actions()[0])
    assert state.snapshot() == before
