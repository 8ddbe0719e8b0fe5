"""The mutants of the designer cards that survive today, for :mod:`test_ability_mutation`.

Each entry is one (script file, JSON path, change) that neither the checker refused nor the script
noticed, with why it is let through for now. Two kinds:

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

ALLOWED: dict[tuple[str, str, str], str] = {
    # af-designer-d02-hajnali-pacsirta.deckkit.toml
    ('af-designer-d02-hajnali-pacsirta.deckkit.toml', '$.abilities[0].trigger', "swapped ('played' -> 'enters')"):
        ALIKE,
    # af-designer-d03-kodlovag.deckkit.toml
    ('af-designer-d03-kodlovag.deckkit.toml', '$.abilities[0].cost', 'removed'): ALIKE,
    # af-designer-d08-holdfeny-szentely.deckkit.toml
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', '$.abilities[0].static[0].cards.filter', 'removed'): UNPINNED,
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', '$.abilities[0].static[0].cards.filter.type', 'removed'):
        UNPINNED,
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', '$.abilities[0].static[0].cards.side', 'removed'): UNPINNED,
    ('af-designer-d08-holdfeny-szentely.deckkit.toml', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # af-designer-d09-ejfeli-harang.deckkit.toml
    ('af-designer-d09-ejfeli-harang.deckkit.toml', '$.abilities[0].trigger.filter', 'removed'): UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', '$.abilities[0].trigger.filter.role', 'removed'): UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', '$.abilities[0].trigger.filter.type', 'removed'): ALIKE,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', '$.abilities[0].trigger.side', 'removed'): UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', '$.abilities[0].trigger.side', "swapped ('own' -> 'any')"): UNPINNED,
    ('af-designer-d09-ejfeli-harang.deckkit.toml', '$.abilities[0].trigger.who', "swapped ('any' -> 'other')"): ALIKE,
    # af-designer-d12-alomtolvaj.deckkit.toml
    ('af-designer-d12-alomtolvaj.deckkit.toml', '$.abilities[0].cost', 'removed'): ALIKE,
    ('af-designer-d12-alomtolvaj.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('af-designer-d12-alomtolvaj.deckkit.toml', '$.abilities[0].do[0].target.side', "swapped ('enemy' -> 'any')"):
        UNPINNED,
    # af-designer-d17-arnyektolvaj.deckkit.toml
    ('af-designer-d17-arnyektolvaj.deckkit.toml', '$.abilities[0].cost', 'removed'): ALIKE,
    ('af-designer-d17-arnyektolvaj.deckkit.toml', '$.abilities[0].do[0].amount', '+1 (1 -> 2)'): UNPINNED,
    ('af-designer-d17-arnyektolvaj.deckkit.toml', '$.abilities[0].do[0].player', "swapped ('opponent' -> 'each')"):
        UNPINNED,
    # af-designer-d18-tukorlovag.deckkit.toml
    ('af-designer-d18-tukorlovag.deckkit.toml', '$.abilities[0].condition', 'removed'): ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', '$.abilities[0].do[0].target.choose', 'removed'): ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', '$.abilities[0].do[0].target.choose', "swapped ('every' -> 'one')"):
        ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', '$.abilities[0].do[0].target.choose', "swapped ('every' -> 'random')"):
        ALIKE,
    ('af-designer-d18-tukorlovag.deckkit.toml', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('af-designer-d18-tukorlovag.deckkit.toml', '$.abilities[0].do[0].target.filter.role', 'removed'): UNPINNED,
    ('af-designer-d18-tukorlovag.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): ALIKE,
    # af-designer-d19-kodkapu.deckkit.toml
    ('af-designer-d19-kodkapu.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('af-designer-d19-kodkapu.deckkit.toml', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"): UNPINNED,
    # af-designer-d20-virraszto.deckkit.toml
    ('af-designer-d20-virraszto.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('af-designer-d20-virraszto.deckkit.toml', '$.abilities[0].trigger', "swapped ('played' -> 'enters')"): ALIKE,
    # af-designer-d21-hajnali-csillag.deckkit.toml
    ('af-designer-d21-hajnali-csillag.deckkit.toml', '$.abilities[0].trigger.filter', 'removed'): ALIKE,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', '$.abilities[0].trigger.filter.type', 'removed'): ALIKE,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', '$.abilities[0].trigger.side', 'removed'): UNPINNED,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', '$.abilities[0].trigger.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('af-designer-d21-hajnali-csillag.deckkit.toml', '$.abilities[0].trigger.who', "swapped ('any' -> 'other')"): ALIKE,
    # af-designer-d22-alomszovo.deckkit.toml
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.filter', 'removed'): UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.filter.type', 'removed'): UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.side', 'removed'): UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.zone', 'removed'): ALIKE,
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'cage')"):
        ALIKE,
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'deck')"):
        ALIKE,
    ('af-designer-d22-alomszovo.deckkit.toml', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'play')"):
        ALIKE,
    # af-designer-d23-ejfattyu.deckkit.toml
    ('af-designer-d23-ejfattyu.deckkit.toml', '$.abilities[0].cost', 'removed'): ALIKE,
    ('af-designer-d23-ejfattyu.deckkit.toml', '$.abilities[0].do[0].amount.count.side', 'removed'): UNPINNED,
    ('af-designer-d23-ejfattyu.deckkit.toml', '$.abilities[0].do[0].amount.count.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    # af-designer-d25-kosziv.deckkit.toml
    ('af-designer-d25-kosziv.deckkit.toml', '$.abilities[0].do[0].chooser', "swapped ('player' -> 'opponent')"): ALIKE,
    ('af-designer-d25-kosziv.deckkit.toml', '$.abilities[0].do[0].state', "swapped ('damaged' -> 'resting')"): UNPINNED,
    ('af-designer-d25-kosziv.deckkit.toml', '$.abilities[0].do[0].target', "swapped ('it' -> 'self')"): ALIKE,
    ('af-designer-d25-kosziv.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('af-designer-d25-kosziv.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('af-designer-d25-kosziv.deckkit.toml', '$.abilities[0].do[0].target.side', "swapped ('enemy' -> 'any')"): UNPINNED,
    # af-designer-d26-varazsforras.deckkit.toml
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].amount.count.filter', 'removed'): ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].amount.count.filter.type', 'removed'):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].amount.count.side', 'removed'): ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].amount.count.side', "swapped ('own' -> 'any')"):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.filter', 'removed'): UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.filter.type', 'removed'): UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.side', 'removed'): UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.zone', 'removed'): ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'cage')"):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'deck')"):
        ALIKE,
    ('af-designer-d26-varazsforras.deckkit.toml', '$.abilities[0].static[0].cards.zone', "swapped ('hand' -> 'play')"):
        ALIKE,
    # af-designer-d28-alomhozo.deckkit.toml
    ('af-designer-d28-alomhozo.deckkit.toml', '$.abilities[0].cost', 'removed'): ALIKE,
    ('af-designer-d28-alomhozo.deckkit.toml', '$.abilities[0].do[0].amount', '+1 (1 -> 2)'): UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', '$.abilities[0].do[0].amount', '-1 (1 -> 0)'): UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', '$.abilities[0].do[0].player', 'removed'): UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', '$.abilities[0].do[0].player', "swapped ('opponent' -> 'each')"):
        UNPINNED,
    ('af-designer-d28-alomhozo.deckkit.toml', '$.abilities[0].do[0].player', "swapped ('opponent' -> 'you')"): UNPINNED,
    # af-designer-d29-tolvajkiraly.deckkit.toml
    ('af-designer-d29-tolvajkiraly.deckkit.toml', '$.abilities[0].condition', 'removed'): UNPINNED,
    ('af-designer-d29-tolvajkiraly.deckkit.toml', '$.abilities[0].do[0].duration', 'removed'): ALIKE,
    ('af-designer-d29-tolvajkiraly.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('af-designer-d29-tolvajkiraly.deckkit.toml', '$.abilities[0].do[0].target.side', "swapped ('enemy' -> 'any')"):
        UNPINNED,
    # af-designer-d30-visszhang.deckkit.toml
    ('af-designer-d30-visszhang.deckkit.toml', '$.abilities[0].cost', 'removed'): ALIKE,
    ('af-designer-d30-visszhang.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): ALIKE,
    ('af-designer-d30-visszhang.deckkit.toml', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"): ALIKE,
    # af-designer-d31-kettos-arny.deckkit.toml
    ('af-designer-d31-kettos-arny.deckkit.toml', '$.abilities[0].replace', 'removed'): UNPINNED,
    # af-designer-d32-zuhanas.deckkit.toml
    ('af-designer-d32-zuhanas.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    # af-designer-modes-ketelu-varazs.deckkit.toml
    ('af-designer-modes-ketelu-varazs.deckkit.toml', '$.abilities[0].modes[0].do[0].duration', 'removed'): ALIKE,
    ('af-designer-modes-ketelu-varazs.deckkit.toml', '$.abilities[0].modes[0].do[0].target.filter', 'removed'):
        UNPINNED,
    ('af-designer-modes-ketelu-varazs.deckkit.toml', '$.abilities[0].modes[0].do[0].target.filter.type', 'removed'):
        UNPINNED,
    # ob-d10-lektvar-sily.deckkit.toml
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[0].duration', 'removed'): ALIKE,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[0].stat', 'removed'): ALIKE,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[1].target.filter', 'removed'): UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[1].target.other', 'flipped to False'): UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[1].target.other', 'removed'): UNPINNED,
    ('ob-d10-lektvar-sily.deckkit.toml', '$.abilities[0].do[1].target.side', 'removed'): UNPINNED,
    # ob-d11-zemetreseni.deckkit.toml
    ('ob-d11-zemetreseni.deckkit.toml', '$.abilities[0].do[0].duration', 'removed'): ALIKE,
    ('ob-d11-zemetreseni.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): ALIKE,
    # ob-d12-vymena.deckkit.toml
    ('ob-d12-vymena.deckkit.toml', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d12-vymena.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('ob-d12-vymena.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('ob-d12-vymena.deckkit.toml', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"): UNPINNED,
    # ob-d14-privolani.deckkit.toml
    ('ob-d14-privolani.deckkit.toml', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d14-privolani.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('ob-d14-privolani.deckkit.toml', '$.abilities[0].do[0].to', 'removed'): ALIKE,
    # ob-d15-prokleti.deckkit.toml
    ('ob-d15-prokleti.deckkit.toml', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d15-prokleti.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    # ob-d16-obetni-oltar.deckkit.toml
    ('ob-d16-obetni-oltar.deckkit.toml', '$.abilities[0].cost.sacrifice.filter', 'removed'): UNPINNED,
    ('ob-d16-obetni-oltar.deckkit.toml', '$.abilities[0].cost.sacrifice.filter.type', 'removed'): UNPINNED,
    ('ob-d16-obetni-oltar.deckkit.toml', '$.abilities[0].cost.sacrifice.side', 'removed'): UNPINNED,
    ('ob-d16-obetni-oltar.deckkit.toml', '$.abilities[0].cost.sacrifice.side', "swapped ('own' -> 'any')"): UNPINNED,
    # ob-d17-horska-obluda.deckkit.toml
    ('ob-d17-horska-obluda.deckkit.toml', '$.abilities[0].static[0].condition', 'removed'): UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', '$.abilities[0].static[0].condition.count.filter', 'removed'): UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', '$.abilities[0].static[0].condition.count.filter.group', 'removed'): UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', '$.abilities[0].static[0].condition.count.filter.type', 'removed'): ALIKE,
    ('ob-d17-horska-obluda.deckkit.toml', '$.abilities[0].static[0].condition.count.side', 'removed'): UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', '$.abilities[0].static[0].condition.count.side', "swapped ('own' -> 'any')"):
        UNPINNED,
    ('ob-d17-horska-obluda.deckkit.toml', '$.abilities[0].static[0].condition.min', '-1 (1 -> 0)'): UNPINNED,
    # ob-d2-nocni-mura.deckkit.toml
    ('ob-d2-nocni-mura.deckkit.toml', '$.abilities[0].static[0].cards.filter.type', 'removed'): ALIKE,
    # ob-d22-mlhovina.deckkit.toml
    ('ob-d22-mlhovina.deckkit.toml', '$.abilities[0].modes[0].do[0].duration', 'removed'): ALIKE,
    ('ob-d22-mlhovina.deckkit.toml', '$.abilities[0].modes[0].do[0].duration', "swapped ('turn' -> 'permanent')"):
        UNPINNED,
    ('ob-d22-mlhovina.deckkit.toml', '$.abilities[0].modes[0].do[0].stat', 'removed'): ALIKE,
    ('ob-d22-mlhovina.deckkit.toml', '$.abilities[0].modes[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d22-mlhovina.deckkit.toml', '$.abilities[0].modes[0].do[0].target.filter.type', 'removed'): UNPINNED,
    # ob-d3-vudce-smecky.deckkit.toml
    ('ob-d3-vudce-smecky.deckkit.toml', '$.abilities[0].static[0].cards.filter.type', 'removed'): ALIKE,
    ('ob-d3-vudce-smecky.deckkit.toml', '$.abilities[0].static[0].cards.side', 'removed'): UNPINNED,
    ('ob-d3-vudce-smecky.deckkit.toml', '$.abilities[0].static[0].cards.side', "swapped ('own' -> 'any')"): UNPINNED,
    # ob-d4-hrobnik.deckkit.toml
    ('ob-d4-hrobnik.deckkit.toml', '$.abilities[0].trigger.filter', 'removed'): ALIKE,
    ('ob-d4-hrobnik.deckkit.toml', '$.abilities[0].trigger.filter.type', 'removed'): ALIKE,
    ('ob-d4-hrobnik.deckkit.toml', '$.abilities[0].trigger.on', "swapped ('dies' -> 'attacks')"): UNPINNED,
    ('ob-d4-hrobnik.deckkit.toml', '$.abilities[0].trigger.side', 'removed'): UNPINNED,
    ('ob-d4-hrobnik.deckkit.toml', '$.abilities[0].trigger.side', "swapped ('own' -> 'any')"): UNPINNED,
    ('ob-d4-hrobnik.deckkit.toml', '$.abilities[0].trigger.who', "swapped ('other' -> 'any')"): UNPINNED,
    # ob-d5-korenar.deckkit.toml
    ('ob-d5-korenar.deckkit.toml', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', '$.abilities[0].do[0].target.filter.state', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', '$.abilities[0].do[0].target.side', 'removed'): UNPINNED,
    ('ob-d5-korenar.deckkit.toml', '$.abilities[0].do[0].target.side', "swapped ('own' -> 'any')"): UNPINNED,
    # ob-d6-zlobivy-skret.deckkit.toml
    ('ob-d6-zlobivy-skret.deckkit.toml', '$.abilities[0].trigger', "swapped ('dies' -> 'attacks')"): UNPINNED,
    # ob-d7-ohnivy-drak.deckkit.toml
    ('ob-d7-ohnivy-drak.deckkit.toml', '$.abilities[0].do[0].amount.count.filter.type', 'removed'): ALIKE,
    ('ob-d7-ohnivy-drak.deckkit.toml', '$.abilities[0].do[0].amount.count.side', 'removed'): ALIKE,
    ('ob-d7-ohnivy-drak.deckkit.toml', '$.abilities[0].do[0].amount.count.side', "swapped ('own' -> 'any')"): ALIKE,
    # ob-d8-carovny-kotel.deckkit.toml
    ('ob-d8-carovny-kotel.deckkit.toml', '$.abilities[0].condition.max', '+1 (2 -> 3)'): UNPINNED,
    # ob-d9-zelezna-klec.deckkit.toml
    ('ob-d9-zelezna-klec.deckkit.toml', '$.abilities[0].do[0].target.filter', 'removed'): UNPINNED,
    ('ob-d9-zelezna-klec.deckkit.toml', '$.abilities[0].do[0].target.filter.type', 'removed'): UNPINNED,
}
