"""The game screen's pieces drawn as Rich text: the table, a log line, a card; and the small dialogs."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from deckkit.engine.display import Table
from deckkit.screen.model import CardInfo, Entry

STYLES = {"event": "", "you": "bold green", "other": "bold cyan", "other-pass": "cyan", "note": "italic yellow"}


def log_text(entry: Entry) -> Text:
    """A log line styled by whose it is (the game's own lines plain, actions bold, notes in italics)."""
    return Text(("  " if entry.kind == "event" else "") + entry.text, style=STYLES.get(entry.kind, ""))


def table_renderable(table: Table, chosen: set[str] = frozenset()) -> RenderableType:  # type: ignore[assignment]
    """The table: the board as a grid, each side's figures and zones, the notes; the cards an action of the
    person names (``chosen``) stand out."""
    parts: list[RenderableType] = []
    if table.board:
        grid = RichTable(title=table.board_title or None, show_header=False, show_lines=True, padding=(0, 1),
                         box=box.SQUARE, expand=False)
        for _ in table.board[0]:
            grid.add_column(overflow="fold")
        for row in table.board:
            grid.add_row(*(Text("·", style="dim") if cell is None else
                           Text(cell[1], style="bold reverse" if cell[0] in chosen else "") for cell in row))
        parts.append(grid)
    for number, side in enumerate(table.sides):
        mine = number == 0  # the viewer's side: the cards an action of theirs names are theirs
        head = Text(side.title, style="bold underline")
        head.append("  " + "  ".join(f"{k} {v}" for k, v in side.figures), style="bold")
        parts.append(head)
        for zone in side.zones:
            line = Text(f"  {zone.title}: ", style="dim")
            if zone.hidden is not None:
                line.append(f"{zone.hidden} card{'s' if zone.hidden != 1 else ''} (hidden)")
            elif not zone.cards:
                line.append("none")
            parts.append(line)
            for name, shown in zone.cards:  # one card a line: a name never breaks across lines
                parts.append(Text(f"    {shown}", style="bold" if name in chosen and mine else ""))
        parts.append(Text(""))
    for note in table.notes:
        parts.append(Text(note, style="italic"))
    return Group(*parts)


def card_renderable(info: CardInfo | None) -> RenderableType:
    """The card panel: the name, the facts, the text and the abilities in English."""
    if info is None:
        return Text("Select a card (in the cards list, or an action) to read it here.", style="dim")
    text = Text(info.lines[0], style="bold")
    for line in info.lines[1:]:
        text.append("\n" + line)
    return text


class Ask(ModalScreen[str | None]):
    """A one-line question (a file name); Escape answers None."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    Ask { align: center middle; }
    Ask > Vertical { width: 70; height: auto; border: thick $accent; padding: 1 2; background: $surface; }
    """

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question, self.value = question, value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Input(value=self.value, id="answer")
            yield Label("Enter: OK · Escape: cancel", classes="dim")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class Help(ModalScreen[None]):
    """The keys and what they do; any key closes it."""

    DEFAULT_CSS = """
    Help { align: center middle; }
    Help > Static { width: 76; height: auto; border: thick $accent; padding: 1 2; background: $surface; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text)

    def on_key(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
