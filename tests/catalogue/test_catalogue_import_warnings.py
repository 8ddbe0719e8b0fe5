"""Import warnings of cards whose rules text says something but that have no abilities: one warning per
card for a few, one summary per file (how many, the first ids) for many; --strict names every card."""

from __future__ import annotations

import pytest

from deckkit.catalogue.import_keywords import SUMMARY_AFTER
from deckkit.catalogue.importer import import_files
from deckkit.errors import ValidationFailed
from catalogue_helpers import card, db, empty, run, write  # noqa: F401  (pytest fixtures)

SAYS = "Draw two cards. Then discard one of them."  # says something, and the card has no abilities


def _unspoken(n: int, start: int = 0) -> list[dict]:
    return [card(i, text=SAYS) for i in range(start, start + n)]


def test_a_few_cards_get_a_warning_each_at_their_line(empty, write):
    path = write("few.json", _unspoken(SUMMARY_AFTER))
    report = import_files(empty, [path])
    assert len(report.warnings) == SUMMARY_AFTER
    assert all(w.path == "$.text" and w.record and w.line and "no abilities" in w.message for w in report.warnings)


def test_many_cards_get_one_summary_per_file_with_count_and_first_ids(empty, write):
    many = _unspoken(SUMMARY_AFTER + 20) + [card(900, text="(Draws a card.)")]  # reminder text: no warning
    first = write("many.json", many)
    second = write("more.json", _unspoken(SUMMARY_AFTER + 1, start=500))
    report = import_files(empty, [first, second])
    assert len(report.added) == len(many) + SUMMARY_AFTER + 1
    one, two = report.warnings
    assert one.file == str(first) and two.file == str(second)
    assert one.message.startswith(f"{SUMMARY_AFTER + 20} cards have rules text that says something but no abilities")
    assert "'af-test-0', 'af-test-1'" in one.message and "and 20 more" in one.message
    assert "af-test-900" not in one.message
    assert "--strict" in one.hint and "games --abilities" in one.hint
    assert two.message.startswith(f"{SUMMARY_AFTER + 1} cards") and "and 1 more" in two.message


def test_strict_names_every_card_and_writes_nothing(empty, write):
    path = write("many.json", _unspoken(SUMMARY_AFTER + 3))
    with pytest.raises(ValidationFailed) as err:
        import_files(empty, [path], strict=True)
    assert [p.record for p in err.value.problems] == list(range(1, SUMMARY_AFTER + 4))
    assert empty.count() == 0


def test_cli_prints_one_line_for_many(run, write):
    path = write("many.json", _unspoken(200))
    result = run("import", str(path))
    assert result.exit_code == 0, result.output
    warned = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warned) == 1 and "200 cards have rules text" in warned[0] and "and 195 more" in warned[0]
