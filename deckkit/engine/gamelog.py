"""Lines of a game's readable log that name what only one seat may know (a card drawn, a card searched for).

A game writes such a line with :meth:`deckkit.engine.core.State.tell`: the whole line and the words
every other seat reads instead. The line is a :class:`Private`, a ``str`` whose text is the whole
line, so every reader that sees the whole game — a goldfish or ``script run`` trace, ``match --trace``
— reads it as before; a reader in one seat's place (the game screen of ``deckkit play``) asks
:func:`seen_by` for what that seat may read. Nothing here knows a game.
"""

from __future__ import annotations


class Private(str):
    """A log line whose text only seat :attr:`seat` may read; :attr:`public` is what the others read."""

    seat: int
    public: str

    def __new__(cls, text: str, seat: int, public: str) -> Private:
        line = super().__new__(cls, text)
        line.seat = seat
        line.public = public
        return line

    def __reduce__(self) -> tuple:  # a str subclass pickles through __new__ with the text alone otherwise
        return Private, (str(self), self.seat, self.public)


def seen_by(line: str, viewer: int | None) -> str:
    """``line`` as seat ``viewer`` may read it (``None``: a reader who sees every seat reads it whole)."""
    if isinstance(line, Private):
        return str(line) if viewer is None or viewer == line.seat else line.public
    return line
