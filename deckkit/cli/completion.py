"""CLI command: ``completion SHELL`` (print or install the shell completion script).

The root options ``--install-completion`` / ``--show-completion`` (Typer's) detect the shell; this
command names it, which is what a dotfile or a package's install script wants.

``--install`` writes the completion script first and only then adds one line to the shell's start-up
file, each write atomic (a temporary file renamed over the old one): a full disk leaves
``~/.bashrc`` as it was and never sourcing a script that is not there, and the line itself checks
that the script exists.
"""

import shlex
from pathlib import Path
from typing import Annotated

import typer

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
PROG = "deckkit"
COMPLETE_VAR = "_DECKKIT_COMPLETE"


def completion(
    shell: Annotated[str, typer.Argument(help="bash, zsh, fish, powershell or pwsh.", show_default=False)],
    install: Annotated[bool, typer.Option("--install", help="Install it for this user instead of printing it.")]
    = False,
) -> None:
    """Print (or install) the completion script for a shell: commands, options and their values.

    \b
    Examples:
      deckkit completion bash > ~/.local/share/bash-completion/completions/deckkit
      deckkit completion zsh --install
    """
    from deckkit.errors import UsageError

    name = shell.strip().lower()
    if name not in SHELLS:
        import difflib

        close = difflib.get_close_matches(name, SHELLS, n=1)
        raise UsageError(f"no completion for the shell {shell!r}",
                         hint=(f"did you mean {close[0]}? " if close else "") + "shells: " + ", ".join(SHELLS))
    from typer import _completion_shared as shared

    if install:
        script = shared.get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=name)
        if name in _INSTALLERS:
            path = _INSTALLERS[name](script)
        else:  # PowerShell: its profile's place is asked from PowerShell itself
            name, path = shared.install(shell=name, prog_name=PROG, complete_var=COMPLETE_VAR)
        typer.echo(f"{name} completion installed in {path}; it takes effect in a new shell")
        return
    typer.echo(shared.get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=name))


def _add_line(rc: Path, line: str, present: tuple[str, ...]) -> None:
    """Add ``line`` to the start-up file ``rc`` unless it (or one of ``present``) is there already.

    Bytes in, bytes out: the rest of the file stays exactly as it was, whatever its encoding.
    """
    from deckkit.fileio import read_bytes, write_bytes

    data = read_bytes(rc, what="shell start-up file") if rc.exists() else b""
    if any(p.encode() in data for p in (line, *present)):
        return
    write_bytes(rc, data + (b"" if not data or data.endswith(b"\n") else b"\n") + line.encode() + b"\n")


def _write_script(path: Path, script: str) -> Path:
    from deckkit.fileio import write_error, write_text

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_error(path.parent, exc) from None
    write_text(path, script if script.endswith("\n") else script + "\n")
    return path


def _install_bash(script: str) -> Path:
    path = _write_script(Path.home() / ".bash_completions" / f"{PROG}.sh", script)
    quoted = shlex.quote(str(path))
    _add_line(Path.home() / ".bashrc", f"[ -f {quoted} ] && . {quoted}", (f"source '{path}'",))
    return path


def _install_zsh(script: str) -> Path:
    path = _write_script(Path.home() / ".zfunc" / f"_{PROG}", script)
    _add_line(Path.home() / ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit", ())
    return path


def _install_fish(script: str) -> Path:
    return _write_script(Path.home() / ".config" / "fish" / "completions" / f"{PROG}.fish", script)


_INSTALLERS = {"bash": _install_bash, "zsh": _install_zsh, "fish": _install_fish}


def register(app: typer.Typer) -> None:
    """Add ``completion`` to the app."""
    app.command("completion")(completion)
