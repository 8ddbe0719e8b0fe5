"""Card symbols and their announcement (KO-600) and the end of the game (KO-700)."""

import pytest

from deckkit.errors import IllegalAction
from deckkit.games.kotlik import KotlikGame

from ko_helpers import all_cards, full, play, position

EXPLODER, HAT = "Jitrocel 3", "Hadí kůže 2"


def explode_position(stock=("Pavučina 1",), black=("Síra 1", "Síra 2"), game=None, **kw):
    fixed = {"r3c3": EXPLODER}
    cells = full(exclude={"Kapradí 2", *stock, *black}, **fixed)
    return position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"cauldron": list(black)},
                    stock=list(stock), game=game or KotlikGame(), **kw)


# -- KO-601 – KO-604 exploding cauldron ----------------------------------------------------------------
def test_ko_601_621_explosion_returns_top_card_before_the_refill():
    state = explode_position()
    play(state, f"take {EXPLODER}")
    assert [str(a) for a in state.legal_actions()] == ["explode", "no explode"]
    play(state, "explode")
    snap = state.snapshot()
    assert snap["p2"]["cauldron"] == ["Síra 1"]
    # KO-Q6 (default, reading B): under the supply deck, so the refill (KO-505) draws the old top card.
    assert snap["board"][2][2] == "Pavučina 1" and snap["stock"] == ["Síra 2"]
    assert snap["p2"]["stone"] == 11  # KO-604: Black now moves by Síra 1


def test_ko_q6_returned_card_placed_by_the_seed_when_shuffled_in():
    shuffle = KotlikGame(returned_card="shuffle")
    tops = [explode_position(seed=s, game=shuffle) for s in range(1)]  # building works for any seed
    outcomes = set()
    for seed in range(12):
        state = explode_position(seed=seed, game=shuffle)
        play(state, f"take {EXPLODER}", "explode")
        outcomes.add(state.snapshot()["board"][2][2])
    assert outcomes == {"Pavučina 1", "Síra 2"} and tops  # both positions occur, chosen by the seed
    bottom = explode_position()  # KO-307, KO-601, KO-Q6: the default is under the deck, whatever the seed
    play(bottom, f"take {EXPLODER}", "explode")
    assert bottom.snapshot()["board"][2][2] == "Pavučina 1" and bottom.snapshot()["stock"] == ["Síra 2"]


def test_ko_q6_shuffled_in_lands_uniformly_and_leaves_the_other_cards_in_order():
    # The returned card goes to a uniform position (the same odds as a full reshuffle of a face-down,
    # uniformly ordered deck: see setup.return_to_stock); the listed stock keeps its order.
    stock = ("Pavučina 1", "Pavučina 2", "Pavučina 3")
    places = [0, 0, 0, 0]
    for seed in range(800):
        state = explode_position(stock=stock, seed=seed, game=KotlikGame(returned_card="shuffle"))
        play(state, f"take {EXPLODER}", "explode")
        snap = state.snapshot()
        pile = [snap["board"][2][2], *snap["stock"]]  # the refill took the top card
        places[pile.index("Síra 2")] += 1
        assert [c for c in pile if c != "Síra 2"] == list(stock)
    assert all(150 <= n <= 250 for n in places), places  # 200 expected at each of the 4 places


def test_ko_602_returned_card_goes_to_the_box_when_the_stock_is_used_up():
    state = explode_position(stock=())
    play(state, f"take {EXPLODER}", "explode")
    snap = state.snapshot()
    assert snap["box"][-1] == "Síra 2" and snap["stock"] == [] and snap["board"][2][2] is None
    assert len(all_cards(state)) == 56


def test_ko_603_620_not_announcing_lets_the_explosion_lapse():
    state = explode_position()
    play(state, f"take {EXPLODER}", "no explode")
    snap = state.snapshot()
    assert snap["p2"]["cauldron"] == ["Síra 1", "Síra 2"] and snap["active"] == "p2"
    assert any("lapses (KO-620)" in line for line in state.log)
    with pytest.raises(IllegalAction):
        state.apply("explode")  # the moment has passed


def test_ko_q7_last_card_of_a_cauldron_cannot_be_exploded():
    state = explode_position(black=("Síra 2",))
    play(state, f"take {EXPLODER}")
    assert state.snapshot()["active"] == "p2"  # no choice was offered
    assert state.snapshot()["p2"]["cauldron"] == ["Síra 2"]


def test_ko_q7_reading_a_empties_the_cauldron_and_the_owner_stays():
    state = explode_position(black=("Síra 2",), game=KotlikGame(explode_last_card=True))
    play(state, f"take {EXPLODER}", "explode")
    snap = state.snapshot()
    assert snap["p2"]["cauldron"] == [] and snap["p2"]["stone"] == 10


# -- KO-610 – KO-613 hat and wand --------------------------------------------------------------------
def hat_position():
    fixed = {"r3c3": HAT, "r2c5": "Ještěrčí ocas 3", "r3c1": "Měsíční rosa 4"}
    cells = full(exclude={"Kapradí 2", "Síra 4"}, **fixed)
    return position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"cauldron": ["Síra 4"], "stone": 11},
                    stock=[])


def test_ko_610_613_extra_turn_is_a_full_turn_moved_by_the_hat_card():
    state = hat_position()
    play(state, f"take {HAT}")
    assert [str(a) for a in state.legal_actions()] == ["extra turn", "no extra turn"]
    play(state, "extra turn")
    snap = state.snapshot()
    assert snap["active"] == "p1" and snap["extra_turn"] and snap["turn"] == 2
    assert snap["p1"]["stone"] == 4  # moved 2 by Hadí kůže 2 (KO-613)


def test_ko_611_612_no_extra_turn_out_of_an_extra_turn_but_again_later():
    state = hat_position()
    play(state, f"take {HAT}", "extra turn", "take Ještěrčí ocas 3")  # a hat card in the extra turn
    snap = state.snapshot()
    assert snap["active"] == "p2" and not snap["extra_turn"]  # KO-611: no further extra turn
    assert "White's hat and wand gives no extra turn out of an extra turn (KO-611)" in state.log
    assert snap["p2"]["stone"] == 15
    play(state, "take nothing")  # Black beside a corner
    assert state.snapshot()["p1"]["stone"] == 7  # moved 3 by Ještěrčí ocas 3: row r3
    play(state, "take Měsíční rosa 4")
    assert [str(a) for a in state.legal_actions()] == ["extra turn", "no extra turn"]  # KO-612


def test_ko_620_hat_not_announced_lapses():
    state = hat_position()
    play(state, f"take {HAT}", "no extra turn")
    assert state.snapshot()["active"] == "p2" and state.snapshot()["turn"] == 2


# -- KO-700 end of the game --------------------------------------------------------------------------
def end_position(last="Síra 4", stock=(), game=None, extra_empty=()):
    column = {f"r{r}c3" for r in range(1, 7)} - {"r3c3"}
    cells = full(exclude={"Kapradí 2", "Síra 1", *stock}, empty=column | set(extra_empty), r3c3=last)
    return position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"cauldron": ["Síra 1"]},
                    stock=list(stock), game=game or KotlikGame())


def test_ko_701_702_last_card_of_a_column_ends_the_game_keep_it():
    state = end_position()
    play(state, "take Síra 4")
    assert [str(a) for a in state.legal_actions()] == ["keep last", "discard last"]
    assert state.snapshot()["result"] is None
    play(state, "keep last")
    snap = state.snapshot()
    assert state.is_terminal() and snap["p1"]["cauldron"] == ["Kapradí 2", "Síra 4"]
    # White: -2 -4, no value-1 card; Black: -1 +5 for the only value-1 card
    assert (snap["p1"]["score"], snap["p2"]["score"]) == (-6, 4) and snap["result"] == "p2"


def test_ko_702_discarding_the_last_card_puts_it_in_the_box():
    state = end_position()
    play(state, "take Síra 4", "discard last")
    snap = state.snapshot()
    assert snap["box"][-1] == "Síra 4" and snap["p1"]["cauldron"] == ["Kapradí 2"]
    assert len(all_cards(state)) == 56


def test_ko_703_symbols_of_the_last_card_lapse():
    state = end_position(last=EXPLODER)
    play(state, f"take {EXPLODER}", "keep last")
    assert state.is_terminal() and state.snapshot()["p2"]["cauldron"] == ["Síra 1"]
    hat = end_position(last=HAT)
    play(hat, f"take {HAT}")
    assert [str(a) for a in hat.legal_actions()] == ["keep last", "discard last"]


def test_ko_704_no_end_while_the_stock_refills_the_space():
    state = end_position(stock=("Pavučina 1",))
    play(state, "take Síra 4")
    snap = state.snapshot()
    assert snap["result"] is None and snap["active"] == "p2" and snap["board"][2][2] == "Pavučina 1"


def test_ko_q8_any_line_ends_even_when_not_the_line_taken_from():
    # Row r3 holds only r3c3 besides nothing else: emptied by a take through column c3.
    row = {f"r3c{c}" for c in range(1, 7)} - {"r3c3"}
    cells = full(exclude={"Kapradí 2", "Síra 1"}, empty=row, r3c3="Síra 4")
    state = position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"cauldron": ["Síra 1"]}, stock=[])
    play(state, "take Síra 4")
    assert state.snapshot()["phase"] == "final"
    taken_line = position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"cauldron": ["Síra 1"]},
                          stock=[], game=KotlikGame(end_condition="taken-line"))
    play(taken_line, "take Síra 4")
    assert taken_line.snapshot()["phase"] == "take" and taken_line.snapshot()["active"] == "p2"


def test_ko_q12_equal_scores_are_a_draw_or_most_ones():
    column = {f"r{r}c5" for r in range(1, 7)} - {"r3c5"}
    cells = full(exclude={"Kapradí 2", "Pavučina 4", "Síra 2"}, empty=column, r3c5="Síra 1")
    for game, result in ((KotlikGame(), "draw"), (KotlikGame(tie="most-ones"), "p1")):
        state = position(cells, p1={"cauldron": ["Kapradí 2", "Pavučina 4"], "stone": 0},
                         p2={"cauldron": ["Síra 2"]}, stock=[], game=game)
        play(state, "take Síra 1", "keep last")
        snap = state.snapshot()
        # White -2 -4 -1 +5 (the only value-1 card) = -2; Black -2
        assert (snap["p1"]["score"], snap["p2"]["score"]) == (-2, -2)
        assert snap["result"] == result


def test_render_names_the_pending_symbol_and_the_result():
    state = explode_position()
    play(state, f"take {EXPLODER}")
    assert f"just taken: {EXPLODER} (exploding cauldron)" in state.render()
    assert "White to act (explode)" in state.render()
    over = end_position()
    play(over, "take Síra 4", "keep last")
    assert over.render().splitlines()[0].startswith("turn 1 · game over: Black wins -6 : 4 ·")
