"""``deckkit deck history``: the versions of a deck file with the results recorded for each.

Versions come from two places: the results kept in the catalogue (:mod:`deckkit.decks.runs`, by
content hash and by the file's stored path) and, where the file is in a git repository, its
commits (read with ``git log`` and ``git show``; no git, or a file outside a repository, simply
gives none). The file as it is now is a version too. A file that changes while its history is read
is an error: the versions listed would not be the ones on disk.
"""

from __future__ import annotations

import math
import os
import subprocess
from pathlib import Path
from typing import Any

from deckkit.decks.runs import content_hash, headline, runs, stored_path
from deckkit.errors import DataError

GIT_TIMEOUT_S = 30
MAX_COMMITS = 500  # a deck file's versions worth listing; older commits are left out (and said so)


def _stamp(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return st.st_mtime_ns, st.st_size, st.st_ino


def _git(folder: Path, *args: str) -> str | None:
    """Output of a git command run in ``folder``; None when git is missing or refuses (not a repository)."""
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, timeout=GIT_TIMEOUT_S,
                              env={**os.environ, "GIT_PAGER": "cat", "LC_ALL": "C"})
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.decode("utf-8", errors="replace")


def git_versions(path: Path) -> tuple[list[dict[str, Any]], bool]:
    """The file's commits, newest first: ``{"commit", "date", "subject", "text"}`` (text None when the
    commit's file cannot be read), and whether older commits were left out."""
    folder = path.parent
    log = _git(folder, "log", "--follow", f"--max-count={MAX_COMMITS + 1}", "--format=%x1e%H%x1f%cI%x1f%s",
               "--name-only", "--", path.name)
    if not log:
        return [], False
    out = []
    for block in log.split("\x1e")[1:]:
        head, _, names = block.partition("\n")
        commit, date, subject = (head.split("\x1f") + ["", ""])[:3]
        where = next((n for n in names.splitlines() if n.strip()), None)
        text = _git(folder, "show", f"{commit}:{where}") if where else None
        out.append({"commit": commit, "date": date, "subject": subject, "text": text})
    return out[:MAX_COMMITS], len(out) > MAX_COMMITS


def _hash_of_text(text: str, name: str) -> tuple[str | None, str | None]:
    """(content hash, deck name) of a deck file's text; (None, None) when that version does not parse."""
    from deckkit.decks.jsonfile import parse_json
    from deckkit.decks.textfile import parse_text

    try:
        deck, problems = (parse_json if name.lower().endswith(".json") or text.lstrip().startswith("{")
                          else parse_text)(text, name)
    except Exception:  # an old version in a shape this deckkit no longer reads: listed without a hash
        return None, None
    if any(p.severity == "error" for p in problems):
        return None, None
    return content_hash(deck), deck.name


def deck_history(path: str | Path, catalogue: Any) -> dict[str, Any]:
    """The versions of a deck file, newest first, each with its runs; a JSON-ready dict.

    Keys: ``deck``, ``versions`` (``hash``, ``name``, ``current``, ``commits`` [{commit, date, subject}],
    ``runs`` [{kind, recorded, summary, conditions, headline}]), ``git`` (whether commits were read),
    ``truncated``. DataError when the file changes while it is read.
    """
    from deckkit.decks.io import load_deck

    file = Path(path)
    before = _stamp(file)
    deck = load_deck(file)
    current = content_hash(deck)
    commits, truncated = git_versions(file)
    versions: dict[str, dict[str, Any]] = {}
    order: list[str] = []

    def version(digest: str, name: str | None) -> dict[str, Any]:
        if digest not in versions:
            versions[digest] = {"hash": digest, "name": name, "current": digest == current, "commits": [], "runs": []}
            order.append(digest)
        return versions[digest]

    version(current, deck.name)
    for c in commits:
        digest, name = _hash_of_text(c["text"], file.name) if c["text"] is not None else (None, None)
        if digest is None:
            continue
        version(digest, name)["commits"].append({"commit": c["commit"], "date": c["date"], "subject": c["subject"]})
    for run in runs(catalogue, hashes=list(versions), deck=stored_path(file, catalogue.path)):
        entry = version(run["hash"], run["name"])
        entry["runs"].append({"kind": run["kind"], "recorded": run["recorded"], "headline": headline(run),
                              "summary": run["summary"], "conditions": run["conditions"]})
    if _stamp(file) != before or content_hash(load_deck(file)) != current:
        raise DataError("the deck file changed while its history was read", path=str(file),
                        hint="run deckkit deck history again when it is saved")
    ordered = sorted(order, key=lambda d: _newest(versions[d]), reverse=True)
    return {"deck": str(path), "current": current, "git": bool(commits), "truncated": truncated,
            "versions": [versions[d] for d in ordered]}


def _newest(version: dict[str, Any]) -> str:
    """When a version was last seen: the current file first, then its newest commit or run."""
    if version["current"]:
        return "\uffff"
    dates = [c["date"] for c in version["commits"]] + [r["recorded"] for r in version["runs"]]
    return max(dates) if dates else ""


def render_history(data: dict[str, Any]) -> str:
    """The versions for people: newest first, each with its commits and its results."""
    lines = []
    for i, v in enumerate(data["versions"]):
        label = "now" if v["current"] else f"v{len(data['versions']) - i}"
        lines.append(f"{label:>4}  {v['hash']}" + (f"  {v['name']}" if v.get("name") else ""))
        for c in v["commits"]:
            lines.append(f"        commit {c['commit'][:10]} {c['date'][:10]}  {c['subject']}")
        for r in v["runs"]:
            lines.append(f"        {r['kind']:<8} {r['recorded'][:16].replace('T', ' ')}  {r['headline']}")
        if not v["commits"] and not v["runs"]:
            lines.append("        (no commit, no recorded result)")
    if data["truncated"]:
        lines.append(f"(only the newest {MAX_COMMITS} commits are read)")
    if not data["git"]:
        lines.append("(not in a git repository, or git is not installed: versions come from the recorded results)")
    return "\n".join(lines) + "\n"


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _goldfish_point(summary: Any) -> tuple[float, float, float, bool] | None:
    """(figure, interval low, high, whether it is a win turn) of a stored goldfish summary; None for a summary
    another tool wrote badly (not an object, the figure missing or not a number), which the table shows as "?"."""
    if not isinstance(summary, dict):
        return None
    turn: Any = summary.get("mean_turn")
    if _number(turn):
        ci = summary.get("mean_turn_ci")
        low, high = ci if isinstance(ci, list) and len(ci) == 2 and all(map(_number, ci)) else (turn, turn)
        return float(turn), float(min(low, turn)), float(max(high, turn)), True
    scores = summary.get("mean_scores")
    if isinstance(scores, list) and scores and _number(scores[0]):
        return float(scores[0]), float(scores[0]), float(scores[0]), False
    return None


def plot_history(data: dict[str, Any], path: str | Path) -> None:
    """Draw each version's goldfish figure (mean win turn with its interval, or mean score), oldest first."""
    from deckkit.sim.plot import check_plot

    check_plot(path)
    from matplotlib.figure import Figure

    from deckkit.fileio import atomic_open

    points = []
    fished = unread = 0
    for v in reversed(data["versions"]):
        fish = [r["summary"] for r in v["runs"] if r["kind"] == "goldfish"]
        fished += bool(fish)
        read = [p for p in map(_goldfish_point, fish) if p is not None]
        unread += len(fish) - len(read)
        if read:  # the newest result that can be read
            points.append((v["hash"][:7], *read[-1]))
    if not points:
        if fished:
            raise DataError(f"no goldfish result of this deck can be read: {unread} stored summar"
                            f"{'y is' if unread == 1 else 'ies are'} not a goldfish report (written by another tool?)",
                            path=data["deck"], hint=f"deckkit goldfish {data['deck']} records a result the plot reads; "
                                                    "deck history without --plot lists them with ? for what is unread")
        raise DataError("no version of this deck was goldfished", path=data["deck"],
                        hint=f"deckkit goldfish {data['deck']} records a result for the version as it is")
    fig = Figure(figsize=(8, 4.5))
    ax = fig.subplots()
    xs = list(range(len(points)))
    ax.errorbar(xs, [p[1] for p in points], yerr=[[p[1] - p[2] for p in points], [p[3] - p[1] for p in points]],
                fmt="o-", capsize=3)
    ax.set_xticks(xs, [p[0] for p in points])
    ax.set_xlabel("deck version (oldest first)")
    ax.set_ylabel("mean win turn" if any(p[4] for p in points) else "mean score")
    ax.set_title(f"{Path(data['deck']).name}: goldfish result per version")
    fig.tight_layout()
    out = Path(path)
    with atomic_open(out, "wb") as fh:
        fig.savefig(fh, format=out.suffix.lower().lstrip("."))


__all__ = ["deck_history", "git_versions", "plot_history", "render_history"]
