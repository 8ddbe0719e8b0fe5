"""CLI command: ``completion SHELL`` (print or install the shell completion script).

The root options ``--install-completion`` / ``--show-completion`` (Typer's) detect the shell; this
command names it, which is what a dotfile or a package's install script wants.
"""

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
        done, path = shared.install(shell=name, prog_name=PROG, complete_var=COMPLETE_VAR)
        typer.echo(f"{done} completion installed in {path}; it takes effect in a new shell")
        return
    typer.echo(shared.get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=name))


def register(app: typer.Typer) -> None:
    """Add ``completion`` to the app."""
    app.command("completion")(completion)
