"""``citecheck cache``: move answers between the JSON, SQLite and PostgreSQL caches."""

from __future__ import annotations

from pathlib import Path

import click

from citecheck.cli._errors import InputError, epilog
from citecheck.errors import CitecheckError
from citecheck.judge import copy_cache, is_database_url, redact_url

__all__ = ["cache"]


@click.group()
def cache() -> None:
    """Import answers into a cache, or export them from one (JSON or SQLite by extension, or postgresql://...)."""


def _location(value: str) -> str | Path:
    return value if is_database_url(value) else Path(value)


def _copy(source: str, target: str, verb: str) -> None:
    try:
        added = copy_cache(_location(source), _location(target))
    except CitecheckError as error:
        raise InputError(str(error)) from None
    click.echo(f"{added} answers {verb} ({redact_url(source)} -> {redact_url(target)})")


@cache.command("import", epilog=epilog("citecheck cache import answers.sqlite json_cache.json"))
@click.argument("cache_file", metavar="CACHE")
@click.argument("source")
def import_(cache_file: str, source: str) -> None:
    """Add every answer of SOURCE to CACHE (created when missing); CACHE keeps its own answers.

    A file ending in .sqlite, .sqlite3 or .db is a SQLite cache; a postgresql:// URL is a table
    shared by many workers (the first answer stored for a question stays); any other is cooksafe's JSON.
    """
    _copy(source, cache_file, "imported")


@cache.command("export", epilog=epilog("citecheck cache export answers.sqlite answers.json"))
@click.argument("cache_file", metavar="CACHE")
@click.argument("target")
def export(cache_file: str, target: str) -> None:
    """Write every answer of CACHE into TARGET (created when missing), in TARGET's format."""
    _copy(cache_file, target, "exported")
