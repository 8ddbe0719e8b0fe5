"""The search table is laid out without importing tabulate, and reads exactly as tabulate's "simple" table."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings, strategies as st
from tabulate import tabulate

from deckkit.catalogue.render import _table, card_table

HEADERS = ["name", "game", "type", "cost", "stats", "id"]

# Letters of the bundled games' names, spaces at the ends (tabulate strips them), and now and then
# something tabulate measures itself: a wide or combining character, a line break, a control code.
_piece = st.sampled_from(list("aZ09 -/★'") + list("ÉéőűčřžšÁ") + ["  ", "漢", "e\u0301", "\n", "\x1b[1m", "\x01"])
_text = st.lists(_piece, max_size=10).map("".join)
_cell = st.one_of(_text, st.integers(-5, 999), st.sampled_from(["", None, True, 1.5]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_cell, min_size=6, max_size=6), max_size=6))
def test_the_table_is_tabulates_simple_table(rows):
    assert _table(rows, HEADERS) == tabulate(rows, headers=HEADERS, tablefmt="simple", disable_numparse=True)


def test_a_card_table_does_not_import_tabulate():
    code = ("import sys\nfrom deckkit.catalogue.render import card_table\n"
            "print(card_table([{'name': 'Éjlépő Kajtár', 'game': 'alomfogo', 'type': 'dreamwalker', 'cost': 1,"
            " 'attack': 0, 'defense': 3, 'id': 'af-ejlepo-kajtar'}]))\n"
            "assert 'tabulate' not in sys.modules")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[2].split() == ["Éjlépő", "Kajtár", "af", "dreamwalker", "1", "0/3", "af-ejlepo-kajtar"]
    assert card_table([{"name": "Éjlépő Kajtár", "game": "alomfogo", "type": "dreamwalker", "id": "x"}]).splitlines()[0] \
        == "name           game    type         cost    stats    id"
