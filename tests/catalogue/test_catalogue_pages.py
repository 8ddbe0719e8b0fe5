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


@pytest.mark.parametrize("query", ["cost<=2", "game:af -t:event cost>=1", "t:dreamwalker (atk>=1 or def>=9)", "cost>=99"])
def test_an_indexed_query_counted_first_pages_as_the_general_query(cat, write, query):
    from deckkit.catalogue.search import indexed_terms_only
    from deckkit.query import parse

    assert indexed_terms_only(parse(query))
    import_files(cat, [write("c.json", [card(i) for i in range(400)])])
    expected = cat.search(query)
    page, total = cat.search_page(query, limit=50)
    assert total == len(expected) and [c["id"] for c in page] == [c["id"] for c in expected[:50]]
    assert not indexed_terms_only(parse("name:tesz cost<=2")) and not indexed_terms_only(parse("-o:draws"))
