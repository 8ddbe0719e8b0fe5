"""Scripted solitaire tests: ``*.deckkit.toml`` files that set up a position, play actions and check
the state.

:mod:`deckkit.scripts.reader` reads and validates script files (``file:line`` errors),
:mod:`deckkit.scripts.runner` runs them through the engine core, and :mod:`deckkit.scripts.report`
renders the PASS/FAIL report and the starting scripts of ``deckkit script new``.
"""

from deckkit.scripts.runner import (
    SUFFIX, Failure, Script, ScriptError, ScriptResult, find_scripts, format_result, load_script,
    parse_script, run_file, run_script, template,
)

__all__ = ["SUFFIX", "Failure", "Script", "ScriptError", "ScriptResult", "find_scripts", "format_result",
           "load_script", "parse_script", "run_file", "run_script", "template"]
