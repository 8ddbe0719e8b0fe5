"""A damaged catalogue is reported and repairable (issue 17 §3): every kind of damaged record, through
every command that reads cards; db check names it, --repair says it cannot, a good import replaces it."""

from __future__ import annotations

import json

import pytest

from deckkit.catalogue import open_catalogue
from catalogue_helpers import card, cat, db, run, write  # noqa: F401  (pytest fixtures)

VICTIM = "af-ejlepo-kajtar"

# (how the record is damaged, SQL run on the catalogue, what db check says of it)
DAMAGE = [
    ("invalid JSON", "UPDATE card_blobs SET data = '{\"id\": \"af-ejlepo-kajtar\", ' WHERE pk = :pk",
     "its record is not valid JSON"),
    ("a JSON array", "UPDATE card_blobs SET data = '[1, 2]' WHERE pk = :pk", "its record is a JSON array, not a JSON object"),
    ("JSON null", "UPDATE card_blobs SET data = 'null' WHERE pk = :pk", "its record is null, not a JSON object"),
    ("not UTF-8", "UPDATE card_blobs SET data = CAST(X'7B22FFFE227D' AS TEXT) WHERE pk = :pk",
     "its record is not UTF-8 text"),
    ("no name", "UPDATE card_blobs SET data = json_remove(data, '$.name') WHERE pk = :pk", "its record has no name"),
    ("record row deleted", "DELETE FROM card_blobs WHERE pk = :pk", "its record is missing"),
]
IDS = [d[0] for d in DAMAGE]


@pytest.fixture(params=DAMAGE, ids=IDS)
def damaged(request, cat):
    _, sql, said = request.param
    pk = cat.conn.execute("SELECT pk FROM cards WHERE id = ?", (VICTIM,)).fetchone()[0]
    with cat.write():
        cat.conn.execute(sql, {"pk": pk})
    return said


def _warned(stderr: str, said: str) -> bool:
    return (f"warning: card {VICTIM} skipped: {said}" in stderr
            and "deckkit db check lists damaged records" in stderr)


def test_search_skips_the_damaged_record_with_a_warning(damaged, run):
    r = run("search", "game:af t:dreamwalker cost<=1")
    assert r.exit_code == 0 and "Traceback" not in r.stderr
    assert _warned(r.stderr, damaged)
    assert "Jégszem Soyana" in r.stdout and "Éjlépő Kajtár" not in r.stdout
    r = run("search", "kajtar", "-o", "json")
    assert r.exit_code == 0 and json.loads(r.stdout) == [] and _warned(r.stderr, damaged)


def test_card_export_and_deck_validate_skip_it_too(damaged, run, write):
    r = run("card", "ejlepo kajtar")
    assert r.exit_code == 1 and _warned(r.stderr, damaged) and "Traceback" not in r.stderr
    r = run("export", "--game", "af")
    assert r.exit_code == 0 and _warned(r.stderr, damaged)
    assert VICTIM not in {c["id"] for c in json.loads(r.stdout)} and len(json.loads(r.stdout)) > 10
    deck = write("d.deck", "game: alomfogo\n3 Éjlépő Kajtár\n3 Jégszem Soyana\n")
    r = run("deck", "validate", str(deck))
    assert r.exit_code == 1 and "Traceback" not in r.stderr and "Traceback" not in r.stdout
    assert _warned(r.stderr, damaged)


def test_db_check_names_it_and_repair_says_it_cannot_repair_it(damaged, run):
    r = run("db", "check")
    assert r.exit_code == 1 and f"card {VICTIM}: {damaged}" in r.stderr
    r = run("db", "check", "--repair", "-o", "json")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert any(line.startswith(f"card {VICTIM}: {damaged}") and "import a good version of the card" in line
               for line in out["not_repaired"])
    assert out["problems"] and all(VICTIM in p for p in out["problems"])


def test_importing_a_good_version_replaces_the_damaged_record(damaged, run, write, db):
    good = open_catalogue(db.with_name("fresh.db")).get(VICTIM)
    r = run("import", str(write("good.json", [good])))
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "1 card from 1 file: 0 added, 1 updated, 0 unchanged\n"
    r = run("db", "check")
    assert r.exit_code == 0, r.stderr
    r = run("search", "kajtar")
    assert "Éjlépő Kajtár" in r.stdout and "warning" not in r.stderr


def test_a_read_only_folder_can_be_searched_without_a_journal(tmp_path, write):
    from typer.testing import CliRunner

    from deckkit.cli import app

    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "cat.db"
    open_catalogue(path).close()
    before = sorted(p.name for p in folder.iterdir())
    folder.chmod(0o555)
    path.chmod(0o444)
    try:
        r = CliRunner().invoke(app, ["--db", str(path), "search", "kajtar"], catch_exceptions=False)
        assert r.exit_code == 0 and "Éjlépő Kajtár" in r.stdout
        assert sorted(p.name for p in folder.iterdir()) == before == ["cat.db"]
        r = CliRunner().invoke(app, ["--db", str(path), "import", str(write("x.json", [card(1)]))], catch_exceptions=False)
        assert r.exit_code == 1 and "read-only" in r.stderr and "Traceback" not in r.stderr
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("special", ["/dev/null", "/dev/zero"])
def test_a_special_file_is_refused_and_no_journal_appears_beside_it(special):
    from pathlib import Path

    from typer.testing import CliRunner

    from deckkit.cli import app

    before = {p.name for p in Path("/dev").iterdir()}
    r = CliRunner().invoke(app, ["--db", special, "search", "kajtar"], catch_exceptions=False)
    assert r.exit_code == 1 and r.stderr.startswith(f"error: {special}: the catalogue path is not a regular file")
    assert {p.name for p in Path("/dev").iterdir()} - before == set()
