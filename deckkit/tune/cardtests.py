"""Card tests: each card taken out for a filler (``--remove-each``), each candidate put in for one (``--add-each``).

Every variant plays the seeds of the deck itself, so its change in mean win turn is a paired
difference. With many variants some intervals miss zero by chance alone; Holm's step-down
procedure on the paired differences' p-values says which changes are clearly real with a
family-wise error of at most 1 − confidence.

With ``options.sprt`` every variant is also tested sequentially against the deck: after the first
``--games`` games, variants still undecided play ``--games`` more with the deck on fresh shared seeds,
up to :data:`deckkit.tune.optimise.ROUNDS` rounds, each by an SPRT on the paired gains in turns (H0:
the variant wins ``D0`` turns sooner, H1: ``D1``) at β and at α divided by the number of variants
(Bonferroni), so the chance of any false "sooner" among them stays at most α.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckkit.errors import UsageError
from deckkit.tune.evaluate import Measure, PlayOptions, Progress, check_game, play
from deckkit.tune.lists import DeckList, game_cards, problems_of
from deckkit.tune.spec import find_card

MAX_CANDIDATES = 200


@dataclass
class CardTest:
    """One variant: the card tested, the list, its measure, whether Holm calls its change real."""

    card: str
    change: str
    measure: Measure | None
    problems: tuple[str, ...] = ()
    real: bool = False
    test: Any = None  # its deckkit.sim.sprt.Sprt when the card tests run sequentially


@dataclass
class CardTestResult:
    """The deck's figures and the variants, ranked by the change in mean win turn."""

    deck: DeckList
    mode: str  # "remove-each" or "add-each"
    filler: str | None
    copies: int
    base: Measure
    tests: list[CardTest]
    options: PlayOptions

    def statement(self) -> str:
        """Which changes are clearly real, in words (Holm, family-wise; or the SPRTs' decisions)."""
        conf = f"{self.options.confidence * 100:g}%"
        played = [t for t in self.tests if t.measure is not None]
        tested = [t for t in played if t.test is not None]
        if tested:
            first = tested[0].test
            sooner = [t.card for t in tested if t.test.decision == "H1"]
            not_sooner = sum(1 for t in tested if t.test.decision == "H0")
            rates = (f"SPRT of {first.h0:g} against {first.h1:g} turns sooner per change, family-wise α = "
                     f"{self.options.alpha * 100:g}% (each at α/{len(tested)}), β = {first.beta * 100:g}%")
            return (f"{len(sooner)} of {len(tested)} changes win sooner ({rates})" + (": " + ", ".join(sooner) if sooner
                    else "") + f"; {not_sooner} shown not to; {len(tested) - len(sooner) - not_sooner} undecided")
        real = [t for t in played if t.real]
        if not real:
            return (f"none of the {len(played)} changes is clearly real at {conf} family-wise confidence "
                    "(Holm on the paired differences); more games may tell")
        names = ", ".join(f"{t.card} ({t.measure.diff:+.2f})" for t in real if t.measure and t.measure.diff is not None)
        return (f"{len(real)} of {len(played)} changes are clearly real at {conf} family-wise confidence "
                f"(Holm on the paired differences): {names}")

    def as_json(self) -> dict[str, Any]:
        """The ``tune -o json`` object of card tests."""
        return {
            "deck": self.deck.label, "game": self.deck.game, "mode": self.mode, "filler": self.filler,
            "copies": self.copies, "games": self.options.games, "seed": self.options.seed,
            "confidence": self.options.confidence, "by_turn": self.options.by_turn,
            "multiple_comparisons": "holm", "baseline": self.base.as_json(),
            "tests": [{"card": t.card, "change": t.change, "legal": t.measure is not None, "problems": list(t.problems),
                       "clearly_real": t.real, **({"measure": t.measure.as_json()} if t.measure else {}),
                       **({"sprt": t.test.as_json()} if t.test is not None else {})}
                      for t in self.tests],
            "statement": self.statement(),
        }


def _fillers(deck: DeckList, exclude: str | None) -> list[dict]:
    """The deck's other cards, most copies first (ties: deck order): the default filler's candidates."""
    ranked = sorted(((n, -i, c) for i, (c, n) in enumerate(deck.entries) if c["id"] != exclude),
                    key=lambda t: (t[0], t[1]), reverse=True)
    if not ranked:
        raise UsageError("the deck has no other card to use as the filler", hint="name one with --filler NAME")
    return [c for _, _, c in ranked]


def _default_filler(deck: DeckList, exclude: str | None) -> dict:
    return _fillers(deck, exclude)[0]


def card_tests(deck: DeckList, options: PlayOptions, catalogue: Any, *, remove_each: bool = False,
               add_each: str | None = None, filler: str | None = None, copies: int = 1,
               progress: Progress | None = None, backend: Any = None) -> CardTestResult:
    """Play the deck and each variant on common random numbers; rank them and apply Holm."""
    check_game(deck.game)
    if copies < 1:
        raise UsageError(f"--copies must be at least 1, not {copies}")
    if problems_of(deck):
        raise UsageError(f"the deck itself is not legal: {problems_of(deck)[0]}",
                         hint="`deckkit deck validate DECK` lists every problem")
    fill_card = find_card(catalogue, filler, deck.game) if filler else None
    if remove_each:
        variants, mode = _removals(deck, fill_card, copies), "remove-each"
    else:
        variants, mode = _additions(deck, catalogue, add_each or "", fill_card, copies), "add-each"
    legal = [v for v in variants if not v[3]]
    if not legal:
        first = variants[0] if variants else None
        raise UsageError("no variant is legal under the deck's format"
                         + (f": {first[1]} breaks it ({first[3][0]})" if first and first[3] else ""),
                         hint="pick another --filler or fewer --copies")
    played_lists = [v[2] for v in legal if v[2] is not None]
    measures, records = play([deck] + played_lists, options, progress, backend)
    by_label = iter(measures[1:])
    tests = []
    for name, change, _v, problems in variants:
        tests.append(CardTest(name, change, None if problems else next(by_label), problems))
    _apply_holm(tests, options.confidence)
    if options.sprt is not None:
        _sequential(deck, played_lists, records, [t for t in tests if t.measure is not None], options, backend)
    tests.sort(key=lambda t: (t.measure is None, t.measure.diff if t.measure and t.measure.diff is not None else 0.0,
                              t.card))
    filler_name = fill_card["name"] if fill_card else None
    return CardTestResult(deck, mode, filler_name, copies, measures[0], tests, options)


# (card, change, the variant, its problems under the deck's format)
_Variant = tuple[str, str, DeckList | None, tuple[str, ...]]


def _removals(deck: DeckList, fill_card: dict | None, copies: int) -> list[_Variant]:
    """Each card of the deck with ``copies`` copies out and the filler in (one variant per card)."""
    variants: list[_Variant] = []
    for card, n in deck.entries:
        if fill_card is not None and card["id"] == fill_card["id"]:
            continue
        k = min(copies, n)
        # The default filler is the most common other card that can take k more copies under the
        # format: under a copy limit the commonest card is often already at it.
        tried: list[_Variant] = []
        for f in [fill_card] if fill_card else _fillers(deck, card["id"]):
            v = deck.with_counts({card["id"]: (card, n - k), f["id"]: (f, deck.count_of(f) + k)},
                                 f"-{k} {card['name']}")
            tried.append((card["name"], f"-{k} {card['name']}, +{k} {f['name']}", v, tuple(problems_of(v))))
            if not tried[-1][3]:
                break
        variants.append(tried[-1] if not tried[-1][3] else tried[0])
    return variants


def _additions(deck: DeckList, catalogue: Any, add_each: str, fill_card: dict | None, copies: int) -> list[_Variant]:
    """Each card matching the query with ``copies`` copies in and the filler out (one variant per card)."""
    from deckkit.query import compile_predicate

    test = compile_predicate(add_each)
    pool = [c for c in game_cards(catalogue, deck.game) if test(c)]
    if not pool:
        raise UsageError(f"--add-each {add_each!r} matches no card of {deck.game}",
                         hint="try the query with `deckkit search`")
    if len(pool) > MAX_CANDIDATES:
        raise UsageError(f"--add-each {add_each!r} matches {len(pool)} cards, more than {MAX_CANDIDATES}",
                         hint="narrow the query")
    variants: list[_Variant] = []
    for card in pool:
        f = fill_card or _default_filler(deck, card["id"])
        if f["id"] == card["id"]:
            continue
        k = min(copies, deck.count_of(f))
        if k < 1:
            raise UsageError(f"the filler {f['name']} is not in the deck", hint="name a card of the deck with --filler")
        v = deck.with_counts({f["id"]: (f, deck.count_of(f) - k), card["id"]: (card, deck.count_of(card) + k)},
                             f"+{k} {card['name']}")
        variants.append((card["name"], f"+{k} {card['name']}, -{k} {f['name']}", v, tuple(problems_of(v))))
    return variants


def _sequential(deck: DeckList, lists: list[DeckList], records: list[list[Any]], tests: list[CardTest],
                options: PlayOptions, backend: Any) -> None:
    """Test every variant against the deck by an SPRT on paired gains, playing fresh rounds while any is undecided."""
    from dataclasses import replace

    from deckkit.sim.sprt import Sprt, llr_normal_of
    from deckkit.sim.turntests import gains
    from deckkit.tune.optimise import ROUNDS

    h0, h1 = options.sprt or (0.0, 0.1)
    alpha = options.alpha / max(1, len(tests))
    for t in tests:
        t.test = Sprt(h0, h1, alpha, options.beta, "turns")
    seen: list[list[float]] = [gains(records[0], recs) for recs in records[1:]]
    for r in range(1, ROUNDS + 1):
        for t, xs in zip(tests, seen):
            if t.test.decision is None:
                t.test.update(len(xs), llr_normal_of(xs, h0, h1))
        open_ = [k for k, t in enumerate(tests) if t.test.decision is None]
        if not open_ or r == ROUNDS:
            break
        fresh = replace(options, seed=f"{options.seed}:round{r}", odds=None)
        _, more = play([deck] + [lists[k] for k in open_], fresh, None, backend)
        for k, recs in zip(open_, more[1:]):
            seen[k] += gains(more[0], recs)


def _apply_holm(tests: list[CardTest], confidence: float) -> None:
    from deckkit.sim.stats import holm

    played = [t for t in tests if t.measure is not None]
    flags = holm([t.measure.diff_p if t.measure else None for t in played], 1 - confidence)
    for t, flag in zip(played, flags):
        t.real = flag

