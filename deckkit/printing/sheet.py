"""Imposition: where cards go on a sheet of paper, their bleed, the crop marks, and the mirrored backs.

Pure geometry in millimetres (y downwards), so tests can check it without drawing. Cards sit in a grid
centred on the page; between two cards there is room for both bleeds when the paper allows it (else
the bleeds meet halfway and the cut between the cards is one line). Crop marks stand in the margin
round the grid, in line with every card edge, never inside a card or its bleed. A back page is the
front page mirrored left to right, as long-edge duplex printing turns the sheet: the back of the card
in column c lies behind it, in column (columns - 1 - c).
"""

from __future__ import annotations

from dataclasses import dataclass

from deckkit.printing.common import PrintError

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0),
                                          "legal": (215.9, 355.6)}
MARK_GAP = 1.0  # between the bleed and the start of a crop mark
MARK_LENGTH = 5.0
MARK_ROOM = 3.0  # the least margin outside the bleed: a mark of 2 mm after its gap


@dataclass(frozen=True)
class Sheet:
    """A page of ``cols`` × ``rows`` cards of ``card_w`` × ``card_h`` mm with ``bleed`` mm round each."""

    paper: str
    page_w: float
    page_h: float
    cols: int
    rows: int
    card_w: float
    card_h: float
    bleed: float
    gap_x: float
    gap_y: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def x0(self) -> float:
        return (self.page_w - self.cols * self.card_w - (self.cols - 1) * self.gap_x) / 2

    @property
    def y0(self) -> float:
        return (self.page_h - self.rows * self.card_h - (self.rows - 1) * self.gap_y) / 2

    def slot(self, i: int, back: bool = False) -> tuple[float, float]:
        """Top-left corner of the trimmed card in slot ``i`` (row by row), mirrored on a back page."""
        c, r = i % self.cols, i // self.cols
        x = self.x0 + c * (self.card_w + self.gap_x)
        if back:
            x = self.page_w - x - self.card_w
        return x, self.y0 + r * (self.card_h + self.gap_y)

    def bleed_box(self, i: int, back: bool = False) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the card in slot ``i`` with its bleed: the full bleed outwards, at most half
        the gap towards a neighbour."""
        x, y = self.slot(i)
        inner_x, inner_y = min(self.bleed, self.gap_x / 2), min(self.bleed, self.gap_y / 2)
        c, r = i % self.cols, i // self.cols
        left = self.bleed if c == 0 else inner_x
        right = self.bleed if c == self.cols - 1 else inner_x
        top = self.bleed if r == 0 else inner_y
        bottom = self.bleed if r == self.rows - 1 else inner_y
        box_x, w = x - left, self.card_w + left + right
        if back:
            box_x = self.page_w - box_x - w
        return box_x, y - top, w, self.card_h + top + bottom

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Every crop mark as a line (x1, y1, x2, y2), in the margin round the grid (the same on a back page)."""
        xs = sorted({round(self.slot(c)[0] + d, 4) for c in range(self.cols) for d in (0.0, self.card_w)})
        ys = sorted({round(self.slot(r * self.cols)[1] + d, 4) for r in range(self.rows) for d in (0.0, self.card_h)})
        top = self.y0 - self.bleed - MARK_GAP
        bottom = self.page_h - self.y0 + self.bleed + MARK_GAP
        left = self.x0 - self.bleed - MARK_GAP
        right = self.page_w - self.x0 + self.bleed + MARK_GAP
        lines = []
        for x in xs:
            lines.append((x, top, x, max(0.0, top - MARK_LENGTH)))
            lines.append((x, bottom, x, min(self.page_h, bottom + MARK_LENGTH)))
        for y in ys:
            lines.append((left, y, max(0.0, left - MARK_LENGTH), y))
            lines.append((right, y, min(self.page_w, right + MARK_LENGTH), y))
        return lines


def parse_grid(text: str) -> tuple[int, int]:
    """``3x3`` → (3, 3); PrintError otherwise."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) == 2 and all(p.strip().isdigit() for p in parts):
        cols, rows = int(parts[0]), int(parts[1])
        if 1 <= cols <= 20 and 1 <= rows <= 20:
            return cols, rows
    raise PrintError(f"--grid {text!r}: expected COLUMNSxROWS such as 3x3 (1 to 20 each)")


def plan_sheet(paper: str, card_w: float, card_h: float, *, cols: int = 3, rows: int = 3,
               bleed: float = 3.0, landscape: bool = False) -> Sheet:
    """The sheet for ``cols`` × ``rows`` cards on ``paper``; PrintError when they do not fit, saying what does."""
    key = paper.lower()
    if key not in PAPERS:
        import difflib

        close = difflib.get_close_matches(key, PAPERS, n=1)
        raise PrintError(f"--paper {paper!r}: unknown paper size",
                         hint=(f"did you mean {close[0]}? " if close else "") + "papers: " + ", ".join(PAPERS))
    if not 0 <= bleed <= 10:
        raise PrintError(f"--bleed {bleed:g}: expected 0 to 10 mm", hint="3 mm is the common bleed")
    page_w, page_h = PAPERS[key]
    if landscape:
        page_w, page_h = page_h, page_w
    margin = 2 * (bleed + MARK_ROOM)
    fit_cols = int((page_w - margin + 1e-9) // card_w)
    fit_rows = int((page_h - margin + 1e-9) // card_h)
    if fit_cols < 1 or fit_rows < 1:
        raise PrintError(f"--paper {key}: a {page_w:g} × {page_h:g} mm page is too small for one "
                         f"{card_w:g} × {card_h:g} mm card with {bleed:g} mm bleed and crop marks",
                         hint="choose a larger paper, or a smaller bleed")
    if cols > fit_cols or rows > fit_rows:
        raise PrintError(f"--grid {cols}x{rows}: {cols * rows} cards of {card_w:g} × {card_h:g} mm do not fit on "
                         f"{key} ({page_w:g} × {page_h:g} mm) with {bleed:g} mm bleed",
                         hint=f"at most {fit_cols}x{fit_rows} fits; or use a smaller --bleed")
    gap_x = min(2 * bleed, (page_w - margin - cols * card_w) / (cols - 1)) if cols > 1 else 0.0
    gap_y = min(2 * bleed, (page_h - margin - rows * card_h) / (rows - 1)) if rows > 1 else 0.0
    return Sheet(key, page_w, page_h, cols, rows, card_w, card_h, bleed, gap_x, gap_y)
