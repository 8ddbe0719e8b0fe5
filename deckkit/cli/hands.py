"""CLI commands: ``hand`` (sample openings) and ``odds`` (exact probabilities), registered by deckkit.cli."""

from pathlib import Path
from typing import Annotated

import typer

from deckkit.cli import common
from deckkit.errors import UsageError

DeckArg = Annotated[Path, typer.Argument(help="Deck file (text or JSON), or a bundled deck's name.", show_default=False)]
KeepOpt = Annotated[str | None, typer.Option("--keep", help="Keep rule, e.g. 'count(t:food) >= 2'; "
                                                "mulligan until it holds or the procedure ends.")]
TurnOpt = Annotated[int, typer.Option("--turn", help="Also count the cards drawn by your own turn T (0: opening hand).")]
PlayOpt = Annotated[bool, typer.Option("--play/--draw", help="Whether you take the first turn.")]
VariantOpt = Annotated[str | None, typer.Option(
    "--variant", help="Opening variant: Álomfogó 'reshuffle' (house-rule mulligan, off by default, AF-Q5).")]
# A string, parsed by _seed: Typer's own message for "--seed abc" speaks of Python types.
SeedOpt = Annotated[str | None, typer.Option("--seed", metavar="<int>",
                                                help="Random seed (a whole number): same seed, same result.")]


def _seed(text: str | None) -> int | None:
    """The --seed value as an integer; a usage error (exit 2) naming the value otherwise."""
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        raise UsageError(f"--seed {text!r} is not a whole number",
                         hint="e.g. --seed 42; the same seed gives the same result everywhere") from None


def hand(
    deck: DeckArg,
    seed: SeedOpt = None,
    count: Annotated[int, typer.Option("--count", "-n", help="How many openings to deal; more than one adds a summary.")] = 1,
    keep: KeepOpt = None,
    play: PlayOpt = True,
    turn: TurnOpt = 0,
    variant: VariantOpt = None,
    arrange: Annotated[str, typer.Option("--arrange", help="Obludárium deck order: 'shuffle' (default) or "
                                         "'food-third' (food every third card, then a cut; OB-Q3 reading B).")] = "shuffle",
    output: common.Output = "table",
) -> None:
    """Deal sample opening hands under the game's procedure (Obludárium mulligans, Álomfogó draws, Kotlík board).

    Obludárium mulligans put the hand on the bottom and draw one card fewer (OB-504 – OB-506).
    Álomfogó has no mulligan (AF-Q5); --variant reshuffle is a house rule, off by default.

    Example:

    \b
      deckkit hand data/decks/obludarium-standard.deck --seed 7 --keep 'count(t:food) >= 2' --turn 3

    -o json: {"deck", "name", "game", "seed", "count", "turn", "on_play", "keep",
    "variant", "arrangement", "hands": [{"hand", "drawn", "mulligans", "forced",
    "rejected"}], "summary"?}; "hands" lists at most 100 deals, Kotlík deals are
    {"board", "cauldrons", "returned", "supply"}; with --count above 1 "summary" holds
    "deals", "keep_rate", "mulligans", "mean_mulligans", "mean_composition" and
    "composition_histogram".
    """
    seed_value = _seed(seed)
    from deckkit.hands.conditions import compile_condition
    from deckkit.hands.render import hands_json, hands_text
    from deckkit.hands.sample import load_cards, sample_hands

    if count < 1:
        raise UsageError(f"--count {count}: deal at least one hand", hint="e.g. --count 1000 for a summary")
    rule = compile_condition(keep) if keep is not None else None
    loaded = load_cards(common.input_file(deck, "deck"), common.db_path())
    from deckkit.sim.progress import ProgressBar

    with ProgressBar(label="hands", unit="deals") as bar:  # on stderr when it is a terminal and the run is long
        report = sample_hands(loaded.cards, loaded.game, deck=str(deck), name=loaded.name, seed=seed_value,
                              count=count, keep=rule, turn=turn, on_play=play, variant=variant, arrangement=arrange,
                              progress=bar)
    if output == "json":
        common.print_json(hands_json(report))
    else:
        typer.echo(hands_text(report))


def odds(
    deck: DeckArg,
    condition: Annotated[str, typer.Argument(help="Condition, e.g. 'count(t:food) >= 2 and count(t:monster) >= 2'.",
                                             show_default=False)],
    mulligans: Annotated[int, typer.Option("--mulligans", "-m", help="Allow up to K mulligans, taken while the keep "
                                           "rule fails (default rule: the condition itself).")] = 0,
    keep: KeepOpt = None,
    turn: TurnOpt = 0,
    play: PlayOpt = True,
    variant: VariantOpt = None,
    simulate: Annotated[int | None, typer.Option("--simulate", "-n", help="Also estimate by N seeded deals, with a "
                                                    "standard error.")] = None,
    seed: SeedOpt = None,
    output: common.Output = "table",
) -> None:
    """The exact probability that CONDITION holds in the opening hand, after mulligans, or by turn T.

    Example:

    \b
      deckkit odds data/decks/obludarium-standard.deck 'count(t:food) >= 2 and count(t:food) <= 4' -m 2 --turn 2
    """
    seed_value = _seed(seed)
    from deckkit.hands.conditions import compile_condition
    from deckkit.hands.odds import answer
    from deckkit.hands.render import odds_text
    from deckkit.hands.sample import load_cards

    cond = compile_condition(condition)
    rule = compile_condition(keep) if keep is not None else None
    loaded = load_cards(common.input_file(deck, "deck"), common.db_path())
    from deckkit.sim.progress import ProgressBar

    with ProgressBar(label="odds", unit="deals") as bar:
        result, exact = answer(loaded.cards, loaded.game, cond, mulligans=mulligans, keep=rule, turn=turn,
                               on_play=play, variant=variant, simulate=simulate, seed=seed_value, progress=bar)
    if output == "json":
        data = result.as_json(str(deck))
        if exact is not None:
            data["exact_probability"] = exact.probability
            data["impossible"] = exact.impossible
        common.print_json(data)
    else:
        typer.echo(odds_text(loaded.name, result, exact))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("hand")(hand)
    app.command("odds")(odds)
