"""Fixtures of the match tests."""

from __future__ import annotations

import pytest

from cli_runner import command_on_catalogue


@pytest.fixture(scope="module")
def invoke(tmp_path_factory):
    """``deckkit match ARGS…`` on a catalogue of the test module's own."""
    return command_on_catalogue(tmp_path_factory, "match")
