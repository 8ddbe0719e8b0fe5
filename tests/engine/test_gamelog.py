"""Log lines only one seat may read (deckkit.engine.gamelog, State.tell): a reader who sees the whole game reads
the whole line as before; a seat reads its own line whole and another seat's in its public words."""

from __future__ import annotations

import json
import pickle

from deckkit.engine.gamelog import Private, seen_by


def test_a_private_line_is_its_whole_text_to_a_reader_of_the_whole_game():
    line = Private("p2 draws Glum", 1, "p2 draws a card")
    assert line == "p2 draws Glum" and "  " + line == "  p2 draws Glum"
    assert json.dumps([line]) == json.dumps(["p2 draws Glum"])
    twin = pickle.loads(pickle.dumps(line))
    assert (twin, twin.seat, twin.public) == ("p2 draws Glum", 1, "p2 draws a card")


def test_each_seat_reads_what_it_may():
    line = Private("p2 draws Glum", 1, "p2 draws a card")
    assert seen_by(line, 1) == "p2 draws Glum"
    assert seen_by(line, 0) == "p2 draws a card"
    assert seen_by(line, None) == "p2 draws Glum"
    assert seen_by("p1 gains 2 life", 1) == "p1 gains 2 life"

