"""The README shows real commands with their real output: run them and compare."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.catalogue import open_catalogue
from deckkit.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _console_blocks() -> list[list[tuple[str, str]]]:
    """The README's ```console blocks, each a list of (command, expected output) pairs in order."""
    blocks = []
    for block in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        pairs: list[tuple[str, str]] = []
        command, lines = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    pairs.append((command, "\n".join(lines)))
                command, lines = line[2:], []
            else:
                lines.append(line)
        if command:
            pairs.append((command, "\n".join(lines)))
        blocks.append(pairs)
    return blocks


def _without_timings(text: str) -> str:
    # Throughput lines depend on the machine; everything else must match exactly.
    return "\n".join(line for line in text.splitlines() if "games/s" not in line).rstrip()


@pytest.fixture()
def in_repo(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("DECKKIT_DB", str(tmp_path / "catalogue.db"))
    open_catalogue(tmp_path / "catalogue.db").close()  # the examples show a catalogue in use, not its first use


@pytest.mark.parametrize("block", _console_blocks(), ids=lambda block: block[0][0][:60])
def test_readme_console_block_prints_what_the_readme_shows(in_repo, block):
    """A block's commands run in order on one catalogue, as a reader types them: an import is seen by
    the commands after it."""
    for command, expected in block:
        args = shlex.split(command)
        assert args[0] == "deckkit"
        if "*" in command:  # the shell would expand the glob
            args = [a for arg in args
                    for a in (sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(arg)) if "*" in arg else [arg])]
        result = CliRunner().invoke(app, args[1:], catch_exceptions=False)
        shown = result.stdout + result.stderr  # stdout first, then the stderr summary or error
        assert _without_timings(shown) == _without_timings(expected), command


def test_readme_python_example_runs(in_repo, capsys):
    (code,) = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    exec(compile(code, "README.md", "exec"), {})
    probability = float(capsys.readouterr().out.split()[0])
    assert 0.9 < probability < 1.0


def test_readme_opens_with_the_two_setup_commands():
    first_block = re.search(r"```bash\n(.*?)```", README, flags=re.S).group(1).splitlines()
    assert first_block[0].startswith("pip install . && deckkit ")
    assert first_block[1] == "pip install '.[test]' && python -m pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert first_block[1] in ci
