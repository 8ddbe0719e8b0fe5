"""A card's face as drawing steps: the layout filled from one card, text fitted to its regions.

:class:`FaceMaker` turns a card into a :class:`Face` (steps in millimetres from the card's top-left
corner, and warnings such as rules text that does not fit at its smallest size); a painter (PDF, PNG,
SVG) carries the steps out with :func:`paint`. Faces are computed once per card, whatever the copies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from deckkit.printing import fonts
from deckkit.printing.cardtext import rules_text
from deckkit.printing.layout import Layout, Region, fill

PLACEHOLDER = "#e6e1d6"  # the art box of a card without a picture
PLACEHOLDER_LINE = "#c9c2b2"
STEP = 0.25  # points: text shrinks by this much at a time
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp")


class Painter(Protocol):
    """What a face needs from a drawing surface; coordinates in mm, text sizes in points, y downwards."""

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
             width: float = 0.0, radius: float = 0.0) -> None: ...

    def ellipse(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
                width: float = 0.0) -> None: ...

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: str, width: float) -> None: ...

    def text(self, x: float, y: float, text: str, *, size: float, bold: bool, colour: str) -> None: ...

    def image(self, picture: Any, x: float, y: float, w: float, h: float) -> None: ...


Step = tuple[str, tuple, dict]


@dataclass
class Face:
    """Drawing steps for one card, and what went wrong drawing it."""

    card: dict[str, Any]
    steps: list[Step] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def paint(face: Face, painter: Any, dx: float = 0.0, dy: float = 0.0) -> None:
    """Carry out ``face``'s steps on ``painter`` with the card's top-left corner at (dx, dy) mm."""
    for name, args, kwargs in face.steps:
        if name in ("line",):
            x1, y1, x2, y2 = args
            painter.line(x1 + dx, y1 + dy, x2 + dx, y2 + dy, **kwargs)
        elif name == "text":
            x, y, s = args
            painter.text(x + dx, y + dy, s, **kwargs)
        elif name == "image":
            picture, x, y, w, h = args
            painter.image(picture, x + dx, y + dy, w, h)
        else:
            x, y, w, h = args
            getattr(painter, name)(x + dx, y + dy, w, h, **kwargs)


class FaceMaker:
    """Makes the faces of cards with one layout; art from the card's image field (a path, relative to
    ``art_dir`` when given) or else ``art_dir/<card id>.png`` (or another picture suffix)."""

    def __init__(self, layout: Layout, art_dir: Path | None = None) -> None:
        self.layout = layout
        self.art_dir = art_dir
        self.regular = fonts.metrics(layout.regular)
        self.bold = fonts.metrics(layout.bold)
        self._faces: dict[str, Face] = {}

    def face(self, card: dict[str, Any]) -> Face:
        """The face of ``card`` (made once per card id)."""
        key = str(card.get("id")) + "\x00" + str(card.get("name"))
        found = self._faces.get(key)
        if found is None:
            found = self._faces[key] = self._make(card)
        return found

    def _make(self, card: dict[str, Any]) -> Face:
        lay = self.layout
        face = Face(card)
        frame = lay.frame_for(card)
        fw = lay.frame_width
        face.steps.append(("rect", (0.0, 0.0, lay.width, lay.height), {"fill": frame}))
        face.steps.append(("rect", (fw, fw, lay.width - 2 * fw, lay.height - 2 * fw),
                           {"fill": lay.background, "radius": lay.radius}))
        for region in lay.regions:
            if region.name == "art":
                self._art(face, region)
            else:
                self._text_region(face, region)
        return face

    # art
    def _art(self, face: Face, region: Region) -> None:
        picture = self._picture(face, region)
        box = (region.x, region.y, region.w, region.h)
        if picture is None:
            face.steps.append(("rect", box, {"fill": PLACEHOLDER, "stroke": PLACEHOLDER_LINE, "width": 0.3}))
            return
        face.steps.append(("image", (picture, *box), {}))

    def _picture(self, face: Face, region: Region) -> Any:
        card = face.card
        named = card.get(region.field)
        path: Path | None = None
        if isinstance(named, str) and named.strip():
            path = Path(named)
            if not path.is_absolute() and self.art_dir is not None:
                path = self.art_dir / path
        elif self.art_dir is not None:
            path = next((self.art_dir / f"{card.get('id')}{s}" for s in IMAGE_SUFFIXES
                         if (self.art_dir / f"{card.get('id')}{s}").is_file()), None)
        if path is None:
            return None
        from deckkit.printing.images import load_cropped

        picture, problem = load_cropped(path, region.w / region.h)
        if problem:
            face.warnings.append(f"{_who(card)}: {problem}; a placeholder is drawn instead")
        return picture

    # text
    def _text_region(self, face: Face, region: Region) -> None:
        card = face.card
        content = rules_text(card) if region.name == "text" else None
        if not content:
            content = fill(region.template, card) if region.template else None
        content = printable(content) if content else content
        if not content:
            return
        box = (region.x, region.y, region.w, region.h)
        if region.fill or region.stroke:
            style = {"fill": region.fill, "stroke": region.stroke, "width": 0.3 if region.stroke else 0.0}
            if region.shape == "circle":
                face.steps.append(("ellipse", box, style))
            else:
                face.steps.append(("rect", box, {**style, "radius": min(region.h / 2, 1.5)
                                                 if region.shape == "round" else 0.0}))
        boxed = bool(region.fill or region.stroke)
        pad_x = (region.w * 0.12 if region.shape == "circle" else 0.9) if boxed else 0.0
        pad_y = 0.4 if boxed else 0.0
        width, height = region.w - 2 * pad_x, region.h - 2 * pad_y
        metrics = self.bold if region.bold else self.regular
        lines, size, fits = self._fit(metrics, content, region, width, height)
        if not fits:
            what = "rules text" if region.name == "text" else f"{region.name.replace('_', ' ')}"
            face.warnings.append(f"{_who(card)}: its {what} does not fit its region at {region.min_size:g} pt "
                                 "(the smallest size the layout allows); it is cut short")
        lacking = metrics.lacks(content)
        if lacking:
            face.warnings.append(f"{_who(card)}: the font has no glyph for {''.join(sorted(lacking))!r}")
        line_h = size * fonts.PT * fonts.LINE
        block = len(lines) * line_h
        top = {"top": region.y + pad_y, "bottom": region.y + region.h - pad_y - block}.get(
            region.valign, region.y + (region.h - block) / 2)
        colour = region.colour or self.layout.text_colour
        for i, line in enumerate(lines):
            baseline = top + i * line_h + line_h / 2 + 0.36 * size * fonts.PT
            w = metrics.width(line, size)
            x = {"left": region.x + pad_x, "right": region.x + region.w - pad_x - w}.get(
                region.align, region.x + (region.w - w) / 2)
            face.steps.append(("text", (x, baseline, line), {"size": size, "bold": region.bold, "colour": colour}))

    def _fit(self, m: fonts.Metrics, text: str, region: Region, width: float,
             height: float) -> tuple[list[str], float, bool]:
        """(lines, size, whether it fits) for the largest size from the region's down to its minimum."""
        size = region.size
        while True:
            line_h = size * fonts.PT * fonts.LINE
            if region.wrap:
                lines = fonts.wrap(m, text, size, width)
                if lines is not None and len(lines) * line_h <= height + 1e-6:
                    return lines, size, True
            else:
                one = " ".join(text.split())
                if fonts.fit_line(m, one, size, width) and line_h <= height + 1e-6:
                    return [one], size, True
            if size - STEP < region.min_size - 1e-9:
                break
            size -= STEP
        size = region.min_size
        return self._cut(m, text, region, size, width, height), size, False

    @staticmethod
    def _cut(m: fonts.Metrics, text: str, region: Region, size: float, width: float, height: float) -> list[str]:
        """The text at ``size`` cut to the lines that fit, the last ending in an ellipsis."""
        if not region.wrap:
            return [fonts.ellipsize(m, " ".join(text.split()), size, width)]
        words = []
        for word in text.split():  # a word wider than the line is cut, not left out
            words.append(fonts.ellipsize(m, word, size, width))
        lines = fonts.wrap(m, " ".join(words), size, width) or []
        room = max(1, int((height + 1e-6) // (size * fonts.PT * fonts.LINE)))
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = fonts.ellipsize(m, lines[-1] + " …", size, width) if not lines[-1].endswith("…") else lines[-1]
        return lines


def printable(text: str) -> str:
    """``text`` without control characters (a tab is a space; line breaks stay): nothing to draw for them."""
    import unicodedata

    text = text.replace("\t", " ").replace("\r\n", "\n").replace("\r", "\n")
    return "".join(c for c in text if c == "\n" or unicodedata.category(c) != "Cc")


def _who(card: dict[str, Any]) -> str:
    return f"card {card.get('name')!r} ({card.get('id')})"
