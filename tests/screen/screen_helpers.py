"""Helpers of the game screen tests: the bundled decks of the three games, waiting for the app to settle."""

from __future__ import annotations

import asyncio

DECKS = ["obludarium-standard", "alomfogo-casual", "kotlik-standard"]


async def settle(app, pilot) -> None:
    """Wait until the AI has moved and the screen is drawn."""
    await app.workers.wait_for_complete()
    await pilot.pause()


def run(coroutine) -> None:
    asyncio.run(coroutine)
