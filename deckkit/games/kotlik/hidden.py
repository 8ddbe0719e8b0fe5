"""Kotlík's hidden information and match hooks (:class:`deckkit.engine.hidden.MatchSupport`).

Hidden: the supply deck's order (KO-305, face down) and the other player's recipe cards (KO-310).
Only the top card of a cauldron is visible (KO-503, KO-Q5), but every card in it was taken from
the open board, so by default a player's view holds what the player has seen (a perfect memory:
both cauldrons in full). The setting ``memory = visible`` restricts the view to what lies open
now: the cards beneath each cauldron's top join the unseen cards, and a determinisation deals
them again together with the supply deck.

Known simplification: a card returned under the supply deck (KO-307, KO-601, KO-Q6 reading B)
sits at a known place, but the view does not track it; the whole supply deck counts as unordered.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deckkit.engine.core import Action, State
from deckkit.engine.hidden import MatchSupport, redeal
from deckkit.games.kotlik.evaluation import evaluate
from deckkit.games.kotlik.policies import Greedy, decide
from deckkit.games.kotlik.state import KotlikState

_GREEDY = Greedy()


def _visible_only(state: KotlikState) -> bool:
    return state.game.settings.get("memory", "perfect") == "visible"


def view(state: KotlikState, player: int) -> dict:
    """What ``player`` may know: the board, stones, box, cauldrons (in full or top only), own recipes."""
    snap = state.snapshot()
    names = state.cs.names
    unseen = [names[c] for c in state.stock]
    if _visible_only(state):
        for p in (0, 1):
            zone = snap[f"p{p + 1}"]
            zone["cauldron"] = len(state.cauldron[p])
            del zone["score"], zone["ones"]
            unseen += [names[c] for c in state.cauldron[p][:-1]]
    snap["stock"] = len(state.stock)
    snap["unseen"] = sorted(unseen)
    other = snap[f"p{2 - player}"]
    other["recipes"] = len(other["recipes"])
    snap.update(viewer=player, deciding=state.current_player())
    return snap


def determinise(state: KotlikState, player: int, rng: random.Random) -> KotlikState:
    """A copy with the supply deck (and under ``memory = visible`` the cauldrons beneath their tops) dealt
    again, and the other player's recipes drawn again from those the player does not hold."""
    twin = state.clone()
    twin.log, twin.logging = [], False
    if _visible_only(state):
        tops = [c[-1:] for c in twin.cauldron]
        twin.stock, low0, low1 = redeal([twin.stock, twin.cauldron[0][:-1], twin.cauldron[1][:-1]], rng, int)
        twin.cauldron = [low0 + tops[0], low1 + tops[1]]
        twin._recount()
    else:
        twin.stock = redeal([twin.stock], rng, int)[0]
    q = 1 - player
    if twin.recipes[q]:
        mine = set(twin.recipes[player])
        pool = [r for r in range(len(twin.cs.recipes)) if r not in mine]
        rng.shuffle(pool)
        twin.recipes = [list(r) for r in twin.recipes]
        twin.recipes[q] = pool[:len(twin.recipes[q])]
    twin.rng = rng  # the copy's chance (refills, shuffles) comes from the searcher's generator
    return twin


def new_match(game, decks: Sequence[Sequence[dict]], rng: random.Random) -> KotlikState:
    """A fresh game: both seats share one board dealt from the deck (KO-300); White (p1) moves first."""
    return game.new_game([list(decks[0])], rng)


def pairing_problem(decks: Sequence[Sequence[dict]]) -> str | None:
    """Kotlík's seats share one board and supply deck, so both must play the same deck."""
    first = sorted(c["id"] for c in decks[0])
    if any(sorted(c["id"] for c in d) != first for d in decks[1:]):
        return ("both Kotlík seats play from one shared board and supply deck (KO-300), so a match needs "
                "one deck for both seats")
    return None


def greedy(state: State, rng: random.Random | None = None) -> Action:
    """The goldfish greedy pilot, for either seat (it reads the cauldrons as a perfect memory does)."""
    assert isinstance(state, KotlikState)
    return decide(_GREEDY, state)


# A Kotlík turn is about one action, so the expert's two turns would look two actions ahead; with playouts
# of at least 20 actions expert(200) won all 200 games against greedy (two turns: 85.5%), at about four
# times the CPU (0.31 against 0.05-0.08 s a game, measured on a shared machine).
MATCH = MatchSupport(view=view, determinise=determinise, new_match=new_match, greedy=greedy, evaluate=evaluate,
                     length=lambda state: state.turn, pairing_problem=pairing_problem, min_playout_actions=20)
