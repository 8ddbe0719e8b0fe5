"""One seeded match game, and the picklable job the sim runner plays on its workers.

Game ``i`` of a run uses :func:`deckkit.sim.seeding.game_rng` ``(seed, i)`` for chance (the deal,
shuffles, refills) and, for each deck's AI, a generator of its own derived from the same seed and
index, so a game is the same whatever worker plays it. With alternated seats deck A sits in seat
p1 in even games and in seat p2 in odd ones.

A *duplicate* job plays each deal twice: games ``2k`` and ``2k + 1`` are pair ``k``, on the chance
generator of index ``k`` and with one AI generator per seat (not per deck) derived from ``k``, deck
A in seat p1 in the first game and in seat p2 in the second. Both games meet the same shuffles and
the same random choices seat by seat; only which deck and pilot sit where changes (and with the seat
whatever it brings: the first move, a colour). The luck of the deal then cancels within the pair.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Sequence

from deckkit.engine.core import TERMINAL
from deckkit.engine.loop import MAX_GAME_ACTIONS, play
from deckkit.match.ai import PilotSpec, make_ai
from deckkit.sim.seeding import game_rng, game_seed

MAX_ACTIONS = MAX_GAME_ACTIONS  # a game still running after this many actions is scored as unfinished (a draw)

_PREPARED: dict[str, tuple[Any, Any, list[Any]]] = {}


def support_of(game_name: str) -> Any:
    """The game's :class:`deckkit.engine.hidden.MatchSupport`, or None when it has no match hooks."""
    from deckkit.engine.registry import spec

    return spec(game_name).hook("match")


@dataclass(frozen=True)
class MatchJob:
    """Deck A against deck B with their pilots: plain, picklable data (see :mod:`deckkit.sim.runner`)."""

    game: str
    decks: tuple[tuple[dict, ...], tuple[dict, ...]]
    pilots: tuple[PilotSpec, PilotSpec]
    seed: int | str = 0
    alternate: bool = True
    duplicate: bool = False
    settings: tuple[tuple[str, Any], ...] = ()
    key: str = field(default="", compare=False)
    smallest_chunk = 1  # a match game takes seconds: hand the workers one game at a time at the end

    @classmethod
    def make(cls, game: str, decks: Sequence[Sequence[dict]], pilots: Sequence[PilotSpec], **options: Any) -> MatchJob:
        """A job with its cache key (a digest of everything that changes the games)."""
        settings = tuple(sorted(dict(options.pop("settings", None) or {}).items()))
        job = cls(game, (tuple(decks[0]), tuple(decks[1])), (pilots[0], pilots[1]), settings=settings, **options)
        blob = json.dumps([game, [list(d) for d in job.decks], [str(p) for p in job.pilots], settings, job.alternate,
                           job.duplicate],
                          sort_keys=True, ensure_ascii=False, default=str)
        object.__setattr__(job, "key", "match:" + hashlib.sha256(blob.encode()).hexdigest())
        return job

    def _prepare(self) -> tuple[Any, Any, list[Any]]:
        prepared = _PREPARED.get(self.key)
        if prepared is None:
            if len(_PREPARED) > 16:
                _PREPARED.clear()
            from deckkit.sim.runner import build_game

            cards = {c["id"]: c for deck in self.decks for c in deck}
            game = build_game(self.game, list(cards.values()), dict(self.settings))
            support = support_of(self.game)
            prepared = (game, support, [make_ai(p, support, game) for p in self.pilots])
            _PREPARED[self.key] = prepared
        return prepared

    def play_game(self, index: int, trace: list[str] | None = None) -> dict:
        """Game ``index`` as a record: who sat where, who won, length (see :func:`play_game`)."""
        game, support, ais = self._prepare()
        return play_game(game, support, self.decks, ais, self.seed, index, alternate=self.alternate, trace=trace,
                         names=[str(p) for p in self.pilots], duplicate=self.duplicate)


def play_game(game: Any, support: Any, decks: Sequence[Sequence[dict]], ais: Sequence[Any], seed: int | str,
              index: int, *, alternate: bool = True, trace: list[str] | None = None,
              names: Sequence[str] = ("a", "b"), duplicate: bool = False) -> dict:
    """Play game ``index`` of deck A (``decks[0]``, ``ais[0]``) against deck B and return its record.

    Record: ``index``, ``seed``, ``a_seat`` (1 or 2), ``winner`` (``"a"``, ``"b"`` or None for a
    draw or an unfinished game), ``first_seat_won`` (seat p1 won; None for a draw), ``turns``,
    ``actions``, ``finished``, and ``returns`` (per deck: 1/0 for a win, the score in scoring games);
    a ``duplicate`` game also ``pair`` (its deal's number, ``index // 2``).
    """
    seats = [1, 0] if (alternate or duplicate) and index % 2 else [0, 1]  # seats[s]: which deck sits in seat s
    deal = index // 2 if duplicate else index
    state = support.new_match(game, [decks[seats[0]], decks[seats[1]]], game_rng(seed, deal))
    state.logging = trace is not None
    if duplicate:  # one generator per seat, the same in both games of the pair
        by_seat = [random.Random(game_seed(f"{seed}:ai-seat{s + 1}", deal)) for s in (0, 1)]
        rngs = [by_seat[seats.index(side)] for side in (0, 1)]
    else:
        rngs = [random.Random(game_seed(f"{seed}:ai-{side}", index)) for side in ("a", "b")]
    if trace is not None:
        trace.append(f"game {index} (seed {game_seed(seed, deal)}): deck A ({names[0]}) in seat p{seats.index(0) + 1}, "
                     f"deck B ({names[1]}) in seat p{seats.index(1) + 1}")

    def decide(state: Any, player: int, _policy: Any, _rng: random.Random) -> Any:
        side = seats[player]
        action, reason = ais[side].decide(state, rngs[side], trace is not None)
        if trace is not None:
            trace.extend(state.log)
            state.log.clear()
            trace.append(f"p{player + 1} ({'AB'[side]}, {names[side]}): {action}" + (f"  [{reason}]" if reason else ""))
        state.apply(action)
        return action

    # The one loop of every game, with its caps: a turn that never ends (a card loop) or a game past
    # MAX_ACTIONS stops and is scored as unfinished.
    capped: list[str] = []
    actions = play(state, [None, None], rngs[0], turn=lambda: support.length(state), max_actions=MAX_ACTIONS,
                   step=decide, on_cap=capped.append)
    finished = state.current_player() == TERMINAL
    won = state.winners() if finished else []
    winner_seat = won[0] if len(won) == 1 else None
    returns = state.returns()
    if trace is not None:
        trace.extend(state.log)
        trace.append(state.render())
        outcome = ("unfinished (counted as a draw)" if not finished else "a draw" if winner_seat is None
                   else f"deck {'AB'[seats[winner_seat]]} wins in seat p{winner_seat + 1}")
        trace.extend(capped)
        trace.append(f"result: {outcome} after {support.length(state)} turns, {actions} actions")
    record = {
        "index": index,
        "seed": game_seed(seed, deal),
        "a_seat": seats.index(0) + 1,
        "winner": None if winner_seat is None else "ab"[seats[winner_seat]],
        "first_seat_won": None if winner_seat is None else winner_seat == 0,
        "turns": support.length(state),
        "actions": actions,
        "finished": finished,
        "returns": [returns[seats.index(0)], returns[seats.index(1)]],
    }
    if duplicate:
        record["pair"] = deal
    if capped:
        record["capped"] = capped[0]
    return record
