"""CLI command ``remove``: delete cards by id or query, hide and restore bundled ones (registered by
deckkit.cli.catalogue)."""

from typing import Annotated

import typer

from deckkit.cli import common


def remove(
    selectors: Annotated[list[str] | None, typer.Argument(
        help="Card ids or search queries (each query takes every card it matches).", show_default=False)] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Say what would be removed; change nothing.")] = False,
    check_decks: Annotated[list[str] | None, typer.Option(
        "--check-decks", help="A deck of yours to check: a file, a bundled deck's name or - (standard input); repeat "
                              "the option for more. Removing a card it holds is refused unless --force.",
        show_default=False)] = None,
    force: Annotated[bool, typer.Option("--force", help="Remove even cards a bundled deck or a --check-decks deck "
                                                        "holds.")] = False,
    restore: Annotated[bool, typer.Option("--restore", help="Bring back hidden bundled cards: the ids given, "
                                                            "or all of them.")] = False,
    output: common.Output = "table",
) -> None:
    """Remove cards from the catalogue: by id, or every card a search query matches.

    A card you imported is deleted; a bundled card is hidden (loading the bundled cards again
    leaves it out) and 'deckkit remove --restore [ID…]' brings it back. Everything happens in one
    transaction, and 'deckkit db check' stays clean. Refused, with nothing removed: a selector
    that matches no card, a card a bundled deck needs, and a card a deck named with --check-decks
    holds (each listed) unless --force.

    \b
    Examples:
      deckkit remove ob-my-dog
      deckkit remove 'id:my-' --dry-run
      deckkit remove 'set:draft1' --check-decks my.deck --check-decks other.deck
      deckkit remove af-lidercfeny             (hides the bundled card)
      deckkit remove --restore af-lidercfeny   (or --restore alone: every hidden card)
    """
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.removal import hidden_ids, remove as do_remove, restore as do_restore
    from deckkit.errors import UsageError

    cat = open_catalogue(common.db_path())
    if restore:
        if dry_run or check_decks or force:
            raise UsageError("--restore takes only card ids", hint="deckkit remove --restore [ID…]")
        back = do_restore(cat, selectors or [])
        if output == "json":
            common.print_json({"restored": back, "hidden": hidden_ids(cat)})
        else:
            typer.echo(f"restored {len(back)} bundled card(s)" + (f": {', '.join(back)}" if back else
                                                                  " (none was hidden)"))
        return
    if not selectors:
        raise UsageError("name the cards to remove", hint="deckkit remove ID|QUERY…, e.g. deckkit remove ob-my-dog "
                                                          "or deckkit remove 'id:my-' --dry-run")
    decks = common.input_files(check_decks or [], "deck")  # as validate: a missing file is the check's to report
    removal = do_remove(cat, selectors, check_decks=decks, force=force, dry_run=dry_run)
    if output == "json":
        common.print_json(removal.as_json())
        return
    _report(removal, dry_run)


def _report(removal, dry_run: bool) -> None:
    from deckkit.catalogue.removal import refusal

    count = len(removal.cards)
    if dry_run:
        typer.echo(f"dry run: {count} card(s) would be removed; nothing written")
        for _, cid, game, name, _ in removal.cards[:20]:
            typer.echo(f"  {cid}  {name} ({game})" + ("  [bundled: hidden]" if cid in removal.hidden else ""))
        if count > 20:
            typer.echo(f"  … and {count - 20} more (-o json lists them all)")
        if removal.bundled_decks or removal.user_decks:
            common.err(f"note: {refusal(removal).message.replace('; nothing was removed', '')} "
                       "(a real run is refused without --force)")
        return
    hidden = f" ({len(removal.hidden)} bundled card(s) hidden: deckkit remove --restore brings them back)" \
        if removal.hidden else ""
    typer.echo(f"removed {count} card(s){hidden}")
    for deck, lost in {**removal.bundled_decks, **removal.user_decks}.items():
        common.err(f"warning: {deck} no longer finds " + ", ".join(f"{n} ({i})" for i, n, _ in lost))
