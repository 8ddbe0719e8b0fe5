"""Named library errors; the CLI maps them to a message, a hint and an exit code in one place."""

from __future__ import annotations


class DeckkitError(Exception):
    """Base error: a user-facing message, an optional location and hint, and an exit code."""

    exit_code = 1

    def __init__(self, message: str, *, path: str | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.hint = hint

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{where}{self.message}"


class UsageError(DeckkitError):
    """Bad command-line input: malformed query or expression, unknown option value (exit 2)."""

    exit_code = 2


class DataError(DeckkitError):
    """Bad data in a file or record (exit 1)."""


class ValidationFailed(DataError):
    """One or more records failed validation; ``problems`` holds every one of them."""

    def __init__(self, message: str, problems: list, *, path: str | None = None, hint: str | None = None) -> None:
        super().__init__(message, path=path, hint=hint)
        self.problems = problems


class CatalogueError(DeckkitError):
    """The catalogue file is unusable (not SQLite, newer schema, corrupt)."""


class UnknownCard(DataError):
    """A card name or id that the catalogue does not know; ``suggestions`` are near misses."""

    def __init__(self, name: str, suggestions: list[str] | None = None, *, path: str | None = None) -> None:
        self.name = name
        self.suggestions = suggestions or []
        hint = f"did you mean {' or '.join(self.suggestions[:3])}?" if self.suggestions else None
        super().__init__(f"unknown card {name!r}", path=path, hint=hint)


class AmbiguousName(DataError):
    """A card name that several cards of one game carry; ``candidates`` are their ids (name them instead)."""

    def __init__(self, name: str, candidates: list[str], *, sources: dict[str, str] | None = None,
                 path: str | None = None) -> None:
        self.name = name
        self.candidates = list(candidates)
        shown = [f"{c} ({sources[c]})" if sources and sources.get(c) else c for c in self.candidates]
        super().__init__(f"ambiguous name {name!r}: cards {', '.join(shown)}", path=path,
                         hint=f"write the card's id instead of its name, e.g. {self.candidates[-1]}, or say which "
                              "source wins: a 'prefer: bundled' (or 'prefer: my-cards') header line in a deck, "
                              "prefer = [\"bundled\"] in a script, or `deckkit db prefer SOURCE` for the catalogue")


class IllegalAction(DeckkitError):
    """An action that is not legal in the current state; ``legal`` lists what was."""

    def __init__(self, message: str, legal: list[str] | None = None, *, rule: str | None = None,
                 hint: str | None = None) -> None:
        self.legal = legal or []
        self.rule = rule
        if rule:
            message = f"{message} ({rule})"
        super().__init__(message, hint=hint)


class PositionedUsageError(UsageError):
    """Malformed text typed by the user (a query, a condition); ``text`` and 0-based ``position`` locate it (exit 2).

    ``detail`` is the text and a caret under the mistake; the CLI prints it under the message.
    """

    def __init__(self, message: str, text: str, position: int, *, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.text = text
        self.position = max(0, min(position, len(text)))

    @property
    def column(self) -> int:
        """1-based column of the offending spot."""
        return self.position + 1

    @property
    def detail(self) -> list[str]:
        """The text and a caret line under the offending spot (tabs kept, so the caret lines up)."""
        pad = "".join("\t" if c == "\t" else " " for c in self.text[: self.position])
        return [self.text, pad + "^"]

    def __str__(self) -> str:
        return f"{self.message} at column {self.column}"

    @classmethod
    def screen(cls, text: str, what: str, limit: int, *, plural: str | None = None) -> None:
        """Refuse ``text`` before parsing when it is not a string, longer than ``limit``, or holds a NUL."""
        if not isinstance(text, str):
            raise TypeError(f"{what} must be a string")
        if len(text) > limit:
            raise cls(f"{what} is too long ({len(text)} characters; the limit is {limit})", text[:80], 80,
                      hint=f"keep {plural or what + 's'} under {limit} characters")
        if "\x00" in text:
            raise cls(f"{what} contains a NUL character", text.replace("\x00", "?"), text.index("\x00"))
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:  # half of a UTF-16 pair: no text SQLite or a terminal can hold
            raise cls(f"{what} contains a lone surrogate (U+{ord(text[exc.start]):04X}), which is not a character",
                      text.encode("utf-8", "replace").decode("utf-8"), exc.start) from None
