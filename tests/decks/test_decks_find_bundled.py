"""``deck find`` reads a bundled deck by its name, as the other deck commands do."""

from __future__ import annotations

import json

import pytest

from cli_runner import command_on_catalogue


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return command_on_catalogue(tmp_path_factory, "deck")


def test_deck_find_reads_a_bundled_deck_by_name(run):
    r = run("find", "Jégszem Soyana", "alomfogo-casual", "-o", "json")
    assert r.exit_code == 0, r.stderr
    found = json.loads(r.stdout)
    assert [f["deck"] for f in found] == ["Zsófi's dreamers"]
    assert found[0]["file"].endswith("alomfogo-casual.deck")
    assert [c["name"] for c in found[0]["cards"]] == ["Jégszem Soyana"]


def test_deck_find_names_a_misspelt_bundled_deck(run):
    r = run("find", "Jégszem Soyana", "alomfogo-casul")
    assert r.exit_code == 1
    assert "did you mean the bundled deck alomfogo-casual" in r.stderr
