from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.text import fold


def test_fold_czech_and_hungarian_letters():
    assert fold("Éjlépő Kajtár") == "ejlepo kajtar"
    assert fold("Čarodějnický  kotlík") == "carodejnicky kotlik"
    assert fold("ŘÍZEK űő") == "rizek uo"


def test_version():
    result = CliRunner().invoke(app, ["--version"], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output.startswith("deckkit ")


# ---- deckkit.cli.fastparams: Typer's parameter conversion without pydantic (start-up speed)

import enum  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

class _Colour(str, enum.Enum):
    red = "red"
    green = "green"


def _both(annotation, value, **info):
    """(result or error text) of deckkit's light conversion and of Typer's own, for one value."""
    pytest.importorskip("typer._coercion")  # only Typers that convert through pydantic need the light path
    import typer
    from typer._coercion import build_runtime_param, resolve_type_descriptor

    from deckkit.cli.fastparams import _Fallback, light_converter

    desc = resolve_type_descriptor(annotation, typer.Option(**info))
    out = []
    for runtime in (None, build_runtime_param(desc)):
        try:
            if runtime is None:
                convert = light_converter(annotation, desc.parameter_info)
                assert convert is not None
                try:
                    out.append(("ok", convert(value, None, None)))
                    continue
                except _Fallback:
                    runtime = build_runtime_param(desc)
            out.append(("ok", runtime._coerce_value(value, param=None, ctx=None)))
        except Exception as exc:  # the error Typer reports, compared as text
            out.append(("error", type(exc).__name__, str(exc)))
    return out


_values = st.one_of(st.text(max_size=12), st.sampled_from(["3", "-3", "+3", " 3", "3_0", "٣", "1.5", "1e3", "", "red",
                                                             "RED", "green", "0", "99999999999999999999"]))


@settings(max_examples=150, deadline=None)
@given(_values, st.sampled_from([str, int, float, Path, _Colour, list[str], list[Path], bool]))
def test_light_conversion_gives_typers_own_results_and_errors(value, annotation):
    light, typer_own = _both(annotation, [value] if annotation in (list[str], list[Path]) else value)
    assert repr(light) == repr(typer_own)  # as text: 'nan' converts to a float NaN, which equals nothing


@pytest.mark.parametrize("value", ["-1", "0", "7", "x"])
def test_light_conversion_keeps_typers_range_check(value):
    light, typer_own = _both(int, value, min=0)
    assert light == typer_own


def test_a_search_command_does_not_import_pydantic(tmp_path):
    code = ("import sys; sys.argv = ['deckkit', '--db', sys.argv[1], 'search', 'kajtar', '--limit', '3', '-o', 'json'];"
            "from deckkit.cli import app\n"
            "try:\n    app()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "assert 'pydantic' not in sys.modules, 'pydantic was imported'")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "c.db")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert '"Éjlépő Kajtár"' in proc.stdout


# ---- start-up: what a cold command imports (bench/bench_startup.py times it)

_COMMAND_RUN = ("import sys\nsys.argv = ['deckkit', *sys.argv[1:]]\nfrom deckkit.__main__ import main\n"
                "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
                "print('imported:', *sorted(m for m in sys.modules if m in {WATCHED}))")
_HEAVY = ("deckkit.engine.core", "deckkit.engine.abilities", "regex", "jsonschema", "pydantic")


def _imported_by(*args: str, env: dict | None = None) -> set[str]:
    code = _COMMAND_RUN.replace("{WATCHED}", repr(set(_HEAVY)))
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    return set(proc.stdout.splitlines()[-1].split()[1:])  # the last line, after "imported:"


def test_help_imports_no_rules_engine():
    assert _imported_by("--help") == set()


def test_a_search_imports_no_rules_engine_and_no_regex_module(tmp_path):
    import os

    env = dict(os.environ, DECKKIT_DB=str(tmp_path / "c.db"))
    _imported_by("search", "kajtar", env=env)  # creates the catalogue (that validates cards: heavy)
    assert _imported_by("search", "game:af t:dreamwalker cost<=1", env=env) == set()
    assert "regex" in _imported_by("search", "name:/kajt/", env=env)  # a pattern loads it when it runs


def test_listing_the_games_imports_no_rules_engine():
    code = ("import sys\nfrom deckkit.engine.registry import registered_games\n"
            "assert [g.alias for g in registered_games()] == ['ob', 'af', 'ko']\n"
            "print(sorted(m for m in sys.modules if m.startswith('deckkit.engine.') and m != 'deckkit.engine.registry'"
            " or m == 'random'))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "deckkit.engine.core" not in proc.stdout


def test_command_modules_keep_their_annotations_evaluated():
    """Typer reads each command's signature at every start; string annotations would be evaluated again each time."""
    cli = Path(__file__).resolve().parents[1] / "deckkit" / "cli"
    stringly = [p.name for p in sorted(cli.glob("*.py")) if p.name not in ("common.py", "fastparams.py")
                and "\nfrom __future__ import annotations\n" in p.read_text(encoding="utf-8")]
    assert stringly == []
