"""What every ``citecheck`` command exits with, and the error for input a command cannot start with."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import click

from citecheck._safe_text import printable
from citecheck._sources import same_file_as, special_file_problem

__all__ = [
    "EXIT_GATE",
    "EXIT_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_PASSED",
    "InputError",
    "check_output",
    "epilog",
    "refuse_overwrite",
]

EXIT_PASSED, EXIT_GATE, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


class InputError(click.ClickException):
    """Bad input a command cannot start with: one line on stderr, exit code 2."""

    exit_code = EXIT_INPUT

    def format_message(self) -> str:
        """The message with control characters escaped: ids and names in it come from files anyone writes."""
        return printable(self.message)


def refuse_overwrite(option: str, output: Path, inputs: Iterable[tuple[str, Path | None]]) -> None:
    """Refuse an output path that is one of the command's inputs (through symlinks and hard links).

    Raises:
        InputError: ``output`` is the same file as an input; the message names both.
    """
    for what, path in inputs:
        if path is not None and same_file_as(output, [path]):
            raise InputError(
                f"{option} {output} is {what} {path}: writing there would destroy that input; choose another file"
            )


def check_output(option: str, output: Path, inputs: Iterable[tuple[str, Path | None]]) -> None:
    """Refuse an output path that would overwrite one of the command's inputs, or that cannot be a file.

    Paths are compared as files (through symlinks and hard links, `os.path.samefile`), so
    ``-o citations.json`` and ``-o link-to-citations.json`` are both refused before anything is read.

    Args:
        option: How the output was given, for the message (``--output``).
        output: The output path.
        inputs: Every input the command reads, with what it is (``"the citations file"``); ``None`` when not given.

    Raises:
        InputError: ``output`` is an input, a folder, or in a folder that does not exist.
    """
    refuse_overwrite(option, output, inputs)
    if os.path.isdir(output):
        raise InputError(f"{option} {output}: {special_file_problem(output)}")
    if not output.parent.is_dir():
        if output.parent.exists():
            raise InputError(f"{option} {output}: {output.parent} is not a folder")
        raise InputError(f"{option} {output}: the folder {output.parent} does not exist")


def epilog(*examples: str) -> str:
    """A file command's help epilog: its examples, then the exit codes it can give."""
    lines = "".join(f"  {example}\n" for example in examples)
    bad = "a file that is missing, unreadable or not of its kind; a bad row (named)"
    codes = f"  {EXIT_PASSED}  done\n  {EXIT_INPUT}  {bad}\n"
    return f"\b\nExamples:\n{lines}\n\b\nExit codes:\n{codes}"
