"""The catalogue file: creation from bundled data, WAL, versions and migrations, look-ups (issue 2 §3)."""

from __future__ import annotations

import sqlite3

import pytest

from deckkit.catalogue import bundled_cards, open_catalogue
from deckkit.catalogue.store import MIGRATIONS, SCHEMA_VERSION
from deckkit.errors import CatalogueError, DataError, UnknownCard
from catalogue_helpers import db, cat, empty, run  # noqa: F401  (pytest fixtures)


def test_fresh_catalogue_is_filled_with_every_bundled_card(cat, db):
    bundled = bundled_cards()
    assert len(bundled) > 100
    assert cat.count() == len(bundled)
    assert {c["id"] for c in cat.cards()} == {c["id"] for c in bundled}
    assert cat.schema_version == SCHEMA_VERSION
    assert cat.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert cat.info()["sources"] == {"bundled": len(bundled)}


def test_bundled_cards_by_game_alias():
    af = bundled_cards("af")
    assert af and {c["game"] for c in af} == {"alomfogo"}


def test_reopening_keeps_imported_cards_and_does_not_reload(cat, db):
    with cat.write():
        cat.conn.execute("DELETE FROM cards WHERE id = 'af-ejlepo-kajtar'")
    again = open_catalogue(db)
    assert again.get("af-ejlepo-kajtar") is None  # fingerprint unchanged: no reload over the user's edits


def test_migrations_are_contiguous():
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION + 1))


def test_a_version_1_catalogue_is_migrated_forward_with_its_cards(tmp_path):
    """Build a version-1 file the way deckkit 0.1 wrote it, then open it with the current code."""
    import json

    import sqlite_utils

    from deckkit.catalogue.store import APPLICATION_ID

    path = tmp_path / "v1.db"
    db = sqlite_utils.Database(path)
    MIGRATIONS[1](db)
    db.execute("PRAGMA user_version = 1")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    kajtar = {"id": "af-ejlepo-kajtar", "game": "alomfogo", "name": "Éjlépő Kajtár", "type": "dreamwalker",
              "cost": 1, "attack": 0, "defense": 3, "text": "Rests after a duel."}
    db["cards"].insert({"id": kajtar["id"], "game": "alomfogo", "name": kajtar["name"], "name_key": "ejlepo kajtar",
                        "type": "dreamwalker", "text": kajtar["text"], "text_key": "rests after a duel", "cost": 1,
                        "attack": 0, "defense": 3, "source": "mine.json", "data": json.dumps(kajtar)})
    db.conn.commit()
    db.close()
    cat = open_catalogue(path, fill=False)
    assert cat.schema_version == SCHEMA_VERSION
    assert cat.get("af-ejlepo-kajtar") == kajtar
    assert [c["id"] for c in cat.search("o:duel cost=1")] == ["af-ejlepo-kajtar"]
    assert cat.check() == []


def test_catalogue_from_a_newer_version_is_refused(cat, db):
    cat.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    cat.close()
    with pytest.raises(CatalogueError) as info:
        open_catalogue(db)
    assert "newer than this deckkit understands" in info.value.message
    assert "upgrade deckkit" in info.value.hint


def test_a_file_that_is_not_sqlite_is_refused(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("these are my notes, not a database\n" * 10)
    with pytest.raises(CatalogueError) as info:
        open_catalogue(bad)
    assert info.value.message == "not an SQLite database"
    assert "--db" in info.value.hint
    assert bad.read_text().startswith("these are my notes")  # untouched


def test_someone_elses_sqlite_file_is_refused(tmp_path):
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE invoices (n INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(CatalogueError, match="not a deckkit catalogue"):
        open_catalogue(other)


def test_directory_as_catalogue_is_refused(tmp_path):
    with pytest.raises(CatalogueError, match="directory"):
        open_catalogue(tmp_path)


def test_find_by_id_and_by_folded_name(cat):
    assert cat.find("af-ejlepo-kajtar")["name"] == "Éjlépő Kajtár"
    assert cat.find("ejlepo kajtar")["id"] == "af-ejlepo-kajtar"
    assert cat.find("  ÉJLÉPŐ   KAJTÁR ", game="af")["id"] == "af-ejlepo-kajtar"


def test_find_unknown_card_suggests_near_misses(cat):
    with pytest.raises(UnknownCard) as info:
        cat.find("ejlepo kajtr")
    assert info.value.suggestions[0] == "Éjlépő Kajtár"
    assert "did you mean Éjlépő Kajtár" in info.value.hint
    with pytest.raises(UnknownCard):
        cat.find("Éjlépő Kajtár", game="ob")


def test_find_name_in_two_games_asks_for_the_game(empty):
    from deckkit.catalogue.importer import Record, plan

    a = {"id": "ob-twin", "game": "obludarium", "name": "Twin", "type": "food"}
    b = {"id": "af-twin", "game": "alomfogo", "name": "Twin", "type": "event", "cost": 1}
    with empty.write():
        p = plan(empty, [Record("x", 1, 1, a), Record("x", 2, 2, b)], source="x")
        empty.store(p.added_rows, p.updated_rows)
    with pytest.raises(DataError, match="several games"):
        empty.find("twin")
    assert empty.find("twin", game="ob")["id"] == "ob-twin"


def test_db_check_finds_a_broken_stored_card(cat):
    assert cat.check() == []
    with cat.write():
        cat.conn.execute("UPDATE card_blobs SET data = json_set(data, '$.cost', -5) "
                         "WHERE pk = (SELECT pk FROM cards WHERE id = 'af-ejlepo-kajtar')")
    problems = cat.check()
    assert any("af-ejlepo-kajtar" in p and "$.cost" in p for p in problems)


def test_cli_db_info_and_check(run, db):
    r = run("db", "info", "-o", "json")
    assert r.exit_code == 0
    import json

    info = json.loads(r.stdout)
    assert info["path"] == str(db) and info["schema_version"] == SCHEMA_VERSION and info["cards"] > 100
    r = run("db", "check")
    assert r.exit_code == 0 and r.stdout.startswith("ok: ")


def test_cli_db_info_table_is_aligned_label_value_lines_without_an_empty_header(run, db, cat):
    r = run("db", "info")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["path", str(db)]  # no blank header row, no dashed rule
    assert not any(set(line) <= {"-", " "} for line in lines)
    width = len("supported schema version  ")
    assert all(line[width - 2:width] == "  " and line[width] != " " for line in lines if len(line) > width)
    games = cat.info()["games"]
    assert "games" + " " * (width - 5) + ", ".join(f"{g} {n}" for g, n in games.items()) in lines
    assert "last import" + " " * (width - 11) + "-" in lines


def test_cli_refuses_non_sqlite_catalogue(tmp_path):
    from typer.testing import CliRunner

    from deckkit.cli import app

    bad = tmp_path / "x.db"
    bad.write_bytes(b"\x00\x01garbage" * 50)
    r = CliRunner().invoke(app, ["--db", str(bad), "search", "kajtar"], catch_exceptions=False)
    assert r.exit_code == 1
    assert r.stderr.startswith(f"error: {bad}: not an SQLite database\nhint: ")


def test_db_check_repair_rebuilds_a_damaged_full_text_index(cat, run):
    with cat.write():
        cat.conn.execute("INSERT INTO cards_fts(cards_fts) VALUES ('delete-all')")
    assert cat.search("o:duelist") == []
    assert "full-text index: it does not match the cards table (deckkit db check --repair rebuilds it)" in cat.check()
    r = run("db", "check")
    assert r.exit_code == 1 and "full-text index" in r.stderr
    r = run("db", "check", "--repair")
    assert r.exit_code == 0
    assert cat.search("o:duelist")


def _bundle(folder, cards: list[dict], stamp: int) -> None:
    import json
    import os

    f = folder / "cards" / "test.json"
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(json.dumps(cards), encoding="utf-8")
    os.utime(f, ns=(stamp, stamp))  # a new install of the package gives the files new times


def test_changed_bundled_files_reach_an_existing_catalogue_and_removed_cards_stay(tmp_path, monkeypatch, db):
    import json

    from typer.testing import CliRunner

    import deckkit.paths
    from deckkit.catalogue.importer import import_files
    from deckkit.cli import app
    from catalogue_helpers import card

    data = tmp_path / "data"
    monkeypatch.setattr(deckkit.paths, "data_dir", lambda: data)
    _bundle(data, [card(1), card(2), card(3)], 1_000_000_000)
    c = open_catalogue(db)
    assert sorted(x["id"] for x in c.cards()) == ["af-test-1", "af-test-2", "af-test-3"]
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps([card(3, text="My own ruling.")]), encoding="utf-8")
    import_files(c, [mine])  # the user's version of a bundled card
    c.close()

    # A new deckkit: card 1 changed, card 2 removed, card 4 new, card 3 changed too.
    _bundle(data, [card(1, text="Errata."), card(3, text="Bundled errata."), card(4)], 2_000_000_000)
    c = open_catalogue(db)
    assert c.get("af-test-1")["text"] == "Errata."
    assert c.get("af-test-4") is not None
    assert c.get("af-test-2") is not None  # kept: decks may name it
    assert c.get("af-test-3")["text"] == "My own ruling."  # bundled data never overwrites the user's card
    assert c.retired_bundled() == ["af-test-2"]
    c.close()

    r = CliRunner().invoke(app, ["--db", str(db), "db", "check"], catch_exceptions=False)
    assert r.exit_code == 0 and r.stdout.startswith("ok: 4 cards")
    assert r.stderr == ("note: 1 card from an older deckkit's bundled data is no longer bundled: af-test-2 "
                        "(kept, as decks may name it; not an error)\n")
    r = CliRunner().invoke(app, ["--db", str(db), "db", "check", "-o", "json"], catch_exceptions=False)
    assert json.loads(r.stdout)["retired_bundled"] == ["af-test-2"] and r.exit_code == 0


def test_a_damaged_catalogue_is_a_message_not_a_traceback(cat, db):
    from typer.testing import CliRunner

    from deckkit.cli import app

    page_size = cat.conn.execute("PRAGMA page_size").fetchone()[0]
    pages = [r[0] for r in cat.conn.execute("SELECT rootpage FROM sqlite_master WHERE name IN "
                                            "('idx_cards_name_key', 'cards')")]
    cat.close()
    data = bytearray(db.read_bytes())
    for page in pages:  # the name index and the cards table: garbage
        start = (page - 1) * page_size
        data[start:start + page_size] = b"\xff" * page_size
    db.write_bytes(bytes(data))
    for wal in (db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        wal.unlink(missing_ok=True)
    r = CliRunner().invoke(app, ["--db", str(db), "search", "kajtar"], catch_exceptions=False)
    assert r.exit_code == 1
    assert r.stderr.startswith(f"error: {db}: the catalogue could not be used: database disk image is malformed\n"
                               "hint: deckkit db check tells what is wrong")
    r = CliRunner().invoke(app, ["--db", str(db), "db", "check"], catch_exceptions=False)
    assert r.exit_code == 1 and r.stderr.startswith("sqlite: database disk image is malformed")


@pytest.mark.parametrize("args", [["db", "info", "-o", "csv"], ["db", "check", "-o", "jsonl"], ["import", "x.json", "-o", "csv"]])
def test_output_formats_a_command_does_not_write_are_usage_errors(run, args):
    r = run(*args)
    assert r.exit_code == 2 and r.stdout == ""
    command = " ".join(a for a in args[:2] if not a.endswith(".json"))
    assert r.stderr == f"error: deckkit {command} has no {args[-1]} output\nhint: use -o table or -o json\n"
