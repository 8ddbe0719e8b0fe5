"""Álomfogó (Dreamcatcher Card Game) played in full: rules AF-100 – AF-915 of ``shared/rules/alomfogo.md``.

Usage::

    from deckkit.games.alomfogo import GAME, AlomfogoGame
    game = GAME                                # bundled cards, default settings
    game = AlomfogoGame(cards, starting_glory=20)
    state = game.from_setup({...}, random.Random(7))
    state.apply("play Éjlépő Kajtár")

Turn (AF-510): phase 1 (+3 VP, recovery — automatic, AF-Q3), phase 2 (the draw: the action
``draw``; skipped in the starting player's first turn, AF-513), phase 3 (play cards), phase 4
(duels). A player whose required draw finds an empty deck, or whose glory reaches 0, loses;
with more players the last one standing wins (AF-915).

Action strings (case- and diacritics-insensitive; copies in play are told apart as ``Name#2``):

=========================================== ==========================================================
``start p1``                                set-up phase only: who takes the first turn (AF-504)
``draw``                                    phase 2 draw (required), or take the dream-creature draw
``no draw``                                 decline the optional draw after a dream creature (AF-333)
``play Éjlépő Kajtár``                      phase 3: play a dreamwalker, dream creature, event or general
                                            spell, paying its VP cost (AF-601, AF-607)
``play Wugu Wataruru with Ébredés Ajtaja``  phase 3: a dreamwalker free through a free-dreamwalker event
``play Altatódal on Ködlátó Berta``         phase 3: a card with a target (AF-385); with more than two
                                            players the owner is named: ``… on Ködlátó Berta of p3``
``play Szélvész on p3``                     phase 3: a card affecting "the opponent", with more than two
                                            players: which opponent (AF-913); with two: ``play Szélvész``
``play Lélekhívás on Garabonc Döme``        a chosen card in another zone (here the spell cage) is named
                                            as a card in play is; with two chosen cards (a sequence whose
                                            steps each choose): ``… on A and B``, in step order
``play Kétélű varázs mode 2``               a modal card: the chosen mode, from 1, before its targets
                                            (``cast X mode 1 on Y``)
``play Bűvös tükör ordering A, B, C``       an ordering choice states the new order, top first (AF-D13)
``cycle lángdárda``                         phase 3: pay 1 VP, discard an instant, draw (AF-611, once)
``pass``                                    phase 3: go to the duels; phase 4: end the turn; in a duel:
                                            no assist this time (two passes in a row end it, AF-741)
``challenge with Wugu Wataruru``            phase 4: challenge the player on your right (AF-703, AF-911)
``defend with Éjlépő Kajtár``               the challenged player answers with an active dreamwalker
``no defence``                              leave the challenge unanswered (AF-710); asked only when
                                            the defender has an active dreamwalker
``helper búbos manó`` / ``no helper``       designate a helper, attacker first (AF-721, AF-722); asked
                                            only when the player has an active creature to designate
``assist búbos manó``                       use your helper's (P)/(S)/(Á) ability (AF-734 – AF-736)
``assist Hódfarok néne discarding Athame``  … with a discard as extra cost (AF-386); a helper ability
                                            that chooses: ``assist X on Y`` (``… on Y discarding Z``)
``cast hóförgeteg``                         play an instant as your assist (AF-351); ``cast X on Y``,
                                            ``cast X mode 2`` as for ``play``
``counter hóförgeteg with Csendharang``     sacrifice a counterspell event when an opponent plays a spell
``no counter``                              let the spell be (AF-371, AF-372); opponents with an active
                                            counterspell are asked in turn order from the caster
``choose Garabonc Döme``                    a decision an ability waits for (the ``decide`` phase): a
                                            target of the player's choice not named when the card was
                                            played — a trigger's (AF-D20), each opponent's own (AF-D32)
``choose yes`` / ``choose no``              "you may …" (``choose nothing`` beside the cards a "you may"
                                            step could take, AF-D19); one option and not optional:
                                            nothing is asked
=========================================== ==========================================================

Script setup (``Game.from_setup``): ``start`` / ``first`` (``"p1"``…; who takes the first turn / who
started the game), ``turn`` (game turn number, default 1; the first-turn rules AF-513/AF-516 apply
only in turn 1), ``phase`` (``phase1`` or ``start``, the default: phase 1 — VP and recovery — is
carried out on setup; ``setup``: nothing has happened yet and the first action, ``start p1``, says
who starts (AF-504); ``phase2``/``phase3``/``phase4`` start there with the counters as given),
players ``p1`` … ``p9`` (three or more play the multiplayer variant, AF-910), and per player
``deck`` (a deck file or a list of names, shuffled; 5 cards dealt unless ``hand`` is given),
``library`` (top first), ``hand``, ``table`` (``"búbos manó (damaged)"``), ``cage``, ``glory``,
``vp`` and ``add_to_hand = [{turn = 3, cards = […]}]`` (a test fixture for the rulebook example,
AF-Q12: cards put into the player's hand in phase 1 of that game turn, before the draw; ``turn`` is a
game turn number from 1, every name must be a bundled card).

Card data (``data/cards/alomfogo.json``): ``abilities`` are written in the ability language
(:mod:`deckkit.engine.abilities`, Álomfogó's words in :mod:`deckkit.games.alomfogo.language`): a
creature's helper ability is ``{"cost": {"rest": true}, "do": [{"effect": "boost", "amount": 1}]}``
((P) rest, (S) ``damage``, (Á) ``sacrifice``, extra ``vp`` and ``discard``, AF-380 – AF-386); a spell's
``do`` happens when it resolves; ``trigger``, ``static`` and ``modes`` say the rest. The older flat
form (``{"effect": "boost", "amount": 1}``) is still read.

Snapshot (``State.snapshot()``): ``turn``, ``active``, ``phase`` (``setup``, ``phase2``, ``phase3``,
``creature-draw``, ``phase4``, ``defend``, ``helper``, ``assist``, ``counter``, ``decide``, ``over``),
``result``, ``duel`` (attacker, defender, attack, defence, helpers) and per player ``glory``,
``vp``, ``hand``, ``library``, ``table``, ``cage``, ``alive``.
"""

from __future__ import annotations

from deckkit.engine.registry import lazy_attributes, register
from deckkit.games.alomfogo.spec import SPEC

register(SPEC)

# The rules engine loads on first use, so that listing the games stays light.
__getattr__ = lazy_attributes(__name__, {
    "GAME": ("game", "AlomfogoGame", True),
    "AlomfogoGame": ("game", "AlomfogoGame", False),
    "AlomfogoState": ("state", "AlomfogoState", False),
})

__all__ = ["GAME", "SPEC", "AlomfogoGame", "AlomfogoState"]
