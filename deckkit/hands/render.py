"""Turning hand reports and odds results into text for people and plain data for JSON (no logic)."""

from __future__ import annotations

from typing import Any

from deckkit.hands.odds import OddsResult
from deckkit.engine.registry import resolve_ref
from deckkit.hands.procedures import layout, procedure
from deckkit.hands.sample import Deal, HandsReport

_SHOW_DEALS = 10
_BAR = 40


def _names(cards: list[dict]) -> list[str]:
    return [c.get("name", c.get("id", "?")) for c in cards]


def _card_line(card: dict) -> str:
    bits = [card.get("type", "")]
    if isinstance(card.get("cost"), int):
        bits.append(f"cost {card['cost']}")
    if isinstance(card.get("attack"), int):
        bits.append(f"{card['attack']}/{card.get('defense', '?')}")
    return f"{card.get('name', card.get('id'))}  ({', '.join(b for b in bits if b)})"


def deal_json(d: Deal, game: str) -> dict[str, Any]:
    """One deal as plain data (card names)."""
    if d.layout is not None:
        proc = layout(game)
        assert proc is not None  # a deal holds a layout only in a game whose opening deals one
        return resolve_ref(proc.to_json, "to_json")(d.layout)
    return {"hand": _names(d.hand), "drawn": _names(d.drawn), "mulligans": d.mulligans, "forced": d.forced,
            "rejected": [_names(h) for h in d.rejected]}


def hands_json(r: HandsReport) -> dict[str, Any]:
    """The ``hand -o json`` object."""
    out: dict[str, Any] = {
        "deck": r.deck, "name": r.name, "game": r.game, "seed": r.seed, "count": r.count, "turn": r.turn,
        "on_play": r.on_play, "keep": r.keep, "variant": r.variant, "arrangement": r.arrangement,
        "hands": [deal_json(d, r.game) for d in r.deals],
    }
    if r.summary is not None:
        out["summary"] = r.summary
    return out


def _bar(n: int, top: int) -> str:
    return "█" * max(1 if n else 0, round(_BAR * n / top)) if top else ""


def hands_text(r: HandsReport) -> str:
    """The ``hand`` table output for people."""
    out: list[str] = []
    head = f"{r.name or r.deck} ({r.game}) — seed {r.seed}"
    if r.keep:
        head += f" — keep: {r.keep}"
    out.append(head)
    board = layout(r.game)
    proc = None if board is not None else procedure(r.game, variant=r.variant)
    if proc is not None and proc.note:
        out.append(proc.note)
    shown = r.deals[:_SHOW_DEALS] if r.count > 1 else r.deals
    for i, d in enumerate(shown, 1):
        if r.count > 1:
            out.append(f"\nHand {i}")
        if board is not None:
            out.extend(resolve_ref(board.to_text, "to_text")(d.layout))
            continue
        for h in d.rejected:
            out.append(f"  mulligan: {', '.join(_names(h))}")
        label = f"Hand ({len(d.hand)} cards" + (f", after {d.mulligans} mulligan(s)" if d.mulligans else "") + ")"
        if d.forced and r.keep:
            label += " — kept: no further mulligan allowed" if proc and proc.max_mulligans else \
                " — keep rule not met"
        out.append(label + ":")
        out.extend(f"  {_card_line(c)}" for c in d.hand)
        if r.turn:
            who = "on the play" if r.on_play else "on the draw"
            note = f" — {proc.first_draw_note}" if proc and proc.first_draw_note and r.on_play else ""
            out.append(f"Drawn by turn {r.turn} {who} ({len(d.drawn)}){note}:")
            out.extend(f"  {_card_line(c)}" for c in d.drawn)
    if r.count > 1 and len(shown) < r.count:
        out.append(f"\n… {r.count - len(shown)} more hands (summary below; -o json lists up to 100)")
    if r.summary:
        s = r.summary
        out.append("")
        if board is not None:
            out.extend(resolve_ref(board.summary_text, "summary_text")(s))
            return "\n".join(out)
        out.append(f"Summary of {s['deals']} deals")
        if r.keep:
            out.append("Keep rate by mulligan depth (kept by the rule / hands that got there):")
            for m, rate in s["keep_rate"].items():
                out.append(f"  {m} mulligan(s): {rate:7.2%}")
        out.append(f"Mulligans taken (mean {s['mean_mulligans']:.2f}):")
        top = max(s["mulligans"].values())
        for m, n in s["mulligans"].items():
            out.append(f"  {m:>2} {n:>8} {_bar(n, top)}")
        what = "seen by turn " + str(r.turn) if r.turn else "in the kept hand"
        out.append(f"Average composition {what}:")
        for t, mean in s["mean_composition"].items():
            out.append(f"  {t:<16} {mean:5.2f}")
        for t, hist in s["composition_histogram"].items():
            out.append(f"Histogram: number of {t} cards {what}")
            top = max(hist.values())
            for k, n in hist.items():
                out.append(f"  {k:>2} {n:>8} {n / s['deals']:7.2%} {_bar(n, top)}")
    return "\n".join(out)


def odds_text(deck: str, r: OddsResult, exact: OddsResult | None = None) -> str:
    """The ``odds`` table output: probability, method, what was assumed."""
    q = r.question
    lines = [f"{deck} ({q.game})", f"condition: {r.condition}"]
    if r.keep:
        lines.append(f"keep rule: {r.keep}")
    elif q.mulligans:
        lines.append("keep rule: the condition itself, on the opening hand")
    board = layout(q.game)
    if board is not None:
        lines.append(f"{board.place}: {q.sizes[0]} of the {q.deck_size} {board.pool_type} cards")
    else:
        where = f"by own turn {q.turn} " + ("on the play" if q.on_play else "on the draw") if q.turn else "opening hand"
        lines.append(f"hand: {q.sizes[0]} cards, {where}"
                     + (f", up to {q.mulligans} mulligan(s)" if q.mulligans else ""))
    if r.method == "exact":
        lines.append(f"probability: {r.probability:.6f} ({r.probability:.2%}), exact")
    else:
        lines.append(f"probability: {r.probability:.6f} ± {r.stderr:.6f} (standard error), "
                     f"simulation of {r.games} games, seed {r.seed}")
        if exact is not None:
            z = (r.probability - exact.probability) / r.stderr if r.stderr else 0.0
            lines.append(f"exact:       {exact.probability:.6f} (difference {z:+.2f} standard errors)")
    if r.impossible or (exact is not None and exact.impossible):
        lines.append("the condition can never be met with this deck and hand size: probability 0")
    if q.mulligans:
        lines.append("keep after m mulligans: " + ", ".join(f"{m}: {p:.2%}" for m, p in enumerate(r.keep_by_depth)))
    lines.append(f"assumed: {q.assumption()}")
    return "\n".join(lines)
