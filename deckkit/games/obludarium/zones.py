"""What an Obludárium game holds in play and on the stack: a card in play (:class:`Perm`) with its
per-turn state, and an instant waiting to resolve (:class:`StackItem`)."""

from __future__ import annotations

from deckkit.games.obludarium.cards import CardInfo


class Perm:
    """A card in play (food, monster or artifact) with its per-turn state."""

    __slots__ = ("info", "owner", "tapped", "new", "atk", "dfn", "attacking", "blockers", "sblock", "blocking",
                 "perm_atk", "perm_dfn", "grants", "spent")

    def __init__(self, info: CardInfo, owner: int, *, tapped: bool = False, new: bool = False) -> None:
        self.info = info
        self.owner = owner
        self.tapped = tapped
        self.new = new  # laid out this turn (what legality.may_attack and may_use ask of a monster)
        self.atk = info.attack
        self.dfn = info.defense
        self.attacking = False
        # the cards that block it and the attacks it blocks (one, OB-814; two with block-two, OB-D18):
        # tuples, replaced on change, so that copies of cards in play may share them
        self.blockers: tuple[Perm, ...] = ()
        self.sblock = False  # blocked by a blocking spell (OB-828)
        self.blocking: tuple[Perm, ...] = ()
        self.perm_atk = self.perm_dfn = 0  # permanent changes (OB-D15): kept when the turn ends
        self.grants: tuple[tuple[str, int], ...] = ()  # (keyword, last turn it holds): restrictions for a while
        self.spent: tuple[int, ...] = ()  # its once-each-turn abilities used this turn (by index), reset at its end

    @property
    def blocked(self) -> bool:
        """Whether this attacker has been blocked (by monsters or a spell)."""
        return self.sblock or bool(self.blockers)

    def _copy(self) -> Perm:
        """A copy with the same card and counters; references to other cards are fixed by the caller."""
        twin = Perm.__new__(Perm)
        twin.info, twin.owner, twin.tapped, twin.new = self.info, self.owner, self.tapped, self.new
        twin.atk, twin.dfn, twin.attacking, twin.sblock = self.atk, self.dfn, self.attacking, self.sblock
        twin.blockers, twin.blocking = self.blockers, self.blocking
        twin.perm_atk, twin.perm_dfn, twin.grants, twin.spent = self.perm_atk, self.perm_dfn, self.grants, self.spent
        return twin


class StackItem:
    """An instant waiting to resolve: who played it, from which card (``perm`` when in play), the
    chosen sequence's steps and each step's chosen target (None where the step chooses none)."""

    __slots__ = ("player", "source", "perm", "steps", "chosen", "text")

    def __init__(self, player: int, source: CardInfo, perm: Perm | None, steps: tuple, chosen: list,
                 text: str) -> None:
        self.player = player
        self.source = source
        self.perm = perm
        self.steps = steps
        self.chosen = chosen
        self.text: str = text
