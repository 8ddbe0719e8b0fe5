"""A page of one tag's matches (is:helper, kw:…) is counted from the tag index and either walks the name
order (many matches) or sorts them (few): the same cards and total as the general query."""

from __future__ import annotations

import pytest

from deckkit.catalogue.importer import import_files
from catalogue_helpers import card, db, cat, write  # noqa: F401  (pytest fixtures)


@pytest.mark.parametrize("many", [300, 3])
@pytest.mark.parametrize("query", ["is:helper", "sub:bűvforrás", "-is:helper cost<=2", "is:rulebook", "-is:rulebook"])
def test_a_page_and_its_total_match_the_general_query(cat, write, many, query):
    cards = [card(i, helper="S", subtypes=["bűvforrás"]) if i < many else card(i) for i in range(400)]
    import_files(cat, [write("c.json", cards)])
    expected = cat.search(query)
    page, total = cat.search_page(query, limit=50)
    assert total == len(expected) and [c["id"] for c in page] == [c["id"] for c in expected[:50]]
    walked = cat.search(query, limit=50, walk=True)
    assert [c["id"] for c in walked] == [c["id"] for c in expected[:50]]
