"""Keywords as data: a designer names a recurring ability once and gives it to many cards by name.

A card file may carry a ``keywords`` section beside its cards (or be a file of keywords only)::

    {"keywords": {"swift": {"game": "…", "text": "It can attack in the turn it arrives.",
                            "abilities": [{"static": [{"effect": "…"}]}]}},
     "cards": [{"id": "…", "keywords": ["swift"], …}]}

A card names keywords in its ``keywords`` list, or as an ability ``{"keyword": "swift"}`` (in the
place it should take among the card's abilities). A definition's abilities may name other
keywords the same way, so one keyword can be built from others.

**Expanded at import.** :func:`expand_card` replaces each name by the definition's abilities,
each tagged ``"keyword": NAME`` (the name the card gave), and keeps the card's ``keywords`` list
for display. The stored card is therefore self-contained: every engine (scripts, goldfish,
matches) reads its ``abilities`` as usual, an exported card imports anywhere without the
definition, and a card already expanded is not expanded again (a name whose tagged abilities the
card has needs no definition). The definitions themselves are kept in the catalogue too (so a later
import may use a keyword defined earlier, and ``deckkit card`` shows its meaning).

**A game's built-in keywords** (a continuous effect whose ``keyword`` parameter takes a fixed list
of names) are keywords of the same kind: a card may list them by name, ``deckkit games
--abilities`` lists them with their meaning, and a designer cannot redefine them.

Everything here is checked as data, before anything is written: a name that is not defined (with
the defined names and a did-you-mean), one defined twice differently, one that refers to itself
(directly or through others), one of another game, and the definition's abilities as abilities of
its game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from deckkit.echo import shown
from deckkit.engine.effects import did_you_mean
from deckkit.schemas import Problem

__all__ = ["Definition", "Expansion", "read_section", "builtin_keywords", "KeywordTable", "expand_card",
           "CONTENT_KEYS", "is_reference", "keyword_of", "card_keywords", "restate", "grants_named"]

#: The keys that give an ability content; an ability with "keyword" and none of them is a reference.
CONTENT_KEYS = ("trigger", "cost", "static", "do", "modes", "replace", "effect")
_DEF_KEYS = ("game", "text", "abilities")
NAME_PATTERN = re.compile(r"^[^\W_][\w' -]{0,39}$")
MAX_DEPTH = 8  # a keyword built of keywords built of keywords …: deeper is surely a mistake


def is_reference(ability: Any) -> bool:
    """Whether an ``abilities`` entry names a keyword to put in its place (``{"keyword": NAME}``)."""
    return isinstance(ability, dict) and "keyword" in ability and not any(k in ability for k in CONTENT_KEYS)


def keyword_of(ability: Any) -> str | None:
    """The keyword an expanded ability came from (its ``keyword`` tag), or None."""
    if isinstance(ability, dict) and isinstance(ability.get("keyword"), str) and not is_reference(ability):
        return ability["keyword"]
    return None


def card_keywords(card: dict) -> list[str]:
    """The keyword names a card shows: its ``keywords`` list, then any other tag of its abilities."""
    names = [k for k in card.get("keywords") or () if isinstance(k, str)]
    for ability in card.get("abilities") or ():
        tag = keyword_of(ability)
        if tag is not None and tag not in names:
            names.append(tag)
    return names


@dataclass(frozen=True)
class Definition:
    """One keyword: its game, its meaning in words (``text``) and its abilities as written; where it was
    defined (``file`` and ``path``, ``builtin`` for the game's own)."""

    name: str
    game: str
    text: str
    abilities: tuple = ()
    file: str = ""
    path: str = ""
    builtin: bool = False

    def data(self) -> dict:
        """The definition as written in a card file (and stored in the catalogue)."""
        out: dict[str, Any] = {"game": self.game}
        if self.text:
            out["text"] = self.text
        out["abilities"] = list(self.abilities)
        return out

    def same(self, other: Definition) -> bool:
        return (self.game, self.text, _canonical(self.abilities)) == (other.game, other.text,
                                                                     _canonical(other.abilities))

    @property
    def where(self) -> str:
        return "built into the game" if self.builtin else f"{self.file} {self.path}".strip()


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _games() -> list[str]:
    from deckkit.engine.registry import registered_games

    return [g.name for g in registered_games()]


def read_section(section: Any, file: str) -> tuple[list[Definition], list[Problem]]:
    """The definitions of a file's ``keywords`` section (an object: name -> definition)."""
    if not isinstance(section, dict):
        return [], [Problem(file, "'keywords' must be an object: keyword name -> definition", path="$.keywords",
                            hint='for example {"keywords": {"swift": {"game": …, "text": …, "abilities": [ … ]}}}')]
    out, problems = [], []
    games = _games()
    for name, data in section.items():
        at = f"$.keywords[{json.dumps(name, ensure_ascii=False)}]"

        def bad(message: str, hint: str | None = None, sub: str = "", at: str = at) -> None:
            problems.append(Problem(file, message, path=at + sub, hint=hint))

        if not NAME_PATTERN.match(name):
            bad(f"{shown(name)} is not a keyword name", "a name is 1 to 40 letters, digits, spaces, dashes or "
                "apostrophes, starting with a letter or digit")
            continue
        if not isinstance(data, dict):
            bad("a keyword definition must be an object", 'keys: game, text, abilities (e.g. {"game": '
                f'"{games[0]}", "text": "…", "abilities": [ … ]}})')
            continue
        for key in data:
            if key not in _DEF_KEYS:
                bad(f"{shown(key)} is not a key of a keyword definition",
                    did_you_mean(key, _DEF_KEYS) + "a definition has: " + ", ".join(_DEF_KEYS), f".{key}")
        game = data.get("game")
        if game not in games:
            bad(f"{shown(game)} is not a game" if "game" in data else "the definition names no game",
                did_you_mean(game, games) + "game is one of: " + ", ".join(games), ".game")
            continue
        text = data.get("text", "")
        if not isinstance(text, str) or len(text) > 1000:
            bad("the text must be a string of at most 1000 characters", "what the keyword means, in words",
                ".text")
            continue
        abilities = data.get("abilities")
        if not isinstance(abilities, list) or not abilities or len(abilities) > 20:
            bad("a keyword needs 'abilities': a list of 1 to 20 abilities", "the abilities a card with this "
                'keyword gets, written as a card\'s abilities are, e.g. [{"static": [ … ]}]', ".abilities")
            continue
        out.append(Definition(name, game, text, tuple(abilities), file, at))
    return out, problems


def builtin_keywords(game: str) -> dict[str, str]:
    """The game's own keywords and what each means in English: the names a continuous effect's
    ``keyword`` parameter takes (``{"effect": "keyword", "keyword": NAME}``)."""
    from deckkit.engine.abilities import Static, has_vocabulary, vocabulary
    from deckkit.engine.ability_text import Words
    from deckkit.engine.registry import find

    spec = find(game)
    if spec is not None:
        spec.load_effects()  # a game's words are registered with its effects
    if not has_vocabulary(game):
        return {}
    vocab = vocabulary(game)
    out: dict[str, str] = {}
    for kind in vocab.statics.values():
        names = (kind.params.get("keyword") or {}).get("enum")
        if not names or kind.cards:
            continue
        w = Words(vocab, "it")
        for name in names:
            try:
                out[name] = w.static(Static(kind.name, (("keyword", name),)))
            except (KeyError, ValueError, TypeError, IndexError):  # a phrase that needs more parameters
                out[name] = kind.description
    return out


def _builtin_definitions(game: str) -> dict[str, Definition]:
    from deckkit.engine.abilities import has_vocabulary, vocabulary

    meanings = builtin_keywords(game)  # (loads the game's words)
    if not has_vocabulary(game):
        return {}
    vocab = vocabulary(game)
    out = {}
    for kind in vocab.statics.values():
        for name in (kind.params.get("keyword") or {}).get("enum") or ():
            if name in meanings and name not in out:
                out[name] = Definition(name, game, meanings[name],
                                       ({"static": [{"effect": kind.name, "keyword": name}]},), builtin=True)
    return out


@dataclass
class Expansion:
    """A card after :func:`expand_card`: its data, and for each of its abilities where it came from
    (None: written on the card; else (keyword, the card's JSON path that named it, the definition))."""

    card: dict
    origins: list[tuple[str, str, Definition] | None] = field(default_factory=list)

    def locate(self, problem: Problem) -> Problem:
        """A problem found in an expanded ability, told at the place the card named the keyword."""
        m = re.match(r"^\$\.abilities\[(\d+)\](.*)$", problem.path or "")
        if not m or int(m.group(1)) >= len(self.origins) or self.origins[int(m.group(1))] is None:
            return problem
        origin = self.origins[int(m.group(1))]
        assert origin is not None
        name, path, definition = origin
        inside = f"{definition.path}.abilities…{m.group(2)}" if definition.path else f"abilities…{m.group(2)}"
        return Problem(problem.file, f"keyword {name!r} ({definition.where}): {problem.message}", problem.line,
                       problem.record, path, problem.hint or f"see {inside}")


class KeywordTable:
    """The keywords an import can use: the import's own definitions, then the catalogue's, then the
    games' built-in ones; with the problems of the definitions (twice differently, a built-in name,
    a name that refers to itself or to no keyword, abilities that cannot work)."""

    def __init__(self, defined: Iterable[Definition], stored: Mapping[tuple[str, str], Definition] | None = None
                 ) -> None:
        self.problems: list[Problem] = []
        self.own: dict[tuple[str, str], Definition] = {}
        self.stored = dict(stored or {})
        self._builtin: dict[str, dict[str, Definition]] = {}
        for d in defined:
            key = (d.game, d.name)
            first = self.own.get(key)
            if d.name in self.builtins(d.game):
                self.problems.append(Problem(d.file, f"{d.name!r} is a built-in keyword of {d.game}: it cannot be "
                                             "defined again", path=d.path, hint="give your keyword a name of its "
                                             "own; built-in keywords: " + ", ".join(self.builtins(d.game))))
            elif first is None:
                self.own[key] = d
            elif not first.same(d):
                self.problems.append(Problem(d.file, f"keyword {d.name!r} is defined twice, differently "
                                             f"(first in {first.where})", path=d.path,
                                             hint=f"keep one definition of {d.name!r}, or give this one a name of "
                                                  f"its own such as {d.name + '-2'!r}"))
        self.bad: set[tuple[str, str]] = set()
        for key, d in self.own.items():
            found = self._check(d)
            if found:
                self.bad.add(key)
                self.problems += found

    def builtins(self, game: str) -> dict[str, Definition]:
        found = self._builtin.get(game)
        if found is None:
            found = self._builtin[game] = _builtin_definitions(game)
        return found

    def get(self, game: str, name: str) -> Definition | None:
        return self.own.get((game, name)) or self.stored.get((game, name)) or self.builtins(game).get(name)

    def names(self, game: str) -> list[str]:
        """Every keyword name a card of ``game`` may use."""
        own = {n for g, n in (*self.own, *self.stored) if g == game}
        return sorted(own | set(self.builtins(game)))

    def other_game(self, game: str, name: str) -> str | None:
        """The game that defines ``name``, when ``game`` does not."""
        for g, n in (*self.own, *self.stored):
            if n == name and g != game:
                return g
        return None

    def changed(self) -> list[Definition]:
        """The import's definitions that the catalogue does not hold yet, or holds differently."""
        return [d for key, d in self.own.items() if key not in self.stored or not self.stored[key].same(d)]

    def dependents(self, game: str, names: set[str]) -> set[str]:
        """``names`` and every keyword of ``game`` built on one of them (through others too)."""
        out = set(names)
        defined = {n: d for (g, n), d in {**self.stored, **self.own}.items() if g == game}
        grew = True
        while grew:
            grew = False
            for name, d in defined.items():
                if name not in out and any(is_reference(a) and a["keyword"] in out for a in d.abilities):
                    out.add(name)
                    grew = True
        return out

    # a definition's own problems
    def _check(self, d: Definition) -> list[Problem]:
        problems: list[Problem] = []
        seen: list[str] = []
        self._walk(d, d, seen, problems, d.path)
        if problems:
            return problems
        from deckkit.engine.abilities import has_vocabulary
        from deckkit.engine.ability_check import compile_ability

        if has_vocabulary(d.game):
            for i, ability in enumerate(d.abilities):
                if is_reference(ability):
                    continue
                _, found = compile_ability(d.game, ability, None, f"{d.path}.abilities[{i}]")
                problems += [Problem(d.file, p.message, path=p.path, hint=p.hint) for p in found]
        return problems

    def _walk(self, root: Definition, d: Definition, chain: list[str], problems: list[Problem], at: str) -> None:
        """Refuse a reference to no keyword, to another game's, or back to one on the way (a cycle)."""
        chain.append(d.name)
        for i, ability in enumerate(d.abilities):
            if not is_reference(ability):
                continue
            name = ability["keyword"]
            path = f"{d.path}.abilities[{i}].keyword" if d is root else at
            if name in chain:
                loop = " → ".join([*chain[chain.index(name):], name])
                problems.append(Problem(root.file, f"keyword {root.name!r} refers to itself ({loop})", path=path,
                                        hint="a keyword cannot include itself, directly or through another; "
                                             "remove the reference"))
                continue
            found = self.get(d.game, name) if isinstance(name, str) else None
            if found is None:
                problems.append(_undefined(root.file, None, path, name, d.game, self))
            elif len(chain) >= MAX_DEPTH:
                problems.append(Problem(root.file, f"keyword {root.name!r} nests keywords more than {MAX_DEPTH} "
                                        "deep", path=path, hint="write the abilities out in fewer levels"))
            elif not found.builtin:
                self._walk(root, found, chain, problems, path)
        chain.pop()

    # expanding
    def abilities_of(self, d: Definition) -> list[dict]:
        """A definition's abilities with the keywords it names put in their places (it is checked: no cycle)."""
        out: list[dict] = []
        for ability in d.abilities:
            if is_reference(ability):
                inner = self.get(d.game, ability["keyword"])
                if inner is not None:
                    out += self.abilities_of(inner)
            else:
                out.append(ability)
        return out


def _undefined(file: str, record: int | None, path: str, name: Any, game: str, table: KeywordTable) -> Problem:
    names = table.names(game)
    elsewhere = table.other_game(game, name) if isinstance(name, str) else None
    if elsewhere is not None:
        return Problem(file, f"{shown(name)} is a keyword of {elsewhere}, not of {game}", None, record, path,
                       f"{game} keywords: {', '.join(names) or 'none'}; define {name!r} for {game} too, or "
                       "check the card's game")
    listed = ", ".join(names) or "none yet"
    return Problem(file, f"{shown(name)} is not a defined keyword of {game}" if isinstance(name, str) else
                   f"{shown(name)} is not a keyword name", None, record, path,
                   did_you_mean(name, names) + f"keywords are: {listed}; define one in a 'keywords' section of a card "
                   "file (or a keywords file imported with the cards)")


def _grant_steps(value: Any, path: str):
    """(step, JSON path) of every ``grant`` step in an ability, however deep (a trigger's, a mode's …)."""
    if isinstance(value, dict):
        if value.get("effect") == "grant":
            yield value, path
        for key, inner in value.items():
            yield from _grant_steps(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _grant_steps(inner, f"{path}[{i}]")


def grants_named(card: Any) -> bool:
    """Whether a card grants a keyword whose abilities an import must put in (a name not expanded yet)."""
    abilities = card.get("abilities") if isinstance(card, dict) else None
    return any(isinstance(step.get("keyword"), str) and "abilities" not in step
               for step, _ in _grant_steps(abilities, "$.abilities"))


def _expand_grants(card: dict, table: KeywordTable, file: str, record: int | None) -> tuple[dict, list[Problem]]:
    """The card with each granted designer keyword's abilities put into its ``grant`` step (a built-in
    keyword brings none); a name no keyword has is refused at the step's ``keyword``."""
    game = card["game"]
    steps = [(s, p) for s, p in _grant_steps(card.get("abilities"), "$.abilities")
             if isinstance(s.get("keyword"), str) and "abilities" not in s]
    if not steps:
        return card, []
    problems: list[Problem] = []
    out = json.loads(json.dumps(card))  # a copy whose steps can take the abilities
    for (step, path), (mine, _) in zip(steps, [(s, p) for s, p in _grant_steps(out.get("abilities"), "$.abilities")
                                              if isinstance(s.get("keyword"), str) and "abilities" not in s]):
        d = table.get(game, step["keyword"])
        if d is None:
            problems.append(_undefined(file, record, f"{path}.keyword", step["keyword"], game, table))
        elif (game, d.name) in table.bad:
            problems.append(Problem(file, f"keyword {d.name!r} cannot work (see its definition in {d.where})",
                                    None, record, f"{path}.keyword", "fix the definition: its problems are listed above"))
        elif not d.builtin:
            mine["abilities"] = table.abilities_of(d)
    return out, problems


def expand_card(card: Any, table: KeywordTable, file: str = "", record: int | None = None
                ) -> tuple[Expansion | None, list[Problem]]:
    """The card with its keywords put in as abilities (None when it names none), and the problems of
    the names it gives (granted keywords too: a grant of a designer keyword carries its abilities)."""
    if not isinstance(card, dict):
        return None, []
    if isinstance(card.get("game"), str) and grants_named(card):
        card, found = _expand_grants(card, table, file, record)
        if found:
            return None, found
        expansion, more = _expand_named(card, table, file, record)
        return expansion or Expansion(card, [None] * len(card.get("abilities") or ())), more
    return _expand_named(card, table, file, record)


def _expand_named(card: dict, table: KeywordTable, file: str, record: int | None
                  ) -> tuple[Expansion | None, list[Problem]]:
    """The card with the keywords it lists or names among its abilities put in as abilities."""
    listed = card.get("keywords")
    abilities = card.get("abilities")
    refs = isinstance(abilities, list) and any(is_reference(a) for a in abilities)
    if listed is None and not refs:
        return None, []
    game = card.get("game")
    if not isinstance(game, str):
        return None, []  # the schema check names the missing game
    problems: list[Problem] = []
    if listed is not None and not (isinstance(listed, list) and all(isinstance(n, str) for n in listed)):
        return None, [Problem(file, "'keywords' must be a list of keyword names", None, record, "$.keywords",
                              'for example "keywords": ["swift"]')]
    have = {keyword_of(a) for a in abilities} if isinstance(abilities, list) else set()
    new: list[Any] = []
    origins: list[tuple[str, str, Definition] | None] = []

    def put(name: Any, path: str) -> None:
        d = table.get(game, name) if isinstance(name, str) else None
        if d is None:
            problems.append(_undefined(file, record, path, name, game, table))
            return
        if (game, name) in table.bad:
            problems.append(Problem(file, f"keyword {name!r} cannot work (see its definition in {d.where})",
                                    None, record, path, "fix the definition: its problems are listed above"))
            return
        for ability in table.abilities_of(d):
            new.append({"keyword": name, **{k: v for k, v in ability.items() if k != "keyword"}})
            origins.append((name, path, d))

    for i, ability in enumerate(abilities if isinstance(abilities, list) else ()):
        if is_reference(ability):
            put(ability["keyword"], f"$.abilities[{i}].keyword")
        else:
            new.append(ability)
            origins.append(None)
    names: list[str] = listed or []
    for i, name in enumerate(names):
        if names.index(name) != i:
            problems.append(Problem(file, f"keyword {shown(name)} is listed twice", None, record, f"$.keywords[{i}]",
                                    "list each keyword once"))
        elif name not in have:
            put(name, f"$.keywords[{i}]")
    out = dict(card)
    out["abilities"] = new
    if not new:
        del out["abilities"]
    return Expansion(out, origins), problems


def restate(card: dict, names: set[str], table: KeywordTable) -> dict:
    """A stored card with the abilities of the keywords ``names`` replaced by their definitions' abilities
    now (a definition changed): where the first of a keyword's abilities was, the new ones stand."""
    out: list[Any] = []
    done: set[str] = set()
    for ability in card.get("abilities") or ():
        tag = keyword_of(ability)
        if tag is None or tag not in names:
            out.append(ability)
            continue
        d = table.get(card["game"], tag)
        if tag not in done and d is not None:
            done.add(tag)
            out += [{"keyword": tag, **{k: v for k, v in a.items() if k != "keyword"}} for a in table.abilities_of(d)]
    return {**card, "abilities": out}
