"""Validation: every error code, suggestions, legal/partly_legal, the report's JSON shape, the public API."""

from __future__ import annotations

import json

import pytest

from deckkit.decks import (CardPool, DeckFileError, Report, deck_stats, find_format, load_deck, resolve, validate,
                           validate_deck)
from deckkit.decks.textfile import parse_text
from deckkit.errors import ValidationFailed
from deckkit.paths import data_dir

STARTERS = sorted((data_dir() / "decks").glob("*.deck"))


def check(text, pool, fmt=None):
    deck, problems = parse_text(text, "t.deck")
    return validate_deck(deck, pool, fmt, problems)


def test_every_bundled_deck_is_legal(pool):
    assert {p.name for p in STARTERS} >= {"obludarium-standard.deck", "alomfogo-casual.deck",
                                           "alomfogo-tournament.deck", "kotlik-standard.deck"}
    for report in validate(STARTERS, pool):
        assert report.legal, (report.deck, [str(p) for p in report.errors])
        assert report.warnings == [], (report.deck, [str(p) for p in report.warnings])


def test_unknown_card_suggests_the_near_miss(pool):
    report = check("game: af\n3 Éjlépő Kajtar\n2 Ejlepo Kajtr\n", pool)
    assert [p.code for p in report.errors] == ["unknown-card", "deck-too-small"]
    problem = report.errors[0]
    assert problem.line == 3 and problem.card == "Ejlepo Kajtr"
    assert "did you mean Éjlépő Kajtár?" in problem.message
    assert problem.hint.startswith("did you mean Éjlépő Kajtár")


def test_diacritics_and_case_do_not_matter(pool):
    report = check("game: af\nformat: casual\n3 EJLEPO KAJTAR\n", pool)
    assert [p.code for p in report.errors] == ["deck-too-small"]


def test_card_of_another_game_is_wrong_game(pool):
    report = check("game: af\n2 Chleba\n1 Mandragora 1\n", pool)
    assert [(p.code, p.card, p.line) for p in report.errors if p.code == "wrong-game"] == [
        ("wrong-game", "Chleba", 2), ("wrong-game", "Mandragora 1", 3)]
    assert report.errors[0].message == "Chleba is a card of obludarium, not alomfogo"


def test_unknown_format_in_the_deck_file(pool):
    report = check("game: af\nformat: blitz\n3 Athame\n", pool)
    assert [p.code for p in report.errors] == ["unknown-format"]
    assert report.format is None and "casual" in report.errors[0].hint
    assert report.errors[0].line == 2  # the deck's format: line
    assert check("game: af\n3 Athame\n", pool, "blitz").errors[0].line is None  # --format has no line


def test_format_of_another_game_is_wrong_format(pool):
    report = check("game: af\n3 Athame\n", pool, find_format("obludarium", "standard"))
    assert [p.code for p in report.errors] == ["wrong-format"]


def test_a_file_problem_still_reports_the_rest(pool):
    report = check("game: af\nformat: casual\n0 Athame\nbogus line\n3 Ejlepo Kajtr\n", pool)
    assert [p.code for p in report.errors] == ["bad-count", "bad-line", "unknown-card", "deck-too-small"]
    assert [p.line for p in report.errors][:3] == [3, 4, 5]


def test_no_game_stops_at_the_file_problems(pool):
    report = check("3 Athame\n", pool)
    assert [p.code for p in report.errors] == ["missing-game"]
    assert report.game is None and not report.legal and not report.partly_legal


def test_partly_legal_only_when_size_is_the_only_problem(pool):
    small = check("game: af\n3 Athame\n", pool)
    assert (small.legal, small.partly_legal) == (False, True)
    worse = check("game: af\n4 Athame\n", pool)
    assert (worse.legal, worse.partly_legal) == (False, False)


def test_sideboard_not_counted_but_checked(pool):
    text = (data_dir() / "decks" / "alomfogo-casual.deck").read_text(encoding="utf-8")
    report = check(text + "\nSideboard\n3 Széki Hunorka\n1 Nonexistent Card\n", pool)
    assert report.size == 35
    assert [p.code for p in report.errors] == ["unknown-card"]


def test_report_json_shape_matches_cli_md(pool):
    report = check("game: af\nformat: tournament\n3 Ejlepo Kajtr\n1 Athame\n1 athame\n", pool)
    data = report.as_json()
    assert list(data) == ["deck", "game", "format", "size", "legal", "partly_legal", "errors", "warnings"]
    assert data["deck"] == "t.deck" and data["game"] == "alomfogo" and data["format"] == "tournament"
    assert data["size"] == 5 and data["legal"] is False and data["partly_legal"] is False
    for item in data["errors"] + data["warnings"]:
        assert {"code", "message"} <= set(item) and isinstance(item["code"], str)
    assert data["errors"][0]["card"] == "Ejlepo Kajtr"
    assert data["warnings"][0]["code"] == "duplicate-card"
    json.dumps(data)


def test_validate_files_never_raises(tmp_path, pool):
    good = tmp_path / "good.deck"
    good.write_text((data_dir() / "decks" / "kotlik-standard.deck").read_text(encoding="utf-8"), encoding="utf-8")
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"game": "af", "cards": [', encoding="utf-8")
    bad_schema = tmp_path / "schema.json"
    bad_schema.write_text('{"game": "af", "cards": [{"count": 0, "name": "Athame"}], "x": 1}', encoding="utf-8")
    latin = tmp_path / "latin.deck"
    latin.write_bytes("game: ob\n2 Bu\u0159ty\n".encode("cp1250"))
    reports = validate([good, bad_json, bad_schema, latin, tmp_path / "missing.deck"], pool)
    assert [r.legal for r in reports] == [True, False, False, False, False]
    assert [p.code for p in reports[1].errors] == ["bad-json"]
    assert {p.code for p in reports[2].errors} == {"invalid-deck-file"}
    assert any("$.cards[0].count" in p.message for p in reports[2].errors)
    assert [(p.code, p.line) for p in reports[3].errors] == [("unreadable", 2)]
    assert [p.code for p in reports[4].errors] == ["unreadable"]


def test_json_deck_and_convert_round_trip(tmp_path, pool):
    from deckkit.decks.ops import convert_deck

    for src in STARTERS:
        as_json = tmp_path / (src.stem + ".json")
        convert_deck(src, as_json)
        back = tmp_path / (src.stem + ".deck")
        convert_deck(as_json, back)
        a, b, c = load_deck(src), load_deck(as_json), load_deck(back)
        assert [(e.count, e.name) for e in a.entries] == [(e.count, e.name) for e in b.entries] \
            == [(e.count, e.name) for e in c.entries]
        assert (a.game, a.format, a.name) == (b.game, b.format, b.name) == (c.game, c.format, c.name)
        assert validate([as_json], pool)[0].legal


def test_public_api_cards_expands_copies(pool):
    deck = load_deck(data_dir() / "decks" / "alomfogo-casual.deck")
    cards = deck.cards(pool)
    assert len(cards) == 35 and all(isinstance(c, dict) and c["game"] == "alomfogo" for c in cards)
    assert sum(c["name"] == "Éjlépő Kajtár" for c in cards) == 3
    assert resolve(deck, pool).expand() == cards


def test_cards_raises_with_every_unknown_name(write, pool):
    deck = load_deck(write("game: af\n1 Nope One\n2 Athame\n1 Nope Two\n"))
    with pytest.raises(ValidationFailed) as info:
        deck.cards(pool)
    assert [p.line for p in info.value.problems] == [2, 4]


def test_load_deck_bad_file_raises(write):
    with pytest.raises(DeckFileError):
        load_deck(write("no game here\n"))


def test_stats_of_the_starters(pool):
    ob = deck_stats(resolve(load_deck(data_dir() / "decks" / "obludarium-standard.deck"), pool))
    cards = [c for c in load_deck(data_dir() / "decks" / "obludarium-standard.deck").cards(pool)]
    assert ob["size"] == len(cards) == 60
    assert ob["food"] == sum(c["type"] == "food" for c in cards) and ob["food_share"] == round(ob["food"] / 60, 4)
    costed = [c["cost"] for c in cards if "cost" in c]
    assert ob["average_cost"] == round(sum(costed) / len(costed), 2)
    assert sum(ob["cost_curve"].values()) == len(costed)
    assert sum(ob["by_type"].values()) == 60

    af_cards = load_deck(data_dir() / "decks" / "alomfogo-tournament.deck").cards(pool)
    af = deck_stats(resolve(load_deck(data_dir() / "decks" / "alomfogo-tournament.deck"), pool))
    walkers = [c for c in af_cards if c["type"] == "dreamwalker"]
    assert af["dreamwalkers"] == len(walkers)
    assert af["attack_total"] == sum(c["attack"] for c in walkers)
    assert af["defense_total"] == sum(c["defense"] for c in walkers)

    ko = deck_stats(resolve(load_deck(data_dir() / "decks" / "kotlik-standard.deck"), pool))
    assert ko["by_number"] == {"1": 14, "2": 14, "3": 14, "4": 14}
    assert sum(ko["by_label"].values()) == 56 and len(ko["by_label"]) == 7
    assert ko["ingredients"] == 14 and ko["average_cost"] is None


def test_stats_cost_curve_shows_gaps(pool):
    deck, _ = parse_text("game: af\n2 Athame\n1 lángdárda\n")
    stats = deck_stats(resolve(deck, pool))
    assert stats["cost_curve"] == {"0": 1, "1": 0, "2": 0, "3": 2}
    assert stats["average_cost"] == 2.0


def test_report_is_a_dataclass_with_stable_codes():
    r = Report("d", "alomfogo", "casual", 0)
    assert r.legal and r.partly_legal


def test_cardpool_matches_the_catalogue_contract():
    pool = CardPool([{"id": "af-x", "game": "alomfogo", "name": "Éjlépő Kajtár", "names": {"en": "Nightstepper"}}])
    assert pool.find("nightstepper", "alomfogo")["id"] == "af-x"
    assert pool.find("af-x")["id"] == "af-x"
    from deckkit.errors import UnknownCard

    with pytest.raises(UnknownCard) as info:
        pool.find("ejlepo kajtr", "alomfogo")
    assert info.value.suggestions == ["Éjlépő Kajtár"]


def test_json_deck_problems_name_the_card_not_a_line(write, pool):
    path = write('{"game": "af", "cards": [{"count": 2, "name": "Athame"}, {"count": 2, "id": "af-athame"},'
                 ' {"count": 1, "name": "Nope"}]}', "d.json")
    report = validate([path], pool)[0]
    assert sorted((p.code, p.card or "", p.line) for p in report.errors) == [
        ("deck-too-small", "", None), ("too-many-copies", "Athame", None), ("unknown-card", "Nope", None)]
    assert [p.message for p in report.warnings] == ["Athame appears twice; counted as 4"]


def test_validate_a_loaded_deck_keeps_the_readers_warnings(write, pool):
    deck = load_deck(write("game: af\n2 Athame\n1 athame\n"))
    report = validate_deck(deck, pool)
    assert [(p.code, p.line) for p in report.warnings] == [("duplicate-card", 3)]
    assert [p.code for p in report.errors] == ["deck-too-small"]


def test_json_deck_schema_errors_come_in_document_order(write):
    from deckkit.decks import read_deck

    entries = ",".join('{"count": 0, "name": "Athame"}' for _ in range(12))
    path = write('{"game": "af", "cards": [' + entries + '], "bogus": 1}', "many.json")
    deck, problems = read_deck(path)
    paths = [p.message.split(":")[0] for p in problems]
    assert paths == ["$"] + [f"$.cards[{i}].count" for i in range(12)]
    assert all(p.code == "invalid-deck-file" for p in problems)


def test_every_bundled_format_has_a_legal_starter_deck(pool):
    """Issue 3: data/decks/ holds a legal starter deck for every game and format (text or JSON form)."""
    from deckkit.decks.formats import bundled_formats

    files = sorted((data_dir() / "decks").glob("*.deck")) + sorted((data_dir() / "decks").glob("*.json"))
    reports = validate(files, pool)
    assert all(r.legal and not r.warnings for r in reports), [(r.deck, r.errors, r.warnings) for r in reports]
    assert {(r.game, r.format) for r in reports} == set(bundled_formats())
