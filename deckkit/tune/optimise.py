"""``deckkit tune DECK --optimise --pool QUERY --budget N``: a seeded local search over deck lists.

In the spirit of Frank Karsten's mana-curve searches: from the deck, try moves of ``k`` copies from
one pool card to another (``k`` = 4, then 2, then 1 once no larger move helps). Only cards matching
the pool query change; the deck's size stays and every candidate must be legal under the deck's
format (copy limits, bans, composition).

- **Neighbourhood.** Every move of size ``k`` (each source card with ``k`` copies to spare, each
  other pool card) is a neighbour; they are tried a batch at a time, until one is accepted or all
  have been tried. A batch that helps no one does not end a step size — only the whole
  neighbourhood does. The order is the predicted change first: every list played so far (on the
  shared seeds of round 0) is read as an additive model, a value per copy of each card moved
  (:class:`_Values`), and ties keep an order drawn from the search's own generator. With a random
  order the budget went mostly to moves like those that had already failed, and the search ran
  out of it far from a local best (from 12 food, 300 games a list, budget 120: 5.39 mean win turns
  in random order, 4.93 in predicted order; at 1,000 games and budget 180: 4.95, on a list whose
  own food sweep is fastest at 17 food, the search's list having 16).
- **Comparisons on common random numbers, tested sequentially.** A candidate and the current list
  play the same seeds. The first ``--games`` games only rank the candidates (a candidate that looks
  no better there is not tested); the candidate is then judged on *fresh* shared seeds, ``--games``
  more at a time, by an SPRT on the paired per-game gains (:mod:`deckkit.sim.sprt`: H0 the gain is
  ``D0``, H1 it is ``D1``, error rates α and β). A move is accepted only when the test accepts H1; a
  test still undecided after ``ROUNDS`` rounds (or when the budget runs out) refuses the move.
  The games that ranked a candidate never decide for it, and no estimate at a cap does: a stopping
  rule that adds games while tied and then lets the estimate decide accepts far more null moves
  than its nominal rate.
- **Budget** counts lists of ``--games`` games: a list that plays 4n games spends 4.

Many tests along the way can let a null move through now and then, and the search's own figures
flatter its winners; so the list it ends on is tested once more against the starting deck on fresh
seeds by the same SPRT, and only a list that passes is an improvement (``improved``) — the one the
CLI writes. The best lists are also played again on fresh seeds beside the start, for the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any
from collections.abc import Callable, Iterator, Sequence

from deckkit.errors import UsageError
from deckkit.sim.sprt import Sprt
from deckkit.tune.evaluate import Measure, PlayOptions, check_game, odds_of, play
from deckkit.tune.lists import DeckList, game_cards, problems_of

OBJECTIVES = ("mean-turn", "won-by", "keep-odds", "match")
STEPS = (4, 2, 1)
MAX_BUDGET = 10_000
ROUNDS = 8  # fresh rounds of --games games a sequential comparison may play before it refuses the move
DEFAULT_HYPOTHESES = {"mean-turn": (0.0, 0.1), "won-by": (0.0, 0.02), "match": (0.0, 20.0)}
UNITS = {"mean-turn": "turns", "won-by": "won-by share", "match": "Elo"}


@dataclass
class Candidate:
    """A list the search played: its objective value (lower is better inside the search) and its change."""

    deck: DeckList
    score: float
    change: str

    def figure_text(self, objective: str) -> str:
        """The objective's own figure (scores of "higher is better" objectives are negated inside)."""
        return f"{self.score if objective == 'mean-turn' else -self.score:.4f}"


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
    improved: bool = False  # the list ended on beat the start on fresh seeds at the stated error rates
    final: Verdict | None = None  # that last test (None when the search never left the start)

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
            "path": self.path, "improved": self.improved,
            "final_test": None if self.final is None else self.final.as_json(),
        }


def check_objective(objective: str, odds: str | None, against: object = None) -> None:
    """Refuse an unknown objective, or one without what it measures (exit 2)."""
    if objective not in OBJECTIVES:
        raise UsageError(f"unknown objective {objective!r}", hint="objectives: " + ", ".join(OBJECTIVES))
    if objective == "match" and not against:
        raise UsageError("--objective match needs --against DECK (the opponent every list plays)",
                         hint="e.g. --objective match --against my-rival.deck [--ai greedy]")
    if objective == "keep-odds" and not odds:
        raise UsageError("--objective keep-odds needs --odds CONDITION", hint='e.g. --odds "count(t:food) >= 2"')


def optimise(deck: DeckList, options: PlayOptions, catalogue: Any, *, pool: str, budget: int,
             objective: str = "mean-turn", neighbours: int = 6, confirm: int = 3, rounds: int = ROUNDS,
             progress: Callable[[int, int], None] | None = None, backend: Any = None) -> OptimiseResult:
    """Search lists of the deck's size whose pool-card counts differ; see the module docstring."""
    _check_search(deck, options, objective, budget)
    cards = _pool_cards(deck, catalogue, pool)
    if problems_of(deck):
        raise UsageError(f"the deck itself is not legal: {problems_of(deck)[0]}",
                         hint="`deckkit deck validate DECK` lists every problem")
    games = _Games(options, objective, backend, budget, progress)
    start_score = games.score(deck)
    current, seen, path = _climb(deck, start_score, cards, games, options.seed, objective, neighbours, rounds)
    others = sorted((c for c in seen.values() if c.change != "start" and c is not current), key=lambda c: c.score)
    ranked = ([current] if current.change != "start" else []) + others[:5 - (current.change != "start")]
    result = OptimiseResult(deck, objective, budget, round(games.spent), start_score, ranked, path=path,
                            options=options)
    if current.change != "start":
        if objective == "keep-odds":  # exact odds: a higher figure is a real improvement
            result.improved = current.score < start_score
        else:
            result.final = games.sequential(deck, current.deck, "confirm", rounds, budgeted=False)
            result.improved = result.final.accept
    if ranked and objective != "keep-odds":  # keep-odds is exact: nothing to confirm
        _confirm(result, ranked[:confirm], backend)
    return result


def _check_search(deck: DeckList, options: PlayOptions, objective: str, budget: int) -> None:
    """Refuse a game without goldfish, an objective without what it measures, an unfit opponent or budget."""
    check_game(deck.game)
    check_objective(objective, options.odds, options.against)
    if objective == "match":
        from deckkit.tune.matches import check_opponent

        check_opponent(deck, options)
    if budget < 1:
        raise UsageError(f"--budget must be at least 1, not {budget}", hint="the budget counts the lists the search plays")
    if budget > MAX_BUDGET:
        raise UsageError(f"--budget {budget} is more than {MAX_BUDGET:,}", hint="a few hundred lists are plenty")


def _pool_cards(deck: DeckList, catalogue: Any, pool: str) -> list[dict]:
    """The cards matching the pool query, of the catalogue and of the deck; at least two (a move needs both ends)."""
    from deckkit.query import compile_predicate

    test = compile_predicate(pool)
    cards = [c for c in game_cards(catalogue, deck.game) if test(c)]
    in_deck = [c for c, _ in deck.entries if test(c)]
    cards += [c for c in in_deck if c["id"] not in {x["id"] for x in cards}]
    if not cards:
        raise UsageError(f"--pool {pool!r} matches no card of {deck.game}", hint="try the query with `deckkit search`")
    if len(cards) < 2:
        raise UsageError(f"--pool {pool!r} matches only {cards[0]['name']}; a move needs two cards",
                         hint="widen the pool query")
    return cards


def _climb(deck: DeckList, start_score: float, cards: list[dict], games: _Games, seed: Any, objective: str,
           neighbours: int, rounds: int) -> tuple[Candidate, dict[tuple, Candidate], list[str]]:
    """The local search: moves of 4, 2, then 1 copies, a batch at a time, while the budget lasts.

    Returns the list it ended on, every list it played (by key) and the path of accepted moves.
    """
    rng = random.Random(f"{seed}:optimise")  # the search's own choices, apart from the games' chance
    current = Candidate(deck, start_score, "start")
    seen: dict[tuple, Candidate] = {deck.key(): current}
    path: list[str] = []
    values = _Values()
    for k in STEPS:
        moves = _moves(current.deck, cards, k, rng, seen, values)
        while games.left() >= 3:  # a candidate, and one fresh round of its test (two lists)
            batch = _take(moves, min(neighbours, int(games.left()) - 2))
            if not batch:
                break  # every move of this size has been tried from here: smaller moves next
            games.first_round(batch)
            tried = [Candidate(v, games.score(v), v.describe_change(deck)) for v in batch]
            for c in tried:
                seen[c.deck.key()] = c
                values.observe(current.deck, c.deck, c.score - current.score)
            accepted = _first_accepted(current, tried, games, rounds)
            if accepted is not None:
                c, verdict = accepted
                path.append(f"{c.deck.describe_change(current.deck)}: {current.figure_text(objective)} → "
                            f"{c.figure_text(objective)} ({verdict.words()})")
                current = c
                moves = _moves(current.deck, cards, k, rng, seen, values)  # a new neighbourhood around the new list
    return current, seen, path


def _first_accepted(current: Candidate, tried: list[Candidate], games: _Games,
                    rounds: int) -> tuple[Candidate, Verdict] | None:
    """The first of the batch, best first games first, that the sequential comparison accepts; None if none."""
    for c in sorted(tried, key=lambda c: c.score):
        verdict = games.compare(current.deck, c.deck, rounds)
        if verdict is None:
            return None  # the rest look no better on the first games (sorted), or the budget is spent
        if verdict.accept:
            return c, verdict
    return None


def _confirm(result: OptimiseResult, shown: list[Candidate], backend: Any) -> None:
    """Play the start and the best lists again on fresh seeds: the search's own figures flatter its winners."""
    options = result.options or PlayOptions()
    fresh = PlayOptions(**{**options.__dict__, "seed": f"{options.seed}:confirm"})
    result.confirm_seed = str(fresh.seed)
    lists = [result.deck] + [replace(c.deck, label=c.change) for c in shown]
    if result.objective == "match":
        from deckkit.tune.matches import match_measures

        result.confirmed = match_measures(lists, fresh, backend)
    else:
        result.confirmed, _ = play(lists, fresh, None, backend)


@dataclass
class Verdict:
    """A sequential paired comparison of a candidate with the current list (``estimate``: candidate − current,
    in the search's score, lower is better)."""

    accept: bool
    estimate: float
    lo: float | None
    hi: float | None
    games: int
    confidence: float
    exact: bool = False
    test: Sprt | None = None

    def words(self) -> str:
        """``Δ -0.031, 95% CI -0.045 to -0.017, 600 paired games on fresh seeds; SPRT: H1 accepted …``."""
        if self.exact:
            return f"Δ {self.estimate:+.6f}, exact"
        ci = "" if self.lo is None or self.hi is None else \
            f", {self.confidence * 100:g}% CI {self.lo:+.3f} to {self.hi:+.3f}"
        head = f"Δ {self.estimate:+.3f}{ci}, {self.games:,} paired games on fresh seeds"
        if self.test is None:
            return head
        t = self.test
        if t.decision is None:
            state = "undecided (refused)"
        else:
            state = f"{t.decision} accepted"
        return f"{head}; SPRT {state}, LLR {t.llr:+.2f}, bounds {t.lower:+.2f} and {t.upper:+.2f}, {t.rates_text()}"

    def as_json(self) -> dict[str, Any]:
        """The verdict's JSON object, with its test."""
        return {"accepted": self.accept, "difference": round(self.estimate, 6),
                "ci": [None if x is None else round(x, 6) for x in (self.lo, self.hi)], "games": self.games,
                "sprt": None if self.test is None else self.test.as_json()}


class _Games:
    """The games the search plays: each list's games on one seed are played once and kept (lists by their key).

    Round 0 is ``options.games`` games on ``options.seed`` (what the start and every candidate are
    ranked on); a tagged round (``"round3"``, ``"confirm1"``) plays ``options.games`` games on the seed
    ``"{seed}:{tag}"``, the same for every list, so two lists are paired game by game on it.
    """

    def __init__(self, options: PlayOptions, objective: str, backend: Any, budget: int,
                 progress: Callable[[int, int], None] | None) -> None:
        self.options, self.objective, self.backend = options, objective, backend
        self.budget, self.progress = budget, progress
        self.spent = 0.0
        # per (list, round): goldfish records, or (game index, score) pairs of the match objective
        self.records: dict[tuple[tuple, int | str], list[Any]] = {}
        self.scores: dict[tuple, float] = {}

    def left(self) -> float:
        """Budget left, in lists of ``options.games`` games."""
        return self.budget - self.spent

    def _round_options(self, r: int | str) -> PlayOptions:
        if r == 0:
            return self.options
        return PlayOptions(**{**self.options.__dict__, "seed": f"{self.options.seed}:{r}", "odds": None})

    def _play(self, lists: Sequence[DeckList], r: int | str, budgeted: bool = True) -> None:
        todo = list({d.key(): d for d in lists if (d.key(), r) not in self.records}.values())
        if not todo:
            return
        if self.objective == "keep-odds":
            for d in todo:
                self.records[d.key(), r] = []
                self.scores[d.key()] = -odds_of(d, self.options)
        elif self.objective == "match":
            from deckkit.tune.matches import match_scores

            opts = self._round_options(r)
            for d, scores in zip(todo, match_scores(todo, opts, self.backend)):
                self.records[d.key(), r] = scores
                if r == 0:  # negated: the search keeps the lowest score
                    self.scores[d.key()] = -sum(s for _, s in scores) / max(1, len(scores))
        else:
            opts = self._round_options(r)
            measures, records = play(todo, opts, None, self.backend)
            for d, m, recs in zip(todo, measures, records):
                self.records[d.key(), r] = recs
                if r == 0:
                    self.scores[d.key()] = self._figure(m)
        if budgeted:
            self.spent += len(todo)
        if self.progress:
            self.progress(min(self.budget, round(self.spent)), self.budget)

    def _figure(self, m: Any) -> float:
        if self.objective == "mean-turn":
            return m.mean_turn if m.mean_turn is not None else float(self.options.max_turns)
        return -(m.won_by or 0.0)

    def first_round(self, lists: Sequence[DeckList]) -> None:
        """Play round 0 of every list not played yet (one batch: the runner shares its workers)."""
        self._play(lists, 0)

    def score(self, deck: DeckList) -> float:
        """The list's objective on round 0 (lower is better; "higher is better" objectives negated)."""
        self._play([deck], 0)
        return self.scores[deck.key()]

    def _paired(self, base: list[Any], other: list[Any]) -> list[float]:
        """Per-game differences ``other − base`` of the objective on the same seeds."""
        if self.objective == "match":
            from deckkit.tune.matches import paired

            return [-d for d in paired(base, other)]  # negated like the score: a better list is lower
        if self.objective == "mean-turn":
            turns = {r.index: r.turn for r in base if r.won and r.turn is not None}
            return [r.turn - turns[r.index] for r in other if r.won and r.turn is not None and r.index in turns]
        t = self.options.by_turn or self.options.max_turns
        won = {r.index: 1 if r.won and r.turn is not None and r.turn <= t else 0 for r in base}
        # negated like the score: a list that wins by turn T more often has the lower figure
        return [won[r.index] - (1 if r.won and r.turn is not None and r.turn <= t else 0)
                for r in other if r.index in won]

    def new_test(self) -> Sprt:
        """The SPRT of the options' hypotheses (the objective's default when none given), on gains."""
        h0, h1 = self.options.sprt or DEFAULT_HYPOTHESES[self.objective]
        return Sprt(h0, h1, self.options.alpha, self.options.beta, UNITS[self.objective])

    def _gain_bounds(self, test: Sprt) -> tuple[float, float]:
        """The hypotheses on the scale of the per-game gains (a match's Elo as a score per game)."""
        if self.objective == "match":
            from deckkit.sim.sprt import elo_to_score

            return elo_to_score(test.h0) - 0.5, elo_to_score(test.h1) - 0.5
        return test.h0, test.h1

    def compare(self, current: DeckList, candidate: DeckList, rounds: int) -> Verdict | None:
        """Rank on round 0, then test ``candidate`` against ``current`` on fresh seeds; None when round 0
        shows no gain (the candidate is not tested)."""
        from deckkit.sim.stats import mean_interval

        conf = self.options.confidence
        if self.objective == "keep-odds":
            d = self.score(candidate) - self.score(current)
            return Verdict(True, d, None, None, 0, conf, exact=True) if d < 0 else None
        self._play([current, candidate], 0)
        first = mean_interval(self._paired(self.records[current.key(), 0], self.records[candidate.key(), 0]))
        if first.estimate is None or first.estimate >= 0:
            return None
        return self.sequential(current, candidate, "round", rounds)

    def sequential(self, base: DeckList, other: DeckList, tag: str, rounds: int, budgeted: bool = True) -> Verdict:
        """The SPRT of ``other`` against ``base`` on up to ``rounds`` fresh shared rounds ``{tag}1``, ``{tag}2`` …
        (the budget's rounds only while it lasts); accepted only when the test accepts H1."""

        from deckkit.sim.sprt import llr_normal_of
        from deckkit.sim.stats import mean_interval

        test = self.new_test()
        h0, h1 = self._gain_bounds(test)
        diffs: list[float] = []
        for r in range(1, rounds + 1):
            if budgeted and self.left() < 2:
                break  # no budget for another round: no decision, so no move
            name = f"{tag}{r}"
            self._play([base, other], name, budgeted)
            diffs += self._paired(self.records[base.key(), name], self.records[other.key(), name])
            gains = [-d for d in diffs]
            test.update(len(diffs), llr_normal_of(gains, h0, h1))
            if test.decision:
                break
        iv = mean_interval(diffs, self.options.confidence)
        return Verdict(test.decision == "H1", iv.estimate or 0.0, iv.lo, iv.hi, len(diffs), self.options.confidence,
                       test=test)


def _take(moves: Iterator[DeckList], n: int) -> list[DeckList]:
    out = []
    for v in moves:
        out.append(v)
        if len(out) >= n:
            break
    return out


class _Values:
    """What one more copy of each pool card did to the score, learnt from every list played so far.

    Each played move ``-k A +k B`` tells, on the shared seeds of round 0, how the score changed;
    read as an additive model (the change is the sum of per-copy values of the cards added, minus
    those removed) it is split evenly between its cards. The neighbourhood is then tried in the
    order of the predicted change instead of at random, so a budget of a few hundred lists is not
    spent mostly on moves that look like the ones that already failed, and a direction that paid
    (a kind of card the deck is short of) is followed further.
    """

    def __init__(self) -> None:
        self.total: dict[str, float] = {}
        self.seen: dict[str, int] = {}

    def observe(self, base: DeckList, other: DeckList, change: float) -> None:
        mine, theirs = other.counts(), base.counts()
        delta = {cid: mine.get(cid, 0) - theirs.get(cid, 0) for cid in {*mine, *theirs}}
        moved = sum(abs(d) for d in delta.values())
        if not moved:
            return
        for cid, d in delta.items():
            if d:
                self.total[cid] = self.total.get(cid, 0.0) + change * (1 if d > 0 else -1) / moved
                self.seen[cid] = self.seen.get(cid, 0) + 1

    def value(self, cid: str) -> float:
        """Mean change of the score per copy added (lower is better); 0 for a card never moved."""
        n = self.seen.get(cid)
        return self.total[cid] / n if n else 0.0

    def predict(self, out: str, into: str) -> float:
        return self.value(into) - self.value(out)


def _moves(deck: DeckList, pool: list[dict], k: int, rng: random.Random,
           seen: dict[tuple, Candidate], values: _Values | None = None) -> Iterator[DeckList]:
    """Every legal, not yet played list where ``k`` copies of one pool card in the deck become another pool card.

    The pairs are shuffled by the search's generator, then taken best predicted first (``values``,
    asked again before each pick, so what the last batch taught orders the next); the lists are
    built lazily (legality is checked only for the moves actually reached).
    """
    counts = deck.counts()
    pairs = [(a, b) for a in pool if counts.get(a["id"], 0) >= k for b in pool if b["id"] != a["id"]]
    rng.shuffle(pairs)
    while pairs:
        if values is None:
            a, b = pairs.pop(0)
        else:
            i = min(range(len(pairs)), key=lambda j: (values.predict(pairs[j][0]["id"], pairs[j][1]["id"]), j))
            a, b = pairs.pop(i)
        label = f"-{k} {a['name']} +{k} {b['name']}"
        v = deck.with_counts({a["id"]: (a, counts[a["id"]] - k), b["id"]: (b, counts.get(b["id"], 0) + k)}, label)
        if v.key() in seen or problems_of(v):
            continue
        yield v
