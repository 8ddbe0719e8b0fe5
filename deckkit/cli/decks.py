"""CLI commands: ``deckkit deck new/add/remove/show/stats/convert/validate`` (registered by deckkit.cli)."""

from pathlib import Path
from typing import Annotated

import typer

from deckkit.cli import common

deck_app = typer.Typer(
    name="deck", cls=common.HelpGroup,
    help="Create, edit, inspect and validate deck files (text or JSON).",
)

DeckPath = Annotated[Path, typer.Argument(help="Deck file (text, or JSON when it ends in .json).", show_default=False)]
ReadDeck = Annotated[Path, typer.Argument(help="Deck file (text, or JSON when it ends in .json), or a bundled deck's "
                                               "name (deckkit bundled).", show_default=False)]
FormatOpt = Annotated[str | None, typer.Option(
    "--format", help="Construction format, e.g. casual or tournament (default: the deck's, else the game's default).")]


def _catalogue():
    """The card lookup for deck commands: the catalogue at --db / $DECKKIT_DB / the default place."""
    from deckkit.catalogue import open_catalogue

    return open_catalogue(common.db_path())


@deck_app.command("new")
def new(
    path: DeckPath,
    game: Annotated[str, typer.Option("--game", "-g", help="obludarium, alomfogo or kotlik (or ob, af, ko).")],
    fmt: FormatOpt = None,
    name: Annotated[str | None, typer.Option("--name", help="A name for the deck.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Create an empty deck file.

    Example: deckkit deck new dreamers.deck --game af --format tournament --name "Zsófi's dreamers"
    """
    from deckkit.decks.ops import new_deck

    deck = new_deck(path, game, fmt, name, force)
    typer.echo(f"created {path} ({deck.game}{'/' + deck.format if deck.format else ''})")


@deck_app.command("add")
def add(
    path: DeckPath,
    cards: Annotated[list[str], typer.Argument(
        help="Card names or ids (diacritics optional), each optionally after a count as in deck files: "
             "3 \"Éjlépő Kajtár\" or \"3x Éjlépő Kajtár\".", show_default=False)],
    count: Annotated[int, typer.Option("--copies", "--count", "-c",
                                                  help="Copies of each card given without a count.")] = 1,
    sideboard: Annotated[bool, typer.Option("--sideboard", help="Add to the sideboard.")] = False,
) -> None:
    """Add copies of cards to a deck, by name or id; a warning when a card passes its format's copy limit.

    Examples:

    \b
      deckkit deck add dreamers.deck "ejlepo kajtar" -c 3
      deckkit deck add dreamers.deck 3 "ejlepo kajtar" 2 "jegszem soyana"
    """
    from deckkit.decks.ops import add_cards
    from deckkit.decks.validate import validate as check

    catalogue = _catalogue()
    added = add_cards(path, cards, catalogue, count, sideboard)
    for name, total in added:
        typer.echo(f"{name}: {total}")
    names = {name for name, _ in added}
    (report,) = check([str(path)], catalogue)  # the deck's own format: is a copy limit passed now?
    for problem in report.errors:
        if problem.code in ("too-many-copies", "restricted") and problem.card in names:
            common.err(f"warning: {problem.message} (hint: {problem.hint}; deck validate checks the whole deck)")


@deck_app.command("remove")
def remove(
    path: DeckPath,
    card: Annotated[str, typer.Argument(help="Card name or id.", show_default=False)],
    count: Annotated[int | None, typer.Option("--copies", "--count", "-c",
                                                          help="Copies to remove (default: all).")] = None,
    sideboard: Annotated[bool, typer.Option("--sideboard", help="Remove from the sideboard.")] = False,
) -> None:
    """Remove copies of a card from a deck (all copies unless --count).

    Example: deckkit deck remove dreamers.deck "Jégszem Soyana" -c 1
    """
    from deckkit.decks.ops import remove_cards

    taken = remove_cards(path, card, _catalogue(), count, sideboard)
    typer.echo(f"removed {taken} × {card}")


@deck_app.command("show")
def show(
    path: ReadDeck,
    output: common.Output = "table",
    image: Annotated[Path | None, typer.Option(
        "--image", help="Also draw the deck as one picture (FILE.png): each card once, with its count; needs "
                        "the print extra.")] = None,
) -> None:
    """Show a deck grouped by card type, with costs and counts.

    Examples:

    \b
      deckkit deck show alomfogo-casual   (a bundled deck by name; or a path)
      deckkit deck show my.deck --image my-deck.png
    """
    from deckkit.decks.ops import show_deck

    data = show_deck(common.input_file(path, "deck"), _catalogue())
    if image is not None:
        from deckkit.printing.render import draw_deck

        for warning in draw_deck(str(common.input_file(path, "deck")), _catalogue(), image):
            common.err(f"warning: {warning}")
    if output == "json":
        common.print_json(data)
    else:
        from deckkit.decks.render import render_show

        typer.echo(render_show(data), nl=False)


@deck_app.command("stats")
def stats(path: ReadDeck, output: common.Output = "table") -> None:
    """Deck statistics: counts by type, cost curve, average cost and each game's own figures.

    Obludárium: the food share (about one third advised, OB-207). Álomfogó: dreamwalker attack and
    defence totals. Kotlík: cards by label colour and by number.

    Example: deckkit deck stats data/decks/obludarium-standard.deck -o json
    """
    from deckkit.decks import deck_stats, load_deck, resolve

    data = deck_stats(resolve(load_deck(common.input_file(path, "deck")), _catalogue()))
    if output == "json":
        common.print_json(data)
    else:
        from deckkit.decks.render import render_stats

        typer.echo(render_stats(data), nl=False)


@deck_app.command("convert")
def convert(
    src: ReadDeck,
    dest: Annotated[Path | None, typer.Argument(help="Where to write (.json for JSON); omit to print.")] = None,
    to: Annotated[str | None, typer.Option("--to", help="text or json (default: from DEST, else the other form).")] = None,
) -> None:
    """Convert a deck between the text and JSON forms (canonical layout, without comments).

    deck add and deck remove keep a text file's comments; convert writes the plain form.

    Example: deckkit deck convert mydeck.deck mydeck.json
    """
    from deckkit.decks.ops import convert_deck
    from deckkit.errors import UsageError

    common.data_output()  # a deck file's text or JSON, written unchanged

    if to not in (None, "text", "json"):
        raise UsageError(f"--to {to!r}: expected text or json")
    text = convert_deck(common.input_file(src, "deck"), dest, None if to is None else to == "json")
    if dest is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(f"wrote {dest}")


@deck_app.command("validate")
def validate(
    # str, not Path: typer coerces each Path through pydantic (~0.1 ms CPU per file, 1,000 files at once).
    decks: Annotated[list[str], typer.Argument(help="Deck files or bundled decks' names.", show_default=False)],
    fmt: FormatOpt = None,
    format_file: Annotated[Path | None, typer.Option(
        "--format-file", help="Your own format file (JSON, see schemas/format.schema.json) or a bundled "
                              "format's name.")] = None,
    output: common.RecordsOutput = "table",
) -> None:
    """Check decks against their game's construction format; report every problem.

    A deck is legal when it has no errors (warnings are advice). It is partly legal
    when its only errors, if any, are about its size (too small or too large), so a
    legal deck is partly legal too: a deck still being built shows it has no other
    problem. Exit 0 when every deck is legal, 1 otherwise.

    A line names a card by id or by name. A name several cards of the game share
    (yours and a bundled one) is resolved by the deck's 'prefer:' header line (e.g.
    'prefer: my-cards, bundled': the card from my-cards.json, else the bundled one;
    also 'user', a set, or an id prefix ending in '-'), then by the catalogue's
    'deckkit db prefer'; otherwise it is an 'ambiguous-name' error listing the ids.

    Examples:

    \b
      deckkit deck validate data/decks/*.deck
      deckkit deck validate my.deck --format tournament -o json
      deckkit deck validate my.deck --format-file house-banlist.json
    """
    from deckkit.decks.formats import check_format_name, load_format_file
    from deckkit.decks.validate import validate as run

    if fmt is not None and format_file is not None:
        from deckkit.errors import UsageError

        raise UsageError("give --format or --format-file, not both")
    chosen = load_format_file(common.input_file(format_file, "format")) if format_file is not None else check_format_name(fmt)
    reports = run(common.input_files(decks, "deck"), _catalogue(), chosen)
    if output != "table":
        common.print_records([r.as_json() for r in reports], output)
    else:
        from deckkit.decks.render import render_reports

        typer.echo(render_reports(reports))
    if not all(r.legal for r in reports):
        raise typer.Exit(1)


@deck_app.command("find")
def find(
    query: Annotated[str, typer.Argument(help="A search query (see deckkit search --help).", show_default=False)],
    decks: Annotated[list[str], typer.Argument(help="Deck files or bundled decks' names.", show_default=False)],
    output: common.Output = "table",
) -> None:
    """List the decks that hold cards matching a search query, with those cards and their counts.

    The query is the one of deckkit search (names in any stored language, o:, effect:, f:,
    is:/not: …). Decks without a match are left out; exit 0 either way.

    Examples:

    \b
      deckkit deck find 'is:helper' data/decks/*.deck
      deckkit deck find 'effect:draw' my.deck other.deck -o json
      deckkit deck find 'is:helper' alomfogo-casual   (a bundled deck by name)
    """
    from deckkit.decks.find import find_in_decks
    from deckkit.query import parse

    parse(query)  # a malformed query fails before the catalogue is opened
    found = find_in_decks(query, common.input_files(decks, "deck"), _catalogue())
    if output == "json":
        common.print_json(found)
        return
    if not found:
        typer.echo("no deck holds a matching card", err=True)
        return
    for entry in found:
        title = f" ({entry['deck']})" if entry["deck"] else ""
        typer.echo(f"{entry['file']}{title}: {entry['copies']} cop{'ies' if entry['copies'] != 1 else 'y'}")
        for c in entry["cards"]:
            side = " (sideboard)" if c["section"] != "main" else ""
            typer.echo(f"  {c['count']} {c['name']}{side}")


def register(app: typer.Typer) -> None:
    """Add the ``deck`` command group to the app."""
    app.add_typer(deck_app)
