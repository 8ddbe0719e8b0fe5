"""Results of goldfish, match and tune runs, kept per deck version in the catalogue's ``deck_runs`` table.

A deck version is its content hash (:func:`content_hash`): the game, the format and the card lines
(folded names and counts, per section), so comments, line order and spelling of the header do not
make a new version. Each run stores a slim summary, the conditions that make two runs comparable
game by game (seed, policy, opponent, keep rule, settings, turn cap) and, for goldfish, each game's
result by game index, from which ``deck diff`` pairs two versions played on the same seeds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deckkit.decks.model import MAIN, SIDEBOARD, Deck
from deckkit.text import fold

KINDS = ("goldfish", "match", "tune")
# Report keys left out of a stored summary: per-card detail, traces, and what is stored beside it.
_HEAVY = {"trace", "impact", "comparison", "won_by_turn", "mulligan_histogram", "deck", "plan", "control", "sprt",
          "elapsed_s", "games_per_s", "workers", "interrupted", "capped_first"}
# The report keys that make two goldfish runs play the same games (common random numbers).
PAIRING = ("seed", "policy", "opponent", "keep", "settings", "max_turns")


def content_hash(deck: Deck) -> str:
    """A short hash of what the deck plays: game, format, card lines (folded name, count) per section and
    the ``prefer:`` header when there is one."""
    lines: list[tuple[str, str, int]] = []
    for section in (MAIN, SIDEBOARD):
        merged: dict[str, int] = {}
        for entry in deck.section(section):
            key = fold(entry.name)
            merged[key] = merged.get(key, 0) + entry.count
        lines += sorted((section, name, n) for name, n in merged.items())
    parts: list[Any] = [fold(deck.game or ""), (deck.format or "").lower(), lines]
    if deck.prefer:  # which source a shared name means changes the cards played
        parts.append([fold(p) for p in deck.prefer])
    text = json.dumps(parts, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def stored_path(path: str | Path, catalogue_path: str | Path) -> str:
    """How a run names its deck file: a bundled deck by its name, any other relative to the catalogue's
    folder (so a catalogue moved with its decks still finds them), absolute only across drives."""
    from deckkit.paths import portable_path

    return portable_path(path, Path(catalogue_path).resolve().parent)


def outcomes(records: Sequence[Any]) -> list[list[Any]]:
    """``[[game index, result], …]``: the win turn (None: not won) or the first seat's score."""
    from deckkit.engine.results import ScoreRecord

    return [[r.index, r.scores[0] if isinstance(r, ScoreRecord) else (r.turn if r.won else None)] for r in records]


def record(catalogue: Any, kind: str, deck_hash: str, deck_path: str | Path | None, name: str | None, game: str,
           conditions: dict[str, Any], summary: dict[str, Any], results: list[list[Any]] | None = None) -> None:
    """Store one run (a write transaction of its own)."""
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r}")
    where = stored_path(deck_path, catalogue.path) if deck_path is not None else None
    row = (deck_hash, where, name, game, kind, datetime.now(UTC).isoformat(timespec="seconds"),
           json.dumps(conditions, ensure_ascii=False, sort_keys=True, default=str),
           json.dumps({k: v for k, v in summary.items() if k not in _HEAVY}, ensure_ascii=False, default=str),
           None if results is None else json.dumps(results, separators=(",", ":")))
    with catalogue.write() as conn:
        conn.execute("INSERT INTO deck_runs (deck_hash, deck, name, game, kind, recorded, conditions, summary, outcomes) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row)


def record_goldfish(catalogue: Any, paths: Sequence[str | Path], hashes: Sequence[str], names: Sequence[str | None],
                    reports: Sequence[dict], records: Sequence[Sequence[Any]]) -> None:
    """Store each deck's goldfish result (an interrupted run is not stored: its games are not the asked ones)."""
    for path, digest, name, report, recs in zip(paths, hashes, names, reports, records):
        if report.get("interrupted"):
            continue
        record(catalogue, "goldfish", digest, path, name, report["game"], {k: report.get(k) for k in PAIRING},
               report, outcomes(recs))


def runs(catalogue: Any, hashes: Sequence[str] | None = None, deck: str | None = None) -> list[dict[str, Any]]:
    """Stored runs of these versions (or of this stored deck path), oldest first, as dicts."""
    sql = "SELECT pk, deck_hash, deck, name, game, kind, recorded, conditions, summary, outcomes FROM deck_runs"
    params: list[Any] = []
    where = []
    if hashes is not None:
        marks = ",".join("?" * len(hashes))
        where.append(f"deck_hash IN ({marks})")
        params += list(hashes)
    if deck is not None:
        where.append("deck = ?")
        params.append(deck)
    if where:
        sql += " WHERE " + " OR ".join(where)
    out = []
    for pk, digest, path, name, game, kind, when, cond, summary, results in catalogue.conn.execute(
            sql + " ORDER BY recorded, pk", params):
        out.append({"id": pk, "hash": digest, "deck": path, "name": name, "game": game, "kind": kind, "recorded": when,
                    "conditions": _json(cond), "summary": _json(summary),
                    "outcomes": _json(results) if results else None})
    return out


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):  # a row another tool wrote badly: shown as nothing, never a crash
        return {}


def headline(run: dict[str, Any]) -> str:
    """One run's result in a few words: mean win turn, first seat's score, match score or tune figure.

    A summary another tool wrote badly (not an object, fields missing or of the wrong kind) shows "?"
    where a figure cannot be read, never a crash."""
    s = run["summary"] if isinstance(run["summary"], dict) else {}
    games = f"{_count(s.get('games'))} games"
    if run["kind"] == "goldfish":
        if s.get("mean_turn") is not None:
            ci = s.get("mean_turn_ci")
            tail = f" ({ci[0]}–{ci[1]})" if isinstance(ci, list) and len(ci) == 2 and None not in ci else ""
            return f"mean win turn {s['mean_turn']}{tail}, won {_pct(s.get('win_rate'))}, {games}"
        scores = s.get("mean_scores")
        if isinstance(scores, list) and scores:
            return f"mean score {scores[0]}, {games}"
        return f"no win in {games}"
    if run["kind"] == "match":
        ci = s.get("score_ci")
        low, high = ci if isinstance(ci, list) and len(ci) == 2 else (None, None)
        return f"score {_pct(s.get('score'))} against {s.get('opponent')} ({_pct(low)}–{_pct(high)}), {games}"
    if "tuned_from" in s:  # a list tune --write saved
        source = s["tuned_from"]
        tuned = f" from {source[:7]}" if isinstance(source, str) else ""
        return f"written by tune {s.get('mode', '')}{tuned}: {s.get('objective')} {s.get('figure')} " \
               f"(start {s.get('start')})" + (", improved" if s.get("improved") else ", not shown to improve")
    base = s.get("baseline")
    base = base if isinstance(base, dict) else {}
    figure = base.get("mean_turn", s.get("start"))
    return f"tune {s.get('mode', '')}: {figure} at the start" + (", improved" if s.get("improved") else "")


def _count(x: Any) -> str:
    return f"{x:,}" if isinstance(x, int) and not isinstance(x, bool) else "?"


def _pct(x: Any) -> str:
    return "?" if not isinstance(x, (int, float)) else f"{x * 100:.1f}%"


__all__ = ["KINDS", "PAIRING", "content_hash", "headline", "outcomes", "record", "record_goldfish", "runs",
           "stored_path"]
