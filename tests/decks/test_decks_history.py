"""Deck versions: results kept per content hash by goldfish, match and tune; ``deck history`` (records and
git commits, --plot) and ``deck diff`` (cards, statistics, the paired goldfish difference)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from deckkit.decks import load_deck
from deckkit.decks.runs import content_hash, stored_path
from deckkit.errors import DataError
from deckkit.paths import data_dir

DECKS = data_dir() / "decks"
WIN_BY_TURN = DECKS / "obludarium-standard.deck"



def _runs(run) -> list[tuple]:
    import sqlite3

    with sqlite3.connect(run.db) as conn:
        return conn.execute("SELECT kind, deck_hash, deck FROM deck_runs ORDER BY pk").fetchall()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_content_hash_ignores_comments_order_and_spelling(write):
    a = write("game: obludarium\n# mine\n4 Chleba\n2 Medděd\n", "a.deck")
    b = write("game: obludarium\n2 medded\n4x Chleba\n", "b.deck")
    c = write("game: obludarium\n3 Chleba\n2 Medděd\n", "c.deck")
    assert content_hash(load_deck(a)) == content_hash(load_deck(b)) != content_hash(load_deck(c))


def test_goldfish_keeps_each_result_and_no_history_keeps_none(run, tmp_path):
    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    assert run("goldfish", str(deck), "-n", "20", "-w", "1", "--no-history").exit_code == 0
    assert _runs(run) == []
    assert run("goldfish", str(deck), "-n", "20", "-w", "1").exit_code == 0
    assert _runs(run) == [("goldfish", content_hash(load_deck(deck)), "my.deck")]  # relative to the catalogue
    assert run("goldfish", str(WIN_BY_TURN), "-n", "20", "-w", "1").exit_code == 0
    assert _runs(run)[-1][2] == "obludarium-standard"  # a bundled deck by its name, not the package's path


def test_stored_path_is_relative_to_the_catalogue(tmp_path):
    (tmp_path / "decks").mkdir()
    assert stored_path(tmp_path / "decks" / "x.deck", tmp_path / "db" / "cards.db") == "../decks/x.deck"


def test_history_lists_git_commits_and_results(run, tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], check=True)
    deck = repo / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    subprocess.run([*git, "add", "my.deck"], check=True)
    subprocess.run([*git, "commit", "-qm", "the starter"], check=True)
    first = content_hash(load_deck(deck))
    assert run("goldfish", str(deck), "-n", "30", "-w", "1", "--seed", "2").exit_code == 0
    _edit(deck, "\n4 Chleba", "\n3 Chleba\n1 Medděd")
    subprocess.run([*git, "commit", "-qam", "one bread less"], check=True)
    _edit(deck, "\n3 Chleba", "\n2 Chleba\n1 Glum")  # the working copy: a third version, not committed
    r = run("deck", "history", str(deck), "-o", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    versions = data["versions"]
    assert data["git"] is True and len(versions) == 3
    assert versions[0]["current"] and versions[0]["commits"] == [] and versions[0]["runs"] == []
    assert [c["subject"] for c in versions[1]["commits"]] == ["one bread less"]
    assert versions[2]["hash"] == first and [c["subject"] for c in versions[2]["commits"]] == ["the starter"]
    (fish,) = versions[2]["runs"]
    assert fish["kind"] == "goldfish" and fish["summary"]["games"] == 30 and fish["conditions"]["seed"] == 2
    table = run("deck", "history", str(deck)).stdout
    assert "commit" in table and "one bread less" in table and "mean win turn" in table
    plot = tmp_path / "versions.png"
    assert run("deck", "history", str(deck), "--plot", str(plot)).exit_code == 0
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_history_outside_git_comes_from_the_records(run, tmp_path):
    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    run("goldfish", str(deck), "-n", "20", "-w", "1")
    _edit(deck, "\n4 Chleba", "\n3 Chleba\n1 Medděd")
    run("goldfish", str(deck), "-n", "20", "-w", "1")
    data = json.loads(run("deck", "history", str(deck), "-o", "json").stdout)
    assert data["git"] is False and [len(v["runs"]) for v in data["versions"]] == [1, 1]
    assert "not in a git repository" in run("deck", "history", str(deck)).stdout


def test_history_of_a_file_that_changes_while_read_is_refused(tmp_path, monkeypatch):
    from deckkit.catalogue import open_catalogue
    from deckkit.decks import history

    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)

    def changing(path):  # someone saves the file while git is being read
        _edit(path, "\n4 Chleba", "\n3 Chleba\n1 Medděd")
        return [], False

    monkeypatch.setattr(history, "git_versions", changing)
    with pytest.raises(DataError, match="changed while its history was read"):
        history.deck_history(deck, open_catalogue(tmp_path / "cards.db"))


def test_diff_cards_statistics_and_paired_goldfish(run, tmp_path):
    old, new = tmp_path / "old.deck", tmp_path / "new.deck"
    shutil.copy(WIN_BY_TURN, old)
    shutil.copy(WIN_BY_TURN, new)
    _edit(new, "\n4 Chleba", "\n3 Chleba\n1 Medděd")
    r = run("deck", "diff", str(old), str(new), "-o", "json")
    data = json.loads(r.stdout)
    assert data["deck"]["changed"] == [{"id": "ob-chleba", "name": "Chleba", "from": 4, "to": 3, "delta": -1},
                                       {"id": "ob-medded", "name": "Medděd", "from": 2, "to": 3, "delta": 1}]
    assert data["deck"]["added"] == data["deck"]["removed"] == []
    assert data["stats"]["by_type.food"][2] == -1 and data["goldfish"] is None
    run("goldfish", str(old), str(new), "-n", "60", "-w", "1", "--seed", "5", "-o", "json")
    r = run("goldfish", str(old), str(new), "-n", "60", "-w", "1", "--seed", "5", "-o", "json", "--no-history")
    expected = json.loads(r.stdout)[1]["comparison"]  # what goldfish itself says of the same games
    fish = json.loads(run("deck", "diff", str(old), str(new), "-o", "json").stdout)["goldfish"]
    assert fish["difference"] == expected["difference"] and fish["ci"] == expected["ci"]
    assert fish["pairs"] == expected["pairs"] and fish["conditions"]["seed"] == 5
    assert "paired games" in run("deck", "diff", str(old), str(new)).stdout
    run("goldfish", str(new), "-n", "60", "-w", "1", "--seed", "6")  # another seed: not paired with old's run
    assert json.loads(run("deck", "diff", str(old), str(new), "-o", "json").stdout)["goldfish"]["conditions"]["seed"] == 5


def test_match_and_tune_keep_their_results(run, tmp_path):
    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    _edit(deck, "\n4 Chleba", "\n3 Chleba\n1 Medděd")  # another version than the bundled deck it plays
    assert run("match", str(deck), str(WIN_BY_TURN), "-n", "2", "-w", "1", "--ai", "random").exit_code == 0
    kinds = [k for k, _, _ in _runs(run)]
    assert kinds == ["match", "match"]
    assert run("tune", str(deck), "--vary", "t:food=18..20/2", "-n", "10", "-w", "1").exit_code == 0
    assert _runs(run)[-1][:2] == ("tune", content_hash(load_deck(deck)))
    data = json.loads(run("deck", "history", str(deck), "-o", "json").stdout)
    assert sorted(r["kind"] for r in data["versions"][0]["runs"]) == ["match", "tune"]


@pytest.mark.parametrize("summary", ["not json", "[1, 2]", '{"games": null, "mean_turn": 5, "mean_turn_ci": 3}',
                                     '{"games": "many", "score_ci": [0.1], "mean_scores": 2, "baseline": [1]}'])
def test_a_badly_written_run_shows_question_marks_never_a_crash(run, tmp_path, summary):
    import sqlite3

    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    assert run("goldfish", str(deck), "-n", "10", "-w", "1").exit_code == 0
    with sqlite3.connect(run.db) as conn:  # rows another tool wrote badly, one of each kind
        for kind in ("goldfish", "match", "tune"):
            conn.execute("INSERT INTO deck_runs (deck_hash, deck, name, game, kind, recorded, conditions, summary) "
                         "SELECT deck_hash, deck, name, game, ?, recorded, conditions, ? FROM deck_runs WHERE pk = 1",
                         (kind, summary))
    r = run("deck", "history", str(deck))
    assert r.exit_code == 0, r.output
    assert "? games" in r.stdout and "score ?" in r.stdout and "tune" in r.stdout
    assert run("deck", "history", str(deck), "-o", "json").exit_code == 0


@pytest.mark.parametrize("summary", ["not json", "[1, 2]", '{"games": null, "mean_turn": "5", "mean_turn_ci": 3}',
                                     '{"mean_scores": 2}', '{"mean_scores": ["x"]}', '{"mean_turn": NaN}'])
def test_the_plot_skips_a_badly_written_goldfish_result_as_the_table_does(run, tmp_path, summary):
    """The plot reads the newest goldfish result it can read; with none readable it says so, never a crash."""
    import sqlite3

    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    assert run("goldfish", str(deck), "-n", "10", "-w", "1").exit_code == 0
    with sqlite3.connect(run.db) as conn:  # a newer row of the same version, written badly by another tool
        conn.execute("INSERT INTO deck_runs (deck_hash, deck, name, game, kind, recorded, conditions, summary) "
                     "SELECT deck_hash, deck, name, game, kind, recorded, conditions, ? FROM deck_runs WHERE pk = 1",
                     (summary,))
    plot = tmp_path / "versions.png"
    r = run("deck", "history", str(deck), "--plot", str(plot))
    assert r.exit_code == 0, r.output
    assert plot.read_bytes()[:4] == b"\x89PNG"
    with sqlite3.connect(run.db) as conn:  # now only the badly written one
        conn.execute("DELETE FROM deck_runs WHERE pk = 1")
    plot.unlink()
    r = run("deck", "history", str(deck), "--plot", str(plot))
    assert r.exit_code != 0 and not plot.exists()
    assert "no goldfish result of this deck can be read: 1 stored summary is not a goldfish report" in r.output
    assert "Traceback" not in r.output and "internal error" not in r.output


def test_the_plot_draws_a_win_turn_whose_interval_is_written_badly_without_it(run, tmp_path):
    import sqlite3

    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    assert run("goldfish", str(deck), "-n", "10", "-w", "1").exit_code == 0
    with sqlite3.connect(run.db) as conn:
        conn.execute("UPDATE deck_runs SET summary = ? WHERE pk = 1", ('{"mean_turn": 5, "mean_turn_ci": ["a", null]}',))
    plot = tmp_path / "versions.png"
    r = run("deck", "history", str(deck), "--plot", str(plot))
    assert r.exit_code == 0, r.output
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_tune_write_keeps_the_list_it_writes_against_its_own_version(run, tmp_path):
    """The list tune --write saves is a version of its own with its figure, as goldfish and match keep theirs;
    --no-history keeps nothing."""
    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    best = tmp_path / "best.deck"
    args = ["tune", str(deck), "--optimise", "--pool", "t:food", "--budget", "4", "-n", "40", "-w", "1",
            "--write", str(best), "--write-anyway"]
    r = run(*args, "--no-history")
    assert r.exit_code == 0, r.output
    assert _runs(run) == []
    r = run(*args)
    assert r.exit_code == 0, r.output
    started, written = _runs(run)
    assert started[:2] == ("tune", content_hash(load_deck(deck)))
    assert written == ("tune", content_hash(load_deck(best)), stored_path(best, run.db))
    data = json.loads(run("deck", "history", str(best), "-o", "json").stdout)
    (kept,) = data["versions"][0]["runs"]
    assert kept["summary"]["tuned_from"] == started[1] and kept["summary"]["figure"] is not None
    table = run("deck", "history", str(best)).stdout
    assert f"written by tune optimise from {started[1][:7]}: mean-turn " in table


def test_tune_keeps_its_result_against_the_version_it_loaded(run, tmp_path, monkeypatch):
    """A deck edited while tune runs (runs take minutes) does not get the result of the version played."""
    from deckkit.cli import tune

    deck = tmp_path / "my.deck"
    shutil.copy(WIN_BY_TURN, deck)
    played = content_hash(load_deck(deck))
    shown = tune._print_result

    def edit_then_print(*args, **kwargs):  # the designer saves an edit just before the run ends
        _edit(deck, "\n4 Chleba", "\n3 Chleba\n1 Medděd")
        return shown(*args, **kwargs)

    monkeypatch.setattr(tune, "_print_result", edit_then_print)
    assert run("tune", str(deck), "--vary", "t:food=18..20/2", "-n", "10", "-w", "1").exit_code == 0
    assert content_hash(load_deck(deck)) != played
    assert _runs(run)[-1][:2] == ("tune", played)
