"""CLI commands: ``import``, ``export``, ``search``, ``card``, ``db info``, ``db check`` (registered by deckkit.cli).

Heavy modules (sqlite-utils, jsonschema, tabulate) are imported inside the commands that need them.
"""

import sys
from pathlib import Path
from typing import Annotated

import typer

from deckkit.cli import common

SEARCH_HELP = """Search the catalogue with a Scryfall-like query.

\b
Terms are ANDed; 'or' between terms; '-' negates a term; ( ) group; "quoted phrases".
  word / "phrase"      name, or a translated name, contains it (any case,
                       diacritics optional): nightstepper
  !word  !"phrase"     the whole name, not a part of it: !"ejlepo kajtar"
  name:  n:            the name; name:/regex/ for a regular expression
  game:                obludarium alomfogo kotlik (or ob af ko)
  t: type:             food monster artifact spell | dreamwalker dream-creature
                       event instant general-spell | ingredient corner recipe;
                       a word's start names them all: t:dream
  sub: subtype:        one of the subtypes, e.g. sub:bűvforrás
  kw: group:           a group (Obludárium), symbol (Kotlík) or a keyword the
                       card has, e.g. kw:flying
  o: text:             words of the rules text (last word may be a prefix);
                       o:"draw a card"; o:/regex/
  set:  r: rarity:     set code; bronze silver gold green
  id:  ingredient:  label:
  cost atk def number glory   with = != < <= > >= (':' means '=');
                       the right side may be another of them: atk>def
                       (a card lacking either never matches)
  owned                copies in your collection (deckkit collection; 0 when
                       none), with the same comparisons: owned>=2, owned<3
  is:                  glorious  Álomfogó glory icon 1 or more
                       helper    Álomfogó helper mark (P) (S) (Á)
                       blocking  Obludárium blocking spell
                       rulebook  named in a rulebook
                       invented  has placeholder values to replace
                       owned     you own a copy (deckkit collection)
  not:                 the negation of is: (not:helper is -is:helper)
  effect:              an effect of the card's abilities, e.g. effect:draw
  f: legal: banned:    legal in / banned by a format of data/formats
                       (casual, tournament, standard, … or an id such as
                       alomfogo-casual)

\b
Examples:
  deckkit search 'ejlepo kajtar'
  deckkit search 'game:af t:dreamwalker cost<=1'
  deckkit search 'game:af t:dreamwalker cost<=2 (atk>=3 or def>=3) -sub:bűvforrás'
  deckkit search 'game:ob kw:flying' --sort -atk
  deckkit search '!"Éjlépő Kajtár"'
  deckkit search 'game:ob t:monster atk>def'
  deckkit search 'game:af is:glorious'
  deckkit search 'nightstepper'
  deckkit search 'f:tournament t:dream effect:draw'
  deckkit search 'is:invented -is:rulebook' -o json
  deckkit search 'game:ob t:monster owned<2'   (monsters you have fewer than 2 of)
  deckkit search 'o:"magic power"' -o json --limit 5
  deckkit search -- '-t:food game:ob'     (a query that starts with '-' goes after --)

\b
A table shows the first 50 matches and says how many more; -o json/csv/jsonl
give every match unless --limit.
"""

IMPORT_HELP = """Validate card files and upsert them into the catalogue in one transaction.

\b
Reads JSON arrays (.json), JSON Lines (.jsonl), CSV (.csv, header row) and
.xlsx workbooks (the first sheet, laid out as a CSV file; needs
pip install 'deckkit[xlsx]'). A record's game may be an alias (ob, af, ko).
Every record is checked against schemas/card.schema.json; if anything is
wrong, every problem is reported (file:line, record, JSON path, message,
hint) and nothing is written. Cards are matched by id: the summary says
how many were added, updated and unchanged.

\b
Warnings (the import goes on; --strict makes each an error: exit 1,
nothing written):
  - a card whose name another card of its game has under another id
    (decks, scripts and `deckkit card` then need the id);
  - a card whose text says something but which has no abilities (it
    would play as if the text were not printed; reminder text in
    parentheses, or naming the card's groups, is fine); more than five
    such cards in one file are one warning with their count and first
    ids (--strict names each);
  - an ability that can never do anything (a set of cards in play that
    no card can match, a condition that cannot hold where it is read).

\b
Keywords: a JSON file may be an object {"keywords": {NAME: {"game",
"text", "abilities"}}, "cards": [...]} (or hold keywords only); a card
names them in "keywords": [NAME, ...] (CSV: a keywords column, swift;bold)
or as an ability {"keyword": NAME}. Each keyword's abilities are put into
the cards that name it; the definitions are kept in the catalogue, so a
later import may name them too. A name that is not defined, defined twice
differently, refers to itself, or belongs to another game is an error.

\b
CSV columns: id game name names type set rarity cost attack defense glory
helper subtypes groups blocking ingredient number label symbols stone
requires bonus text image keywords abilities provenance. Lists: items separated
by ';' (flying;nocturnal) or a JSON array; names/abilities/provenance: JSON;
blocking: true/false; an empty cell leaves the field out. Spreadsheet
files work as saved: cells separated by commas, semicolons or tabs (found
from the header row), column names in any case, spaces around cells
ignored; in a semicolon file, quote a list cell ("flying;nocturnal"); a
byte-order mark is skipped. Files are UTF-8: a Windows-1250 file converts
with iconv -f cp1250 -t utf-8. A name holding a control character that a
Windows-1250 letter becomes when read as Latin-2 (U+008A Š, U+008E Ž,
U+009D ť, …) is an error: the file was converted with the wrong encoding.

\b
Examples:
  deckkit import my-cards.json more.csv
  deckkit import --dry-run cards.jsonl -o json
  deckkit export --game af -o csv | deckkit --db other.db import -
  deckkit import --strict my-cards.json
  deckkit import my-keywords.json my-cards.csv
"""

db_app = typer.Typer(name="db", cls=common.HelpGroup, help="Where the catalogue is, its schema version and integrity.")


def _open():
    from deckkit.catalogue import open_catalogue

    return open_catalogue(common.db_path())


def _write(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def import_(
    files: Annotated[list[Path], typer.Argument(help="Card files: .json (array), .jsonl, .csv, .xlsx; '-' reads stdin.",
                                                show_default=False)],
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Validate and report, write nothing.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show every problem, not the best per record.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings are errors: a name another card of the game has, "
                                         "a card whose text has no abilities, an ability that can never do "
                                         "anything.")] = False,
    output: common.Output = "table",
) -> None:
    from deckkit.catalogue.importer import import_files
    from deckkit.errors import ValidationFailed

    from deckkit.sim.progress import ProgressBar

    cat = _open()
    try:
        with ProgressBar(label="import", unit="cards") as bar:  # on a terminal's stderr, when it is long
            report = import_files(cat, common.input_files(files, None), dry_run=dry_run, strict=strict,
                                  progress=bar)
    except ValidationFailed as exc:
        if output == "json":
            common.print_json({"ok": False, "message": exc.message, "problems": [p.to_dict() for p in exc.problems]})
        else:
            from deckkit.catalogue.render import problems_text

            common.err(f"error: {exc.message}")
            for line in problems_text(exc.problems, verbose):
                common.err(f"  {line}")
            if exc.hint:
                common.err(f"hint: {exc.hint}")
        raise typer.Exit(exc.exit_code) from None
    if output == "json":
        common.print_json({"ok": True, **report.to_dict()})
        return
    for warning in report.warnings:
        common.err(f"warning: {warning}")
    files_txt = f"{report.records} card{'s' * (report.records != 1)} from {len(files)} file{'s' * (len(files) != 1)}"
    a, u, c = len(report.added), len(report.updated), report.unchanged
    k = len(report.keywords)
    keywords = f"; {k} keyword{'s' * (k != 1)} {'to define' if dry_run else 'defined'} ({', '.join(report.keywords)})" \
        if k else ""
    if dry_run:
        typer.echo(f"dry run: {files_txt}: {a} to add, {u} to update, {c} unchanged{keywords}; nothing written")
    else:
        typer.echo(f"{files_txt}: {a} added, {u} updated, {c} unchanged{keywords}")


import_.__doc__ = IMPORT_HELP


def export(
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game's cards (name or alias).")] = None,
    query: Annotated[str | None, typer.Option("--query", "-q", help="Only cards matching this search query.")] = None,
    file: Annotated[Path | None, typer.Option("--file", "-f", help="Write here instead of stdout ('-': stdout).")] = None,
    excel: Annotated[bool, typer.Option("--excel", help="CSV as Czech and Hungarian spreadsheets open it: cells "
                                        "separated by ';', UTF-8 with a byte-order mark, CRLF line ends.")] = False,
    output: common.ExportOutput = None,
) -> None:
    """Write the catalogue (or --game, or a --query's matches) as JSON, JSON Lines, CSV or an .xlsx workbook
    that import takes back unchanged.

    \b
    Examples:
      deckkit export -o csv -f cards.csv
      deckkit export -o csv --excel -f cards.csv    (opens in a spreadsheet by a double click)
      deckkit export -f cards.xlsx                  (needs: pip install 'deckkit[xlsx]')
      deckkit export --game af --query 't:dreamwalker' -o jsonl
      deckkit export -f - -o csv | head
    """
    from deckkit.catalogue.export import export as do_export, format_for

    common.data_output()  # an export is data: written unchanged

    if file is not None and str(file) == "-":
        file = None
    fmt = format_for(file, output)
    text, count = do_export(_open(), fmt, game=game, query=query, path=file, excel=excel)
    if file is None:
        sys.stdout.write(text)
    else:
        typer.echo(f"wrote {count} cards to {file} ({fmt})", err=True)


def search(
    query: Annotated[str, typer.Argument(help="The query (see above). Quote it for the shell.", show_default=False)],
    limit: Annotated[int | None, typer.Option("--limit", "-l", min=0, help="At most this many cards.")] = None,
    sort: Annotated[str | None, typer.Option(
        "--sort", "-s", help="name (default), id, game, type, set, rarity, cost, atk, def, number, glory; -KEY descends.")] = None,
    output: common.RecordsOutput = "table",
) -> None:
    from deckkit.catalogue.search import order_by
    from deckkit.query import parse

    ast = parse(query)  # a malformed query fails before the catalogue is opened
    order_by(sort)
    cat = _open()
    if output == "table":
        shown = 50 if limit is None else min(limit, 50)
        cards, total = cat.search_page(ast, limit=shown, sort=sort)
        if limit is not None:
            total = min(total, limit)
        if not cards:
            typer.echo("no cards match", err=True)
            return
        from deckkit.catalogue.render import card_table

        _write(card_table(cards))
        more = total - len(cards)
        typer.echo(f"{len(cards)} of {total} cards; {more} more (-o json or csv lists all)" if more
                   else f"{total} card{'s' * (total != 1)}", err=True)
        return
    cards = cat.search(ast, limit=limit, sort=sort)
    if output == "json":
        common.print_json(cards)
    else:
        from deckkit.catalogue.export import dumps

        _write(dumps(cards, output) if cards or output != "csv" else "")


search.__doc__ = SEARCH_HELP


def card(
    name: Annotated[str, typer.Argument(help="Card name (any case, diacritics optional) or id.", show_default=False)],
    game: Annotated[str | None, typer.Option("--game", "-g", help="The game, when a name exists in several.")] = None,
    output: common.RecordsOutput = "table",
) -> None:
    """Show one card in full; near misses get suggestions.

    \b
    Examples:
      deckkit card 'ejlepo kajtar'
      deckkit card af-ejlepo-kajtar -o json
    """
    if not name.strip():
        from deckkit.errors import UsageError

        raise UsageError("no card name given", hint="deckkit card 'ejlepo kajtar' (a name, any case, or an id)")
    cat = _open()
    from deckkit.errors import UnknownCard

    try:
        found = cat.find(name, game)
    except UnknownCard as exc:
        from deckkit.catalogue.removal import hidden_ids

        if name.strip() in hidden_ids(cat):  # a bundled card the user removed: say how it comes back
            exc.message = f"the bundled card {name.strip()} is hidden (deckkit remove took it out)"
            exc.hint = f"deckkit remove --restore {name.strip()} brings it back"
        raise
    if output == "table":
        from deckkit.catalogue.keywordstore import keyword_meanings
        from deckkit.catalogue.render import card_detail
        from deckkit.engine.keywords import keyword_of
        from deckkit.engine.registry import spec

        english = spec(found["game"]).ability_text(found)
        written = found.get("abilities") or []
        given: dict[str, list[str]] = {}  # keyword -> the English of the abilities it gave
        if len(english) == len(written):  # each ability that came with a keyword says which
            for a, line in zip(written, english):
                given.setdefault(keyword_of(a) or "", []).append(line)
            english = [f"({keyword_of(a)}) {line}" if keyword_of(a) else line for a, line in zip(written, english)]
        meanings = keyword_meanings(cat, found)  # a definition's text; else what its abilities say
        listed = [f"{name}: {meaning or ' '.join(given.get(name, []))}".rstrip(": ")
                  for name, meaning in meanings.items()]
        _write(card_detail(found, abilities=english, keywords=listed))
        from deckkit.printing.cardtext import numbers_disagree

        differ = numbers_disagree(found)  # the text is what deckkit print puts on the card
        if differ is not None:
            only_text, only_abilities = (", ".join(map(str, n)) or "none" for n in differ)
            common.err(f"warning: the text and the abilities disagree in their numbers: {only_text} only in the "
                       f"text, {only_abilities} only in the abilities (a printed card shows the text)")
    elif output == "json":
        common.print_json(found)
    else:
        from deckkit.catalogue.export import dumps

        _write(dumps([found], output))


@db_app.command("info")
def db_info(output: common.Output = "table") -> None:
    """Where the catalogue is, its schema version, card counts per game and source.

    \b
    Example: deckkit db info -o json
    """
    info = _open().info()
    if output == "json":
        common.print_json(info)
    else:
        from deckkit.catalogue.render import key_values

        _write(key_values(info))


@db_app.command("check")
def db_check(
    repair: Annotated[bool, typer.Option(
        "--repair", help="First rebuild everything derived from the records (columns, tags, full-text index, "
                         "missing tables and indexes) and say what could not be repaired.")] = False,
    output: common.Output = "table",
) -> None:
    """Check the catalogue (exit 1 on problems): SQLite integrity, its tables and indexes, the full-text index,
    duplicate ids, every record against the card schema, and every derived column against its record.

    A card's record is its JSON; the columns of the cards table, its tags and the full-text index are
    derived from it. Editing a column with another tool (sqlite-utils, Datasette) is reported here, and
    --repair puts the value from the record back. A damaged record cannot be repaired: import a good
    version of the card to replace it. Cards an older deckkit bundled that the bundled data no longer
    has are kept and named in a note.

    \b
    Examples:
      deckkit db check
      deckkit db check --repair
    """
    cat = _open()
    done: list[str] = []
    failed: list[str] = []
    if repair:
        done, failed = cat.repair()
    problems = cat.check()
    retired = [] if problems else cat.retired_bundled()  # a damaged file may not even be readable
    if output == "json":
        result = {"ok": not problems, "path": str(cat.path), "problems": problems, "retired_bundled": retired}
        if repair:
            result.update(repaired=done, not_repaired=failed)
        common.print_json(result)
    else:
        for line in done:
            common.err(f"repaired: {line}")
        for line in failed:
            common.err(f"not repaired: {line}")
        for p in problems:
            if p not in failed:
                common.err(p)
        if not problems:
            typer.echo(f"ok: {cat.count()} cards, schema version {cat.schema_version} ({cat.path})")
        if retired:
            from deckkit.catalogue.render import retired_note

            typer.echo(retired_note(retired), err=True)
    if problems:
        raise typer.Exit(1)


@db_app.command("prefer")
def db_prefer(
    words: Annotated[list[str] | None, typer.Argument(
        help="Sources in order: bundled, user, a card file's name (my-cards or my-cards.json), a set, "
             "or an id prefix ending in '-'.", show_default=False)] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Forget the catalogue's preference.")] = False,
    output: common.Output = "table",
) -> None:
    """Show or set which source wins, catalogue-wide, where cards of a game share a name.

    A name several cards carry is resolved in one order: an id always means its card; then the
    deck's own 'prefer:' header line (a script's prefer = [...]); then this preference; a name still
    shared is an error that lists the cards' ids. Bundled decks and scripts say 'prefer: bundled',
    so they keep working whatever you import or prefer here.

    \b
    Examples:
      deckkit db prefer                    (show it)
      deckkit db prefer my-cards bundled   (my-cards.json first, then the bundled cards)
      deckkit db prefer user               (any imported card over a bundled one)
      deckkit db prefer --clear
    """
    from deckkit.catalogue.prefer import META_KEY, parse
    from deckkit.errors import UsageError

    cat = _open()
    if clear and words:
        raise UsageError("give sources or --clear, not both", hint="deckkit db prefer --clear")
    if clear or words:
        chosen = () if clear else parse(",".join(words or []))
        with cat.write():
            if chosen:
                cat.set_meta(META_KEY, ", ".join(chosen))
            else:
                cat.conn.execute("DELETE FROM meta WHERE key = ?", (META_KEY,))
    current = list(cat.preference())
    if output == "json":
        common.print_json({"prefer": current})
    else:
        typer.echo(f"prefer: {', '.join(current)}" if current else
                   "no catalogue-wide preference (a shared name needs an id or the deck's prefer: line)")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("import")(import_)
    app.command("export")(export)
    app.command("search")(search)
    app.command("card")(card)
    from deckkit.cli.removal import remove

    app.command("remove")(remove)
    app.add_typer(db_app)
