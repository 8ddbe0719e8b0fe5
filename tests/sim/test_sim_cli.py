"""`deckkit goldfish`: JSON shape, table, comparisons, records, plots, errors and Ctrl-C."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from deckkit.catalogue import open_catalogue
from deckkit.cli import app
from deckkit.paths import data_dir

DECKS = data_dir() / "decks"
AF = str(DECKS / "alomfogo-casual.deck")
KO = str(DECKS / "kotlik-standard.deck")
STABLE = ["deck", "game", "games", "seed", "policy", "wins", "win_rate", "mean_turn", "median_turn",
          "p90_turn", "turn_histogram", "mulligans", "elapsed_s", "games_per_s"]
TIMING = ("elapsed_s", "games_per_s", "workers")


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return str(tmp_path_factory.mktemp("catalogue") / "catalogue.db")


@pytest.fixture(scope="module")
def gf(db, starter):
    starter("alomfogo-casual.deck")  # skip while the Álomfogó engine is missing
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, ["--db", db, "goldfish", *args], catch_exceptions=False)

    return invoke


def _without_timing(reports):
    return [{k: v for k, v in r.items() if k not in TIMING} for r in reports]


def test_sim_cli_json_has_the_stable_shape(gf):
    result = gf(AF, "--games", "300", "--seed", "4", "-o", "json")
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert [k for k in report if k in STABLE] == [k for k in STABLE if k in report]
    assert set(STABLE) <= set(report)
    assert report["games"] == 300 and report["seed"] == 4 and report["policy"] == "greedy"
    assert sum(report["turn_histogram"].values()) == report["wins"]
    lo, hi = report["mean_turn_ci"]
    assert lo <= report["mean_turn"] <= hi


def test_sim_cli_worker_count_does_not_change_results(gf):
    one = json.loads(gf(AF, "-n", "200", "--seed", "9", "-w", "1", "-o", "json").stdout)
    two = json.loads(gf(AF, "-n", "200", "--seed", "9", "-w", "2", "-o", "json").stdout)
    assert _without_timing(one) == _without_timing(two)


def test_sim_cli_table_draws_the_histogram(gf):
    result = gf(AF, "-n", "200", "--seed", "1")
    assert result.exit_code == 0
    out = result.stdout
    assert "mean win turn" in out and "won by then" in out and "█" in out
    assert "200 games, seed 1" in out


def test_sim_cli_same_deck_twice_plays_identical_games(gf):
    (a, b) = json.loads(gf(AF, AF, "-n", "150", "-o", "json").stdout)
    assert b["comparison"]["difference"] == 0 and b["comparison"]["ci"] == [0, 0]
    assert b["comparison"]["verdict"].startswith("no difference")


def test_sim_cli_comparison_finds_a_known_slower_deck(gf, tmp_path):
    text = open(AF, encoding="utf-8").read()
    # Six cheap attackers swapped for instants that a never-defending opponent never lets us cast.
    slow = text.replace("3 Jégszem Soyana", "3 ködfátyol").replace("3 Botlik Zsófi", "3 tűzgolyó")
    assert slow != text
    path = tmp_path / "slow.deck"
    path.write_text(slow, encoding="utf-8")
    result = gf(AF, str(path), "-n", "400", "--seed", "3")
    assert result.exit_code == 0
    assert f"{path} wins " in result.stdout and " turns later than " in result.stdout
    (a, b) = json.loads(gf(AF, str(path), "-n", "400", "--seed", "3", "-o", "json").stdout)
    assert b["comparison"]["ci"][0] > 0
    assert b["comparison"]["difference"] == pytest.approx(b["mean_turn"] - a["mean_turn"], abs=0.15)


def test_sim_cli_kotlik_reports_scores_per_seat(db, starter):
    starter("kotlik-standard.deck")
    result = CliRunner().invoke(app, ["--db", db, "goldfish", KO, "-n", "60", "-o", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert report["game"] == "kotlik" and "mean_turn" not in report
    assert len(report["seat_win_rates"]) == 2 and len(report["score_histograms"]) == 2
    assert sum(report["score_histograms"][0].values()) == 60
    assert sum(report["seat_wins"]) + report["draws"] >= 60


def test_sim_cli_games_out_csv_and_jsonl(gf, tmp_path):
    out_csv, out_jsonl = tmp_path / "g.csv", tmp_path / "g.jsonl"
    assert gf(AF, "-n", "50", "--games-out", str(out_csv)).exit_code == 0
    assert gf(AF, "-n", "50", "--games-out", str(out_jsonl)).exit_code == 0
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8")))
    lines = [json.loads(line) for line in out_jsonl.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == len(lines) == 50
    assert [int(r["index"]) for r in rows] == list(range(50))
    assert {"seed", "mulligans", "won", "turn", "seen"} <= set(rows[0])
    assert lines[0]["seen"] and lines[0]["seed"] == int(rows[0]["seed"])


def test_sim_cli_impact_rows_per_card(gf):
    (report,) = json.loads(gf(AF, "-n", "400", "--impact", "-o", "json").stdout)
    cards = {row["card"] for row in report["impact"]}
    assert "Éjlépő Kajtár" in cards and len(cards) == 15
    row = next(r for r in report["impact"] if r["card"] == "Éjlépő Kajtár")
    assert 0 < row["opening_hand"]["games_with"] < 400


def test_sim_cli_plot_svg(gf, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "turns.svg"
    result = gf(AF, "-n", "50", "--plot", str(path))
    assert result.exit_code == 0
    svg = path.read_text(encoding="utf-8")
    assert "<svg" in svg
    assert "Zsófi" in svg and "Álomfogó: 50 games per deck" in svg  # the deck's name and the game's title


@pytest.mark.parametrize("args, message", [
    (["-o", "csv"], "deckkit goldfish has no csv output"),
    (["--games-out", "x.txt"], "cannot tell the format"),
    (["--plot", "x.gif"], "unknown picture format"),
    (["--set", "nonsense"], "is not NAME=VALUE"),
    (["--set", "no_such=1"], "unknown setting"),
    (["--games", "0"], "at least 1"),
    (["--workers", "0"], "at least 1"),
    (["--keep", "count(t:x"], "malformed condition"),
    (["--policy", "clever"], "unknown policy"),
])
def test_sim_cli_usage_errors_exit_2(gf, args, message):
    result = gf(AF, "-n", "5", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_sim_cli_mixed_games_refused(gf):
    result = gf(AF, KO, "-n", "5")
    assert result.exit_code == 2 and "different games" in result.stderr


def test_sim_cli_ctrl_c_reports_finished_games(db, starter):
    starter("kotlik-standard.deck")
    open_catalogue(db).close()  # created beforehand: the wait below is for games, not for filling it
    cmd = [sys.executable, "-m", "deckkit", "--db", db, "goldfish", KO, "-n", "5000000", "-w", "2", "-o", "json"]
    # A real Ctrl-C needs a running process; on a loaded machine the first games may take longer
    # than the first wait, so a run interrupted before any game finished is tried again, longer.
    for wait in (1.5, 5.0, 15.0):
        # Its own process group, like a shell job: Ctrl-C reaches the parent and its workers alike.
        # The default Ctrl-C handling even when the suite runs where SIGINT is ignored (a background
        # job of a shell): an ignored SIGINT is inherited, and Python then installs no handler.
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        time.sleep(wait)
        os.killpg(proc.pid, signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # never leave a 5,000,000-game run behind
            proc.communicate()
            pytest.fail("goldfish went on for 60 s after Ctrl-C")
        assert proc.returncode == 130, err.decode()
        assert b"Traceback" not in err
        if not out:  # interrupted while still starting up, before the run began: try again, longer
            continue
        (report,) = json.loads(out)
        assert report["interrupted"] is True and report["games"] < 5_000_000
        if report["games"] > 0:
            break
    assert out and report["games"] > 0, "no game finished before Ctrl-C, even after 15 s"


def test_sim_cli_obludarium_with_food_replaced_is_slower(db, starter, tmp_path):
    starter("obludarium-standard.deck")
    ob = DECKS / "obludarium-standard.deck"
    text = ob.read_text(encoding="utf-8")
    # 8 of the 20 food cards become the two dearest monsters: fewer food, later wins (OB-107, OB-207).
    slow = text.replace("4 Chleba\n", "").replace("4 Buřty\n", "4 Gryf\n4 Hejkal\n")
    assert slow != text
    path = tmp_path / "less-food.deck"
    path.write_text(slow, encoding="utf-8")
    result = CliRunner().invoke(app, ["--db", db, "goldfish", str(ob), str(path), "-n", "300", "--seed", "2",
                                      "--impact", "-o", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    a, b = json.loads(result.stdout)
    assert b["comparison"]["ci"][0] > 0 and "turns later than" in b["comparison"]["verdict"]
    # Card impact uses the engine's own record of when each card was seen.
    rows = {row["card"]: row for row in a["impact"]}
    assert set(rows) == {line.split(" ", 1)[1] for line in text.splitlines() if line[:1].isdigit()}
    assert all(row["by_turn_3"]["games_with"] >= row["opening_hand"]["games_with"] for row in rows.values())


def test_sim_cli_precision_plays_until_narrow(gf):
    (report,) = json.loads(gf(AF, "-n", "50", "--precision", "0.06", "--max-games", "3000", "-o", "json").stdout)
    lo, hi = report["mean_turn_ci"]
    assert 50 < report["games"] <= 3000
    assert report["games"] == 3000 or (hi - lo) / 2 <= 0.06


def test_sim_cli_keep_rule_causes_mulligans(db, starter):
    starter("obludarium-standard.deck")
    ob = str(DECKS / "obludarium-standard.deck")
    args = ["--db", db, "goldfish", ob, "-n", "200", "-o", "json"]
    plain = json.loads(CliRunner().invoke(app, args, catch_exceptions=False).stdout)[0]
    picky = json.loads(CliRunner().invoke(app, args + ["--keep", "count(t:food) >= 4"],
                                          catch_exceptions=False).stdout)[0]
    assert plain["mulligans"] == 0 and picky["mulligans"] > 0.3
    assert picky["keep"] == "count(t:food) >= 4"


def test_sim_progress_bar_only_when_watched():
    import io

    from rich.console import Console

    from deckkit.sim.progress import ProgressBar

    silent = ProgressBar(enabled=False, delay=0)
    silent(10, 100)
    assert silent._progress is None
    out = io.StringIO()
    bar = ProgressBar(enabled=True, delay=0)
    bar._console = Console(file=out, force_terminal=True, width=100)
    with bar:
        for done in (10, 50, 100):
            bar(done, 100)
    assert "games/s" in out.getvalue() and "ETA" in out.getvalue()


def test_sim_cli_precision_cap_is_reported(gf):
    (report,) = json.loads(gf(AF, "-n", "30", "--precision", "0.001", "--max-games", "60", "-o", "json").stdout)
    assert report["games"] == 60 and report["precision"] == 0.001 and report["precision_reached"] is False
    table = gf(AF, "-n", "30", "--precision", "0.001", "--max-games", "60").stdout
    assert "precision ±0.001: NOT reached; stopped at the cap of 60 games (raise --max-games)" in table


def test_sim_cli_help_says_json_is_a_list(gf):
    result = CliRunner().invoke(app, ["goldfish", "--help"], terminal_width=200)
    assert "one object per deck, also for a single deck" in " ".join(result.stdout.split())


@pytest.mark.parametrize("option, name", [("--games-out", "g.csv"), ("--plot", "p.svg")])
def test_sim_cli_missing_output_folder_fails_before_the_run(gf, tmp_path, option, name):
    if option == "--plot":
        pytest.importorskip("matplotlib")
    target = tmp_path / "no-such-folder" / name
    result = gf(AF, "-n", "5", option, str(target))
    assert result.exit_code == 1
    assert f"{option} {target}: the folder" in result.stderr and "does not exist" in result.stderr
    assert result.stdout == ""  # nothing was played or printed


def test_sim_cli_absurd_worker_count_is_refused(gf):
    result = gf(AF, "-n", "5", "--workers", "100000")
    assert result.exit_code == 2 and "per core" in result.stderr


def test_sim_progress_whenever_stderr_is_a_terminal():
    from deckkit.sim.progress import watched

    class Stream:
        def __init__(self, tty: bool) -> None:
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    assert watched(Stream(True))  # also for deckkit goldfish … > out.txt: the bar is on stderr
    assert not watched(Stream(False))  # 2> log.txt
    assert not watched(object())  # a stream without isatty