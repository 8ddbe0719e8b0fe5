"""Card pictures as SVG: the face's steps as SVG elements, millimetres as the user unit.

The text names the font family (DejaVu Sans Condensed, then any sans-serif): a viewer draws it with a
font it has, so an SVG is for the screen and the web; the PDF is the one to print (it embeds the font).
"""

from __future__ import annotations

import base64
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from deckkit.printing import fonts
from deckkit.printing.face import Face, paint
from deckkit.printing.layout import Layout


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


class SvgPainter:
    """The face painter that collects SVG elements."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, width: float) -> str:
        out = f' fill="{fill or "none"}"'
        if stroke:
            out += f' stroke="{stroke}" stroke-width="{_n(width or 0.2)}"'
        return out

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
             width: float = 0.0, radius: float = 0.0) -> None:
        corner = f' rx="{_n(radius)}"' if radius else ""
        self.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner}'
                          f'{self._paint(fill, stroke, width)}/>')

    def ellipse(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
                width: float = 0.0) -> None:
        self.parts.append(f'<ellipse cx="{_n(x + w / 2)}" cy="{_n(y + h / 2)}" rx="{_n(w / 2)}" ry="{_n(h / 2)}"'
                          f'{self._paint(fill, stroke, width)}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: str, width: float) -> None:
        self.parts.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{colour}" '
                          f'stroke-width="{_n(width)}"/>')

    def text(self, x: float, y: float, text: str, *, size: float, bold: bool, colour: str) -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size * fonts.PT)}"{weight} '
                          f'fill="{colour}" xml:space="preserve">{escape(text)}</text>')

    def image(self, picture: Any, x: float, y: float, w: float, h: float) -> None:
        from deckkit.printing.raster import png_bytes

        data = base64.b64encode(png_bytes(picture)).decode("ascii")
        self.parts.append(f'<image x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
                          f'preserveAspectRatio="none" href="data:image/png;base64,{data}"/>')


def card_svg(face: Face, layout: Layout) -> str:
    """The card (trimmed) as an SVG document."""
    painter = SvgPainter()
    paint(face, painter)
    family = quoteattr(f"'{fonts.FAMILY}', 'DejaVu Sans', sans-serif")
    title = escape(str(face.card.get("name", "")))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(layout.width)}mm" height="{_n(layout.height)}mm" '
            f'viewBox="0 0 {_n(layout.width)} {_n(layout.height)}" font-family={family}>\n'
            f'<title>{title}</title>\n' + "\n".join(painter.parts) + "\n</svg>\n")
