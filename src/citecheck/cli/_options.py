"""Options more than one command takes, each declared once, so they read and behave the same everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

__all__ = ["PRESETS", "preset_option"]

F = TypeVar("F", bound=Callable[..., object])

PRESETS = ("default", "cookbook")
"""`citecheck.matcher.PresetName`'s values, written out so a command's ``--help`` imports no matcher
(a test holds the two equal)."""


def preset_option(function: F) -> F:
    """``--preset default|cookbook``: how quotes match, as ``Checker(PRESET)`` in Python."""
    return click.option(
        "--preset",
        type=click.Choice(PRESETS),
        default="default",
        show_default=True,
        help="How quotes match, as Checker(PRESET) in Python: cookbook matches as the cookbook does, "
        "exactly, after folding whitespace and curly quotes.",
    )(function)
