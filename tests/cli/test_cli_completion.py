"""Shell completion (issue 16 §4): installable, completes commands and options, refuses an unknown shell,
and costs start-up nothing (the completion modules load with Typer whether or not it is offered)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXE = shutil.which("deckkit", path=str(Path(sys.executable).parent)) or shutil.which("deckkit")


def _run(args, env=None, **kw):
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})}, **kw)


@pytest.mark.parametrize("words, cword, expect", [("deckkit se", 1, "search"), ("deckkit deck va", 2, "validate"),
                                                   ("deckkit goldfish --ga", 2, "--games")])
def test_bash_completion_completes_commands_and_options(words, cword, expect):
    proc = _run([], env={"_DECKKIT_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)})
    assert proc.returncode == 0 and expect in proc.stdout.split(), proc


def test_the_completion_script_is_printed_or_installed_for_a_named_shell(tmp_path):
    assert "_DECKKIT_COMPLETE" in _run(["completion", "bash"]).stdout
    proc = _run(["completion", "fish", "--install"], env={"HOME": str(tmp_path)})
    assert proc.returncode == 0, proc
    assert (tmp_path / ".config" / "fish" / "completions" / "deckkit.fish").is_file()
    assert "--install-completion" in _run(["--help"]).stdout


def test_an_unknown_shell_is_a_usage_error_with_a_suggestion(tmp_path):
    proc = _run(["completion", "bsh", "--install"], env={"HOME": str(tmp_path)})
    assert proc.returncode == 2
    assert "no completion for the shell 'bsh'" in proc.stderr and "did you mean bash?" in proc.stderr
    assert not any(tmp_path.iterdir())
