"""The line mode of ``deckkit play``: for pipes, scripts and screen readers (``--plain``, or not on a terminal).

The same :class:`~deckkit.screen.model.Play` as the game screen: the log in words, the table, the
legal actions numbered under their groups, and a prompt saying whose turn and which step it is.
Every line typed is an answer or a message (a number out of range, a very long line, control
characters); ``_Stop`` ends the session and the caller writes the autosave.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from deckkit.engine.display import Table
from deckkit.screen.stop import Stop
from deckkit.screen.model import Entry, Play
from deckkit.terminal import escape, has_control

HELP = ("type the number of an action or the action itself (as in brackets); card NAME shows a card's text and "
        "abilities; table shows the table again; log shows the whole log; undo takes back your last decision; "
        "save FILE writes the game as a script (*.deckkit.toml) that replays to this position; load FILE goes on "
        "with a saved game; resign gives up; quit (or end of input) stops")
MAX_LINE = 1000  # characters in one answer (an action is a few words)



def table_lines(table: Table) -> list[str]:
    """The table as lines: each side's figures and zones, the board, the notes."""
    out = []
    for side in table.sides:
        out.append(f"{side.title}: " + " · ".join(f"{k} {v}" for k, v in side.figures))
        for zone in side.zones:
            if zone.hidden is not None:
                out.append(f"  {zone.title}: {zone.hidden} card{'s' if zone.hidden != 1 else ''}")
            else:
                out.append(f"  {zone.title}: " + (", ".join(shown for _, shown in zone.cards) or "none"))
    if table.board:
        out.append(f"{table.board_title}:")
        for row in table.board:
            out.append("  " + " | ".join("·" if cell is None else cell[1] for cell in row))
    out += table.notes
    return out


def choice_lines(play: Play) -> list[str]:
    """The legal actions, numbered from 1 under their groups, each with the words to type in brackets."""
    out, group = [], None
    question = play.question()
    if question:
        out.append(f"Decision: {question}")
    for i, choice in enumerate(play.choices(), 1):
        if choice.group != group:
            group = choice.group
            out.append(f" {group}:")
        typed = str(choice.action)
        out.append(f"  {i:>2}. {choice.text}" + (f"  [{typed}]" if not fold_same(typed, choice.text) else ""))
    return out


def fold_same(a: str, b: str) -> bool:
    """Whether two texts are the same but for case (then the words to type need no brackets)."""
    return a.casefold() == b.casefold()


def prompt(play: Play) -> str:
    """``Turn 3, your turn, main phase: your decision · p1> ``."""
    return f"{play.status()} · p{play.session.to_act() + 1}> "


class LineMode:
    """The loop of the line mode over one game."""

    def __init__(self, play: Play, echo: Callable[[str], None], read: Callable[[str], str],
                 delay: float = 0.0) -> None:
        self.play, self.echo, self.read, self.delay = play, echo, read, delay

    def show(self, entries: list[Entry]) -> None:
        for entry in entries:
            self.echo(("  " if entry.kind == "event" else "") + escape(entry.text))

    def run(self) -> None:
        """Play until the game ends (then the table and the result) or a Stop."""
        self.echo(f"deckkit play: {HELP}")
        self.show(self.play.entries)
        shown_at = -1
        while not self.play.over():
            if not self.play.waiting_for_person():
                entries = self.play.step()
                self.show(entries)
                if self.delay and any(e.kind == "other" for e in entries):
                    time.sleep(self.delay)
                continue
            if shown_at != len(self.play.session.actions):
                shown_at = len(self.play.session.actions)
                self.echo("")
                self.echo("\n".join(table_lines(self.play.table())))
                self.echo("\n".join(choice_lines(self.play)))
            line = self.line(prompt(self.play))
            if line:
                before = len(self.play.entries)
                self.answer(line)
                if len(self.play.entries) < before:  # an undo or a load: the table is shown again
                    shown_at = -1
        self.echo("\n".join(table_lines(self.play.table())))
        self.echo(f"game over: {self.play.result()}")

    def line(self, text: str) -> str | None:
        """One answer, stripped; None (after a message) for a line that cannot be an answer; Stop at end of input."""
        try:
            line = self.read(text).strip()
        except EOFError:
            self.echo("")
            raise Stop(0, "end of input") from None
        except (UnicodeError, ValueError) as exc:  # e.g. a NUL byte read from a terminal
            self.echo(f"cannot read that line ({exc.__class__.__name__}); type a number or an action")
            return None
        if len(line) > MAX_LINE:
            self.echo(f"that line has {len(line):,} characters; an answer is a number or an action of a few words")
            return None
        if has_control(line) or "\ufffd" in line:
            self.echo(f"no action {shown(line)}: control characters or bytes that are not UTF-8; type a number "
                      "or an action")
            return None
        return line

    def answer(self, line: str) -> None:
        """Carry out one typed line: a command, a number or an action."""
        from deckkit.errors import DeckkitError, IllegalAction

        play = self.play
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if line in ("quit", "exit"):
            raise Stop(0, "stopped")
        if line in ("help", "?"):
            self.echo(HELP)
        elif line == "table":
            self.echo("\n".join(table_lines(play.table()) + choice_lines(play)))
        elif line == "log":
            self.show(play.entries)
        elif word == "card":
            self.card(rest)
        elif line == "undo":
            gone = play.undo()
            self.echo(f"undone: {gone} action(s)" if gone else "nothing to undo")
        elif line == "resign":
            play.resign()
        elif word in ("save", "load"):
            if not rest:
                self.echo(f"{word} needs a file name: {word} FILE.deckkit.toml")
                return
            try:
                if word == "save":
                    play.save(rest)
                    self.echo(escape(f"saved to {rest} (deckkit script run {rest} replays it)"))
                else:
                    play.load(rest)
                    self.echo(escape(f"loaded {rest}"))
            except DeckkitError as exc:
                self.echo(escape(f"cannot {word}: {exc}" + (f" (hint: {exc.hint})" if exc.hint else "")))
        else:
            choices = play.choices()
            chosen: object = line
            if line.isdigit():  # also ² or ٣: a number is read only from 0-9, and only a sane one
                number = int(line) if line.isascii() and len(line) <= 6 else 0
                if not 1 <= number <= len(choices):
                    self.echo(f"no action {shown(line)}: choose 1 to {len(choices)}")
                    return
                chosen = choices[number - 1].action
            try:
                self.show(play.choose(chosen))  # type: ignore[arg-type]
            except IllegalAction as exc:
                self.echo(escape(f"illegal: {exc}"))
                self.echo("legal actions: " + "; ".join(exc.legal) + " (or a command: help)")

    def card(self, name: str) -> None:
        if not name:
            self.echo("card needs a name: card NAME (cards in play and in your hand are listed on the table)")
            return
        card, hint = self.play.find_card(name)
        if card is None:
            self.echo(escape(f"no card {shown(name)} in this game; {hint}"))
            return
        self.echo("\n".join(escape(line) for line in self.play.card_info(card).lines))


def shown(text: str, limit: int = 40) -> str:
    """``text`` as quoted back to the player: control characters visible, cut to ``limit`` characters."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return escape(cut)
