"""CLI command: match (registered by deckkit.cli)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deckkit.cli import common

if TYPE_CHECKING:
    from deckkit.match.run import MatchOutcome
    from deckkit.sim.goldfish import LoadedDeck


def match(
    decks: Annotated[list[Path], typer.Argument(help="Two deck files or bundled decks' names or more (one game); "
                                                     "three or more play a round robin.")],
    games: Annotated[int | None, typer.Option("--games", "-n", help="Games per pair of decks (default 100); with "
                                                                     "--sprt the most it may play (default 20,000).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Run seed; game i uses seeds derived from it.")] = 0,
    ai: Annotated[str | None, typer.Option("--ai", help="The AI of both sides: random, greedy, mcts, expert or "
                                                         "strategy:FILE (a strategy file or a bundled strategy's name).")] = None,
    ai_a: Annotated[str | None, typer.Option("--ai-a", help="The AI of deck A (the first of each pair).")] = None,
    ai_b: Annotated[str | None, typer.Option("--ai-b", help="The AI of deck B (the second of each pair).")] = None,
    budget: Annotated[int | None, typer.Option("--budget", help="mcts, expert: playouts per decision (default 200; "
                                                                "reproducible: not a time limit).", show_default=False)] = None,
    think: Annotated[str | None, typer.Option("--think", metavar="TIME", help="mcts, expert: search TIME per decision "
                                              "(0.5s, 500ms; at most 60 s) instead, --budget then being the cap "
                                              "(default 20,000). Timed: a seed does not repeat the games.")] = None,
    seats: Annotated[str, typer.Option("--seats", help="alternate (deck A sits first in every other game) or "
                                                       "fixed (deck A always in seat p1).")] = "alternate",
    set_: Annotated[list[str], typer.Option("--set", help="Rule setting NAME=VALUE (repeatable).")] = [],
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="Worker processes (default: all cores).")] = None,
    scheduler: Annotated[str | None, typer.Option(help="Dask scheduler, e.g. tcp://host:8786 (needs the cluster extra).")] = None,
    confidence: Annotated[float, typer.Option(help="Confidence level of the intervals.")] = 0.95,
    trace: Annotated[bool, typer.Option("--trace", help="Also print game 0 move by move with each AI's reasons.")] = False,
    duplicate: Annotated[bool | None, typer.Option("--duplicate/--no-duplicate", help="Play each deal twice with "
                                                   "the seats swapped (default: on when the two sides differ).")] = None,
    sprt: Annotated[str | None, typer.Option("--sprt", metavar="ELO0,ELO1", help="Play until a sequential test "
                                             "decides between A being ELO0 and ELO1 Elo stronger (two decks).")] = None,
    alpha: common.Alpha = 0.05,
    beta: common.Beta = 0.05,
    plan: Annotated[float | None, typer.Option("--plan", metavar="ELO", help="Read this run as a pilot and say how "
                                               "many games a difference of ELO needs.")] = None,
    games_out: Annotated[Path | None, typer.Option(help="Write per-game records to FILE.csv or FILE.jsonl.")] = None,
    no_history: common.NoHistory = False,
    output: common.Output = "table",
) -> None:
    """Play decks against each other with AIs on both sides and report who wins, with 95% intervals.

    Each AI sees only its own view: its hand, the public zones and the counts of hidden cards (the
    deck lists are open). random picks any legal action; greedy is the goldfish pilot in its own turn
    and the game's defensive choices otherwise; mcts searches determinisations of its view with
    --budget playouts per decision (playouts are cut short and scored by the game's heuristic), so
    a seed gives the same games on every machine and for any --workers. strategy:FILE flies a side by
    a strategy file (the rules `deckkit goldfish --strategy` reads): its rules read the side's own view
    with that side named p1 and the other p2, so one file pilots either seat.

    Each deck's score against the other is kept in the catalogue against the deck's version (deckkit deck history); --no-history keeps nothing.

    The report gives deck A's wins, B's wins and draws, A's score (draws count half) with its
    interval, how often the first seat wins, the mean length and a verdict in words. Three decks or
    more play every pair (A is the deck listed first) and get a Bradley–Terry rating each. Kotlík's
    seats share one board: give its deck twice. -o json prints one object (pairs, ratings).

    Duplicate games (the default wherever the two sides differ in deck or AI): each deal is played
    twice, seats swapped, on the same shuffles and the same random choices seat by seat, so the luck
    of the deal cancels within the pair. Results are counted per pair (both lost, loss+draw, split,
    win+draw, both won) and the score's interval and Elo come from the pairs. --no-duplicate plays
    every game on its own deal.

    --sprt ELO0,ELO1 plays two decks in batches of 20 games (later a tenth of the games played) and stops as soon as a sequential
    probability ratio test decides: H1 (A is ELO1 Elo stronger) against H0 (ELO0), with error rates
    --alpha and --beta; it prints the decision, the games used, the LLR and its bounds, and the LLR
    over games. --plan ELO reads the games played as a pilot and tells how many games a difference
    of ELO needs: fixed-size (two-sided --alpha, power 1 − --beta) and the expected length of an SPRT.

    \b
    Examples:
      deckkit match obludarium-standard obludarium-standard --ai-a mcts --ai-b greedy --games 10
                                                   (MCTS thinks at every decision: up to a minute a game)
      deckkit match alomfogo-casual alomfogo-casual --ai-a expert --ai-b greedy --think 0.2s -n 20
                                                   (0.2 s a decision: about 20 s a game, minutes in all)
      deckkit match alomfogo-casual alomfogo-tournament --ai greedy --games 1000 --seed 7
      deckkit match kotlik-standard kotlik-standard --ai-a mcts --ai-b greedy --trace -n 20
                                                   (a minute or two)
      deckkit match obludarium-standard obludarium-standard --ai-a strategy:obludarium-greedy --ai-b greedy
      deckkit match alomfogo-casual alomfogo-tournament --sprt 0,50 --alpha 0.05 --beta 0.05
      deckkit match alomfogo-casual alomfogo-tournament --games 200 --plan 20
    """
    from deckkit.cli.goldfish import _settings
    from deckkit.match.run import MatchOptions, match as run_match
    from deckkit.sim.progress import ProgressBar, watched

    if games_out:
        from deckkit.sim.records import check_writable, output_format

        output_format(games_out)
        check_writable(games_out, "--games-out")
    from deckkit.sim.sprt import parse_hypotheses

    hypotheses = parse_hypotheses(sprt, "--sprt", "Elo") if sprt is not None else None
    loaded = _load(decks)
    games = games if games is not None else 20_000 if sprt else 100
    options = MatchOptions(games=games, seed=seed, duplicate=duplicate, sprt=hypotheses, alpha=alpha, beta=beta,
                           plan=plan, ai_a=ai_a or ai or "greedy", ai_b=ai_b or ai or "greedy",
                           budget=budget, think=think, seats=seats, settings=_settings(set_), workers=workers,
                           scheduler=scheduler, confidence=confidence, trace=trace)
    with ProgressBar(enabled=watched()) as bar:
        outcome = run_match(loaded, options, progress=bar)
    _print_outcome(outcome, output, trace)
    if games_out:
        _write_records(outcome, games_out, loaded)
    if not no_history:
        from deckkit.cli.history import remember_match

        remember_match(loaded, outcome)
    if outcome.interrupted:
        common.err("interrupted: the report covers the games finished before Ctrl-C")
        raise typer.Exit(130)


def _load(decks: list[Path]) -> list["LoadedDeck"]:
    """The decks, each labelled with its name as typed."""
    from deckkit.catalogue import open_catalogue
    from deckkit.sim.goldfish import load_decks

    deck_paths = [common.input_file(d, "deck") for d in decks]
    loaded = load_decks(deck_paths, open_catalogue(common.db_path()))
    for deck, given in zip(loaded, decks):
        deck.label = str(given)  # the name as typed: bundled names stay short in the table
    return loaded


def _print_outcome(outcome: "MatchOutcome", output: str, trace: bool) -> None:
    """The run's notes on stderr, then the report as JSON or as game 0's trace (when asked for) and the table."""
    from deckkit.match.report import render

    for note in outcome.notes:
        common.err(f"note: {note}")
    if output == "json":
        common.print_json(outcome.report)
    else:
        if trace:
            typer.echo("\n".join(outcome.report["trace"]) + "\n")
        typer.echo(render(outcome.report))


def _write_records(outcome: "MatchOutcome", games_out: Path, loaded: list["LoadedDeck"]) -> None:
    """Write one row per game played to the --games-out file, naming each deck as that file sees it."""
    from deckkit.cli.goldfish import _named_from
    from deckkit.match.report import game_rows
    from deckkit.sim.records import write_rows

    names = {label: _named_from(d, games_out) + label[len(d.label):]  # a deck given twice keeps its "#2"
             for label, d in zip(outcome.report["decks"], loaded)}
    played = game_rows(outcome.report, outcome.records)
    for row in played:
        row["a"], row["b"] = names.get(row["a"], row["a"]), names.get(row["b"], row["b"])
    rows = write_rows(games_out, played)
    common.err(f"wrote {rows:,} game records to {games_out}")

def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("match")(match)
