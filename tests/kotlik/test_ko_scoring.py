"""Scoring (KO-800): every case of the procedure, the rulebook's example and the digest's example."""

import random

import pytest

from deckkit.games.kotlik import KotlikGame
from deckkit.games.kotlik.scoring import score_breakdown

from ko_helpers import CS, play, position


def ids(names):
    return [CS.lookup(n, "ingredient") for n in names]


def breakdown(white, black, player=0, game=None, recipes=None):
    game = game or KotlikGame()
    s = game.settings
    return score_breakdown(game.cardset, [ids(white), ids(black)], player, doubling=s["doubling"],
                           ones=s["ones"], ones_from=s["ones_from"], recipes=recipes)


def state_scores(white, black, game=None):
    """The same cauldrons scored by a game state (incremental tables), as scripts see them."""
    snap = position(p1={"cauldron": white}, p2={"cauldron": black}, phase="take", stock=[],
                    game=game or KotlikGame()).snapshot()
    return snap["p1"]["score"], snap["p2"]["score"]


@pytest.mark.parametrize("cards,points", [
    (["Síra 4"], -4),  # KO-805 a single card counts negative
    (["Síra 2", "Síra 4"], 0),  # KO-806 a pair is worth 0
    (["Síra 2", "Síra 3", "Síra 4"], 9),  # KO-807 three score their sum
    (["Síra 1", "Síra 2", "Síra 3", "Síra 4"], 15),  # KO-808 all four: sum + 5
])
def test_ko_805_to_808_set_sizes(cards, points):
    result = breakdown(cards, ["Kapradí 2"])
    assert result["ingredients"] == {"Síra": points}
    majority = 5 if "Síra 1" in cards else 0  # KO-802: White's Síra 1 is the only value-1 card
    assert result["total"] == points + majority
    assert state_scores(cards, ["Kapradí 2"]) == (points + majority, -2)  # the game's running score agrees


def test_ko_802_803_value_1_majority():
    assert breakdown(["Síra 1", "Jitrocel 1"], ["Kapradí 1"])["majority"] == 5  # KO-802
    assert state_scores(["Síra 1", "Jitrocel 1"], ["Kapradí 1"]) == (-2 + 5, -1)
    assert state_scores(["Síra 1"], ["Kapradí 1"]) == (-1, -1)  # KO-803: nobody scores the 5
    assert breakdown(["Kapradí 1"], ["Síra 1", "Jitrocel 1"])["majority"] == 0
    assert breakdown(["Síra 1"], ["Kapradí 1"])["majority"] == 0  # KO-803 equal: nobody
    assert breakdown(["Síra 1"], ["Kapradí 1"], player=1)["majority"] == 0


def test_ko_804_own_colour_doubled_for_its_holder_only():
    three = ["Mandragora 2", "Mandragora 3", "Mandragora 4"]  # white label
    assert breakdown(three, [])["ingredients"] == {"Mandragora": 18}  # White: (2+3+4) × 2
    assert breakdown([], three, player=1)["ingredients"] == {"Mandragora": 9}  # KO-Q9: not Black's colour
    black = ["Havraní pero 2", "Havraní pero 3", "Havraní pero 4"]
    assert breakdown([], black, player=1)["ingredients"] == {"Havraní pero": 18}
    assert state_scores(three, black) == (18, 18)  # the running score doubles the same cards
    assert state_scores(black, three) == (9, 9)


def test_ko_q9_reading_b_doubles_both_colours_for_anyone():
    game = KotlikGame(doubling="both")
    three = ["Mandragora 2", "Mandragora 3", "Mandragora 4"]
    assert breakdown([], three, player=1, game=game)["ingredients"] == {"Mandragora": 18}


def test_ko_809_lone_white_labelled_card_subtracts_twice_its_value():
    assert breakdown(["Mandragora 3"], ["Kapradí 2"])["total"] == -6
    assert state_scores(["Mandragora 3"], ["Kapradí 2"]) == (-6, -2)
    assert breakdown(["Kapradí 2"], ["Mandragora 3"], player=1)["total"] == -3  # not Black's colour


def test_ko_q10_value_1_cards_counted_printed_before_doubling():
    # Mandragora 1 is white-labelled: its value for White is 2, but its printed number is 1.
    assert breakdown(["Mandragora 1"], [])["ones"] == 1
    assert breakdown(["Mandragora 1"], [], game=KotlikGame(ones="after-doubling"))["ones"] == 0
    assert breakdown(["Síra 1", "Síra 3"], [])["ones"] == 1  # a card in a pair still counts


# KO-Q10, second half: do 1s in singletons and pairs count? White's two 1s lie in a single and a pair,
# Black's one 1 in a set of three — the majority (KO-802) goes to White under one reading, Black under the other.
Q10_WHITE = ["Síra 1", "Jitrocel 1", "Jitrocel 2"]  # Síra single −1, Jitrocel pair 0
Q10_BLACK = ["Kapradí 1", "Kapradí 2", "Kapradí 3"]  # three green: +6


def test_ko_802_q10_ones_from_all_counts_singletons_and_pairs_by_default():
    assert KotlikGame().settings["ones_from"] == "all"  # the digest's recommended interpretation
    white = breakdown(Q10_WHITE, Q10_BLACK)
    assert (white["ones"], white["majority"], white["total"]) == (2, 5, -1 + 5)
    assert breakdown(Q10_WHITE, Q10_BLACK, player=1)["majority"] == 0
    assert state_scores(Q10_WHITE, Q10_BLACK) == (4, 6)  # the running score agrees


def test_ko_802_q10_ones_from_sets_counts_only_sets_of_three_or_four():
    game = KotlikGame(ones_from="sets")
    white = breakdown(Q10_WHITE, Q10_BLACK, game=game)
    black = breakdown(Q10_WHITE, Q10_BLACK, player=1, game=game)
    assert (white["ones"], white["majority"], white["total"]) == (0, 0, -1)
    assert (black["ones"], black["majority"], black["total"]) == (1, 5, 6 + 5)  # the majority flips to Black
    assert state_scores(Q10_WHITE, Q10_BLACK, game=game) == (-1, 11)
    four = ["Síra 1", "Síra 2", "Síra 3", "Síra 4"]  # KO-808: a full set counts its 1 too
    assert breakdown(four, ["Kapradí 1"], game=game)["ones"] == 1
    assert state_scores(four, ["Kapradí 1"], game=game) == (15 + 5, -1)
    # KO-Q10 first half is independent: an own-colour 1 in a set counts unless ones=after-doubling.
    mandragora = ["Mandragora 1", "Mandragora 2", "Mandragora 3"]
    assert breakdown(mandragora, [], game=game)["ones"] == 1
    assert breakdown(mandragora, [], game=KotlikGame(ones_from="sets", ones="after-doubling"))["ones"] == 0


def test_ko_802_q10_ones_from_sets_follows_the_cauldron_during_play():
    """A third card brings the set's 1 in; an explosion (KO-601) taking it back out drops it again."""
    def start(game):
        return game.from_setup({"phase": "take", "stock": ["Pavučina 1"], "cells": {"r3c3": "Síra 3"},
                                "p1": {"cauldron": ["Jitrocel 1", "Jitrocel 2", "Jitrocel 4"], "stone": 2},
                                "p2": {"cauldron": Q10_BLACK}}, random.Random(0))

    sets, every = start(KotlikGame(ones_from="sets")), start(KotlikGame())
    for state in (sets, every):
        assert state.snapshot()["p1"]["ones"] == state.snapshot()["p2"]["ones"] == 1  # KO-803: a tie
        play(state, "take Síra 3", "explode")  # Síra 3 carries the exploding cauldron; Kapradí 3 goes back
    snap = sets.snapshot()
    assert snap["p2"]["cauldron"] == ["Kapradí 1", "Kapradí 2"] and snap["p2"]["ones"] == 0  # now a pair
    assert (snap["p1"]["score"], snap["p2"]["score"]) == (7 - 3 + 5, 0)  # White wins the majority
    snap = every.snapshot()
    assert snap["p2"]["ones"] == 1 and (snap["p1"]["score"], snap["p2"]["score"]) == (7 - 3, 0)  # still a tie


def test_ko_810_q11_recipe_bonus_from_card_data():
    elixir = CS.lookup("Elixír mládí", "recipe")  # Jitrocel + Dračí šupina, bonus 4 (invented data)
    done = breakdown(["Jitrocel 2", "Dračí šupina 3"], [], recipes=[[elixir], []])
    assert done["recipes"] == 4 and done["total"] == -5 + 4
    assert breakdown(["Jitrocel 2"], [], recipes=[[elixir], []])["recipes"] == 0
    game = KotlikGame(recipes=True)
    snap = position(p1={"cauldron": ["Jitrocel 2", "Dračí šupina 3"], "recipes": ["Elixír mládí"]},
                    p2={"cauldron": ["Síra 2"], "recipes": []}, phase="take", stock=[], game=game).snapshot()
    assert snap["p1"]["score"] == -1 and snap["p1"]["recipes"] == ["Elixír mládí"]


def test_digest_illustrative_example_scores_27():
    white = ["Mandragora 3",  # A: single, white label: -6 (KO-809)
             "Jitrocel 2", "Jitrocel 4",  # B: pair: 0
             "Kapradí 1", "Kapradí 2", "Kapradí 4",  # C: three green: +7
             "Havraní pero 1", "Havraní pero 2", "Havraní pero 3",  # D: three black, not doubled for White: +6
             "Dračí šupina 1", "Dračí šupina 2", "Dračí šupina 3", "Dračí šupina 4"]  # E: four blue: +15
    black = ["Síra 1"]
    result = breakdown(white, black)
    assert result["ingredients"] == {"Mandragora": -6, "Jitrocel": 0, "Kapradí": 7, "Havraní pero": 6,
                                     "Dračí šupina": 15}
    assert result["ones"] == 3 and result["majority"] == 5
    assert result["total"] == 27
    assert state_scores(white, black)[0] == 27
