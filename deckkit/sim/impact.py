"""Card impact: how the win turn moves when a card is in the opening hand, or drawn by turn 3.

Groups of games (with the card / without it) are independent samples, so differences use Welch's
interval; cards that are nearly always (or never) in the group get no interval rather than a
misleading one.
"""

from __future__ import annotations

import math
from typing import Sequence

from deckkit.sim.stats import Interval, mean_interval, t_quantile

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


def opening_names(record: dict) -> set[str]:
    """Card names in the kept opening hand of a goldfish record."""
    return set(record.get("opening") or ())


def seen_by_turn(record: dict, turn: int) -> set[str]:
    """Card names player 0 had seen (opening hand and draws) by the end of their ``turn``-th turn."""
    by_turn = record.get("seen_by_turn")
    if by_turn:
        names: set[str] = set()
        for t, cards in by_turn.items():
            if int(t) <= turn:
                names.update(cards)
        return names
    return opening_names(record)


def _group(records: Sequence[dict], card: str, test, confidence: float) -> dict:
    with_card = [r["turn"] for r in records if r.get("won") and test(r, card)]
    without = [r["turn"] for r in records if r.get("won") and not test(r, card)]
    games_with = sum(1 for r in records if test(r, card))
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


def card_impact(records: Sequence[dict], deck_names: Sequence[str], confidence: float = 0.95,
                by_turn: int = 3) -> list[dict]:
    """Per distinct card name: win turn with vs without it in the opening hand and by ``by_turn``.

    ``difference`` is (with) − (without): negative means the card makes wins come sooner. Rows are
    sorted by the opening-hand difference, most helpful first.
    """
    rows = []
    for name in dict.fromkeys(deck_names):
        rows.append({
            "card": name,
            "opening_hand": _group(records, name, lambda r, c: c in opening_names(r), confidence),
            f"by_turn_{by_turn}": _group(records, name, lambda r, c: c in seen_by_turn(r, by_turn), confidence),
        })
    rows.sort(key=lambda row: (row["opening_hand"]["difference"] is None,
                               row["opening_hand"]["difference"] or 0.0, row["card"]))
    return rows
