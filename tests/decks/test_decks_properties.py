"""Property tests: validation never crashes, and its verdicts agree with the rules computed independently."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckkit.decks import CardPool, validate_deck
from deckkit.decks.textfile import parse_text

POOL = CardPool.bundled()
AF_NAMES = sorted(c["name"] for c in POOL.by_id.values() if c["game"] == "alomfogo")
ALL_NAMES = sorted(c["name"] for c in POOL.by_id.values())

line = st.one_of(
    st.tuples(st.integers(-3, 2000), st.sampled_from(ALL_NAMES)).map(lambda t: f"{t[0]} {t[1]}"),
    st.text(max_size=40),
    st.sampled_from(["Sideboard", "Deck", "format: tournament", "format: blitz", "SB: 1 Athame", "name: x"]),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["af", "ob", "ko", "", "poker"]), st.lists(line, max_size=25))
def test_validation_never_crashes(game, lines):
    text = (f"game: {game}\n" if game else "") + "\n".join(lines)
    deck, problems = parse_text(text, "p.deck")
    report = validate_deck(deck, POOL, None, problems)
    data = report.as_json()
    assert data["legal"] == (data["errors"] == [])
    assert all(e["code"] and e["message"] for e in data["errors"] + data["warnings"])
    if data["legal"]:
        assert data["partly_legal"]


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from(AF_NAMES), st.integers(1, 5), min_size=1, max_size=20),
       st.sampled_from(["casual", "tournament"]))
def test_af_203_af_202_af_206_verdict_matches_the_rules(counts, fmt):
    text = f"game: alomfogo\nformat: {fmt}\n" + "".join(f"{n} {name}\n" for name, n in counts.items())
    deck, problems = parse_text(text)
    report = validate_deck(deck, POOL, None, problems)
    size = sum(counts.values())
    minimum = 35 if fmt == "casual" else 45  # AF-202 / AF-206
    over = {name for name, n in counts.items() if n > 3}  # AF-203
    assert {p.card for p in report.errors if p.code == "too-many-copies"} == over
    assert any(p.code == "deck-too-small" for p in report.errors) == (size < minimum)
    assert report.legal == (not over and size >= minimum)
    assert report.partly_legal == (not over)
