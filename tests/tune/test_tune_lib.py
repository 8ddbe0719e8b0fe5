"""deckkit.tune as a library: specs, spreads, legality of points, common random numbers, Holm, the optimiser."""

from __future__ import annotations

import pytest

from deckkit.decks import CardPool
from deckkit.errors import UsageError
from deckkit.paths import data_dir
from deckkit.sim.stats import Interval, holm, two_sided_p
from deckkit.tune import PlayOptions, card_tests, load_list, optimise, play, run_sweep, swap, vary
from deckkit.tune.lists import problems_of, spread
from deckkit.tune.spec import parse_values

DECKS = data_dir() / "decks"


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled()


@pytest.fixture(scope="module")
def ob(pool):
    return load_list(DECKS / "obludarium-standard.deck", pool)


@pytest.fixture(scope="module")
def af(pool):
    return load_list(DECKS / "alomfogo-casual.deck", pool)


@pytest.mark.parametrize("text,values", [("20", [20]), ("14..18", [14, 15, 16, 17, 18]), ("12..20/4", [12, 16, 20]),
                                         ("12, 16,20", [12, 16, 20]), ("3..5,4", [3, 4, 5])])
def test_values(text, values):
    assert parse_values(text, "--vary") == values


@pytest.mark.parametrize("text,message", [("x", "not a count"), ("5..3", "backwards"), ("1..9/0", "step"),
                                          ("-2..3", "cannot be negative"), ("0..1000", "more than")])
def test_bad_values(text, message):
    with pytest.raises(UsageError, match=message):
        parse_values(text, "--vary")


def test_spread_is_proportional_and_exact():
    assert spread(12, [4, 4, 3, 3, 3, 3]) == [2, 2, 2, 2, 2, 2]  # 2.4, 2.4, 1.8 … by largest remainder
    assert spread(7, [4, 4, 3, 3, 3, 3]) == [2, 1, 1, 1, 1, 1]  # 1.4, 1.4, 1.05 …: a tie goes to the first
    assert sum(spread(31, [4, 4, 3, 3, 3, 3])) == 31
    assert spread(5, [0, 0]) == [3, 2]


def test_food_sweep_points_keep_the_size_and_spread_food(ob, pool):
    """OB-207's food share is what a sweep moves; the deck's 60 cards (OB-204) stay 60."""
    sweep = vary(ob, "t:food=12..24/4", pool)
    assert [p.value for p in sweep.points] == [12, 16, 20, 24]
    assert sweep.base_value == 20
    for p in sweep.points:
        assert p.legal and p.deck is not None and p.deck.size == 60
        assert sum(n for c, n in p.deck.entries if c["type"] == "food") == p.value
    same = sweep.points[2].deck
    assert same is not None and same.key() == ob.key()  # 20 food is the deck as it is


def test_single_card_and_fill_query(ob, pool):
    sweep = vary(ob, "Chleba=2..6/2", pool, fill="t:monster")
    for p in sweep.points:
        assert p.deck is not None and p.deck.size == 60
        counts = {c["name"]: n for c, n in p.deck.entries}
        assert counts["Chleba"] == p.value
        assert counts["Buřty"] == 4  # food other than Chleba is not a fill card
        assert sum(n for c, n in p.deck.entries if c["type"] in ("artifact", "spell")) == 14


def test_copy_limit_points_are_illegal_and_named(af, pool):
    """AF-208: at most 3 copies by name in Álomfogó; a sweep past it is refused, point by point."""
    name = af.entries[0][0]["name"]
    sweep = vary(af, f"{name}=1..5", pool)
    bad = [p for p in sweep.points if not p.legal]
    assert [p.value for p in bad] == [4, 5]
    assert all("at most 3" in p.problems[0] for p in bad)
    with pytest.raises(UsageError, match="leave alomfogo-casual") as info:
        run_sweep(af, sweep, PlayOptions(games=20, workers=1))
    assert "1..3" in info.value.hint and "--skip-illegal" in info.value.hint


def test_unknown_card_or_query_is_a_usage_error(ob, pool):
    with pytest.raises(UsageError, match="not a card of the deck or the catalogue") as info:
        vary(ob, "Chlebba=3", pool)
    assert "Chleba" in info.value.hint
    with pytest.raises(UsageError, match="matches no card of the deck"):
        vary(ob, "t:monster cost>=9=3", pool)


def test_swap_points(ob, pool):
    sweep = swap(ob, "Chleba->Gryf", pool)
    assert [p.value for p in sweep.points] == [0, 1, 2, 3, 4]
    last = sweep.points[-1].deck
    assert last is not None and {c["name"]: n for c, n in last.entries}["Gryf"] == 5
    assert "Chleba" not in {c["name"] for c, _ in last.entries}


def test_same_seed_same_measures_for_any_worker_count(ob, pool):
    lists = [p.deck for p in vary(ob, "t:food=16..20/4", pool).points]
    one, _ = play([ob, *lists], PlayOptions(games=120, seed=3, workers=1))
    two, _ = play([ob, *lists], PlayOptions(games=120, seed=3, workers=2))
    assert [m.as_json() for m in one] == [m.as_json() for m in two]


def test_common_random_numbers_make_paired_intervals_narrower(ob, pool):
    """The paired Δ of a close variant is far narrower than either deck's own interval."""
    (p,) = vary(ob, "t:food=19", pool).points
    measures, _ = play([ob, p.deck], PlayOptions(games=400, seed=1, workers=1))
    own = measures[1].mean_turn_ci[1] - measures[1].mean_turn_ci[0]
    paired = measures[1].diff_ci[1] - measures[1].diff_ci[0]
    assert paired < own / 2


def test_holm_steps_down():
    assert holm([0.01, 0.04, 0.03, 0.5], alpha=0.05) == [True, False, False, False]
    assert holm([0.001, 0.01, 0.02], alpha=0.05) == [True, True, True]
    assert holm([None, 0.001], alpha=0.05) == [False, True]
    assert two_sided_p(Interval(0.0, -1.0, 1.0, 100)) == pytest.approx(1.0)
    assert two_sided_p(Interval(1.96, 0.0, 3.92, 10**6)) == pytest.approx(0.05, abs=1e-3)


def test_remove_each_ranks_and_states(pool):
    deck = load_list(DECKS / "obludarium-standard.deck", pool)
    result = card_tests(deck, PlayOptions(games=150, seed=2, workers=1), pool, remove_each=True,
                        filler="Chleba", copies=2)
    diffs = [t.measure.diff for t in result.tests if t.measure]
    assert diffs == sorted(diffs)
    assert len(result.tests) == len(deck.entries) - 1  # the filler is not tested against itself
    assert "family-wise" in result.statement()
    assert result.as_json()["multiple_comparisons"] == "holm"


def test_af_203_remove_each_default_filler_respects_the_copy_limit():
    """AF-203: at most 3 copies by name. The designer deck holds 3 Botlik Zsófi, its commonest card, so
    the default filler is the commonest card with room for one more; a filler at the limit is refused
    with the rule's problem in the message."""
    import json

    from deckkit.catalogue import bundled_cards

    examples = data_dir() / "cards" / "examples"
    pool = CardPool([*bundled_cards("alomfogo"), *json.loads((examples / "af-designer.json").read_text("utf-8"))])
    deck = load_list(examples / "af-designer.deck", pool)
    assert max(n for _, n in deck.entries) == 3
    result = card_tests(deck, PlayOptions(games=30, seed=1, workers=1), pool, remove_each=True)
    assert all(t.measure is not None for t in result.tests), [t.problems for t in result.tests if t.problems]
    assert all("+1 Botlik Zsófi" not in t.change for t in result.tests)
    with pytest.raises(UsageError, match="no variant is legal.*at most 3"):
        card_tests(deck, PlayOptions(games=30, seed=1, workers=1), pool, remove_each=True, filler="Botlik Zsófi",
                   copies=1)


def test_kotlik_is_refused_in_words(pool):
    deck = load_list(DECKS / "kotlik-standard.deck", pool)
    with pytest.raises(UsageError, match="reports scores"):
        card_tests(deck, PlayOptions(games=10), pool, remove_each=True)


def test_optimiser_fixes_a_deck_short_of_food(ob, pool):
    """Food pays for everything (OB-107): from 8 food the search must add food and win sooner."""
    (start_point,) = vary(ob, "t:food=8", pool).points
    start = start_point.deck
    assert start is not None and not problems_of(start)
    options = PlayOptions(games=200, seed=5, workers=1)
    result = optimise(start, options, pool, pool="t:food or t:monster", budget=12, neighbours=6, confirm=1)
    assert result.evaluated <= 12
    best = result.best[0]
    assert best.score < result.start_score
    food = sum(n for c, n in best.deck.entries if c["type"] == "food")
    assert food > 8 and best.deck.size == 60
    assert "sooner" in result.confirmed[1].verdict


@pytest.mark.parametrize("kwargs,message", [({"pool": "t:food atk>=50", "budget": 5}, "matches no card"),
                                            ({"pool": "t:food", "budget": 0}, "at least 1"),
                                            ({"pool": "t:food", "budget": 5, "objective": "fastest"}, "unknown objective"),
                                            ({"pool": "t:food", "budget": 5, "objective": "match"}, "needs --against")])
def test_optimiser_bad_input(ob, pool, kwargs, message):
    with pytest.raises(UsageError, match=message):
        optimise(ob, PlayOptions(games=10), pool, **kwargs)


def test_optimiser_raises_a_match_score_on_paired_games(af, pool):
    """The match objective: every list meets the same deals, seats and AI generators against the
    opponent, so the search's comparisons and the confirmation are paired game by game."""
    rival = load_list(DECKS / "alomfogo-tournament.deck", pool)
    options = PlayOptions(games=24, seed=3, workers=1, against=tuple(rival.cards()), against_label="rival",
                          against_game=rival.game)
    kwargs = dict(pool="t:dreamwalker or t:instant", budget=6, objective="match", neighbours=3, confirm=2)
    result = optimise(af, options, pool, **kwargs)
    again = optimise(af, PlayOptions(**{**options.__dict__, "workers": 2}), pool, **kwargs)
    assert [c.score for c in result.best] == [c.score for c in again.best]  # any worker count
    assert 0 <= -result.start_score <= 1 and result.objective == "match"
    assert len(result.confirmed) == 3 and result.confirmed[0].diff == 0.0
    assert "against rival" in result.confirmed[1].verdict
    assert result.as_json()["objective"] == "match"


def test_match_objective_refuses_an_opponent_of_another_game(af, ob, pool):
    options = PlayOptions(games=4, workers=1, against=tuple(ob.cards()), against_label="ob.deck",
                          against_game=ob.game)
    with pytest.raises(UsageError, match="plays obludarium, the deck alomfogo"):
        optimise(af, options, pool, pool="t:instant", budget=2, objective="match")


def _food(deck):
    return sum(n for c, n in deck.entries if c["type"] == "food")


def test_optimiser_ends_within_one_of_the_sweep_on_the_same_axis(ob, pool):
    """OB-107 / OB-207: 12 food, Bahňák filling the rest. Searching food against Bahňák (the axis a
    food sweep with --fill Bahňák walks), the search must end within one food card of that sweep's
    fastest point on the same seeds, and beat the start on fresh ones. (Few games: the greedy pilot
    values every action on a copy of the game, about 300 games a second.)"""
    (p,) = vary(ob, "t:food=12", pool, fill="Bahňák").points
    start = p.deck
    assert start is not None and _food(start) == 12
    options = PlayOptions(games=100, seed=4, workers=1)
    sweep = run_sweep(start, vary(start, "t:food=12..23", pool, fill="Bahňák"), PlayOptions(games=100, seed=4, workers=1))
    fastest = sweep.best()
    assert fastest is not None and fastest[0] >= 16  # 12 food is deliberately far from it
    result = optimise(start, options, pool, pool="t:food or Bahňák", budget=30, confirm=1)
    assert result.evaluated <= 30
    assert abs(_food(result.best[0].deck) - fastest[0]) <= 1
    assert "sooner" in result.confirmed[1].verdict


class _FakeMeasure:
    def __init__(self, mean_turn):
        self.mean_turn = mean_turn
        self.won_by = None


def _fake_play(turns_of):
    """A stand-in for the goldfish runner: game ``i`` of a list wins on ``turns_of(list, seed, i)``."""
    from deckkit.engine.results import WinRecord

    calls = []

    def fake(lists, options, progress=None, backend=None):
        calls.append((len(lists), options.games, str(options.seed)))
        records = [[WinRecord(True, turns_of(d, str(options.seed), i), index=i) for i in range(options.games)]
                   for d in lists]
        return [_FakeMeasure(sum(r.turn for r in recs) / len(recs)) for recs in records], records

    return fake, calls


@pytest.mark.parametrize("gain,noise,seeds_played,decision", [
    (1.0, 0.1, 2, "H1"),     # a clear gain: ranked on round 0, accepted by the SPRT on the first fresh round
    (-1.0, 0.1, 1, None),    # a clear loss is never tested
    (0.005, 0.1, 2, "H0"),   # next to no gain: the SPRT refuses it on the first fresh round
    (0.05, 3.0, 5, None),    # halfway between H0 and H1 in much noise: undecided after 4 rounds, so refused
])
def test_comparisons_rank_on_round_0_and_decide_by_an_sprt_on_fresh_seeds(ob, monkeypatch, gain, noise, seeds_played,
                                                                           decision):
    """Both lists play the same seeds; round 0 only ranks, an SPRT (0 against 0.1 turns) on fresh shared
    rounds decides, and a move is accepted only when it accepts H1 — never by an estimate at the cap."""
    import importlib
    import random as _random

    opt = importlib.import_module("deckkit.tune.optimise")  # the package re-exports the function under this name

    other = ob.with_counts({ob.entries[0][0]["id"]: (ob.entries[0][0], ob.entries[0][1] - 1),
                            ob.entries[1][0]["id"]: (ob.entries[1][0], ob.entries[1][1] + 1)}, "variant")

    def turns_of(deck, seed, i):
        luck = _random.Random(f"{seed}:{i}").randint(4, 9)  # the shuffle's luck, the same for both lists
        if deck.key() != other.key():
            return luck
        return luck - gain + (noise if i % 2 else -noise)  # what the variant does differently, game by game

    fake, calls = _fake_play(turns_of)
    monkeypatch.setattr(opt, "play", fake)
    games = opt._Games(PlayOptions(games=100, seed=1), "mean-turn", None, budget=100, progress=None)
    games.first_round([ob, other])
    verdict = games.compare(ob, other, rounds=4)
    assert (verdict is not None and verdict.accept) == (decision == "H1")
    seeds = {seed for _, _, seed in calls}
    assert len(seeds) == seeds_played  # one seed per round, shared by both lists
    assert all(g == 100 for _, g, _ in calls)  # fresh rounds of --games each, never doubled
    if seeds_played > 1:
        assert verdict is not None and verdict.test is not None and verdict.test.decision == decision
        assert verdict.games == 100 * (seeds_played - 1)  # round 0 never counts in the test
    if decision is None and seeds_played > 1:
        assert "undecided (refused)" in verdict.words()
    assert games.spent == sum(n for n, _, _ in calls)


def test_moves_are_tried_best_predicted_first(ob):
    """What the played moves taught (an additive value per copy, lower score better) orders the next ones."""
    import importlib
    import random as _random

    opt = importlib.import_module("deckkit.tune.optimise")
    cards = [c for c, _ in ob.entries]
    a, b, c = cards[0], cards[1], cards[2]
    values = opt._Values()
    # moving a copy of a into b made the score 0.4 lower (better); c into a 0.2 higher (worse)
    values.observe(ob, ob.with_counts({a["id"]: (a, ob.count_of(a) - 1), b["id"]: (b, ob.count_of(b) + 1)}, "x"), -0.4)
    values.observe(ob, ob.with_counts({c["id"]: (c, ob.count_of(c) - 1), a["id"]: (a, ob.count_of(a) + 1)}, "y"), 0.2)
    assert values.predict(a["id"], b["id"]) < 0 < values.predict(b["id"], a["id"])
    first = next(opt._moves(ob, cards, 1, _random.Random(0), {}, values))
    assert first.count_of(b) == ob.count_of(b) + 1  # b is the card whose copies helped most
    unordered = [m.key() for m in opt._moves(ob, cards[:4], 1, _random.Random(0), {})]
    ordered = [m.key() for m in opt._moves(ob, cards[:4], 1, _random.Random(0), {}, values)]
    assert sorted(unordered) == sorted(ordered) and len(ordered) == len(set(ordered))  # same moves, each once
