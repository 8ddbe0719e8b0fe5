"""Fewer games for the same answer: the SPRT against a fixed-size test, and duplicate pairs against single games.

Run: ``python bench/bench_sequential.py [--reps 50] [--match-games 200] [--match-runs 3] [--workers 2]``.

1. **SPRT against fixed n.** The first bundled deck of the first win-by-turn game and a variant of it
   with two copies of one card swapped for two of another (``--swap``, default ``Chleba->Gryf``), whose mean win turns
   differ by about 0.1 turns (measured here on ``--truth-games`` paired games first). ``--reps`` runs
   of ``goldfish VARIANT DECK --sprt 0,0.1`` (α = β = 0.05) on fresh seeds: the games each took, how
   often each decision came. The fixed-size test with the same error rates (one-sided α, power 1 − β,
   at the variance of the paired gains pooled over the runs) needs ``((z(1−α) + z(1−β)) · sd / 0.1)²``
   paired games; its two-sided form ``z(1−α/2)`` is printed too.
2. **Duplicate pairs.** For every game with match support, its first starter deck on both sides,
   greedy against the game's bundled ``*-greedy`` strategy (two pilots that are close but not the
   same, so the score is near 50%): ``--match-runs`` runs of ``--match-games`` games as duplicate pairs
   and as single games on their own deals, on the same seeds; the mean width of the 95% interval of
   A's score (normal intervals both, from pairs and from games), their ratio, and the games the same
   width would take without pairs (the ratio squared).
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from pathlib import Path

from deckkit.engine.registry import registered_games, spec
from deckkit.match.ai import pilot_spec
from deckkit.match.duplicate import GAME_VALUES, PAIR_VALUES, pentanomial, score_interval, trinomial
from deckkit.match.game import MatchJob
from deckkit.paths import data_dir
from deckkit.sim.goldfish import Options, goldfish, load_decks
from deckkit.sim.runner import open_backend
from deckkit.sim.stats import normal_quantile
from deckkit.sim.turntests import gains


def _pool():
    from deckkit.decks import CardPool

    return CardPool.bundled()


def _variant(deck_path: Path, swap: str, out: Path) -> Path:
    """The deck with two copies of card A swapped for two of card B (``swap`` is ``A->B``)."""
    a, b = (x.strip() for x in swap.split("->"))
    lines = deck_path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        n, _, name = line.partition(" ")
        if n.isdigit() and name == a:
            lines[i] = f"{int(n) - 2} {name}"
        elif n.isdigit() and name == b:
            lines[i] = f"{int(n) + 2} {name}"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def sprt_against_fixed(reps: int, workers: int, truth_games: int, swap: str) -> None:
    game = next(g for g in registered_games() if spec(g.name).records == "win-by-turn")
    deck_path = sorted((data_dir() / "decks").glob(f"{game.name}-*.deck"))[0]
    with tempfile.TemporaryDirectory() as tmp:
        variant_path = _variant(deck_path, swap, Path(tmp) / "variant.deck")
        decks = load_decks([variant_path, deck_path], _pool())
        with open_backend(workers) as backend:
            began = time.perf_counter()
            truth = goldfish(decks, Options(games=truth_games, seed="truth", workers=workers), backend=backend)
            xs = gains(*truth.records)
            true_gain, true_sd = statistics.fmean(xs), statistics.stdev(xs)
            print(f"SPRT against fixed n: {deck_path.name} against its variant ({decks[0].label.rsplit('/', 1)[-1]}: "
                  f"{_swap_words(deck_path, variant_path)})")
            print(f"  truth from {truth_games:,} paired games: the deck wins {true_gain:+.3f} turns sooner "
                  f"(sd of one paired gain {true_sd:.3f}), {time.perf_counter() - began:.0f} s")
            used, decisions, pooled = [], {"H1": 0, "H0": 0, None: 0}, []
            began = time.perf_counter()
            for rep in range(reps):
                out = goldfish(decks, Options(games=200_000, seed=f"sprt{rep}", sprt=(0.0, 0.1), workers=workers),
                               backend=backend)
                test = out.reports[1]["comparison"]["sprt"]
                used.append(test["games"])
                decisions[test["decision"]] += 1
                pooled += gains(*out.records)
        sd = statistics.stdev(pooled)
        one = math.ceil(((normal_quantile(0.95) + normal_quantile(0.95)) * sd / 0.1) ** 2)
        two = math.ceil(((normal_quantile(0.975) + normal_quantile(0.95)) * sd / 0.1) ** 2)
        mean = statistics.fmean(used)
        print(f"  {reps} SPRTs of 0 against 0.1 turns (α = β = 0.05, batches of 100 games per deck at first), "
              f"{time.perf_counter() - began:.0f} s:")
        print(f"    games per deck: mean {mean:,.0f}, median {statistics.median(used):,.0f}, "
              f"max {max(used):,}; decisions H1 {decisions['H1']}, H0 {decisions['H0']}, none {decisions[None]}")
        print(f"    fixed n with the same error rates (sd {sd:.3f}): one-sided {one:,} games per deck "
              f"({one / mean:.2f}× the SPRT's mean), two-sided {two:,} ({two / mean:.2f}×)")


def _swap_words(a: Path, b: Path) -> str:
    old = set(a.read_text(encoding="utf-8").splitlines())
    new = set(b.read_text(encoding="utf-8").splitlines())
    return ", ".join(sorted(new - old)) + " (was " + ", ".join(sorted(old - new)) + ")"


def _width(counts: list[int], values: tuple[float, ...]) -> float:
    iv = score_interval(counts, values, 0.95)
    return math.nan if iv is None else iv[2] - iv[1]


def duplicate_narrowing(games: int, runs: int, workers: int) -> None:
    print(f"Duplicate pairs against single games ({games} games a run, {runs} runs, 95% intervals of A's score):")
    pool = _pool()
    for game in registered_games():
        if spec(game.name).hook("match") is None:
            continue
        decks = sorted((data_dir() / "decks").glob(f"{game.name}-*.deck"))
        strategy = data_dir() / "strategies" / f"{game.name}-greedy.toml"
        if not decks or not strategy.exists():
            continue
        cards = load_decks([decks[0]], pool)[0].cards
        pilots = (pilot_spec("greedy", 1, game.name), pilot_spec(f"strategy:{strategy}", 1, game.name))
        began = time.perf_counter()
        try:
            paired, single, scores = [], [], []
            with open_backend(workers) as backend:
                for r in range(runs):
                    dup = MatchJob.make(game.name, [cards, cards], pilots, seed=f"bench{r}", duplicate=True)
                    alone = MatchJob.make(game.name, [cards, cards], pilots, seed=f"bench{r}", alternate=True)
                    recs_dup = backend.play(dup, 0, games)
                    recs_alone = backend.play(alone, 0, games)
                    paired.append(_width(pentanomial(recs_dup), PAIR_VALUES))
                    single.append(_width(trinomial(recs_alone), GAME_VALUES))
                    scores.append(sum(trinomial(recs_alone)[k] * GAME_VALUES[k] for k in range(3)) / games)
        except Exception as exc:  # a game whose engine is mid-change must not stop the others' figures
            print(f"  {game.name}: skipped ({type(exc).__name__}: {exc})")
            continue
        w_pair, w_single = statistics.fmean(paired), statistics.fmean(single)
        print(f"  {game.name:<12} greedy scores {100 * statistics.fmean(scores):.0f}% against its strategy; "
              f"interval width {100 * w_single:.1f} points from single games, {100 * w_pair:.1f} from pairs: "
              f"{w_single / w_pair:.2f}× narrower, worth {(w_single / w_pair) ** 2:.2f}× the games "
              f"({time.perf_counter() - began:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--truth-games", type=int, default=6000)
    parser.add_argument("--match-games", type=int, default=200)
    parser.add_argument("--match-runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("sprt", "duplicate"), default=None)
    parser.add_argument("--swap", default="Chleba->Gryf", help="the variant: two copies of A become B")
    args = parser.parse_args()
    if args.only != "duplicate":
        sprt_against_fixed(args.reps, args.workers, args.truth_games, args.swap)
    if args.only != "sprt":
        duplicate_narrowing(args.match_games, args.match_runs, args.workers)


if __name__ == "__main__":
    main()
