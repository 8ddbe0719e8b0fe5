"""The outcome of one goldfish or self-play game, as a typed record of one of two kinds.

A game's spec says which kind its games give (``GameSpec.records``): a **win-by-turn** game
(:class:`WinRecord`: did player 0 win, in which of its own turns, what it saw) or a **scoring**
game (:class:`ScoreRecord`: every seat's score and the winners). Records are plain picklable
dataclasses, so they cross the process pool and a Dask cluster as they are; ``index`` and ``seed``
are filled in by the runner (game ``index`` of a run, and that game's chance seed). ``capped`` says
why the loop's action cap stopped a game (:mod:`deckkit.engine.loop`; None: it was not stopped).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class WinRecord:
    """A win-by-turn game: ``turn`` is player 0's own turn of the win (the turn reached otherwise).

    ``seen`` holds the card names player 0 saw, in order; ``opening`` the kept hand and
    ``seen_by_turn`` ``{"1": [names first seen in own turn 1, opening hand included], "2": …}``, so
    card impact can count every draw. The runner drops these card lists (None) when nothing reads
    them. ``used`` counts the card abilities player 0 used, for a game that counts them.
    """

    won: bool
    turn: int | None
    mulligans: int = 0
    seen: list[str] | None = None
    opening: list[str] | None = None
    seen_by_turn: dict[str, list[str]] | None = None
    used: dict[str, int] | None = None
    index: int = -1
    seed: int | None = None
    capped: str | None = None

    def drop_cards(self) -> None:
        """Forget the card lists (they cost memory and pickling when no report reads them)."""
        self.seen = self.opening = self.seen_by_turn = None


@dataclass(slots=True)
class ScoreRecord:
    """A scoring game: each seat's score, the winning seats (empty for a draw) and the turns played."""

    scores: list[int]
    winners: list[int]
    turns: int
    index: int = -1
    seed: int | None = None
    capped: str | None = None

    def drop_cards(self) -> None:
        """Nothing to forget: a scoring record holds no card lists."""


#: Either kind of record.
Record = WinRecord | ScoreRecord
