"""Card backs: generated from the layout's ``back`` (a colour, a border and the game's title), or a picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckkit.printing import fonts
from deckkit.printing.face import Face
from deckkit.printing.layout import Layout

BACK_COLOUR = "#333333"


def back_colour(layout: Layout) -> str:
    """The colour of a generated back (and of its bleed)."""
    return layout.back.get("colour", BACK_COLOUR)


def generated_back(layout: Layout) -> Face:
    """The generated back as drawing steps: its colour, an inset rounded border, the title in the middle."""
    from deckkit.engine.registry import spec

    face = Face({"id": "back", "name": "back"})
    w, h = layout.width, layout.height
    face.steps.append(("rect", (0.0, 0.0, w, h), {"fill": back_colour(layout)}))
    inset = max(layout.frame_width, 2.0) + 1.0
    face.steps.append(("rect", (inset, inset, w - 2 * inset, h - 2 * inset),
                       {"fill": None, "stroke": layout.back.get("border", "#bbbbbb"), "width": 0.6,
                        "radius": layout.radius}))
    title = layout.back.get("title") or spec(layout.game).title
    bold = fonts.metrics(layout.bold)
    room = w - 2 * inset - 4
    size = 14.0
    while size > 6 and bold.width(title, size) > room:
        size -= 0.5
    words = title.split()
    lines = [title] if bold.width(title, size) <= room else (fonts.wrap(bold, title, size, room) or words)
    line_h = size * fonts.PT * fonts.LINE
    top = (h - len(lines) * line_h) / 2
    for i, line in enumerate(lines):
        x = (w - bold.width(line, size)) / 2
        face.steps.append(("text", (x, top + i * line_h + line_h / 2 + 0.36 * size * fonts.PT, line),
                           {"size": size, "bold": True, "colour": layout.back.get("text_colour", "#eeeeee")}))
    return face


def picture_back(layout: Layout, path: Path, bleed: float) -> Face:
    """A back from a picture, cropped to the card with its bleed (the picture fills the bleed too)."""
    from deckkit.printing.images import load_back

    w, h = layout.width + 2 * bleed, layout.height + 2 * bleed
    picture: Any = load_back(path, w / h)
    face = Face({"id": "back", "name": "back"})
    face.steps.append(("image", (picture, -bleed, -bleed, w, h), {}))
    return face
