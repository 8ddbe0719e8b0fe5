"""Parameter conversion without pydantic for the plain option types deckkit uses (start-up speed).

The installed Typer converts every non-flag parameter through a pydantic ``TypeAdapter``
(``typer.core._TyperParameter.get_runtime_param`` -> ``typer._coercion.build_runtime_param`` ->
``typer._adapters``, which imports pydantic at module level). No public setting or annotation avoids
it: only file types (``typer.FileText``) and bool flags skip it, and ``parser=`` still builds an
adapter. Importing pydantic and building the adapters costs ~80 ms of every command (more under
load), a third of a cold ``deckkit search``.

:func:`install` gives Typer's parameters a converter that handles the common, unambiguous inputs
of str, bool, int, float, Path, Enum and lists of them itself, and hands everything else (bytes, odd
spellings, out-of-range numbers, bad choices) to Typer's own pydantic path, so results and error
messages stay Typer's. With a Typer that lacks these internals it does nothing.
"""

from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin
from collections.abc import Callable

__all__ = ["install", "light_converter"]

_INT = re.compile(r"-?[0-9]{1,18}")  # what int() and pydantic read alike (no "+", "_", spaces or other digits)
_FLOAT = re.compile(r"-?[0-9]{1,15}(\.[0-9]{1,15})?")


class _Fallback(Exception):
    """The input is not one the light converter is sure about: let Typer's pydantic path decide."""


def _leaf(annotation: Any, info: Any) -> Callable[[Any, Any, Any], Any] | None:
    """A converter ``(value, param, ctx) -> value`` for one plain annotation, or None."""
    if getattr(info, "parser", None) is not None or getattr(info, "clamp", False):
        return None
    if annotation is str:
        def to_str(value: Any, param: Any, ctx: Any) -> str:
            if isinstance(value, str):
                return value
            raise _Fallback

        return to_str
    if annotation is bool:
        def to_bool(value: Any, param: Any, ctx: Any) -> bool:
            if isinstance(value, bool):
                return value
            raise _Fallback  # "yes", "0", … from an environment variable: Typer's rules

        return to_bool
    if annotation is int or annotation is float:
        pattern, kind = (_INT, int) if annotation is int else (_FLOAT, float)
        low, high = getattr(info, "min", None), getattr(info, "max", None)

        def to_number(value: Any, param: Any, ctx: Any) -> Any:
            if type(value) is kind:
                number = value
            elif isinstance(value, str) and pattern.fullmatch(value):
                number = kind(value)
            else:
                raise _Fallback
            if (low is not None and number < low) or (high is not None and number > high):
                raise _Fallback  # Typer words the range error
            return number

        return to_number
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        from typer._param_types import coerce_cli_choice

        choices, case_sensitive = list(annotation), info.case_sensitive

        def to_choice(value: Any, param: Any, ctx: Any) -> Any:
            try:
                return coerce_cli_choice(value, choices=choices, case_sensitive=case_sensitive, ctx=ctx)
            except ValueError:
                raise _Fallback from None

        return to_choice
    if isinstance(annotation, type) and issubclass(annotation, Path) and getattr(info, "path_type", None) is None:
        from typer._param_types import coerce_cli_path

        def to_path(value: Any, param: Any, ctx: Any) -> Any:
            if isinstance(value, str) and value and "\x00" not in value:
                value = annotation(value)  # what pydantic makes of a non-empty str; the checks below are Typer's
            if not isinstance(value, annotation):
                raise _Fallback
            return coerce_cli_path(value, info, path_type=annotation, param=param, ctx=ctx)

        return to_path
    return None


def light_converter(annotation: Any, info: Any) -> Callable[[Any, Any, Any], Any] | None:
    """A converter for ``annotation`` (a plain type or a list of one), or None where Typer's own is needed.

    The converter raises :class:`_Fallback` for any input it is not certain about.
    """
    if get_origin(annotation) is list:
        args = get_args(annotation)
        item = _leaf(args[0], info) if len(args) == 1 else None
        if item is None:
            return None

        def to_list(value: Any, param: Any, ctx: Any) -> list:
            values = value if isinstance(value, (list, tuple)) else [value]
            return [item(v, param, ctx) for v in values]

        return to_list
    return _leaf(annotation, info)


def install() -> None:
    """Route Typer's parameter conversion through :func:`light_converter` first (no-op for other Typers)."""
    try:
        from dataclasses import dataclass

        from typer._coercion import RuntimeParam, build_runtime_param
        from typer.core import _TyperParameter
    except ImportError:  # a Typer without pydantic conversion: nothing to speed up
        return
    if getattr(_TyperParameter.get_runtime_param, "_deckkit_light", False) or \
            not hasattr(RuntimeParam, "_coerce_value"):
        return

    @dataclass(frozen=True)
    class _LightRuntimeParam(RuntimeParam):
        convert: Any = None
        descriptor: Any = None

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return self.convert(value, param, ctx)
            except _Fallback:
                return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)

    def get_runtime_param(self: Any) -> Any:
        if self._runtime_param is None:
            desc = self.type_descriptor
            convert = None if desc.file_annotation is not None else light_converter(desc.annotation,
                                                                                    desc.parameter_info)
            if convert is None:
                self._runtime_param = build_runtime_param(desc)
            else:
                self._runtime_param = _LightRuntimeParam(parameter_info=desc.parameter_info,
                                                         annotation=desc.annotation, convert=convert,
                                                         descriptor=desc)
        return self._runtime_param

    get_runtime_param._deckkit_light = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]  # the patch itself
