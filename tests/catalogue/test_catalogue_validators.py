"""The fast validator (jsonschema-rs) and the reference (jsonschema) agree; the importer never crashes (issue 2 §4)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from deckkit.catalogue import bundled_cards
from deckkit.catalogue.importer import import_files
from deckkit.errors import ValidationFailed
from deckkit.schemas import card_problems, fast_card_check, reference_card_check
from catalogue_helpers import db, empty  # noqa: F401  (pytest fixtures)

FIELDS = ["id", "game", "name", "type", "cost", "attack", "defense", "glory", "groups", "subtypes", "number", "label",
          "symbols", "rarity", "helper", "text", "abilities", "stone", "requires", "bonus", "blocking", "names", "set"]
VALUES = [None, True, 0, -1, 1, 4, 5, 99, 100, 2.0, 2.5, "", "x", "flying", "alomfogo", "kotlik", "obludarium",
          "dreamwalker", "food", "ingredient", "green", "P", [], ["flying"], ["a", "a"], {}, {"en": "X"},
          [{"effect": "boost", "amount": 1}], [{"effect": "nope"}], [{"amount": 1}], 10**20]


def _mutations(seed: int, n: int) -> list:
    """Valid bundled cards with 1-3 random field changes (many invalid, some still valid)."""
    rng = random.Random(seed)
    base = bundled_cards()
    out = []
    for _ in range(n):
        c = json.loads(json.dumps(rng.choice(base)))
        for _ in range(rng.randint(1, 3)):
            f = rng.choice(FIELDS)
            if rng.random() < 0.25:
                c.pop(f, None)
            else:
                c[f] = rng.choice(VALUES)
        out.append(c)
    return out


def test_validators_agree_on_valid_records():
    cards = bundled_cards()
    assert all(fast_card_check(c) for c in cards)
    assert all(reference_card_check(c) for c in cards)


def test_validators_agree_on_mutated_records():
    records = _mutations(seed=11, n=1500)
    fast = [fast_card_check(r) for r in records]
    ref = [reference_card_check(r) for r in records]
    assert fast == ref
    assert 50 < sum(fast) < 1450  # both valid and invalid cases were exercised
    for r, ok in zip(records, ref):
        assert (card_problems(r, file="m") == []) == ok


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), st.sampled_from(VALUES), max_size=8))
def test_validators_agree_on_generated_records(record):
    assert fast_card_check(record) == reference_card_check(record)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=5), inner,
                                                                max_size=5),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(json_values, min_size=1, max_size=4), st.sampled_from(["json", "jsonl"]))
def test_importer_never_crashes_on_generated_records(empty, tmp_path, records, fmt):
    f = tmp_path / f"gen.{fmt}"
    if fmt == "json":
        f.write_text(json.dumps(records), encoding="utf-8")
    else:
        f.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    try:
        report = import_files(empty, [f], dry_run=True)
    except ValidationFailed as exc:
        assert exc.problems and all(p.message and p.file == str(f) for p in exc.problems)
    else:
        assert len(report.added) + len(report.updated) + report.unchanged == len(records)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200) | st.text(max_size=200).map(lambda s: s.encode("utf-8")),
       st.sampled_from(["x.json", "x.jsonl", "x.csv", "x.txt"]))
def test_importer_never_crashes_on_arbitrary_bytes(empty, tmp_path, data, name):
    f = tmp_path / name
    f.write_bytes(data)
    try:
        import_files(empty, [f], dry_run=True)
    except ValidationFailed as exc:
        assert exc.problems


@pytest.mark.parametrize("cell,expected", [
    ("flying;nocturnal", ["flying", "nocturnal"]), ('["a;b", "c"]', ["a;b", "c"]), ("[]", []), (" a ; b ", ["a", "b"]),
])
def test_csv_list_cells(cell, expected):
    from deckkit.catalogue.csvformat import parse_row

    data, problems = parse_row(["groups"], [cell])
    assert problems == [] and data["groups"] == expected


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=8).filter(lambda s: "\x00" not in s), max_size=4))
@example(['"', '"'])  # joins to '";"', which reads back as a JSON string
def test_csv_list_cells_round_trip(items):
    from deckkit.catalogue.csvformat import format_cell, parse_row

    data, problems = parse_row(["subtypes"], [format_cell("subtypes", items)])
    assert problems == [] and data.get("subtypes", []) == items


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.sampled_from(FIELDS), min_size=1, max_size=3), st.lists(st.sampled_from(VALUES),
                                                                                           min_size=3, max_size=3))
def test_problems_never_call_a_field_the_game_allows_foreign(seed, fields, values):
    # The schema's unevaluatedProperties + if/then make jsonschema report every field of a failed game branch as
    # unexpected ("'cost' was unexpected" on a card where cost is fine); the message must name a truly foreign field.
    from deckkit.schemas import card_fields

    card = json.loads(json.dumps(random.Random(seed).choice(bundled_cards())))
    for f, v in zip(fields, values):
        card[f] = v
    for p in card_problems(card):
        assert "unexpected" not in p.message
        if " is not a field of " in p.message:
            field, game = p.path[2:], p.message.rsplit(" of ", 1)[1].removesuffix(" cards")
            assert field not in card_fields(game), p
