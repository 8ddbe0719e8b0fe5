"""Legal actions and refusal explanations come from one rule code (deckkit/games/obludarium/legality.py).

Over random reachable positions (random self-play of the bundled deck, of decks drawn from the whole
pool and of the designer deck), every candidate action string — each kind with each card in both
hands and both tables, every block pair, the legal actions and their choices changed — is refused
by the rule checks exactly when it is not among the legal actions, with words and, wherever a rule
forbids it, the rule's number. And each rule a refusal cites is written once: a grep for its number
finds its check, and the other places that carry out what the rule makes happen.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from deckkit.bundled import starter_deck
from deckkit.decks.io import load_deck
from deckkit.engine.core import TERMINAL
from deckkit.engine.registry import load_game
from deckkit.games.obludarium import ObludariumGame, explain, legality
from deckkit.games.obludarium.cards import bundled_cards
from deckkit.games.obludarium.legality import Refusal
from deckkit.paths import data_dir

EXAMPLES = data_dir() / "cards" / "examples"
DESIGNER = json.loads((EXAMPLES / "ob-designer.json").read_text(encoding="utf-8"))
POOL = ObludariumGame([*bundled_cards(), *DESIGNER])
PACKAGE = Path(legality.__file__).parent

#: Every refusal there is: module-level constants, so a check that fails builds nothing.
REFUSALS = {name: value for module in (legality, explain) for name, value in vars(module).items()
            if isinstance(value, Refusal)}
#: The refusals that cite no rule: reading the action string (a card or option it names is not there).
NO_RULE = {"NOT_IN_HAND", "NOT_IN_PLAY", "NOT_ATTACKING", "MALFORMED_BLOCK", "NO_SUCH_CHOICE", "NO_SUCH_OPTION"}


def _positions(source: str, seed: int):
    """Random self-play positions of one game (every third one, to stay fast)."""
    if source == "bundled":
        game = load_game("obludarium")
        deck = starter_deck(game)
        state, chooser = game.new_game([deck, deck], random.Random(seed)), random.Random(seed + 10_000)
    elif source == "pool":
        chooser = random.Random(seed)
        pool = list(POOL.cards.values())
        decks = [[chooser.choice(pool) for _ in range(36)] for _ in range(2)]
        state = POOL.new_game(decks, random.Random(seed))
    else:
        entries = load_deck(EXAMPLES / "ob-designer.deck").entries
        cards = [POOL.cards[POOL.card_named(e.name).id] for e in entries for _ in range(e.count)]
        state, chooser = POOL.new_game([cards, cards], random.Random(seed)), random.Random(seed + 5)
    state.logging = False
    n = 0
    while state.current_player() != TERMINAL and n < 600:
        legal = state.legal_actions()
        if n % 3 == 0:
            yield state, legal
        state.apply_unchecked(legal[chooser.randrange(len(legal))])
        n += 1


def _candidates(state, legal) -> set[str]:
    """A superset of the legal action strings: every kind with every card name and label of both
    players, every block pair both ways, pass, and each legal instant with its target changed."""
    names = {c.name for q in (0, 1) for c in state.hands[q]} | {lab for q in (0, 1) for lab in state.labels(q)}
    out = {f"{kind} {name}" for kind in ("play", "cast", "use", "attack", "discard") for name in names}
    out |= {f"block {a} with {b}" for a in state.labels(0) for b in state.labels(1)}
    out |= {f"block {b} with {a}" for a in state.labels(0) for b in state.labels(1)}
    out.add("pass")
    for action in legal:
        out.add(str(action))
        if "on" in action.args:
            head = action.args[:action.args.index("on")]
            out |= {" ".join((action.kind, *head, "on", lab)) for lab in names}
    return out


CASES = [("bundled", s) for s in range(3)] + [("pool", s) for s in range(4)] + [("designer", s) for s in range(3)]


@pytest.mark.parametrize(("source", "seed"), CASES, ids=[f"{s}-seed{n}" for s, n in CASES])
def test_ob_legal_exactly_when_no_check_refuses(source, seed):
    """legal_actions() lists a candidate exactly when the checks refuse it not; a refused one gets
    words, and a rule number unless the refusal is about reading the string."""
    positions = 0
    for state, legal in _positions(source, seed):
        positions += 1
        texts = {str(a) for a in legal}
        p = state.current_player()
        for text in sorted(_candidates(state, legal)):
            found = explain.refusal(state, text)
            assert (found is None) == (text in texts), (text, found, state.render())
            if found is not None:
                refusal, ask = found
                name = next(k for k, v in REFUSALS.items() if v is refusal)  # a constant, never made anew
                message, rule = state.explain_illegal(text)
                assert message == refusal.message(ask) and message and rule == refusal.rule
                assert rule is not None or name in NO_RULE, (text, name, message)
            # the other player, named, is refused every action with a rule (OB-904 … OB-909)
            message, rule = state.explain_out_of_turn(1 - p, text)
            assert message and rule is not None, (text, message)
    assert positions > 20


def _refusal_rules() -> dict[str, list[str]]:
    rules: dict[str, list[str]] = {}
    for name, refusal in REFUSALS.items():
        if refusal.rule is not None:
            rules.setdefault(refusal.rule, []).append(name)
    return rules


# Where else a refusal's rule is written: what the rule makes happen, not whether an action may be
# taken (that is its check in legality.py), and the documentation of the card language and settings.
ELSEWHERE = {
    "OB-701": {"state.py": "paying taps food", "rules.py": "the food cost described",
               "choices.py": "paying a property's food cost",
               "language.py": "the food cost's description"},
    "OB-704": {"state.py": "paying taps food", "choices.py": "paying a property's tap cost",
               "effects.py": "untapped food pays again", "language.py": "the tap cost's description"},
    "OB-802": {"state.py": "attacking taps the attacker", "language.py": "attacks-untapped's description"},
    "OB-333": {"language.py": "attacks-at-once's and acts-at-once's description"},
    "OB-334": {"language.py": "acts-at-once's description"},
    "OB-814": {"state.py": "a block joins the blocker to its attack", "zones.py": "a card in play keeps what it blocks",
               "language.py": "block-two's description"},
    "OB-816": {"language.py": "evasion's description, like flying"},
    "OB-813": {"effects.py": "what a blocking spell does"},
    "OB-356": {"state.py": "a cast spell goes to the discard pile", "rules.py": "a countered spell is there already"},
    "OB-904": {"state.py": "an instant hands the decision to the other player", "cards.py": "what strengthens"},
    "OB-905": {"state.py": "strengthening makes its player wait", "cards.py": "what strengthens"},
    "OB-610": {"state.py": "the windows open after each action and step"},
    "OB-354": {"state.py": "the windows in which spells are cast at any time"},
    "OB-909": {"state.py": "the discard step begins and its discard is logged", "game.py": "the hand-limit setting"},
    "OB-908": {"state.py": "the stack resolves last in, first out", "pending.py": "why a decision comes first"},
}
# Pilots choose among the legal actions and cite rules to say why they choose; the package docstring
# documents the action strings.
NOT_RULE_CODE = {"__init__.py", "policies.py", "evaluation.py", "hidden.py", "defence.py", "goldfish.py"}


@pytest.mark.parametrize("rule", sorted(_refusal_rules()))
def test_ob_each_refusal_rule_is_written_once(rule):
    """A refusal's rule is cited by one refusal, in legality.py; a grep for its number finds that
    check and otherwise only what the rule makes happen (ELSEWHERE), never a second check."""
    assert len(_refusal_rules()[rule]) == 1, _refusal_rules()[rule]
    pattern = re.compile(re.escape(rule) + r"(?![0-9])")
    found = {path.name for path in PACKAGE.glob("*.py")
             if path.name not in NOT_RULE_CODE and pattern.search(path.read_text(encoding="utf-8"))}
    assert found == {"legality.py", *ELSEWHERE.get(rule, {})}, found
    # a rule number as a value of its own ("OB-333") is how a refusal cites it: once among the games
    quoted = [path for path in PACKAGE.parent.rglob("*.py") if f'"{rule}"' in path.read_text(encoding="utf-8")]
    assert quoted == [PACKAGE / "legality.py"]
    assert (PACKAGE / "legality.py").read_text(encoding="utf-8").count(f'"{rule}"') == 1


def test_ob_the_refusal_rules_are_found():
    """The test above runs once per refusal rule: the refusals the rulebook's timing and costs need are
    among them, so it cannot pass on an empty list."""
    assert {"OB-315", "OB-333", "OB-356", "OB-606", "OB-607", "OB-610", "OB-611", "OB-701", "OB-702", "OB-704",
            "OB-802", "OB-812", "OB-814", "OB-816", "OB-904", "OB-905", "OB-909"} <= set(_refusal_rules())


def test_ob_explain_reads_and_cites_no_rule():
    """The parser of action strings holds no rule: every rule number it reports comes from a check."""
    assert not re.search(r"OB-[0-9Q]", Path(explain.__file__).read_text(encoding="utf-8"))


def test_ob_333_a_failing_check_makes_no_words():
    """OB-333: the check answers with its constant; the words are made only when explained."""
    game = load_game("obludarium")
    state = game.from_setup({"start": "p1", "phase": "attack",
                             "p1": {"library": ["Chleba"] * 3, "table": ["Glum (new)"]},
                             "p2": {"library": ["Chleba"] * 3}}, random.Random(0))
    perm = state.tables[0][0]
    assert legality.may_attack(state, 0, perm) is legality.NEW_MONSTER_ATTACK
    assert state.explain_illegal("attack Glum") == ("Glum was laid out this turn and cannot attack", "OB-333")
