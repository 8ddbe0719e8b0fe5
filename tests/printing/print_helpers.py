"""Helpers of the print tests (a uniquely named module, not conftest.py): rendered pages and colour scans."""

from __future__ import annotations

from pathlib import Path

MM = 25.4


def render_page(pdf: Path, index: int, dpi: int = 150):
    """Page ``index`` of ``pdf`` as a Pillow RGB image at ``dpi`` (pypdfium2: no system packages)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def page_texts(pdf: Path) -> list[str]:
    """The text of every page, as pdfium extracts it."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        texts = []
        for page in doc:
            text = page.get_textpage()
            texts.append(text.get_text_range())
            text.close()
        return texts
    finally:
        doc.close()


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Every page's (width, height) in mm."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [(w / 72 * MM, h / 72 * MM) for w, h in (page.get_size() for page in doc)]
    finally:
        doc.close()


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def runs(pixels: list[tuple[int, int, int]], outer: str, inner: str, tolerance: int = 10) -> list[tuple[int, int]]:
    """(first, last) pixel index of every stretch of ``inner`` colour that ``outer`` colour borders on both
    sides (anti-aliased pixels in between are skipped)."""
    a, b = hex_rgb(outer), hex_rgb(inner)

    def near(p, c):
        return max(abs(p[i] - c[i]) for i in range(3)) <= tolerance

    marks = [(i, "A" if near(p, a) else "B") for i, p in enumerate(pixels) if near(p, a) or near(p, b)]
    found: list[tuple[int, int]] = []
    start = None
    for (last, before), (i, kind) in zip(marks[:-1], marks[1:]):
        if before == "A" and kind == "B":
            start = i
        elif before == "B" and kind == "A" and start is not None:
            found.append((start, last))
            start = None
    return found
