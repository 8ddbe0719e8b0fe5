"""Helpers shared by the hostile-input tests."""

from __future__ import annotations


def no_traceback(text: str) -> None:
    """Fail when a Python traceback (or Python's own advice) reached the user."""
    assert "Traceback" not in text, text
    assert "sys.set_int_max_str_digits" not in text, text
    assert "Exception ignored" not in text, text
