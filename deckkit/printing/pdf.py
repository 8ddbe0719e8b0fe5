"""Print-and-play PDF sheets with fpdf2: cards n-up with bleed and crop marks, backs mirrored for
long-edge duplex, a footer naming the deck, and the layout's fonts embedded (subset)."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit.printing.backs import back_colour, generated_back, picture_back
from deckkit.printing.common import output_file, require, rgb
from deckkit.printing.face import Face, FaceMaker, paint, printable
from deckkit.printing.layout import Layout
from deckkit.printing.sheet import Sheet

FAMILY = "card"
MARK_COLOUR = "#000000"
MARK_WIDTH = 0.25
FOOTER_COLOUR = "#555555"
FOOTER_SIZE = 6.5


class FpdfPainter:
    """The face painter for an fpdf2 document (mm units, y downwards, as fpdf2 itself); ``family`` is the
    registered font family the text is drawn in (one per layout's pair of font files)."""

    def __init__(self, pdf: Any, family: str = FAMILY) -> None:
        self.pdf = pdf
        self.family = family

    def _style(self, fill: str | None, stroke: str | None, width: float) -> str | None:
        if fill:
            self.pdf.set_fill_color(*rgb(fill))
        if stroke:
            self.pdf.set_draw_color(*rgb(stroke))
            self.pdf.set_line_width(width or 0.2)
        return "DF" if fill and stroke else "F" if fill else "D" if stroke else None

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
             width: float = 0.0, radius: float = 0.0) -> None:
        style = self._style(fill, stroke, width)
        if style is None:
            return
        if radius > 0:
            self.pdf.rect(x, y, w, h, style=style, round_corners=True, corner_radius=radius)
        else:
            self.pdf.rect(x, y, w, h, style=style)

    def ellipse(self, x: float, y: float, w: float, h: float, *, fill: str | None, stroke: str | None = None,
                width: float = 0.0) -> None:
        style = self._style(fill, stroke, width)
        if style is not None:
            self.pdf.ellipse(x, y, w, h, style=style)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: str, width: float) -> None:
        self.pdf.set_draw_color(*rgb(colour))
        self.pdf.set_line_width(width)
        self.pdf.line(x1, y1, x2, y2)

    def text(self, x: float, y: float, text: str, *, size: float, bold: bool, colour: str) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)
        self.pdf.set_text_color(*rgb(colour))
        self.pdf.text(x, y, text)

    def image(self, picture: Any, x: float, y: float, w: float, h: float) -> None:
        self.pdf.image(picture, x, y, w, h)


def _fpdf_class() -> Any:
    """fpdf2's FPDF class, imported without numpy when numpy is not loaded yet.

    fpdf2 imports numpy, when it is installed, only to decode LZW images and scan alpha channels
    faster; deckkit hands it RGB pictures from Pillow, so the import (a third of a second) is skipped.
    """
    import sys

    if "fpdf" in sys.modules or "numpy" in sys.modules:
        from fpdf import FPDF

        return FPDF
    sys.modules["numpy"] = None  # type: ignore[assignment]  # an ImportError for fpdf2's optional import
    try:
        from fpdf import FPDF
    finally:
        del sys.modules["numpy"]
    return FPDF


@dataclass
class PrintResult:
    """What a print made: pages, cards placed, and warnings about cards (text cut, art missing)."""

    path: Path
    pages: int
    cards: int
    warnings: list[str] = field(default_factory=list)


def new_document(layouts: list[Layout], page_w: float, page_h: float, title: str) -> tuple[Any, dict]:
    """An fpdf2 document of ``page_w`` × ``page_h`` mm, and the font family registered for each pair of
    font files the layouts use (``{(regular, bold): family}``)."""
    require("fpdf", "PIL")
    FPDF = _fpdf_class()

    import logging

    # A glyph the font lacks is a warning of deckkit's own, naming the card (face.py).
    logging.getLogger("fpdf").setLevel(logging.ERROR)
    pdf = FPDF(unit="mm", format=(page_w, page_h))
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    families: dict[tuple[Path, Path], str] = {}
    for layout in layouts:
        pair = (layout.regular, layout.bold)
        if pair not in families:
            families[pair] = family = FAMILY if not families else f"{FAMILY}{len(families)}"
            pdf.add_font(family, "", str(layout.regular))
            pdf.add_font(family, "B", str(layout.bold))
    pdf.set_title(title)
    pdf.set_creator("deckkit")
    return pdf, families


def print_pdf(cards: list[dict[str, Any]], layouts: Layout | dict[str, Layout], sheet: Sheet, path: Path, *,
              title: str, backs: str | Path | None = None, art_dir: Path | None = None) -> PrintResult:
    """Write ``cards`` (one per copy, in order) to a PDF at ``path``; nothing is written if anything fails.

    ``layouts``: one layout, or one per game (cards of several games on one sheet, all of one card
    size). ``backs``: None (fronts only), ``"generated"`` or a picture file; each back page follows
    its front page, mirrored for long-edge duplex.
    """
    from deckkit.printing.common import PrintError, check_output_folder

    check_output_folder(path, "PDF")
    if not cards:
        raise PrintError("there are no cards to print", hint="add cards to the deck, or check --query")
    by_game = {layouts.game: layouts} if isinstance(layouts, Layout) else dict(layouts)
    missing = sorted({str(card.get("game")) for card in cards} - set(by_game))
    if missing:
        raise PrintError(f"no layout for the cards of {', '.join(missing)}", hint="give a layout for each game printed")
    if len({(lay.width, lay.height) for lay in by_game.values()}) > 1:
        raise PrintError("the games' layouts have cards of different sizes, which one sheet cannot hold",
                         hint="print one game at a time (add game:NAME to the query)")
    makers = {game: FaceMaker(lay, art_dir) for game, lay in by_game.items()}
    back_faces: dict[str, Face] = {}
    if backs is not None:
        for game, lay in by_game.items():
            back_faces[game] = generated_back(lay) if backs == "generated" else picture_back(lay, Path(backs),
                                                                                             sheet.bleed)
    faces = [makers[str(card.get("game"))].face(card) for card in cards]
    pages = max(1, math.ceil(len(faces) / sheet.per_page))
    pdf, families = new_document(list(by_game.values()), sheet.page_w, sheet.page_h, title)
    painter = FpdfPainter(pdf)
    total = pages * (2 if back_faces else 1)
    for page in range(pages):
        chunk = faces[page * sheet.per_page:(page + 1) * sheet.per_page]
        pdf.add_page()
        for i, face in enumerate(chunk):
            lay = by_game[str(face.card.get("game"))]
            painter.family = families[(lay.regular, lay.bold)]
            painter.rect(*sheet.bleed_box(i), fill=lay.frame_for(face.card))
            paint(face, painter, *sheet.slot(i))
        painter.family = FAMILY
        _marks_and_footer(pdf, painter, sheet, title, len(pdf.pages), total, "fronts" if back_faces else "")
        if back_faces:
            pdf.add_page()
            for i, face in enumerate(chunk):
                game = str(face.card.get("game"))
                lay = by_game[game]
                painter.family = families[(lay.regular, lay.bold)]
                if backs == "generated":
                    painter.rect(*sheet.bleed_box(i, back=True), fill=back_colour(lay))
                paint(back_faces[game], painter, *sheet.slot(i, back=True))
            painter.family = FAMILY
            _marks_and_footer(pdf, painter, sheet, title, len(pdf.pages), total, "backs")
    buffer = io.BytesIO()
    pdf.output(buffer)
    with output_file(path, "PDF") as fh:
        fh.write(buffer.getvalue())
    warnings = list(dict.fromkeys(w for face in faces for w in face.warnings))
    return PrintResult(path, total, len(faces), warnings)


def _marks_and_footer(pdf: Any, painter: FpdfPainter, sheet: Sheet, title: str, page: int, total: int,
                      side: str) -> None:
    for x1, y1, x2, y2 in sheet.crop_marks():
        painter.line(x1, y1, x2, y2, colour=MARK_COLOUR, width=MARK_WIDTH)
    words = printable(f"{title} — page {page} of {total}" + (f" ({side})" if side else ""))
    pdf.set_font(FAMILY, "", FOOTER_SIZE)
    width = pdf.get_string_width(words)
    pdf.set_text_color(*rgb(FOOTER_COLOUR))
    pdf.text((sheet.page_w - width) / 2, sheet.page_h - 1.8, words)
