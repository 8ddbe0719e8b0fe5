"""``deckkit remove`` (issue 26 item 2): cards deleted by id or query in one transaction, with a dry run
and a count; bundled cards hidden and restored, never destroyed; decks that would lose a card refuse
the removal unless --force; ``db check`` clean after every removal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.catalogue import bundled_cards, open_catalogue
from deckkit.catalogue.importer import import_files
from deckkit.cli import app
from deckkit.paths import data_dir

MINE = [
    {"id": "ob-my-dog", "game": "obludarium", "name": "Hafík", "type": "monster", "cost": 2, "attack": 2,
     "defense": 2, "set": "draft1", "text": "(A dog.)"},
    {"id": "ob-my-cat", "game": "obludarium", "name": "Mňauk", "type": "monster", "cost": 1, "attack": 1,
     "defense": 1, "set": "draft1", "text": "(A cat.)"},
    {"id": "ob-my-owl", "game": "obludarium", "name": "Sovička", "type": "monster", "cost": 3, "attack": 1,
     "defense": 3, "set": "draft2", "text": "(An owl.)"},
]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    (tmp_path / "mine.json").write_text(json.dumps(MINE, ensure_ascii=False), encoding="utf-8")
    with open_catalogue(tmp_path / "cards.db") as cat:
        import_files(cat, [tmp_path / "mine.json"])
    return tmp_path / "cards.db"


@pytest.fixture
def run(db):
    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(db), *args], catch_exceptions=False)

    return _run


def _ids(db: Path) -> set[str]:
    with open_catalogue(db) as cat:
        return {c["id"] for c in cat.cards()}


def _clean(db: Path) -> None:
    with open_catalogue(db) as cat:
        assert cat.check() == []


def _unused_bundled_card() -> str:
    """A bundled card no bundled deck holds."""
    from deckkit.decks import CardPool, load_deck

    pool = CardPool.bundled()
    used = {c["id"] for deck in (data_dir() / "decks").iterdir() for c in load_deck(deck).cards(pool)}
    return next(c["id"] for c in bundled_cards() if c["id"] not in used)


def test_remove_by_id_deletes_the_card_and_db_check_stays_clean(run, db):
    before = _ids(db)
    result = run("remove", "ob-my-dog")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "removed 1 card(s)\n"
    assert _ids(db) == before - {"ob-my-dog"}
    _clean(db)
    assert run("search", "hafik", "-o", "json").stdout.strip() == "[]"  # gone from the name and text indexes


def test_remove_by_query_with_dry_run_counts_and_changes_nothing(run, db):
    before = _ids(db)
    result = run("remove", "set:draft1", "--dry-run")
    assert result.exit_code == 0
    assert result.stdout.startswith("dry run: 2 card(s) would be removed; nothing written\n")
    assert "ob-my-cat  Mňauk (obludarium)" in result.stdout
    assert _ids(db) == before
    done = run("remove", "set:draft1", "ob-my-owl", "-o", "json")
    assert json.loads(done.stdout) == {"removed": 3, "ids": ["ob-my-cat", "ob-my-dog", "ob-my-owl"], "hidden": [],
                                       "done": True, "bundled_decks": [], "decks": []}
    assert _ids(db) == before - {"ob-my-cat", "ob-my-dog", "ob-my-owl"}
    _clean(db)


def test_a_selector_that_matches_nothing_refuses_the_whole_removal(run, db):
    before = _ids(db)
    result = run("remove", "ob-my-dog", "hafk-nothing")
    assert result.exit_code == 1
    assert "no card matches 'hafk-nothing'; nothing was removed" in result.stderr
    assert _ids(db) == before


def test_a_malformed_query_is_a_usage_error(run, db):
    result = run("remove", "cost<=(2")
    assert result.exit_code == 2 and "missing value" in result.stderr


def test_remove_without_cards_is_a_usage_error(run):
    result = run("remove")
    assert result.exit_code == 2 and "name the cards to remove" in result.stderr


def test_removing_a_card_a_bundled_deck_needs_is_refused_unless_forced_and_then_hidden_and_restored(run, db):
    before = _ids(db)
    refused = run("remove", "ob-medded")
    assert refused.exit_code == 1
    assert ("the bundled deck obludarium-standard.deck holds 2× Medděd (ob-medded); nothing was removed"
            in refused.stderr)
    assert _ids(db) == before
    forced = run("remove", "ob-medded", "--force")
    assert forced.exit_code == 0
    assert "1 bundled card(s) hidden" in forced.stdout and "obludarium-standard.deck no longer finds" in forced.stderr
    assert "ob-medded" not in _ids(db)
    _clean(db)
    restored = run("remove", "--restore")
    assert restored.exit_code == 0 and restored.stdout == "restored 1 bundled card(s): ob-medded\n"
    assert _ids(db) == before
    _clean(db)


def test_a_hidden_bundled_card_stays_hidden_when_the_bundled_cards_are_loaded_again(run, db):
    card = _unused_bundled_card()
    assert run("remove", card).exit_code == 0  # no bundled deck holds it: no --force needed
    with open_catalogue(db) as cat:
        with cat.write():
            cat.conn.execute("DELETE FROM meta WHERE key = 'bundled'")  # as after an upgrade of deckkit
    assert card not in _ids(db)  # reopened: the bundled cards were loaded again, without it
    assert json.loads(run("remove", "--restore", card, "-o", "json").stdout) == {"restored": [card], "hidden": []}
    assert card in _ids(db)


def test_restore_refuses_an_id_that_is_not_a_hidden_bundled_card(run):
    mine = run("remove", "--restore", "ob-my-dog")
    assert mine.exit_code == 1 and "'ob-my-dog' is not a bundled card" in mine.stderr
    shown = run("remove", "--restore", "ob-chleba")
    assert shown.exit_code == 1 and "ob-chleba is not hidden" in shown.stderr
    both = run("remove", "--restore", "--dry-run")
    assert both.exit_code == 2


def test_check_decks_lists_the_users_decks_that_would_lose_a_card_and_refuses(run, db, tmp_path):
    mine = tmp_path / "mine.deck"
    mine.write_text("game: ob\n3 Hafík\n2 ob-my-owl\n", encoding="utf-8")
    other = tmp_path / "other.deck"
    other.write_text("game: ob\n4 Chleba\n", encoding="utf-8")
    before = _ids(db)
    dry = run("remove", "set:draft1", "ob-my-owl", "--check-decks", str(mine), "--check-decks", str(other),
              "--dry-run", "-o", "json")
    assert json.loads(dry.stdout)["decks"] == [{"deck": str(mine), "cards": [
        {"id": "ob-my-dog", "name": "Hafík", "count": 3}, {"id": "ob-my-owl", "name": "Sovička", "count": 2}]}]
    refused = run("remove", "set:draft1", "--check-decks", str(mine), "--check-decks", str(other))
    assert refused.exit_code == 1
    assert f"your deck {mine} holds 3× Hafík (ob-my-dog)" in refused.stderr and str(other) not in refused.stderr
    assert _ids(db) == before
    forced = run("remove", "set:draft1", "--check-decks", str(mine), "--force")
    assert forced.exit_code == 0 and _ids(db) == before - {"ob-my-dog", "ob-my-cat"}


def test_check_decks_takes_standard_input_and_a_bundled_decks_name_as_other_deck_arguments_do(db):
    deck = "game: ob\n3 Hafík\n"
    dry = CliRunner().invoke(app, ["--db", str(db), "remove", "set:draft1", "--check-decks", "-", "--dry-run",
                                   "-o", "json"], input=deck, catch_exceptions=False)
    assert dry.exit_code == 0, dry.output
    assert json.loads(dry.stdout)["decks"] == [{"deck": "<stdin>", "cards": [
        {"id": "ob-my-dog", "name": "Hafík", "count": 3}]}]
    bundled = CliRunner().invoke(app, ["--db", str(db), "remove", "ob-chleba", "--check-decks", "obludarium-standard",
                                       "--dry-run", "-o", "json"], catch_exceptions=False)
    assert bundled.exit_code == 0, bundled.output
    assert [Path(d["deck"]).name for d in json.loads(bundled.stdout)["decks"]] == ["obludarium-standard.deck"]
    assert _ids(db) >= {"ob-my-dog", "ob-chleba"}


def test_check_decks_with_an_unreadable_deck_is_an_error(run, db, tmp_path):
    result = run("remove", "ob-my-dog", "--check-decks", str(tmp_path / "missing.deck"))
    assert result.exit_code == 1 and "cannot check the deck" in result.stderr
    assert "ob-my-dog" in _ids(db)


def test_a_failure_inside_the_transaction_leaves_every_card_in_place(db, monkeypatch):
    from deckkit.catalogue.removal import remove
    from deckkit.catalogue.store import Catalogue

    def broken(self, key, value):
        raise OSError("disk full")

    monkeypatch.setattr(Catalogue, "set_meta", broken)
    before = _ids(db)
    with open_catalogue(db) as cat, pytest.raises(OSError):
        remove(cat, [_unused_bundled_card(), "ob-my-dog"])  # a bundled card: its id is remembered last
    assert _ids(db) == before
    _clean(db)


def test_card_names_a_hidden_bundled_card_and_how_it_comes_back(run):
    card = _unused_bundled_card()
    assert run("remove", card).exit_code == 0
    result = run("card", card)
    assert result.exit_code == 1
    assert f"the bundled card {card} is hidden" in result.stderr and f"deckkit remove --restore {card}" in result.stderr
