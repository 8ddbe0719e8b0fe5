"""Start-up benchmark: ``deckkit --help`` (target <= 150 ms) and a cold ``deckkit search …`` (target <= 300 ms).

Each command runs as a new process (the installed ``deckkit`` script), against a catalogue that
already exists; the figures are the median and best of ``--runs`` runs, with bare Python for scale.

    python bench/bench_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], env: dict, runs: int, cpu: list[float] | None = None) -> list[float]:
    """Wall-clock milliseconds of ``runs`` runs of ``cmd`` (each must exit 0); their CPU ms go to ``cpu``."""
    out = []
    for _ in range(runs):
        cpu_before = _children_cpu()
        started = time.perf_counter()
        proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        out.append((time.perf_counter() - started) * 1000)
        if cpu is not None:
            cpu.append((_children_cpu() - cpu_before) * 1000)
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    script = Path(sys.executable).with_name("deckkit")
    deckkit = [str(script)] if script.exists() else [sys.executable, "-m", "deckkit"]
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKKIT_DB=str(Path(tmp) / "catalogue.db"))
        first = timed([*deckkit, "search", "kajtar"], env, 1)[0]  # creates and fills the catalogue
        rows = [
            ("python -c pass", [sys.executable, "-c", "pass"], None),
            ("sqlite-utils --help", [str(Path(sys.executable).with_name("sqlite-utils")), "--help"], None),
            ("deckkit --help", [*deckkit, "--help"], 150),
            ("deckkit search 'game:af t:dreamwalker cost<=1'", [*deckkit, "search", "game:af t:dreamwalker cost<=1"], 300),
            ("deckkit search 'o:magic' -o json", [*deckkit, "search", "o:magic", "-o", "json"], 300),
        ]
        print(f"runs per command: {args.runs}; first use (creates the catalogue): {first:.0f} ms")
        base = None
        for label, cmd, target in rows:
            if label.startswith("sqlite-utils") and not Path(cmd[0]).exists():
                continue
            cpu: list[float] = []
            ts = timed(cmd, env, args.runs, cpu)
            if label.startswith("sqlite-utils"):
                base = statistics.median(ts)
            ratio = f"  {statistics.median(ts) / base:.2f}x sqlite-utils --help" if base and label.startswith("deckkit") else ""
            verdict = "" if target is None else f"  target <= {target} ms  {'OK' if statistics.median(ts) <= target else 'OVER'}"
            print(f"{label:50s} median {statistics.median(ts):6.0f} ms  best {min(ts):6.0f} ms  "
                  f"CPU median {statistics.median(cpu):4.0f} ms{verdict}{ratio}")
    if shutil.which("nproc"):
        print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
