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
    assert light == typer_own


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
