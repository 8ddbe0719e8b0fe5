"""The printed PDF, read back as a reader sees it: pages rendered with pypdfium2 and their text extracted."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from print_helpers import MM, page_sizes, page_texts, render_page, runs

from deckkit.decks import CardPool
from deckkit.paths import data_dir
from deckkit.printing.backs import back_colour
from deckkit.printing.cardtext import rules_text
from deckkit.printing.layout import load_layout
from deckkit.printing.pdf import print_pdf
from deckkit.printing.sheet import plan_sheet
from deckkit.printing.sources import from_decks

DPI = 150


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """The bundled 60-card Obludárium starter deck on A4 with generated backs."""
    chosen = from_decks([str(data_dir() / "decks" / "obludarium-standard.deck")], CardPool.bundled())
    layout = load_layout(chosen.game)
    sheet = plan_sheet("a4", layout.width, layout.height)
    path = tmp_path_factory.mktemp("print") / "deck.pdf"
    result = print_pdf(chosen.cards(), layout, sheet, path, title=chosen.title, backs="generated")
    return path, result, chosen, layout, sheet


def test_pages_are_a4_fronts_then_backs(printed):
    path, result, chosen, _, _ = printed
    assert sum(n for _, n in chosen.counts) == 60 == result.cards
    assert result.pages == 14  # 7 pages of 9 fronts, each followed by its backs
    sizes = page_sizes(path)
    assert len(sizes) == 14
    assert all(abs(w - 210) < 0.2 and abs(h - 297) < 0.2 for w, h in sizes)


def test_the_font_is_embedded_and_no_standard_font_is_used(printed):
    raw = printed[0].read_bytes()
    assert b"/FontFile2" in raw and b"DejaVuSansCondensed" in raw
    assert b"/Helvetica" not in raw and b"/Times" not in raw


def test_every_card_is_printed_as_often_as_the_deck_holds_it_with_its_text_and_diacritics(printed):
    path, _, chosen, _, _ = printed
    texts = page_texts(path)
    fronts = texts[0::2]
    # A name and its cost share a line in the extracted text ("Permoník 0"): the cost is dropped here.
    lines = Counter(re.sub(r" \d+$", "", line.strip()) for page in fronts for line in page.splitlines())
    flat = " ".join(" ".join(page.split()) for page in fronts)
    for card, copies in chosen.counts:
        assert lines[card["name"]] == copies, card["name"]
        assert " ".join(rules_text(card).split()) in flat, card["name"]
    assert "Šípkový čaj" in flat and "Buřty" in flat  # Czech letters come back out of the PDF
    for number, page in enumerate(texts, start=1):
        assert f"Táborová smečka — page {number} of 14" in " ".join(page.split())


def test_crop_marks_are_drawn_in_the_margin_clear_of_the_bleed(printed):
    path, _, _, _, sheet = printed
    image = render_page(path, 0, DPI)
    px = DPI / MM
    for x1, y1, x2, y2 in sheet.crop_marks():
        cx, cy = round((x1 + x2) / 2 * px), round((y1 + y2) / 2 * px)
        across = [(cx + d, cy) if x1 == x2 else (cx, cy + d) for d in (-1, 0, 1)]  # a thin line, anti-aliased
        assert min(max(image.getpixel(p)) for p in across) < 160, (x1, y1)  # the mark is there
        # half a millimetre before the mark starts, towards the cards: paper, not bleed
        dx, dy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
        assert min(image.getpixel((round((x1 - 0.5 * dx) * px), round((y1 - 0.5 * dy) * px)))) > 200


def test_backs_line_up_with_their_fronts_within_half_a_millimetre(printed):
    """Long-edge duplex: the back page is mirrored, so the card in column c has its back in column 2 - c."""
    path, _, chosen, layout, sheet = printed
    front, back = render_page(path, 0, DPI), render_page(path, 1, DPI)
    px = DPI / MM
    frame = layout.frame_for(chosen.cards()[0])  # the first row: food cards
    border = layout.back["border"]

    def centres(image, outer, inner, y=None, x=None):
        """The stretches of ``inner`` colour along a row (``y``) or a column (``x``) of pixels."""
        if y is not None:
            pixels = [image.getpixel((i, y)) for i in range(image.width)]
        else:
            pixels = [image.getpixel((x, j)) for j in range(image.height)]
        return runs(pixels, outer, inner)

    row_y = round((sheet.slot(0)[1] + 20) * px)
    panels = centres(front, frame, layout.background, y=row_y)
    lines = centres(back, back_colour(layout), border, y=row_y)
    assert len(panels) == 3 and len(lines) == 6  # each back's border is crossed twice
    front_x = [(a + b) / 2 / px for a, b in panels]
    back_x = [(lines[2 * k][0] + lines[2 * k + 1][1]) / 2 / px for k in range(3)]
    for c in range(3):
        assert abs((sheet.page_w - back_x[2 - c]) - front_x[c]) < 0.5
        assert abs(front_x[c] - (sheet.slot(c)[0] + layout.width / 2)) < 0.5
    column_x = round((sheet.slot(0)[0] + 8) * px)
    back_column_x = round((sheet.slot(2, back=True)[0] + 8) * px)
    panels_y = centres(front, frame, layout.background, x=column_x)
    lines_y = centres(back, back_colour(layout), border, x=back_column_x)
    front_y = [(a + b) / 2 / px for a, b in panels_y][:1]
    back_y = [(lines_y[0][0] + lines_y[1][1]) / 2 / px]
    assert abs(front_y[0] - back_y[0]) < 0.5
