"""``deckkit deck diff A B``: what changed between two decks — cards, statistics and, where both were
goldfished on the same seeds, the paired difference of their results with its interval."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckkit.decks.model import MAIN, SIDEBOARD, CachedLookup, resolve


def _counts(resolved: Any, section: str) -> dict[str, tuple[str, int]]:
    out: dict[str, tuple[str, int]] = {}
    for card, n in resolved.counts(section):
        name, had = out.get(card["id"], (card["name"], 0))
        out[card["id"]] = (name, had + n)
    return out


def _changes(a: dict[str, tuple[str, int]], b: dict[str, tuple[str, int]]) -> dict[str, list[dict]]:
    added = [{"id": cid, "name": b[cid][0], "count": b[cid][1]} for cid in b if cid not in a]
    removed = [{"id": cid, "name": a[cid][0], "count": a[cid][1]} for cid in a if cid not in b]
    changed = [{"id": cid, "name": b[cid][0], "from": a[cid][1], "to": b[cid][1], "delta": b[cid][1] - a[cid][1]}
               for cid in b if cid in a and a[cid][1] != b[cid][1]]
    return {"added": added, "removed": removed, "changed": changed}


def _stat_changes(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Each number of the statistics that differs (nested figures as ``by_type.food``): [A, B, B − A]."""
    out: dict[str, Any] = {}

    def walk(x: Any, y: Any, key: str) -> None:
        if isinstance(x, dict) or isinstance(y, dict):
            x, y = x if isinstance(x, dict) else {}, y if isinstance(y, dict) else {}
            for k in list(dict.fromkeys([*x, *y])):
                walk(x.get(k), y.get(k), f"{key}.{k}" if key else str(k))
        elif isinstance(x, (int, float)) or isinstance(y, (int, float)):
            if isinstance(x, bool) or isinstance(y, bool) or x == y:
                return
            xv, yv = x if isinstance(x, (int, float)) else 0, y if isinstance(y, (int, float)) else 0
            out[key] = [x, y, round(yv - xv, 4)]

    skip = {"deck", "game", "name"}
    walk({k: v for k, v in a.items() if k not in skip}, {k: v for k, v in b.items() if k not in skip}, "")
    return out


def _records(outcomes: list[list[Any]], scoring: bool) -> list[Any]:
    from deckkit.engine.results import ScoreRecord, WinRecord

    if scoring:
        return [ScoreRecord([v, 0], [], 0, index=i) for i, v in outcomes]
    return [WinRecord(v is not None, v, index=i) for i, v in outcomes]


def paired_results(catalogue: Any, hash_a: str, hash_b: str, label_a: str, label_b: str,
                   confidence: float = 0.95) -> dict[str, Any] | None:
    """The paired comparison of the newest goldfish runs of the two versions played under the same
    conditions (seed, policy, opponent, keep rule, settings, turn cap), or None when there are none."""
    from deckkit.decks.runs import runs
    from deckkit.sim.compare import compare

    found = [r for r in runs(catalogue, hashes=[hash_a, hash_b]) if r["kind"] == "goldfish" and r["outcomes"]]
    newest: dict[tuple[str, str], dict] = {}
    for r in found:  # oldest first: the newest run per version and conditions wins
        newest[(r["hash"], _key(r["conditions"]))] = r
    pairs = [(newest[(hash_a, key)], newest[(hash_b, key)]) for (h, key) in newest
             if h == hash_a and (hash_b, key) in newest]
    if not pairs or hash_a == hash_b:
        return None
    ra, rb = max(pairs, key=lambda p: max(p[0]["recorded"], p[1]["recorded"]))
    scoring = "mean_scores" in (ra["summary"] or {})
    result = compare(label_a, _records(ra["outcomes"], scoring), label_b, _records(rb["outcomes"], scoring), confidence)
    result["conditions"] = ra["conditions"]
    result["games"] = [len(ra["outcomes"]), len(rb["outcomes"])]
    return result


def _key(conditions: Any) -> str:
    import json

    return json.dumps(conditions, sort_keys=True, default=str)


def deck_diff(a: str | Path, b: str | Path, catalogue: Any, labels: tuple[str, str] | None = None) -> dict[str, Any]:
    """Cards added, removed and changed from deck A to deck B (main deck and sideboard), the change of
    every deck statistic, and the paired goldfish difference when both versions were played alike."""
    from deckkit.decks.io import load_deck
    from deckkit.decks.runs import content_hash
    from deckkit.decks.stats import deck_stats
    from deckkit.errors import UsageError, ValidationFailed

    lookup = CachedLookup(catalogue)
    label_a, label_b = labels or (str(a), str(b))
    decks = [load_deck(a), load_deck(b)]
    if decks[0].game != decks[1].game:
        from deckkit.engine.registry import resolve as game

        if game(decks[0].game) != game(decks[1].game):
            raise UsageError(f"decks of different games: {decks[0].game}, {decks[1].game}",
                             hint="compare two versions of one deck")
    resolved = [resolve(d, lookup) for d in decks]
    for r, path in zip(resolved, (a, b)):
        if r.errors:
            raise ValidationFailed(f"{len(r.errors)} card line(s) could not be resolved", r.errors, path=str(path),
                                   hint=r.errors[0].hint)
    stats = [deck_stats(r) for r in resolved]
    hashes = [content_hash(d) for d in decks]
    out: dict[str, Any] = {"a": label_a, "b": label_b, "game": decks[0].game, "versions": hashes,
                           "same": hashes[0] == hashes[1]}
    out["deck"] = _changes(_counts(resolved[0], MAIN), _counts(resolved[1], MAIN))
    out["sideboard"] = _changes(_counts(resolved[0], SIDEBOARD), _counts(resolved[1], SIDEBOARD))
    out["stats"] = _stat_changes(stats[0], stats[1])
    out["goldfish"] = paired_results(catalogue, hashes[0], hashes[1], label_a, label_b)
    return out


def render_diff(data: dict[str, Any]) -> str:
    """The diff for people: +/-/~ card lines, the statistics that moved, the paired result."""
    lines = [f"{data['a']} → {data['b']}" + ("  (the same cards)" if data["same"] else "")]
    for section in ("deck", "sideboard"):
        part = data[section]
        if not any(part.values()):
            continue
        if section == "sideboard":
            lines.append("sideboard:")
        lines += [f"  + {c['count']} {c['name']}" for c in part["added"]]
        lines += [f"  - {c['count']} {c['name']}" for c in part["removed"]]
        lines += [f"  ~ {c['name']}: {c['from']} → {c['to']} ({c['delta']:+d})" for c in part["changed"]]
    if data["stats"]:
        lines.append("statistics:")
        width = max(len(k) for k in data["stats"])
        for key, (x, y, d) in data["stats"].items():
            lines.append(f"  {key:<{width}}  {_n(x)} → {_n(y)} ({d:+g})")
    fish = data["goldfish"]
    if fish is None:
        lines.append("goldfish: no results of both on the same seeds (deckkit goldfish A B --seed S records them)")
    else:
        lines.append(f"goldfish (seed {fish['conditions'].get('seed')}, {fish['pairs']} paired games): {fish['verdict']}")
    return "\n".join(lines) + "\n"


def _n(x: Any) -> str:
    return "–" if x is None else f"{x:g}" if isinstance(x, float) else str(x)


__all__ = ["deck_diff", "paired_results", "render_diff"]
