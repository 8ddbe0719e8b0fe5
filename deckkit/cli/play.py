"""CLI commands: ``games`` and ``script run`` / ``script new`` (registered by deckkit.cli)."""

from pathlib import Path
from typing import Annotated

import typer

from deckkit.cli import common
from deckkit.errors import UsageError

script_app = typer.Typer(help="Scripted solitaire tests (*.deckkit.toml): run them or start a new one.",
                         cls=common.HelpGroup)


def games(
    actions: Annotated[bool, typer.Option("--actions", help="Also document each game's action strings.")] = False,
    abilities: Annotated[bool, typer.Option("--abilities", help="Also list each game's ability language: "
                                            "the keys of abilities and steps, triggers, replaceable events, effects, "
                                            "targets, amounts, costs, continuous effects, conditions, filters, "
                                            "zones, durations, players and keywords, each with its parameters.")]
    = False,
    output: common.RecordsOutput = "table",
) -> None:
    """List the supported games: card types, construction formats and rule settings.

    
    Examples:
      deckkit games --actions
      deckkit games --abilities -o json
    """
    from deckkit.games.describe import describe_games

    data = describe_games(actions=actions, abilities=abilities)
    if output != "table":
        common.print_records(data, output)
        return
    for game in data:
        typer.echo(f"{game['title']} — {game['name']} ({game['alias']}), rules {game['rules_prefix']}-…")
        typer.echo(f"  card types: {', '.join(game['card_types'])}")
        formats = ", ".join(f["name"] + (" (default)" if f["default"] else "") for f in game["formats"])
        typer.echo(f"  formats:    {formats or '-'}")
        if game["settings"]:
            typer.echo("  settings (--set NAME=VALUE, [settings] in scripts):")
            for s in game["settings"]:
                choices = f" [{'|'.join(map(str, s['choices']))}]" if s["choices"] else ""
                typer.echo(f"    {s['name']} = {s['default']!r}{choices}  {s['help']} ({s['rule']})")
        if actions and game.get("actions"):
            typer.echo("  " + game["actions"].replace("\n", "\n  "))
        if game.get("abilities"):
            from deckkit.engine.ability_reference import reference_text

            for line in reference_text(game["name"]):
                typer.echo("  " + line)
        typer.echo("")


@script_app.command("run")
def script_run(
    files: Annotated[list[Path], typer.Argument(help="Script files, directories holding *.deckkit.toml, or bundled "
                                                     "scripts' names.", metavar="FILE...",
                                                show_default=False)],
    trace: Annotated[bool, typer.Option("--trace", help="Show each script's game log, step by step.")] = False,
    output: common.Output = "table",
) -> None:
    """Run scripted solitaire tests: PASS/FAIL per script with a diff; exit 1 if any fails.

    Cards come from the catalogue (--db, $DECKKIT_DB, the default place), so cards you imported and
    values you changed are what plays; [[card]] tables in a script add cards of its own, checked like
    an import. A name several cards share must be written as an id (ids stand wherever names do).

    \b
    Examples:
      deckkit script run data/scripts/ --trace
      deckkit --db my-cards.db script run tests/my-card.deckkit.toml
    """
    from deckkit.scripts.cards import CardSource
    from deckkit.scripts.runner import find_scripts, format_result, run_file

    paths = find_scripts(common.input_files(files, "script"))
    if not paths:
        raise UsageError("no script files found", hint="give *.deckkit.toml files or a directory holding them")
    cards = CardSource(common.db_path())  # read once for all the scripts
    results = [run_file(p, trace=trace, cards=cards) for p in paths]
    passed = sum(r.passed for r in results)
    if output == "json":
        common.print_json({"passed": passed, "failed": len(results) - passed,
                           "scripts": [r.as_json() for r in results]})
    else:
        for r in results:
            typer.echo(format_result(r, trace=trace))
        typer.echo(f"{passed} passed, {len(results) - passed} failed")
    if passed != len(results):
        raise typer.Exit(1)


@script_app.command("new")
def script_new(
    file: Annotated[Path | None, typer.Argument(help="Where to write the script (default: stdout).")] = None,
    game: Annotated[str | None, typer.Option("--game", "-g",
                                             help="Game name or alias (default: the first of `deckkit games`).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a commented starting script to edit (it runs and passes as written).

    Example: deckkit script new my-first.deckkit.toml --game ob
    """
    from deckkit.engine.registry import default_game
    from deckkit.scripts.report import template, write_template

    game = game or default_game().name
    if file is None:
        typer.echo(template(game), nl=False)
        return
    for note in write_template(file, game, force=force):
        common.err(note)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("games")(games)
    app.add_typer(script_app, name="script")
