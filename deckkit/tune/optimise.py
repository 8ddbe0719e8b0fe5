"""``deckkit tune DECK --optimise --pool QUERY --budget N``: a seeded local search over deck lists.

In the spirit of Frank Karsten's mana-curve searches: from the deck, try moves of ``k`` copies from
one pool card to another (``k`` = 4, then 2, then 1 once the larger moves stop helping), keep the
best move while it improves the objective, and stop at the budget or when no single-copy move
helps. Only cards matching the pool query change; the deck's size stays and every candidate must
be legal under the deck's format (copy limits, bans, composition). Every candidate plays the same
seeds, so the comparisons between them are paired; the moves are drawn from their own generator.

The search ranks by the same games it searched with, which flatters its winners; the best lists
are therefore played again on fresh seeds and compared with the starting deck there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any
from collections.abc import Callable

from deckkit.errors import UsageError
from deckkit.tune.evaluate import Measure, PlayOptions, check_game, odds_of, play
from deckkit.tune.lists import DeckList, game_cards, problems_of

OBJECTIVES = ("mean-turn", "won-by", "keep-odds", "match")
STEPS = (4, 2, 1)
MAX_BUDGET = 10_000


@dataclass
class Candidate:
    """A list the search played: its objective value (lower is better inside the search) and its change."""

    deck: DeckList
    score: float
    change: str


@dataclass
class OptimiseResult:
    """The start, the best lists of the search, their confirmation on fresh seeds, and the path taken."""

    deck: DeckList
    objective: str
    budget: int
    evaluated: int
    start_score: float
    best: list[Candidate]
    confirmed: list[Measure] = field(default_factory=list)
    confirm_seed: str = ""
    path: list[str] = field(default_factory=list)
    options: PlayOptions | None = None

    def figure(self, score: float) -> float:
        """The objective's own figure for a search score (scores are negated for "higher is better")."""
        return score if self.objective == "mean-turn" else -score

    def as_json(self) -> dict[str, Any]:
        """The ``tune -o json`` object of an optimisation."""
        o = self.options or PlayOptions()
        return {
            "deck": self.deck.label, "game": self.deck.game, "mode": "optimise", "objective": self.objective,
            "budget": self.budget, "evaluated": self.evaluated, "games": o.games, "seed": o.seed,
            "confidence": o.confidence, "by_turn": o.by_turn, "odds_condition": o.odds,
            "start": round(self.figure(self.start_score), 6),
            "best": [{"change": c.change, "objective": round(self.figure(c.score), 6),
                      "cards": [{"name": card["name"], "count": n} for card, n in c.deck.entries]} for c in self.best],
            "confirmation": {"seed": self.confirm_seed, "measures": [m.as_json() for m in self.confirmed]},
            "path": self.path,
        }


def check_objective(objective: str, odds: str | None) -> None:
    """Refuse an unknown objective, or one this version cannot measure (exit 2)."""
    if objective not in OBJECTIVES:
        raise UsageError(f"unknown objective {objective!r}", hint="objectives: mean-turn, won-by, keep-odds")
    if objective == "match":
        raise UsageError("the match win rate needs `deckkit match`, which this version does not have",
                         hint="objectives: mean-turn, won-by, keep-odds")
    if objective == "keep-odds" and not odds:
        raise UsageError("--objective keep-odds needs --odds CONDITION", hint='e.g. --odds "count(t:food) >= 2"')


def optimise(deck: DeckList, options: PlayOptions, catalogue: Any, *, pool: str, budget: int,
             objective: str = "mean-turn", neighbours: int = 6, confirm: int = 3,
             progress: Callable[[int, int], None] | None = None, backend: Any = None) -> OptimiseResult:
    """Search lists of the deck's size whose pool-card counts differ; see the module docstring."""
    from deckkit.query import compile_predicate

    check_game(deck.game)
    check_objective(objective, options.odds)
    if budget < 1:
        raise UsageError(f"--budget must be at least 1, not {budget}", hint="the budget counts the lists the search plays")
    if budget > MAX_BUDGET:
        raise UsageError(f"--budget {budget} is more than {MAX_BUDGET:,}", hint="a few hundred lists are plenty")
    test = compile_predicate(pool)
    cards = [c for c in game_cards(catalogue, deck.game) if test(c)]
    in_deck = [c for c, _ in deck.entries if test(c)]
    cards += [c for c in in_deck if c["id"] not in {x["id"] for x in cards}]
    if not cards:
        raise UsageError(f"--pool {pool!r} matches no card of {deck.game}", hint="try the query with `deckkit search`")
    if len(cards) < 2:
        raise UsageError(f"--pool {pool!r} matches only {cards[0]['name']}; a move needs two cards",
                         hint="widen the pool query")
    if problems_of(deck):
        raise UsageError(f"the deck itself is not legal: {problems_of(deck)[0]}",
                         hint="`deckkit deck validate DECK` lists every problem")

    rng = random.Random(f"{options.seed}:optimise")  # the search's own choices, apart from the games' chance
    seen: dict[tuple, Candidate] = {}
    evaluated = 0

    def score(lists: list[DeckList]) -> list[float]:
        if objective == "keep-odds":
            return [-(odds_of(d, options)) for d in lists]
        measures, _ = play(lists, options, None, backend)
        if objective == "mean-turn":
            return [m.mean_turn if m.mean_turn is not None else float(options.max_turns) for m in measures]
        return [-(m.won_by or 0.0) for m in measures]

    start_score = score([deck])[0] if objective == "keep-odds" else None
    if start_score is None:
        measures, _ = play([deck], options, None, backend)  # also fixes "won by turn T" from the start deck
        m = measures[0]
        start_score = m.mean_turn if objective == "mean-turn" else -(m.won_by or 0.0)
        if start_score is None:
            start_score = float(options.max_turns)
    current = Candidate(deck, start_score, "start")
    seen[deck.key()] = current
    path: list[str] = []
    for k in STEPS:
        while evaluated < budget:
            moves = _moves(current.deck, cards, k, rng, min(neighbours, budget - evaluated), seen)
            if not moves:
                break
            scores = score([v for v, _ in moves])
            evaluated += len(moves)
            if progress:
                progress(evaluated, budget)
            batch = [Candidate(v, s, v.describe_change(deck)) for (v, _), s in zip(moves, scores)]
            for c in batch:
                seen[c.deck.key()] = c
            best = min(batch, key=lambda c: c.score)
            if best.score < current.score:
                step = next(m for (v, m) in moves if v.key() == best.deck.key())
                path.append(f"{step}: {current.score if objective == 'mean-turn' else -current.score:.4f} → "
                            f"{best.score if objective == 'mean-turn' else -best.score:.4f}")
                current = best
            else:
                break  # no move of this size helps: try smaller ones
    ranked = sorted((c for c in seen.values() if c.change != "start"), key=lambda c: c.score)[:5]
    result = OptimiseResult(deck, objective, budget, evaluated, start_score, ranked, path=path, options=options)
    if ranked and objective != "keep-odds":
        fresh = PlayOptions(**{**options.__dict__, "seed": f"{options.seed}:confirm"})
        result.confirm_seed = str(fresh.seed)
        shown = [replace(c.deck, label=c.change) for c in ranked[:confirm]]
        result.confirmed, _ = play([deck] + shown, fresh, None, backend)
    return result


def _moves(deck: DeckList, pool: list[dict], k: int, rng: random.Random, want: int,
           seen: dict[tuple, Candidate]) -> list[tuple[DeckList, str]]:
    """Up to ``want`` new legal lists: ``k`` copies of one pool card in the deck become another pool card."""
    counts = deck.counts()
    sources = [c for c in pool if counts.get(c["id"], 0) >= k]
    if not sources:
        return []
    out: list[tuple[DeckList, str]] = []
    keys = set()
    tries = 0
    while len(out) < want and tries < want * 20:
        tries += 1
        a = rng.choice(sources)
        b = rng.choice(pool)
        if a["id"] == b["id"]:
            continue
        label = f"-{k} {a['name']} +{k} {b['name']}"
        v = deck.with_counts({a["id"]: (a, counts[a["id"]] - k), b["id"]: (b, counts.get(b["id"], 0) + k)}, label)
        key = v.key()
        if key in seen or key in keys or problems_of(v):
            continue
        keys.add(key)
        out.append((v, label))
    return out
