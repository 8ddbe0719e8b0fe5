"""Construction formats as data: the bundled files, the schema, and every format rule (OB-/AF-/KO-)."""

from __future__ import annotations

import json

import pytest

from deckkit.decks import find_format, formats_of, load_format_file, validate_deck
from deckkit.decks.formats import bundled_formats, check_format_data, check_format_name
from deckkit.decks.textfile import parse_text
from deckkit.errors import DataError, UsageError, ValidationFailed
from deckkit.paths import data_dir


def check(text, pool, fmt=None):
    deck, problems = parse_text(text, "t.deck")
    return validate_deck(deck, pool, fmt, problems)


def codes(report):
    return sorted(p.code for p in report.errors), sorted(p.code for p in report.warnings)


def ob_deck(food: int, others: dict[str, int]) -> str:
    # Food spread over the six bundled food cards; the rest as given.
    foods = ["Chleba", "Buřty", "Guláš", "Knedlíky", "Ovesná kaše", "Šípkový čaj"]
    lines = ["game: obludarium"]
    for i, name in enumerate(foods):
        n = food // 6 + (1 if i < food % 6 else 0)
        if n:
            lines.append(f"{n} {name}")
    lines += [f"{n} {name}" for name, n in others.items()]
    return "\n".join(lines) + "\n"


AF_POOL = ["Éjlépő Kajtár", "Jégszem Soyana", "Széki Hunorka", "Botlik Zsófi", "Wugu Wataruru", "Ködlátó Berta",
           "Dobos Tarkó", "Holdfényű Ilona", "Vajákos Imre", "Tündérszárnyú Lilla", "Vadász Keve", "Pálcás Vilmos",
           "búbos manó", "kőkobold", "hóförgeteg", "lángdárda", "Athame", "Hajnalcsillag"]


def af_deck(size: int, fmt: str | None = None) -> str:
    lines = ["game: alomfogo"] + ([f"format: {fmt}"] if fmt else [])
    left = size
    for name in AF_POOL:
        n = min(3, left)
        if n:
            lines.append(f"{n} {name}")
        left -= n
    assert left == 0
    return "\n".join(lines) + "\n"


def kotlik_set(pool, drop: tuple[str, ...] = (), extra: tuple[str, ...] = (), fmt: str = "standard") -> str:
    cards = [c["name"] for c in pool.by_id.values() if c["game"] == "kotlik" and c["name"] not in drop]
    return "game: kotlik\nformat: " + fmt + "\n" + "".join(f"1 {n}\n" for n in cards + list(extra))


# --------------------------------------------------------------------------- the files themselves

def test_bundled_format_files_are_valid_against_the_schema():
    files = sorted((data_dir() / "formats").rglob("*.json"))
    assert len(files) >= 5
    for f in files:
        assert check_format_data(json.loads(f.read_text(encoding="utf-8")), f.name) == [], f


def test_bundled_formats_per_game_one_default_each():
    assert {k for k in bundled_formats()} >= {("obludarium", "standard"), ("alomfogo", "casual"),
                                               ("alomfogo", "tournament"), ("kotlik", "standard")}
    for game in ("obludarium", "alomfogo", "kotlik"):
        assert sum(f.default for f in formats_of(game)) == 1
        assert formats_of(game)[0].default


def test_af_default_profile_is_casual_af_q1():
    assert find_format("alomfogo", None).name == "casual"
    assert find_format("alomfogo", "alomfogo-tournament").name == "tournament"
    assert find_format("alomfogo", "Tournament").name == "tournament"


def test_unknown_format_name_is_a_usage_error():
    with pytest.raises(UsageError) as info:
        find_format("alomfogo", "blitz")
    assert "casual" in info.value.hint and "tournament" in info.value.hint
    with pytest.raises(UsageError):
        check_format_name("blitz")
    assert check_format_name("tournament") == "tournament"


def test_user_format_file_is_validated_with_every_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "alomfogo", "name": "Bad Name", "size": {"min": -1},
                               "copies": {"max": 0}, "colour": "red"}), encoding="utf-8")
    with pytest.raises(ValidationFailed) as info:
        load_format_file(bad)
    text = "\n".join(info.value.problems)
    assert "$.name" in text and "$.size.min" in text and "$.copies.max" in text and "colour" in text


@pytest.mark.parametrize("content, expected", [
    (None, "no such format file"),
    (b"{not json", "invalid JSON"),
    (b"\xff\xfe\x00", "not UTF-8"),
])
def test_unreadable_format_files(tmp_path, content, expected):
    path = tmp_path / "f.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(DataError, match=expected):
        load_format_file(path)


# --------------------------------------------------------------------------- Obludárium

def test_ob_202_minimum_36_cards(pool):
    small = check(ob_deck(12, {"Kubišta": 23}), pool)
    assert codes(small)[0] == ["deck-too-small"]
    assert small.partly_legal and not small.legal
    assert "OB-202" in small.errors[0].message
    assert check(ob_deck(12, {"Kubišta": 24}), pool).legal


def test_ob_204_about_60_recommended_is_only_a_warning(pool):
    report = check(ob_deck(12, {"Kubišta": 24}), pool)
    assert report.legal and codes(report)[1] == ["size-advice"]
    assert "OB-204" in report.warnings[0].message
    assert codes(check(ob_deck(20, {"Kubišta": 40}), pool)) == ([], [])


def test_ob_205_no_maximum(pool):
    assert check(ob_deck(100, {"Kubišta": 200}), pool).legal


def test_ob_206_ob_q3_no_copy_limit(pool):
    report = check(ob_deck(20, {"Kubišta": 40}), pool)
    assert report.legal and "too-many-copies" not in codes(report)[0]


def test_ob_207_ob_q3_food_share_is_a_warning(pool):
    report = check(ob_deck(5, {"Kubišta": 55}), pool)
    assert report.legal
    assert codes(report)[1] == ["food-share"]
    assert "5/60" in report.warnings[0].message and "OB-207" in report.warnings[0].message
    assert codes(check(ob_deck(35, {"Kubišta": 25}), pool))[1] == ["food-share"]


# --------------------------------------------------------------------------- Álomfogó

def test_af_202_casual_minimum_35(pool):
    assert codes(check(af_deck(34), pool))[0] == ["deck-too-small"]
    assert check(af_deck(35), pool).legal
    assert check(af_deck(35), pool).format == "casual"


def test_af_206_tournament_minimum_45(pool):
    report = check(af_deck(44, "tournament"), pool)
    assert codes(report)[0] == ["deck-too-small"] and "AF-206" in report.errors[0].message
    assert check(af_deck(45, "tournament"), pool).legal
    assert not check(af_deck(40), pool, "tournament").legal  # --format overrides the file's format


def test_af_203_at_most_three_copies(pool):
    report = check(af_deck(35).replace("3 Éjlépő Kajtár", "4 Éjlépő Kajtár"), pool)
    assert codes(report)[0] == ["too-many-copies"]
    assert report.errors[0].card == "Éjlépő Kajtár" and report.errors[0].line == 2
    assert not report.partly_legal


def test_af_208_af_q1_copies_counted_by_name_across_lines(pool):
    text = af_deck(35) + "1 af-ejlepo-kajtar\n"
    report = check(text, pool)
    assert codes(report) == (["too-many-copies"], ["duplicate-card"])
    assert "4 copies of Éjlépő Kajtár" in report.errors[0].message


# --------------------------------------------------------------------------- Kotlík

def test_ko_104_to_106_complete_set_is_legal(pool):
    assert check(kotlik_set(pool), pool).legal


def test_ko_104_missing_ingredient_card(pool):
    report = check(kotlik_set(pool, drop=("Mandragora 3",)), pool)
    errors = codes(report)[0]
    # 55 ingredient cards, and Mandragora has 3 (a missing group is caught by the per-ingredient count).
    assert errors.count("composition") == 2 and "deck-too-small" in errors
    messages = " ".join(p.message for p in report.errors)
    assert "ingredient cards: 55, needs exactly 56 (KO-104)" in messages
    assert "3 of Mandragora" in messages


def test_ko_104_each_card_once(pool):
    report = check(kotlik_set(pool, extra=("Mandragora 1",)), pool)
    assert "too-many-copies" in codes(report)[0] and "deck-too-large" in codes(report)[0]


def test_ko_105_ko_116_corner_cards(pool):
    report = check(kotlik_set(pool, drop=("Roh bílého kamene",)), pool)
    messages = [p.message for p in report.errors if p.code == "composition"]
    assert any("corner cards: 3" in m and "KO-105" in m for m in messages)
    assert any("white stone: 0" in m and "KO-116" in m for m in messages)


def test_ko_106_recipe_cards(pool):
    report = check(kotlik_set(pool, drop=("Nápoj lásky",)), pool)
    assert any("recipe cards: 12" in p.message and "KO-106" in p.message for p in report.errors)


def test_ko_311_beginners_play_without_recipes(pool):
    recipes = tuple(c["name"] for c in pool.by_id.values() if c.get("type") == "recipe")
    assert check(kotlik_set(pool, drop=recipes, fmt="beginner"), pool).legal
    assert not check(kotlik_set(pool, drop=recipes), pool).legal


# --------------------------------------------------------------------------- user formats

def house_format(tmp_path, **fields):
    data = {"game": "alomfogo", "name": "house"} | fields
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return load_format_file(path)


def test_af_904_house_format_banned_restricted_types(pool, tmp_path):
    fmt = house_format(tmp_path, banned=["Athame"], restricted={"af-ejlepo-kajtar": 1},
                       types=["dreamwalker", "dream-creature", "instant"])
    report = check(af_deck(54), pool, fmt)
    errs = [(p.code, p.card) for p in report.errors]
    assert ("banned", "Athame") in errs
    assert ("restricted", "Éjlépő Kajtár") in errs
    assert ("type-not-allowed", "Athame") in errs and ("type-not-allowed", "Hajnalcsillag") in errs
    assert ("type-not-allowed", "hóförgeteg") not in errs
    assert report.format == "house"


def test_sets_rarities_pool_and_exceptions(pool, tmp_path):
    fmt = house_format(tmp_path, sets=["alap"], rarities=["bronze"], pool=["Éjlépő Kajtár", "af-athame"],
                       copies={"max": 1, "exceptions": {"Éjlépő Kajtár": 3, "Athame": None}})
    text = "game: af\n3 Éjlépő Kajtár\n3 Athame\n1 Holdfényű Ilona\n2 Jégszem Soyana\n"
    report = check(text, pool, fmt)
    errs = [(p.code, p.card) for p in report.errors]
    assert ("rarity-not-allowed", "Holdfényű Ilona") in errs  # silver
    assert ("not-in-format", "Holdfényű Ilona") in errs and ("not-in-format", "Jégszem Soyana") in errs
    assert ("too-many-copies", "Jégszem Soyana") in errs
    assert not any(c in ("Éjlépő Kajtár", "Athame") for _, c in errs)
    assert not any(code == "set-not-allowed" for code, _ in errs)
    other = house_format(tmp_path, sets=["second"])
    assert {p.code for p in check(text, pool, other).errors} == {"set-not-allowed"}


def test_bundled_example_league_format(pool):
    fmt = load_format_file(data_dir() / "formats" / "examples" / "alomfogo-league-no-events.json")
    report = check((data_dir() / "decks" / "alomfogo-tournament.deck").read_text(encoding="utf-8"), pool, fmt)
    errs = {(p.code, p.card) for p in report.errors}
    assert ("banned", "Álomrengés") in errs and ("type-not-allowed", "Ébredés Ajtaja") in errs


@pytest.mark.parametrize("size, warned", [(49, True), (50, False), (60, False), (70, False), (71, True)])
def test_ob_204_about_60_means_50_to_70(pool, size, warned):
    # A third food keeps the food-share advice quiet, so only the size advice can speak.
    report = check(ob_deck(size // 3, {"Kubišta": size - size // 3}), pool)
    assert report.legal and (codes(report)[1] == ["size-advice"]) is warned
    if warned:
        assert report.warnings[0].hint == "advice only: 50–70 cards give no warning"


@pytest.mark.parametrize("food, warned", [(15, True), (16, False), (24, False), (25, True)])
def test_ob_207_food_share_band_is_a_third_plus_minus_7_percent(pool, food, warned):
    report = check(ob_deck(food, {"Kubišta": 60 - food}), pool)
    assert report.legal and (codes(report)[1] == ["food-share"]) is warned


def test_type_not_allowed_message_reads_well(pool, tmp_path):
    fmt = tmp_path / "f.json"
    fmt.write_text('{"game": "alomfogo", "name": "no-events", "types": ["dreamwalker"]}', encoding="utf-8")
    report = check("game: af\n1 Ébredés Ajtaja\n", pool, load_format_file(fmt))
    assert report.errors[0].message == "Ébredés Ajtaja is of type event, which alomfogo-no-events does not allow"


def test_food_share_hint_names_one_number_when_the_band_is_one_card_wide(pool):
    report = check("game: ob\n2 Chleba\n1 Kubišta\n", pool)
    share = next(p for p in report.warnings if p.code == "food-share")
    assert share.hint == "aim for 1 food"
    assert next(p for p in check(ob_deck(5, {"Kubišta": 55}), pool).warnings
                if p.code == "food-share").hint == "aim for 16–24 food"
