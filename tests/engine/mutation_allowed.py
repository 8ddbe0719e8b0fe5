"""The mutants of the designer cards that survive today, for :mod:`test_ability_mutation`.

Each entry is one (script file, card id, JSON path, change) that neither the checker refused nor the
script noticed, with why it is let through for now. Two kinds, besides a few the rules make equivalent
(:data:`HELPER_MARK`, :data:`PLAYED_IS_ENTERS`):

- :data:`UNPINNED`: seeded random games with the card play differently with the change, so the engine
  reads the field — the card's script does not pin what it does (add an expectation that tells).
- :data:`ALIKE`: three seeded random games play exactly alike with and without the change — the engine
  may ignore the field (each was reported to the maintainers of the game; a script that pins the
  field's effect, or an engine that reads it, removes the entry).

A new survivor is never added here without its reason; an entry whose mutant is now killed can go.
"""

from __future__ import annotations

UNPINNED = "the script does not pin it (random games with the card play differently)"
ALIKE = "random games play alike too: possibly ignored by the engine (reported)"
#: A creature's helper ability has its mark twice: its cost and the card's "helper" field (AF-380 –
#: AF-383; the checker refuses the two disagreeing), so the cost alone can go and nothing changes.
HELPER_MARK = "the card's helper field gives the same mark as the cost (the two must agree)"
#: A dreamwalker or dream creature enters play when it is played: the two triggers differ only for a
#: card put into play another way, which the script does not do.
PLAYED_IS_ENTERS = "played and enters happen together for a card played from the hand into play"
#: Obludárium: only monsters have groups, attack, die or attack unblocked, so a filter's "type": "monster"
#: beside a group, a dies event or an attacking state picks the same cards without it.
ONLY_MONSTERS = "only monsters have groups, die or attack: type monster adds nothing beside the rest of the filter"
#: A value that is the default written out ("duration": "turn" where this turn is what a step lasts
#: anyway): removing it means the same, though the compiled step keeps "" rather than the default.
DEFAULT_WRITTEN = "the value is the default: without it the step means the same (this turn)"
#: A card that names a keyword in "keywords" gets that keyword's abilities put in when it is read (as an
#: import does): an ability tagged with the keyword, taken out, comes back from the definition.
KEYWORD_RESTATED = "the card names the keyword, whose definition puts this ability back in"

ALLOWED: dict[tuple[str, str, str, str], str] = {
    # ob-d48-ostrazity-strazce.deckkit.toml
    ('ob-d48-ostrazity-strazce.deckkit.toml', 'ob-d48-ostrazity-strazce', '$.abilities[0]', 'removed'):
        KEYWORD_RESTATED,
    ('ob-d48-ostrazity-strazce.deckkit.toml', 'ob-d48-ostrazity-strazce', '$.abilities[0].static', 'removed'):
        KEYWORD_RESTATED,
    # af-designer-d02-hajnali-pacsirta.deckkit.toml
    ('af-designer-d02-hajnali-pacsirta.deckkit.toml', 'af-designer-hajnali-pacsirta', '$.abilities[0].trigger', "swapped ('played' -> 'enters')"):
        PLAYED_IS_ENTERS,
    # af-designer-d03-kodlovag.deckkit.toml
    ('af-designer-d03-kodlovag.deckkit.toml', 'af-designer-kodlovag', '$.abilities[0].cost', 'removed'): HELPER_MARK,
    # af-designer-d08-holdfeny-szentely.deckkit.toml
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', 'af-designer-holdfeny-szentely', '$.abilities[0].static[0].cards.filter', 'removed'):
        UNPINNED,
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', 'af-designer-holdfeny-szentely', '$.abilities[0].static[0].cards.filter.type', 'removed'):
        UNPINNED,
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', 'af-designer-holdfeny-szentely', '$.abilities[0].static[0].cards.side', 'removed'):
        UNPINNED,
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', 'af-designer-holdfeny-szentely', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # af-designer-d09-ejfeli-harang.deckkit.toml
    ('af-designer-d09-ejfeli-harang.deckkit.toml', 'af-designer-ejfeli-harang', '$.abilities[0].trigger.filter', 'removed'):
        UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', 'af-designer-ejfeli-harang', '$.abilities[0].trigger.filter.role', 'removed'):
        UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', 'af-designer-ejfeli-harang', '$.abilities[0].trigger.filter.type', 'removed'):
        ALIKE,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', 'af-designer-ejfeli-harang', '$.abilities[0].trigger.side', 'removed'):
        UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', 'af-designer-ejfeli-harang', '$.abilities[0].trigger.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', 'af-designer-ejfeli-harang', '$.abilities[0].trigger.who', "swapped ('any' -> 'other')"):
        ALIKE,
    # af-designer-d12-alomtolvaj.deckkit.toml
    ('af-designer-d12-alomtolvaj.deckkit.toml', 'af-designer-alomtolvaj', '$.abilities[0].cost', 'removed'):
        HELPER_MARK,
    ('af-designer-d12-alomtolvaj.deckkit.toml', 'af-designer-alomtolvaj', '$.abilities[0].do[0].target.side', 'removed'):
        UNPINNED,
    ('af-designer-d12-alomtolvaj.deckkit.toml', 'af-designer-alomtolvaj', '$.abilities[0].do[0].target.side', "swapped ('enemy' -> 'any')"):
        UNPINNED,
    # af-designer-d17-arnyektolvaj.deckkit.toml
    ('af-designer-d17-arnyektolvaj.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].cost', 'removed'):
        HELPER_MARK,
    ('af-designer-d17-arnyektolvaj.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].do[0].amount', '+1 (1 -> 2)'):
        UNPINNED,
    ('af-designer-d17-arnyektolvaj.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].do[0].player', "swapped ('opponent' -> 'each')"):
        UNPINNED,
    # af-designer-d18-tukorlovag.deckkit.toml
    ('af-designer-d18-tukorlovag.deckkit.toml', 'af-designer-tukorlovag', '$.abilities[0].condition', 'removed'): ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', 'af-designer-tukorlovag', '$.abilities[0].do[0].target.choose', 'removed'):
        ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', 'af-designer-tukorlovag', '$.abilities[0].do[0].target.choose', "swapped ('every' -> 'one')"):
        ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', 'af-designer-tukorlovag', '$.abilities[0].do[0].target.choose', "swapped ('every' -> 'random')"):
        ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', 'af-designer-tukorlovag', '$.abilities[0].do[0].target.filter', 'removed'):
        UNPINNED,
    ('af-designer-d18-tukorlovag.deckkit.toml', 'af-designer-tukorlovag', '$.abilities[0].do[0].target.filter.role', 'removed'):
        UNPINNED,
    ('af-designer-d18-tukorlovag.deckkit.toml', 'af-designer-tukorlovag', '$.abilities[0].do[0].target.filter.type', 'removed'):
        ALIKE,
    # af-designer-d19-kodkapu.deckkit.toml
    ('af-designer-d19-kodkapu.deckkit.toml', 'af-designer-kodkapu', '$.abilities[0].do[0].target.side', 'removed'):
        UNPINNED,
    ('af-designer-d19-kodkapu.deckkit.toml', 'af-designer-kodkapu', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # af-designer-d20-virraszto.deckkit.toml
    ('af-designer-d20-virraszto.deckkit.toml', 'af-designer-virraszto', '$.abilities[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    ('af-designer-d20-virraszto.deckkit.toml', 'af-designer-virraszto', '$.abilities[0].trigger', "swapped ('played' -> 'enters')"):
        PLAYED_IS_ENTERS,
    # af-designer-d21-hajnali-csillag.deckkit.toml
    ('af-designer-d21-hajnali-csillag.deckkit.toml', 'af-designer-hajnali-csillag', '$.abilities[0].trigger.filter', 'removed'):
        ALIKE,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', 'af-designer-hajnali-csillag', '$.abilities[0].trigger.filter.type', 'removed'):
        ALIKE,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', 'af-designer-hajnali-csillag', '$.abilities[0].trigger.side', 'removed'):
        UNPINNED,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', 'af-designer-hajnali-csillag', '$.abilities[0].trigger.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', 'af-designer-hajnali-csillag', '$.abilities[0].trigger.who', "swapped ('any' -> 'other')"):
        ALIKE,
    # af-designer-d22-alomszovo.deckkit.toml
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.filter', 'removed'):
        UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.filter.type', 'removed'):
        UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.side', 'removed'):
        UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.zone', 'removed'):
        ALIKE,
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'cage')"):
        ALIKE,
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'deck')"):
        ALIKE,
    ('af-designer-d22-alomszovo.deckkit.toml', 'af-designer-alomszovo', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'play')"):
        ALIKE,
    # af-designer-d23-ejfattyu.deckkit.toml
    ('af-designer-d23-ejfattyu.deckkit.toml', 'af-designer-ejfattyu', '$.abilities[0].cost', 'removed'): HELPER_MARK,
    ('af-designer-d23-ejfattyu.deckkit.toml', 'af-designer-ejfattyu', '$.abilities[0].do[0].amount.count.side', 'removed'):
        UNPINNED,
    ('af-designer-d23-ejfattyu.deckkit.toml', 'af-designer-ejfattyu', '$.abilities[0].do[0].amount.count.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # af-designer-d25-kosziv.deckkit.toml
    ('af-designer-d25-kosziv.deckkit.toml', 'af-designer-kosziv', '$.abilities[0].do[0].target', "swapped ('it' -> 'self')"):
        ALIKE,
    ('af-designer-d25-kosziv.deckkit.toml', 'af-designer-zuhanas', '$.abilities[0].do[0].chooser', "swapped ('player' -> 'opponent')"):
        ALIKE,
    ('af-designer-d25-kosziv.deckkit.toml', 'af-designer-zuhanas', '$.abilities[0].do[0].state', "swapped ('damaged' -> 'resting')"):
        UNPINNED,
    ('af-designer-d25-kosziv.deckkit.toml', 'af-designer-zuhanas', '$.abilities[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    ('af-designer-d25-kosziv.deckkit.toml', 'af-designer-zuhanas', '$.abilities[0].do[0].target.side', 'removed'):
        UNPINNED,
    ('af-designer-d25-kosziv.deckkit.toml', 'af-designer-zuhanas', '$.abilities[0].do[0].target.side', "swapped ('enemy' -> 'any')"):
        UNPINNED,
    # af-designer-d26-varazsforras.deckkit.toml
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].amount.count.filter', 'removed'):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].amount.count.filter.type', 'removed'):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].amount.count.side', 'removed'):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].amount.count.side', "swapped ('own' -> 'any')"):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.filter', 'removed'):
        UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.filter.type', 'removed'):
        UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.side', 'removed'):
        UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.zone', 'removed'):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'cage')"):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'deck')"):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', 'af-designer-varazsforras', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'play')"):
        ALIKE,
    # af-designer-d28-alomhozo.deckkit.toml
    ('af-designer-d28-alomhozo.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].cost', 'removed'):
        HELPER_MARK,
    ('af-designer-d28-alomhozo.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].do[0].amount', '+1 (1 -> 2)'):
        UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].do[0].amount', '-1 (1 -> 0)'):
        UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].do[0].player', 'removed'):
        UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].do[0].player', "swapped ('opponent' -> 'each')"):
        UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].do[0].player', "swapped ('opponent' -> 'you')"):
        UNPINNED,
    # af-designer-d29-tolvajkiraly.deckkit.toml
    ('af-designer-d29-tolvajkiraly.deckkit.toml', 'af-designer-tolvajkiraly', '$.abilities[0].condition', 'removed'):
        UNPINNED,
    ('af-designer-d29-tolvajkiraly.deckkit.toml', 'af-designer-tolvajkiraly', '$.abilities[0].do[0].duration', 'removed'):
        ALIKE,
    ('af-designer-d29-tolvajkiraly.deckkit.toml', 'af-designer-tolvajkiraly', '$.abilities[0].do[0].target.side', 'removed'):
        UNPINNED,
    ('af-designer-d29-tolvajkiraly.deckkit.toml', 'af-designer-tolvajkiraly', '$.abilities[0].do[0].target.side', "swapped ('enemy' -> 'any')"):
        UNPINNED,
    # af-designer-d30-visszhang.deckkit.toml
    ('af-designer-d30-visszhang.deckkit.toml', 'af-designer-arnyektolvaj', '$.abilities[0].cost', 'removed'):
        HELPER_MARK,
    ('af-designer-d30-visszhang.deckkit.toml', 'af-designer-visszhang', '$.abilities[0].do[0].target.side', 'removed'):
        ALIKE,
    ('af-designer-d30-visszhang.deckkit.toml', 'af-designer-visszhang', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"):
        ALIKE,
    # af-designer-d31-kettos-arny.deckkit.toml
    ('af-designer-d31-kettos-arny.deckkit.toml', 'af-designer-kettos-arny', '$.abilities[0].replace', 'removed'):
        UNPINNED,
    # af-designer-d32-zuhanas.deckkit.toml
    ('af-designer-d32-zuhanas.deckkit.toml', 'af-designer-zuhanas', '$.abilities[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    # af-designer-modes-ketelu-varazs.deckkit.toml
    ('af-designer-modes-ketelu-varazs.deckkit.toml', 'af-designer-ketelu-varazs', '$.abilities[0].modes[0].do[0].duration', 'removed'):
        ALIKE,
    ('af-designer-modes-ketelu-varazs.deckkit.toml', 'af-designer-ketelu-varazs', '$.abilities[0].modes[0].do[0].target.filter', 'removed'):
        UNPINNED,
    ('af-designer-modes-ketelu-varazs.deckkit.toml', 'af-designer-ketelu-varazs', '$.abilities[0].modes[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    # ob-d10-lektvar-sily.deckkit.toml
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[0].duration', 'removed'): ALIKE,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[0].stat', 'removed'): ALIKE,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[0].target.filter', 'removed'):
        UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[0].target.side', 'removed'):
        UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[1].target.filter', 'removed'):
        UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[1].target.other', 'flipped to False'):
        UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[1].target.other', 'removed'):
        UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', 'ob-d10-lektvar-sily', '$.abilities[0].do[1].target.side', 'removed'):
        UNPINNED,
    # ob-d11-zemetreseni.deckkit.toml
    ('ob-d11-zemetreseni.deckkit.toml', 'ob-d11-zemetreseni', '$.abilities[0].do[0].duration', 'removed'): ALIKE,
    ('ob-d11-zemetreseni.deckkit.toml', 'ob-d11-zemetreseni', '$.abilities[0].do[0].target.filter.type', 'removed'):
        ALIKE,
    # ob-d12-vymena.deckkit.toml
    ('ob-d12-vymena.deckkit.toml', 'ob-d12-vymena', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d12-vymena.deckkit.toml', 'ob-d12-vymena', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('ob-d12-vymena.deckkit.toml', 'ob-d12-vymena', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('ob-d12-vymena.deckkit.toml', 'ob-d12-vymena', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # ob-d14-privolani.deckkit.toml
    ('ob-d14-privolani.deckkit.toml', 'ob-d14-privolani', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d14-privolani.deckkit.toml', 'ob-d14-privolani', '$.abilities[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    ('ob-d14-privolani.deckkit.toml', 'ob-d14-privolani', '$.abilities[0].do[0].to', 'removed'): ALIKE,
    # ob-d15-prokleti.deckkit.toml
    ('ob-d15-prokleti.deckkit.toml', 'ob-d15-prokleti', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d15-prokleti.deckkit.toml', 'ob-d15-prokleti', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    # ob-d16-obetni-oltar.deckkit.toml
    ('ob-d16-obetni-oltar.deckkit.toml', 'ob-d16-obetni-oltar', '$.abilities[0].cost.sacrifice.filter', 'removed'):
        UNPINNED,
    ('ob-d16-obetni-oltar.deckkit.toml', 'ob-d16-obetni-oltar', '$.abilities[0].cost.sacrifice.filter.type', 'removed'):
        UNPINNED,
    ('ob-d16-obetni-oltar.deckkit.toml', 'ob-d16-obetni-oltar', '$.abilities[0].cost.sacrifice.side', 'removed'):
        UNPINNED,
    ('ob-d16-obetni-oltar.deckkit.toml', 'ob-d16-obetni-oltar', '$.abilities[0].cost.sacrifice.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # ob-d17-horska-obluda.deckkit.toml
    ('ob-d17-horska-obluda.deckkit.toml', 'ob-d17-horska-obluda', '$.abilities[0].static[0].condition', 'removed'):
        UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', 'ob-d17-horska-obluda', '$.abilities[0].static[0].condition.count.filter', 'removed'):
        UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', 'ob-d17-horska-obluda', '$.abilities[0].static[0].condition.count.filter.group', 'removed'):
        UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', 'ob-d17-horska-obluda', '$.abilities[0].static[0].condition.count.filter.type', 'removed'):
        ALIKE,
    ('ob-d17-horska-obluda.deckkit.toml', 'ob-d17-horska-obluda', '$.abilities[0].static[0].condition.count.side', 'removed'):
        UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', 'ob-d17-horska-obluda', '$.abilities[0].static[0].condition.count.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', 'ob-d17-horska-obluda', '$.abilities[0].static[0].condition.min', '-1 (1 -> 0)'):
        UNPINNED,
    # ob-d2-nocni-mura.deckkit.toml
    ('ob-d2-nocni-mura.deckkit.toml', 'ob-d2-nocni-mura', '$.abilities[0].static[0].cards.filter.type', 'removed'):
        ALIKE,
    # ob-d22-mlhovina.deckkit.toml
    ('ob-d22-mlhovina.deckkit.toml', 'ob-d22-mlhovina', '$.abilities[0].modes[0].do[0].duration', 'removed'): ALIKE,
    ('ob-d22-mlhovina.deckkit.toml', 'ob-d22-mlhovina', '$.abilities[0].modes[0].do[0].duration', "swapped ('turn' -> 'permanent')"):
        UNPINNED,
    ('ob-d22-mlhovina.deckkit.toml', 'ob-d22-mlhovina', '$.abilities[0].modes[0].do[0].stat', 'removed'): ALIKE,
    ('ob-d22-mlhovina.deckkit.toml', 'ob-d22-mlhovina', '$.abilities[0].modes[0].do[0].target.filter', 'removed'):
        UNPINNED,
    ('ob-d22-mlhovina.deckkit.toml', 'ob-d22-mlhovina', '$.abilities[0].modes[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    # ob-d3-vudce-smecky.deckkit.toml
    ('ob-d3-vudce-smecky.deckkit.toml', 'ob-d3-vudce-smecky', '$.abilities[0].static[0].cards.filter.type', 'removed'):
        ALIKE,
    ('ob-d3-vudce-smecky.deckkit.toml', 'ob-d3-vudce-smecky', '$.abilities[0].static[0].cards.side', 'removed'):
        UNPINNED,
    ('ob-d3-vudce-smecky.deckkit.toml', 'ob-d3-vudce-smecky', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # ob-d33-nocni-hlidka.deckkit.toml
    ('ob-d33-nocni-hlidka.deckkit.toml', 'ob-d33-nocni-hlidka', '$.abilities[0].do[0].target.side', 'removed'):
        "untapping the opponent's monsters at the end of your turn cannot show: their own untap step comes next",
    ('ob-d33-nocni-hlidka.deckkit.toml', 'ob-d33-nocni-hlidka', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"):
        "untapping the opponent's monsters at the end of your turn cannot show: their own untap step comes next",
    # ob-d39-druhy-dech.deckkit.toml
    ('ob-d39-druhy-dech.deckkit.toml', 'ob-d39-druhy-dech', '$.abilities[0].do[1].duration', 'removed'):
        DEFAULT_WRITTEN,
    # ob-d36-ochranny-amulet.deckkit.toml
    ('ob-d36-ochranny-amulet.deckkit.toml', 'ob-d36-ochranny-amulet', '$.abilities[0].replace.filter.type', 'removed'):
        ONLY_MONSTERS,
    ('ob-d36-ochranny-amulet.deckkit.toml', 'ob-d7-ohnivy-drak', '$.abilities[0].do[0].amount.count.filter.type', 'removed'):
        ONLY_MONSTERS,
    # ob-d37-fenix.deckkit.toml
    ('ob-d37-fenix.deckkit.toml', 'ob-d37-fenix', '$.abilities[0].do[0].target', "swapped ('it' -> 'self')"):
        "the card that would die is the replacement's own card: it and self are one card here",
    ('ob-d37-fenix.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.filter', 'removed'): ONLY_MONSTERS,
    ('ob-d37-fenix.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.filter.type', 'removed'): ONLY_MONSTERS,
    # ob-d40-smecka.deckkit.toml
    ('ob-d40-smecka.deckkit.toml', 'ob-d40-smecka', '$.abilities[0].static[0].attack.count.filter.type', 'removed'):
        ONLY_MONSTERS,
    # ob-d46-lovkyne.deckkit.toml
    ('ob-d46-lovkyne.deckkit.toml', 'ob-d46-lovkyne', '$.abilities[0].do[0].stat', 'removed'):
        "boost's stat is attack unless it says otherwise",
    # ob-d4-hrobnik.deckkit.toml
    ('ob-d4-hrobnik.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.filter', 'removed'): ALIKE,
    ('ob-d4-hrobnik.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.filter.type', 'removed'): ALIKE,
    ('ob-d4-hrobnik.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.on', "swapped ('dies' -> 'attacks')"):
        UNPINNED,
    ('ob-d4-hrobnik.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.side', 'removed'): UNPINNED,
    ('ob-d4-hrobnik.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('ob-d4-hrobnik.deckkit.toml', 'ob-d4-hrobnik', '$.abilities[0].trigger.who', "swapped ('other' -> 'any')"):
        UNPINNED,
    # ob-d5-korenar.deckkit.toml
    ('ob-d5-korenar.deckkit.toml', 'ob-d5-korenar', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', 'ob-d5-korenar', '$.abilities[0].do[0].target.filter.state', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', 'ob-d5-korenar', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', 'ob-d5-korenar', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', 'ob-d5-korenar', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # ob-d6-zlobivy-skret.deckkit.toml
    ('ob-d6-zlobivy-skret.deckkit.toml', 'ob-d6-zlobivy-skret', '$.abilities[0].trigger', "swapped ('dies' -> 'attacks')"):
        UNPINNED,
    # ob-d7-ohnivy-drak.deckkit.toml
    ('ob-d7-ohnivy-drak.deckkit.toml', 'ob-d7-ohnivy-drak', '$.abilities[0].do[0].amount.count.filter.type', 'removed'):
        ALIKE,
    ('ob-d7-ohnivy-drak.deckkit.toml', 'ob-d7-ohnivy-drak', '$.abilities[0].do[0].amount.count.side', 'removed'): ALIKE,
    ('ob-d7-ohnivy-drak.deckkit.toml', 'ob-d7-ohnivy-drak', '$.abilities[0].do[0].amount.count.side', "swapped ('own' -> 'any')"):
        ALIKE,
    # ob-d8-carovny-kotel.deckkit.toml
    ('ob-d8-carovny-kotel.deckkit.toml', 'ob-d8-carovny-kotel', '$.abilities[0].condition.max', '+1 (2 -> 3)'):
        UNPINNED,
    # ob-d9-zelezna-klec.deckkit.toml
    ('ob-d9-zelezna-klec.deckkit.toml', 'ob-d9-zelezna-klec', '$.abilities[0].do[0].target.filter', 'removed'):
        UNPINNED,
    ('ob-d9-zelezna-klec.deckkit.toml', 'ob-d9-zelezna-klec', '$.abilities[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
}
