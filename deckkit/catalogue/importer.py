"""Import card files (JSON array, JSON Lines, CSV): read, validate every record, upsert in one transaction.

Nothing is written unless every record of every file is valid. Problems name the file, the line
and record, the JSON path, what is wrong and a hint.

A JSON file may also be an object with a ``keywords`` section (keywords designers define,
:mod:`deckkit.engine.keywords`) and a ``cards`` list, or hold keywords only. The keywords of every
file of an import, the catalogue's and the games' own can be given to any card of the import;
each card is expanded before it is checked, and the definitions are stored with the cards.
"""

from __future__ import annotations

import gc
import json
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable, Iterator, Sequence

from deckkit.catalogue.clashes import control_names, misdecoded_names, name_clashes
from deckkit.catalogue.import_keywords import ability_warnings, expand_keywords
from deckkit.catalogue.lines import fill_lines
from deckkit.inputs import read_bytes
from deckkit.catalogue.jsontext import loads as _loads
from deckkit.echo import shown, shown_key
from deckkit.errors import ValidationFailed
from deckkit.catalogue.validity import all_valid as _all_valid
from deckkit.schemas import Problem, ability_problems, card_problems, fast_card_check

__all__ = ["Record", "ImportReport", "Plan", "read_file", "validate_records", "plan", "import_files"]


class Record:
    """One input record and where it came from."""

    __slots__ = ("file", "line", "number", "data")

    def __init__(self, file: str, line: int | None, number: int, data: Any) -> None:
        self.file, self.line, self.number, self.data = file, line, number, data


@dataclass
class ImportReport:
    """What an import did (or, with ``dry_run``, would do)."""

    files: list[str]
    records: int
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: int = 0
    dry_run: bool = False
    elapsed_s: float = 0.0
    # Cards whose name another card of the game has under another id (deckkit.catalogue.clashes), and
    # abilities that can never do anything (deckkit.engine.ability_warnings).
    warnings: list[Problem] = field(default_factory=list)
    # Keyword definitions the import adds to the catalogue or changes there ("game/name").
    keywords: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON form (``import -o json``)."""
        return {"files": self.files, "records": self.records, "added": len(self.added), "updated": len(self.updated),
                "unchanged": self.unchanged, "dry_run": self.dry_run, "added_ids": self.added,
                "updated_ids": self.updated, "elapsed_s": round(self.elapsed_s, 3),
                "warnings": [w.to_dict() for w in self.warnings], "keywords": self.keywords}


@dataclass
class Plan:
    """Card rows to insert (:func:`deckkit.catalogue.rows.card_rows`) and ``(pk, row)`` to update, and how
    many records change nothing."""

    added_rows: list[tuple] = field(default_factory=list)
    updated_rows: list[tuple] = field(default_factory=list)
    unchanged: int = 0


def _line_of(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _decode(path: Path, raw: bytes) -> tuple[str | None, list[Problem]]:
    name = str(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        utf16 = raw.startswith((b"\xff\xfe", b"\xfe\xff"))  # a byte-order mark: Windows' "Unicode" is UTF-16
        hint = ("this is UTF-16 text; save it as UTF-8 (e.g. iconv -f utf-16 -t utf-8)" if utf16
                else _legacy_hint(raw))
        return None, [Problem(name, f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at column {col} cannot be decoded",
                              line=line, hint=hint)]
    if not text or text.isspace():  # isspace: no copy of a large file, as strip() would make
        return None, [Problem(name, "the file is empty", hint="a card file holds a JSON array, JSON Lines or CSV with a header row")]
    if "\x00" in text:
        line, col = _line_of(text, text.index("\x00"))
        return None, [Problem(name, f"NUL character at column {col}: this looks like a binary file", line=line,
                              hint="card files are UTF-8 text")]
    return text, []


def _legacy_hint(raw: bytes) -> str:
    """How to convert a file in a legacy 8-bit encoding. Czech and Hungarian files from Windows are
    Windows-1250: read as Latin-2 (ISO-8859-2) its Š, Ť, Ž, š, ť, ž, ź (bytes 0x80-0x9f) would become
    control characters, so cp1250 comes first; Latin-2 only where no such byte is."""
    hint = "save the file as UTF-8: a Windows file (Windows-1250) converts with iconv -f cp1250 -t utf-8"
    if re.search(rb"[\x80-\x9f]", raw) is None:
        hint += " (an ISO-8859-2 file: iconv -f latin2 -t utf-8)"
    return hint


def _full_game_names(datas: list) -> None:
    """A record's game written as on the command line (``ob``, ``AF``, ``Obludárium``) becomes the game's
    full name before validation, so files take the aliases the commands take."""
    from deckkit.engine.registry import find

    known: dict[str, str | None] = {}
    for data in datas:
        game = data.get("game") if isinstance(data, dict) else None
        if isinstance(game, str):
            if game not in known:
                spec = find(game)
                known[game] = spec.name if spec is not None else None
            full = known[game]
            if full is not None and full != game:
                data["game"] = full


_FIRST_CHAR = re.compile(r"\S")


def _kind(path: Path, text: str) -> str:
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".csv", ".tsv"):
        return "csv"
    start = _FIRST_CHAR.search(text)
    first = start.group() if start else ""
    if first == "[":
        return "json"
    if first == "{":
        return "jsonl"
    return "csv" if suffix != ".json" else "json"


def _one_object(text: str) -> dict | None:
    """The whole text as one JSON object, or None (a JSON Lines file of two or more lines is not one)."""
    try:
        data = _loads(text)
    except ValueError:  # json.JSONDecodeError is a ValueError
        return None
    return data if isinstance(data, dict) else None


def _json_error(name: str, text: str, exc: json.JSONDecodeError, base_line: int = 0) -> Problem:
    return Problem(name, f"invalid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno + base_line,
                   hint="check for a missing comma, quote or bracket near there")


class _Batch:
    """The records of one file: their parsed data, and their Record objects (made only when asked for).

    A bulk import checks and stores ``datas`` directly: making 100,000 Record objects would cost
    as much as validating them. Records (with line numbers) are needed only to explain problems.
    """

    __slots__ = ("file", "datas", "_records", "keywords")

    def __init__(self, file: str, datas: list, records: list[Record] | None = None) -> None:
        self.file, self.datas, self._records = file, datas, records
        self.keywords: list = []  # the file's keyword definitions (deckkit.engine.keywords.Definition)

    @property
    def records(self) -> list[Record]:
        """One Record per item, numbered from 1 (JSON array lines are filled in for problems only)."""
        if self._records is None:
            self._records = [Record(self.file, None, i + 1, d) for i, d in enumerate(self.datas)]
        return self._records


def _read_json(name: str, text: str) -> tuple[_Batch | None, list[Problem]]:
    try:
        data = _loads(text)
    except json.JSONDecodeError as exc:
        return None, [_json_error(name, text, exc)]
    except ValueError as exc:
        return None, [Problem(name, f"invalid JSON: {exc}", hint="use plain numbers, strings, lists and objects")]
    return _json_batch(name, data)


def _json_batch(name: str, data: Any) -> tuple[_Batch | None, list[Problem]]:
    """The cards of a parsed JSON file: an array of cards, one card, or keywords and cards."""
    if isinstance(data, dict) and "id" not in data and ("cards" in data or "keywords" in data):
        return _read_sections(name, data)
    if isinstance(data, dict):
        return _Batch(name, [data], [Record(name, 1, 1, data)]), []
    if not isinstance(data, list):
        return None, [Problem(name, f"expected a JSON array of cards, found {type(data).__name__}", line=1,
                              hint='write [{"id": …}, …]')]
    if not data:
        return None, [Problem(name, "the JSON array holds no cards", line=1, hint="add card objects or drop the file")]
    # Lines are filled in only for records that have problems (see _fill_lines): finding them costs a re-scan.
    return _Batch(name, data), []


_SECTIONS = ("keywords", "cards")


def _read_sections(name: str, data: dict) -> tuple[_Batch | None, list[Problem]]:
    """A JSON object with a ``keywords`` section and (or) a ``cards`` list."""
    from deckkit.engine.keywords import read_section

    problems = [Problem(name, f"{shown(key)} is not a section of a card file", line=1, path="$" + shown_key(key),
                        hint="a card file object has: keywords (an object of definitions), cards (a list)")
                for key in data if key not in _SECTIONS]
    cards = data.get("cards", [])
    if not isinstance(cards, list):
        problems.append(Problem(name, "'cards' must be a list of card objects", line=1, path="$.cards",
                                hint='write "cards": [{"id": …}, …]'))
        cards = []
    definitions, found = read_section(data["keywords"], name) if "keywords" in data else ([], [])
    problems += found
    if not cards and "keywords" not in data:
        problems.append(Problem(name, "the file holds no cards", line=1, path="$.cards",
                                hint="add card objects to 'cards', or keywords to a 'keywords' section"))
    batch = _Batch(name, cards)
    batch.keywords = definitions
    return batch, problems


def _read_jsonl(name: str, text: str) -> tuple[list[Record], list[Problem]]:
    records, problems = [], []
    number = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        number += 1
        try:
            records.append(Record(name, lineno, number, _loads(line)))
        except json.JSONDecodeError as exc:
            problems.append(Problem(name, f"invalid JSON: {exc.msg} (column {exc.colno})", line=lineno, record=number,
                                    hint="JSON Lines files hold one complete JSON object per line"))
        except ValueError as exc:
            problems.append(Problem(name, f"invalid JSON: {exc}", line=lineno, record=number))
    if not records and not problems:
        problems.append(Problem(name, "the file holds no cards"))
    return records, problems


def read_file(path: str | Path) -> tuple[list[Record], list[Problem]]:
    """The records of one card file and the problems met reading it (format from suffix or content)."""
    batch, problems = _read(path)
    if batch is not None:
        _full_game_names(batch.datas)
    return (batch.records if batch is not None else []), problems


def _records_batch(name: str, read: tuple[list[Record], list[Problem]]) -> tuple[_Batch | None, list[Problem]]:
    records, problems = read
    return _Batch(name, [r.data for r in records], records), problems


def _read(path: str | Path) -> tuple[_Batch | None, list[Problem]]:
    path = Path(path)
    name = str(path)
    from deckkit.fileio import FileReadError, read_bytes

    if path.is_dir():
        return None, [Problem(name, "is a directory", hint="give card files, e.g. cards/*.json")]
    try:
        raw = read_bytes(path, what="card file")  # regular files only (a FIFO would block), size-limited
    except FileReadError as exc:
        message = "no such file" if exc.message == "no such card file" else exc.message
        return None, [Problem(name, message, hint=exc.hint)]
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        from deckkit.catalogue.tables import read_xlsx

        return _records_batch(name, read_xlsx(name, raw))
    text, problems = _decode(path, raw)
    if text is None:
        return None, problems
    kind = _kind(path, text)
    if kind == "jsonl" and path.suffix.lower() not in (".jsonl", ".ndjson"):
        whole = _one_object(text)  # a file that is one JSON object: a card, or keywords and cards
        if whole is not None:
            return _json_batch(name, whole)
    if kind == "json":
        return _read_json(name, text)
    if kind == "jsonl":
        return _records_batch(name, _read_jsonl(name, text))
    from deckkit.catalogue.tables import read_csv

    return _records_batch(name, read_csv(name, text))


def validate_records(records: Iterable[Record]) -> list[Problem]:
    """Every problem of the records (schema, duplicate ids), in input order; best match first per record."""
    records = list(records)
    if _all_valid([r.data for r in records]):
        return []  # the loop below explains problems
    problems: list[Problem] = []
    seen: dict[str, Record] = {}
    for rec in records:
        data = rec.data
        if not fast_card_check(data):
            problems += card_problems(data, file=rec.file, line=rec.line, record_no=rec.number)
        else:
            problems += ability_problems(data, file=rec.file, line=rec.line, record_no=rec.number)
        cid = data.get("id") if isinstance(data, dict) else None
        if isinstance(cid, str):
            first = seen.get(cid)
            if first is None:
                seen[cid] = rec
            else:
                where = f"{first.file} record {first.number}" + (f" (line {first.line})" if first.line else "")
                problems.append(Problem(rec.file, f"duplicate id {shown(cid)}", rec.line, rec.number, "$.id",
                                        f"first seen at {where}; each id may appear once per import"))
    return problems


def plan(cat, records: list[Record], *, source: str, keep_foreign: bool = False) -> Plan:
    """Split valid records into rows to add and to update; ``keep_foreign`` leaves user-imported cards alone."""
    from deckkit.catalogue.rows import card_rows

    return _classify(cat, card_rows([r.data for r in records], source), source if keep_foreign else None)


def _classify(cat, rows: list[tuple], keep_source: str | None = None) -> Plan:
    """Split rows into new, changed and unchanged cards; with ``keep_source``, cards stored from another
    source count as unchanged (bundled cards never overwrite a user's)."""
    from deckkit.catalogue.rows import ROW_DATA, same_card

    result = Plan()
    existing = cat.existing([row[0] for row in rows])
    if not existing:  # a fresh catalogue or only new cards: nothing to compare
        result.added_rows = rows
        return result
    for row in rows:
        old = existing.get(row[0])
        if old is None:
            result.added_rows.append(row)
        elif same_card(old[1], row[ROW_DATA]) or (keep_source is not None and old[2] != keep_source):
            result.unchanged += 1
        else:
            result.updated_rows.append((old[0], row))
    return result


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a bulk import.

    Parsing and row building make about a million objects, none in a cycle; every few hundred of
    them would start a collection that walks the ever larger young heap (a quarter of the CPU
    time of a 100,000-card import). Everything is freed by reference counting as usual.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def import_files(cat, paths: Sequence[str | Path], *, dry_run: bool = False, strict: bool = False,
                 progress: Callable[[int, int], None] | None = None) -> ImportReport:
    """Validate every record of the files, then upsert them in one transaction (nothing on any problem).

    A card whose name another card of its game has under another id is a warning in the report;
    with ``strict`` it is a problem and nothing is written. ``progress(done, total)`` hears of the
    work in cards, three steps each: checked, made into rows, stored.
    """
    with _collector_paused():
        return _import_files(cat, paths, dry_run=dry_run, strict=strict, progress=progress or _silent)


def _silent(done: int, total: int) -> None:
    return None


def _located(problems: list[Problem], paths: Sequence[str | Path]) -> list[Problem]:
    """Problems with the lines of JSON array records filled in, in file order, then line by line."""
    texts = {}
    for name in {p.file for p in problems if p.line is None and (p.record is not None or p.path.startswith("$."))}:
        try:
            texts[name] = read_bytes(name).decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            pass
    problems = fill_lines(problems, texts)
    # The sort is stable: a record keeps its best match first.
    order = {str(path): i for i, path in enumerate(paths)}
    problems.sort(key=lambda p: (order.get(p.file, len(order)), p.line or 0, p.record or 0))
    return problems


def _import_files(cat, paths: Sequence[str | Path], *, dry_run: bool, strict: bool,
                  progress: Callable[[int, int], None]) -> ImportReport:
    started = time.perf_counter()
    batches: list[_Batch] = []
    problems: list[Problem] = []
    if not paths:
        from deckkit.errors import UsageError

        raise UsageError("no files to import", hint="deckkit import cards.json more.csv")
    for path in paths:
        batch, probs = _read(path)
        if batch is not None:
            _full_game_names(batch.datas)
            batches.append(batch)
        problems += probs
    read = sum(len(b.datas) for b in batches)  # the cards of the files (a changed keyword may add stored ones)
    table, expansions, found = expand_keywords(cat, batches)
    problems += found
    datas = batches[0].datas if len(batches) == 1 else [d for b in batches for d in b.datas]
    total = 3 * len(datas)
    progress(0, total)
    if problems or not _all_valid(datas):
        found = validate_records(r for b in batches for r in b.records)
        problems += [expansions[(p.file, p.record)].locate(p) if (p.file, p.record) in expansions else p
                     for p in found]
    if problems:
        from deckkit.catalogue.tables import with_columns

        problems = _located(with_columns(problems), paths)
        bad_records = len({(p.file, p.record) for p in problems if p.record is not None})
        where = f" in {bad_records} record{'s' * (bad_records != 1)}" if bad_records else ""
        raise ValidationFailed(f"{len(problems)} problem{'s' * (len(problems) != 1)}{where}; nothing was imported",
                               problems,
                               hint="fix the records above and import again (--dry-run checks without writing)")
    progress(len(datas), total)
    report = ImportReport([str(p) for p in paths], read, dry_run=dry_run)
    # Rows are made before taking the write lock (they depend on the records only); which are
    # new, changed or unchanged is decided inside the transaction.
    by_file = _rows_by_file(batches)
    rows = by_file[0][1] if len(by_file) == 1 else [row for _, file_rows in by_file for row in file_rows]
    lines = [[r.line for r in b._records] if b._records is not None else None for b in batches]
    misdecoded = _located(misdecoded_names(by_file, lines), paths)
    if misdecoded:
        raise ValidationFailed(f"{len(misdecoded)} name{'s' * (len(misdecoded) != 1)} decoded with the wrong "
                               "encoding; nothing was imported", misdecoded,
                               hint="a Windows-1250 file converts with iconv -f cp1250 -t utf-8")
    clashes = _located(name_clashes(cat, by_file, lines), paths)
    if clashes and strict:
        n = len(clashes)
        raise ValidationFailed(f"{n} card{'s' * (n != 1)} with a name another card has; nothing was imported "
                               "(--strict)", clashes,
                               hint="give each card a name of its own, or import without --strict and name "
                                    "these cards by id in decks and scripts")
    useless = _located(ability_warnings(batches, expansions, each=strict), paths)
    if useless and strict:
        n = len({(w.file, w.record) for w in useless})
        raise ValidationFailed(f"{len(useless)} warning{'s' * (len(useless) != 1)} in {n} card{'s' * (n != 1)} "
                               "(--strict makes them errors); nothing was imported", useless,
                               hint="give each card the abilities its text describes, or fix the abilities "
                                    "named above; without --strict they are warnings")
    report.warnings = clashes + _located(control_names(by_file, lines), paths) + useless
    changed = table.changed()
    report.keywords = [f"{d.game}/{d.name}" for d in changed]
    progress(2 * len(datas), total)
    if dry_run:
        result = _classify(cat, rows)
    else:
        with cat.write():
            result = _classify(cat, rows)
            cat.store(result.added_rows, result.updated_rows)
            if changed:
                from deckkit.catalogue.keywordstore import store_keywords

                store_keywords(cat.conn, changed)
            cat.set_meta("last_import", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    progress(total, total)
    report.added = [row[0] for row in result.added_rows]
    report.updated = [row[0] for _, row in result.updated_rows]
    report.unchanged = result.unchanged
    report.elapsed_s = time.perf_counter() - started
    return report


def _rows_by_file(batches: list[_Batch]) -> list[tuple[str, list[tuple]]]:
    """``(file, card rows)`` of every batch; each stored card remembers the name of the file it came from
    (``source``)."""
    from deckkit.catalogue.rows import card_rows

    return [(b.file, card_rows(b.datas, Path(b.file).name)) for b in batches]
