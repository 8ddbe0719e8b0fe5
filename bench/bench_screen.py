"""How fast the game screen of ``deckkit play`` answers: start to first screen, and redraw after an action.

Run: ``python bench/bench_screen.py [--games DECK ...] [--repeat N] [--screenshot docs/play-screen.svg]``.

For each bundled starter deck (one per game) it prints:

- **start to first screen**: ``deckkit play DECK`` started on a pseudo-terminal (120×40) until the
  game screen has drawn its list of actions, wall time, best and median of ``--repeat`` starts
  after one that writes the bytecode caches (an installed deckkit has them; target <= 1.5 s);
- **redraw after an action**: in Textual's headless harness, the person's actions of one game (the
  first listed each time, against the greedy AI with no delay), two figures, median, 95th percentile
  and worst (target <= 50 ms):
  *redraw* — applying the action and redrawing the table, the actions, the cards list and the log
  (``GameApp.take``, wall time); *round trip* — from the key press through Textual's harness until
  the app is idle again, for the actions after which the person decides again at once (after the
  others the AI thinks in a worker, which the screen shows as "deciding", and is not a redraw), beside
  the harness's own floor (the same for a key that does nothing).

``--screenshot PATH`` also writes an SVG of the game screen a few actions into a game (the
picture in the README). Figures taken on a busy machine are rough: run it on a quiet one.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import termios
import time
from pathlib import Path

DECKS = ["obludarium-standard", "alomfogo-casual", "kotlik-standard"]
START_TARGET, REDRAW_TARGET = 1.5, 0.050


def start_time(deck: str) -> float:
    """Seconds from starting ``deckkit play DECK`` on a pseudo-terminal to the drawn list of actions."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # an install has its .pyc files
    began = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execve(sys.executable, [sys.executable, "-m", "deckkit", "play", deck, "--delay", "0"], env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    seen, took = b"", float("nan")
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
                if b"Your actions" in seen and b"\xe2\x80\x94 " in seen:  # the border title and a group heading
                    took = time.perf_counter() - began
                    break
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
    return took


def _play(deck: str):
    from deckkit.catalogue import open_catalogue
    from deckkit.cli import common
    from deckkit.match.ai import pilot_spec
    from deckkit.match.session import Session
    from deckkit.screen.model import Play
    from deckkit.sim.goldfish import load_decks

    path = common.input_file(Path(deck), "deck")
    loaded = load_decks([path, path], open_catalogue(common.db_path()))
    session = Session(loaded[0].game, loaded, {0}, pilot_spec("greedy", 200, loaded[0].game), 1, {})
    return Play(session, ai_name="greedy")


async def redraws(deck: str, limit: int = 150,
                  screenshot: str | None = None) -> tuple[list[float], list[float], list[float]]:
    """Seconds of each redraw after a person's action, of each key press to idle without an AI move, and of a
    key that does nothing (the harness's floor)."""
    from deckkit.screen.app import GameApp

    class Timed(GameApp):
        def take(self, action) -> None:
            began = time.perf_counter()
            super().take(action)
            takes.append(time.perf_counter() - began)

    takes: list[float] = []
    trips: list[float] = []
    floor: list[float] = []
    app = Timed(_play(deck), delay=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        for _ in range(5):  # the harness's own floor: a key that does nothing
            began = time.perf_counter()
            await pilot.press("x")
            await pilot.pause()
            floor.append(time.perf_counter() - began)
        for n in range(limit):
            if app.play.over():
                break
            before = len(app.play.entries)
            began = time.perf_counter()
            await pilot.press("enter")
            await pilot.pause()
            took = time.perf_counter() - began
            await app.workers.wait_for_complete()
            await pilot.pause()
            if not any(e.kind.startswith("other") for e in app.play.entries[before:]):
                trips.append(took)
            if screenshot and n == 4:
                app.save_screenshot(filename=Path(screenshot).name, path=str(Path(screenshot).parent))
                break
    return takes, trips, floor


def _figures(name: str, marks: list[float]) -> str:
    if not marks:
        return f"{name}: none"
    marks = sorted(marks)
    p95 = marks[min(len(marks) - 1, int(0.95 * len(marks)))]
    verdict = "met" if p95 <= REDRAW_TARGET else "MISSED"
    return (f"{name} over {len(marks)}: median {1000 * statistics.median(marks):.0f} ms, p95 {1000 * p95:.0f} ms, "
            f"worst {1000 * marks[-1]:.0f} ms ({verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=DECKS, help="bundled decks (default: one per game)")
    parser.add_argument("--repeat", type=int, default=3, help="starts per deck")
    parser.add_argument("--screenshot", help="also write an SVG of the game screen here")
    args = parser.parse_args()
    if args.screenshot:
        asyncio.run(redraws(args.games[0], screenshot=args.screenshot))
        print(f"wrote {args.screenshot}")
    for deck in args.games:
        start_time(deck)  # a first start writes the bytecode caches, as installing does
        starts = sorted(start_time(deck) for _ in range(args.repeat))
        takes, trips, floor = asyncio.run(redraws(deck))
        print(f"{deck}: start to first screen best {starts[0]:.2f} s, median {statistics.median(starts):.2f} s "
              f"(target <= {START_TARGET} s: {'met' if statistics.median(starts) <= START_TARGET else 'MISSED'}); "
              f"{_figures('redraw', takes)}; {_figures('round trip', trips)}; "
              f"harness floor (a key that does nothing) median {1000 * statistics.median(floor):.0f} ms "
              f"(target <= {1000 * REDRAW_TARGET:.0f} ms)")


if __name__ == "__main__":
    main()
