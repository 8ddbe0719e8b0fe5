"""One game at the table, as both faces of ``deckkit play`` show it: the log in words, the decisions, the cards.

:class:`Play` wraps a :class:`deckkit.match.session.Session` (the actions, undo, saving) with what a
person needs and the screen and the line mode share: the state's readable log (the lines of
``match --trace``, each line as the seat may read it: :mod:`deckkit.engine.gamelog`), the legal actions described
and grouped by the game's :class:`~deckkit.engine.display.ScreenSupport`, the windows in which a
person could only pass taken for them (they are no decision), any card's text and abilities, resign
and loading a saved game. Nothing here knows a game.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from deckkit.engine.core import TERMINAL, Action
from deckkit.engine.display import Choice, ScreenSupport, Table, plain_support, seat
from deckkit.engine.gamelog import Private, seen_by
from deckkit.text import fold

#: Card fields the card panel does not list as facts (shown otherwise, or of no use to a player).
_NOT_FACTS = {"id", "game", "name", "names", "text", "provenance", "abilities", "flavour", "flavor"}


@dataclass(frozen=True)
class Entry:
    """One line of the log: after how many actions it was written, its words, and whose it is."""

    index: int
    text: str
    kind: str = "event"  # "event" (the game's own line), "you", "other", "other-pass" (an action taken), "note"
    #: A line only one seat may read whole: (that seat, the whole line, the words the other seats read);
    #: ``text`` is the one the seat at the screen reads (in a hot seat the screen changes eyes).
    told: tuple[int, str, str] | None = None

    def seen_by(self, viewer: int) -> Entry:
        """This line as ``viewer`` reads it."""
        if self.told is None:
            return self
        seat, whole, public = self.told
        text = whole if viewer == seat else public
        return self if text == self.text else replace(self, text=text)


@dataclass(frozen=True)
class CardInfo:
    """A card as the card panel shows it."""

    name: str
    lines: tuple[str, ...]


def screen_of(game_name: str, support: Any) -> ScreenSupport:
    """The game's screen pieces (its spec's ``screen`` hook), or the plain ones drawn from its match view."""
    from deckkit.engine.registry import spec

    screen = spec(game_name).hook("screen")
    return screen if screen is not None else plain_support(support.view)


class Play:
    """A game in progress as people see it (see the module docstring)."""

    def __init__(self, session: Any, *, stop_at_every_window: bool = False, ai_name: str = "AI",
                 cards: Callable[[str], list[dict]] | None = None) -> None:
        self.session = session
        self.stop_at_every_window = stop_at_every_window
        self.ai_name = ai_name
        self.cards_of = cards  # the catalogue's cards of a game, for loading a game saved with other decks
        self.screen = screen_of(session.game_name, session.support)
        self.entries: list[Entry] = []
        self.auto: set[int] = set()  # indices of the actions taken for a person (the only pass)
        self.resigned: int | None = None
        self._seen = min(session.humans) if session.humans else 0
        self._card_names: frozenset[str] | None = None
        #: Counts the times the log's lines were written again for other eyes (a hot seat's other person).
        self.log_rewritten = 0
        self._take_log()

    # -- what is shown -------------------------------------------------------------------------
    @property
    def viewer(self) -> int:
        """The seat whose eyes the screen has: the person's, or in a hot seat the one deciding."""
        humans = self.session.humans
        who = self.session.to_act()
        if who in humans and who != self._seen:
            self._seen = who
            if any(e.told is not None for e in self.entries):  # the other person reads the log now
                self.entries = [e.seen_by(who) for e in self.entries]
                self.log_rewritten += 1
        return self._seen if self._seen in humans else (min(humans) if humans else 0)

    @property
    def state(self) -> Any:
        return self.session.state

    def over(self) -> bool:
        """Whether the game has ended (played out or resigned)."""
        return self.resigned is not None or self.session.to_act() == TERMINAL

    def status(self, table: Table | None = None) -> str:
        """Whose turn and which step, in words (``table``: the table already drawn for this position)."""
        if self.resigned is not None:
            return f"Game over: {'you' if self.resigned == self.viewer else seat(self.resigned)} resigned"
        return (table or self.table()).status

    def table(self) -> Table:
        """The table as the viewer sees it."""
        return self.screen.table(self.state, self.viewer)

    def choices(self) -> list[Choice]:
        """The legal actions of the person deciding, described, in the game's group order (stable within)."""
        if self.over():
            return []
        legal = list(dict.fromkeys(self.state.legal_actions()))  # an action listed twice is one choice
        described = [self.screen.describe(self.state, a) for a in legal]
        texts = [c.text for c in described]
        if len(set(texts)) < len(texts):  # two actions a game describes alike are told apart by their strings
            described = [c if texts.count(c.text) == 1 else replace(c, text=f"{c.text} [{c.action}]")
                         for c in described]
        order = {g: i for i, g in enumerate(self.screen.groups)}
        return sorted(described, key=lambda c: order.get(c.group, len(order)))

    def question(self) -> str | None:
        """The decision the rules wait for, in the game's words (an instant to answer, a target to choose, a
        card to discard), when a person makes it; None for an ordinary turn's choice."""
        if self.over() or not self.session.human_turn():
            return None
        return self.state.pending_choice()

    def result(self) -> str:
        """The end of the game in words."""
        if self.resigned is not None:
            return f"{seat(self.resigned)} resigned; {seat(1 - self.resigned)} wins"
        return self.session.result_text()

    # -- moving on -----------------------------------------------------------------------------
    def _only_pass(self) -> Action | None:
        legal = self.state.legal_actions()
        if len(legal) == 1 and (legal[0].kind in self.screen.passes or str(legal[0]) in self.screen.passes):
            return legal[0]
        return None

    def waiting_for_person(self) -> bool:
        """Whether a person must decide now: their decision, and more than a pass to choose from."""
        if self.over() or not self.session.human_turn():
            return False
        return self.stop_at_every_window or self._only_pass() is None

    def step(self) -> list[Entry]:
        """Take the next action no person needs to choose (the AI's, or a person's only pass); its log lines."""
        before = len(self.entries)
        player = self.session.to_act()
        if self.session.human_turn():
            only = self._only_pass()
            assert only is not None, "a person decides here"
            choice = self.screen.describe(self.state, only)
            self.auto.add(len(self.session.actions))
            self.session.apply(only)
            self._action_line(player, f"{choice.text} (nothing else to do)", "you", only)
        else:
            action, _reason = self.session.ai.decide(self.state, self.session.ai_rng, False)
            choice = self.screen.describe(self.state, action)
            self.session.apply(action)
            passed = action.kind in self.screen.passes or str(action) in self.screen.passes
            self._action_line(player, choice.text, "other-pass" if passed else "other", action)
        self._take_log()
        return self.entries[before:]

    def choose(self, action: Action | str) -> list[Entry]:
        """A person's action (IllegalAction, with the reason and the legal actions, when it is not legal)."""
        before = len(self.entries)
        player = self.session.to_act()
        legal = self.state.legal_actions()
        found = self.state.find_action(action, legal)
        text = self.screen.describe(self.state, found).text if found is not None else str(action)
        done = self.session.apply(found if found is not None else action)
        self._action_line(player, text, "you", done)
        self._take_log()
        return self.entries[before:]

    def undo(self) -> int:
        """Take back the person's last real decision (and what followed it); how many actions went."""
        total = 0
        while True:
            before = len(self.session.actions)
            gone = self.session.undo()
            if not gone:
                break
            total += gone
            if before - gone not in self.auto:
                break
        cut = len(self.session.actions)
        self.auto = {i for i in self.auto if i < cut}
        self.entries = [e for e in self.entries if e.index <= cut]
        self.state.log.clear()  # the replay wrote the whole log again; the entries up to the cut are kept
        if total:
            self.resigned = None
            self.entries.append(Entry(cut, f"undone: {total} action(s)", "note"))
        return total

    def resign(self) -> None:
        """The person deciding (or the one person at the table) gives up the game."""
        self.resigned = self.viewer
        self.entries.append(Entry(len(self.session.actions), f"{seat(self.resigned)} resigns", "note"))

    def _action_line(self, player: int, text: str, kind: str, action: Action) -> None:
        viewer = self.viewer
        unnamed = self._unnamed(action, text, player)
        who = "you" if player == viewer and len(self.session.humans) == 1 else seat(player)
        if kind.startswith("other") and player not in self.session.humans:
            who = f"{seat(player)} ({self.ai_name})"
        told = None if unnamed == text else (player, f"{who}: {text}", f"{who}: {unnamed}")
        self.entries.append(Entry(len(self.session.actions), f"{who}: {text}", kind, told).seen_by(viewer))

    def _unnamed(self, action: Action, text: str, player: int) -> str:
        """``text`` (``player``'s action described) as the other seats read it, without the cards it names that
        only ``player`` has seen: those that the action's log lines name only in words told to ``player`` (a
        card searched for and put into the hand, a card chosen from a hand or a deck), never in public words."""
        log = self.state.log
        told = [str(line) for line in log if isinstance(line, Private) and line.seat == player]
        if not told:
            return text
        others = [q for q in range(self.state.num_players()) if q != player]
        shown = [seen_by(line, q) for q in others for line in log]  # what the other seats read
        names = self._names()
        for arg in action.args:
            cards = arg.split(", ")  # a choice may name several cards: an order of the top cards
            if not all(re.sub(r"#\d+$", "", c) in names for c in cards) or arg not in text:
                continue
            if any(arg in line for line in told) and not any(arg in line for line in shown):
                text = text.replace(arg, "a card" if len(cards) == 1 else "cards only they have seen")
        return text

    def _names(self) -> frozenset[str]:
        if self._card_names is None:
            self._card_names = frozenset(c["name"] for c in self.session.game.cards.values())
        return self._card_names

    def _take_log(self) -> None:
        log = self.state.log
        if not log:
            return
        index = len(self.session.actions)
        viewer = self.viewer
        self.entries.extend(Entry(index, str(line), told=(line.seat, str(line), line.public)).seen_by(viewer)
                            if isinstance(line, Private) else Entry(index, line) for line in log)
        log.clear()

    # -- cards ------------------------------------------------------------------------------------
    def card_names(self) -> list[str]:
        """Every card name of the game's pool, sorted."""
        return sorted({c["name"] for c in self.session.game.cards.values()}, key=fold)

    def find_card(self, name: str) -> tuple[dict | None, str]:
        """The card called ``name`` (its own or English name, case and accents ignored), or (None, a hint)."""
        wanted = fold(name.strip())
        for card in self.session.game.cards.values():
            names = [card["name"], *(card.get("names") or {}).values()]
            if any(fold(n) == wanted for n in names if isinstance(n, str)):
                return card, ""
        names = self.card_names()
        close = difflib.get_close_matches(wanted, [fold(n) for n in names], n=1, cutoff=0.5)
        hint = next((f"did you mean {n}?" for n in names if close and fold(n) == close[0]), "")
        return None, hint or "cards of this game: " + ", ".join(names[:12]) + (" …" if len(names) > 12 else "")

    def card_info(self, card: dict) -> CardInfo:
        """A card's name, facts, text and abilities in English."""
        from deckkit.engine.registry import spec

        names = card.get("names") or {}
        head = card["name"] + (f" ({names['en']})" if isinstance(names.get("en"), str) else "")
        facts = []
        for key, value in card.items():
            if key in _NOT_FACTS or value in (None, "", [], False):
                continue
            if isinstance(value, list):
                value = ", ".join(map(str, value))
            elif not isinstance(value, (str, int, float)):
                continue
            facts.append(f"{key.replace('_', ' ')} {'yes' if value is True else value}")
        lines = [head, " · ".join(facts)]
        if card.get("text"):
            lines.append(f"Text: {card['text']}")
        abilities = spec(self.session.game_name).ability_text(card)
        if abilities:
            lines.append("Abilities (as the rules engine plays them):")
            lines += [f"  {a}" for a in abilities]
        if not card.get("text") and not abilities:
            lines.append("(no text: the card is its numbers)")
        return CardInfo(card["name"], tuple(lines))

    # -- saved games ------------------------------------------------------------------------------
    def save(self, path: str) -> None:
        """Write the game as a script that replays to this position (FileWriteError when it cannot)."""
        self.session.save(path)

    def load(self, path: str) -> None:
        """Go on with a game saved by ``deckkit play`` (DeckkitError naming the file and the problem;
        the game at the table is kept when the file cannot be loaded)."""
        from deckkit.screen.saved import load_session

        session = load_session(path, self.session, self.cards_of)
        self.session = session
        self.screen = screen_of(session.game_name, session.support)
        self.auto, self.resigned, self._card_names = set(), None, None
        self.state.log.clear()
        self.entries = [Entry(len(session.actions), f"loaded {path}: {len(session.actions)} actions replayed", "note")]
