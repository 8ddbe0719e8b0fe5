"""`deckkit play --web`: a browser tab (textual-serve's websocket) gets the game screen, and closing the tab
mid-game writes the tab's own autosave."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time

import aiohttp  # comes with textual-serve (the web extra, part of the test extra)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {port}")


def test_a_tab_closed_mid_game_leaves_the_autosave(db, tmp_path):
    port = _free_port()
    saved = tmp_path / "web.deckkit.toml"
    env = dict(os.environ, DECKKIT_DB=str(db))
    server = subprocess.Popen([sys.executable, "-m", "deckkit", "play", "kotlik-standard", "--web", "--port",
                               str(port), "--autosave", str(saved), "--delay", "0"],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _wait_for_port(port)

        async def tab() -> int:
            received = 0
            async with aiohttp.ClientSession() as client:
                async with client.ws_connect(f"http://127.0.0.1:{port}/ws?width=120&height=40") as ws:
                    end = time.monotonic() + 40
                    while received < 20_000 and time.monotonic() < end:  # the first screen drawn
                        try:
                            message = await asyncio.wait_for(ws.receive(), 1)
                        except TimeoutError:
                            continue
                        if message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                            received += len(message.data)
                    await ws.send_json(["stdin", "\r"])
                    await asyncio.sleep(1)
            return received

        assert asyncio.run(tab()) >= 20_000
        end = time.monotonic() + 30
        while not list(tmp_path.glob("web-*.deckkit.toml")) and time.monotonic() < end:
            time.sleep(0.2)
        written = list(tmp_path.glob("web-*.deckkit.toml"))  # the tab's own file: web-DATE-TIME-PID.deckkit.toml
        assert written, "closing the tab wrote no autosave"
        assert not saved.exists()  # no file every tab would overwrite
        assert "[[step]]" in written[0].read_text(encoding="utf-8")
    finally:
        server.terminate()
        try:
            server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()
