"""Random-play invariants over every registered game (OpenSpiel style).

Seeded random games must: end; offer legal actions whose strings are unique (as actions are
matched, without case or diacritics); keep every card somewhere (when the game counts its cards);
never show a negative counter; replay from their action log, with the same seed, to an equal
state; and clone into an equal state that shares nothing mutable with the original and evolves
independently of it. Every registered game joins automatically.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from deckkit.engine.core import TERMINAL
from deckkit.bundled import starter_deck
from deckkit.engine.registry import load_game, registered_games
from deckkit.text import fold

MAX_ACTIONS = 20_000
# Obludárium gets more games than the rest (its random pool has the most rules), but fewer since
# the non-active player's windows made every random game longer: the suite must stay under 3 minutes.
GAMES_PER_RULESET = {"obludarium": 1000}
# Counters a game's rules allow below zero (KO-805: a single card of an ingredient scores negative).
SIGNED = {"kotlik": {"score", "scores"}}
DEFAULT_GAMES = 100
REPLAY_EVERY = 20


def _game(name: str):
    return load_game(name)


def _bundled_deck(game) -> list[dict]:
    return starter_deck(game)


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


CLONED_GAMES = 8  # games per ruleset whose every 11th position is cloned and checked
CLONE_STEPS = 40  # random actions played on each clone


def _play(game, deck, seed: int, clones: bool = False):
    state = game.new_game([deck, deck], random.Random(seed))
    chooser = random.Random(seed * 7919 + 1)
    start_count = state.card_count()
    actions = []
    for step in range(MAX_ACTIONS):
        if state.current_player() == TERMINAL:
            break
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in a running game\n{state.render()}"
        texts = [fold(str(a)) for a in legal]
        assert len(set(texts)) == len(texts), f"seed {seed}: action strings repeat among {texts}"
        if clones and step % 11 == 0:
            _check_clone(state, seed * 31 + step)
        action = legal[chooser.randrange(len(legal))]
        state.apply_unchecked(action)
        actions.append(str(action))
        if start_count is not None:
            assert state.card_count() == start_count, f"seed {seed}: cards lost after {action}"
    return state, actions


def _immutable(x) -> bool:
    """Values a clone may share with its original: atoms, frozen dataclasses, self-copying objects."""
    if isinstance(x, (int, float, str, bytes, bool, type(None), frozenset)) or callable(x):
        return True
    if isinstance(x, tuple):
        return all(_immutable(e) for e in x)
    if dataclasses.is_dataclass(x) and type(x).__dataclass_params__.frozen:
        return True
    return type(x).__dict__.get("__deepcopy__") is not None and copy.deepcopy(x) is x


def _reachable(root, skip: set[int], also: tuple = ()) -> dict[int, object]:
    """Every object reachable from ``root`` (lists, dicts, tuples, attributes), by id; ``skip`` ids excluded."""
    out: dict[int, object] = {}
    todo = [root]
    while todo:
        x = todo.pop()
        if id(x) in out or id(x) in skip or id(x) in also or isinstance(x, (int, float, str, bytes, bool, type(None))):
            continue
        out[id(x)] = x
        if isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo.extend(x)
        elif not isinstance(x, random.Random) and not callable(x):
            for cls in type(x).__mro__:
                slots = vars(cls).get("__slots__", ())
                for name in (slots,) if isinstance(slots, str) else slots:
                    if hasattr(x, name):
                        todo.append(getattr(x, name))
            todo.extend(getattr(x, "__dict__", {}).values())
    return out


_GAME_OBJECTS: dict[int, tuple[object, set[int]]] = {}


def _game_objects(game) -> set[int]:
    """Ids of everything the (immutable) game object holds: card pools and tables, shared by design.

    The cache holds the game itself: a freed game's id can be given to a new object, whose tables
    would then be checked against the old game's ids."""
    found = _GAME_OBJECTS.get(id(game))
    if found is None or found[0] is not game:
        found = _GAME_OBJECTS[id(game)] = (game, set(_reachable(game, set())))
    return found[1]


def _check_clone(state, seed: int) -> None:
    """A clone equals its original, shares only immutable values with it, and plays on alone."""
    twin = state.clone()
    assert twin == state, "a fresh clone differs from its original"
    skip, also = _game_objects(state.game), (id(state), id(twin), id(state.game))
    mine = _reachable({k: v for k, v in vars(state).items() if k != "_rng"}, skip, also)
    theirs = _reachable({k: v for k, v in vars(twin).items() if k != "_rng"}, skip, also)
    shared = [x for key, x in theirs.items() if key in mine and not _immutable(x)
              and key not in (id(vars(state)), id(vars(twin)))]
    assert not shared, f"the clone shares mutable values with its original: {shared[:3]}"
    reference = copy.deepcopy(state, {id(state.game): state.game})
    chooser = random.Random(seed)
    for _ in range(CLONE_STEPS):
        if twin.is_terminal():
            break
        legal = twin.legal_actions()
        twin.apply_unchecked(legal[chooser.randrange(len(legal))])
    assert state == reference, "playing on a clone changed its original"
    assert state.snapshot() == reference.snapshot()
    assert state.legal_actions() == reference.legal_actions()


@pytest.mark.parametrize("name", [g.name for g in registered_games()])
def test_engine_random_games_keep_invariants(name):
    """Every game ends; cards are conserved; no counter is negative; the log replays exactly."""
    game = _game(name)
    deck = _bundled_deck(game)
    count = GAMES_PER_RULESET.get(name, DEFAULT_GAMES)
    for seed in range(count):
        state, actions = _play(game, deck, seed, clones=seed % max(1, count // CLONED_GAMES) == 0)
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
            assert replay == state, f"seed {seed}: the replayed state is not equal to the played one"


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
