"""Whole games: conservation of the 56 cards, termination, replay, goldfish records and policies."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckkit.engine.results import ScoreRecord
from deckkit.errors import DeckkitError, IllegalAction, UsageError
from deckkit.games.kotlik import KotlikGame
from deckkit.games.kotlik.board import LINE_CELLS
from deckkit.games.kotlik.cards import bundled_cards
from deckkit.games.kotlik.policies import take_gain
from deckkit.games.kotlik.scoring import score_breakdown

from ko_helpers import GAME, all_cards

ALL = sorted(c["name"] for c in GAME.cardset.ingredients)


def random_game(seed, game=GAME, check_every_step=True):
    rng = random.Random(seed)
    state = game.new_game(None, random.Random(seed))
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, state.render()
        state.apply(str(rng.choice(legal)))
        steps += 1
        assert steps < 2000
        assert state.card_count() == 56  # KO-104: every card is somewhere
        if game.settings["end_condition"] == "any-line" and state.snapshot()["phase"] not in ("final", "over"):
            assert min(state.line_count) > 0, "KO-701/KO-Q8: a row or column is empty but the game goes on"
        if check_every_step:
            assert sorted(all_cards(state)) == ALL
            assert state.line_count == [sum(state.board[c] >= 0 for c in cells) for cells in LINE_CELLS]
            snap = state.snapshot()
            assert snap["p1"]["stone"] != snap["p2"]["stone"]  # KO-206
            assert all(0 <= snap[p]["stone"] < 20 for p in ("p1", "p2"))
            assert max(max(state.cnt[0]), max(state.cnt[1])) <= 4  # KO-811: 4 cards per ingredient
    return state


@pytest.mark.parametrize("game", [GAME, KotlikGame(direction="choose", explode_last_card=True, recipes=True),
                                  KotlikGame(take_line="edge", returned_card="bottom", end_condition="taken-line"),
                                  KotlikGame(ones_from="sets", ones="after-doubling", doubling="both")],
                         ids=["default", "variants-1", "variants-2", "ones-from-sets"])
def test_random_games_conserve_cards_and_end(game):
    for seed in range(25):
        state = random_game(seed, game)
        assert sorted(all_cards(state)) == ALL
        s = game.settings
        for p in (0, 1):
            full = score_breakdown(game.cardset, state.cauldron, p, doubling=s["doubling"], ones=s["ones"],
                                   ones_from=s["ones_from"], recipes=state.recipes)
            assert state.score(p) == full["total"]  # incremental scoring agrees with KO-800 from scratch


@pytest.mark.parametrize("ones_from", ["all", "sets"])
def test_ko_802_q10_greedy_gain_is_the_score_change(ones_from):
    """Greedy's incremental gain of a card equals the rise of the running score, with either KO-Q10 reading
    (with ``sets`` a third card can bring earlier 1s into the majority)."""
    game = KotlikGame(ones_from=ones_from)
    checked = flips = 0
    for seed in range(15):
        rng = random.Random(seed)
        state = game.new_game(None, random.Random(seed))
        while not state.is_terminal():
            p = state.active
            for card in state.board:
                if card < 0:
                    continue
                before = state.score(p)
                state._count_in(p, card)
                after = state.score(p)
                state._count_out(p, card)
                assert take_gain(state, p, card) == after - before
                assert state.score(p) == before
                checked += 1
                flips += state.ones_gain(p, card) != game.one[p][card]  # e.g. a third card brings a 1 in
            state.apply(str(rng.choice(state.legal_actions())))
    assert checked > 1000
    assert (flips > 0) == (ones_from == "sets")


def test_replaying_the_action_log_gives_the_same_game():
    for seed in range(10):
        state = random_game(seed, check_every_step=False)
        again = GAME.new_game(None, random.Random(seed))
        for action in state.history:
            again.apply(str(action))
        assert again.snapshot() == state.snapshot()


def test_goldfish_record_and_determinism():
    deck = list(bundled_cards())
    for policy, opponent in (("greedy", "greedy"), ("random", "passive"), ("greedy", "random")):
        rec = GAME.play_goldfish(deck, random.Random(5), policy=policy, opponent=opponent)
        assert isinstance(rec, ScoreRecord) and len(rec.scores) == 2 and rec.turns > 20
        assert rec == GAME.play_goldfish(deck, random.Random(5), policy=policy, opponent=opponent)
        s0, s1 = rec.scores
        assert rec.winners == ([] if s0 == s1 else [0 if s0 > s1 else 1])


def test_greedy_beats_passive_and_random():
    wins = sum(GAME.play_goldfish(None, random.Random(s), opponent="passive").winners == [0] for s in range(200))
    assert wins >= 190
    wins = sum(GAME.play_goldfish(None, random.Random(s), opponent="random").winners == [0] for s in range(200))
    assert wins >= 180


def test_goldfish_trace_draws_the_board():
    trace: list[str] = []
    rec = GAME.play_goldfish(None, random.Random(1), policy="greedy", opponent="greedy", trace=trace)
    text = "\n".join(trace)
    assert "White starts the cauldron" in text and "game over" in text
    assert "Drašup = Dračí šupina" in text and "Mandra = Mandragora" in text  # the grid's labels, once
    assert "Síra = " not in text  # a name short enough is not explained
    assert text.count("+------------+") > 6 * rec.turns  # one board per turn at least


def test_unknown_policy_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown Kotlík policy 'smart'"):
        GAME.play_goldfish(None, random.Random(0), opponent="smart")
    with pytest.raises(UsageError, match="keep rule does not apply to Kotlík"):
        GAME.play_goldfish(None, random.Random(0), keep=lambda hand: True)


def test_engine_policies_play_legal_actions_through_apply():
    policies = GAME.policies()
    assert set(policies) == {"greedy", "random", "passive"}
    for seed, (a, b) in enumerate((("greedy", "random"), ("passive", "greedy"))):
        state, players = GAME.new_game(None, random.Random(seed)), random.Random(seed + 100)
        while not state.is_terminal():
            state.apply(policies[(a, b)[state.current_player()]](state, players))
        assert sorted(all_cards(state)) == ALL


def test_goldfish_fast_path_equals_the_action_path():
    from deckkit.games.kotlik.policies import POLICIES, decide

    for seed in range(5):
        rec = GAME.play_goldfish(None, random.Random(seed), policy="greedy", opponent="greedy")
        state = GAME.new_game(None, random.Random(seed), log=False)
        pol = POLICIES["greedy"]()
        while not state.is_terminal():
            state.apply(decide(pol, state))
        assert [state.score(0), state.score(1)] == rec.scores and state.turn == rec.turns


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30), st.integers(0, 5))
def test_any_action_string_is_applied_or_cleanly_refused(text, seed):
    state = GAME.new_game(None, random.Random(seed))
    before = state.snapshot()
    try:
        state.apply(text)
    except IllegalAction as exc:
        assert exc.legal and state.snapshot() == before
    else:
        assert state.snapshot() != before


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from(["board", "cells", "empty", "stock", "box", "start", "phase", "turn", "p1",
                                        "p2", "x"]),
                       st.one_of(st.none(), st.integers(-3, 30), st.text(max_size=8),
                                 st.lists(st.sampled_from(ALL + ["nic", None, "r2c2", "-"]), max_size=6),
                                 st.dictionaries(st.sampled_from(["r1c1", "r3c3", "r7c2", "x", "stone"]),
                                                 st.one_of(st.sampled_from(ALL + ["nic"]), st.integers(-1, 21)),
                                                 max_size=3),
                                 st.fixed_dictionaries({"stone": st.integers(-1, 21)})), max_size=4))
def test_bad_setups_raise_named_errors_only(setup):
    try:
        GAME.from_setup(setup, random.Random(0))
    except DeckkitError as exc:
        assert str(exc)


def test_render_shows_grid_stones_tops_and_sizes_but_not_buried_cards():
    state = GAME.from_setup({"cells": {"r3c3": "Síra 4"}, "p1": {"cauldron": ["Jitrocel 4", "Kapradí 2"], "stone": 0},
                             "p2": {"cauldron": ["Pavučina 3"]}}, random.Random(0))
    text = state.render()
    assert "Síra 4ye" in text and "[Roh bílého]" in text  # short ingredient, number, label; corners
    assert "W2" in text and "B10" in text  # stones on the track
    assert "cauldron 2 cards, top Kapradí 2" in text and "cauldron 1 card, top Pavučina 3" in text
    assert "Jitrocel 4" not in text  # KO-503, KO-Q5: only the top card is public
    assert len([line for line in text.splitlines() if line.strip().startswith("+")]) == 7  # 6 rows
