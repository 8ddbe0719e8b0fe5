"""How a play session ends, kept apart from the screens so the CLI can name it without loading a game."""


class Stop(Exception):
    """The session ends: its exit code and the reason shown (the autosave is written on the way out)."""

    def __init__(self, code: int, why: str) -> None:
        super().__init__(why)
        self.code, self.why = code, why
