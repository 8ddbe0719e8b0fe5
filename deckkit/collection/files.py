"""Collection files (CSV or JSON, as people keep them) read into a :class:`~deckkit.collection.Collection`.

Everything is checked before anything is used: a file with an unknown or ambiguous name, a bad
count or cards of another game raises :class:`~deckkit.errors.ValidationFailed` listing every
problem (with did-you-mean), so a command that stores a collection changes nothing.
"""

from __future__ import annotations

import csv
import difflib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckkit.catalogue.rows import SEP
from deckkit.collection import MAX_COPIES, Collection
from deckkit.decks.model import Problem
from deckkit.echo import shown
from deckkit.errors import DataError, UsageError, ValidationFailed
from deckkit.text import fold

# Header words (folded) of the columns people name; the Czech and Hungarian ones too.
_NAME = {"name", "card", "card name", "cardname", "nazev", "karta", "nev", "kartya"}
_COUNT = {"count", "quantity", "qty", "copies", "owned", "amount", "have", "pocet", "ks", "db", "darab", "mennyiseg"}
_SET = {"set", "edition", "expansion", "set code", "sada", "edice", "kiadas"}
_ID = {"id", "card id", "card_id"}
_GAME = {"game", "hra", "jatek"}
SUGGESTED = 20  # unknown names that get a did-you-mean (each is a fuzzy match over the game's names)


@dataclass
class Line:
    """One row of a collection file: a name (or id), a count, an optional set, and where it stood."""

    name: str
    count: int
    where: str
    set: str | None = None
    card_id: str | None = None


def read_collection(path: str | Path, catalogue: Any, game: str | None = None) -> Collection:
    """Read and resolve a collection file in ``game`` (by default the game the file names, else the one
    its names belong to). ValidationFailed lists every problem; DataError for a file of another game."""
    from deckkit.fileio import read_text

    text = read_text(path, what="collection file")
    declared, lines, problems = parse(text, str(path))
    return resolve_lines(lines, catalogue, game, declared, str(path), problems)


def parse(text: str, path: str = "") -> tuple[str | None, list[Line], list[Problem]]:
    """(the game the file names or None, its lines, every problem of form) of a CSV or JSON collection."""
    text = text.removeprefix("\ufeff")  # a byte-order mark a spreadsheet wrote is not part of the first cell
    stripped = text.lstrip()
    if path.lower().endswith(".json") or stripped.startswith(("[", "{")):
        return _parse_json(text)
    return _parse_csv(text)


# ------------------------------------------------------------------ counts

def _count(raw: Any, where: str) -> tuple[int | None, Problem | None]:
    """A count from a cell or a JSON value: a whole number 0 … MAX_COPIES ("3x" as in deck files)."""
    value = raw
    if isinstance(raw, str):
        text = raw.strip().lower().removesuffix("x").strip()
        if text.isdigit() and len(text) > 9:  # never int() of thousands of digits, nor print them all
            return None, Problem("huge-count", f"{where}: count of {len(text)} digits is more than {MAX_COPIES:,} "
                                 "copies", hint="is a number from another column (a price, a card number) in the "
                                                "count column?")
        try:
            value = int(text)
        except ValueError:
            return None, Problem("bad-count", f"{where}: count {shown(raw, 40)} is not a whole number",
                                 hint=f"a count is a whole number from 0 to {MAX_COPIES:,}")
    if isinstance(value, bool) or not isinstance(value, int):
        return None, Problem("bad-count", f"{where}: count {shown(raw, 40)} is not a whole number",
                             hint=f"a count is a whole number from 0 to {MAX_COPIES:,}")
    if value < 0:
        return None, Problem("negative-count", f"{where}: count {value} is negative",
                             hint="a count says how many copies you own: 0 or more")
    if value > MAX_COPIES:
        amount = f"{value:,}" if value < 10**12 else f"of {len(str(value))} digits"
        return None, Problem("huge-count", f"{where}: count {amount} is more than {MAX_COPIES:,} copies",
                             hint="is a number from another column (a price, a card number) in the count column?")
    return value, None


# ------------------------------------------------------------------ CSV

def _dialect(text: str) -> str:
    """The delimiter of the first non-empty, non-comment line: the most frequent of , ; and tab."""
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _header(row: list[str]) -> dict[str, int] | None:
    """Column positions of a header row (name and count at least), or None when the row is data."""
    cols: dict[str, int] = {}
    for i, cell in enumerate(row):
        key = fold(cell).strip().replace("_", " ")
        for role, words in (("name", _NAME), ("count", _COUNT), ("set", _SET), ("id", _ID), ("game", _GAME)):
            if key in words and role not in cols:
                cols[role] = i
    if ("name" in cols or "id" in cols) and "count" in cols:
        return cols
    return None


def _is_number(cell: str) -> bool:
    return cell.strip().lower().removesuffix("x").strip().lstrip("-").isdigit()


def _parse_csv(text: str) -> tuple[str | None, list[Line], list[Problem]]:
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=_dialect(text)))
    except csv.Error as exc:
        return None, [], [Problem("bad-csv", f"not readable as CSV: {exc}", hint="save the sheet as CSV (UTF-8)")]
    lines: list[Line] = []
    problems: list[Problem] = []
    games: set[str] = set()
    cols: dict[str, int] | None = None
    for number, row in enumerate(rows, 1):
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if cols is None and not lines and not problems:
            cols = _header(cells)
            if cols is not None:
                continue
        where = f"line {number}"
        if cols is None:  # no header: name,count[,set], or count,name[,set] as some exports write it
            if len(cells) < 2:
                problems.append(Problem("bad-line", f"{where}: {shown(row)} has no count",
                                        hint="write name,count[,set] (or a header row naming the columns)"))
                continue
            name_at, count_at = (1, 0) if _is_number(cells[0]) and not _is_number(cells[1]) else (0, 1)
            use = {"name": name_at, "count": count_at, "set": 2}
        else:
            use = cols
        name, card_id = _cell(cells, use, "name"), _cell(cells, use, "id") or None
        if not name and not card_id:
            problems.append(Problem("bad-line", f"{where}: no card name", hint="every row names a card"))
            continue
        count, problem = _count(_cell(cells, use, "count"), f"{where} ({name or card_id})")
        if problem is not None:
            problems.append(problem)
            continue
        assert count is not None
        if _cell(cells, use, "game"):
            games.add(_cell(cells, use, "game"))
        lines.append(Line(name or card_id or "", count, where, _cell(cells, use, "set") or None, card_id))
    return _one_game(games, problems), lines, problems


def _cell(cells: list[str], columns: dict[str, int], role: str) -> str:
    """The cell of a column role in a row ("" when the row is short or the file has no such column)."""
    at = columns.get(role)
    return cells[at] if at is not None and at < len(cells) else ""


def _one_game(games: set[str], problems: list[Problem]) -> str | None:
    """The game a file names in its game column or key (aliases allowed); a problem when it names several."""
    from deckkit.engine.registry import resolve

    found: set[str] = set()
    for g in games:
        try:
            found.add(resolve(g))
        except UsageError as exc:
            problems.append(Problem("unknown-game", exc.message, hint=exc.hint))
    if len(found) > 1:
        problems.append(Problem("several-games", "the file names several games: " + ", ".join(sorted(found)),
                                hint="keep one collection file per game"))
    return next(iter(found)) if len(found) == 1 else None


# ------------------------------------------------------------------ JSON

def _parse_json(text: str) -> tuple[str | None, list[Line], list[Problem]]:
    from deckkit.fileio import loads_json

    try:
        data = loads_json(text)
    except ValueError as exc:
        return None, [], [Problem("bad-json", f"not JSON: {exc}", hint="a collection file is CSV or JSON")]
    games: set[str] = set()
    prefix = "$"
    if isinstance(data, dict) and "cards" in data:
        if isinstance(data.get("game"), str):
            games.add(data["game"])
        data, prefix = data["cards"], "$.cards"
    problems: list[Problem] = []
    lines: list[Line] = []
    if isinstance(data, dict):  # {"Name": count}
        for name, raw in data.items():
            count, problem = _count(raw, f"{prefix}[{shown(name)}]")
            if problem is not None:
                problems.append(problem)
            elif count is not None:
                lines.append(Line(name, count, f"{prefix}[{shown(name)}]"))
        return _one_game(games, problems), lines, problems
    if not isinstance(data, list):
        return None, [], [Problem("bad-json", f"{prefix}: expected a list of cards, not {type(data).__name__}",
                                  hint='write [{"name": "…", "count": 2}, …] or {"Name": 2, …}')]
    for i, item in enumerate(data):
        where = f"{prefix}[{i}]"
        if not isinstance(item, dict):
            problems.append(Problem("bad-json", f"{where}: expected an object with name and count",
                                    hint='e.g. {"name": "Chleba", "count": 3}'))
            continue
        keys = {fold(str(k)).replace("_", " "): k for k in item}
        name, card_id, raw = _pick(item, keys, _NAME), _pick(item, keys, _ID), _pick(item, keys, _COUNT)
        if not isinstance(name, str) and not isinstance(card_id, str):
            problems.append(Problem("bad-json", f"{where}: no card name (name or id)", hint='e.g. {"name": "Chleba", "count": 3}'))
            continue
        if raw is None:
            problems.append(Problem("bad-count", f"{where}.count is missing", hint="every card has a count"))
            continue
        count, problem = _count(raw, f"{where}.count")
        if problem is not None:
            problems.append(problem)
            continue
        assert count is not None
        if isinstance(g := _pick(item, keys, _GAME), str):
            games.add(g)
        card_set = _pick(item, keys, _SET)
        lines.append(Line(name if isinstance(name, str) else str(card_id), count, where,
                          card_set if isinstance(card_set, str) else None, card_id if isinstance(card_id, str) else None))
    return _one_game(games, problems), lines, problems


def _pick(item: dict, keys: dict[str, Any], words: set[str]) -> Any:
    """The value of the first key of ``item`` that is one of ``words`` (folded), or None."""
    return next((item[keys[w]] for w in words if w in keys), None)


# ------------------------------------------------------------------ resolving

class NameIndex:
    """A game's cards by id, folded name and translated name, read in one query (a collection has thousands)."""

    def __init__(self, conn: Any, game: str) -> None:
        self.by_id: dict[str, tuple[str, str, str | None]] = {}
        self.by_name: dict[str, list[str]] = {}
        self.translated: dict[str, list[str]] = {}
        self.sources: dict[str, str] = {}
        for cid, name, key, names_key, set_key, source in conn.execute(
                "SELECT id, name, name_key, names_key, set_key, source FROM cards WHERE game = ? ORDER BY id", (game,)):
            self.by_id[cid] = (name, key, set_key)
            self.sources[cid] = source
            self.by_name.setdefault(key, []).append(cid)
            for other in (names_key or "").split(SEP):
                if other:
                    self.translated.setdefault(other, []).append(cid)

    def candidates(self, line: Line) -> list[str]:
        """Ids of the cards a line may mean: its id, else its name (printed, else translated), in its set."""
        if line.card_id and line.card_id in self.by_id:
            return [line.card_id]
        key = fold(line.name)
        found = self.by_name.get(key) or self.translated.get(key)
        if not found and line.name.strip() in self.by_id:
            found = [line.name.strip()]
        return list(found or ())

    def preferred(self, name: str, ids: list[str], prefer: tuple[str, ...]) -> list[str]:
        """The ids a shared name still means after the catalogue's preference (deckkit db prefer)."""
        if not prefer:
            return ids
        from deckkit.catalogue.prefer import choose

        try:
            return [choose(name, [{"id": i, "set": self.by_id[i][2]} for i in ids], self.sources, prefer)["id"]]
        except DataError:
            return ids

    def suggest(self, name: str) -> list[str]:
        """Real names close to ``name`` (substring matches first)."""
        key = fold(name)
        real = {k: self.by_id[ids[0]][0] for k, ids in self.by_name.items()}
        out = [real[k] for k in real if key and key in k][:3]
        out += [real[k] for k in difflib.get_close_matches(key, list(real), n=3, cutoff=0.6) if real[k] not in out]
        return out[:3]


def _games_of(conn: Any, keys: list[str]) -> dict[str, int]:
    """game -> how many of these folded names (or ids) are its cards' names or ids."""
    out: dict[str, int] = {}
    for i in range(0, len(keys), 400):
        chunk = keys[i:i + 400]
        marks = ",".join("?" * len(chunk))
        for game, n in conn.execute(f"SELECT game, count(*) FROM cards WHERE name_key IN ({marks}) OR id IN ({marks}) "
                                    "GROUP BY game", [*chunk, *chunk]):
            out[game] = out.get(game, 0) + n
    return out


def _key(line: Line) -> str:
    return line.card_id or fold(line.name)


def guess_game(conn: Any, lines: list[Line]) -> str | None:
    """The game most of the (first 500) names belong to, or None when none is a card of the catalogue."""
    found = _games_of(conn, sorted({_key(ln) for ln in lines[:500]}))
    return max(found, key=lambda g: found[g]) if found else None


def resolve_lines(lines: list[Line], catalogue: Any, game: str | None, declared: str | None = None,
                  path: str | None = None, found: list[Problem] | None = None) -> Collection:
    """Resolve parsed lines in one game: every problem at once (ValidationFailed, with the problems of
    form ``found`` while parsing), duplicates summed."""
    from deckkit.engine.registry import resolve as resolve_game

    conn = catalogue.conn
    wanted = resolve_game(game) if game else None
    if wanted and declared and declared != wanted:
        raise DataError(f"this is a collection of {declared}, not {wanted}", path=path,
                        hint=f"give a {wanted} collection, or --game {declared}")
    wanted = wanted or declared or guess_game(conn, lines)
    if wanted is None:
        if found:
            raise ValidationFailed(f"{len(found)} problem(s) in the collection; nothing was changed", found,
                                   path=path, hint=found[0].hint)
        raise DataError("no line names a card of the catalogue", path=path,
                        hint="check the names (deckkit search NAME), or import the cards first")
    index = NameIndex(conn, wanted)
    prefer = catalogue.preference() if hasattr(catalogue, "preference") else ()
    out = Collection(wanted, path=path)
    first: dict[str, Line] = {}
    problems: list[Problem] = list(found or ())
    unknown: list[Line] = []
    for line in lines:
        ids = index.candidates(line)
        if ids and line.set:
            in_set = [i for i in ids if index.by_id[i][2] == fold(line.set)]
            if not in_set:
                problems.append(Problem("not-in-set", f"{line.where}: {index.by_id[ids[0]][0]} is not in set {shown(line.set)}",
                                        card=line.name, hint="sets of that name: " + ", ".join(
                                            sorted({str(index.by_id[i][2]) for i in ids}))))
                continue
            ids = in_set
        if not ids:
            unknown.append(line)
            continue
        if len(ids) > 1:
            ids = index.preferred(line.name, ids, prefer)
        if len(ids) > 1:
            problems.append(Problem("ambiguous-name", f"{line.where}: {shown(line.name)} names {len(ids)} cards: "
                                    + ", ".join(ids), card=line.name,
                                    hint="add a set column, write the card's id instead of its name, or say "
                                         "which source wins (deckkit db prefer)"))
            continue
        cid = ids[0]
        out.names[cid] = index.by_id[cid][0]
        if cid in first:
            out.notices.append(f"{line.where} repeats {out.names[cid]} ({first[cid].where}): counted together as "
                               f"{out.counts[cid] + line.count}")
        else:
            first[cid] = line
        out.counts[cid] = out.counts.get(cid, 0) + line.count
    if unknown:
        _unknown(conn, unknown, index, wanted, len({_key(ln) for ln in lines}), problems, path)
    for cid, n in out.counts.items():
        if n > MAX_COPIES:
            problems.append(Problem("huge-count", f"{out.names[cid]}: {n:,} copies in all, more than {MAX_COPIES:,}",
                                    card=out.names[cid], hint="the lines naming it add up to this"))
    if problems:
        raise ValidationFailed(f"{len(problems)} problem(s) in the collection; nothing was changed", problems,
                               path=path, hint=problems[0].hint)
    return out  # a count of 0 stays: importing it takes the card out of the collection


def _unknown(conn: Any, unknown: list[Line], index: NameIndex, game: str, total: int, problems: list[Problem],
             path: str | None) -> None:
    """Problems for names the game does not know: another game's collection, another game's cards, or typos."""
    keys = sorted({_key(ln) for ln in unknown})
    elsewhere = {g: n for g, n in _games_of(conn, keys).items() if g != game}
    if elsewhere:
        other = max(elsewhere, key=lambda g: elsewhere[g])
        if elsewhere[other] * 2 > total:
            raise DataError(f"this looks like a collection of {other} ({elsewhere[other]:,} of the {total:,} cards it "
                            f"names are {other} cards), not of {game}", path=path,
                            hint=f"give a collection of {game} cards (keep one collection file per game)")
    owners: dict[str, str] = {}
    if elsewhere:
        for i in range(0, len(keys), 400):
            chunk = keys[i:i + 400]
            marks = ",".join("?" * len(chunk))
            for name_key, cid, owner in conn.execute(f"SELECT name_key, id, game FROM cards WHERE game != ? AND "
                                                     f"(name_key IN ({marks}) OR id IN ({marks}))", [game, *chunk, *chunk]):
                owners[name_key] = owners[cid] = owner
    for n, line in enumerate(unknown):
        owner = owners.get(_key(line))
        if owner:
            problems.append(Problem("wrong-game", f"{line.where}: {line.name} is a card of {owner}, not {game}",
                                    card=line.name, hint="keep one collection file per game"))
            continue
        close = index.suggest(line.name) if n < SUGGESTED else []
        message = f"{line.where}: unknown card {shown(line.name)}" + (f" — did you mean {close[0]}?" if close else "")
        problems.append(Problem("unknown-card", message, card=line.name,
                                hint=f"did you mean {' or '.join(close)}?" if close else
                                "`deckkit search NAME` finds cards by part of their name"))


__all__ = ["Line", "NameIndex", "guess_game", "parse", "read_collection", "resolve_lines"]
