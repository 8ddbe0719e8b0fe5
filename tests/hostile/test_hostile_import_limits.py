"""Import of hostile cards (issue 28, item 5): type confusion in a step or a filter's list is a message
with its JSON path, abilities nested past the one depth limit are refused at import with the path where
they go too deep (nothing written), values the user wrote are echoed cut short, an over-long id is refused
naming the limit, and ``import -`` with standard input closed is a message, not an internal error.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from deckkit.engine.ability_depth import MAX_ABILITY_DEPTH, too_deep
from hostile_helpers import no_traceback

_TEXT = "When it is summoned, draw a card."


def _card(abilities: list, **extra) -> dict:
    return {"id": "ob-hostile-import", "game": "obludarium", "name": "Hostile Import", "type": "monster", "cost": 2,
            "attack": 2, "defense": 2, "groups": ["beast"], "text": _TEXT, "abilities": abilities, **extra}


def _watching(filt: dict) -> list:
    """A monster that draws a card when another card matching ``filt`` enters."""
    return [{"trigger": {"on": "enters", "who": "other", "filter": filt}, "do": [{"effect": "draw", "amount": 1}]}]


def _nested(levels: int) -> dict:
    """A filter that says "not" ``levels`` times."""
    filt: dict = {"type": "monster"}
    for _ in range(levels):
        filt = {"not": filt}
    return filt


def _import(cli, tmp_path: Path, cards: list, name: str = "cards.json"):
    path = tmp_path / name
    path.write_text(json.dumps(cards), encoding="utf-8")
    result = cli("import", str(path))
    no_traceback(result.output)
    assert "internal error" not in result.output, result.output
    return result


def _ids(db: Path) -> set[str]:
    with sqlite3.connect(db) as conn:
        return {row[0] for row in conn.execute("SELECT id FROM cards")}


@pytest.mark.parametrize("step", [{"player": {"x": 1}}, {"player": ["you"]}, {"duration": {"x": 1}}])
def test_an_object_where_a_step_takes_a_word_is_a_message_with_its_path(cli, tmp_path, step):
    result = _import(cli, tmp_path, [_card([{"trigger": "enters", "do": [{"effect": "draw", "amount": 1, **step}]}])])
    assert result.exit_code == 1, result.output
    key = next(iter(step))
    assert f"$.abilities[0].do[0].{key}" in result.output, result.output


@pytest.mark.parametrize("value", [[{"x": 1}], [["beast"]], [{"x": 1}, "beast"]])
def test_an_object_in_a_filters_list_is_a_message_with_its_path(cli, tmp_path, value):
    result = _import(cli, tmp_path, [_card(_watching({"group": value}))])
    assert result.exit_code == 1, result.output
    assert "$.abilities[0].trigger.filter.group" in result.output, result.output
    assert "is not a group name" in result.output or "is not a known group" in result.output, result.output


def test_the_depth_limit_is_one_named_constant_measured_without_recursion():
    deep = _watching(_nested(5000))  # far past Python's recursion limit
    at = too_deep(deep)
    assert at is not None and at.startswith("$.abilities[0].trigger.filter.not.not")
    # The list, the ability, the trigger and the filter are the first four levels; the path ends at the
    # first object one level past the limit.
    assert at.count(".not") == MAX_ABILITY_DEPTH - 3
    assert too_deep(_watching(_nested(MAX_ABILITY_DEPTH - 4))) is None
    assert too_deep(_watching(_nested(MAX_ABILITY_DEPTH - 3))) is not None


@pytest.mark.parametrize("levels", [MAX_ABILITY_DEPTH, 400, 900])
def test_abilities_nested_past_the_limit_are_refused_at_import_with_the_path_and_nothing_is_written(
        cli, db, tmp_path, levels):
    before = _ids(db)
    good = _card([{"trigger": "enters", "do": [{"effect": "draw", "amount": 1}]}], id="ob-hostile-good")
    result = _import(cli, tmp_path, [good, _card(_watching(_nested(levels)))])
    assert result.exit_code == 1, result.output
    assert "nothing was imported" in result.output
    if levels < 900:  # 900 levels of objects are past what the JSON reader takes: refused as JSON
        assert f"more than {MAX_ABILITY_DEPTH} levels" in result.output, result.output
        assert "(record 2) $.abilities[0].trigger.filter.not.not" in result.output, result.output
    else:
        assert "nests too deeply" in result.output or f"more than {MAX_ABILITY_DEPTH} levels" in result.output
    assert len(result.output) < 2000, result.output  # the path stops where the limit is passed
    assert _ids(db) == before


def test_abilities_at_the_limit_import_and_show(cli, db, tmp_path):
    result = _import(cli, tmp_path, [_card(_watching(_nested(MAX_ABILITY_DEPTH - 4)))])
    assert result.exit_code == 0, result.output
    shown = cli("card", "ob-hostile-import")
    assert shown.exit_code == 0, shown.output
    no_traceback(shown.output)


def test_a_megabyte_effect_name_is_not_echoed_whole(cli, tmp_path):
    name = "x" * 1_000_000
    result = _import(cli, tmp_path, [_card([{"trigger": "enters", "do": [{"effect": name, "amount": 1}]}])])
    assert result.exit_code == 1
    assert "1,000,000 characters" in result.output, result.output[:500]
    assert len(result.output) < 3000


def test_a_megabyte_key_is_not_echoed_whole_in_the_path_or_the_message(cli, tmp_path):
    key = "k" * 1_000_000
    result = _import(cli, tmp_path, [_card([{"trigger": "enters", "do": [{"effect": "draw", "amount": 1, key: 1}]}])])
    assert result.exit_code == 1
    assert "1,000,000 characters" in result.output, result.output[:500]
    assert len(result.output) < 3000


def test_an_over_long_id_is_refused_naming_the_limit(cli, tmp_path):
    result = _import(cli, tmp_path, [_card([], id="a" * 5000)])
    assert result.exit_code == 1
    assert "too long: 5000 characters, the limit is 80" in result.output, result.output
    assert len(result.output) < 1000


def test_import_from_standard_input_when_it_is_closed_is_a_message(proc):
    done = proc("import", "-", preexec=lambda: os.close(0))
    no_traceback(done.stderr.decode())
    assert done.returncode == 1, done.stderr
    assert b"standard input is closed" in done.stderr, done.stderr
    assert b"internal error" not in done.stderr


def test_a_too_deep_card_an_older_deckkit_stored_is_named_by_card_and_goldfish(cli, db, tmp_path):
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.rows import card_rows

    card = _card(_watching(_nested(600)))
    cat = open_catalogue(db)
    with cat.write():  # as an import without the depth limit stored it
        cat.store(card_rows([card], "old.json"), [])
    cat.close()
    shown = cli("card", card["id"])
    no_traceback(shown.output)
    assert f"more than {MAX_ABILITY_DEPTH} levels" in shown.output, shown.output
    deck = tmp_path / "deep.deck"
    deck.write_text(f"game: obludarium\n\n40 {card['name']}\n", encoding="utf-8")
    played = cli("goldfish", str(deck), "--games", "2")
    no_traceback(played.output)
    assert played.exit_code == 1, played.output
    assert "internal error" not in played.output and "nested too deeply" not in played.output, played.output
    assert f"more than {MAX_ABILITY_DEPTH} levels" in played.output, played.output
