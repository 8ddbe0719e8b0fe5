"""Card layouts as data: read a layout file, check it against ``schemas/layout.schema.json`` and the
card, and fill its templates from a card.

A game's own layout is the file its spec names (``GameSpec.layout``, ``"package:layout.json"``); a
designer copies it, edits it and passes it with ``--layout FILE``. Everything wrong with a layout is a
:class:`~deckkit.printing.common.PrintError` naming the file and the JSON path (``$.regions.cost.w``).
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckkit.printing.common import PrintError
from deckkit.printing import fonts

#: The order regions are drawn in: the art first, so that badges may sit on it.
REGION_ORDER = ("art", "type_line", "text", "name", "cost", "stats", "badge", "corner", "footer")
PLAIN_LAYOUT = Path(__file__).resolve().parent / "plain-layout.json"
DEFAULT_MIN_SIZE = 5.0  # points: about the smallest print that stays readable on a card

_FIELD = re.compile(r"\{([^{}\[\]]*)\}")


@dataclass(frozen=True)
class Segment:
    """A piece of a template: literal text with ``{field}`` holes; an optional one is dropped when a field is missing."""

    text: str
    fields: tuple[str, ...]
    optional: bool


@dataclass(frozen=True)
class Region:
    """One box of the layout (mm from the card's top-left corner; sizes in points)."""

    name: str
    x: float
    y: float
    w: float
    h: float
    template: tuple[Segment, ...] = ()
    size: float = 8.0
    min_size: float = DEFAULT_MIN_SIZE
    bold: bool = False
    align: str = "left"
    valign: str = "top"
    wrap: bool = False
    colour: str | None = None
    fill: str | None = None
    stroke: str | None = None
    shape: str = "rect"
    field: str = "image"


@dataclass(frozen=True)
class Layout:
    """A checked layout, ready to draw cards of ``game`` with."""

    source: str
    game: str
    width: float
    height: float
    regions: tuple[Region, ...]
    radius: float = 2.5
    background: str = "#ffffff"
    text_colour: str = "#000000"
    frame_width: float = 2.5
    frame_field: str = "type"
    frame_colour: str = "#555555"
    frame_colours: dict[str, str] = field(default_factory=dict)
    back: dict[str, str] = field(default_factory=dict)
    regular: Path = fonts.REGULAR
    bold: Path = fonts.BOLD
    name: str = ""

    def region(self, name: str) -> Region | None:
        """The region called ``name``, if the layout has it."""
        return next((r for r in self.regions if r.name == name), None)

    def frame_for(self, card: dict[str, Any]) -> str:
        """The frame (and bleed) colour of ``card``: by its frame field's value, else the default."""
        value = card.get(self.frame_field)
        return self.frame_colours.get(value, self.frame_colour) if isinstance(value, str) else self.frame_colour


def fill(template: tuple[Segment, ...], card: dict[str, Any]) -> str | None:
    """The template's text for ``card``; None when a field outside [brackets] is missing."""
    out = []
    for seg in template:
        values = {name: _shown(card.get(name)) for name in seg.fields}
        if any(v is None for v in values.values()):
            if seg.optional:
                continue
            return None
        out.append(_substitute(seg.text, values))
    return "".join(out)


def _substitute(text: str, values: dict[str, str | None]) -> str:
    return _FIELD.sub(lambda m: values[m.group(1).strip()] or "", text)


def _shown(value: Any) -> str | None:
    if value is None or value == "" or value == [] or value is False:
        return None
    if value is True:
        return "yes"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def parse_template(text: str, known: tuple[str, ...], where: str, source: str) -> tuple[Segment, ...]:
    """A template's segments; PrintError for unbalanced brackets or braces, or a field cards do not have."""
    segments: list[Segment] = []
    rest = text
    while rest:
        start = rest.find("[")
        end = rest.find("]")
        if end != -1 and (start == -1 or end < start):
            raise PrintError(f"{where}: a ']' without its '['", path=source, hint="[ … ] marks an optional part")
        if start == -1:
            segments.append(_segment(rest, False, known, where, source))
            break
        if start:
            segments.append(_segment(rest[:start], False, known, where, source))
        close = rest.find("]", start)
        if close == -1 or "[" in rest[start + 1:close]:
            raise PrintError(f"{where}: a '[' without its ']'", path=source, hint="[ … ] marks an optional part")
        segments.append(_segment(rest[start + 1:close], True, known, where, source))
        rest = rest[close + 1:]
    return tuple(segments)


def _segment(text: str, optional: bool, known: tuple[str, ...], where: str, source: str) -> Segment:
    names = tuple(m.strip() for m in _FIELD.findall(text))
    if _FIELD.sub("", text).count("{") or _FIELD.sub("", text).count("}"):
        raise PrintError(f"{where}: a '{{' or '}}' that does not enclose a field name", path=source,
                         hint="write a field as {name}")
    for name in names:
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1)
            raise PrintError(f"{where}: cards have no field {name!r}", path=source,
                             hint=(f"did you mean {{{close[0]}}}? " if close else "") + "fields: " + ", ".join(known))
    return Segment(text, names, optional)


def card_fields(game: str) -> tuple[str, ...]:
    """The fields a card of ``game`` may have: the card schema's common ones and the game's own.

    Read from the shipped schema file and the game's spec: building the whole card schema (every
    game's ability language) would cost more than drawing a deck.
    """
    from deckkit.engine.registry import spec
    from deckkit.paths import schemas_dir

    common = json.loads((schemas_dir() / "card.schema.json").read_text(encoding="utf-8"))["properties"]
    return tuple(dict.fromkeys([*common, *spec(game).card_schema.get("properties", {})]))


def game_layout_path(game: str) -> Path:
    """The layout file a game ships (its spec's ``layout``), or the plain layout for a game without one."""
    import importlib.resources

    from deckkit.engine.registry import spec

    ref = spec(game).layout
    if not ref:
        return PLAIN_LAYOUT
    package, _, name = ref.partition(":")
    return Path(str(importlib.resources.files(package).joinpath(name or "layout.json")))


def load_layout(game: str, path: str | Path | None = None) -> Layout:
    """The layout in ``path`` (the game's own when None), checked for cards of ``game``."""
    from deckkit.engine.registry import resolve

    game = resolve(game)
    file = Path(path) if path is not None else game_layout_path(game)
    source = str(file)
    from deckkit.fileio import FileReadError, read_text

    try:
        data = json.loads(read_text(file, what="layout file"))
    except FileReadError as exc:
        raise PrintError(exc.message, path=exc.path, hint=exc.hint or "check --layout") from None
    except json.JSONDecodeError as exc:
        raise PrintError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}", path=source,
                         hint="a layout is a JSON file (copy a game's layout.json to start)") from None
    return check_layout(data, game, source, file.parent)


@lru_cache(maxsize=1)
def _fast_validator() -> Any:
    import jsonschema_rs

    from deckkit.schemas import file_schema

    return jsonschema_rs.validator_for(file_schema("layout.schema.json"))


def _fast_valid(data: Any) -> bool:
    """Whether the layout is valid, by jsonschema-rs (jsonschema, slower to import, explains the invalid ones)."""
    try:
        return bool(_fast_validator().is_valid(data))
    except (ImportError, ValueError, OverflowError, TypeError):
        return False


def check_layout(data: Any, game: str, source: str, folder: Path | None = None) -> Layout:
    """A :class:`Layout` from parsed JSON; PrintError naming the JSON path of the first problem."""
    from deckkit.decks.schemacheck import json_path, schema_errors

    errors = [] if _fast_valid(data) else schema_errors("layout.schema.json", data)
    if errors:
        # A misspelt key is the likeliest mistake, and also makes a required key look missing: name it first.
        first = next((e for e in errors if e.validator == "additionalProperties"), errors[0])
        where = json_path(first.absolute_path)
        hint = "see schemas/layout.schema.json"
        message = first.message
        if first.validator == "additionalProperties":
            allowed = sorted(first.schema.get("properties", {}))
            unknown = sorted(set(first.instance) - set(allowed))[0]
            close = difflib.get_close_matches(unknown, allowed, n=1)
            is_region = bool(first.absolute_path) and first.absolute_path[-1] == "regions"
            message = f"unknown {'region' if is_region else 'key'} {unknown!r}"
            hint = (f"did you mean {close[0]!r}? " if close else "") + (
                "regions are " + ", ".join(REGION_ORDER) if is_region else "allowed here: " + ", ".join(allowed))
        raise PrintError(f"{where}: {message}", path=source, hint=hint)
    card = data["card"]
    width, height = float(card["width"]), float(card["height"])
    known = card_fields(game)
    regions = []
    for name in REGION_ORDER:
        spec = data["regions"].get(name)
        if spec is not None:
            regions.append(_region(name, spec, width, height, known, source))
    frame = data.get("frame", {})
    frame_field = frame.get("field", "type")
    if frame_field not in known:
        close = difflib.get_close_matches(frame_field, known, n=1)
        raise PrintError(f"$.frame.field: cards have no field {frame_field!r}", path=source,
                         hint=(f"did you mean {close[0]!r}? " if close else "") + "fields: " + ", ".join(known))
    if 2 * frame.get("width", 2.5) >= min(width, height):
        raise PrintError("$.frame.width: the frame leaves no room inside the card", path=source,
                         hint=f"make it less than half of the card's {min(width, height):g} mm")
    folder = folder or Path(".")
    chosen = data.get("fonts", {})
    font_files = {}
    for style, default in (("regular", fonts.REGULAR), ("bold", fonts.BOLD)):
        font = (folder / chosen[style]) if style in chosen else default
        try:
            fonts.metrics(font)
        except PrintError as exc:
            raise PrintError(f"$.fonts.{style}: {exc.message}", path=f"{source} ({font})", hint=exc.hint) from None
        font_files[style] = font
    return Layout(
        source=source, game=game, width=width, height=height, regions=tuple(regions),
        radius=float(card.get("radius", 2.5)), background=card.get("background", "#ffffff"),
        text_colour=card.get("text_colour", "#000000"), frame_width=float(frame.get("width", 2.5)),
        frame_field=frame_field, frame_colour=frame.get("colour", "#555555"),
        frame_colours=dict(frame.get("colours", {})), back=dict(data.get("back", {})),
        regular=font_files["regular"], bold=font_files["bold"], name=data.get("name", ""),
    )


def _region(name: str, spec: dict, width: float, height: float, known: tuple[str, ...], source: str) -> Region:
    where = f"$.regions.{name}"
    x, y, w, h = (float(spec[k]) for k in ("x", "y", "w", "h"))
    if x + w > width + 1e-9 or y + h > height + 1e-9:
        side = "right" if x + w > width + 1e-9 else "bottom"
        raise PrintError(f"{where}: the region reaches past the card's {side} edge "
                         f"(x {x:g} + w {w:g}, y {y:g} + h {h:g} on a {width:g} × {height:g} mm card)",
                         path=source, hint="move or shrink the region so that it lies inside the card")
    size = float(spec.get("size", 8.0))
    min_size = float(spec.get("min_size", min(size, DEFAULT_MIN_SIZE)))
    if min_size > size:
        raise PrintError(f"{where}.min_size: {min_size:g} is larger than the region's size {size:g}", path=source,
                         hint="min_size is the smallest size text may shrink to")
    template = parse_template(spec.get("text", ""), known, f"{where}.text", source) if "text" in spec else ()
    if name not in ("art", "text") and not template:
        raise PrintError(f"{where}: the region shows nothing", path=source,
                         hint='give it a "text" template such as "{name}"')
    return Region(name=name, x=x, y=y, w=w, h=h, template=template, size=size, min_size=min_size,
                  bold=bool(spec.get("bold", False)), align=spec.get("align", "left"),
                  valign=spec.get("valign", "top"), wrap=bool(spec.get("wrap", name == "text")),
                  colour=spec.get("colour"), fill=spec.get("fill"), stroke=spec.get("stroke"),
                  shape=spec.get("shape", "rect"), field=spec.get("field", "image"))
