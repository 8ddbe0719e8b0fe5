"""CLI command: play (registered by deckkit.cli) — a person against an AI, or two people, in the terminal."""

from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from deckkit.cli import common

if TYPE_CHECKING:
    from deckkit.match.session import Session

HELP = ("type a number or an action as listed; undo takes back your last action; save FILE writes the game "
        "as a script (*.deckkit.toml) that replays to this position; quit (or end of input) stops")


def play(
    deck: Annotated[Path, typer.Argument(help="Your deck (a file or a bundled deck's name).")],
    vs: Annotated[Path | None, typer.Option("--vs", help="The other side's deck (default: the same deck).")] = None,
    ai: Annotated[str, typer.Option("--ai", help="The other side's AI: random, greedy, mcts or "
                                                         "strategy:FILE (a strategy file or a bundled strategy's name).")] = "greedy",
    budget: Annotated[int, typer.Option("--budget", help="mcts: playouts per decision.")] = 200,
    seat: Annotated[int, typer.Option("--seat", help="Your seat: 1 (p1, who starts) or 2.")] = 1,
    hot_seat: Annotated[bool, typer.Option("--hot-seat", help="People play both seats (no AI).")] = False,
    seed: Annotated[int, typer.Option("--seed", help="Seeds the deal and every shuffle.")] = 0,
    set_: Annotated[list[str], typer.Option("--set", help="Rule setting NAME=VALUE (repeatable).")] = [],
    autosave: Annotated[Path | None, typer.Option("--autosave", help="Save the game to FILE whenever play stops "
                                                                      "(end, quit, end of input, Ctrl-C).")] = None,
) -> None:
    """Play a game in the terminal against an AI (or hot-seat), choosing among the numbered legal actions.

    You see what your seat may see (the other hand and the libraries only as counts). Type the number
    of an action or the action itself; an illegal one is refused with the reason and the legal actions.
    undo takes back your last action (and the AI's answers to it); save FILE writes the game as a
    scripted test (*.deckkit.toml) that `deckkit script run FILE` replays to the same position.

    \b
    Examples:
      deckkit play obludarium-standard --ai mcts --budget 200
      deckkit play alomfogo-casual --vs alomfogo-tournament --seat 2 --autosave game.deckkit.toml
    """
    from deckkit.errors import DeckkitError

    session = _session(deck, vs, ai, budget, seat, hot_seat, seed, set_)

    def stop(code: int, why: str) -> NoReturn:
        if autosave is not None:
            try:
                session.save(str(autosave))
                common.err(f"{why}; the game is saved to {autosave}")
            except DeckkitError as exc:
                common.err(f"{why}; could not save to {autosave}: {exc}")
        else:
            common.err(f"{why} (save FILE or --autosave FILE keeps a game)")
        raise typer.Exit(code)

    typer.echo(f"deckkit play: {HELP}")
    try:
        _turns(session, ai, hot_seat, stop)
    except KeyboardInterrupt:  # Ctrl-C while the AI thinks or the screen is drawn, not only at the prompt
        typer.echo("")
        stop(130, "interrupted")
    typer.echo(session.state.render())
    typer.echo(f"game over: {session.result_text()}")
    if autosave is not None:
        stop(0, "game over")


def _session(deck: Path, vs: Path | None, ai: str, budget: int, seat: int, hot_seat: bool, seed: int,
             set_: list[str]) -> "Session":
    """The game the options ask for: both decks loaded, the people's seats, the other side's AI."""
    from deckkit.catalogue import open_catalogue
    from deckkit.cli.goldfish import _settings
    from deckkit.errors import UsageError
    from deckkit.match.ai import check_budget, pilot_spec
    from deckkit.match.session import Session
    from deckkit.sim.goldfish import load_decks

    if seat not in (1, 2):
        raise UsageError(f"--seat {seat}: write 1 or 2")
    paths = [common.input_file(deck, "deck"), common.input_file(vs or deck, "deck")]
    loaded = load_decks(paths, open_catalogue(common.db_path()))
    budget, note = check_budget(budget)
    if note:
        common.err(f"note: {note}")
    humans = {0, 1} if hot_seat else {seat - 1}
    return Session(loaded[0].game, loaded, humans, pilot_spec(ai, budget, loaded[0].game), seed, _settings(set_))


def _turns(session: Any, ai: str, hot_seat: bool, stop: Callable[[int, str], NoReturn]) -> None:
    """The game loop: the AI's moves, and for a person the view, the numbered actions and a prompt."""
    from deckkit.errors import DeckkitError, IllegalAction
    from deckkit.match.session import legal_lines

    shown = 0
    while session.to_act() != -1:
        if not session.human_turn():
            action, reason = session.ai_move()
            typer.echo(f"p{action.player + 1} ({ai}): {action}" + (f"  [{reason}]" if reason and ai == "mcts" else ""))
            continue
        player = session.to_act()
        for text in session.actions[shown:]:  # the other person's actions (hot seat); the AI says its own
            if not text.startswith(f"p{player + 1}: ") and hot_seat:
                typer.echo(f"  {text}")
        shown = len(session.actions)
        typer.echo(session.view_text(player))
        typer.echo("\n".join(legal_lines(session.state)))
        try:
            line = input(f"p{player + 1}> ").strip()
        except EOFError:
            typer.echo("")
            stop(0, "end of input")
        word, _, rest = line.partition(" ")
        if not line:
            continue
        if line in ("quit", "exit"):
            stop(0, "stopped")
        if line in ("help", "?"):
            typer.echo(HELP)
            continue
        if line == "undo":
            gone = session.undo()
            typer.echo(f"undone: {gone} action(s)" if gone else "nothing to undo")
            shown = len(session.actions)
            continue
        if word == "save":
            if not rest.strip():
                typer.echo("save needs a file name: save FILE.deckkit.toml")
                continue
            try:
                session.save(rest.strip())
                typer.echo(f"saved to {rest.strip()} (deckkit script run {rest.strip()} replays it)")
            except DeckkitError as exc:
                typer.echo(f"cannot save: {exc}" + (f" (hint: {exc.hint})" if exc.hint else ""))
            continue
        legal = session.state.legal_actions()
        chosen: object = line
        if line.isdigit():
            if not 1 <= int(line) <= len(legal):
                typer.echo(f"no action {line}: choose 1 to {len(legal)}")
                continue
            chosen = legal[int(line) - 1]
        try:
            session.apply(chosen)
        except IllegalAction as exc:
            typer.echo(f"illegal: {exc}")
            typer.echo("legal actions: " + "; ".join(exc.legal))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("play")(play)
