"""Fuzz the search-query and hand-condition parsers: generated inputs, no crash but the project's own errors.

    python bench/fuzz_parsers.py [--queries N] [--conditions N] [--seed S]

Each input is parsed; a query that parses is also compiled to SQL and run against an in-memory
catalogue of the bundled cards, and compiled to a Python predicate applied to every bundled card;
a condition that parses is evaluated on sample hands. Any exception other than a
:class:`deckkit.errors.UsageError` (exit 2) is a crash and is printed with its input.

The recursion limit stays Python's default (the CLI's own): hypothesis raises it and would hide
the RecursionErrors a user would meet. tests/hostile/test_hostile_fuzz.py runs a derandomised
subset in CI.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI_RECURSION_LIMIT = 1000  # what `deckkit` runs with: Python's default, never raised

_FIELDS = ["name", "n", "game", "t", "type", "sub", "subtype", "kw", "group", "o", "text", "set", "r", "rarity",
           "id", "ingredient", "label", "cost", "atk", "def", "number", "glory", "is", "nosuch", "Cost", "ÉV"]
_OPS = [":", "=", "!=", "<", "<=", ">", ">=", "==", "=>", "~", "≤", "!", ""]
_VALUES = ["af", "ob", "ko", "food", "dreamwalker", "2", "-1", "0", "99999999999999999999", "9" * 300, "atk",
           "def", "glorious", "helper", "flying", "bűvforrás", "Éjlépő", '"a phrase"', '"unclosed', "/a+/",
           "/(a|aa)+$/", "/[/", "/\\//", "/(/", "/a{99999}/", "x", "", "é", "\x00", "\x1b[31m", "\u202e", "\ud800",
           "😀", "\t", "\n", "or", "and", "-", "(", ")", "*", "%", "_", "'", "\\", "NULL", "1e400", "nan"]
_GLUE = [" ", " ", " ", "", " or ", " and ", " -", "(", ")", " OR ", "--", "\t", "  "]
_NOISE = list("()-\":/\\!<>=~ \t\n\x00'`{}[]*+?|^$.,;#%_") + ["é", "ß", "İ", "\u0301", "\ufeff", "\ud800", "😀"]
_SEEDS = ["game:af t:dreamwalker cost<=2 (atk>=3 or def>=3) -sub:bűvforrás", "kw:flying or -t:food",
          'name:/^é/ o:"draw a card"', "atk>def cost<atk", "is:glorious game:af", "!\"ejlepo kajtar\"",
          "((t:food))", "-(-(t:spell))", "o:/(a|b)+c/ number>=3"]


_GOOD = {"game": ["af", "ob", "ko", "alomfogo"], "t": ["food", "dreamwalker", "spell", "recipe"],
         "kw": ["flying", "beast"], "sub": ["bűvforrás"], "o": ["draw", '"draw a card"', "/dr[a-z]+/", "/(a|b)*c/"],
         "name": ["é", "/^é/", '"x y"', "/a.*b/"], "cost": ["0", "2", "atk", "def"], "atk": ["3", "def"],
         "is": ["glorious", "helper", "blocking", "rulebook", "invented"], "r": ["gold"], "number": ["3"]}
_GOOD_OPS = {"cost": ["<=", ">=", "=", ":", "!=", "<", ">"], "atk": [">", "<="], "number": [">=", ":"]}


def _term(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.6:  # a well-formed term, so that much of the input parses and reaches SQL and the predicates
        field = rng.choice(list(_GOOD))
        return field + rng.choice(_GOOD_OPS.get(field, [":"])) + rng.choice(_GOOD[field])
    if kind < 0.7:
        return rng.choice(_VALUES)
    if kind < 0.75:
        return rng.choice(_OPS) + rng.choice(_VALUES)
    return rng.choice(_FIELDS) + rng.choice(_OPS) + rng.choice(_VALUES)


def _mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        pos = rng.randint(0, len(chars))
        if op < 0.4:
            chars.insert(pos, rng.choice(_NOISE))
        elif op < 0.7 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif chars:
            chars[min(pos, len(chars) - 1)] = rng.choice(_NOISE)
    return "".join(chars)


def _nested(rng: random.Random, inner: str, opener: str, closer: str) -> str:
    depth = rng.choice([2, 10, 29, 30, 31, 50, 200, 400, 1000, 5000])
    closing = closer * (depth if rng.random() < 0.7 else rng.randint(0, depth))
    return opener * depth + inner + closing


def query_inputs(rng: random.Random, n: int) -> Iterator[str]:
    """``n`` generated queries: random terms and glue, mutated valid queries, deep nesting, huge inputs."""
    for _ in range(n):
        r = rng.random()
        if r < 0.5:
            text = "".join(_term(rng) + (rng.choice(_GLUE) if rng.random() < 0.3 else " ")
                           for _ in range(rng.randint(1, 8)))
        elif r < 0.8:
            text = _mutate(rng, rng.choice(_SEEDS))
        elif r < 0.9:
            text = _nested(rng, _term(rng), rng.choice(["(", "-", "(-", "- "]), ")")
        elif r < 0.95:
            text = " ".join(_term(rng) for _ in range(rng.choice([199, 200, 201, 400])))
        else:
            text = "".join(rng.choice(_NOISE) for _ in range(rng.randint(0, 60)))
        yield text


def condition_inputs(rng: random.Random, n: int) -> Iterator[str]:
    """``n`` generated conditions: count(QUERY) OP N joined by and/or/not, mutated, nested, huge."""
    ops = [">=", "<=", ">", "<", "=", "==", "!=", ":", "=>", "", "~"]
    nums = ["0", "1", "2", "7", "-3", "+2", "1000000", "1000001", "9" * 30, "9" * 5000, "1.5", "x", ""]
    joins = [" and ", " or ", " and not ", " ", "and", " AND ", " or (", ") and "]

    def cmp() -> str:
        r = rng.random()
        query = next(query_inputs(rng, 1)) if r < 0.3 else rng.choice(_SEEDS) if r < 0.6 else _term(rng)
        if rng.random() < 0.7:
            return f"count({query}) {rng.choice(ops[:7])} {rng.choice(nums[:6])}"
        return f"count({query}) {rng.choice(ops)} {rng.choice(nums)}"

    for _ in range(n):
        r = rng.random()
        if r < 0.5:
            text = cmp() + "".join(rng.choice(joins) + cmp() for _ in range(rng.randint(0, 4)))
        elif r < 0.75:
            text = _mutate(rng, "count(t:food) >= 2 and not (count(t:spell) > 3 or count(name:/^é/) = 0)")
        elif r < 0.9:
            text = _nested(rng, cmp(), rng.choice(["(", "not ", "not (", "(not "]), ")")
        elif r < 0.95:
            text = " or ".join(f"count(x{i})>0" for i in range(rng.choice([199, 200, 201, 300])))
        else:
            text = "".join(rng.choice(_NOISE + list("count")) for _ in range(rng.randint(0, 60)))
        yield text


def bundled_cards() -> list[dict]:
    """Every bundled card."""
    cards: list[dict] = []
    for path in sorted((ROOT / "data" / "cards").glob("*.json")):
        cards += json.loads(path.read_text(encoding="utf-8"))
    return cards


class Checker:
    """Runs one input through a parser and what follows it; records crashes (exceptions not UsageError)."""

    def __init__(self, cards: list[dict], catalogue=None) -> None:
        self.cards = cards
        self.catalogue = catalogue
        self.crashes: list[tuple[str, str]] = []
        self.parsed = self.refused = 0
        self.slowest = (0.0, "")

    def _run(self, text: str, body: Callable[[str], None]) -> None:
        from deckkit.errors import UsageError

        start = time.perf_counter()
        try:
            body(text)
            self.parsed += 1
        except UsageError:
            self.refused += 1
        except sqlite3.Error as exc:  # the CLI would call this a damaged catalogue: a crash of the query compiler
            self.crashes.append((text, f"sqlite3.{type(exc).__name__}: {exc}"))
        except Exception as exc:  # noqa: BLE001 - a fuzzer reports every crash
            self.crashes.append((text, f"{type(exc).__name__}: {exc}"))
        took = time.perf_counter() - start
        if took > self.slowest[0]:
            self.slowest = (took, text)

    def query(self, text: str) -> None:
        """Parse, compile to SQL (and run it on a sample), compile to a predicate and apply it to every card."""
        self._run(text, self._query)

    def _query(self, text: str) -> None:
        from deckkit.catalogue.search import compile_sql
        from deckkit.query import compile_predicate, parse

        ast = parse(text)
        compile_sql(ast)
        pred = compile_predicate(ast)
        for card in self.cards:
            pred(card)
        if self.catalogue is not None:
            self.catalogue.search(ast, limit=5)
            self.catalogue.search_count(ast)

    def condition(self, text: str) -> None:
        """Parse and compile a condition, bind it to the bundled cards, evaluate a few hands."""
        self._run(text, self._condition)

    def _condition(self, text: str) -> None:
        from deckkit.hands.conditions import compile_condition

        cond = compile_condition(text)
        hand = self.cards[:7]
        cond.holds_for(hand)
        bound = cond.bind(self.cards[:40])
        bound.test_indices(range(7))


def run(n_queries: int, n_conditions: int, seed: int, *, sql_every: int = 25, out=sys.stdout) -> Checker:
    """Fuzz both parsers; prints a summary; returns the checker (its ``crashes``)."""
    sys.setrecursionlimit(CLI_RECURSION_LIMIT)
    import tempfile

    from deckkit.catalogue import open_catalogue

    cards = bundled_cards()
    with tempfile.TemporaryDirectory() as tmp:
        cat = open_catalogue(Path(tmp) / "fuzz.db")
        results = {}
        for kind, n, gen in (("query", n_queries, query_inputs), ("condition", n_conditions, condition_inputs)):
            rng = random.Random(f"{seed}-{kind}")
            checker = Checker(cards)
            sql_checker = Checker(cards, cat)
            start = time.process_time()
            for i, text in enumerate(gen(rng, n)):
                if kind == "query":
                    (sql_checker if i % sql_every == 0 else checker).query(text)
                else:
                    checker.condition(text)
            checker.crashes += sql_checker.crashes
            checker.parsed += sql_checker.parsed
            checker.refused += sql_checker.refused
            checker.slowest = max(checker.slowest, sql_checker.slowest)
            cpu = time.process_time() - start
            results[kind] = checker
            print(f"{kind}: {n:,} inputs in {cpu:.1f} s CPU: {checker.parsed:,} parsed, {checker.refused:,} refused "
                  f"as usage errors, {len(checker.crashes)} crashes; slowest {checker.slowest[0] * 1000:.0f} ms "
                  f"({checker.slowest[1][:60]!r})", file=out)
            for text, what in checker.crashes[:20]:
                print(f"  CRASH {what[:200]}\n    input: {text[:200]!r}", file=out)
        cat.conn.close()
    merged = Checker(cards)
    for c in results.values():
        merged.crashes += c.crashes
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=100_000)
    parser.add_argument("--conditions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    checker = run(args.queries, args.conditions, args.seed)
    print(f"recursion limit {sys.getrecursionlimit()}; crashes in total: {len(checker.crashes)}")
    sys.exit(1 if checker.crashes else 0)


if __name__ == "__main__":
    main()
