"""Goldfish games of Obludárium over the rules engine (there is no second implementation of the rules).

Every goldfish game is played by :class:`~deckkit.games.obludarium.state.ObState` itself: p1 is a
policy (the greedy player of :mod:`deckkit.games.obludarium.policies` by default), p2 the passive
dummy. The record says which card abilities p1 used (``used``: casts, uses, triggers and
continuous effects that changed something), and ``--trace`` ends with that count, so a designer
sees that their cards' abilities are played.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from deckkit.engine.results import WinRecord
from deckkit.games.obludarium.cards import shuffled
from deckkit.games.obludarium.opening import obludarium_opening


def _outcome_line(won: bool, turn: int, max_turns: int, ended: bool) -> str:
    """The last trace line: the outcome the figures count for this game."""
    if won:
        return f"result: p1 wins in its own turn {turn} (counted as a win on turn {turn})"
    if ended:
        return f"result: p1 loses in its own turn {turn} (counted as not won)"
    return f"result: no win within {max_turns} own turns (counted as not won)"


def with_policy(game, deck: list[dict], rng: random.Random, policy: Callable, *, keep=None,
                trace: list[str] | None = None, max_turns: int = 60, record: list[str] | None = None,
                opponent: Callable | None = None, opponent_deck: list[dict] | None = None,
                policy_rng: random.Random | None = None) -> WinRecord:
    """A goldfish game over the rules engine with any policy for p1; p2 passes (or plays ``opponent``
    with ``opponent_deck``: self-play, where blocks, fights and answers happen too). Chance draws
    from ``rng``, the players from ``policy_rng``."""
    from deckkit.engine.core import TERMINAL
    from deckkit.games.obludarium.policies import pass_action
    from deckkit.games.obludarium.state import ObState
    from deckkit.sim.seeding import policy_rng_of

    prng = policy_rng if policy_rng is not None else policy_rng_of(rng)

    state = ObState(game, rng)
    opening = obludarium_opening(shuffled(list(deck), rng), keep)
    state.hands[0] = [game.info(c) for c in opening.hand]
    state.libs[0] = [game.info(c) for c in reversed(opening.library)]
    if opponent is None:
        state.dummy[1] = True
    else:
        other = obludarium_opening(shuffled(list(opponent_deck or deck), rng))
        state.hands[1] = [game.info(c) for c in other.hand]
        state.libs[1] = [game.info(c) for c in reversed(other.library)]
    state.life = [game.settings["starting_life"]] * 2
    state.active = game._first([opening.library, []], rng)
    state.uses = {}
    first = state.active
    opening_names = [c.name for c in state.hands[0]]
    state.logging = trace is not None
    seen = list(opening_names)
    seen_by_turn: dict[str, list[str]] = {"1": list(opening_names)}

    def own_turn() -> int:
        return (state.turn + 1) // 2 if first == 0 else state.turn // 2

    def drawn(before: int) -> None:
        n = before - len(state.libs[0])
        if n > 0:
            names = [c.name for c in state.hands[0][-n:]] if len(state.hands[0]) >= n else []
            seen.extend(names)
            seen_by_turn.setdefault(str(max(1, own_turn())), []).extend(names)

    lib_before = len(state.libs[0])
    state.start_turn()
    drawn(lib_before)
    if trace is not None:
        trace.append(f"opening hand ({opening.mulligans} mulligan(s)): {', '.join(opening_names)}")
        trace.extend(state.log)
    logged = len(state.log)
    while state.current_player() != TERMINAL and own_turn() <= max_turns:
        p = state.current_player()
        if p == 0:
            action = policy(state, prng)
        elif opponent is not None:
            action = opponent(state, prng)
        else:
            action = pass_action(state, 1)
        lib_before = len(state.libs[0])
        state.apply_unchecked(action)
        drawn(lib_before)
        if record is not None:
            record.append(str(action))
        if trace is not None:
            trace.append(f"{'p1' if p == 0 else 'p2' if opponent is not None else 'p2 (passive)'}: {action}")
            trace.extend(state.log[logged:])
            logged = len(state.log)
    won = state.winners() == [0]
    uses = dict(state.uses)
    if trace is not None:
        trace.append("abilities used by p1: " + (", ".join(f"{k} {v}" for k, v in sorted(uses.items())) or "none"))
        trace.append(_outcome_line(won, min(own_turn(), max_turns), max_turns, state.is_terminal()))
    return WinRecord(won, min(own_turn(), max_turns), opening.mulligans, seen, opening_names, seen_by_turn, uses)


def ability_uses(game, deck: list[dict], games: int, seed: int = 0, *, opponent_deck: list[dict] | None = None
                 ) -> dict[str, tuple[int, int]]:
    """Which card abilities p1 uses, over ``games`` greedy-against-greedy games (self-play, so blocks,
    fights and answers happen too): {card name: (games it was used in, uses)}."""
    from deckkit.games.obludarium.policies import greedy

    out: dict[str, list[int]] = {}
    for i in range(games):
        record = with_policy(game, deck, random.Random(seed + i), greedy, opponent=greedy,
                             opponent_deck=opponent_deck or deck, max_turns=30)
        for name, n in (record.used or {}).items():
            entry = out.setdefault(name, [0, 0])
            entry[0] += 1
            entry[1] += n
    return {name: (g, n) for name, (g, n) in sorted(out.items())}
