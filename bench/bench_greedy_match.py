"""The greedy pilot that evaluates against the one that plays each choice's turn out, in a match.

Run: ``python bench/bench_greedy_match.py [--games 400] [--seed 0]``. For Obludárium, the game whose
greedy pilot reads a position (``greedy`` values each choice by a static evaluation; ``greedy-playout``
plays each choice's turn out), plays ``--games`` games of the bundled starter deck against itself, the
new pilot in seat p1 in even games and in seat p2 in odd ones, each deal twice (duplicate games: the
same shuffles with the seats swapped, so the luck of the deal cancels), through the match code
(:func:`deckkit.match.game.play_game`; blocks and answers are the match's defence for both). Prints
the new pilot's score (a draw counts a half) with its 95% Wilson interval, both pilots' CPU time, and
the machine's load. The issue's bar: a score of at least 50%.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from pathlib import Path

from deckkit.engine.core import Action
from deckkit.engine.registry import load_game, spec
from deckkit.match.game import play_game


class Pilot:
    """A match AI over one policy of the game (whoever decides), timing its own decisions."""

    def __init__(self, policy) -> None:
        self.policy = policy
        self.cpu = 0.0

    def decide(self, state, rng, explain: bool = False) -> tuple[Action, str | None]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], None
        start = time.process_time()
        action = self.policy(state, rng)
        self.cpu += time.process_time() - start
        return action, None


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def ob_pilots(other=None):
    """Obludárium's match greedy over the new pilot and over the play-out pilot, or ``other`` (same defence)."""
    from deckkit.games.obludarium import defence, policies

    def wrap(own):
        def pilot(state, rng=None):
            if state.pending or state.current_player() == state.active and not state.stack:
                return own(state, rng)
            return defence.respond(state)
        return pilot

    return wrap(policies.greedy), wrap(other or policies.greedy_playout)


def pilot_at(rev: str):
    """Obludárium's ``greedy`` as it was at git revision ``rev`` (its policies and evaluation modules
    read with ``git show``, over today's engine), to match today's pilot against an earlier one."""
    import subprocess
    import sys
    import types

    root = Path(__file__).resolve().parent.parent
    key = "deckkit.games.obludarium.evaluation"

    def module(name: str, path: str) -> types.ModuleType:
        text = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=root, check=True, capture_output=True,
                              text=True).stdout
        mod = types.ModuleType(name)
        mod.__file__ = f"{rev}:{path}"
        exec(compile(text, mod.__file__, "exec"), mod.__dict__)  # noqa: S102 - the project's own source
        return mod

    evaluation = module("evaluation_at_rev", "deckkit/games/obludarium/evaluation.py")
    today = sys.modules[key]
    sys.modules[key] = evaluation  # the old policies import the old evaluation
    try:
        policies = module("policies_at_rev", "deckkit/games/obludarium/policies.py")
    finally:
        sys.modules[key] = today
    return policies.greedy


def play_match(games: int, seed: int = 0, against: str | None = None) -> tuple[float, int, list[Pilot]]:
    """The new greedy pilot (side a) against greedy-playout (or ``greedy`` at git revision ``against``)
    over ``games`` duplicate games of the starter deck: (score, games the first seat won, both pilots
    with their CPU)."""
    game = load_game("obludarium")
    support = spec("obludarium").hook("match")
    deck = game.starter_deck()
    new, old = ob_pilots(pilot_at(against) if against else None)
    ais = [Pilot(new), Pilot(old)]
    score = 0.0
    first = 0
    for i in range(games):
        record = play_game(game, support, [deck, deck], ais, seed, i, names=("greedy", "greedy-playout"),
                           duplicate=True)
        score += 1.0 if record["winner"] == "a" else 0.5 if record["winner"] is None else 0.0
        first += record["first_seat_won"] is True
    return score, first, ais


def main() -> None:
    """Play the match and print the score."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", metavar="REV", help="play today's greedy against greedy at this git revision")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    score, first, ais = play_match(args.games, args.seed, args.against)
    lo, hi = wilson(score, args.games)
    other = f"greedy at {args.against}" if args.against else "greedy-playout"
    print(f"Obludárium greedy (evaluation) vs {other}, {args.games} games, duplicate deals: "
          f"{score / args.games:.1%} (95% interval {lo:.1%}–{hi:.1%}; target ≥ 50%: "
          f"{'met' if score / args.games >= 0.5 else 'MISSED'}); seat p1 won {first}")
    print(f"CPU in the pilots' decisions: greedy {ais[0].cpu:.2f} s, {other} {ais[1].cpu:.2f} s")

if __name__ == "__main__":
    main()
