"""kill -9 during an update import: the catalogue must be exactly as before or exactly as after, every run.

    python bench/bench_kill_import.py [--cards N] [--runs R] [--seed S]

A catalogue of N synthetic cards is made once; an update file changes half of them and adds N/4
new ones. One clean import of it gives the "after" state and its duration. Each run copies the
"before" catalogue, starts ``deckkit import`` on it, sends SIGKILL at a random moment within that
duration, then opens the catalogue again (SQLite rolls back the interrupted transaction) and
compares a digest of every card, plus ``PRAGMA integrity_check``, with the two known states.
Prints how many runs ended before, after, or in neither (which must be 0).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_cards import generate  # noqa: E402


def digest(db: Path) -> tuple[str, str]:
    """(sha256 of ``deckkit export -o jsonl``, SQLite's ``PRAGMA integrity_check`` answer)."""
    conn = sqlite3.connect(str(db))
    try:
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()
    out = subprocess.run([sys.executable, "-m", "deckkit", "--db", str(db), "export", "-o", "jsonl"],
                         capture_output=True, check=True).stdout
    return hashlib.sha256(out).hexdigest(), check


def deckkit(*args: str, db: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "deckkit", "--db", str(db), *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cards = generate(args.cards, args.seed)
        (work / "base.json").write_text(json.dumps(cards), encoding="utf-8")
        changed = [dict(c, text=(c.get("text") or "") + " Changed.") for c in cards[: args.cards // 2]]
        extra = generate(args.cards + args.cards // 4, args.seed + 1)[args.cards:]
        (work / "update.json").write_text(json.dumps(changed + extra), encoding="utf-8")

        before = work / "before.db"
        assert deckkit("import", str(work / "base.json"), db=before).wait() == 0
        after = work / "after.db"
        shutil.copyfile(before, after)
        start = time.perf_counter()
        assert deckkit("import", str(work / "update.json"), db=after).wait() == 0
        duration = time.perf_counter() - start
        states = {digest(before)[0]: "before", digest(after)[0]: "after"}
        assert len(states) == 2, "the update changed nothing"
        print(f"{args.cards:,} cards, update of {len(changed):,} changed + {len(extra):,} new; "
              f"a clean update import takes {duration:.2f} s (wall)")

        tally = {"before": 0, "after": 0, "neither": 0}
        for run in range(args.runs):
            db = work / f"run{run}.db"
            shutil.copyfile(before, db)
            wait = rng.uniform(0.0, duration)
            proc = deckkit("import", str(work / "update.json"), db=db)
            time.sleep(wait)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            state, check = digest(db)
            verdict = states.get(state, "neither") if check == "ok" else "neither"
            tally[verdict] += 1
            print(f"  run {run + 1:2d}: killed after {wait:5.2f} s -> {verdict}"
                  f"{'' if check == 'ok' else ' (integrity: ' + check + ')'}")
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(f"{db}{suffix}"):
                    os.unlink(f"{db}{suffix}")
        print(f"{args.runs} kill -9 runs: {tally['before']} before, {tally['after']} after, "
              f"{tally['neither']} neither (target 0)")
        sys.exit(1 if tally["neither"] else 0)


if __name__ == "__main__":
    main()
