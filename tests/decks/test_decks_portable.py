"""Portable files: a game saved by play, the per-game records of goldfish and match, and the deck history
name other files by bundled name or relative path, so a folder moved elsewhere (another machine)
still loads."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path


from deckkit.paths import bundled_files, data_dir, portable_path

STARTER = next(iter(bundled_files("deck").values()))



def _session(paths: list[Path], db: Path):
    from deckkit.catalogue import open_catalogue
    from deckkit.match.ai import pilot_spec
    from deckkit.match.session import Session
    from deckkit.sim.goldfish import load_decks

    loaded = load_decks(paths, open_catalogue(db))
    return Session(loaded[0].game, loaded, {0}, pilot_spec("random", 10, loaded[0].game), seed=4)


def test_a_saved_game_moved_elsewhere_loads_and_replays(run, tmp_path):
    from deckkit.catalogue import open_catalogue
    from deckkit.screen.saved import load_session

    home = tmp_path / "home"
    home.mkdir()
    mine = home / "mine.deck"
    shutil.copy(STARTER, mine)
    run("db", "info")  # the catalogue, filled with the bundled cards
    session = _session([mine, STARTER], run.db)  # a user's deck and a bundled one (the package's path)
    for _ in range(6):
        if session.to_act() == -1:
            break
        session.ai_move()
    session.save(str(home / "game.deckkit.toml"))
    text = (home / "game.deckkit.toml").read_text(encoding="utf-8")
    assert str(tmp_path) not in text and str(data_dir()) not in text and str(Path.home()) not in text
    away = tmp_path / "elsewhere" / "moved"
    shutil.move(str(home), str(away))
    (away / "mine.deck").unlink()  # the deck files need not travel with the game: it lists its cards
    fresh = _session([STARTER, STARTER], run.db)
    cat = open_catalogue(run.db)
    loaded = load_session(away / "game.deckkit.toml", fresh, cat.cards)
    assert loaded.actions == session.actions
    assert loaded.state.snapshot() == session.state.snapshot()
    r = run("script", "run", str(away / "game.deckkit.toml"))
    assert r.exit_code == 0, r.output


def test_portable_path_names_shipped_files_by_name_and_others_relatively(tmp_path):
    assert portable_path(STARTER, tmp_path) == next(iter(bundled_files("deck")))
    (tmp_path / "decks").mkdir()
    assert portable_path(tmp_path / "decks" / "a.deck", tmp_path / "out") == "../decks/a.deck"


def test_goldfish_records_name_decks_from_the_records_file(run, tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    (tmp_path / "out").mkdir()
    shutil.copy(STARTER, tmp_path / "decks" / "mine.deck")
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out" / "games.csv"
    r = run("goldfish", "decks/mine.deck", str(STARTER), "-n", "4", "-w", "1", "--games-out", str(out),
            "--no-history")
    assert r.exit_code == 0, r.output
    decks = {row["deck"] for row in csv.DictReader(out.open(encoding="utf-8"))}
    assert decks == {"../decks/mine.deck", next(iter(bundled_files("deck")))}


def test_match_records_name_decks_from_the_records_file(run, tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    shutil.copy(STARTER, tmp_path / "decks" / "mine.deck")
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "games.jsonl"
    r = run("match", "decks/mine.deck", "decks/mine.deck", "-n", "2", "-w", "1", "--ai", "random",
            "--games-out", str(out), "--no-history")
    assert r.exit_code == 0, r.output
    import json

    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {(row["a"], row["b"]) for row in rows} == {("decks/mine.deck", "decks/mine.deck#2")}
