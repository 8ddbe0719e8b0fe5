"""Opening procedures (OB-503 – OB-506, OB-Q5, OB-Q6, OB-Q7, AF-502, AF-513, AF-Q5, KO-301 – KO-309, KO-Q6)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deckkit.errors import UsageError
from deckkit.games.alomfogo.opening import alomfogo_opening
from deckkit.games.kotlik.setup import kotlik_setup, render_kotlik_board
from deckkit.games.obludarium.opening import food_every_third, obludarium_opening
from deckkit.games.obludarium.opening import higher_plays as obludarium_higher_plays
from deckkit.hands.procedures import DeckTooSmall, cards_drawn_by_turn, opening, procedure, seen_by_turn

LIB = list(range(40))  # card i sits at position i (top first)


def test_ob_503_opening_hand_is_top_seven():
    res = obludarium_opening(LIB)
    assert res.hand == list(range(7)) and res.library == list(range(7, 40)) and res.mulligans == 0


def test_ob_504_506_mulligan_puts_hand_on_bottom_without_reshuffle():
    res = obludarium_opening(LIB, keep=lambda hand: len(hand) <= 5)
    # 7 rejected -> bottom, 6 drawn from positions 7..12, rejected -> bottom, 5 from 13..17 kept
    assert res.hand == list(range(13, 18))
    assert res.mulligans == 2 and not res.forced
    assert res.rejected == [list(range(7)), list(range(7, 13))]
    assert res.library == list(range(18, 40)) + list(range(7)) + list(range(7, 13))
    assert sorted(res.hand + res.library) == LIB  # nothing lost


def test_ob_q5_mulligans_go_down_to_zero_then_keep():
    res = obludarium_opening(LIB, keep=lambda hand: False)
    assert res.hand == [] and res.mulligans == 7 and res.forced
    assert [len(h) for h in res.rejected] == [7, 6, 5, 4, 3, 2, 1]


def test_ob_max_mulligans_forces_the_keep():
    res = obludarium_opening(LIB, keep=lambda hand: False, max_mulligans=2)
    assert res.mulligans == 2 and res.forced and res.hand == list(range(13, 18))


def test_ob_deck_smaller_than_hand():
    with pytest.raises(DeckTooSmall, match="fewer than the 7-card"):
        obludarium_opening(list(range(6)))


def test_ob_input_library_is_not_mutated():
    lib = list(LIB)
    obludarium_opening(lib, keep=lambda h: False)
    assert lib == LIB


def test_af_502_q5_five_cards_and_no_mulligan():
    res = alomfogo_opening(LIB, keep=lambda hand: False)
    assert res.hand == list(range(5)) and res.mulligans == 0 and res.forced
    with pytest.raises(UsageError):
        alomfogo_opening(LIB, mulligan="paris")


def test_af_house_rule_reshuffle_mulligan_is_seeded():
    a = alomfogo_opening(LIB, keep=lambda h: len(h) <= 4, mulligan="reshuffle", rng=random.Random(5))
    b = alomfogo_opening(LIB, keep=lambda h: len(h) <= 4, mulligan="reshuffle", rng=random.Random(5))
    assert a.hand == b.hand and len(a.hand) == 4 and a.mulligans == 1
    assert sorted(a.hand + a.library) == LIB
    with pytest.raises(UsageError):
        alomfogo_opening(LIB, mulligan="reshuffle")  # no generator: refuse rather than be unreproducible


def test_ob_q7_and_af_513_draw_schedule():
    assert cards_drawn_by_turn("obludarium", 1, on_play=True) == 1  # OB-Q7: starting player draws
    assert cards_drawn_by_turn("obludarium", 3, on_play=False) == 3
    assert cards_drawn_by_turn("alomfogo", 1, on_play=True) == 0  # AF-513
    assert cards_drawn_by_turn("alomfogo", 3, on_play=True) == 2
    assert cards_drawn_by_turn("alomfogo", 3, on_play=False) == 3
    assert cards_drawn_by_turn("af", 0, on_play=False) == 0
    with pytest.raises(UsageError):
        cards_drawn_by_turn("ob", -1, True)
    res = opening("af", LIB)
    assert seen_by_turn("af", res, 2, on_play=True) == list(range(6))


def test_procedure_table_and_variants():
    assert procedure("ob").max_mulligans == 7
    assert procedure("af").max_mulligans == 0
    assert procedure("af", variant="reshuffle").max_mulligans == 5
    with pytest.raises(UsageError, match="Kotlík has no hands"):
        procedure("ko")
    with pytest.raises(UsageError):
        procedure("ob", variant="reshuffle")


def test_ob_510_q6_higher_plays_uses_bottom_card_food_is_zero_tie_by_chance():
    food = {"type": "food"}
    big = {"type": "monster", "cost": 4}
    assert obludarium_higher_plays([[big, food], [food, big]], random.Random(1)) == 1
    seats = {obludarium_higher_plays([[food], [{"type": "spell", "cost": 0}]], random.Random(s)) for s in range(20)}
    assert seats == {0, 1}


def test_ob_q3_reading_b_food_every_third_then_cut():
    cards = [{"id": f"f{i}", "type": "food"} for i in range(20)] + [{"id": f"m{i}", "type": "monster"} for i in range(40)]
    arranged = food_every_third(cards, random.Random(3), lambda c: c["type"] == "food")
    assert Counter(c["id"] for c in arranged) == Counter(c["id"] for c in cards)
    food_pos = [i for i, c in enumerate(arranged) if c["type"] == "food"]
    gaps = {(b - a) % 60 for a, b in zip(food_pos, food_pos[1:] + food_pos[:1])}
    assert gaps == {3}  # every third card, whatever the cut


def _kotlik(pool):
    cards = [c for c in pool.by_id.values() if c["game"] == "kotlik"]
    return ([c for c in cards if c["type"] == "ingredient"], [c for c in cards if c["type"] == "corner"])


def test_ko_302_305_board_layout_corners_and_supply(pool):
    ingredients, corners = _kotlik(pool)
    rng = random.Random(11)
    rng.shuffle(ingredients)
    setup = kotlik_setup(ingredients, rng, corners=corners)
    on_board = [c for row in setup.board for c in row if c and c["type"] == "ingredient"]
    assert len(on_board) == 32 and on_board == ingredients[:32]
    assert setup.board[0][0]["stone"] == "white" and setup.board[5][5]["stone"] == "black"  # KO-303, KO-Q3
    assert {setup.board[0][5]["type"], setup.board[5][0]["type"]} == {"corner"}
    assert len(setup.supply) == 22  # 24 (KO-305) minus the two cauldron cards
    everything = on_board + setup.supply + setup.cauldrons[0] + setup.cauldrons[1]
    assert sorted(c["id"] for c in everything) == sorted(c["id"] for c in ingredients)
    grid = render_kotlik_board(setup)
    assert grid.count("\n") == 12 and "K(W)" in grid and "K(B)" in grid


def test_ko_307_309_q6_white_and_black_labels_are_shuffled_back(pool):
    ingredients, corners = _kotlik(pool)
    whites = [c for c in ingredients if c["label"] in ("white", "black")]
    others = [c for c in ingredients if c["label"] not in ("white", "black")]
    # board: 32 others; supply: 16 white/black on top, then 8 others
    library = others[:32] + whites + others[32:]
    setup = kotlik_setup(library, random.Random(2), corners=corners)
    assert all(c[0]["label"] not in ("white", "black") for c in setup.cauldrons)
    assert setup.returned[0] >= 1  # White's first draw was white/black and went back
    assert sum(c["label"] in ("white", "black") for c in setup.supply) == 16  # returned, not lost
    again = kotlik_setup(library, random.Random(2), corners=corners)
    assert [c["id"] for c in again.supply] == [c["id"] for c in setup.supply]  # seeded (KO-Q6)


def test_ko_too_few_cards(pool):
    ingredients, corners = _kotlik(pool)
    with pytest.raises(DeckTooSmall):
        kotlik_setup(ingredients[:20], random.Random(1), corners=corners)
