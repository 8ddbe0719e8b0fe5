"""CLI command: play (registered by deckkit.cli) — a person against an AI, or two people, in the terminal.

Whatever ends a session — the game's end, quit, end of input, Ctrl-C, a closed terminal (SIGHUP), a
``kill`` (SIGTERM) or a failure inside the game — ``--autosave`` writes the game first. Any line
typed is an answer: a number out of range, a very long number, a digit that is not 0-9 (``²``),
bytes that are not UTF-8 or control characters are refused with a message, never the session.
"""

import signal
import sys
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

import typer

from deckkit.cli import common
from deckkit.terminal import escape, has_control

if TYPE_CHECKING:
    from deckkit.match.session import Session

HELP = ("type a number or an action as listed; undo takes back your last action; save FILE writes the game "
        "as a script (*.deckkit.toml) that replays to this position; quit (or end of input) stops")
MAX_LINE = 1000  # characters in one answer (an action is a few words)
_SIGNALS = {"SIGINT": (130, "interrupted"), "SIGTERM": (143, "terminated"), "SIGHUP": (129, "the terminal closed")}


class _Stop(Exception):
    """The session ends: its exit code and the reason shown (the autosave is written on the way out)."""

    def __init__(self, code: int, why: str) -> None:
        super().__init__(why)
        self.code, self.why = code, why


def _signalled(signum: int, frame: FrameType | None) -> None:
    """The first of these signals stops the session; the ones after it are ignored while it saves."""
    _quiet()
    raise _Stop(*_SIGNALS[signal.Signals(signum).name])


def _quiet() -> None:
    for name in _SIGNALS:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


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
                                                                      "(end, quit, end of input, Ctrl-C, a kill or "
                                                                      "closed terminal, a failure).")] = None,
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
    session = _session(deck, vs, ai, budget, seat, hot_seat, seed, set_)
    if hasattr(sys.stdin, "reconfigure"):  # bytes that are not UTF-8 become U+FFFD, not an exception
        sys.stdin.reconfigure(errors="replace")
    handlers = {}
    for name in _SIGNALS:
        if hasattr(signal, name):
            handlers[name] = signal.signal(getattr(signal, name), _signalled)
    try:
        typer.echo(f"deckkit play: {HELP}")
        _turns(session, ai, hot_seat)
        typer.echo(session.state.render())
        typer.echo(f"game over: {session.result_text()}")
        if autosave is not None:
            raise _Stop(0, "game over")
    except KeyboardInterrupt:  # a Ctrl-C that reached Python's own handler first
        _echo_safely("")
        _stop(session, autosave, _Stop(130, "interrupted"))
    except _Stop as stop:
        if stop.code == 130:
            _echo_safely("")
        _stop(session, autosave, stop)
    except Exception:  # a failure inside the game: keep the game, then report the failure as usual
        _stop(session, autosave, None)
        raise
    finally:
        for name, handler in handlers.items():
            signal.signal(getattr(signal, name), handler)


def _stop(session: "Session", autosave: Path | None, stop: _Stop | None) -> None:
    """Write the autosave, say so (the terminal may be gone: then quietly), and exit with the stop's code.

    Further signals are ignored from here on (play's caller puts the old handlers back) so that a
    second Ctrl-C or kill cannot cut the save short.
    """
    from deckkit.errors import DeckkitError

    _quiet()
    why = stop.why if stop else "the game failed"
    if autosave is None:
        message = f"{why} (save FILE or --autosave FILE keeps a game)"
    else:
        try:
            session.save(str(autosave))
            message = f"{why}; the game is saved to {autosave}"
        except DeckkitError as exc:
            message = f"{why}; could not save to {autosave}: {exc}"
    if stop is None and autosave is None:
        return
    try:
        common.err(message)
    except OSError:  # SIGHUP: the terminal is gone; the save is what matters
        pass
    if stop is not None:
        raise typer.Exit(stop.code)


def _echo_safely(text: str) -> None:
    try:
        typer.echo(text)
    except OSError:
        pass


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


def _turns(session: Any, ai: str, hot_seat: bool) -> None:
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
        line = _read(f"p{player + 1}> ")
        if line is None:
            continue
        word, _, rest = line.partition(" ")
        if not line:
            continue
        if line in ("quit", "exit"):
            raise _Stop(0, "stopped")
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
                typer.echo(escape(f"saved to {rest.strip()} (deckkit script run {rest.strip()} replays it)"))
            except DeckkitError as exc:
                typer.echo(escape(f"cannot save: {exc}" + (f" (hint: {exc.hint})" if exc.hint else "")))
            continue
        legal = session.state.legal_actions()
        chosen: object = line
        if line.isdigit():  # also ² or ٣: a number is read only from 0-9, and only a sane one
            number = int(line) if line.isascii() and len(line) <= 6 else 0
            if not 1 <= number <= len(legal):
                typer.echo(f"no action {_shown(line)}: choose 1 to {len(legal)}")
                continue
            chosen = legal[number - 1]
        try:
            session.apply(chosen)
        except IllegalAction as exc:
            typer.echo(escape(f"illegal: {exc}"))
            typer.echo("legal actions: " + "; ".join(exc.legal))


def _read(prompt: str) -> str | None:
    """One answer, stripped; None (after a message) for a line that cannot be an answer; _Stop at end of input."""
    try:
        line = input(prompt).strip()
    except EOFError:
        _echo_safely("")
        raise _Stop(0, "end of input") from None
    except (UnicodeError, ValueError) as exc:  # e.g. a NUL byte read from a terminal
        typer.echo(f"cannot read that line ({exc.__class__.__name__}); type a number or an action")
        return None
    if len(line) > MAX_LINE:
        typer.echo(f"that line has {len(line):,} characters; an answer is a number or an action of a few words")
        return None
    if has_control(line) or "\ufffd" in line:
        typer.echo(f"no action {_shown(line)}: control characters or bytes that are not UTF-8; type a number "
                   "or an action")
        return None
    return line


def _shown(text: str, limit: int = 40) -> str:
    """``text`` as quoted back to the player: control characters visible, cut to ``limit`` characters."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return escape(cut)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("play")(play)
