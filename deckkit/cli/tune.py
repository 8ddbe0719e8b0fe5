"""CLI command: tune (registered by deckkit.cli)."""

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckkit.cli import common
from deckkit.errors import UsageError

if TYPE_CHECKING:
    from deckkit.tune import CardTestResult, DeckList, OptimiseResult, PlayOptions, SweepResult

    Result = SweepResult | OptimiseResult | CardTestResult


def tune(
    deck: Annotated[Path, typer.Argument(help="The deck file to tune.")],
    vary: Annotated[str | None, typer.Option(help="Sweep a count: 'CARD=14..26' or 'QUERY=18..28' (spread over the deck's matching cards).")] = None,
    swap: Annotated[str | None, typer.Option(help="Sweep copies of A replaced by B: 'A->B' (0 … all) or 'A->B=0..2'.")] = None,
    fill: Annotated[str | None, typer.Option(help="Query of the cards that make room in a --vary (default: every other card).")] = None,
    skip_illegal: Annotated[bool, typer.Option("--skip-illegal", help="Play the legal points of a sweep and list the others.")] = False,
    remove_each: Annotated[bool, typer.Option("--remove-each", help="Card test: each card out, the filler in.")] = False,
    add_each: Annotated[str | None, typer.Option(help="Card test: each card matching QUERY in, the filler out.")] = None,
    filler: Annotated[str | None, typer.Option(help="The card swapped in (--remove-each) or out (--add-each); default: the deck's most common card (for --remove-each, the most common one the format allows more copies of).")] = None,
    copies: Annotated[int, typer.Option(help="Copies changed per card test.")] = 1,
    optimise: Annotated[bool, typer.Option("--optimise", "--optimize", help="Search deck lists by moves between pool cards.")] = False,
    pool: Annotated[str | None, typer.Option(help="Query of the cards whose counts the optimiser may change.")] = None,
    budget: Annotated[int, typer.Option(help="Lists the optimiser may play, counted in lists of --games games.")] = 60,
    objective: Annotated[str, typer.Option(help="mean-turn (lower), won-by (turn --by-turn, higher), keep-odds (--odds, higher) or match (the match score against --against, higher).")] = "mean-turn",
    against: Annotated[Path | None, typer.Option(help="--objective match: the opponent deck every list plays (a file or a bundled deck's name).")] = None,
    ai: Annotated[str, typer.Option(help="--objective match: the AI of both sides (random, greedy, mcts, strategy:FILE).")] = "greedy",
    ai_budget: Annotated[int, typer.Option(help="--objective match with --ai mcts: playouts per decision.")] = 200,
    write: Annotated[Path | None, typer.Option(help="Write the optimiser's list as a deck file, when it beats the start.")] = None,
    write_anyway: Annotated[bool, typer.Option("--write-anyway", help="--write the best list found even when no "
                                               "improvement passed the test.")] = False,
    sprt: Annotated[str | None, typer.Option("--sprt", metavar="D0,D1", help="--optimise: the gains (turns; a share "
                                             "for won-by; Elo for match) its SPRT weighs (default 0,0.1 turns; 0,0.02; "
                                             "0,20); card tests: test each change by an SPRT of D0 against D1 turns sooner.")] = None,
    alpha: Annotated[float, typer.Option(help="The false-positive rate of the optimiser's tests (0 to 0.5).")] = 0.05,
    beta: Annotated[float, typer.Option(help="The false-negative rate of the optimiser's tests (0 to 0.5).")] = 0.05,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per list.")] = 2000,
    seed: Annotated[int, typer.Option(help="Run seed; every list plays the same seeds.")] = 0,
    policy: Annotated[str | None, typer.Option(help="Policy of the deck (game default).")] = None,
    keep: Annotated[str | None, typer.Option(help='Mulligan keep rule for the games, e.g. "count(t:food) >= 2".')] = None,
    set_: Annotated[list[str], typer.Option("--set", help="Rule setting NAME=VALUE (repeatable).")] = [],
    by_turn: Annotated[int | None, typer.Option(help='Turn T of "won by turn T" (default: the deck\'s median win turn).', min=1)] = None,
    odds: Annotated[str | None, typer.Option(help="Also the exact odds of this condition per list.")] = None,
    mulligans: Annotated[int, typer.Option(help="Mulligans for --odds.")] = 0,
    odds_turn: Annotated[int, typer.Option(help="Own turn for --odds (0: the opening hand).")] = 0,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="Worker processes (default: all cores).")] = None,
    scheduler: Annotated[str | None, typer.Option(help="Dask scheduler, e.g. tcp://host:8786 (needs the cluster extra).")] = None,
    max_turns: Annotated[int, typer.Option(help="Give up a game after this many turns.")] = 60,
    confidence: Annotated[float, typer.Option(help="Confidence level of the intervals.")] = 0.95,
    plot: Annotated[Path | None, typer.Option(help="Draw a sweep to FILE.png/.svg (needs the plot extra).")] = None,
    no_history: common.NoHistory = False,
    output: common.Output = "table",
) -> None:
    """Tune a deck: sweep card counts, test each card, or search for a faster list.

    Every list plays the same seeds as the deck (common random numbers), so each Δ is a paired difference with its interval.

    The deck's starting figure is kept in the catalogue against its version (deckkit deck history), and the list --write saves against its own; --no-history keeps nothing.

    Sweeps keep the deck's size: --vary 'Chleba=2..8' sets Chleba's count and rescales the other cards (or the --fill query's) to make room; --vary 't:food=12..24' spreads each total over the deck's food cards in proportion; --swap 'A->B' replaces 0, 1, … copies of A by B. A point the deck's format forbids stops the sweep (exit 2) unless --skip-illegal.

    Card tests: --remove-each takes --copies copies of each card out for the --filler card; --add-each QUERY puts each matching card in for it. Rows are ranked by Δ mean win turn, and Holm's procedure on the paired differences says which changes are clearly real (at family-wise error 1 − --confidence); with --sprt D0,D1 each change is also tested sequentially (more rounds of --games on fresh seeds while undecided, at most 8), at family-wise --alpha (Bonferroni) and --beta. A sweep names its fastest point only when Holm's procedure on its paired differences with every other point says so; otherwise it says which points are tied.

    The optimiser (--optimise --pool QUERY --budget N) moves 4, 2, then 1 copies between pool cards, the moves that the lists played so far predict to help most first; a candidate that looks better on its first --games games is tested on fresh shared seeds by an SPRT (--sprt D0,D1, --alpha, --beta) and the move is accepted only when the test accepts H1 (undecided after 8 rounds of --games: refused). The list it ends on is tested once more against the deck on fresh seeds; only if it passes is it an improvement, and --write FILE saves it (else "no improvement found" and nothing is written, unless --write-anyway). Objectives: mean-turn, won-by, keep-odds, and match: each list plays --games match games against the --against deck (seats alternated, the same deals and AI generators for every list, so the differences are paired) and the search raises its score (a win 1, a draw ½).

    Runs are long: every list plays --games games (2000 unless given), so a sweep of 13 points plays 28,000 games, card tests one list per card, and the optimiser up to --budget lists and their tests. Start with a few hundred games; the examples below take from under a minute to several minutes on two cores.

    \b
    Examples:
      deckkit tune my.deck --vary 't:food=12..24/4' --games 500        (5 lists: under a minute)
      deckkit tune my.deck --remove-each --filler Chleba --games 500    (one list per card: a minute or two)
      deckkit tune my.deck --optimise --pool 't:food or t:monster' --budget 20 --games 500 --write best.deck
                                                                       (up to 20 lists and their tests: several minutes)
    """
    from deckkit.catalogue import open_catalogue
    from deckkit.cli.goldfish import _settings
    from deckkit.tune import PlayOptions, load_list

    _check_options(vary=vary, swap=swap, remove_each=remove_each, add_each=add_each, optimise=optimise, plot=plot,
                   write=write, against=against, objective=objective, odds=odds, pool=pool, budget=budget,
                   games=games, confidence=confidence)
    hypotheses = _check_sequential(sprt, alpha, beta, optimise or remove_each or bool(add_each), objective, write,
                                   write_anyway)
    _check_outputs(plot, write)
    catalogue = open_catalogue(common.db_path())
    start = replace(load_list(common.input_file(deck, "deck"), catalogue), label=str(deck))  # a bundled name works too
    version = None  # the version played, taken before a run of minutes in which the file may be edited
    if not no_history:
        from deckkit.cli.history import tune_version

        version = tune_version(common.input_file(deck, "deck"))
    options = PlayOptions(games=games, seed=seed, policy=policy, keep=keep, settings=_settings(set_),
                          max_turns=max_turns, workers=workers, scheduler=scheduler, confidence=confidence,
                          by_turn=by_turn, odds=odds, mulligans=mulligans, odds_turn=odds_turn, sprt=hypotheses,
                          alpha=alpha, beta=beta)
    if against:
        _set_opponent(options, against, ai, ai_budget, catalogue)
    result = _run(start, options, catalogue, quiet=output == "json", vary=vary, swap=swap, fill=fill,
                  skip_illegal=skip_illegal, optimise=optimise, pool=pool, budget=budget, objective=objective,
                  remove_each=remove_each, add_each=add_each, filler=filler, copies=copies)
    _print_result(result, output)
    if not no_history:
        from deckkit.cli.history import remember_tune

        remember_tune(start, common.input_file(deck, "deck"), result, version)
    if plot:  # --plot comes with --vary or --swap (checked above), so the result is a sweep
        _draw_sweep(result, plot)
    if write:  # --write comes with --optimise (checked above), so the result is a search
        _write_best(result, write, write_anyway)
        if not no_history:
            from deckkit.cli.history import remember_written

            remember_written(write, result, version)


def _check_options(*, vary: str | None, swap: str | None, remove_each: bool, add_each: str | None, optimise: bool,
                   plot: Path | None, write: Path | None, against: Path | None, objective: str, odds: str | None,
                   pool: str | None, budget: int, games: int, confidence: float) -> None:
    """Refuse options that contradict each other or are out of range (exit 2), before any file is read."""
    from deckkit.tune.optimise import check_objective

    modes = [name for name, on in (("--vary", vary), ("--swap", swap), ("--remove-each", remove_each),
                                   ("--add-each", add_each), ("--optimise", optimise)) if on]
    if len(modes) != 1:
        raise UsageError("give one of --vary, --swap, --remove-each, --add-each, --optimise"
                         + (f" (not {' and '.join(modes)})" if modes else ""),
                         hint="e.g. deckkit tune my.deck --vary 't:food=12..24'")
    if plot and not (vary or swap):
        raise UsageError("--plot draws a sweep", hint="add --vary or --swap")
    if write and not optimise:
        raise UsageError("--write saves the optimiser's best list", hint="add --optimise --pool QUERY")
    if against and objective != "match":
        raise UsageError("--against names the opponent of --objective match", hint="add --objective match")
    if objective != "mean-turn" and not optimise:  # a sweep or a card test reports every figure; nothing is chosen
        raise UsageError(f"--objective {objective} chooses what --optimise improves",
                         hint="add --optimise --pool QUERY, or leave --objective out")
    if optimise:
        check_objective(objective, odds, against)
        if not pool:
            raise UsageError("--optimise needs --pool QUERY", hint="e.g. --pool 't:food or t:monster'")
        if budget < 1:
            raise UsageError(f"--budget must be at least 1, not {budget}", hint="the budget counts the lists the search plays")
    if games < 1:
        raise UsageError(f"--games must be at least 1, not {games}")
    if not 0 < confidence < 1:
        raise UsageError(f"--confidence must be between 0 and 1, not {confidence}")
    if odds:
        from deckkit.hands.conditions import compile_condition

        compile_condition(odds)


def _check_sequential(sprt: str | None, alpha: float, beta: float, sequential: bool, objective: str,
                      write: Path | None, write_anyway: bool) -> tuple[float, float] | None:
    """The SPRT hypotheses of the optimiser or the card tests (None: the default); refuses them elsewhere (exit 2)."""
    from deckkit.sim.sprt import check_rates, parse_hypotheses

    check_rates(alpha, beta)
    if write_anyway and not write:
        raise UsageError("--write-anyway goes with --write FILE", hint="add --write FILE")
    if sprt is None:
        return None
    if not sequential:
        raise UsageError("--sprt sets the test of --optimise, --remove-each or --add-each",
                         hint="a sweep is judged by Holm's procedure on its paired differences")
    return parse_hypotheses(sprt, "--sprt", {"match": "Elo", "won-by": "share"}.get(objective, "turns"))


def _check_outputs(plot: Path | None, write: Path | None) -> None:
    """Refuse a --plot or --write file that cannot be written, before hours of games are played for it."""
    from deckkit.sim.records import check_writable

    if plot:
        from deckkit.sim.plot import check_plot

        check_plot(plot)
        check_writable(plot, "--plot")
    if write:
        check_writable(write, "--write")


def _set_opponent(options: "PlayOptions", against: Path, ai: str, ai_budget: int, catalogue: Any) -> None:
    """Give the options the --against deck and the AI of both sides, for --objective match."""
    from deckkit.match.ai import check_budget
    from deckkit.sim.goldfish import load_decks

    (rival,) = load_decks([common.input_file(against, "deck")], catalogue)
    budget_ai, note = check_budget(ai_budget)
    if note:
        common.err(f"note: {note}")
    options.against, options.against_label, options.against_game = tuple(rival.cards), str(against), rival.game
    options.ai, options.ai_budget = ai, budget_ai


def _run(start: "DeckList", options: "PlayOptions", catalogue: Any, *, quiet: bool, vary: str | None, swap: str | None,
         fill: str | None, skip_illegal: bool, optimise: bool, pool: str | None, budget: int, objective: str,
         remove_each: bool, add_each: str | None, filler: str | None, copies: int) -> "Result":
    """Play the one chosen mode (a sweep, the optimiser or card tests), with a progress bar unless quiet."""
    from deckkit.sim.progress import ProgressBar, watched
    from deckkit.tune import card_tests, optimise as search, run_sweep
    from deckkit.tune import swap as swap_points, vary as vary_points

    with ProgressBar(enabled=watched() and not quiet, label="optimise" if optimise else "tune") as bar:
        if vary or swap:
            points = vary_points(start, vary, catalogue, fill) if vary else swap_points(start, swap or "", catalogue)
            return run_sweep(start, points, options, skip_illegal=skip_illegal, progress=bar)
        if optimise:
            return search(start, options, catalogue, pool=pool or "", budget=budget, objective=objective,
                          progress=bar)
        return card_tests(start, options, catalogue, remove_each=remove_each, add_each=add_each,
                          filler=filler, copies=copies, progress=bar)


def _print_result(result: "Result", output: str) -> None:
    """Print the result as JSON or as the table of its mode."""
    from deckkit.tune import CardTestResult, SweepResult
    from deckkit.tune.render import render_card_tests, render_optimise, render_sweep

    if output == "json":
        common.print_json(result.as_json())
    elif isinstance(result, SweepResult):
        typer.echo(render_sweep(result))
    elif isinstance(result, CardTestResult):
        typer.echo(render_card_tests(result))
    else:
        typer.echo(render_optimise(result))


def _draw_sweep(result: "Result", plot: Path) -> None:
    """Draw the sweep to the --plot file."""
    from deckkit.tune import SweepResult
    from deckkit.tune.render import plot_sweep

    assert isinstance(result, SweepResult)
    plot_sweep(result, plot)
    common.err(f"wrote {plot}")


def _write_best(result: "Result", write: Path, anyway: bool) -> None:
    """Save the optimiser's list to the --write file when it beat the start at the stated error rates (or
    with --write-anyway); exit 1 when nothing is written."""
    from deckkit.tune import OptimiseResult, save_list

    assert isinstance(result, OptimiseResult)
    best = result.best
    if not best or not (result.improved or anyway):
        common.err("no improvement found at the stated error rates; nothing written"
                   + ("" if not best else " (--write-anyway writes the best list tried)"))
        raise typer.Exit(1)
    note = f"tuned: {best[0].change}" + ("" if result.improved else " (NOT shown to beat the start)")
    save_list(best[0].deck, write, note=note)
    common.err(f"wrote {write}" + ("" if result.improved else " (--write-anyway: not shown to beat the start)"))

def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("tune")(tune)
