"""`completion --install` (issue 28 item 6): the completion script is written before the start-up file
names it, each write atomic, so a full disk never leaves ~/.bashrc sourcing a script that is not there."""

from __future__ import annotations

import resource
import signal
import subprocess

import pytest

from hostile_helpers import no_traceback


def _limit_files_to(limit: int):
    def _apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return _apply


@pytest.mark.parametrize("shell, rc", [("bash", ".bashrc"), ("zsh", ".zshrc")])
def test_a_full_disk_leaves_the_start_up_file_as_it_was(proc, tmp_path, shell, rc):
    home = tmp_path / "home"
    home.mkdir()
    start = home / rc
    start.write_bytes(b"# mine\n")
    result = proc("completion", shell, "--install", env={"HOME": str(home)}, preexec=_limit_files_to(120))
    no_traceback(result.stderr.decode())
    assert result.returncode == 1 and "cannot write the file" in result.stderr.decode()
    assert start.read_bytes() == b"# mine\n"
    assert sorted(p.name for p in home.rglob("*") if p.is_file()) == [rc]


def test_install_adds_one_guarded_line_keeps_the_rest_and_the_shell_loads_it(proc, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    rc = home / ".bashrc"
    rc.write_bytes(b"# caf\xe9 in Latin-1\nalias ll='ls -l'")  # no final newline, not UTF-8
    for _ in range(2):
        result = proc("completion", "bash", "--install", env={"HOME": str(home)})
        assert result.returncode == 0, result.stderr
    lines = rc.read_bytes().split(b"\n")
    assert lines[:2] == [b"# caf\xe9 in Latin-1", b"alias ll='ls -l'"]
    assert sum(b"deckkit.sh" in line for line in lines) == 1 and lines[2].startswith(b"[ -f ")
    shell = subprocess.run(["bash", "-c", f". {rc}; complete -p deckkit"], capture_output=True, text=True,
                           env={"HOME": str(home), "PATH": "/usr/bin:/bin"}, timeout=30)
    assert "_deckkit_completion" in shell.stdout, shell.stderr
