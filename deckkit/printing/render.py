"""One picture per card (``deckkit render``: PNG at a resolution, and SVG) and one picture of a deck
(``deckkit deck show --image``: the cards in a grid with their counts)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit.printing.common import PrintError, output_file, require, rgb
from deckkit.printing.face import FaceMaker
from deckkit.printing.layout import Layout

FORMATS = ("png", "svg")


@dataclass
class Rendered:
    """The files written and the warnings about cards."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check_folder(folder: Path) -> None:
    """Refuse an output folder that is a file, or is missing together with its parent."""
    if folder.is_dir():
        return
    if folder.exists():
        raise PrintError("-f: this is a file, not a folder", path=str(folder), hint="give a folder for the pictures")
    if not folder.parent.is_dir():
        raise PrintError("-f: the folder's parent does not exist", path=str(folder),
                         hint="create the parent folder first or choose another folder")


def output_folder(folder: Path) -> Path:
    """``folder``, made if only it is missing (call it once everything is drawn); PrintError otherwise."""
    check_folder(folder)
    if folder.is_dir():
        return folder
    try:
        folder.mkdir()
    except OSError as exc:
        raise PrintError(f"-f: cannot create the folder: {exc.strerror}", path=str(folder)) from None
    return folder


def render_cards(cards: list[dict[str, Any]], layout: Layout, folder: Path, *, dpi: int = 300,
                 formats: tuple[str, ...] = FORMATS, art_dir: Path | None = None) -> Rendered:
    """Write ``<card id>.png`` and/or ``.svg`` for each card into ``folder`` (all drawn before any is written)."""
    require("PIL")
    from deckkit.printing.raster import card_image, png_bytes
    from deckkit.printing.svg import card_svg

    if not 30 <= dpi <= 1200:
        raise PrintError(f"--dpi {dpi}: expected 30 to 1200", hint="300 is the usual print resolution")
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise PrintError(f"unknown picture format {unknown[0]!r}", hint="formats: " + ", ".join(FORMATS))
    check_folder(folder)
    maker = FaceMaker(layout, art_dir)
    drawn: list[tuple[Path, bytes]] = []
    out = Rendered()
    for card in cards:
        face = maker.face(card)
        out.warnings.extend(w for w in face.warnings if w not in out.warnings)
        stem = _file_stem(card)
        if "png" in formats:
            drawn.append((folder / f"{stem}.png", png_bytes(card_image(face, layout, dpi / 25.4), dpi)))
        if "svg" in formats:
            drawn.append((folder / f"{stem}.svg", card_svg(face, layout).encode("utf-8")))
    output_folder(folder)
    for path, data in drawn:
        with output_file(path, "picture") as fh:
            fh.write(data)
        out.files.append(path)
    return out


def _file_stem(card: dict[str, Any]) -> str:
    text = str(card.get("id") or card.get("name") or "card")
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in text).strip(".") or "card"


def draw_deck(deck: str, catalogue: Any, path: Path, layout_file: Path | None = None) -> list[str]:
    """``deck show --image``: the deck file's picture at ``path``; returns the warnings about its cards."""
    from deckkit.printing.layout import load_layout
    from deckkit.printing.sources import from_decks

    chosen = from_decks([deck], catalogue)
    return deck_picture(chosen.counts, load_layout(chosen.game, layout_file), path, title=chosen.title).warnings


def deck_picture(counts: list[tuple[dict[str, Any], int]], layout: Layout, path: Path, *, title: str,
                 columns: int | None = None, pixels_per_mm: float = 4.0, art_dir: Path | None = None) -> Rendered:
    """One PNG of a deck: each card once in a grid, its count in a badge, the deck's name above."""
    require("PIL")
    from PIL import Image, ImageDraw

    from deckkit.printing.raster import card_image, pillow_font, png_bytes

    if path.suffix.lower() != ".png":
        raise PrintError(f"--image {path}: the deck picture is a PNG file", path=str(path), hint="end the name in .png")
    from deckkit.printing.common import check_output_folder

    check_output_folder(path, "picture")
    maker = FaceMaker(layout, art_dir)
    cols = columns or max(1, min(len(counts), math.ceil(math.sqrt(len(counts) * 1.6))))
    rows = max(1, math.ceil(len(counts) / cols))
    cw, ch = round(layout.width * pixels_per_mm), round(layout.height * pixels_per_mm)
    gap, head = round(3 * pixels_per_mm), round(12 * pixels_per_mm)
    sheet = Image.new("RGB", (cols * cw + (cols + 1) * gap, head + rows * ch + (rows + 1) * gap), rgb("#2b2b2b"))
    draw = ImageDraw.Draw(sheet)
    total = sum(n for _, n in counts)
    draw.text((gap, head // 2 + gap // 2), f"{title} — {total} cards", font=pillow_font(layout.bold, round(5 * pixels_per_mm)),
              fill=rgb("#f0f0f0"), anchor="lm")
    badge_font = pillow_font(layout.bold, round(4.2 * pixels_per_mm))
    out = Rendered()
    for i, (card, n) in enumerate(counts):
        face = maker.face(card)
        out.warnings.extend(w for w in face.warnings if w not in out.warnings)
        x = gap + (i % cols) * (cw + gap)
        y = head + gap + (i // cols) * (ch + gap)
        sheet.paste(card_image(face, layout, pixels_per_mm), (x, y))
        r = round(5 * pixels_per_mm)
        cx, cy = x + cw // 2, y + round(30 * pixels_per_mm)  # on the art box, clear of the card's own numbers
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=rgb("#d23b3b"), outline=rgb("#ffffff"), width=2)
        draw.text((cx, cy), f"×{n}", font=badge_font, fill=rgb("#ffffff"), anchor="mm")
    with output_file(path, "picture") as fh:
        fh.write(png_bytes(sheet))
    out.files.append(path)
    return out
