"""Card pictures with Pillow: the face's steps drawn at a resolution (PNG for ``deckkit render``, the
Tabletop Simulator sheets and deck pictures). Shapes are drawn at twice the size and scaled down, so
their edges are smooth as the text's are."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from deckkit.printing.common import require, rgb
from deckkit.printing.face import Face, paint
from deckkit.printing.layout import Layout

SUPERSAMPLE = 2


@lru_cache(maxsize=64)
def pillow_font(path: Path, pixels: int) -> Any:
    """The TrueType font at ``path`` at ``pixels`` pixels (kept: a face draws many lines in few sizes)."""
    from PIL import ImageFont

    return ImageFont.truetype(str(path), max(1, pixels), layout_engine=ImageFont.Layout.BASIC)


class PillowPainter:
    """The face painter for a Pillow image; ``scale`` pixels per mm."""

    def __init__(self, image: Any, scale: float, layout: Layout) -> None:
        from PIL import ImageDraw

        self.canvas = image
        self.draw = ImageDraw.Draw(image)
        self.scale = scale
        self.layout = layout

    def _box(self, x: float, y: float, w: float, h: float) -> list[float]:
        s = self.scale
        return [x * s, y * s, (x + w) * s - 1, (y + h) * s - 1]

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
             width: float = 0.0, radius: float = 0.0) -> None:
        line = max(1, round(width * self.scale)) if stroke else 0
        kwargs: dict[str, Any] = {"fill": rgb(fill) if fill else None, "outline": rgb(stroke) if stroke else None, "width": line}
        if radius > 0:
            self.draw.rounded_rectangle(self._box(x, y, w, h), radius=radius * self.scale, **kwargs)
        else:
            self.draw.rectangle(self._box(x, y, w, h), **kwargs)

    def ellipse(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
                width: float = 0.0) -> None:
        line = max(1, round(width * self.scale)) if stroke else 0
        self.draw.ellipse(self._box(x, y, w, h), fill=rgb(fill) if fill else None,
                          outline=rgb(stroke) if stroke else None, width=line)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: str, width: float) -> None:
        s = self.scale
        self.draw.line([x1 * s, y1 * s, x2 * s, y2 * s], fill=rgb(colour), width=max(1, round(width * s)))

    def text(self, x: float, y: float, text: str, *, size: float, bold: bool, colour: str) -> None:
        font = pillow_font(self.layout.bold if bold else self.layout.regular, round(size / 72 * 25.4 * self.scale))
        self.draw.text((x * self.scale, y * self.scale), text, font=font, fill=rgb(colour), anchor="ls")

    def image(self, picture: Any, x: float, y: float, w: float, h: float) -> None:
        s = self.scale
        size = (max(1, round(w * s)), max(1, round(h * s)))
        self.canvas.paste(picture.resize(size), (round(x * s), round(y * s)))


def card_image(face: Face, layout: Layout, pixels_per_mm: float) -> Any:
    """The card (trimmed, no bleed) as an RGB Pillow image at ``pixels_per_mm``."""
    require("PIL")
    from PIL import Image

    size = (round(layout.width * pixels_per_mm), round(layout.height * pixels_per_mm))
    image = Image.new("RGB", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), "white")
    paint(face, PillowPainter(image, size[0] * SUPERSAMPLE / layout.width, layout))
    return image.reduce(SUPERSAMPLE)  # a box filter: each pixel the mean of its 2 × 2


def png_bytes(image: Any, dpi: int | None = None) -> bytes:
    """``image`` as PNG bytes, with its resolution recorded when ``dpi`` is given."""
    import io

    buffer = io.BytesIO()
    # Level 3 of 9: files a few per cent larger than the default, written several times faster.
    image.save(buffer, format="PNG", compress_level=3, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()
