"""CLI commands: ``print`` (PDF sheets), ``render`` (card pictures), ``export-tts`` (Tabletop Simulator)
(registered by deckkit.cli). The work is done by :mod:`deckkit.printing`."""

from pathlib import Path
from typing import Annotated

import typer

from deckkit.cli import common

LayoutOpt = Annotated[Path | None, typer.Option(
    "--layout", help="Your own layout file (JSON, see schemas/layout.schema.json); default: the game's own.")]
ArtOpt = Annotated[Path | None, typer.Option(
    "--art", help="A folder of card pictures: a card's image field is read from here, else the picture named by "
                  "its id (af-ejlepo-kajtar.png or .jpg); cards without one get a placeholder.")]
BacksHelp = "Card backs: 'generated' (from the layout) or a picture file"


def _catalogue():
    from deckkit.catalogue import open_catalogue

    return open_catalogue(common.db_path())


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        common.err(f"warning: {warning}")


def _backs(value: str | None) -> str | Path | None:
    if value is None or value == "generated":
        return value
    return Path(value)


def _art(folder: Path | None) -> Path | None:
    if folder is not None and not folder.is_dir():
        from deckkit.printing import PrintError

        raise PrintError("--art: no such folder", path=str(folder), hint="give the folder of your card pictures")
    return folder


def print_(
    decks: Annotated[list[str] | None, typer.Argument(
        help="Deck files or bundled decks' names (one game).", show_default=False)] = None,
    query: Annotated[str | None, typer.Option("--query", "-q", help="Print the cards matching a search query "
                                                                    "instead (one copy each; several games may "
                                                                    "share a sheet).")] = None,
    file: Annotated[Path | None, typer.Option("--file", "-f", help="The PDF to write, '-' for standard output "
                                                                   "(default: the first deck's name, or cards.pdf, "
                                                                   "in this folder).")] = None,
    paper: Annotated[str, typer.Option("--paper", help="a4, letter, a3 or legal.")] = "a4",
    landscape: Annotated[bool, typer.Option("--landscape", help="Turn the paper sideways.")] = False,
    grid: Annotated[str, typer.Option("--grid", help="Cards per page as COLUMNSxROWS.")] = "3x3",
    bleed: Annotated[float, typer.Option("--bleed", help="Millimetres of the card's background printed beyond "
                                                         "its cut line.")] = 3.0,
    one_each: Annotated[bool, typer.Option("--one-each", help="Each card once, whatever the deck's counts "
                                                              "(a catalogue sheet).")] = False,
    sideboard: Annotated[bool, typer.Option("--sideboard", help="Print the sideboards too.")] = False,
    backs: Annotated[str | None, typer.Option("--backs", help=BacksHelp + ", printed on a page after each page "
                                                              "of fronts, mirrored for long-edge duplex.")] = None,
    layout: LayoutOpt = None,
    art: ArtOpt = None,
) -> None:
    """Print decks (or a search's cards) as a PDF to cut out: cards n-up on A4 or Letter with bleed and crop
    marks, each card as many times as the deck holds it, a footer naming the deck on every page.

    The rules text is the card's own, in the language it was written in; a card with abilities but no
    text gets the English written from its abilities. Text shrinks to fit its box; a card whose text
    does not fit at the layout's smallest size is named in a warning. The font (DejaVu Sans Condensed,
    shipped with deckkit) is embedded, with every Czech and Hungarian letter. Needs the print extra
    (pip install 'deckkit[print]').

    \b
    Examples:
      deckkit print obludarium-standard -f camp.pdf
      deckkit print my.deck --paper letter --backs generated --bleed 2
      deckkit print --query 'game:af' --one-each -f all-af.pdf
      deckkit print --query 'game:ob or game:af or game:ko' -f all.pdf
      deckkit print my.deck --layout my-layout.json --art pictures/
    """
    from deckkit.errors import UsageError
    from deckkit.printing import require, sources
    from deckkit.printing.layout import load_layout
    from deckkit.printing.pdf import print_pdf
    from deckkit.printing.sheet import parse_grid, plan_sheet

    if bool(decks) == bool(query):
        raise UsageError("give deck files or --query, not both" if decks else "no deck given",
                         hint="deckkit print my.deck, or deckkit print --query 'game:ob t:monster'")
    require("fpdf", "PIL")
    cols, rows = parse_grid(grid)
    art_dir = _art(art)
    cat = _catalogue()
    chosen = (sources.from_query(query, cat) if query is not None
              else sources.from_decks(common.input_files(decks or [], "deck"), cat, sideboard=sideboard))
    if layout is not None and len(chosen.games) > 1:
        from deckkit.printing import PrintError

        raise PrintError(f"--layout: the cards are of {len(chosen.games)} games ({', '.join(chosen.games)}) and a "
                         "layout is one game's", hint="add game:NAME to the query")
    layouts = {game: load_layout(game, layout) for game in chosen.games}
    lay = layouts[chosen.games[0]]
    sheet = plan_sheet(paper, lay.width, lay.height, cols=cols, rows=rows, bleed=bleed, landscape=landscape)
    if file is None:
        first = Path(decks[0]).name.split(".")[0] if decks else "cards"
        file = Path(f"{first or 'cards'}.pdf")
    to_stdout = str(file) == "-"
    if to_stdout:
        common.data_output()  # the PDF's bytes, unchanged
    result = print_pdf(chosen.cards(one_each), layouts, sheet, file, title=chosen.title, backs=_backs(backs),
                       art_dir=art_dir)
    _warn(result.warnings)
    typer.echo(f"wrote {'the PDF to standard output' if to_stdout else file}: {result.cards} cards on "
               f"{result.pages} page{'s' * (result.pages != 1)} ({sheet.paper}, {cols}x{rows}, {bleed:g} mm bleed)",
               err=to_stdout)


def render(
    cards: Annotated[list[str], typer.Argument(help="Card names (any case, diacritics optional) or ids.",
                                               show_default=False)],
    folder: Annotated[Path, typer.Option("--file", "-f", help="The folder to write the pictures into "
                                                              "(made if only it is missing).")],
    game: Annotated[str | None, typer.Option("--game", "-g", help="The game, when a name exists in several.")] = None,
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of the PNG pictures.")] = 300,
    only: Annotated[str | None, typer.Option("--only", help="png or svg (default: both).")] = None,
    layout: LayoutOpt = None,
    art: ArtOpt = None,
) -> None:
    """Draw cards as pictures: CARD-ID.png (at --dpi) and CARD-ID.svg, from the same layout as deckkit print.

    \b
    Examples:
      deckkit render "Éjlépő Kajtár" "jegszem soyana" -f pictures/
      deckkit render ob-kubista -f pictures/ --dpi 600 --only png
    """
    from deckkit.printing import PrintError, require, sources
    from deckkit.printing.layout import load_layout
    from deckkit.printing.render import FORMATS, render_cards

    if only is not None and only not in FORMATS:
        raise PrintError(f"--only {only!r}: expected png or svg", hint="leave --only out for both")
    require("PIL")
    art_dir = _art(art)
    chosen = sources.from_names(cards, _catalogue(), game)
    lay = load_layout(chosen.game, layout)
    result = render_cards(chosen.cards(True), lay, folder, dpi=dpi, formats=(only,) if only else FORMATS,
                          art_dir=art_dir)
    _warn(result.warnings)
    typer.echo(f"wrote {len(result.files)} picture{'s' * (len(result.files) != 1)} to {folder}")


def export_tts(
    deck: Annotated[str, typer.Argument(help="Deck file or a bundled deck's name.", show_default=False)],
    folder: Annotated[Path, typer.Option("--file", "-f", help="The folder to write the sheets and the JSON into "
                                                              "(made if only it is missing).")],
    backs: Annotated[str, typer.Option("--backs", help=BacksHelp + ".")] = "generated",
    name: Annotated[str | None, typer.Option("--name", help="The files' name (default: from the deck's name).")] = None,
    layout: LayoutOpt = None,
    art: ArtOpt = None,
) -> None:
    """Export a deck for Tabletop Simulator: deck sheet images (up to 10 × 7 cards in 4,096 pixels, the
    hidden card last) and NAME.json, a DeckCustom saved object with each card's name as its nickname.

    Copy NAME.json into TTS's "Saved Objects" folder and spawn it from Objects → Saved Objects. The
    JSON points at the images on this computer (file:// URLs); to play online, upload them and put
    their web addresses into FaceURL and BackURL.

    \b
    Example:
      deckkit export-tts alomfogo-casual -f tts/
    """
    from deckkit.printing import require, sources
    from deckkit.printing.layout import load_layout
    from deckkit.printing.tts import export_tts as run

    require("PIL")
    art_dir = _art(art)
    chosen = sources.from_decks([str(common.input_file(deck, "deck"))], _catalogue())
    lay = load_layout(chosen.game, layout)
    result = run(chosen, lay, folder, backs=_backs(backs) or "generated", art_dir=art_dir, stem=name)
    _warn(result.warnings)
    typer.echo(f"wrote {', '.join(p.name for p in result.files)} to {folder}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("print")(print_)
    app.command("render")(render)
    app.command("export-tts")(export_tts)
