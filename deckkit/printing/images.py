"""Pictures for cards: an art file or a card back read with Pillow and cropped to its box's shape.

A card's art that is missing, unreadable or not an image is a warning and a placeholder (the card is
still printed); a card back given with ``--backs FILE`` must be good, or nothing is printed.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from deckkit.printing.common import PrintError

MAX_PIXELS = 40_000_000  # far above any card picture at 600 dpi; a decompression bomb is refused


def load_cropped(path: Path, aspect: float) -> tuple[Any, str | None]:
    """(the picture cropped to ``aspect`` = width / height, None) or (None, what is wrong with it)."""
    try:
        return _load(path, round(aspect, 4)), None
    except PrintError as exc:
        return None, exc.message


def load_back(path: Path, aspect: float) -> Any:
    """The ``--backs`` picture cropped to the card's shape; PrintError naming the file when it is no picture."""
    try:
        return _load(path, round(aspect, 4))
    except PrintError as exc:
        raise PrintError(f"--backs: {exc.message}", path=str(path),
                         hint="give a PNG or JPEG picture of the card back, or --backs generated") from None


@lru_cache(maxsize=256)
def _load(path: Path, aspect: float) -> Any:
    from PIL import Image, UnidentifiedImageError

    if not path.is_file():
        raise PrintError(f"the image {path} does not exist" if not path.exists() else f"{path} is not a file")
    try:
        with Image.open(path) as opened:
            if opened.width * opened.height > MAX_PIXELS:
                raise PrintError(f"the image {path} is too large ({opened.width} × {opened.height} pixels)")
            picture = opened.convert("RGB")
    except UnidentifiedImageError:
        raise PrintError(f"{path} is not an image Pillow can read") from None
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise PrintError(f"the image {path} cannot be read ({exc})") from None
    return crop_to(picture, aspect)


def crop_to(picture: Any, aspect: float) -> Any:
    """The middle of ``picture`` with the given width / height ratio (the box is filled, nothing stretched)."""
    w, h = picture.size
    if w <= 0 or h <= 0:
        return picture
    if w / h > aspect:
        new_w = max(1, round(h * aspect))
        left = (w - new_w) // 2
        return picture.crop((left, 0, left + new_w, h))
    new_h = max(1, round(w / aspect))
    top = (h - new_h) // 2
    return picture.crop((0, top, w, top + new_h))
