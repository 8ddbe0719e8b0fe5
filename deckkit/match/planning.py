"""How many match games a difference in Elo needs, read from a match played as a pilot."""

from __future__ import annotations

from collections.abc import Sequence

from deckkit.match.duplicate import game_score, pairs_of
from deckkit.sim.plan import Design, Plan, check_delta, check_pilot, make_plan, sd_of
from deckkit.sim.sprt import elo_to_score


def match_plan(records: Sequence[dict], elo: float, alpha: float, beta: float) -> Plan:
    """Games to detect ``elo`` between the two decks: as duplicate pairs (when the pilot played them) and
    as independent games, each from the pilot's own spread (the score per game, the mean score per pair)."""
    check_delta(elo)
    effect = elo_to_score(abs(elo)) - 0.5
    scores = [game_score(r) for r in records]
    check_pilot(len(scores), sd_of(scores), "games")
    designs = []
    pairs = pairs_of([r for r in records if "pair" in r])
    if pairs:
        means = [(a + b) / 2 for a, b in pairs]
        check_pilot(len(means), sd_of(means), "duplicate pairs")
        designs.append(Design("duplicate pairs", sd_of(means), games_each=2))
    designs.append(Design("independent games", sd_of(scores), games_each=1))
    return make_plan(elo, "Elo", effect, alpha, beta, len(scores), "games", designs)
