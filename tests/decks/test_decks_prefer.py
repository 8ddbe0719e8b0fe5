"""Names that never break shipped data (issue 26 item 1): a user's card named like a bundled one, or
two shipped example files, leave the bundled decks, the README's quick start, the shipped scripts and
the designer kit working; a user's deck says which source wins with ``prefer:`` (or the catalogue's
``deckkit db prefer``), and an ambiguous line without one stays an error with the ids and that hint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.paths import data_dir

DATA = data_dir()
EXAMPLES = DATA / "cards" / "examples"
# A user's card named like a card of the bundled Obludárium starter deck.
MINE = {"id": "ob-my-medded", "game": "obludarium", "name": "Medděd", "type": "monster", "cost": 3,
        "attack": 4, "defense": 4, "groups": ["beast"], "text": "(A big bear.)"}
SHIPPED_SCRIPTS = ["ob-expectations", "ob-opening-mulligan", "ob-starter-deck-opening"]


def _catalogue(folder: Path, *files: Path) -> Path:
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.importer import import_files

    with open_catalogue(folder / "cards.db") as cat:
        if files:
            import_files(cat, list(files))
    return folder / "cards.db"


@pytest.fixture(scope="module")
def clash_db(tmp_path_factory) -> Path:
    """The bundled cards, the designer kit's files (both define cards that once shared a name) and a
    user's card named like a bundled one."""
    folder = tmp_path_factory.mktemp("prefer")
    mine = folder / "mine.json"
    mine.write_text(json.dumps([MINE], ensure_ascii=False), encoding="utf-8")
    return _catalogue(folder, mine, EXAMPLES / "my-first-cards.json", EXAMPLES / "ob-designer.json",
                      EXAMPLES / "af-designer.json")


@pytest.fixture
def run(clash_db):
    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(clash_db), *args], catch_exceptions=False)

    return _run


def test_readme_quick_start_still_validates_every_bundled_deck_after_a_clashing_import(run):
    decks = sorted(str(p) for p in (DATA / "decks").iterdir())
    result = run("deck", "validate", *decks)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert f"{len(decks)} deck(s): {len(decks)} legal, 0 not legal" in result.stdout


def test_readme_quick_start_goldfish_of_the_starter_deck_still_runs(run):
    result = run("goldfish", str(DATA / "decks" / "obludarium-standard.deck"), "--games", "4", "--seed", "1",
                 "--workers", "1", "-o", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)[0]["games"] == 4


@pytest.mark.parametrize("name", SHIPPED_SCRIPTS)
def test_shipped_scripts_on_the_starter_deck_still_pass(run, name):
    result = run("script", "run", str(DATA / "scripts" / f"{name}.deckkit.toml"))
    assert result.exit_code == 0, result.stdout + result.stderr


def test_the_designer_kit_deck_and_script_work_with_every_example_file_imported(run):
    decks = [str(p) for p in sorted(EXAMPLES.glob("*.deck"))]
    result = run("deck", "validate", *decks)
    assert result.exit_code == 0, result.stdout
    script = run("script", "run", str(EXAMPLES / "my-first-cards.deckkit.toml"))
    assert script.exit_code == 0, script.stdout + script.stderr


def test_the_starter_deck_means_the_bundled_card_not_the_users(clash_db):
    from deckkit.catalogue import open_catalogue
    from deckkit.decks import load_deck

    with open_catalogue(clash_db) as cat:
        cards = load_deck(DATA / "decks" / "obludarium-standard.deck").cards(cat)
    assert "ob-medded" in {c["id"] for c in cards} and "ob-my-medded" not in {c["id"] for c in cards}


def test_shipped_examples_and_bundled_cards_hold_no_clashing_names():
    from deckkit.text import fold

    seen: dict[tuple[str, str], set[str]] = {}
    for path in sorted((DATA / "cards").glob("*.json")) + sorted(EXAMPLES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data.get("cards", []) if isinstance(data, dict) else data:
            seen.setdefault((card["game"], fold(card["name"])), set()).add(card["id"])
    assert {key: ids for key, ids in seen.items() if len(ids) > 1} == {}


def test_every_shipped_deck_and_script_pins_its_cards():
    from deckkit.decks import load_deck

    decks = [p for p in sorted((DATA / "decks").iterdir()) + sorted(EXAMPLES.glob("*.deck"))]
    assert decks and all("bundled" in load_deck(p).prefer for p in decks)
    import tomllib

    scripts = sorted((DATA / "scripts").glob("*.toml")) + sorted(EXAMPLES.glob("*.toml"))
    assert scripts and all("bundled" in tomllib.loads(p.read_text(encoding="utf-8")).get("prefer", [])
                           for p in scripts)


def test_an_ambiguous_line_without_a_preference_is_an_error_with_the_ids_and_the_prefer_hint(run, write):
    result = run("deck", "validate", str(write("game: ob\n4 Medděd\n")), "-o", "json")
    assert result.exit_code == 1
    (error,) = json.loads(result.stdout)[0]["errors"][:1]
    assert error["code"] == "ambiguous-name"
    assert "ob-medded (bundled)" in error["message"] and "ob-my-medded (mine.json)" in error["message"]
    assert "prefer: bundled" in error["hint"] and "deckkit db prefer" in error["hint"]


@pytest.mark.parametrize(("prefer", "wanted"), [("mine", "ob-my-medded"), ("mine.json", "ob-my-medded"),
                                                 ("user", "ob-my-medded"), ("ob-my-", "ob-my-medded"),
                                                 ("bundled", "ob-medded"), ("nothing-here, bundled", "ob-medded")])
def test_a_decks_prefer_header_says_which_source_wins(clash_db, write, prefer, wanted):
    from deckkit.catalogue import open_catalogue
    from deckkit.decks import load_deck

    with open_catalogue(clash_db) as cat:
        cards = load_deck(write(f"game: ob\nprefer: {prefer}\n2 Medděd\n")).cards(cat)
    assert [c["id"] for c in cards] == [wanted, wanted]


def test_a_set_picks_a_card(tmp_path, write):
    mine = dict(MINE, id="af-my-lidercfeny", game="alomfogo", name="Lidércfény", type="dream-creature", cost=1,
                helper="S", set="my-set", text="(S) +3 to your duelist's magic power.",
                abilities=[{"effect": "boost", "amount": 3}])
    for key in ("attack", "defense", "groups"):
        mine.pop(key)
    (tmp_path / "x.json").write_text(json.dumps([mine], ensure_ascii=False), encoding="utf-8")
    db = _catalogue(tmp_path, tmp_path / "x.json")
    result = CliRunner().invoke(app, ["--db", str(db), "deck", "show", str(write("game: af\nprefer: my-set\n"
                                                                                   "1 Lidércfény\n")), "-o", "json"])
    assert result.exit_code == 0, result.stderr
    assert "af-my-lidercfeny" in result.stdout


def test_the_catalogue_preference_resolves_a_deck_without_one_and_a_decks_own_wins(run, write):
    plain = write("game: ob\n1 Medděd\n", "plain.deck")
    pinned = write("game: ob\nprefer: bundled\n1 Medděd\n", "pinned.deck")
    assert run("db", "prefer", "user").exit_code == 0
    try:
        shown = json.loads(run("db", "prefer", "-o", "json").stdout)
        assert shown == {"prefer": ["user"]}
        first = json.loads(run("deck", "show", str(plain), "-o", "json").stdout)
        second = json.loads(run("deck", "show", str(pinned), "-o", "json").stdout)
        card = run("card", "Medděd", "-o", "json")
    finally:
        assert run("db", "prefer", "--clear").exit_code == 0
    assert "ob-my-medded" in json.dumps(first) and "ob-medded" in json.dumps(second)
    assert json.loads(card.stdout)["id"] == "ob-my-medded"
    assert run("card", "Medděd").exit_code == 1  # cleared: ambiguous again


def test_a_malformed_prefer_header_is_a_bad_line(run, write):
    result = run("deck", "validate", str(write("game: ob\nprefer: my cards\n1 Chleba\n")), "-o", "json")
    assert result.exit_code == 1
    error = json.loads(result.stdout)[0]["errors"][0]
    assert error["code"] == "bad-line" and error["line"] == 2 and "'my cards'" in error["message"]


def test_db_prefer_refuses_a_malformed_word_and_both_words_and_clear(run):
    bad = run("db", "prefer", "a b")
    assert bad.exit_code == 1 and "'a b' is not a source" in bad.stderr
    both = run("db", "prefer", "user", "--clear")
    assert both.exit_code == 2 and "not both" in both.stderr


def test_prefer_survives_convert_and_deck_add_writes_the_name_it_settles(run, write, tmp_path):
    deck = write("game: ob\nprefer: mine\n1 Chleba\n")
    assert run("deck", "add", str(deck), "2", "Medděd").exit_code == 0
    text = deck.read_text(encoding="utf-8")
    assert "prefer: mine" in text and "2 Medděd" in text
    out = tmp_path / "deck.json"
    assert run("deck", "convert", str(deck), str(out)).exit_code == 0, "convert"
    assert json.loads(out.read_text(encoding="utf-8"))["prefer"] == ["mine"]
    back = tmp_path / "back.deck"
    assert run("deck", "convert", str(out), str(back)).exit_code == 0
    assert "prefer: mine" in back.read_text(encoding="utf-8")


def test_a_script_prefer_picks_the_card_its_names_mean(tmp_path, clash_db):
    from deckkit.scripts.cards import CardSource
    from deckkit.scripts.reader import load_script
    from deckkit.scripts.runner import _cards, run_file

    text = ('game = "obludarium"\n{prefer}seed = 1\n[setup]\nstart = "p1"\nturn = 1\n[setup.p1]\n'
            'hand = ["Medděd"]\nlibrary = ["Chleba", "Chleba"]\n[setup.p2]\nlibrary = ["Chleba", "Chleba"]\n'
            '[[step]]\nexpect = {{"p1.hand" = ["Medděd", "Chleba"]}}\n')
    pinned = tmp_path / "pinned.deckkit.toml"
    pinned.write_text(text.format(prefer='prefer = ["mine"]\n'), encoding="utf-8")
    plain = tmp_path / "plain.deckkit.toml"
    plain.write_text(text.format(prefer=""), encoding="utf-8")
    assert run_file(pinned, cards=CardSource(clash_db)).failures == []
    pool = _cards(load_script(pinned), CardSource(clash_db))
    assert pool.pool.find("Medděd")["id"] == "ob-my-medded" and "ob-medded" not in pool.names
    (failure,) = run_file(plain, cards=CardSource(clash_db)).failures
    assert "ambiguous name 'medded'" in failure.message


def test_tune_varies_the_card_the_bundled_deck_holds(run):
    result = run("tune", str(DATA / "decks" / "obludarium-standard.deck"), "--vary", "Medděd=1..2", "--games", "6",
                 "--seed", "1", "-w", "1", "-o", "json")
    assert result.exit_code == 0, result.stderr


def test_a_script_with_a_malformed_prefer_fails_naming_the_key(tmp_path, clash_db):
    from deckkit.scripts.cards import CardSource
    from deckkit.scripts.runner import run_file

    path = tmp_path / "bad.deckkit.toml"
    path.write_text('game = "obludarium"\nprefer = ["my cards"]\n[setup]\nstart = "p1"\n[[step]]\n'
                    'expect = {"p1.life" = 20}\n', encoding="utf-8")
    (failure,) = run_file(path, cards=CardSource(clash_db)).failures
    assert "prefer" in failure.message and "my cards" in failure.message
