"""The text deck file: tolerant reading, canonical writing, and every bad input with its line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckkit.decks import Deck, DeckFileError, load_deck, read_deck
from deckkit.decks.model import DeckEntry
from deckkit.decks.textfile import MAX_COUNT, parse_text, write_text


def codes(problems):
    return [(p.code, p.line) for p in problems]


def test_reads_the_cli_md_example():
    deck, problems = parse_text("game: alomfogo\nformat: tournament\nname: Zsófi's dreamers\n\n"
                                "3 Éjlépő Kajtár\n3x Jégszem Soyana\n")
    assert problems == []
    assert (deck.game, deck.format, deck.name) == ("alomfogo", "tournament", "Zsófi's dreamers")
    assert [(e.count, e.name, e.line) for e in deck.entries] == [(3, "Éjlépő Kajtár", 5), (3, "Jégszem Soyana", 6)]
    assert deck.size == 6


def test_tolerant_bom_crlf_spacing_comments_sections(write):
    text = ("\ufeffGame:  AF \r\n# a comment line\r\nformat: casual   # trailing comment\r\n\r\n"
            "Deck:\r\n  2x   Éjlépő   Kajtár  \r\n1 X Jégszem Soyana\r\n4 ×  lángdárda\r\n"
            "\r\n[Sideboard]\r\n1 Athame\r\nSB: 2 hóförgeteg\r\n")
    path = write(text.encode("utf-8"))
    deck = load_deck(path)
    assert deck.game == "alomfogo" and deck.format == "casual"
    assert [(e.count, e.name) for e in deck.entries] == [(2, "Éjlépő Kajtár"), (1, "Jégszem Soyana"), (4, "lángdárda")]
    assert [(e.count, e.name, e.line) for e in deck.sideboard] == [(1, "Athame", 11), (2, "hóförgeteg", 12)]


def test_sb_prefix_works_inside_the_main_section():
    deck, problems = parse_text("game: ob\n2 Chleba\nSB: 1 Glum\n3 Buřty\n")
    assert problems == []
    assert [e.name for e in deck.entries] == ["Chleba", "Buřty"]
    assert [e.name for e in deck.sideboard] == ["Glum"]


def test_same_card_on_two_lines_adds_up_with_a_warning():
    deck, problems = parse_text("game: af\n2 Éjlépő Kajtár\n1 Athame\n1 ejlepo kajtar\n")
    assert [(e.count, e.name) for e in deck.entries] == [(3, "Éjlépő Kajtár"), (1, "Athame")]
    assert codes(problems) == [("duplicate-card", 4)]
    assert problems[0].severity == "warning"
    assert "lines 2 and 4" in problems[0].message


@pytest.mark.parametrize("text, expected", [
    ("2 Chleba\n", [("missing-game", None)]),
    ("format: standard\n2 Chleba\n", [("missing-game", None)]),
    ("game: poker\n2 Chleba\n", [("unknown-game", 1)]),
    ("game: ob\n0 Chleba\n", [("bad-count", 2)]),
    ("game: ob\n-2 Chleba\n", [("bad-count", 2)]),
    ("game: ob\n1000000000 Chleba\n", [("bad-count", 2)]),
    (f"game: ob\n{MAX_COUNT + 1} Chleba\n", [("bad-count", 2)]),
    ("game: ob\n2 Chleba\nChleba\n", [("bad-line", 3)]),
    ("game: ob\n2 Chleba\n3\n", [("bad-line", 3)]),
    ("game: ob\n2 Chleba\nfoo: bar\n", [("bad-line", 3)]),
    ("game: ob\ngame: af\n", [("duplicate-header", 2)]),
])
def test_bad_input_names_the_line(text, expected):
    _deck, problems = parse_text(text)
    assert codes([p for p in problems if p.severity == "error"]) == expected


def test_every_problem_is_collected_not_just_the_first():
    _deck, problems = parse_text("game: ob\n0 Chleba\nnonsense\n-1 Glum\n2 Buřty\n")
    assert codes(problems) == [("bad-count", 2), ("bad-line", 3), ("bad-count", 4)]


def test_unknown_header_before_cards_is_a_warning():
    deck, problems = parse_text("game: ob\nauthor: Jana\n2 Chleba\n")
    assert codes(problems) == [("unknown-header", 2)] and problems[0].severity == "warning"
    assert deck.size == 2


def test_load_deck_raises_with_every_error(write):
    path = write("game: ob\n0 Chleba\nnonsense\n")
    with pytest.raises(DeckFileError) as info:
        load_deck(path)
    assert [(p.code, p.line) for p in info.value.problems] == [("bad-count", 2), ("bad-line", 3)]
    assert str(path) in str(info.value)


def test_not_utf8_is_unreadable_with_its_line(write):
    path = write("game: ob\n2 Chleba\n3 Bu\u0159ty\n".encode("cp1250"))
    _deck, problems = read_deck(path)
    assert codes(problems) == [("unreadable", 3)]
    assert "UTF-8" in problems[0].hint


def test_missing_file_and_directory_are_unreadable(tmp_path):
    assert codes(read_deck(tmp_path / "nope.deck")[1]) == [("unreadable", None)]
    assert codes(read_deck(tmp_path)[1]) == [("unreadable", None)]


def test_writer_is_canonical():
    deck = Deck("alomfogo", "casual", "Test", [DeckEntry(2, "Éjlépő Kajtár"), DeckEntry(1, "Athame")],
                [DeckEntry(1, "lángdárda", section="sideboard")])
    assert write_text(deck) == ("game: alomfogo\nformat: casual\nname: Test\n\n2 Éjlépő Kajtár\n1 Athame\n"
                                "\nSideboard\n1 lángdárda\n")


def test_messy_file_rewrites_to_the_canonical_form():
    messy = "\ufeffgame: kotlik\r\n\r\n 1x  Mandragora 1 # first\r\n1 Mandragora 2\r\n"
    deck, _ = parse_text(messy.lstrip("\ufeff"))
    assert write_text(deck) == "game: kotlik\n\n1 Mandragora 1\n1 Mandragora 2\n"


names = st.text(alphabet=st.characters(whitelist_categories=("Lu", "Ll"), whitelist_characters=" éőűřčěÉ"),
                min_size=1, max_size=20).map(lambda s: " ".join(s.split())).filter(bool)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, MAX_COUNT), names), max_size=15, unique_by=lambda t: t[1].casefold()),
       st.sampled_from(["obludarium", "alomfogo", "kotlik"]))
def test_write_then_read_round_trips(entries, game):
    from deckkit.text import fold

    # Names that fold alike are one card (they would merge); keep one of each.
    seen, unique = set(), []
    for count, name in entries:
        if fold(name) not in seen and fold(name) not in ("deck", "main", "main deck", "maindeck", "mainboard",
                                                         "sideboard", "side", "side deck", "sb"):
            seen.add(fold(name))
            unique.append((count, name))
    deck = Deck(game, None, None, [DeckEntry(c, n) for c, n in unique])
    again, problems = parse_text(write_text(deck))
    assert [p for p in problems if p.severity == "error"] == []
    assert [(e.count, e.name) for e in again.entries] == unique


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_parses_without_crashing(text):
    deck, problems = parse_text("game: ob\n" + text)
    assert all(p.code and p.message for p in problems)
    assert all(e.count >= 1 for e in deck.entries)


def test_a_name_starting_with_x_survives_the_round_trip():
    deck = Deck("obludarium", None, None, [DeckEntry(2, "X Foo"), DeckEntry(1, "x")])
    again, problems = parse_text(write_text(deck))
    assert problems == [] and [(e.count, e.name) for e in again.entries] == [(2, "X Foo"), (1, "x")]


COMMENTED = ("# My league deck\n"
             "game: af\n"
             "author: Zsófi\n"
             "format: casual\n"
             "\n"
             "# Dreamwalkers\n"
             "3 Éjlépő Kajtár  # the best one\n"
             "2x Jégszem Soyana\n"
             "\n"
             "# Spells\n"
             "1 Athame\n"
             "1 Éjlépő Kajtár # one more\n"
             "Sideboard\n"
             "# against events\n"
             "SB: 2 lángdárda\n"
             "# last words\n")


def test_edits_keep_the_users_comments():
    deck, _ = parse_text(COMMENTED)
    deck.add("Wugu Wataruru", 2)
    deck.remove("Athame")
    deck.add("Athame", 1, section="sideboard")
    assert write_text(deck, keep_comments=True) == (
        "# My league deck\n"
        "author: Zsófi\n"
        "game: alomfogo\n"
        "format: casual\n"
        "\n"
        "# Dreamwalkers\n"
        "4 Éjlépő Kajtár  # the best one\n"  # the second line's copies are merged into the first
        "2 Jégszem Soyana\n"
        "2 Wugu Wataruru\n"  # a new card follows the last card line
        "\n"
        "# Spells\n"  # Athame is gone; its group comment stays
        "# one more\n"
        "\n"
        "Sideboard\n"
        "# against events\n"
        "2 lángdárda\n"
        "1 Athame\n"
        "# last words\n")
    again, problems = parse_text(write_text(deck, keep_comments=True))
    assert [(e.count, e.name) for e in again.entries] == [(4, "Éjlépő Kajtár"), (2, "Jégszem Soyana"),
                                                          (2, "Wugu Wataruru")]
    assert [(e.count, e.name) for e in again.sideboard] == [(2, "lángdárda"), (1, "Athame")]
    assert [p.code for p in problems] == ["unknown-header"]
    # The canonical form (deck convert) has no comments.
    assert "#" not in write_text(deck) and "author" not in write_text(deck)


def test_keep_comments_on_a_deck_without_a_file_is_the_canonical_form():
    deck = Deck("kotlik", None, None, [DeckEntry(1, "Mandragora 1")])
    assert write_text(deck, keep_comments=True) == write_text(deck) == "game: kotlik\n\n1 Mandragora 1\n"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.integers(1, 9), st.sampled_from(["Chleba", "Guláš", "Blesk", "Gryf"])),
                          st.sampled_from(["# a note", "", "#", "Sideboard", "Deck"])), max_size=25),
       st.booleans())
def test_keep_comments_round_trips_counts_and_comments(lines, trailing):
    text = "# top\ngame: ob\n" + "\n".join(
        (f"{x[0]} {x[1]}" + ("  # t" if trailing else "")) if isinstance(x, tuple) else x for x in lines) + "\n"
    deck, problems = parse_text(text)
    out = write_text(deck, keep_comments=True)
    again, _ = parse_text(out)
    assert [(e.count, e.name) for e in again.entries] == [(e.count, e.name) for e in deck.entries]
    assert [(e.count, e.name) for e in again.sideboard] == [(e.count, e.name) for e in deck.sideboard]
    assert out.count("# a note") == text.count("# a note") and "# top" in out
    assert "\n\n\n" not in out


def test_utf16_file_is_named_as_such(write):
    path = write("game: af\n3 Athame\n".encode("utf-16"))  # with its byte-order mark, as editors save it
    deck, problems = read_deck(path)
    assert codes(problems) == [("unreadable", 1)]
    assert problems[0].message == "the file is UTF-16, not UTF-8" and "UTF-8" in problems[0].hint
