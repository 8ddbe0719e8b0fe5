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
