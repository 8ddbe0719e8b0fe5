"""Terminal safety, CSV round trips and setting ranges (issue 17 items 6 and 7)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from deckkit.terminal import escape
from hostile_helpers import no_traceback

ROOT = Path(__file__).resolve().parents[2]
AF = str(ROOT / "data" / "decks" / "alomfogo-casual.deck")
NASTY = {
    "ANSI colour": "\x1b[31mred\x1b[0m",
    "OSC window title": "\x1b]0;pwned\x07",
    "OSC 52 clipboard": "\x1b]52;c;ZWNobyBoaQ==\x07",
    "BEL": "ring\x07",
    "NUL": "nul\x00byte",
    "carriage return": "over\rwrite",
    "backspace": "back\x08space",
    "C1 CSI": "c1\x9b31m",
    "bidi override": "abc\u202edef",
    "DEL": "del\x7f",
}


@pytest.fixture
def nasty_db(cli, tmp_path):
    cards = [{"id": f"af-nasty-{i}", "game": "alomfogo", "name": f"Nasty {i} {text}", "type": "event",
              "text": f"Rules {text} text", "cost": 1} for i, text in enumerate(NASTY.values())]
    path = tmp_path / "nasty.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 0, result.output
    return cards


def _raw_controls(text: str) -> list[str]:
    return [c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7f <= ord(c) <= 0x9f or c == "\u202e"]


@pytest.mark.parametrize("args", [["search", "nasty"], ["card", "af-nasty-0"], ["card", "af-nasty-1"],
                                  ["card", "af-nasty-4"], ["search", "o:rules"], ["search", "nasty", "--limit", "3"]])
def test_tables_show_control_characters_escaped(args, cli, nasty_db):
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert _raw_controls(result.stdout) == []
    assert "\\x1b" in result.stdout or "\\x07" in result.stdout or "\\x00" in result.stdout


def test_every_nasty_name_reaches_the_terminal_escaped(cli, nasty_db):
    out = cli("search", "nasty").stdout
    for text in NASTY.values():
        if "\r" not in text:  # the table layout splits a cell at a carriage return (escaped either way)
            assert escape(text) in out


def test_deck_validate_and_show_escape_card_names(cli, nasty_db, tmp_path):
    deck = tmp_path / "d.deck"
    deck.write_text("game: af\n\n" + "".join(f"1 af-nasty-{i}\n" for i in range(len(NASTY))) + "1 \x1b[2Jgone\n",
                    encoding="utf-8")
    for args in (["deck", "validate", str(deck)], ["deck", "show", str(deck)], ["deck", "stats", str(deck)]):
        result = cli(*args)
        assert _raw_controls(result.stdout) == [] and _raw_controls(result.stderr) == [], args


def test_import_warns_of_each_name_with_a_control_character(cli, tmp_path):
    cards = [{"id": f"af-warn-{i}", "game": "alomfogo", "name": f"Warn {i} {text}", "type": "event", "cost": 1}
             for i, text in enumerate(NASTY.values())]
    cards.append({"id": "af-warn-plain", "game": "alomfogo", "name": "Plain name", "type": "event", "cost": 1})
    path = tmp_path / "warn.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if "holds a control character" in line]
    assert len(warnings) == len(NASTY), result.output
    shown = "".join(warnings)
    assert all("$.name" in w for w in warnings) and "af-warn-plain" not in shown
    assert "\x1b" not in shown and "\\x1b" in shown  # the escape character is named, never sent raw


def test_json_output_keeps_the_text_exactly(cli, nasty_db):
    cards = json.loads(cli("search", "nasty", "-o", "json").stdout)
    assert sorted(c["name"] for c in cards) == sorted(c["name"] for c in nasty_db)


def test_an_error_message_escapes_what_the_user_typed(cli):
    result = cli("card", "\x1b]0;title\x07")
    assert result.exit_code == 1 and _raw_controls(result.stderr) == []


# ------------------------------------------------------------------ CSV export imports back unchanged

_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40)


# The CSV reader strips white space at the ends of a cell (spreadsheets pad cells), so such text is
# left out here; every character inside a cell, a bare CR included, must come back.
@settings(max_examples=30)
@given(name=_TEXT.filter(lambda s: s.strip() == s and s and len(s) <= 120), text=_TEXT.filter(lambda s: s.strip() == s))
def test_a_csv_export_imports_back_unchanged(name, text, tmp_path_factory):
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.export import dumps
    from deckkit.catalogue.importer import import_files

    card = {"id": "af-csv-round", "game": "alomfogo", "name": name, "type": "event", "text": text, "cost": 1}
    folder = tmp_path_factory.mktemp("csv")
    src = folder / "card.json"
    src.write_text(json.dumps([card]), encoding="utf-8")
    first = open_catalogue(folder / "a.db", fill=False)
    try:
        import_files(first, [src])
    except Exception as exc:  # a name the schema refuses (e.g. only spaces) is not this test's concern
        from deckkit.errors import DeckkitError

        assert isinstance(exc, DeckkitError)
        return
    exported = dumps(first.cards(), "csv")
    csv_file = folder / "card.csv"
    csv_file.write_text(exported, encoding="utf-8", newline="")
    second = open_catalogue(folder / "b.db", fill=False)
    import_files(second, [csv_file])
    assert second.cards() == first.cards()


def test_a_bare_carriage_return_is_quoted_in_csv():
    from deckkit.catalogue.export import dumps

    out = dumps([{"id": "af-x", "game": "alomfogo", "name": "A\rB", "type": "event", "text": "x", "cost": 1}], "csv")
    assert '"A\rB"' in out


def test_a_nul_character_is_refused_by_csv_export_and_kept_by_json():
    from deckkit.catalogue.export import dumps
    from deckkit.errors import DataError

    card = {"id": "af-x", "game": "alomfogo", "name": "A", "type": "event", "text": "x\x00y", "cost": 1}
    with pytest.raises(DataError, match="NUL character"):
        dumps([card], "csv")
    assert json.loads(dumps([card], "json"))[0]["text"] == "x\x00y"


# ------------------------------------------------------------------ settings with a range

@pytest.mark.parametrize("setting", ["starting_life=-5", "starting_life=0", "starting_life=1000001",
                                     "hand_limit=-1", "starting_life=" + "9" * 5000])
def test_a_setting_outside_its_range_is_refused(setting, cli):
    deck = str(ROOT / "data" / "decks" / "obludarium-standard.deck")
    result = cli("goldfish", deck, "--games", "2", "--set", setting)
    no_traceback(result.output)
    assert result.exit_code == 2, result.output
    assert "setting " + setting.split("=")[0] in result.stderr


@pytest.mark.parametrize("setting", ["starting_glory=0", "vp_per_turn=-3", "deck_minimum=100000"])
def test_alomfogo_settings_have_ranges_too(setting, cli):
    result = cli("goldfish", AF, "--games", "2", "--set", setting)
    assert result.exit_code == 2 and "out of range" in result.stderr


# ------------------------------------------------------------------ the fuzzers, derandomised, in CI

def test_the_parsers_survive_a_fixed_sample_of_generated_inputs():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from fuzz_parsers import run
    finally:
        sys.path.pop(0)
    old = sys.getrecursionlimit()
    out = io.StringIO()
    try:
        checker = run(1500, 800, seed=17, out=out)  # the CLI's own recursion limit, set by run()
    finally:
        sys.setrecursionlimit(old)
    assert checker.crashes == [], out.getvalue()
