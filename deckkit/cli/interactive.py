"""CLI command: play (registered by deckkit.cli) — a person against an AI, or two people.

On a terminal the game screen (:mod:`deckkit.screen.app`) plays; through a pipe, in a script or with
``--plain`` the line mode (:mod:`deckkit.screen.plain`); ``--web`` serves the game screen to a browser
on this machine. Whatever ends a session — the game's end, quit, end of input, Ctrl-C, a closed
terminal (SIGHUP), a ``kill`` (SIGTERM) or a failure inside the game — ``--autosave`` writes the game
first. Any line typed is an answer or a message, never the end of the session.
"""

import os
import signal
import sys
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer

from deckkit.cli import common
from deckkit.screen.stop import Stop as _Stop

if TYPE_CHECKING:
    from deckkit.match.session import Session
    from deckkit.screen.model import Play

_SIGNALS = {"SIGINT": (130, "interrupted"), "SIGTERM": (143, "terminated"), "SIGHUP": (129, "the terminal closed")}
WEB_AUTOSAVE = Path("deckkit-play-web.deckkit.toml")
SAVE_SUFFIX = ".deckkit.toml"


def tab_autosave(base: Path, stamp: str | None = None) -> Path:
    """The autosave of one ``--web`` tab: ``base`` with the tab's start (UTC) and process id in its name
    (``game-20261206-094512-4321.deckkit.toml``; ``stamp`` instead of them), so that a closing tab never
    overwrites another tab's game (each tab is a process of its own)."""
    stamp = stamp or f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{os.getpid()}"
    name = base.name
    stem, suffix = (name[:-len(SAVE_SUFFIX)], SAVE_SUFFIX) if name.endswith(SAVE_SUFFIX) else (base.stem, base.suffix)
    return base.with_name(f"{stem}-{stamp}{suffix}")


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
    ai: Annotated[str, typer.Option("--ai", help="The other side's AI, weakest to strongest: random, greedy, mcts, "
                                                 "expert; or strategy:FILE (a strategy file or a bundled strategy's "
                                                 "name).")] = "greedy",
    budget: Annotated[int | None, typer.Option("--budget", help="mcts, expert: playouts per decision (default 200).",
                                               show_default=False)] = None,
    think: Annotated[str | None, typer.Option("--think", metavar="TIME", help="mcts, expert: search TIME per "
                                              "decision (0.5s, 500ms; at most 60 s) instead of --budget playouts.")]
    = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat: 1 (p1, who starts) or 2.")] = 1,
    hot_seat: Annotated[bool, typer.Option("--hot-seat", help="People play both seats (no AI).")] = False,
    seed: Annotated[int, typer.Option("--seed", help="Seeds the deal and every shuffle.")] = 0,
    set_: Annotated[list[str], typer.Option("--set", help="Rule setting NAME=VALUE (repeatable).")] = [],
    autosave: Annotated[Path | None, typer.Option("--autosave", help="Save the game to FILE whenever play stops "
                                                                      "(end, quit, end of input, Ctrl-C, a kill or "
                                                                      "closed terminal, a failure). With --web each "
                                                                      "tab saves to its own file: FILE's name with "
                                                                      "the tab's start time and process id added.")]
    = None,
    load: Annotated[Path | None, typer.Option("--load", help="Go on with a game saved by play (save, --autosave).",
                                              show_default=False)] = None,
    plain: Annotated[bool, typer.Option("--plain", help="The line mode (for pipes, scripts and screen readers; "
                                                        "the default when not on a terminal).")] = False,
    delay: Annotated[float | None, typer.Option("--delay", help="Seconds between the other side's actions in "
                                                                "the log [default: 0.5 on the game screen, 0 in "
                                                                "the line mode].", min=0, max=10,
                                                show_default=False)] = None,
    every_window: Annotated[bool, typer.Option("--stop-at-every-window",
                                               help="Ask also when you could only pass (by default such "
                                                    "windows are passed for you and said in the log).")] = False,
    web: Annotated[bool, typer.Option("--web", help="Serve the game screen to a browser (needs deckkit[web]); "
                                                    "each tab's game is autosaved to a file of its own, "
                                                    "deckkit-play-web-DATE-TIME-PID.deckkit.toml unless "
                                                    "--autosave names another.")]
    = False,
    host: Annotated[str, typer.Option("--host", help="--web: the address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="--web: the port.", min=1, max=65535)] = 8000,
    public: Annotated[bool, typer.Option("--public", help="--web: allow an address other machines reach.")]
    = False,
    screen: Annotated[bool, typer.Option("--screen", hidden=True, help="The game screen even off a terminal "
                                                                       "(what --web runs per tab).")] = False,
    web_tab: Annotated[bool, typer.Option("--web-tab", hidden=True, help="One --web tab: --autosave FILE gets the "
                                                                         "tab's own name.")] = False,
) -> None:
    """Play a game against an AI (or hot-seat): a game screen on a terminal, lines otherwise.

    You see what your seat may see (the other hand only as a count). The game screen shows the table,
    your actions grouped and described (Enter takes one), any card's text and abilities, and a log of
    everything that happens; keys u undo, s save, l load, r resign, c read a card, ? help, q quit. The line mode
    (--plain, or through a pipe) shows the same: type the number of an action or the action itself,
    card NAME to read a card, help for the commands. You are asked only at real decisions: a window
    in which you could only pass is passed for you (--stop-at-every-window asks anyway). A saved
    game is a scripted test (*.deckkit.toml) that `deckkit script run FILE` replays.

    \b
    Examples:
      deckkit play obludarium-standard --ai mcts --budget 200
      deckkit play alomfogo-casual --ai expert --think 1s
      deckkit play alomfogo-casual --vs alomfogo-tournament --seat 2 --autosave game.deckkit.toml
      deckkit play kotlik-standard --plain --delay 0.3
      deckkit play obludarium-standard --web            # then open http://127.0.0.1:8000 (a save per tab)
    """
    if web:
        from deckkit.screen.web import check_host, serve, url_host

        _, warning = check_host(host, public)
        if warning:
            common.err(f"warning: {warning}")
        argv = sys.argv[1:]
        if autosave is None:
            argv += ["--autosave", str(WEB_AUTOSAVE)]
        shown = tab_autosave(autosave or WEB_AUTOSAVE, "DATE-TIME-PID")
        common.err(f"note: each tab's game is autosaved to a file of its own, {shown}, when the tab closes "
                   "(the tab says its name)")
        argv.append("--web-tab")
        common.err(f"serving the game screen on http://{url_host(host)}:{port} (Ctrl-C stops)")
        serve(argv, host, port, public)
        return
    session = _session(deck, vs, ai, budget, seat, hot_seat, seed, set_, think)
    the_play = _play(session, ai, every_window, load)
    if web_tab and autosave is not None:
        autosave = tab_autosave(autosave)
        common.err(f"note: this tab's game is autosaved to {autosave}")
    full = screen or (not plain and sys.stdin.isatty() and sys.stdout.isatty())
    if full:
        _full_screen(the_play, autosave, 0.5 if delay is None else delay,
                     f"This game is autosaved to {autosave} when the tab closes." if web_tab and autosave else None)
        return
    _line_mode(the_play, autosave, delay or 0.0)


def _play(session: "Session", ai: str, every_window: bool, load: Path | None) -> "Play":
    from deckkit.screen.model import Play
    from deckkit.scripts.cards import CardSource

    source = CardSource(common.db_path())
    the_play = Play(session, stop_at_every_window=every_window, ai_name=ai.split(":", 1)[0],
                    cards=source.game_cards)
    if load is not None:
        the_play.load(str(load))  # the file itself (standard input is where the moves come from)
    return the_play


def _full_screen(the_play: "Play", autosave: Path | None, delay: float, notice: str | None = None) -> None:
    """Run the game screen (``notice``: a message it shows first); on its end write the autosave and exit with
    its code."""
    from deckkit.screen.app import GameApp

    app = GameApp(the_play, delay=delay, save_name=str(autosave or "game.deckkit.toml"), debug=common.STATE.debug,
                  notice=notice)

    def stopped(signum: int, frame: FrameType | None) -> None:
        app.stop = _SIGNALS[signal.Signals(signum).name]
        app.exit(return_code=app.stop[0])

    handlers = {name: signal.signal(getattr(signal, name), stopped) for name in ("SIGTERM", "SIGHUP")
                if hasattr(signal, name)}
    try:
        app.run()
    except Exception:
        _stop(the_play.session, autosave, None)
        raise
    finally:
        for name, handler in handlers.items():
            signal.signal(getattr(signal, name), handler)
    failure = _failure(app)
    if failure is not None:  # the game failed inside the screen: keep the game, then report the failure as usual
        _stop(the_play.session, autosave, None)
        raise failure
    code, why = app.stop
    if the_play.over():
        typer.echo(f"game over: {the_play.result()}")
    if code or autosave is not None:
        _stop(the_play.session, autosave, _Stop(code, why))


def _failure(app: object) -> Exception | None:
    """The exception that ended the game screen, if one did.

    Textual catches an exception raised inside the app, shows it and returns from ``run()`` with
    return code 1, so it never reaches the caller; ``stop`` then still says how the person left.
    """
    from textual.worker import WorkerFailed

    exception = getattr(app, "_exception", None)
    while isinstance(exception, WorkerFailed) and isinstance(exception.error, Exception):
        exception = exception.error  # the AI's move failed in the screen's worker: report what failed
    if isinstance(exception, Exception):
        return exception
    code, stop = getattr(app, "return_code", None), getattr(app, "stop", (0, ""))
    if code and code != stop[0]:
        return RuntimeError(f"the game screen ended with code {code}")
    return None


def _line_mode(the_play: "Play", autosave: Path | None, delay: float) -> None:
    """The line mode with its signals: every way it ends writes the autosave."""
    from deckkit.screen.plain import LineMode

    if hasattr(sys.stdin, "reconfigure"):  # bytes that are not UTF-8 become U+FFFD, not an exception
        sys.stdin.reconfigure(errors="replace")
    handlers = {}
    for name in _SIGNALS:
        if hasattr(signal, name):
            handlers[name] = signal.signal(getattr(signal, name), _signalled)
    try:
        LineMode(the_play, typer.echo, input, delay).run()
        if autosave is not None:
            raise _Stop(0, "game over")
    except KeyboardInterrupt:  # a Ctrl-C that reached Python's own handler first
        _echo_safely("")
        _stop(the_play.session, autosave, _Stop(130, "interrupted"))
    except _Stop as stop:
        if stop.code == 130:
            _echo_safely("")
        _stop(the_play.session, autosave, stop)
    except Exception:  # a failure inside the game: keep the game, then report the failure as usual
        _stop(the_play.session, autosave, None)
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


def _session(deck: Path, vs: Path | None, ai: str, budget: int | None, seat: int, hot_seat: bool, seed: int,
             set_: list[str], think: str | None = None) -> "Session":
    """The game the options ask for: both decks loaded, the people's seats, the other side's AI."""
    from deckkit.catalogue import open_catalogue
    from deckkit.cli.goldfish import _settings
    from deckkit.errors import UsageError
    from deckkit.match.ai import check_search, pilot_spec
    from deckkit.match.session import Session
    from deckkit.sim.goldfish import load_decks

    if seat not in (1, 2):
        raise UsageError(f"--seat {seat}: write 1 or 2")
    paths = [common.input_file(deck, "deck"), common.input_file(vs or deck, "deck")]
    loaded = load_decks(paths, open_catalogue(common.db_path()))
    budget, seconds, notes = check_search(budget, think)
    for note in notes:
        common.err(f"note: {note}")
    humans = {0, 1} if hot_seat else {seat - 1}
    return Session(loaded[0].game, loaded, humans, pilot_spec(ai, budget, loaded[0].game, think=seconds), seed,
                   _settings(set_))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("play")(play)
