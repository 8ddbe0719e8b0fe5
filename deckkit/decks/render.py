"""Text rendering of deck results for people (validation, show, stats); no logic beyond layout."""

from __future__ import annotations

from typing import Any

from deckkit.decks.validate import Report

BAR = "█"


def bar_chart(values: dict[str, int], width: int = 40, label: str = "") -> list[str]:
    """Horizontal bars, one per key, scaled so the largest bar is ``width`` characters."""
    if not values:
        return []
    top = max(values.values()) or 1
    pad = max(len(k) for k in values)
    lines = []
    for key, n in values.items():
        bar = BAR * round(n / top * width) if n else ""
        lines.append(f"  {label}{key:>{pad}} | {bar} {n}")
    return lines


def render_reports(reports: list[Report]) -> str:
    """One block per deck: verdict line, then every error and warning with its line and code."""
    out = []
    for r in reports:
        verdict = "legal" if r.legal else ("partly legal (size only)" if r.partly_legal and r.game else "NOT legal")
        where = "/".join(x for x in (r.game, r.format) if x) or "?"
        out.append(f"{r.deck}: {verdict} — {where}, {r.size} cards")
        for kind, problems in (("error", r.errors), ("warning", r.warnings)):
            for p in problems:
                line = f"line {p.line}: " if p.line else ""
                hint = f" (hint: {p.hint})" if p.hint and p.code != "unknown-card" else ""
                out.append(f"  {kind} [{p.code}] {line}{p.message}{hint}")
    legal = sum(r.legal for r in reports)
    out.append(f"{len(reports)} deck(s): {legal} legal, {len(reports) - legal} not legal")
    return "\n".join(out)


def _numbers(card: dict[str, Any]) -> str:
    if "attack" in card:
        return f"{card['attack']}/{card['defense']}"
    if "number" in card:
        return f"{card['number']} {card.get('label', '')}".strip()
    return ""


def render_show(data: dict[str, Any]) -> str:
    """The deck grouped by type: count, name, cost, and the numbers column the game names (atk/def, number)."""
    from tabulate import tabulate

    from deckkit.engine.registry import find

    game = find(data["game"])
    numbers = game.show_header if game else "atk/def"
    head = f"{data['name'] or data['deck']} — {data['game']}" + (f"/{data['format']}" if data["format"] else "")
    out = [head, f"{data['size']} cards", ""]
    for title, groups in (("", data["groups"]), ("Sideboard: ", data["sideboard"])):
        for g in groups:
            out.append(f"{title}{g['type']} ({g['count']})")
            rows = [[c["count"], c["name"], c.get("cost", ""), _numbers(c)] for c in g["cards"]]
            headers = ["#", "card", "cost", numbers]
            # Columns no card of the group fills (spells have no atk/def) are left out.
            keep = [i for i in range(4) if i < 2 or any(row[i] != "" for row in rows)]
            out.append(tabulate([[row[i] for i in keep] for row in rows], headers=[headers[i] for i in keep],
                                tablefmt="simple", colalign=[("right", "left", "right", "left")[i] for i in keep]))
            out.append("")
    for p in data["problems"]:
        out.append(f"{'line ' + str(p['line']) + ': ' if p.get('line') else ''}{p['message']} [{p['code']}]")
    return "\n".join(out).rstrip() + "\n"


def render_stats(stats: dict[str, Any]) -> str:
    """Counts by type, the cost curve as a bar chart, average cost and the game's own figures."""
    out = [f"{stats['name'] or stats['deck']} — {stats['game']}, {stats['size']} cards ({stats['distinct']} different)"]
    if stats["unresolved"]:
        out.append(f"  ({stats['unresolved']} card(s) could not be looked up and are not counted)")
    out.append("By type:")
    out += [f"  {t:<15} {n:>3}" for t, n in stats["by_type"].items()]
    if stats["cost_curve"]:
        out.append("Cost curve:")
        out += bar_chart(stats["cost_curve"], label="cost ")
        costed = sum(stats["cost_curve"].values())
        note = "" if costed == stats["size"] else f" (over the {costed} cards with a cost)"
        out.append(f"Average cost: {stats['average_cost']:.2f}{note}")
    from deckkit.engine.registry import find

    game = find(stats["game"])
    if game is not None and game.render_stats is not None:
        out += game.hook("render_stats")(stats, bar_chart)
    return "\n".join(out) + "\n"
