"""`deckkit browse` (issue 16 §2): a real Datasette on a free local port, read through its JSON API."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from deckkit.catalogue import web
from deckkit.engine.registry import registered_games
from catalogue_helpers import db  # noqa: F401  (pytest fixture)



def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture()
def served(db):
    port = web.free_port()
    env = dict(os.environ, DECKKIT_DB=str(db))
    proc = subprocess.Popen([sys.executable, "-m", "deckkit", "browse", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}/{db.stem}"
    deadline = time.monotonic() + 60
    while True:
        try:
            _get(f"http://127.0.0.1:{port}/-/versions.json")
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"datasette did not start: {proc.communicate()}")
            time.sleep(0.2)
    try:
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_browse_serves_the_card_view_with_search_facets_and_a_query_per_game(served):
    found = _get(f"{served}/card_view.json?_search=kajtar&_shape=objects")
    assert [r["name"] for r in found["rows"]] == ["Éjlépő Kajtár"]
    assert found["rows"][0]["other_names"] == "en: Nightstepper Kajtár"
    facets = _get(f"{served}/card_view.json?_size=0")["facet_results"]
    assert {"game", "type", "cost"} <= set(facets)
    games = {f["value"]: f["count"] for f in facets["game"]["results"]}
    assert set(games) == {g.name for g in registered_games()} and all(n > 0 for n in games.values())
    listing = _get(f"{served}.json")
    assert [v["name"] for v in listing["views"]] == ["card_view"]
    assert [t["name"] for t in listing["tables"] if not t["hidden"]] == ["cards"]
    queries = {q["name"] for q in listing["queries"]}
    assert queries == {f"{g.alias}_cards" for g in registered_games()}
    first = registered_games()[0]
    rows = _get(f"{served}/{first.alias}_cards.json?_shape=objects")["rows"]
    assert rows and all(r["type"] in first.card_types for r in rows)
    stored = _get(f"{served}/cards.json?_search=kajtar&_shape=objects")["rows"]
    assert [r["id"] for r in stored] == ["af-ejlepo-kajtar"]


def test_browse_on_a_taken_port_is_a_usage_error(db):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "deckkit", "browse", "--port", str(port)],
                              env=dict(os.environ, DECKKIT_DB=str(db)), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert f"cannot listen on 127.0.0.1:{port}" in proc.stderr and "--port 0" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_browse_without_datasette_names_the_extra(db, tmp_path):
    # A folder earlier on the path whose "datasette" cannot be found: run with the import system told so.
    code = ("import importlib.util, sys; real = importlib.util.find_spec; "
            "importlib.util.find_spec = lambda n, *a: None if n == 'datasette' else real(n, *a); "
            "from deckkit.__main__ import main; sys.argv = ['deckkit', 'browse', '--port', '0']; main()")
    proc = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, DECKKIT_DB=str(db)),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "Datasette is not installed" in proc.stderr and "deckkit[web]" in proc.stderr


def test_the_metadata_names_every_registered_game_and_hides_internal_tables(db):
    meta = web.metadata(db)
    tables = meta["databases"][db.stem]["tables"]
    assert tables["card_view"]["fts_table"] == "cards_fts" and tables["card_view"]["facets"] == ["game", "type", "cost"]
    assert all(tables[t]["hidden"] for t in ("card_blobs", "card_tags", "meta"))
    for g in registered_games():
        assert g.title in meta["description"]
