"""A Rich progress bar for long runs (goldfish, odds --simulate, hand --count, imports, match, tune).

It is drawn on stderr whenever stderr is a terminal, also when stdout goes to a file or a pipe
(``deckkit goldfish … > out.txt`` shows the bar, the file gets only the report).
"""

from __future__ import annotations

import sys
import time
from typing import Any


def watched(stderr: Any = None) -> bool:
    """Whether someone watches the run: stderr, where the bar goes, is a terminal."""
    stream = stderr or sys.stderr
    return bool(getattr(stream, "isatty", lambda: False)())


#: Seconds a run lasts before its bar appears (``DECKKIT_PROGRESS_DELAY``; 0 draws it at once).
DELAY_VARIABLE = "DECKKIT_PROGRESS_DELAY"


def _delay() -> float:
    import os

    try:
        return max(0.0, float(os.environ.get(DELAY_VARIABLE, "0.7")))
    except ValueError:
        return 0.7


class ProgressBar:
    """Call with ``(done, total)``; draws nothing until a run has lasted ``delay`` seconds.

    Short runs stay silent (no flicker in scripts or tests); the bar is transient, so the report
    that follows is all that stays on screen.
    """

    def __init__(self, enabled: bool | None = None, delay: float | None = None, label: str = "goldfish",
                 unit: str = "games") -> None:
        self.enabled = watched() if enabled is None else enabled
        self.delay = _delay() if delay is None else delay
        self.label = label
        self.unit = unit
        self._start = time.perf_counter()
        self._progress: Any = None
        self._task: Any = None
        self._console: Any = None  # default: a Rich console on stderr

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self._progress is None:
            if time.perf_counter() - self._start < self.delay:
                return
            self._open(total)
        self._progress.update(self._task, completed=done, total=total)

    def _open(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                                   TimeRemainingColumn)
        from rich.text import Text

        unit = self.unit

        class Rate(ProgressColumn):
            def render(self, task: Any) -> Text:
                return Text(f"{task.speed or 0:,.0f} {unit}/s")

        self._progress = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(), Rate(),
                                  TextColumn("ETA"), TimeRemainingColumn(),
                                  console=self._console or Console(stderr=True), transient=True,
                                  refresh_per_second=4)  # the bar shares the cores with the workers
        self._progress.start()
        self._task = self._progress.add_task(self.label, total=total)

    def close(self) -> None:
        """Remove the bar (if one was drawn)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
