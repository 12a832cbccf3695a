"""What every ``citecheck`` command exits with, and the error for input a command cannot start with."""

from __future__ import annotations

import click

__all__ = ["EXIT_GATE", "EXIT_INPUT", "EXIT_INTERRUPTED", "EXIT_PASSED", "InputError", "epilog"]

EXIT_PASSED, EXIT_GATE, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


class InputError(click.ClickException):
    """Bad input a command cannot start with: one line on stderr, exit code 2."""

    exit_code = EXIT_INPUT


def epilog(*examples: str) -> str:
    """A file command's help epilog: its examples, then the exit codes it can give."""
    lines = "".join(f"  {example}\n" for example in examples)
    bad = "a file that is missing, unreadable or not of its kind; a bad row (named)"
    codes = f"  {EXIT_PASSED}  done\n  {EXIT_INPUT}  {bad}\n"
    return f"\b\nExamples:\n{lines}\n\b\nExit codes:\n{codes}"
