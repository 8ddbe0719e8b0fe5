"""Fonts: the shipped DejaVu Sans Condensed (every Czech and Hungarian letter), a layout's own TrueType
files, and text measured and broken into lines from the font's own advance widths.

One measure serves every painter, so a line breaks at the same word in the PDF, the PNG and the SVG.
Widths come from the font's ``hmtx`` table (fontTools, which fpdf2 brings along); no kerning, as fpdf2
writes text without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from deckkit.printing.common import PrintError

FONTS_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONTS_DIR / "DejaVuSansCondensed-Bold.ttf"
FAMILY = "DejaVu Sans Condensed"  # the SVG names the family: an SVG viewer draws with its own fonts

PT = 25.4 / 72  # one point in millimetres
LINE = 1.18  # line height as a multiple of the text size


@dataclass(frozen=True)
class Metrics:
    """Advance widths of one font file, per character, in em."""

    path: Path
    widths: dict[int, float]
    missing: float  # the .notdef width, for a character the font lacks
    ascent: float  # above the baseline, em

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` points, in mm."""
        w = self.widths
        return sum(w.get(ord(c), self.missing) for c in text) * size * PT

    def lacks(self, text: str) -> set[str]:
        """The characters of ``text`` the font has no glyph for (spaces and line breaks aside)."""
        return {c for c in text if ord(c) not in self.widths and not c.isspace()}


@lru_cache(maxsize=8)
def metrics(path: Path) -> Metrics:
    """The metrics of a TrueType file; PrintError naming the file when it is not one."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(str(path), lazy=True)
        units = font["head"].unitsPerEm
        hmtx = font["hmtx"].metrics
        cmap = font.getBestCmap() or {}
        ascent = font["hhea"].ascent / units
    except FileNotFoundError:
        raise PrintError("no such font file", path=str(path), hint="check the layout's fonts paths") from None
    except (TTLibError, KeyError, OSError, AssertionError, ValueError, TypeError) as exc:
        raise PrintError(f"not a TrueType font file that can be used ({exc})", path=str(path),
                         hint="give a .ttf file with Unicode glyphs (the default DejaVu Sans Condensed needs none)") from None
    widths = {code: hmtx[glyph][0] / units for code, glyph in cmap.items() if glyph in hmtx}
    missing = hmtx[".notdef"][0] / units if ".notdef" in hmtx else 0.5
    return Metrics(path, widths, missing, ascent)


def fit_line(m: Metrics, text: str, size: float, width: float) -> bool:
    """Whether ``text`` fits on one line of ``width`` mm at ``size`` points."""
    return m.width(text, size) <= width + 1e-6


def wrap(m: Metrics, text: str, size: float, width: float) -> list[str] | None:
    """``text`` broken into lines of at most ``width`` mm at ``size`` points (explicit line breaks kept);
    None when a single word is wider than the line."""
    lines: list[str] = []
    space = m.width(" ", size)
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        current, used = words[0], m.width(words[0], size)
        if used > width + 1e-6:
            return None
        for word in words[1:]:
            w = m.width(word, size)
            if w > width + 1e-6:
                return None
            if used + space + w <= width + 1e-6:
                current, used = f"{current} {word}", used + space + w
            else:
                lines.append(current)
                current, used = word, w
        lines.append(current)
    return lines


def ellipsize(m: Metrics, text: str, size: float, width: float) -> str:
    """The longest start of ``text`` that fits in ``width`` mm with an ellipsis after it."""
    if fit_line(m, text, size, width):
        return text
    cut = text
    while cut and not fit_line(m, cut.rstrip() + "…", size, width):
        cut = cut[:-1]
    return cut.rstrip() + "…" if cut else ""
