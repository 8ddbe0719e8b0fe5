"""Card impact: how the win turn moves when a card is in the opening hand, or drawn by turn 3.

Groups of games (with the card / without it) are independent samples, so differences use Welch's
interval; cards that are nearly always (or never) in the group get no interval rather than a
misleading one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from deckkit.sim.stats import Interval, mean_interval, t_quantile
from deckkit.engine.results import WinRecord

MIN_GROUP = 5  # fewer games than this on one side: no interval


def welch_difference(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> Interval:
    """``mean(a) - mean(b)`` with Welch's t-interval (unequal variances)."""
    ma, mb = mean_interval(a, confidence), mean_interval(b, confidence)
    if ma.estimate is None or mb.estimate is None:
        return Interval(None, None, None, len(a) + len(b))
    diff = ma.estimate - mb.estimate
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        return Interval(diff, None, None, na + nb)
    va = math.fsum((x - ma.estimate) ** 2 for x in a) / (na - 1) / na
    vb = math.fsum((x - mb.estimate) ** 2 for x in b) / (nb - 1) / nb
    se2 = va + vb
    if se2 == 0:
        return Interval(diff, diff, diff, na + nb)
    df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1))
    half = t_quantile(0.5 + confidence / 2, df) * math.sqrt(se2)
    return Interval(diff, diff - half, diff + half, na + nb)


def _schedule(game: str) -> tuple[int, int]:
    """(hand size, regular draws by the end of turn 3 for the starting player) of a game's opening."""
    from deckkit.hands.procedures import cards_drawn_by_turn, procedure

    # Goldfish decks take the first turn; the hands library knows each game's draw schedule.
    return procedure(game).hand_size, cards_drawn_by_turn(game, 3, on_play=True)


def record_sets(record: WinRecord, hand_size: int, draws_by_3: int) -> tuple[set[str], set[str] | None]:
    """(names in the kept opening hand, names seen by turn 3 or None if the game ended sooner).

    Records list ``seen`` in the order the cards were seen: the kept hand, then the draws.
    ``opening`` and ``seen_by_turn`` (``{"turn": [names first seen then]}``), when a record
    carries them, are used as they are; otherwise "by turn 3" counts the opening hand and the
    regular draws of turns 1-3. A game won before turn 3 has no such set and is left out.
    """
    seen = record.seen or ()
    opening_n = max(0, hand_size - record.mulligans)
    opening = set(record.opening) if record.opening is not None else set(seen[:opening_n])
    if record.won and (record.turn or 0) < 3:
        return opening, None
    by_turn = record.seen_by_turn
    if by_turn:  # the engine says when each card was seen, extra draws included
        return opening, opening.union(*(names for t, names in by_turn.items() if int(t) <= 3))
    n = (len(record.opening) if record.opening is not None else opening_n) + draws_by_3
    return opening, set(seen[:n])


def _group(records: Sequence[WinRecord], sets: Sequence[set[str] | None], card: str, confidence: float) -> dict:
    with_card: list[int] = []
    without: list[int] = []
    games_with = 0
    for r, names in zip(records, sets):
        if names is None:
            continue
        has = card in names
        games_with += has
        if r.won and r.turn is not None:
            (with_card if has else without).append(r.turn)
    diff = (welch_difference(with_card, without, confidence)
            if len(with_card) >= MIN_GROUP and len(without) >= MIN_GROUP else Interval(None, None, None, 0))
    mw, mo = mean_interval(with_card), mean_interval(without)
    return {
        "games_with": games_with,
        "mean_turn_with": None if mw.estimate is None else round(mw.estimate, 4),
        "mean_turn_without": None if mo.estimate is None else round(mo.estimate, 4),
        "difference": None if diff.estimate is None else round(diff.estimate, 4),
        "ci": diff.as_list(),
    }


def card_impact(records: Sequence[WinRecord], deck_names: Sequence[str], game: str,
                confidence: float = 0.95) -> list[dict]:
    """Per distinct card name: win turn with vs without it in the opening hand and by turn 3.

    ``difference`` is (with) − (without) in turns: negative means the card makes wins come sooner.
    Rows are sorted by the opening-hand difference, most helpful first.
    """
    hand_size, draws = _schedule(game)
    pairs = [record_sets(r, hand_size, draws) for r in records]
    openings = [p[0] for p in pairs]
    by3 = [p[1] for p in pairs]
    rows: list[dict[str, Any]] = [{"card": name,
                                   "opening_hand": _group(records, openings, name, confidence),
                                   "by_turn_3": _group(records, by3, name, confidence)}
                                  for name in dict.fromkeys(deck_names)]
    rows.sort(key=lambda row: (row["opening_hand"]["difference"] is None,
                               row["opening_hand"]["difference"] or 0.0, row["card"]))
    return rows
