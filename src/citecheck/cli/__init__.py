"""The ``citecheck`` command line. Nothing in the library imports this package."""

from citecheck.cli._main import main

__all__ = ["main"]
