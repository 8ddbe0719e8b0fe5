"""Which Obludárium actions are legal now, and why one is not: every rule that can forbid an action
is written once, here, as a check that both the legal actions and the refusal explanations call.

A check returns None when its rules allow the action, else the first :class:`Refusal`: the rule's
number and how to say why. The words are written only when someone asks (``Refusal.message``), so a
check that fails while a search lists the legal actions costs no string formatting.

A candidate action passes, in this order: :func:`timing` (who decides, and which step admits the
kind), the card's own checks (:func:`may_lay_out`, :func:`may_cast`, :func:`may_use`,
:func:`may_attack`, :func:`may_block`), then the ability's choices — its condition, targets, modes
and cost cards, which :meth:`~deckkit.games.obludarium.choices.ChoiceRules.ability_actions` lists.
:func:`legal_actions` lists the candidates of the deciding player that pass; the parser of
:mod:`~deckkit.games.obludarium.explain` reads an action string into its candidate and asks the same
checks for their first refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from deckkit.engine.core import TERMINAL, Action
from deckkit.games.obludarium.cards import FOOD, MONSTER, SPELL, CardInfo
from deckkit.games.obludarium.view import PLAYER_NAMES

if TYPE_CHECKING:
    from deckkit.games.obludarium.state import ObState
    from deckkit.games.obludarium.zones import Perm

MAIN, DISCARD, ATTACK, BLOCK, FIGHT = "main", "discard", "attack", "block", "fight"
INSTANTS = ("cast", "use")
FIGHT_TIME = (ATTACK, BLOCK, FIGHT)  # the steps in which strengthening alternates


class Ask:
    """What a refusal's words may name: the position, who asks, the kind, the card(s) the action names
    (a card in hand, a card in play, or an attacker and its blocker) and the name as it was written.
    ``named``: the player was named (``p2: …``) rather than found from whose card it is."""

    __slots__ = ("state", "p", "kind", "card", "blocker", "shown", "named")

    def __init__(self, state: ObState, p: int, kind: str, card=None, blocker=None, shown: str = "",
                 named: bool = False) -> None:
        self.state, self.p, self.kind, self.card, self.blocker = state, p, kind, card, blocker
        self.shown, self.named = shown, named

    @property
    def who(self) -> str:
        return PLAYER_NAMES[self.p]

    @property
    def other(self) -> str:
        return PLAYER_NAMES[1 - self.p]

    @property
    def name(self) -> str:
        """The printed name of the card the action names (as written, when it names none)."""
        card = self.card
        if card is None:
            return self.shown
        return card.name if type(card) is CardInfo else card.info.name


class Refusal:
    """A rule that forbids an action now: its number (None for a restriction the cards make) and
    its words, made from an :class:`Ask` only when explained."""

    __slots__ = ("rule", "say")

    def __init__(self, rule: str | None, say: Callable[[Ask], str]) -> None:
        self.rule = rule
        self.say = say

    def message(self, ask: Ask) -> str:
        return self.say(ask)

    def __repr__(self) -> str:
        return f"Refusal({self.rule!r})"


# -- who decides, and which step admits the kind ----------------------------------------------------
def _out_of_turn_words(a: Ask) -> str:
    s = a.state
    decider = PLAYER_NAMES[s.current_player()]
    if a.kind == "play":
        return f"{a.who} lays out food, monsters and artifacts only in their own main phase; now {decider} decides"
    if a.kind == "attack":
        return f"attacks are declared by the active player in the attack step; now {decider} decides"
    return f"blocks are declared by the defender in the block step; now {decider} decides"


OWN_MAIN_PHASE = Refusal("OB-611", lambda a: (
    _out_of_turn_words(a) if a.p != a.state.current_player()
    else f"{a.who} may cast an instant or pass in this window of {PLAYER_NAMES[a.state.active]}'s turn; nothing else"
    if a.state.window else f"{a.name} can be laid out only in its owner's main phase"))
WINDOW = Refusal("OB-610", lambda a: (
    f"{a.who} may cast an instant or pass in this window of {PLAYER_NAMES[a.state.active]}'s turn; nothing else"
    if a.state.window and a.p == a.state.current_player() else
    f"{a.other} is to act; {a.who} casts instants in {a.other}'s turn after each of {a.other}'s actions "
    "and at the end of each step, when the engine offers the window" if a.named else
    f"it is {a.other}'s decision ({a.state.phase} of {PLAYER_NAMES[a.state.active]}'s turn); "
    f"{a.who} casts instants in a window: after each action of the active player, at the end of each step, "
    "in answer to an instant, or in the block step"))
ATTACK_STEP = Refusal("OB-606", lambda a: (
    _out_of_turn_words(a) if a.p != a.state.current_player()
    else "attacks are declared by the active player in the attack step"))
BLOCK_STEP = Refusal("OB-607", lambda a: (
    _out_of_turn_words(a) if a.p != a.state.current_player() and a.kind == "block" else
    f"the defender {a.other} decides in the block step; {a.who} strengthens in the fight exchange that follows"
    if a.kind in INSTANTS else "blocks are declared by the defender in the block step"))
HAND_SIZE = Refusal("OB-909", lambda a: (
    "the hand-size discard is made by the active player at the end of the main phase"
    if a.p != a.state.current_player() else
    f"{a.who} holds {a.state.game.settings['hand_limit']} or more cards and can lay out none: discard one first"
    if a.state.phase == DISCARD and not a.state.stack and a.kind != "discard" else
    "a discard is made only under the hand-size rule, at the end of one's main phase"))
# OB-905: nobody acts twice in a row — the other player answers an instant first, and who strengthened
# last in a fight-time exchange waits for an action of the opponent (a pass is none, OB-Q12)
TWICE_IN_A_ROW = Refusal("OB-905", lambda a: (
    f"{a.who} strengthened last: {a.other} must act before {a.who} may strengthen again (a pass is no action, "
    "OB-Q12)" if not a.state.stack or a.p == a.state.current_player() else
    f"{a.other} must answer '{a.state.stack[-1].text}' first: {a.who} may not act twice in a row" if a.named else
    f"{a.other} must answer '{a.state.stack[-1].text}' first (an instant or pass): "
    f"{a.who} may not act twice in a row"))
ANSWER = Refusal("OB-904", lambda a: (
    f"{a.who} must answer '{a.state.stack[-1].text}' first (an instant, or pass)"
    if a.state.stack and a.p == a.state.current_player() else
    f"{a.other} must answer '{a.state.stack[-1].text}' first (an instant, or pass): the players' actions "
    "alternate" if a.state.stack else
    f"{a.other} may answer {a.who}'s last action first (an instant, or pass)" if a.kind in INSTANTS
    else f"{a.other} is to act, not {a.who}"))


def _decision_words(a: Ask) -> str:
    s = a.state
    ask = s.decision()
    if ask is None:
        return "there is no decision to make now: 'choose' answers a question an ability asks as it resolves"
    options = ", ".join(f"choose {o}" for o in ask.options)
    who = PLAYER_NAMES[ask.chooser]
    return f"an ability is resolving and {who} must choose first ({ask.prompt}): {options}"


# OB-901, OB-908: an ability (an instant or a special property) resolves completely before anything
# else happens, so the choice it asks for comes first — and a choice is made only when one resolving asks
DECIDING = Refusal("OB-908", _decision_words)


def timing(state: ObState, p: int, kind: str) -> Refusal | None:
    """Whether ``p`` may take an action of ``kind`` now: it is their decision and the step admits it.

    The deciding player (:meth:`ObState.current_player`) lays out only in their main phase (OB-611),
    attacks in the attack step (OB-606), blocks as the defender (OB-607), and once the hand-size rule
    applies discards before anything else (OB-909); in a window of the other's turn they cast an
    instant or pass (OB-610), and while an instant waits for their answer they answer it (OB-904).
    The other player waits: for the answer to an instant (OB-905), for the defender's blocks
    (OB-607), or for a window (OB-904, OB-610). While an ability resolving asks for a choice, only
    its chooser acts, and only by choosing (OB-908)."""
    if state.pending:
        return None if kind == "choose" and p == state.current_player() else DECIDING
    if kind == "choose":
        return DECIDING
    if p != state.current_player():
        return _out_of_turn(state, p, kind)
    return _deciding(state, p, kind)


def _deciding(state: ObState, p: int, kind: str) -> Refusal | None:
    """:func:`timing` for the deciding player ``p``."""
    if kind == "pass" or kind in INSTANTS:
        return HAND_SIZE if state.phase == DISCARD and not state.stack else None
    if state.window:  # the non-active player's instant or pass; anything else cites its own step
        return _STEP_OF.get(kind, WINDOW)
    if state.stack:
        return ANSWER
    ph = state.phase
    if ph == DISCARD and kind != "discard":
        return HAND_SIZE
    if kind == "play":
        return OWN_MAIN_PHASE if ph != MAIN else None
    if kind == "attack":
        return ATTACK_STEP if ph != ATTACK or p != state.active else None
    if kind == "block":
        return BLOCK_STEP if ph != BLOCK or p == state.active else None
    return HAND_SIZE if ph != DISCARD else None  # discard


#: The step each kind of action belongs to: laying out in the main phase (OB-611), attacks in the
#: attack step (OB-606), blocks in the block step (OB-607), the discard under the hand-size rule (OB-909).
_STEP_OF = {"play": OWN_MAIN_PHASE, "attack": ATTACK_STEP, "block": BLOCK_STEP, "discard": HAND_SIZE}


def _out_of_turn(state: ObState, p: int, kind: str) -> Refusal:
    if state.stack and kind in ("play", "attack"):
        return ANSWER  # the other player answers the instant first, whatever the step admits
    if kind == "play":
        return OWN_MAIN_PHASE
    if kind == "attack":
        return ATTACK_STEP
    if kind == "block":
        return BLOCK_STEP
    if kind == "discard":
        return HAND_SIZE
    if kind in INSTANTS:
        if state.stack:
            return TWICE_IN_A_ROW
        active = p == state.active
        if active and state.phase == BLOCK:
            return BLOCK_STEP
        return ANSWER if active else WINDOW
    return ANSWER


# -- laying out -------------------------------------------------------------------------------------
IS_A_SPELL = Refusal("OB-356", lambda a: f"{a.name} is a spell: write 'cast {a.name}'")
ONE_FOOD = Refusal("OB-315", lambda a: f"{a.who} has already laid out a food this turn" if not a.state.more_food(a.p)
                   else f"{a.who} has already laid out {1 + a.state.more_food(a.p)} food this turn")
SUMMON_COST = Refusal("OB-701", lambda a: (
    f"{a.name} costs {a.state.cost_of(a.p, a.card)} food and {a.who} has {a.state.untapped_food(a.p)} untapped"
    if type(a.card) is CardInfo else
    f"{a.name}'s property costs {a.card.info.use.cost_of('food')} food and {a.who} has "
    f"{a.state.untapped_food(a.p)} untapped"))


def may_lay_out(state: ObState, p: int, card: CardInfo, food: int) -> Refusal | None:
    """Whether ``p`` may lay out ``card`` from hand with ``food`` untapped food: spells are cast, not
    laid out (OB-356); one food a turn (OB-315; more with a more-food card, OB-D47); a monster or
    artifact costs its food (OB-701)."""
    kind = card.type
    if kind == SPELL:
        return IS_A_SPELL
    if kind == FOOD:
        return ONE_FOOD if state.food_played[p] and not state.may_lay_food(p) else None
    return SUMMON_COST if state.cost_of(p, card) > food else None


def lay_outs(state: ObState, p: int, acts: list[Action], food: int) -> None:
    """Append ``play NAME`` for each card name in ``p``'s hand that may be laid out (hand order)."""
    seen = set()
    for card in state.hands[p]:
        name = card.name
        if name in seen:
            continue
        seen.add(name)
        if may_lay_out(state, p, card, food) is None:
            acts.append(_MADE.get((p, "play", name)) or _made(p, "play", name))


def can_lay_out_any(state: ObState, p: int) -> bool:
    """Whether any card in ``p``'s hand may be laid out now (what the hand-size rule asks, OB-Q13)."""
    food = state.untapped_food(p)
    return any(may_lay_out(state, p, card, food) is None for card in state.hands[p])


# -- instants ---------------------------------------------------------------------------------------
# OB-354: only spells are cast; monsters and artifacts are laid out
NOT_A_SPELL = Refusal("OB-354", lambda a: f"{a.name} is not a spell: write 'play {a.name}'")
BLOCKING_SPELL = Refusal("OB-813", lambda a: (
    f"{a.name} is a blocking spell: only the defender casts it, in the block step"))
SPELL_COST = Refusal("OB-702", lambda a: (
    f"{a.name} costs {a.state.cost_of(a.p, a.card)} food and {a.who} has {a.state.untapped_food(a.p)} untapped"))
# OB-327: a monster may have special properties, so one without any has nothing to use
NO_PROPERTY = Refusal("OB-327", lambda a: f"{a.name} has no special property")
NEW_MONSTER_PROPERTY = Refusal("OB-334", lambda a: f"{a.name} was laid out this turn: no special properties yet")
TAPPED_PROPERTY = Refusal("OB-704", lambda a: f"{a.name} is tapped")
ONCE_A_TURN = Refusal("OB-D35", lambda a: f"{a.name}'s special property may be used only "
                      f"{'once' if a.card.info.use.per_turn == 1 else f'{a.card.info.use.per_turn} times'} each turn, "
                      "and it has been")


def _locked(state: ObState, p: int) -> bool:
    """Whether ``p`` strengthened last in a fight-time exchange and must wait for the opponent (OB-905)."""
    return state.locked == p and state.phase in FIGHT_TIME


def may_cast(state: ObState, p: int, card: CardInfo, food: int) -> Refusal | None:
    """Whether ``p`` may cast ``card`` from hand (before its choices): only spells are cast; who
    strengthened last waits (OB-905); a blocking spell is the defender's, in the block step (OB-355,
    OB-813); a spell costs its food (OB-702)."""
    if card.type != SPELL:
        return NOT_A_SPELL
    plan = card.cast_plan
    if plan is not None and plan.strengthens and _locked(state, p):
        return TWICE_IN_A_ROW
    if card.blocking and (state.phase != BLOCK or p == state.active):
        return BLOCKING_SPELL
    return SPELL_COST if state.cost_of(p, card) > food else None


def may_use(state: ObState, p: int, perm: Perm, food: int) -> Refusal | None:
    """Whether ``p`` may use the special property of ``perm`` (before its choices): who strengthened
    last waits (OB-905); a monster's property waits a turn (OB-334, OB-902; an artifact's does not,
    OB-343, OB-903; acts-at-once lifts it, attacks-at-once does not); a tapped card cannot pay a tap (OB-704), nor too
    little food a food cost (OB-701); a once-each-turn property waits for the next turn."""
    plan = perm.info.use_plan
    if plan is None:
        return NO_PROPERTY
    if plan.strengthens and _locked(state, p):
        return TWICE_IN_A_ROW
    if perm.new and perm.info.type == MONSTER and not ((perm.grants or perm.info.statics)
                                                       and state.keyword(perm, "acts-at-once")):
        return NEW_MONSTER_PROPERTY
    if plan.tap and perm.tapped:
        return TAPPED_PROPERTY
    if perm.spent and state.spent(perm, perm.info.use):
        return ONCE_A_TURN
    return SUMMON_COST if plan.food > food else None


def instants(state: ObState, p: int, acts: list[Action], food: int = -1, first: bool = False) -> None:
    """Append the instants ``p`` may play now: each spell name in hand, then each card in play with a
    property, with every choice of its ability (``first``: stop at the first card that gives any).
    ``food``: ``p``'s untapped food, or -1 to count it only when a card asks."""
    seen = None
    for card in state.hands[p]:
        if card.type != SPELL:
            continue  # the candidates of a cast are the spells (may_cast refuses the rest)
        name = card.name
        if seen is None:
            seen = {name}
        elif name in seen:
            continue
        else:
            seen.add(name)
        if food < 0:
            food = state.untapped_food(p)
        if may_cast(state, p, card, food) is None:
            state.ability_actions(p, "cast", name, card.cast, card.cast_plan, None, acts, food)
            if first and acts:
                return
    table = state.tables[p]
    labels = state._labels[p]  # known labels, else found when a card gives an action
    if labels is not None and len(labels) != len(table):
        labels = None
    for i, perm in enumerate(table):
        if perm.info.use_plan is None:
            continue
        if food < 0:
            food = state.untapped_food(p)
        if may_use(state, p, perm, food) is not None:
            continue
        if labels is None:
            labels = state.labels(p)
        state.ability_actions(p, "use", labels[i], perm.info.use, perm.info.use_plan, perm, acts, food)
        if first and acts:
            return


def may_answer(state: ObState, q: int) -> bool:
    """Whether ``q`` has any instant to play now (a window with nothing but a pass is no decision)."""
    acts: list[Action] = []
    instants(state, q, acts, first=True)
    return bool(acts)


def answers(state: ObState, q: int) -> list[Action]:
    """Every instant ``q`` may play now: a window opens when there is one, and they are then its legal
    actions but the pass (the state keeps them for :func:`legal_actions`)."""
    acts: list[Action] = []
    instants(state, q, acts)
    return acts


# -- combat -----------------------------------------------------------------------------------------
NOT_A_MONSTER_ATTACK = Refusal("OB-Q9", lambda a: f"{a.name} is not a monster and has no attack")
NEW_MONSTER_ATTACK = Refusal("OB-333", lambda a: f"{a.name} was laid out this turn and cannot attack")
CANNOT_ATTACK = Refusal("OB-D9", lambda a: f"{a.name} cannot attack now (a restriction on it)")
ATTACKS_ONCE = Refusal("OB-804", lambda a: f"{a.name} is already attacking")
TAPPED_ATTACKER = Refusal("OB-802", lambda a: f"{a.name} is tapped")


def may_attack(state: ObState, p: int, perm: Perm) -> Refusal | None:
    """Whether ``perm`` may attack: monsters only (OB-Q9), not the turn it was laid out (OB-333, OB-801;
    attacks-at-once and acts-at-once lift it, OB-D32), not under a restriction, once (OB-804), untapped (attacking taps
    it, OB-802)."""
    if perm.info.type != MONSTER:
        return NOT_A_MONSTER_ATTACK
    if perm.new and not ((perm.grants or perm.info.statics) and (state.keyword(perm, "acts-at-once")
                                                                 or state.keyword(perm, "attacks-at-once"))):
        return NEW_MONSTER_ATTACK
    if (perm.grants or perm.info.statics) and state.keyword(perm, "cannot-attack"):
        return CANNOT_ATTACK
    if perm.attacking:
        return ATTACKS_ONCE
    return TAPPED_ATTACKER if perm.tapped else None


NOT_A_MONSTER_BLOCK = Refusal("OB-811", lambda a: f"{a.blocker.info.name} is not a monster")
TAPPED_BLOCKER = Refusal("OB-812", lambda a: f"{a.blocker.info.name} is tapped and cannot block")
FLYING = Refusal("OB-816", lambda a: f"{a.name} flies: only flying monsters can block it")
ONE_BLOCK = Refusal("OB-814", lambda a: f"{a.blocker.info.name} already blocks " + (
    "an attack" if not a.state.keyword(a.blocker, "block-two") else
    "this attack" if a.card in a.blocker.blocking else "two attacks"))
CANNOT_BLOCK = Refusal("OB-D24", lambda a: f"{a.blocker.info.name} cannot block")
EVASION = Refusal("OB-D2", lambda a: (
    f"{a.name} can be blocked only by some monsters, and {a.blocker.info.name} is not one"))


def may_block(state: ObState, att: Perm, blk: Perm) -> Refusal | None:
    """Whether ``blk`` may block the attacking ``att``: an untapped monster (OB-811, OB-812), flying
    only by flying (OB-816), one attack each (OB-814; two with block-two, OB-D18), not under a
    restriction, and past the attacker's evasion (OB-D2). A restriction or an evasion that keeps a
    blocker off counts as its card's use (the goldfish statistics)."""
    if blk.info.type != MONSTER:
        return NOT_A_MONSTER_BLOCK
    if blk.tapped:
        return TAPPED_BLOCKER
    if att.info.flying and not blk.info.flying:
        return FLYING
    if blk.blocking and (att in blk.blocking or len(blk.blocking) >= 2 or not state.keyword(blk, "block-two")):
        return ONE_BLOCK
    if state.keyword(blk, "cannot-block"):
        state.note(blk.info, blk.owner)
        return CANNOT_BLOCK
    for st, cond in att.info.statics:
        if st.effect == "blocked-only-by" and not state.in_set(st.cards, blk, att.owner, att) \
                and state.holds(st.condition or cond, att.owner, att):
            state.note(att.info, att.owner)
            return EVASION
    return None


# -- the legal actions ------------------------------------------------------------------------------
def legal_actions(state: ObState) -> list[Action]:
    """Every legal action of the deciding player, in a stable order: the lay-outs, attacks, blocks or
    discards its step lists (if :func:`timing` admits them), then instants, then ``pass``."""
    p = state.current_player()
    if p == TERMINAL:
        return []
    if state.pending:  # a decision an ability asks as it resolves: its options only (pending.py)
        return state.decision_actions()
    if state.window and state._answers is not None:  # listed as the window opened (ObState._open_window)
        return [*state._answers, PASSES[p]]
    acts: list[Action] = []
    food = -1  # what every cost is compared with, counted when a card asks
    kind = _STEP_KINDS.get(state.phase)
    if kind is not None and _deciding(state, p, kind) is None:
        if kind == "play":
            food = state.untapped_food(p)
            lay_outs(state, p, acts, food)
        elif kind == "attack":
            _attacks(state, p, acts)
        elif kind == "block":
            _blocks(state, p, acts)
        else:
            _discards(state, p, acts)
    if _deciding(state, p, "pass") is None:  # instants and pass alike
        instants(state, p, acts, food)
        acts.append(PASSES[p])
    return acts


PASSES = (Action(0, "pass"), Action(1, "pass"))  # actions are values: one pass of each player serves all


#: The kind of action besides instants that each step lists candidates of.
_STEP_KINDS = {MAIN: "play", ATTACK: "attack", BLOCK: "block", DISCARD: "discard"}


def _attacks(state: ObState, p: int, acts: list[Action]) -> None:
    for perm, label in zip(state.tables[p], state.labels(p)):
        if perm.info.type == MONSTER and may_attack(state, p, perm) is None:  # may_attack's first check, inline
            acts.append(_MADE.get((p, "attack", label)) or _made(p, "attack", label))


_MADE: dict[tuple[int, str, str], Action] = {}  # actions are values: ``KIND NAME`` of a player, made once


def _made(p: int, kind: str, name: str) -> Action:
    action = _MADE.get((p, kind, name))
    if action is None:
        action = _MADE[p, kind, name] = Action(p, kind, (name,))
    return action


def _discards(state: ObState, p: int, acts: list[Action]) -> None:
    seen = set()
    for card in state.hands[p]:
        if card.name not in seen:
            seen.add(card.name)
            acts.append(Action(p, "discard", (card.name,)))


def _blocks(state: ObState, p: int, acts: list[Action]) -> None:
    own = list(zip(state.tables[p], state.labels(p)))
    a = state.active
    for att, alab in zip(state.tables[a], state.labels(a)):
        if att.attacking:
            for perm, lab in own:
                if may_block(state, att, perm) is None:
                    acts.append(Action(p, "block", (alab, "with", lab)))
