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
from functools import partial
from typing import TYPE_CHECKING, Any

from deckkit.engine.loop import Goldfish
from deckkit.engine.opening import Opening
from deckkit.engine.players import policy_rng_of
from deckkit.engine.results import WinRecord
from deckkit.games.obludarium.cards import shuffled
from deckkit.games.obludarium.opening import obludarium_opening

if TYPE_CHECKING:
    from deckkit.games.obludarium.state import ObState


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

    state, opening = _deal(game, deck, rng, keep, opponent, opponent_deck)
    seen = _Seen(state)
    state.logging = trace is not None
    state.check_decks(0, 1)  # OB-109: the deal may have emptied a deck
    state.start_turn()
    seen.drawn()
    if trace is not None:
        trace.append(f"opening hand ({opening.mulligans} mulligan(s)): {', '.join(seen.opening)}")
        trace.extend(state.log)
    seats = [policy, opponent if opponent is not None else (lambda s, r: pass_action(s, 1))]
    finish = partial(_record, state, seen, opening.mulligans, trace, max_turns)
    if record is None and trace is None and opponent is None:  # nothing to note but the cards drawn
        return Goldfish(state, seats, finish, turn=seen.own_turn, max_turns=max_turns, after=seen.after)
    notes = _Notes(state, seen, trace, record, "p2" if opponent is not None else "p2 (passive)")
    return Goldfish(state, seats, finish, turn=seen.own_turn, max_turns=max_turns, after=notes.after)


def _deal(game, deck: list[dict], rng: random.Random, keep, opponent: Callable | None,
          opponent_deck: list[dict] | None) -> tuple[ObState, Opening]:
    """A new game with p1's opening hand (mulligans as ``keep`` decides) and library; p2 is the dummy, or
    deals its own opening from ``opponent_deck`` when it plays; life, the first player and the count of
    ability uses are set. Returns the state and p1's opening."""
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
    return state, opening


class _Seen:
    """The cards p1 has seen, in order and by its own turn: the opening hand, then every card it draws."""

    __slots__ = ("state", "first", "hands", "libs", "library", "opening", "seen", "by_turn")

    def __init__(self, state: ObState) -> None:
        self.state = state
        self.first = state.active
        self.hands, self.libs = state.hands, state.libs
        self.library = len(self.libs[0])  # p1's library before the last step: what it drew since is seen
        self.opening = [c.name for c in self.hands[0]]
        self.seen = list(self.opening)
        self.by_turn: dict[str, list[str]] = {"1": list(self.opening)}

    def own_turn(self) -> int:
        """p1's own turn number (the game's turns alternate between the players)."""
        return (self.state.turn + 1) // 2 if self.first == 0 else self.state.turn // 2

    def after(self, p: int, action: Any) -> None:
        """The loop's hook after each step of a game that notes nothing else: :meth:`drawn`."""
        if len(self.libs[0]) != self.library:
            self.drawn()

    def drawn(self) -> None:
        """Note the cards p1 drew since the last call (its library shrank by that many)."""
        libs, hands = self.libs, self.hands
        n = self.library - len(libs[0])
        self.library = len(libs[0])
        if n > 0:
            names = [c.name for c in hands[0][-n:]] if len(hands[0]) >= n else []
            self.seen.extend(names)
            self.by_turn.setdefault(str(max(1, self.own_turn())), []).extend(names)


class _Notes:
    """After each step of a noted game: the cards p1 drew, the action in ``record``, the action and the
    log lines it added in ``trace``."""

    __slots__ = ("state", "seen", "trace", "record", "seat2", "logged")

    def __init__(self, state: ObState, seen: _Seen, trace: list[str] | None, record: list[str] | None,
                 seat2: str) -> None:
        self.state, self.seen, self.trace, self.record, self.seat2 = state, seen, trace, record, seat2
        self.logged = len(state.log)  # the log lines already in the trace

    def after(self, p: int, action: Any) -> None:
        """The loop's hook after the step of seat ``p``."""
        self.seen.drawn()
        if self.record is not None:
            self.record.append(str(action))
        trace = self.trace
        if trace is not None:
            log = self.state.log
            trace.append(f"{'p1' if p == 0 else self.seat2}: {action}")
            trace.extend(log[self.logged:])
            self.logged = len(log)


def _record(state: ObState, seen: _Seen, mulligans: int, trace: list[str] | None, max_turns: int) -> WinRecord:
    """The finished game's record; a trace ends with p1's ability uses and the outcome the figures count."""
    won = state.winners() == [0]
    uses = dict(state.uses or {})
    turn = min(seen.own_turn(), max_turns)
    if trace is not None:
        valued, played = state.lookaheads
        if valued:
            trace.append(f"greedy look-ahead: {valued} position{'s' * (valued != 1)} reached on a clone and valued by "
                         "the static evaluation, "
                         f"{played} of them after a short play-out (a spell or ability on the stack, or a decision "
                         "it asked)")
        trace.append("abilities used by p1: " + (", ".join(f"{k} {v}" for k, v in sorted(uses.items()))
                                                 or "none"))
        trace.append(_outcome_line(won, turn, max_turns, state.is_terminal()))
    return WinRecord(won, turn, mulligans, seen.seen, seen.opening, seen.by_turn, uses)


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
