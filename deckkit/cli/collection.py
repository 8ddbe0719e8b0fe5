"""CLI commands: ``deckkit collection add/remove/import/show`` and ``deckkit deck need`` (registered by deckkit.cli)."""

from pathlib import Path
from typing import Annotated, Any

import typer

from deckkit.cli import common

collection_app = typer.Typer(
    name="collection", cls=common.HelpGroup,
    help="The cards you own, kept in the catalogue: add, remove, import a file, show. "
         "deckkit deck need says what your decks still lack.",
)

GameOpt = Annotated[str | None, typer.Option("--game", "-g", help="The game (a name or alias, see deckkit games); "
                                                                   "default: the game of the cards named.")]


def _catalogue() -> Any:
    from deckkit.catalogue import open_catalogue

    return open_catalogue(common.db_path())


def _cards(catalogue: Any, items: list[str], game: str | None) -> tuple[str, list[tuple[str, int | None]], dict]:
    """(game, [(card id, copies or None where the item gave no count)], card id -> name) of command-line
    items written as in deck files (``3 Chleba``, ``"3x Chleba"``, ``Chleba``)."""
    from deckkit.decks.ops import counted_names
    from deckkit.errors import UsageError

    out: list[tuple[str, int | None]] = []
    names: dict[str, str] = {}
    games: set[str] = set()
    for name, n in counted_names(items, -1):  # -1: no count written
        card = catalogue.find(name, game=game)
        games.add(card["game"])
        out.append((card["id"], None if n == -1 else n))
        names[card["id"]] = card["name"]
    if len(games) > 1:
        raise UsageError("cards of several games: " + ", ".join(sorted(games)), hint="name the cards of one game at a time")
    return games.pop(), out, names


@collection_app.command("add")
def add(
    cards: Annotated[list[str], typer.Argument(help='Card names or ids, each optionally after a count: 3 "Chleba" '
                                                    'or "3x Chleba".', show_default=False)],
    count: Annotated[int, typer.Option("--copies", "--count", "-c", min=1, help="Copies of each card given "
                                                                                "without a count (1 or more).")] = 1,
    game: GameOpt = None,
) -> None:
    """Add copies of cards to your collection.

    \b
    Examples:
      deckkit collection add 3 Chleba "2x Medděd"
      deckkit collection add "ejlepo kajtar" -c 2 --game af
    """
    from deckkit.collection import Collection
    from deckkit.collection.store import store

    catalogue = _catalogue()
    found_game, items, names = _cards(catalogue, cards, game)
    wanted: dict[str, int] = {}
    for cid, n in items:
        wanted[cid] = wanted.get(cid, 0) + (count if n is None else n)
    store(catalogue, Collection(found_game, wanted, names), "add")
    now = _now(catalogue, found_game)
    for cid in wanted:
        typer.echo(f"{names[cid]}: {now.get(cid, 0)}")


def _now(catalogue: Any, game: str) -> dict[str, int]:
    from deckkit.collection.store import owned

    return owned(catalogue, game)


@collection_app.command("remove")
def remove(
    cards: Annotated[list[str], typer.Argument(help="Card names or ids, each optionally after a count.",
                                               show_default=False)],
    count: Annotated[int | None, typer.Option("--copies", "--count", "-c", min=1, help="Copies to remove of each "
                                                                                       "card given without a count "
                                                                                       "(1 or more; default: all).")] = None,
    game: GameOpt = None,
) -> None:
    """Remove copies of cards from your collection (all copies unless a count is given).

    Example: deckkit collection remove 1 Chleba Medděd
    """
    from deckkit.collection.store import take

    catalogue = _catalogue()
    found_game, items, names = _cards(catalogue, cards, game)
    counts: dict[str, int | None] = {}
    for cid, n in items:
        copies = count if n is None else n  # None: every copy
        before = counts.get(cid, 0)
        counts[cid] = None if copies is None or before is None else before + copies
    taken = take(catalogue, found_game, counts, names)
    now = _now(catalogue, found_game)
    for cid, n in taken.items():
        typer.echo(f"{names[cid]}: removed {n}, {now.get(cid, 0)} left")


@collection_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A collection file: CSV (name,count[,set]; a header row may name "
                                              "the columns) or JSON.", show_default=False)],
    game: GameOpt = None,
    add_counts: Annotated[bool, typer.Option("--add", help="Add the file's counts to what you have (what a "
                                                           "shopping list from deck need -o csv wants once "
                                                           "bought).")] = False,
    replace: Annotated[bool, typer.Option("--replace", help="Make the game's collection exactly the file (cards "
                                                            "not in it are removed).")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Check the file and list the cards whose count would "
                                                            "change; change nothing.")] = False,
) -> None:
    """Import a collection file: each card named gets the file's count (0 removes it); --add adds the
    counts instead, --replace makes the collection exactly the file.

    A shopping list written by deckkit deck need -o csv counts the copies missing, not the copies
    owned: once bought, import it with --add. Without --add or --replace such a list is recognised by
    its columns (needed, owned, reserved) and added too, with a notice, so owned copies are never
    overwritten by the missing count.

    Every line is checked first: unknown names (with did-you-mean), ambiguous names (add a set column
    or write ids), counts that are negative, not whole numbers or above 9,999, and a file of another
    game are all listed and nothing is changed. Lines naming the same card are summed, with a notice.
    --dry-run lists each card that would be added, changed or removed, with its count before and after.

    \b
    Examples:
      deckkit collection import my-cards.csv
      deckkit deck need my.deck -o csv > shop.csv; deckkit collection import shop.csv --add
      deckkit collection import af-binder.json --game af --replace --dry-run
      deckkit collection show -o csv > backup.csv; deckkit collection import backup.csv --replace
    """
    from deckkit.collection.files import read_collection
    from deckkit.collection.store import changes, check_collectable, plan, store
    from deckkit.errors import UsageError

    if add_counts and replace:
        raise UsageError("give --add or --replace, not both")
    catalogue = _catalogue()
    path = common.input_file(file, None)
    found = read_collection(path, catalogue, game)
    check_collectable(found.game)
    for notice in found.notices:
        common.err(f"notice: {notice}")
    mode = "add" if add_counts else "replace" if replace else "set"
    if mode == "set" and _shopping_list(path):
        mode = "add"
        common.err(f"notice: {file} is a shopping list from deckkit deck need (its counts are the copies missing): "
                   "they are added to the collection, as --add does (--replace makes the collection exactly the file)")
    copies, cards = sum(found.counts.values()), len(found.counts)
    if dry_run:
        before, after = plan(catalogue, found, mode)
        moved = changes(before, after)
        typer.echo(f"{file}: {cards} cards, {copies} copies of {found.game}; {len(moved)} card(s) would change "
                   f"(--dry-run: nothing changed)")
        for line in _change_lines(catalogue, found, moved):
            typer.echo(line)
        return
    done = store(catalogue, found, mode)
    typer.echo(f"imported {cards} cards ({copies} copies) of {found.game}; the collection now holds "
               f"{done['cards']} cards, {done['copies']} copies" + (f", {done['removed']} removed" if done["removed"] else ""))


def _shopping_list(path: Path) -> bool:
    """Whether the file is a CSV shopping list of deck need (see deckkit.decks.need.is_shopping_list)."""
    from deckkit.decks.need import is_shopping_list
    from deckkit.fileio import read_text

    return is_shopping_list(read_text(path, what="collection file"))


def _change_lines(catalogue: Any, found: Any, moved: list[tuple[str, int, int]]) -> list[str]:
    """One line per card a --dry-run import would touch: added, changed (before → after) or removed."""
    from deckkit.collection.store import listing
    from deckkit.text import fold

    names = {r["id"]: r["name"] for r in listing(catalogue, found.game)} | found.names
    rows = sorted(((names.get(cid, cid), was, now) for cid, was, now in moved), key=lambda r: fold(r[0]))
    width = max((len(name) for name, _, _ in rows), default=0)
    out = []
    for name, was, now in rows:
        what = "added" if not was else "removed" if not now else f"{now - was:+d}"
        out.append(f"  {name:<{width}}  {was:>5} → {now:<5} {what}")
    return out


@collection_app.command("show")
def show(
    query: Annotated[str | None, typer.Argument(help="Only the owned cards this search finds (see deckkit search "
                                                     "--help).")] = None,
    game: GameOpt = None,
    output: common.RecordsOutput = "table",
) -> None:
    """List the cards you own with their counts; -o csv writes a file collection import reads back.

    \b
    Examples:
      deckkit collection show --game ob
      deckkit collection show 't:monster' -o csv
    """
    from deckkit.collection.store import listing

    if query:
        from deckkit.query import parse

        parse(query)  # a malformed query fails before the catalogue is opened
    resolved = None
    if game:
        from deckkit.engine.registry import resolve

        resolved = resolve(game)
    rows = listing(_catalogue(), resolved, query)
    if output != "table":
        common.print_records(rows, output)
        return
    if not rows:
        typer.echo("the collection is empty" + (" for this game" if game else "") +
                   " (deckkit collection add/import fills it)", err=True)
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        typer.echo(f"{r['count']:>5}  {r['name']:<{width}}  {r['game'] or ''} {r['set'] or ''}".rstrip())
    typer.echo(f"{len(rows)} cards, {sum(r['count'] for r in rows)} copies")


def need(
    decks: Annotated[list[str], typer.Argument(help="Deck files or bundled decks' names, built together.",
                                               show_default=False)],
    collection: Annotated[Path | None, typer.Option("--collection", help="A collection file (CSV or JSON) instead "
                                                                         "of the catalogue's collection.")] = None,
    built: Annotated[list[str], typer.Option("--built", help="A deck you have built (repeatable): its cards are "
                                                             "reserved.")] = [],
    output: common.RecordsOutput = "table",
) -> None:
    """What is missing to build these decks at once from your collection.

    Each card is counted across the decks (main deck and sideboard), so two decks with 3 copies each
    need 6; the cards of --built decks are reserved (you own them, but they are in use). The table
    lists the missing copies, then what each deck lacks on its own. -o json gives the whole report;
    -o csv the missing cards as name,count,set,id rows with the figures (a shopping list: once bought,
    deckkit collection import FILE --add adds them to the collection).
    A game played with one shared set has nothing to collect, and says so.

    \b
    Examples:
      deckkit deck need ob-aggro.deck ob-control.deck obludarium-standard
      deckkit deck need my.deck --collection binder.csv --built old.deck -o json
    """
    from deckkit.decks.need import deck_need, render_need

    catalogue = _catalogue()
    paths = [common.input_file(d, "deck") for d in decks]
    built_paths = [common.input_file(b, "deck") for b in built]
    owned = None
    if collection is not None:
        from deckkit.collection.files import read_collection
        from deckkit.decks.io import load_deck
        from deckkit.engine.registry import resolve

        game = resolve(load_deck(paths[0]).game)
        from deckkit.collection import no_collection

        if not no_collection(game):
            found = read_collection(common.input_file(collection, None), catalogue, game)
            for notice in found.notices:
                common.err(f"notice: {notice}")
            owned = found.counts
    data = deck_need(paths, catalogue, owned, built_paths, labels=decks, built_labels=built)
    for note in data["notes"]:
        if not data.get("no_collection"):
            common.err(f"note: {note}")
    if output == "table":
        typer.echo(render_need(data), nl=False)
    elif output == "json":
        common.print_json(data)
    else:
        from deckkit.decks.need import shopping_list

        common.print_records(shopping_list(data), output)


def register(app: typer.Typer) -> None:
    """Add the ``collection`` group and ``deck need``."""
    from deckkit.cli.decks import deck_app

    app.add_typer(collection_app)
    deck_app.command("need")(need)
