"""The game registry: each game package registers one :class:`GameSpec`; the rest of deckkit asks here.

A spec is light: names, card types, the card-field schema fragment and *references* to the heavy
parts (the Game class, the effects module, hooks) written as ``"package.module:attribute"``, so
that listing the games (``deckkit --help``, a search's ``game:`` term) never imports a rules
engine. The built-in games live in ``deckkit.games``; a test or a plugin adds one with
:func:`register`::

    from deckkit.engine.registry import load_game, registered_games, spec
    spec("af").title            # 'Álomfogó'
    game = load_game("af", starting_glory=20)

A game package that cannot be imported, or a reference that does not resolve, is an error
(:class:`GamePackageError`), never a silently missing game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from deckkit.errors import DataError, UsageError

__all__ = ["GameSpec", "GamePackageError", "register", "unregister", "registered_games", "spec", "resolve",
           "load_game", "game_class", "names_hint"]

Ref = str | Callable[..., Any] | type | None


class GamePackageError(DataError):
    """A game package that cannot be imported or whose spec names something that does not exist."""


def resolve_ref(ref: Ref, what: str = "hook") -> Any:
    """The object a ``"module:attribute"`` reference names (other values are returned as they are)."""
    if not isinstance(ref, str):
        return ref
    module_name, _, attr = ref.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise GamePackageError(f"the game package module {module_name} cannot be imported: {exc}",
                               hint=f"{what} {ref!r}; fix or reinstall the game package") from exc
    if not attr:
        return module
    try:
        return getattr(module, attr)
    except AttributeError:
        raise GamePackageError(f"{module_name} has no {attr!r}", hint=f"the game's spec names it as {what}") from None


@dataclass(frozen=True)
class SearchFlag:
    """An ``is:NAME`` search term owned by a game: a card of the game whose ``field`` has JSON type
    ``json_type`` (and, for an integer with a ``minimum``, is at least that: a threshold on a number)."""

    field: str
    json_type: str  # "text", "true", "integer" … (SQLite's json_type names)
    help: str = ""
    minimum: int | None = None

    def matches(self, card: dict) -> bool:
        """The same test in Python (the search's reference predicate)."""
        value = card.get(self.field)
        if self.minimum is not None:
            return type(value) is int and value >= self.minimum
        if self.json_type == "true":
            return value is True
        if self.json_type == "text":
            return isinstance(value, str)
        if self.json_type == "integer":
            return isinstance(value, int) and not isinstance(value, bool)
        return value is not None


@dataclass(frozen=True)
class GameSpec:
    """Everything deckkit outside a game's package may know about the game.

    ``opening`` is a :class:`deckkit.hands.procedures.HandProcedure` (hands and mulligans) or a
    :class:`deckkit.hands.procedures.LayoutProcedure` (a dealt layout such as a board). ``records``
    says what a goldfish/self-play record holds: ``"win-by-turn"`` (won, turn, mulligans, seen) or
    ``"scoring"`` (scores, winners, turns). Hooks are references (see :func:`resolve_ref`).
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    rules_prefix: str
    card_types: tuple[str, ...]
    #: The game's branch of the card schema (``properties``, ``required``, ``allOf`` …) without
    #: ``abilities``: the ability definitions come from the registered effects' parameter schemas.
    card_schema: dict[str, Any]
    game_class: Ref
    effects: Ref = None  # the module that registers the game's effects (imported on demand)
    opening: Any = None
    records: str = "win-by-turn"
    action_kinds: tuple[str, ...] = ()
    deck_stats: Ref = None  # fn(counts: list[(card, n)], size) -> dict of the game's own deck figures
    render_stats: Ref = None  # fn(stats, bar_chart) -> lines after the common deck statistics
    show_header: str = "atk/def"  # the header of `deck show`'s numbers column (attack/defence, or number)
    search_flags: dict[str, SearchFlag] = field(default_factory=dict)
    #: Words a ``kw:`` term takes for the game's cards (groups, symbols): a user who types one
    #: after ``is:`` out of Scryfall habit is pointed to ``kw:``.
    keywords: tuple[str, ...] = ()
    card_order: tuple[str, ...] = ()  # the game's own card fields, in the order records are written
    docs: Ref = None  # the module whose docstring documents the action strings (``deckkit games --actions``)
    script_template: dict[str, str] | None = None  # values for the commented starting script
    check_card: Ref = None  # fn(card) -> [AbilityProblem]: abilities that cannot work together on this card
    card_noun: str = "card"
    match: Ref = None  # a deckkit.engine.hidden.MatchSupport: views, determinisations and pilots for matches
    screen: Ref = None  # a deckkit.engine.display.ScreenSupport: the table, decisions and log of `deckkit play`
    #: A directory of the game's construction formats (``*.json`` per ``schemas/format.schema.json``),
    #: for a game package that ships its own; the built-in games' formats are in ``data/formats``.
    formats: str | None = None
    #: The game's card layout for print, images and Tabletop Simulator (``schemas/layout.schema.json``),
    #: a file in a package as ``"package:file.json"``; a game without one is drawn with a plain layout.
    layout: str | None = None
    #: Why the game has no collection to keep (it is sold as one shared set, every copy alike), or None
    #: when players collect its cards: ``deck need`` and ``collection`` then say so instead of counting.
    no_collection: str | None = None

    @property
    def alias(self) -> str:
        """The short name (``ob``)."""
        return self.aliases[0] if self.aliases else self.name

    def game_type(self) -> type:
        """The game's :class:`deckkit.engine.core.Game` subclass (imports the rules engine)."""
        cls = resolve_ref(self.game_class, "game_class")
        return cls if isinstance(cls, type) else type(cls)

    def settings(self) -> tuple:
        """The game's rule settings (:class:`deckkit.engine.core.Setting`)."""
        return tuple(getattr(self.game_type(), "SETTINGS", ()))

    def hook(self, name: str) -> Any:
        """A resolved hook of the spec (``deck_stats``, ``render_stats`` …), or None."""
        ref = getattr(self, name)
        return None if ref is None else resolve_ref(ref, name)

    def ability_problems(self, card: dict) -> list[Any]:
        """Every reason the card's abilities cannot work (paths from the card: ``$.abilities[0].stat``)."""
        from deckkit.engine.effects import AbilityProblem, check_ability

        abilities = card.get("abilities")
        if not isinstance(abilities, list) or not abilities:
            return []
        self.load_effects()
        from deckkit.engine.abilities import has_vocabulary
        from deckkit.engine.ability_check import card_problems

        if has_vocabulary(self.name):  # the ability language: triggers, costs, statics …
            return card_problems(self.name, card)
        out = [AbilityProblem(f"$.abilities[{i}]{p.path}", p.message, p.hint)
               for i, ability in enumerate(abilities) for p in check_ability(self.name, ability)]
        if not out and self.check_card is not None:
            out = list(self.hook("check_card")(card))
        return out

    def ability_text(self, card: dict) -> list[str]:
        """The card's abilities as English sentences (empty when the game writes no ability language)."""
        abilities = card.get("abilities")
        if not isinstance(abilities, list) or not abilities:
            return []
        self.load_effects()
        from deckkit.engine import abilities as language

        if not language.has_vocabulary(self.name):
            return []
        from deckkit.engine.ability_text import render_card

        return render_card(self.name, card)

    def compile_cards(self, cards: Iterable[dict]) -> None:
        """Refuse a card pool with an ability that cannot work (a card entering a game): DataError naming it."""
        for card in cards:
            problems = self.ability_problems(card)
            if problems:
                first = problems[0]
                raise DataError(f"card {card.get('id')!r} ({card.get('name')}) {first.path}: {first.message}",
                                hint=first.hint)

    def load_effects(self) -> dict[str, Any]:
        """The game's registered effects by name (imports its effects module)."""
        from deckkit.engine import effects

        if self.effects is not None:
            resolve_ref(self.effects, "effects")
        return effects.effects_of(self.name)


#: Comma-separated importable packages of more games (``DECKKIT_GAMES=mygame,othergame``).
GAMES_VARIABLE = "DECKKIT_GAMES"

_SPECS: dict[str, GameSpec] = {}
_NAMES: dict[str, str] = {}
_BUILTIN_LOADED = False


def _key(name: str) -> str:
    from deckkit.text import fold

    return fold(name or "").strip()


def register(game: GameSpec, *, replace: bool = False) -> GameSpec:
    """Add a game; its name and aliases must be new (``replace`` swaps a spec of the same name)."""
    if not isinstance(game, GameSpec):
        raise TypeError(f"register() takes a GameSpec, not {type(game).__name__}")
    if game.name in _SPECS and not replace:
        if _SPECS[game.name] is game:
            return game
        raise ValueError(f"game {game.name!r} is registered twice")
    for word in (game.name, *game.aliases):
        owner = _NAMES.get(_key(word))
        if owner is not None and owner != game.name:
            raise ValueError(f"{word!r} already names the game {owner!r}")
    _SPECS[game.name] = game
    for word in (game.name, *game.aliases):
        _NAMES[_key(word)] = game.name
    _changed()
    return game


def unregister(name: str) -> None:
    """Remove a game (tests that register their own game clean up with it)."""
    game = _SPECS.pop(name, None)
    if game is not None:
        for word in (game.name, *game.aliases):
            _NAMES.pop(_key(word), None)
        _changed()


_LISTENERS: list[Callable[[], None]] = []


def on_change(fn: Callable[[], None]) -> Callable[[], None]:
    """Call ``fn`` whenever the set of games changes (caches built from the registry clear themselves)."""
    _LISTENERS.append(fn)
    return fn


def _changed() -> None:
    for fn in _LISTENERS:
        fn()


def _builtin() -> None:
    global _BUILTIN_LOADED
    if _BUILTIN_LOADED:
        return
    _BUILTIN_LOADED = True
    import os

    from deckkit import games

    for package in games.BUILTIN:
        try:
            importlib.import_module(f"{games.__name__}.{package}")
        except Exception as exc:
            raise GamePackageError(f"the game package {games.__name__}.{package} cannot be imported: {exc}",
                                   hint="reinstall deckkit; a game package must import cleanly") from exc
    # More game packages, installed beside deckkit: each registers its spec when imported.
    for package in filter(None, (p.strip() for p in os.environ.get(GAMES_VARIABLE, "").split(","))):
        try:
            importlib.import_module(package)
        except Exception as exc:
            raise GamePackageError(f"the game package {package!r} named in ${GAMES_VARIABLE} cannot be imported: "
                                   f"{exc}", hint=f"install it, or remove it from ${GAMES_VARIABLE}") from exc
    # Built-in games first, in their listed order, whatever was imported first.
    order = [name for name in games.BUILTIN if name in _SPECS] + [name for name in _SPECS if name not in games.BUILTIN]
    specs = dict(_SPECS)
    _SPECS.clear()
    _SPECS.update((name, specs[name]) for name in order)
    _changed()


def registered_games() -> tuple[GameSpec, ...]:
    """Every registered game, built-in ones first, in registration order."""
    _builtin()
    return tuple(_SPECS.values())


def names_hint() -> str:
    """``"games are a (x), b (y)"`` for messages about an unknown game."""
    return "games are " + ", ".join(f"{g.name} ({g.alias})" for g in registered_games())


def resolve(name: str) -> str:
    """The canonical name of a game from its name or an alias (case- and accent-insensitive); UsageError otherwise."""
    _builtin()
    found = _NAMES.get(_key(name)) if isinstance(name, str) else None
    if found is None:
        raise UsageError(f"unknown game {name!r}", hint=names_hint())
    return found


def spec(name: str) -> GameSpec:
    """The spec of a game by name or alias; UsageError for an unknown one."""
    return _SPECS[resolve(name)]


def find(name: Any) -> GameSpec | None:
    """The spec of a game, or None when ``name`` names no game (for data that may be wrong)."""
    if not isinstance(name, str):
        return None
    _builtin()
    found = _NAMES.get(_key(name))
    return _SPECS[found] if found else None


def game_class(name: str) -> type:
    """The Game subclass of a game (imports its rules engine)."""
    return spec(name).game_type()


def load_game(name: str, cards: Iterable[dict] | None = None, **settings: Any) -> Any:
    """A Game of ``name`` over ``cards`` (the bundled pool when None) with the given rule settings."""
    cls = game_class(name)
    if cards is None:
        return cls(**settings)
    unique = list({c["id"]: c for c in cards}.values())
    return cls(unique, **settings)


def default_game() -> GameSpec:
    """The first registered game (the default of commands that need one)."""
    return registered_games()[0]


def lazy_attributes(package: str, table: dict[str, tuple[str, str, bool]]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game package: ``name -> (submodule, attribute, call it?)``.

    The package's classes and its default ``GAME`` load on first use, so that importing the
    package (to register its spec) does not import the rules engine.
    """
    def __getattr__(name: str) -> Any:
        if name not in table:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, attr, instance = table[name]
        value = getattr(importlib.import_module(f"{package}.{module}"), attr)
        if instance:
            value = value()  # the bundled card pool with default settings
        setattr(importlib.import_module(package), name, value)
        return value

    return __getattr__
