"""One rule code for Álomfogó legality: the checks of ``legality`` allow exactly the legal actions and
refuse every other candidate with a message (and the rule that forbids it); each refusal rule number
is written in one module only."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from deckkit.catalogue import bundled_cards
from deckkit.errors import IllegalAction
from deckkit.games.alomfogo import GAME, AlomfogoGame
from deckkit.games.alomfogo import explain as reader
from deckkit.games.alomfogo import legality
from deckkit.games.alomfogo.legality import Refusal
from deckkit.paths import data_dir
from deckkit.text import fold

PACKAGE = Path(legality.__file__).parent
EXAMPLES = data_dir() / "cards" / "examples"
DESIGNER = AlomfogoGame([*bundled_cards("alomfogo"),
                         *json.loads((EXAMPLES / "af-designer.json").read_text(encoding="utf-8"))])
CASUAL = [c.data for c in GAME.deck_cards(data_dir() / "decks" / "alomfogo-casual.deck")]
EVERY = sorted(GAME.cards.values(), key=lambda c: c["id"])
DESIGNER_DECK = [c.data for c in DESIGNER.deck_cards(EXAMPLES / "af-designer.deck")]
# Refusals of the way a text is written (no rule forbids the action it names: there is none).
READING = {reader.UNKNOWN, reader.TAKES_NOTHING, legality.NOT_A_FORM, legality.NOT_A_USE, legality.NOT_NOW}
BARE = ("draw", "no draw", "no defence", "no helper", "no counter", "pass")


def _candidates(state) -> tuple[list[str], list[str]]:
    """Well-formed candidates (every kind with every card in a hand or on a table, every seat; a card
    with a second card for a few of them) and mis-written ones (words a form does not take, legal
    actions with words added or dropped)."""
    names = sorted({c.name for pl in state.players for c in pl.hand}
                   | ({state.pending.card.name} if state.pending is not None else set()))
    labels = sorted({state.label(i, perm) for i, pl in enumerate(state.players) for perm in pl.table})
    pick = random.Random(state.turn)  # pairs of cards for a few, so that a long random game stays quick to check
    some_names, some_labels = pick.sample(names, min(4, len(names))), pick.sample(labels, min(5, len(labels)))
    if state.duel is not None:
        some_labels += [state.label(state.duel.players[i], h) for i, h in enumerate(state.duel.helpers)
                        if h is not None and h in state.players[state.duel.players[i]].table]
    seats = [state.pname(i) for i in range(len(state.players))] + ["p9"]
    plain = [*BARE, *(f"start {s}" for s in seats)]
    for name in names:
        plain += [f"play {name}", f"cast {name}", f"cycle {name}", f"play {name} mode 1", f"play {name} mode 2"]
        plain += [f"play {name} on {s}" for s in seats[:3]]
    for lab in labels:
        plain += [f"challenge with {lab}", f"defend with {lab}", f"helper {lab}", f"assist {lab}"]
    for name in some_names:
        plain += [f"play {name} on {lab}" for lab in some_labels] + [f"cast {name} on {lab}" for lab in some_labels]
        plain += [f"play {name} with {lab}" for lab in some_labels]
        plain += [f"counter {name} with {lab}" for lab in some_labels]
    for lab in some_labels:
        plain += [f"assist {lab} discarding {name}" for name in some_names[:3]]
        plain += [f"assist {lab} on {other}" for other in some_labels[:3]]
    legal = [str(a) for a in state.legal_actions()]
    odd = [f"{kind} on p2" for kind in BARE] + ["attack Glum", "play", "challenge with"]
    for text in legal:
        odd += [text + " on p2", text + " x", text.upper()]
        odd += [text.split(" on ")[0]] if " on " in text else []
    return plain + legal, odd


def _states(game, deck, players: int, seed: int, every: int):
    """Positions of a random game (every ``every``-th), from the players' own generator."""
    state = game.new_game([deck] * players, random.Random(seed), start=seed % players)
    chooser = random.Random(seed + 100)
    step = 0
    while not state.is_terminal() and step < 1500:
        if step % every == 0:
            yield state
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
        step += 1


def _agree(state, where: str) -> set[str]:
    """The checks allow exactly the legal actions; the refusals: a message, a rule unless a misreading."""
    legal = {fold(str(a)) for a in state.legal_actions()}
    before = state.snapshot()
    plain, odd = _candidates(state)
    cited: set[str] = set()
    for text in plain + odd:
        found = reader.refusal(state, text)
        if fold(text) in legal:
            assert found is None, f"{where}: {text!r} is legal but refused by {found[0]}"
            continue
        assert found is not None, f"{where}: {text!r} is not legal, yet every check allows it"
        refused, cand = found
        message, rule = refused.message(state, cand)
        assert message and "?" not in message.split(":")[0], f"{where}: {text!r}: {message!r}"
        assert state.explain_illegal(text) == (message, rule)
        if text in plain:
            assert rule is not None or refused in READING, f"{where}: {text!r} refused citing no rule: {message}"
        if rule is not None:
            assert re.fullmatch(r"AF-(\d{3}|Q\d+|EX-\d\d)", rule), rule
            cited.add(rule)
    assert state.snapshot() == before, f"{where}: explaining changed the position"
    return cited


SETS = [("casual-2p", GAME, CASUAL, 2), ("every-card-3p", GAME, EVERY, 3), ("every-card-2p", GAME, EVERY, 2),
        ("designer-2p", DESIGNER, DESIGNER_DECK, 2), ("designer-4p", DESIGNER, DESIGNER_DECK, 4)]


@pytest.mark.parametrize("label, game, deck, players", SETS, ids=[s[0] for s in SETS])
def test_af_checks_allow_exactly_the_legal_actions(label, game, deck, players):
    """Over random reachable positions, the checks that list the legal actions refuse every other candidate."""
    phases: set[str] = set()
    for seed in range(4):
        for state in _states(game, deck, players, seed, every=6):
            phases.add(state.phase)
            _agree(state, f"{label} seed {seed} turn {state.turn} {state.phase}")
    assert {"phase3", "phase4"} <= phases


def test_af_checks_agree_in_every_phase():
    """The set-up and every duel phase are reached too, and each refusal cites a rule in them."""
    seen: dict[str, set[str]] = {}
    setup = GAME.from_setup({"phase": "setup", "p1": {"hand": ["Athame"]}, "p2": {}}, random.Random(0))
    seen["setup"] = _agree(setup, "set-up")
    for seed in range(8):
        for n, state in enumerate(_states(GAME, EVERY, 2 + seed % 2, seed, every=1)):
            if state.phase in ("counter", "creature-draw", "defend") or n % 10 == 0:
                seen.setdefault(state.phase, set()).update(_agree(state, f"seed {seed} {state.phase}"))
    assert set(seen) >= {"setup", "phase2", "phase3", "creature-draw", "phase4", "defend", "helper", "assist",
                         "counter"}, sorted(seen)
    assert seen["setup"] == {"AF-504"}


def _duel(**p1):
    state = GAME.from_setup({
        "phase": "phase4", "turn": 3,
        "p1": {"table": ["Wugu Wataruru", "Hódfarok néne"], "hand": ["lángdárda", "Athame"], **p1},
        "p2": {"table": ["Boszorkány Rozália"]},
    }, random.Random(0))
    for action in ("challenge with Wugu Wataruru", "defend with Boszorkány Rozália", "helper Hódfarok néne"):
        state.apply(action)
    return state


def _creature_draw():
    state = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"hand": ["búbos manó"], "vp": 3, "library": []},
                             "p2": {"library": ["Athame"]}}, random.Random(0))
    state.apply("play búbos manó")
    return state


def _counter():
    state = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"hand": ["Athame"], "vp": 6},
                             "p2": {"table": ["Csendharang", "Boszorkány Rozália"]}}, random.Random(0))
    state.apply("play Athame")
    return state


def _modal():
    return DESIGNER.from_setup({"phase": "phase3", "turn": 3, "p1": {"hand": ["Kétélű varázs"], "vp": 5},
                                "p2": {"table": ["Ködlátó Berta"]}}, random.Random(0))


# (rule, position, refused action, words the message says); each row pins the rule its id cites
PINNED = [
    ("AF-Q7", _creature_draw, "draw", "deck is empty"),
    ("AF-371", _counter, "counter Athame with Boszorkány Rozália", "Athame waits for p2's counterspell answer"),
    ("AF-384", _duel, "assist Hódfarok néne", "costs a discard too"),
    ("AF-385", _modal, "play Kétélű varázs", "one of its modes"),
    (None, _duel, "pass on p2", "'pass' takes nothing after it"),
]


@pytest.mark.parametrize("rule, position, action, words", PINNED,
                         ids=[f"{r or 'reading'}-{a.replace(' ', '-')}" for r, _, a, words in PINNED])
def test_af_refusal_cites_the_rule_of_its_check(rule, position, action, words):
    """AF-Q7, AF-371, AF-384, AF-385: a refusal found by a check says why and names that check's rule."""
    state = position()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.rule == rule and words in err.value.message, err.value.message


def _refusals() -> dict[str, set[str]]:
    """Each refusal's rule number -> the module names defining a refusal with it."""
    out: dict[str, set[str]] = {}
    for module in (legality, reader):
        for value in vars(module).values():
            found = [value] if isinstance(value, Refusal) else \
                [v for inner in value.values() for v in inner.values()] if module is legality and \
                value is legality.OUT_OF_PHASE else []
            for refusal in found:
                if refusal.rule is not None:
                    out.setdefault(refusal.rule, set()).add(module.__name__.rsplit(".", 1)[1])
    return out


def _rule_literals() -> dict[str, list[str]]:
    """Rule numbers written as a whole string in the package's code (not prose) -> the files."""
    out: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    re.fullmatch(r"AF-[A-Z0-9]+(-\d+)?", node.value):
                out.setdefault(node.value, []).append(path.stem)
    return out


def test_af_each_refusal_rule_is_written_in_one_module():
    """A refusal's rule number is written once in the code: in the module of the check that implements
    it (the legality checks, or the reader for a card not there); no other module cites it as a value."""
    refusals = _refusals()
    literals = _rule_literals()
    assert {"AF-610", "AF-601", "AF-385", "AF-731", "AF-735", "AF-913", "AF-404"} <= set(refusals)
    for rule, modules in refusals.items():
        assert len(modules) == 1, f"{rule} is refused in {sorted(modules)}"
        assert set(literals[rule]) == modules, f"{rule} is written in {literals[rule]}"
    stray = {rule: files for rule, files in literals.items() if rule not in refusals
             and set(files) & {"legality", "explain"}}
    assert not stray, f"rule numbers written in the legality modules but refused by no check: {stray}"
