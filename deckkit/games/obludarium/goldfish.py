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

from deckkit.engine.loop import Goldfish
from deckkit.engine.players import policy_rng_of
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


def setup(game, deck: list[dict], rng: random.Random, policy: Callable, *, keep=None,
          trace: list[str] | None = None, max_turns: int = 60, record: list[str] | None = None,
          opponent: Callable | None = None, opponent_deck: list[dict] | None = None) -> Goldfish:
    """A goldfish game over the rules engine with any policy for p1; p2 passes (or plays ``opponent``
    with ``opponent_deck``: self-play, where blocks, fights and answers happen too). Chance draws
    from ``rng``; the loop hands the players their own generator."""
    from deckkit.games.obludarium.policies import pass_action
    from deckkit.games.obludarium.state import ObState

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
    hands, libs = state.hands, state.libs

    def own_turn() -> int:
        return (state.turn + 1) // 2 if first == 0 else state.turn // 2

    library = len(libs[0])  # p1's library before the last step: what it drew since is seen

    def drawn() -> None:
        nonlocal library
        n = library - len(libs[0])
        library = len(libs[0])
        if n > 0:
            names = [c.name for c in hands[0][-n:]] if len(hands[0]) >= n else []
            seen.extend(names)
            seen_by_turn.setdefault(str(max(1, own_turn())), []).extend(names)

    state.start_turn()
    drawn()
    if trace is not None:
        trace.append(f"opening hand ({opening.mulligans} mulligan(s)): {', '.join(opening_names)}")
        trace.extend(state.log)
    logged = len(state.log)
    seat2 = "p2" if opponent is not None else "p2 (passive)"

    def after(p: int, action) -> None:
        nonlocal logged
        drawn()
        if record is not None:
            record.append(str(action))
        if trace is not None:
            trace.append(f"{'p1' if p == 0 else seat2}: {action}")
            trace.extend(state.log[logged:])
            logged = len(state.log)

    def finish() -> WinRecord:
        won = state.winners() == [0]
        uses = dict(state.uses or {})
        turn = min(own_turn(), max_turns)
        if trace is not None:
            trace.append("abilities used by p1: " + (", ".join(f"{k} {v}" for k, v in sorted(uses.items()))
                                                     or "none"))
            trace.append(_outcome_line(won, turn, max_turns, state.is_terminal()))
        return WinRecord(won, turn, opening.mulligans, seen, opening_names, seen_by_turn, uses)

    seats = [policy, opponent if opponent is not None else (lambda s, r: pass_action(s, 1))]
    plain = record is None and trace is None and opponent is None  # nothing to note but the cards drawn
    return Goldfish(state, seats, finish, turn=own_turn, max_turns=max_turns,
                    after=(lambda p, action: drawn()) if plain else after)


def ability_uses(game, deck: list[dict], games: int, seed: int = 0, *, opponent_deck: list[dict] | None = None
                 ) -> dict[str, tuple[int, int]]:
    """Which card abilities p1 uses, over ``games`` greedy-against-greedy games (self-play, so blocks,
    fights and answers happen too): {card name: (games it was used in, uses)}."""
    from deckkit.games.obludarium.policies import greedy

    out: dict[str, list[int]] = {}
    for i in range(games):
        chance = random.Random(seed + i)
        record = setup(game, deck, chance, greedy, opponent=greedy, opponent_deck=opponent_deck or deck,
                       max_turns=30).play(policy_rng_of(chance))
        assert isinstance(record, WinRecord)
        for name, n in (record.used or {}).items():
            entry = out.setdefault(name, [0, 0])
            entry[0] += 1
            entry[1] += n
    return {name: (g, n) for name, (g, n) in sorted(out.items())}
