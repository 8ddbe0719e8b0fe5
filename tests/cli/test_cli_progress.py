"""Progress on stderr whenever stderr is a terminal (issue 16 item 4): long hand, odds and goldfish runs."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

from deckkit.hands.conditions import compile_condition
from deckkit.hands.odds import answer
from deckkit.hands.sample import sample_hands


def _read_all(leader: int) -> bytes:
    """Everything the child writes to its terminal, until it closes it."""
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            return seen
        if not chunk:
            return seen
        seen += chunk


def test_hand_count_reports_progress_every_thousand_deals(bundled_cards):
    game, cards = bundled_cards
    calls: list[tuple[int, int]] = []
    report = sample_hands(cards, game, seed=1, count=2500, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1000, 2500), (2000, 2500)]
    quiet = sample_hands(cards, game, seed=1, count=2500)
    assert report.summary == quiet.summary  # watching changes nothing


def test_odds_simulation_reports_progress_and_keeps_its_numbers(bundled_cards):
    game, cards = bundled_cards
    cond = compile_condition("count(t:food) >= 2")
    calls: list[tuple[int, int]] = []
    watched, _ = answer(cards, game, cond, mulligans=1, simulate=120_000, seed=5,
                        progress=lambda d, t: calls.append((d, t)))
    assert calls == [(50_000, 120_000), (100_000, 120_000), (120_000, 120_000)]
    plain, _ = answer(cards, game, cond, mulligans=1, simulate=120_000, seed=5)
    assert watched.probability == plain.probability and watched.keep_by_depth == plain.keep_by_depth


def test_the_bar_is_drawn_on_a_terminal_stderr_while_stdout_goes_to_a_file(tmp_path, db):
    """`deckkit hand DECK --count N > out.txt` on a terminal: the bar on the terminal, the report in the file."""
    leader, follower = pty.openpty()
    out = tmp_path / "out.txt"
    # The bar waits 0.7 s before it appears; a fast machine deals 30,000 hands sooner, so draw it at once.
    env = dict(os.environ, DECKKIT_DB=str(db), COLUMNS="100", DECKKIT_PROGRESS_DELAY="0")
    with open(out, "wb") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "deckkit", "hand", "obludarium-standard", "--count", "30000",
                                 "--seed", "1"], stdout=stdout, stderr=follower, env=env, cwd=tmp_path)
        os.close(follower)
        seen = _read_all(leader)
        assert proc.wait(timeout=300) == 0
    os.close(leader)
    assert b"deals/s" in seen and b"hands" in seen
    report = out.read_text(encoding="utf-8")
    assert "Táborová smečka" in report and "deals/s" not in report


def test_a_large_import_draws_its_bar_on_the_terminal(tmp_path, db):
    """`deckkit import big.json` on a terminal: the bar (in cards) on stderr; the summary line as before."""
    cards = [{"id": f"ob-progress-{i}", "game": "obludarium", "name": f"Progress {i}", "type": "food"}
             for i in range(20_000)]
    big = tmp_path / "big.json"
    big.write_text(json.dumps(cards), encoding="utf-8")
    leader, follower = pty.openpty()
    env = dict(os.environ, DECKKIT_DB=str(db), COLUMNS="100", DECKKIT_PROGRESS_DELAY="0")
    out = tmp_path / "out.txt"
    with open(out, "wb") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "deckkit", "import", str(big)], stdout=stdout,
                                stderr=follower, env=env, cwd=tmp_path)
        os.close(follower)
        seen = _read_all(leader)
        assert proc.wait(timeout=300) == 0
    os.close(leader)
    assert b"import" in seen and b"cards/s" in seen
    assert out.read_text(encoding="utf-8").strip() == "20000 cards from 1 file: 20000 added, 0 updated, 0 unchanged"
