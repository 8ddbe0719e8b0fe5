"""Board geometry (KO-200), setup (KO-300), movement (KO-400), taking and refilling (KO-500)."""

import random
import re

import pytest

from deckkit.errors import DataError, IllegalAction
from deckkit.games.kotlik import KotlikGame
from deckkit.games.kotlik.board import SPACE_CELL, SPACE_LINE, TRACK, line_label
from deckkit.games.kotlik.cards import COLOURS

from ko_helpers import CS, GAME, all_cards, cell_key, full, play, position


# -- KO-200 geometry --------------------------------------------------------------------------------
def test_ko_204_205_twenty_track_spaces_one_per_edge_card():
    assert TRACK == 20
    assert len(set(SPACE_CELL)) == 20
    assert [cell_key(SPACE_CELL[p]) for p in (0, 1, 4, 5, 6, 9, 10, 11, 14, 15, 16, 19)] == [
        "r1c1", "r1c2", "r1c5", "r1c6", "r2c6", "r5c6", "r6c6", "r6c5", "r6c2", "r6c1", "r5c1", "r2c1"]


def test_ko_q2_inward_lines_match_the_digest_table():
    lines = [line_label(x) if x >= 0 else None for x in SPACE_LINE["inward"]]
    assert lines[0] is lines[5] is lines[10] is lines[15] is None  # KO-208, KO-504
    assert lines[1:5] == ["c2", "c3", "c4", "c5"]
    assert lines[6:10] == ["r2", "r3", "r4", "r5"]
    assert lines[11:15] == ["c5", "c4", "c3", "c2"]
    assert lines[16:20] == ["r5", "r4", "r3", "r2"]


def test_ko_q2_edge_reading_takes_from_the_edge_line():
    lines = [line_label(x) if x >= 0 else None for x in SPACE_LINE["edge"]]
    assert lines[1:5] == ["r1"] * 4 and lines[6:10] == ["c6"] * 4
    assert lines[11:15] == ["r6"] * 4 and lines[16:20] == ["c1"] * 4


def test_ko_102_107_two_players_white_and_black_one_stone_each():
    snap = GAME.new_game(None, random.Random(0)).snapshot()
    players = sorted(k for k in snap if re.fullmatch(r"p\d+", k))
    assert players == ["p1", "p2"]
    assert (snap["p1"]["colour"], snap["p2"]["colour"]) == ("white", "black")  # KO-102, KO-113
    assert isinstance(snap["p1"]["stone"], int) and snap["p1"]["stone"] != snap["p2"]["stone"]  # KO-107, KO-206


def test_ko_103_201_202_six_by_six_board_corners_hold_corner_cards():
    snap = GAME.new_game(None, random.Random(1)).snapshot()
    assert len(snap["board"]) == 6 and all(len(row) == 6 for row in snap["board"])  # KO-103, KO-201
    corner_names = {c["name"] for c in CS.corners}
    spaces = {cell_key(r * 6 + c): name for r, row in enumerate(snap["board"]) for c, name in enumerate(row)}
    assert {spaces[k] for k in ("r1c1", "r1c6", "r6c1", "r6c6")} == corner_names  # KO-202
    ingredients = [n for k, n in spaces.items() if k not in ("r1c1", "r1c6", "r6c1", "r6c6")]
    assert len(ingredients) == 32 and all(CS.lookup(n, "ingredient") >= 0 for n in ingredients)  # KO-302


def test_ko_111_q1_one_printed_number_moves_the_stone_and_scores():
    # Reading A: Síra 3 moves its owner 3 spaces and, alone in the cauldron, scores −3.
    state = position(full(exclude={"Síra 3", "Pavučina 2"}), p1={"cauldron": ["Síra 3"], "stone": 0},
                     p2={"cauldron": ["Pavučina 2"]})
    snap = state.snapshot()
    assert snap["p1"]["stone"] == 3 and snap["p1"]["score"] == -3


# -- KO-300 setup -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_ko_301_to_309_new_game_setup(seed):
    state = GAME.new_game(None, random.Random(seed))
    snap = state.snapshot()
    board = [n for row in snap["board"] for n in row]
    corners = [snap["board"][0][0], snap["board"][0][5], snap["board"][5][5], snap["board"][5][0]]
    assert corners == ["Roh bílého kamene", "Roh se sovou", "Roh černého kamene", "Roh s kočkou"]  # KO-303
    assert len([n for n in board if n not in corners]) == 32  # KO-302
    assert len(snap["stock"]) == 22  # KO-305, minus the two first cauldron cards (KO-306)
    for p in ("p1", "p2"):
        (first,) = snap[p]["cauldron"]  # KO-309
        assert CS.label[CS.lookup(first, "ingredient")] not in COLOURS  # KO-307, KO-308
    assert snap["p2"]["stone"] == 10  # KO-304, KO-Q3
    assert snap["active"] == "p1" and snap["turn"] == 1  # KO-401: White moved first
    assert snap["p1"]["stone"] == CS.num[CS.lookup(snap["p1"]["cauldron"][0], "ingredient")]
    assert sorted(all_cards(state)) == sorted(c["name"] for c in CS.ingredients)
    assert snap["p1"]["recipes"] == [] == snap["p2"]["recipes"]  # KO-311 variant is the default (KO-Q11)


def test_ko_307_own_colour_first_cards_go_back_into_the_deck():
    # White draws two white/black cards before a green one; both return to the deck (KO-Q6 bottom: in order).
    game = KotlikGame(returned_card="bottom")
    state = position(full(exclude={"Mandragora 2", "Havraní pero 2", "Kapradí 2", "Síra 4"}),
                     stock=["Mandragora 2", "Havraní pero 2", "Kapradí 2", "Síra 4"], game=game)
    snap = state.snapshot()
    assert snap["p1"]["cauldron"] == ["Kapradí 2"]  # KO-308
    assert snap["p2"]["cauldron"] == ["Síra 4"]  # the returned cards went under it
    assert snap["stock"] == ["Mandragora 2", "Havraní pero 2"]


def test_ko_310_recipes_dealt_two_each_when_played():
    state = KotlikGame(recipes=True).new_game(None, random.Random(3))
    snap = state.snapshot()
    assert len(snap["p1"]["recipes"]) == 2 and len(snap["p2"]["recipes"]) == 2
    assert not set(snap["p1"]["recipes"]) & set(snap["p2"]["recipes"])


def test_setup_errors_name_the_field():
    with pytest.raises(DataError, match=r"board\[1\]\[1\].*Mandragora 3.*already placed"):
        position({"r2c2": "Mandragora 3"}, p1={"cauldron": ["Mandragora 3"]})
    with pytest.raises(DataError, match="unknown ingredient card 'Mandragora 9'"):
        position(p1={"cauldron": ["Mandragora 9"]})
    with pytest.raises(DataError, match="p1.cauldron.0.: 'Roh se sovou' is a corner card, not an ingredient"):
        position(p1={"cauldron": ["Roh se sovou"]})
    with pytest.raises(DataError, match="KO-206"):
        position(p1={"stone": 4}, p2={"stone": 4})
    with pytest.raises(DataError, match="track space"):
        position(p1={"stone": 20})
    with pytest.raises(DataError, match="p1.stone: True is not a track space"):
        position(p1={"stone": True})  # TOML true is no space number, though Python calls it 1


def test_setup_refuses_positions_the_rules_cannot_reach():
    # KO-309 / KO-Q7 Reading B: a cauldron is never empty; Reading A allows it.
    with pytest.raises(DataError, match="p2.cauldron: a cauldron is never empty"):
        position(p2={"cauldron": []})
    assert position(p2={"cauldron": []}, game=KotlikGame(explode_last_card=True)).snapshot()["p2"]["cauldron"] == []
    # KO-701 / KO-Q8: an empty column means the game is already over.
    column = {f"r{r}c3" for r in range(1, 7)}
    with pytest.raises(DataError, match=r"column c3 holds no ingredient card.*KO-Q8"):
        position(full(exclude={"Kapradí 2", "Síra 2"}, empty=column), p1={"cauldron": ["Kapradí 2"]},
                 p2={"cauldron": ["Síra 2"]}, stock=[])
    taken_line = position(full(exclude={"Kapradí 2", "Síra 2"}, empty=column), p1={"cauldron": ["Kapradí 2"]},
                          p2={"cauldron": ["Síra 2"]}, stock=[], game=KotlikGame(end_condition="taken-line"))
    assert [str(a) for a in taken_line.legal_actions()] == ["take nothing"]


# -- KO-400 movement --------------------------------------------------------------------------------
def test_ko_402_moves_by_the_top_card_number():
    state = position(full(exclude={"Kapradí 3", "Kapradí 2"}), p1={"cauldron": ["Kapradí 2", "Kapradí 3"], "stone": 0})
    assert state.snapshot()["p1"]["stone"] == 3  # the top card is the last of the list


def test_ko_405_406_occupied_space_is_jumped_and_not_counted():
    state = position(full(exclude={"Kapradí 2"}), p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"stone": 1})
    assert state.snapshot()["p1"]["stone"] == 3  # a move of 2 past an occupied space carries 3 spaces


def test_ko_407_never_ends_on_the_occupied_space():
    state = position(full(exclude={"Kapradí 2"}), p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"stone": 2})
    assert state.snapshot()["p1"]["stone"] == 3


def test_ko_q4_clockwise_wraps_from_p19_to_p0():
    state = position(full(exclude={"Kapradí 3"}), p1={"cauldron": ["Kapradí 3"], "stone": 18}, p2={"stone": 10})
    assert state.snapshot()["p1"]["stone"] == 1


def test_ko_q4_anticlockwise_and_chosen_direction():
    cells = full(exclude={"Kapradí 3"})
    anti = position(cells, p1={"cauldron": ["Kapradí 3"], "stone": 1}, game=KotlikGame(direction="anticlockwise"))
    assert anti.snapshot()["p1"]["stone"] == 18
    choose = position(cells, p1={"cauldron": ["Kapradí 3"], "stone": 1}, game=KotlikGame(direction="choose"))
    assert [str(a) for a in choose.legal_actions()] == ["move clockwise", "move anticlockwise"]
    choose.apply("move anticlockwise")
    assert choose.snapshot()["p1"]["stone"] == 18 and choose.snapshot()["phase"] == "take"


# -- KO-500 taking and refilling --------------------------------------------------------------------
def test_ko_501_any_card_of_the_column_beside_a_top_edge_stone():
    cells = full(exclude={"Kapradí 2"})
    state = position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0})  # moves to P2: column c3
    column = [cells[f"r{r}c3"] for r in range(1, 7)]
    assert [str(a) for a in state.legal_actions()] == [f"take {n}" for n in column]


def test_ko_501_row_beside_a_right_edge_stone_and_illegal_take_names_the_rule():
    cells = full(exclude={"Kapradí 2"})
    state = position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 5})  # moves to P7: row r3
    assert [str(a) for a in state.legal_actions()] == [f"take {cells[f'r3c{c}']}" for c in range(1, 7)]
    with pytest.raises(IllegalAction, match="KO-501") as err:
        state.apply(f"take {cells['r2c2']}")
    assert f"take {cells['r3c1']}" in err.value.legal
    assert state.snapshot()["p1"]["cauldron"] == ["Kapradí 2"]  # an illegal action changes nothing


def test_ko_q2_edge_reading_row_r1_from_a_top_edge_stone():
    cells = full(exclude={"Kapradí 2"})
    state = position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, game=KotlikGame(take_line="edge"))
    assert [str(a) for a in state.legal_actions()] == [f"take {cells[f'r1c{c}']}" for c in range(2, 6)]


def test_ko_502_505_507_taken_card_on_top_refill_from_stock_next_move_by_it():
    cells = full(exclude={"Kapradí 2", "Síra 4", "Jitrocel 1", "Pavučina 2"}, r3c3="Síra 4")
    state = position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"cauldron": ["Pavučina 2"]},
                     stock=["Jitrocel 1"])
    play(state, "take síra 4")  # case- and diacritics-insensitive
    snap = state.snapshot()
    assert snap["p1"]["cauldron"] == ["Kapradí 2", "Síra 4"]  # KO-502
    assert snap["board"][2][2] == "Jitrocel 1" and snap["stock"] == []  # KO-505
    assert snap["active"] == "p2" and snap["p2"]["stone"] == 12  # Black moved 2 from P10
    play(state, state.legal_actions()[0].__str__())
    assert state.snapshot()["p1"]["stone"] == 6  # KO-507: White now moves 4 (Síra 4), P2 -> P6


def test_ko_506_no_refill_when_the_stock_is_used_up():
    cells = full(exclude={"Kapradí 2", "Síra 4", "Síra 1"}, r3c3="Síra 4")
    state = position(cells, p1={"cauldron": ["Kapradí 2"], "stone": 0}, p2={"cauldron": ["Síra 1"]}, stock=[])
    play(state, "take Síra 4")
    assert state.snapshot()["board"][2][2] is None


def test_ko_208_504_beside_a_corner_take_nothing():
    state = position(full(exclude={"Kapradí 4"}), p1={"cauldron": ["Kapradí 4"], "stone": 1})  # to P5
    assert [str(a) for a in state.legal_actions()] == ["take nothing"]
    with pytest.raises(IllegalAction, match="KO-504"):
        state.apply("take Mandragora 1")
    play(state, "take nothing")
    assert state.snapshot()["active"] == "p2" and state.snapshot()["p1"]["cauldron"] == ["Kapradí 4"]
