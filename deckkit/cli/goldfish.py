"""CLI commands: goldfish (registered by deckkit.cli)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckkit.cli import common
from deckkit.errors import UsageError

if TYPE_CHECKING:
    from deckkit.sim.goldfish import LoadedDeck, Outcome


def _settings(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--set {pair!r} is not NAME=VALUE", hint="e.g. --set starting_life=15")
        out[name.strip()] = value.strip()
    return out


def goldfish(
    decks: Annotated[list[Path], typer.Argument(help="Deck files or bundled decks' names; several are compared on "
                                                     "the same seeds.")],
    games: Annotated[int | None, typer.Option("--games", "-n", help="Games per deck (default 10,000; with --sprt "
                                                                     "the most it may play, default 200,000).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Run seed; game i uses a seed derived from it.")] = 0,
    policy: Annotated[str | None, typer.Option(help="Policy of the deck (greedy, random; game default).")] = None,
    opponent: Annotated[str | None, typer.Option(help="Opponent: passive (the default) or greedy (a copy of the deck "
                                                        "with the greedy pilot: blocks and answers happen); a scoring "
                                                        "game takes any of its policies.")] = None,
    strategy: Annotated[Path | None, typer.Option(help="Fly the deck by a strategy file (TOML) or a bundled "
                                                       "strategy's name (deckkit bundled --kind strategy).")] = None,
    keep: Annotated[str | None, typer.Option(help='Mulligan keep rule, e.g. "count(t:food) >= 2".')] = None,
    trace: Annotated[bool, typer.Option("--trace", help="Also print game 0 turn by turn.")] = False,
    set_: Annotated[list[str], typer.Option("--set", help="Rule setting NAME=VALUE (repeatable).")] = [],
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="Worker processes (default: all cores).")] = None,
    scheduler: Annotated[str | None, typer.Option(help="Dask scheduler, e.g. tcp://host:8786 (needs the cluster extra).")] = None,
    precision: Annotated[float | None, typer.Option(help="Play on until every interval's half-width is at most X (turns; Kotlík: points).")] = None,
    max_games: Annotated[int | None, typer.Option(help="Most games per deck for --precision (default 100 × --games).")] = None,
    max_turns: Annotated[int, typer.Option(help="Give up a game after this many turns.")] = 60,
    confidence: Annotated[float, typer.Option(help="Confidence level of the intervals.")] = 0.95,
    impact: Annotated[bool, typer.Option("--impact", help="Per card: win turn with it in the opening hand / by turn 3 vs not.")] = False,
    sprt: Annotated[str | None, typer.Option("--sprt", metavar="D0,D1", help="Two decks: play until a sequential test "
                                             "decides whether the second wins D0 or D1 turns sooner.")] = None,
    alpha: common.Alpha = 0.05,
    beta: common.Beta = 0.05,
    plan: Annotated[float | None, typer.Option("--plan", metavar="TURNS", help="Read this run as a pilot and say how "
                                               "many games a difference of TURNS needs.")] = None,
    control: Annotated[str | None, typer.Option("--control", metavar="CONDITION", help="Sharpen the mean win turn with "
                                                "the exact odds of this opening-hand condition (a control variate).")] = None,
    games_out: Annotated[Path | None, typer.Option(help="Write per-game records to FILE.csv or FILE.jsonl.")] = None,
    plot: Annotated[Path | None, typer.Option(help="Draw the distribution to FILE.png/.svg (needs the plot extra).")] = None,
    no_history: common.NoHistory = False,
    output: common.GoldfishOutput = "table",
) -> None:
    """Play many seeded games against a passive opponent and report how fast each deck wins.

    Several decks are played on the same seeds and compared, with the difference in mean win turn, its confidence interval and a verdict. Kotlík reports scores and win rates per seat.

    Each deck's result is kept in the catalogue against the deck's version (its content), for `deckkit deck history` and `deckkit deck diff`; --no-history keeps nothing.

    Game i of a run always gets the same seed, so results do not depend on --workers. --precision X plays on, in rounds, until the --confidence interval of the mean win turn (Kotlík: the first seat's mean score; turns or points), and of each comparison's paired difference, is at most ±X, or until --max-games games per deck (default 100 × --games) have been played. --impact shows, per card, how the win turn moves when it is in the opening hand or drawn by turn 3.

    -o json prints a JSON list with one object per deck, also for a single deck. The built-in greedy policy and the bundled strategies (*-greedy, starting points to copy; deckkit bundled --kind strategy) are close but not the same player; each file says how it differs.

    --sprt D0,D1 (two decks) plays both on shared seeds in batches of 100 (later a tenth of the games played) and stops as soon as a sequential probability ratio test on the paired win turns decides: H1 (the second deck wins D1 turns sooner than the first) against H0 (D0 turns sooner), with error rates --alpha and --beta; it prints the decision, the games used, the LLR and its bounds, and the LLR over games. --plan TURNS reads the games played as a pilot and says how many games per deck a difference of TURNS needs, paired on shared seeds and with independent runs, fixed-size (two-sided --alpha, power 1 − --beta) and the expected length of an SPRT. --control CONDITION reports the mean win turn also corrected by the exact odds of an opening-hand condition (a control variate), with the variance it saves; it is applied only where it cannot bias (every game won, no mulligans, no keep rule).

    On a Dask cluster: install deckkit with its "cluster" extra on every machine, run `dask scheduler` on one and `dask worker tcp://HOST:8786` on the others, then add --scheduler tcp://HOST:8786. The numbers equal a local run's for the same seed.

    \b
    Examples:
      deckkit goldfish my.deck tuned.deck --games 20000 --seed 7 --keep "count(t:food) >= 2"
                                                            (40,000 games: a few minutes)
      deckkit goldfish obludarium-standard --strategy obludarium-greedy --games 2000
      deckkit goldfish my.deck tuned.deck --sprt 0,0.1 --alpha 0.05 --beta 0.05
      deckkit goldfish my.deck tuned.deck --games 1000 --plan 0.1
    """
    from deckkit.sim.goldfish import Options, goldfish as run_goldfish
    from deckkit.sim.progress import ProgressBar, watched

    from deckkit.sim.sprt import parse_hypotheses

    hypotheses = parse_hypotheses(sprt, "--sprt", "turns") if sprt is not None else None
    _check_outputs(games_out, plot)
    loaded, pilot = _load(decks, strategy)
    games = games if games is not None else 200_000 if sprt else 10_000
    options = Options(games=games, seed=seed, sprt=hypotheses, alpha=alpha, beta=beta, plan=plan, control=control, policy=policy, opponent=opponent, keep=keep, settings=_settings(set_),
                      max_turns=max_turns, workers=workers, scheduler=scheduler, precision=precision,
                      max_games=max_games, confidence=confidence, impact=impact, trace=trace,
                      keep_seen=games_out is not None, strategy=pilot)
    if impact:
        _note_impact(loaded[0].game)
    with ProgressBar(enabled=watched()) as bar:  # on stderr whenever it is a terminal
        outcome = run_goldfish(loaded, options, progress=bar)
    _print_reports(outcome.reports, seed, output)
    _write_outputs(outcome, loaded, games_out, plot)
    if not no_history:
        from deckkit.cli.history import remember_goldfish

        remember_goldfish(loaded, outcome)
    if outcome.interrupted:
        common.err("interrupted: the report covers the games finished before Ctrl-C")
        raise typer.Exit(130)


def _check_outputs(games_out: Path | None, plot: Path | None) -> None:
    """Refuse a --games-out or --plot file that cannot be written, before any game is played for it."""
    from deckkit.sim.records import check_writable, output_format

    if games_out:
        output_format(games_out)
        check_writable(games_out, "--games-out")
    if plot:
        from deckkit.sim.plot import check_plot

        check_plot(plot)
        check_writable(plot, "--plot")


def _load(decks: list[Path], strategy: Path | None) -> tuple[list["LoadedDeck"], Any]:
    """The decks, labelled as typed, and the strategy pilot (None without --strategy)."""
    from deckkit.catalogue import open_catalogue
    from deckkit.sim.goldfish import load_decks

    deck_paths = [common.input_file(d, "deck") for d in decks]  # all inputs named before any is read
    strategy_path = common.input_file(strategy, "strategy") if strategy else None
    pilot = None
    if strategy_path:
        from deckkit.sim.strategy import load_strategy

        pilot = load_strategy(strategy_path)
    loaded = load_decks(deck_paths, open_catalogue(common.db_path()))
    for deck, given in zip(loaded, decks):
        deck.label = str(given)  # the name as typed: a bundled deck's stays short in tables and JSON
    return loaded, pilot


def _note_impact(game: str) -> None:
    """Say so when --impact has nothing to measure: the game deals no opening hands."""
    from deckkit.engine import registry

    if not getattr((spec := registry.spec(game)).opening, "hands", True):
        common.err(f"note: --impact needs hands; {spec.title} decks get none")


def _print_reports(reports: list[dict[str, Any]], seed: int, output: str) -> None:
    """Print the reports as JSON, or each deck's game-0 trace (when asked for) and then the table."""
    from deckkit.sim.report import render

    if output == "json":
        common.print_json(reports)
        return
    for report in reports:
        if report.get("trace"):
            from deckkit.sim.seeding import game_seed

            first = game_seed(seed, 0)
            typer.echo(f"Game 0 of {report['deck']} (run seed {seed}, game seed {first}; "
                       f"`deckkit hand {report['deck']} --seed {first}` deals its opening):")
            typer.echo("\n".join(report["trace"]) + "\n")
    typer.echo(render(reports))


def _write_outputs(outcome: "Outcome", loaded: list["LoadedDeck"], games_out: Path | None, plot: Path | None) -> None:
    """Write the per-game records to --games-out and draw the distribution to --plot, when asked for."""
    if games_out:
        from deckkit.sim.records import write_records

        rows = write_records(games_out, [_named_from(d, games_out) for d in loaded], outcome.records)
        common.err(f"wrote {rows:,} game records to {games_out}")
    if plot:
        from deckkit.sim.plot import plot as draw

        draw(outcome.reports, plot, [d.name for d in loaded])
        common.err(f"wrote {plot}")

def _named_from(deck: "LoadedDeck", written: Path) -> str:
    """A deck as a file written to ``written`` names it: relative to that file's folder, or its bundled name."""
    if deck.path and Path(deck.path).is_file():
        from deckkit.paths import portable_path

        return portable_path(deck.path, Path(written).parent)
    return deck.label


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("goldfish")(goldfish)
