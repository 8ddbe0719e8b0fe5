"""The designer's cards in scripts (issue 12 items 3 and 4): scripts and the pytest plugin take their cards
from the catalogue (--db, $DECKKIT_DB, a pytest option or ini setting), inline [[card]] tables are
validated like an import, a deck file of the script resolves as every deck does, and names that clash
must be written as ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.scripts.cards import CardSource
from deckkit.scripts.runner import run_file

pytest_plugins = ["pytester"]

MIKES = '''game = "obludarium"
title = "Kocour Mikeš hits for its attack"
seed = 1

[setup]
start = "p1"
phase = "main"

[setup.p1]
library = ["Chleba", "Buřty", "Guláš"]
table = ["Chleba", "Kocour Mikeš"]

[setup.p2]
library = ["Knedlíky", "Ovesná kaše", "Chleba", "Guláš"]

[[step]]
do = ["pass", "attack Kocour Mikeš", "pass", "pass", "pass"]
[step.expect]
"p2.life" = 18
'''
DOG = {"id": "ob-my-dog", "game": "obludarium", "name": "Hlídací pes", "type": "monster", "cost": 1, "attack": 4,
       "defense": 1, "groups": ["beast"]}
INLINE_DOG = '''
[[card]]
id = "ob-my-dog"
name = "Hlídací pes"
type = "monster"
cost = 1
attack = 4
defense = 1
groups = ["beast"]
'''


def dog_script(name: str = "Hlídací pes", life: int = 16, extra: str = "") -> str:
    """Mikeš's script with the dog attacking instead."""
    return MIKES.replace('"Kocour Mikeš"', f'"{name}"').replace("attack Kocour Mikeš", f"attack {name}") \
        .replace('"p2.life" = 18', f'"p2.life" = {life}') + extra


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "cards.db"


@pytest.fixture
def cli(db: Path):
    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(db), *args], catch_exceptions=False)

    return _run


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_card_imported_with_deckkit_import_plays_in_a_script(cli, tmp_path):
    script = write(tmp_path / "dog.deckkit.toml", dog_script())
    before = cli("script", "run", str(script))
    assert before.exit_code == 1
    assert f"{script}:11: unknown Obludárium card 'Hlídací pes'" in before.stdout
    imported = cli("import", str(write(tmp_path / "dog.json", json.dumps([DOG]))))
    assert imported.stdout == "1 card from 1 file: 1 added, 0 updated, 0 unchanged\n"
    after = cli("script", "run", str(script))
    assert after.exit_code == 0
    assert after.stdout == f"PASS  {script}  — Kocour Mikeš hits for its attack\n1 passed, 0 failed\n"


def test_a_bundled_card_whose_attack_the_user_changed_plays_with_the_new_value(cli, tmp_path):
    script = write(tmp_path / "mikes.deckkit.toml", MIKES)
    assert cli("script", "run", str(script)).exit_code == 0
    changed = {"id": "ob-kocour-mikes", "game": "obludarium", "name": "Kocour Mikeš", "type": "monster", "cost": 2,
               "attack": 5, "defense": 2, "groups": ["beast", "male"]}
    assert cli("import", str(write(tmp_path / "mikes.json", json.dumps([changed])))).exit_code == 0
    result = cli("script", "run", str(script), "-o", "json")
    assert result.exit_code == 1
    (failure,) = json.loads(result.stdout)["scripts"][0]["failures"]
    assert (failure["message"], failure["expected"], failure["actual"]) == ("step 1: p2.life", 18, 15)


def test_goldfish_plays_the_changed_values_too(cli, tmp_path, db):
    from deckkit.catalogue import open_catalogue
    from deckkit.sim.goldfish import load_decks

    changed = {"id": "ob-kocour-mikes", "game": "obludarium", "name": "Kocour Mikeš", "type": "monster", "cost": 2,
               "attack": 5, "defense": 2, "groups": ["beast", "male"]}
    cli("import", str(write(tmp_path / "mikes.json", json.dumps([changed]))))
    deck = write(tmp_path / "d.deck", "game: ob\n20 Chleba\n3 Kocour Mikeš\n")
    with open_catalogue(db) as cat:
        (loaded,) = load_decks([deck], cat)
    assert {c["attack"] for c in loaded.cards if c["name"] == "Kocour Mikeš"} == {5}


def test_the_environment_catalogue_is_the_default(tmp_path, monkeypatch):
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.importer import import_files

    db = tmp_path / "env.db"
    with open_catalogue(db) as cat:
        import_files(cat, [write(tmp_path / "dog.json", json.dumps([DOG]))])
    monkeypatch.setenv("DECKKIT_DB", str(db))
    script = write(tmp_path / "dog.deckkit.toml", dog_script())
    assert run_file(script).passed
    result = CliRunner().invoke(app, ["script", "run", str(script)], catch_exceptions=False)
    assert result.exit_code == 0


def test_inline_cards_make_a_script_self_contained(tmp_path):
    script = write(tmp_path / "dog.deckkit.toml", dog_script(extra=INLINE_DOG))
    result = run_file(script, cards=CardSource(tmp_path / "empty-of-dogs.db"))
    assert result.passed, [f.message for f in result.failures]


def test_an_inline_card_shadows_a_catalogue_card_of_the_same_name(tmp_path, cli):
    strong = INLINE_DOG.replace('id = "ob-my-dog"', 'id = "ob-my-strong-mikes"').replace("Hlídací pes", "Kocour Mikeš")
    script = write(tmp_path / "m.deckkit.toml", MIKES.replace('"p2.life" = 18', '"p2.life" = 16') + strong)
    result = cli("script", "run", str(script))
    assert (result.exit_code, result.stdout.splitlines()[0]) == (0, f"PASS  {script}  — Kocour Mikeš hits for its attack")


@pytest.mark.parametrize("change,message,line", [
    (('attack = 4', 'attack = -4'), "card 1: $.attack: -4 is less than the minimum of 0", 26),
    (('attack = 4', 'attack = "4"'), "card 1: $.attack: '4' is not of type 'integer'", 26),
    (('defense = 1', 'defense = 1\nattak = 2'), "card 1: $.attak: 'attak' is not a field of obludarium cards (hint: did you mean 'attack'?", 28),
    (('type = "monster"', 'type = "monstr"'), "card 1: $.type: 'monstr' is not one of", 24),
])
def test_invalid_inline_cards_name_the_script_the_line_and_the_field(tmp_path, change, message, line):
    script = write(tmp_path / "bad.deckkit.toml", dog_script(extra=INLINE_DOG.replace(*change)))
    result = run_file(script, cards=CardSource(tmp_path / "c.db"))
    (failure,) = result.failures
    assert failure.step is None and failure.line == line
    assert failure.message.startswith(f"{script}:{line}: {message}")


def test_an_inline_card_of_another_game_is_refused(tmp_path):
    script = write(tmp_path / "bad.deckkit.toml", dog_script(extra=INLINE_DOG.replace(
        'type = "monster"', 'game = "alomfogo"\ntype = "dreamwalker"').replace('groups = ["beast"]\n', '')))
    (failure,) = run_file(script, cards=CardSource(tmp_path / "c.db")).failures
    assert failure.message == (f"{script}:24: card 1: game is 'alomfogo', but the script plays obludarium "
                               "(hint: inline cards are cards of the script's game; leave game out to mean it)")


def test_two_inline_cards_with_one_name_are_refused(tmp_path):
    twin = INLINE_DOG.replace('id = "ob-my-dog"', 'id = "ob-my-dog-2"')
    script = write(tmp_path / "bad.deckkit.toml", dog_script(extra=INLINE_DOG + twin))
    (failure,) = run_file(script, cards=CardSource(tmp_path / "c.db")).failures
    assert failure.message == (f"{script}:32: card 2: name 'Hlídací pes' is already the name of inline card 1 "
                               "(hint: give each inline card a name of its own)")


def test_a_deck_file_of_the_setup_is_the_users_and_resolves_ids_and_imported_cards(cli, tmp_path, db):
    from deckkit.scripts.reader import load_script
    from deckkit.scripts.runner import _cards
    from deckkit.scripts.start import _deck_names

    cli("import", str(write(tmp_path / "dog.json", json.dumps([DOG]))))
    folder = tmp_path / "tests"
    folder.mkdir()
    write(folder / "mine.deck", "game: ob\n34 Chleba\n1 ob-my-dog\n2 Hlídací pes\n")
    script = write(folder / "deck.deckkit.toml", """game = "ob"
seed = 3
[setup.p1]
deck = "mine.deck"
[setup.p2]
library = ["Chleba", "Chleba", "Chleba"]
[[step]]
expect = {"p2.life" = 20}
""")
    result = cli("script", "run", str(script))
    assert result.exit_code == 0, result.stdout
    loaded = load_script(script)
    ids = _deck_names(loaded, "mine.deck", "p1", _cards(loaded, CardSource(db)))
    assert ids == ["ob-chleba"] * 34 + ["ob-my-dog"] * 3


def test_a_deck_file_with_an_unknown_card_names_the_deck_line(cli, tmp_path):
    write(tmp_path / "mine.deck", "game: ob\n3 Chleba\n2 Hlidaci pes\n")
    script = write(tmp_path / "deck.deckkit.toml", '''game = "ob"
[setup.p1]
deck = "mine.deck"
[[step]]
expect = {"p2.life" = 20}
''')
    result = cli("script", "run", str(script))
    assert result.exit_code == 1
    assert (f"{script}:3: deck file 'mine.deck': {tmp_path / 'mine.deck'}:3: unknown card 'Hlidaci pes'"
            in result.stdout)


# ---------------------------------------------------------------- names that clash

CLASH = {**DOG, "id": "ob-my-mikes", "name": "Kocour Mikeš", "attack": 7}


def _clashing(cli, tmp_path) -> None:
    assert cli("import", str(write(tmp_path / "clash.json", json.dumps([CLASH])))).exit_code == 0


def test_a_script_naming_an_ambiguous_name_in_its_setup_fails_with_the_ids(cli, tmp_path):
    _clashing(cli, tmp_path)
    script = write(tmp_path / "m.deckkit.toml", MIKES)
    result = cli("script", "run", str(script))
    assert result.exit_code == 1
    assert result.stdout == (
        f"FAIL  {script}\n"
        f"  {script}:11: ambiguous name 'kocour mikes': cards ob-kocour-mikes, ob-my-mikes (hint: write the card's "
        "id instead of its name (ids stand wherever names do, e.g. play ob-my-card))\n"
        "0 passed, 1 failed\n")


def test_a_script_naming_an_ambiguous_name_in_an_action_fails_with_the_ids(cli, tmp_path):
    _clashing(cli, tmp_path)
    text = MIKES.replace('table = ["Chleba", "Kocour Mikeš"]', 'table = ["Chleba", "ob-my-mikes"]')
    (failure,) = run_file(write(tmp_path / "m.deckkit.toml", text), cards=CardSource(tmp_path / "cards.db")).failures
    assert failure.line == 17
    assert "step 1: ambiguous name 'kocour mikes': cards ob-kocour-mikes, ob-my-mikes" in failure.message


def test_ids_stand_for_names_in_the_setup_and_in_actions(cli, tmp_path):
    _clashing(cli, tmp_path)
    text = MIKES.replace('table = ["Chleba", "Kocour Mikeš"]', 'table = ["Chleba", "ob-my-mikes"]') \
        .replace("attack Kocour Mikeš", "attack ob-my-mikes").replace('"p2.life" = 18', '"p2.life" = 13')
    result = cli("script", "run", str(write(tmp_path / "m.deckkit.toml", text)))
    assert result.exit_code == 0, result.stdout
    bundled = MIKES.replace('"Kocour Mikeš"]', '"ob-kocour-mikes"]').replace("attack Kocour Mikeš",
                                                                              "attack ob-kocour-mikes")
    assert cli("script", "run", str(write(tmp_path / "b.deckkit.toml", bundled))).exit_code == 0


# ---------------------------------------------------------------- the pytest plugin

def _catalogue_with_dog(path: Path) -> Path:
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.importer import import_files

    path.parent.mkdir(parents=True, exist_ok=True)
    with open_catalogue(path) as cat:
        import_files(cat, [write(path.parent / "dog.json", json.dumps([DOG]))])
    return path


def test_pytest_option_names_the_catalogue(pytester):
    db = _catalogue_with_dog(pytester.path / "elsewhere" / "cards.db")
    pytester.makefile(".deckkit.toml", dog=dog_script())
    result = pytester.runpytest("-p", "deckkit", "--deckkit-db", str(db))
    result.assert_outcomes(passed=1)
    without = pytester.runpytest("-p", "deckkit")
    without.assert_outcomes(failed=1)
    without.stdout.fnmatch_lines(["*unknown Obludárium card 'Hlídací pes'*"])


def test_pytest_ini_setting_names_a_project_catalogue_relative_to_the_ini(pytester):
    _catalogue_with_dog(pytester.path / "cards" / "catalogue.db")
    pytester.makeini("[pytest]\ndeckkit_db = cards/catalogue.db\n")
    folder = pytester.mkdir("tests")
    write(folder / "dog.deckkit.toml", dog_script())
    result = pytester.runpytest("-p", "deckkit", "tests")
    result.assert_outcomes(passed=1)
