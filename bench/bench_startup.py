"""Start-up benchmark: cold ``deckkit --help`` and ``deckkit search …`` against ``sqlite-utils --help``.

Each command runs as a new process (the installed ``deckkit`` script), against a catalogue that
already exists. The runs are interleaved (one of each command per round, in a rotating order), so
a machine that gets busier or quieter during the run moves every command alike and the ratios
stay fair; each figure is the median of ``--runs`` rounds.

The targets are ratios to ``sqlite-utils --help`` timed in the same run: ``deckkit --help`` at most
0.75x, a search at most 1.0x. Time them in a virtualenv **without** deckkit's test extras:
sqlite-utils imports numpy when it can (the plot extra brings it), which slows the baseline and
flatters the ratios; the script says so when numpy is importable.

    python bench/bench_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HELP_TARGET = 0.75  # deckkit --help / sqlite-utils --help
SEARCH_TARGET = 1.0  # a cold search / sqlite-utils --help


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(cmd: list[str], env: dict) -> tuple[float, float]:
    """(wall ms, CPU ms) of one run of ``cmd``, which must exit 0."""
    cpu_before = _children_cpu()
    started = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = (time.perf_counter() - started) * 1000
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr}")
    return wall, (_children_cpu() - cpu_before) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="rounds (each runs every command once)")
    args = parser.parse_args()
    bindir = Path(sys.executable).parent
    script = bindir / "deckkit"
    deckkit = [str(script)] if script.exists() else [sys.executable, "-m", "deckkit"]
    sqlite_utils = bindir / "sqlite-utils"
    if not sqlite_utils.exists():
        raise SystemExit(f"no sqlite-utils beside {sys.executable}: install deckkit (it depends on sqlite-utils)")
    if importlib.util.find_spec("numpy") is not None:
        print("warning: numpy is importable here, so sqlite-utils --help imports it and the ratios look better "
              "than they are; use a virtualenv without deckkit's test extras")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKKIT_DB=str(Path(tmp) / "catalogue.db"))
        # An installed deckkit runs from bytecode, as sqlite-utils does: let the first runs write it.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        first, _ = run_once([*deckkit, "search", "kajtar"], env)  # creates and fills the catalogue
        rows = [
            ("python -c pass", [sys.executable, "-c", "pass"]),
            ("sqlite-utils --help", [str(sqlite_utils), "--help"]),
            ("deckkit --help", [*deckkit, "--help"]),
            ("deckkit search 'game:af t:dreamwalker cost<=1'", [*deckkit, "search", "game:af t:dreamwalker cost<=1"]),
            ("deckkit search 'o:magic' -o json", [*deckkit, "search", "o:magic", "-o", "json"]),
        ]
        for _, cmd in rows:  # one untimed run each: the first start of a process reads files from disk
            run_once(cmd, env)
        walls: dict[str, list[float]] = {label: [] for label, _ in rows}
        cpus: dict[str, list[float]] = {label: [] for label, _ in rows}
        for r in range(args.runs):
            for label, cmd in rows[r % len(rows):] + rows[:r % len(rows)]:
                wall, cpu = run_once(cmd, env)
                walls[label].append(wall)
                cpus[label].append(cpu)
    print(f"rounds: {args.runs} (interleaved); first use (creates the catalogue): {first:.0f} ms")
    base = statistics.median(walls["sqlite-utils --help"])
    for label, _ in rows:
        ts = walls[label]
        ratio = f"  {statistics.median(ts) / base:.2f}x sqlite-utils --help" if label.startswith("deckkit") else ""
        print(f"{label:50s} median {statistics.median(ts):6.0f} ms  best {min(ts):6.0f} ms  "
              f"CPU median {statistics.median(cpus[label]):4.0f} ms{ratio}")
    help_ratio = statistics.median(walls["deckkit --help"]) / base
    search_ratio = max(statistics.median(walls[label]) for label, _ in rows if label.startswith("deckkit search")) / base
    print(f"deckkit --help: {help_ratio:.2f}x sqlite-utils --help (target <= {HELP_TARGET}x) "
          f"{'OK' if help_ratio <= HELP_TARGET else 'OVER'}")
    print(f"slower search:  {search_ratio:.2f}x sqlite-utils --help (target <= {SEARCH_TARGET}x) "
          f"{'OK' if search_ratio <= SEARCH_TARGET else 'OVER'}")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
