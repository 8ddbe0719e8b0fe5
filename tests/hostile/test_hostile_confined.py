"""A script someone sent reads no file outside its folder, and a saved game names no path of this
machine (issue 28 item 6)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hostile_helpers import no_traceback

ROOT = Path(__file__).resolve().parents[2]
AF = str(ROOT / "data" / "decks" / "alomfogo-casual.deck")
SCRIPT = '''game = "ob"
seed = 3
[setup.p1]
deck = "{deck}"
[setup.p2]
library = ["Chleba", "Chleba", "Chleba"]
[[step]]
expect = {{"p2.life" = 20}}
'''


@pytest.fixture
def secret(tmp_path) -> Path:
    """A deck-shaped file outside the script's folder (it would load, were it allowed)."""
    path = tmp_path / "private" / "secret.deck"
    path.parent.mkdir()
    path.write_text("game: ob\n34 Chleba\n", encoding="utf-8")
    return path


def _run(cli, folder: Path, deck: str):
    folder.mkdir(exist_ok=True)
    script = folder / "sent.deckkit.toml"
    script.write_text(SCRIPT.format(deck=deck.replace("\\", "\\\\")), encoding="utf-8")
    result = cli("script", "run", str(script))
    no_traceback(result.output)
    return result


def test_an_absolute_deck_path_is_refused(cli, tmp_path, secret):
    result = _run(cli, tmp_path / "sent", str(secret))
    assert result.exit_code == 1 and "a script names decks by relative paths only" in result.stdout


def test_a_deck_path_climbing_out_of_the_script_folder_is_refused(cli, tmp_path, secret):
    result = _run(cli, tmp_path / "sent", "../private/secret.deck")
    assert result.exit_code == 1 and "is outside the script's folder" in result.stdout


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_link_in_the_script_folder_pointing_out_is_refused(cli, tmp_path, secret):
    folder = tmp_path / "sent"
    folder.mkdir()
    (folder / "linked.deck").symlink_to(secret)
    result = _run(cli, folder, "linked.deck")
    assert result.exit_code == 1 and "is outside the script's folder" in result.stdout


def test_a_deck_inside_the_script_folder_and_a_bundled_deck_still_load(cli, tmp_path, secret):
    folder = tmp_path / "sent"
    folder.mkdir()
    (folder / "decks").mkdir()
    (folder / "decks" / "mine.deck").write_text(secret.read_text(encoding="utf-8"), encoding="utf-8")
    assert _run(cli, folder, "decks/mine.deck").exit_code == 0
    assert _run(cli, folder, "obludarium-standard").exit_code == 0


def test_a_saved_game_names_its_cards_not_a_path_and_replays(cli, tmp_path):
    save = tmp_path / "game.deckkit.toml"
    result = cli("play", AF, "--seed", "4", "--autosave", str(save), input="1\n")
    assert result.exit_code == 0, result.stderr
    text = save.read_text(encoding="utf-8")
    assert str(ROOT) not in text and os.sep + "decks" not in text
    assert 'deck = ["af-' in text
    moved = tmp_path / "elsewhere" / "game.deckkit.toml"  # a saved game travels: no file beside it needed
    moved.parent.mkdir()
    moved.write_text(text, encoding="utf-8")
    replay = cli("script", "run", str(moved))
    assert replay.exit_code == 0, replay.stdout


def test_the_readme_says_deckkit_games_imports_trusted_code():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paragraph = next(p for p in readme.split("\n\n") if "`DECKKIT_GAMES`" in p)
    assert "imported as Python code" in paragraph and "trust" in paragraph
