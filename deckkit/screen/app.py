"""The full-screen game screen of ``deckkit play`` (Textual): the table, the actions, a card, the log.

The app shows one :class:`~deckkit.screen.model.Play`. The AI's actions are taken in a worker
thread (a search may take seconds) and written to the log one by one, ``delay`` seconds apart; the
person is asked only at real decisions. Keys: Enter picks the highlighted action, ``u`` undo,
``s`` save, ``l`` load, ``r`` resign, ``?`` help, ``q`` quit, Ctrl-C stop (both write the autosave,
which the command writes once the app has ended: :attr:`GameApp.stop` says why it ended).
"""

from __future__ import annotations

import asyncio

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.notifications import SeverityLevel
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from deckkit.engine.display import Table
from deckkit.screen.model import Play
from deckkit.screen.widgets import Ask, Help, card_renderable, log_text, table_renderable

MIN_SIZE = (80, 20)  # columns, rows: below this the screen says so instead of drawing a cramped table

HELP = """deckkit play — the game screen

The table is on the left (your side first), the actions you may take on the right: move with the
arrow keys (or the mouse) and press Enter (or click) to take one. The card of the highlighted action,
or of the card highlighted in the cards list, is shown in the card panel. The log says everything
that happens, the other side's actions step by step.

  Enter  take the highlighted action      Tab    move between the lists
  u      undo your last decision          s      save the game (a script that replays it)
  l      load a saved game                r      resign (press r twice)
  c      read any card of the game by its name
  ?      this help                        q      quit (the autosave, if any, is written)
  Ctrl-C stop at once (exit code 130; the autosave is written)

Press any key to close this help."""


class GameApp(App[None]):
    """One game at the table, full screen."""

    TITLE = "deckkit play"
    CSS = """
    #status { height: 1; background: $accent; color: $text; text-style: bold; padding: 0 1; }
    #tiny { display: none; padding: 1 2; }
    #main { height: 1fr; }
    #left { width: 3fr; }
    #right { width: 2fr; }
    #table-box { height: 2fr; border: round $primary; }
    #cards { height: 1fr; border: round $primary; }
    #actions { height: 1fr; border: round $secondary; }
    #card-box { height: auto; max-height: 14; border: round $primary; padding: 0 1; }
    #log { height: 1fr; border: round $primary; }
    .small #main { display: none; }
    .small #tiny { display: block; }
    """
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("l", "load", "Load"),
        Binding("r", "resign", "Resign"),
        Binding("c", "card", "Card"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
        Binding("ctrl+c", "interrupt", "Stop", show=False, priority=True),
    ]

    def __init__(self, play: Play, *, delay: float = 0.5, save_name: str = "game.deckkit.toml",
                 debug: bool = False, notice: str | None = None) -> None:
        super().__init__()
        self.notice = notice  # said once the screen is up (a --web tab: the file its game is autosaved to)
        self.show_tracebacks = debug  # deckkit --debug: Textual's traceback of a failure inside the app is shown
        self.play = play
        self.delay = delay
        self.save_name = save_name
        self.stop: tuple[int, str] = (0, "stopped")
        self.busy = False  # the AI is deciding: the person's commands wait
        self.resign_asked = False
        self._cards: list[str] = []  # the card names behind the cards list's options
        self._shown_entries = 0
        self._log_rewritten = 0
        self._drawn: tuple | None = None  # what the last redraw painted
        self._cards_of: Table | None = None  # the table the cards list was filled from

    def _fatal_error(self) -> None:
        """A failure inside the app ends it; the command reports it as every internal error is reported
        (a message and a hint, the traceback only with --debug) once the screen is gone."""
        if self.show_tracebacks:
            super()._fatal_error()
            return
        self.bell()
        self._close_messages_no_wait()

    # -- layout -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # Names of cards, decks and files are text, never Rich markup (an imported card may be called
        # "Kouzlo [/]"): every widget that shows them, and every message, takes its text as written.
        yield Static("", id="status", markup=False)
        yield Static("", id="tiny", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="table-box"):
                    yield Static("", id="table")
                yield OptionList(id="cards", markup=False)
            with Vertical(id="right"):
                yield OptionList(id="actions", markup=False)
                with VerticalScroll(id="card-box"):
                    yield Static("", id="card", markup=False)
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#table-box").border_title = "Table"
        self.query_one("#cards").border_title = "Cards (select to read)"
        self.query_one("#actions").border_title = "Your actions"
        self.query_one("#card-box").border_title = "Card"
        self.query_one("#log").border_title = "Log"
        self._fit(self.size.width, self.size.height)
        self.redraw()
        self.query_one("#actions").focus()
        if self.notice:
            self.notify(self.notice, timeout=10)
        self.advance()

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(small, "small")
        if small:
            self.query_one("#tiny", Static).update(
                f"The terminal is {width}×{height}; the game screen needs at least {MIN_SIZE[0]}×{MIN_SIZE[1]}. "
                "Make the window larger (the game goes on as it was), or quit with q and play with --plain.")

    # -- drawing -------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw everything from the game as it stands (the table, the actions, the cards, new log lines)."""
        play = self.play
        table = play.table()
        status = play.status(table)
        if self.busy:
            status += " …"
        choices = [] if self.busy or play.over() else play.choices()
        chosen = {c.card for c in choices if c.card}
        drawn = (status, table, frozenset(chosen), tuple(c.text for c in choices), play.over(), self.busy)
        self._write_log()
        if drawn == self._drawn:  # nothing to paint again (a redraw after the AI thought, say)
            return
        self._drawn = drawn
        self.query_one("#status", Static).update(status)
        self.query_one("#table", Static).update(table_renderable(table, chosen))
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        if play.over():
            actions.add_option(Option(f"Game over: {play.result()}. u: undo · s: save · q: quit", disabled=True))
        elif self.busy or not play.waiting_for_person():
            actions.add_option(Option("The other side is deciding …", disabled=True))
        else:
            question = play.question()
            if question:
                actions.add_option(Option(f"Decision: {question}", disabled=True))
            group = None
            for i, choice in enumerate(choices):
                if choice.group != group:
                    group = choice.group
                    actions.add_option(Option(f"— {group} —", disabled=True))
                actions.add_option(Option(f"{choice.text}", id=f"a{i}"))
            first = next((i for i, o in enumerate(actions.options) if not o.disabled), None)
            actions.highlighted = first
        if table != self._cards_of:
            self._cards_of = table
            self._fill_cards(table)

    def _write_log(self) -> None:
        log = self.query_one("#log", RichLog)
        entries = self.play.entries
        # an undo or a load took lines back, or the log was written again for the other person of a hot seat
        if len(entries) < self._shown_entries or self.play.log_rewritten != self._log_rewritten:
            log.clear()
            self._shown_entries = 0
            self._log_rewritten = self.play.log_rewritten
        for entry in entries[self._shown_entries:]:
            log.write(log_text(entry))
        self._shown_entries = len(entries)

    def _fill_cards(self, table: Table) -> None:
        cards = self.query_one("#cards", OptionList)
        highlighted = cards.highlighted
        cards.clear_options()
        self._cards = []
        for side in table.sides:
            for zone in side.zones:
                for name, shown in zone.cards:
                    self._cards.append(name)
                    cards.add_option(Option(f"{side.title.split(',')[0]} · {zone.title}: {shown}",
                                            id=f"c{len(self._cards) - 1}"))
        for row in table.board:
            for cell in row:
                if cell is not None:
                    self._cards.append(cell[0])
                    cards.add_option(Option(f"{table.board_title}: {cell[1]}", id=f"c{len(self._cards) - 1}"))
        if highlighted is not None and highlighted < len(self._cards):
            cards.highlighted = highlighted

    def show_card(self, name: str | None) -> None:
        info = None
        if name:
            card, _ = self.play.find_card(name)
            info = self.play.card_info(card) if card is not None else None
        self.query_one("#card", Static).update(card_renderable(info))

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """A message, as text (it may quote a card's name or a file name): markup only when asked for."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # -- events -------------------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#actions")
    def _action_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        choice = self._choice(event.option)
        if choice is not None and choice.card:
            self.show_card(choice.card)

    @on(OptionList.OptionHighlighted, "#cards")
    def _card_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id[1:].isdigit():
            index = int(event.option.id[1:])
            if index < len(self._cards):
                self.show_card(self._cards[index])

    @on(OptionList.OptionSelected, "#actions")
    def _action_selected(self, event: OptionList.OptionSelected) -> None:
        choice = self._choice(event.option)
        if choice is None or self.busy or not self.play.waiting_for_person():
            return
        self.take(choice.action)

    def _choice(self, option: Option):
        if not option.id or not option.id.startswith("a"):
            return None
        choices = self.play.choices()
        index = int(option.id[1:])
        return choices[index] if index < len(choices) else None

    def take(self, action) -> None:
        """A person's action: apply it, redraw, and let the other side move."""
        from deckkit.errors import IllegalAction

        self.resign_asked = False
        try:
            self.play.choose(action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        self.redraw()
        self.advance()

    @work(exclusive=True, group="advance")
    async def advance(self) -> None:
        """The moves no person chooses (the AI's, a person's only pass), in the log one by one."""
        play = self.play
        while not play.over() and not play.waiting_for_person():
            self.busy = True
            try:
                entries = await asyncio.to_thread(play.step)
            finally:
                self.busy = False
            self.redraw()
            if self.delay and any(e.kind == "other" for e in entries):
                await asyncio.sleep(self.delay)
        self.redraw()

    # -- commands -------------------------------------------------------------------------------------
    def _idle(self) -> bool:
        if self.busy:
            self.notify("The other side is deciding; a moment.", severity="warning")
        return not self.busy

    def action_undo(self) -> None:
        if not self._idle():
            return
        gone = self.play.undo()
        if not gone:
            self.notify("Nothing to undo.")
        self.redraw()
        self.advance()

    def action_save(self) -> None:
        if self._idle():
            self.push_screen(Ask("Save the game to (a *.deckkit.toml file):", self.save_name), self._save_to)

    def _save_to(self, path: str | None) -> None:
        from deckkit.errors import DeckkitError

        if not path:
            return
        try:
            self.play.save(path)
        except DeckkitError as exc:
            self.notify(f"Cannot save: {exc}", severity="error", timeout=8)
            return
        self.save_name = path
        self.notify(f"Saved to {path} (deckkit script run {path} replays it).")

    def action_load(self) -> None:
        if self._idle():
            self.push_screen(Ask("Load a saved game from:", self.save_name), self._load_from)

    def _load_from(self, path: str | None) -> None:
        from deckkit.errors import DeckkitError

        if not path:
            return
        try:
            self.play.load(path)
        except DeckkitError as exc:
            self.notify(f"Cannot load: {exc}" + (f" ({exc.hint})" if exc.hint else ""), severity="error", timeout=8)
            return
        self.notify(f"Loaded {path}.")
        self.redraw()
        self.advance()

    def action_resign(self) -> None:
        if not self._idle() or self.play.over():
            return
        if not self.resign_asked:
            self.resign_asked = True
            self.notify("Press r again to resign.", severity="warning")
            return
        self.resign_asked = False
        self.play.resign()
        self.redraw()

    def action_card(self) -> None:
        self.push_screen(Ask("Read which card (its name or its English name)?"), self._read_card)

    def _read_card(self, name: str | None) -> None:
        if not name:
            return
        card, hint = self.play.find_card(name)
        if card is None:
            self.notify(f"No card {name!r} in this game; {hint}", severity="warning", timeout=8)
            return
        self.query_one("#card", Static).update(card_renderable(self.play.card_info(card)))

    def action_help(self) -> None:
        self.push_screen(Help(HELP))

    def action_quit_game(self) -> None:
        self.stop = (0, "game over" if self.play.over() else "stopped")
        self.exit(return_code=0)

    def action_interrupt(self) -> None:
        self.stop = (130, "interrupted")
        self.exit(return_code=130)
