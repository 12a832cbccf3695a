"""Every command and option of the command line is documented in the docs pages (as sqlite-utils checks)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from citecheck.cli._main import main

DOCS = Path(__file__).parents[1] / "docs"


def walk(command: click.Command, path: tuple[str, ...] = ("citecheck",)) -> Iterator[tuple[str, click.Command]]:
    """Every command under ``command``, as ``("citecheck review export", command)``, the group itself first."""
    yield " ".join(path), command
    if isinstance(command, click.Group):
        context = click.Context(command)
        for name in command.list_commands(context):  # a lazy group's commands load here
            sub = command.get_command(context, name)
            assert sub is not None, name
            yield from walk(sub, (*path, name))


def long_options(command: click.Command) -> list[str]:
    """The long names of a command's visible options: a hidden one is a deprecated shim (see CHANGELOG.md)."""
    return [
        name
        for param in command.params
        if isinstance(param, click.Option) and not param.hidden
        for name in (*param.opts, *param.secondary_opts)
        if name.startswith("--")
    ]


COMMANDS = dict(walk(main))
OPTIONS = [(path, option) for path, command in COMMANDS.items() for option in long_options(command)]


def mentions(text: str, words: str) -> bool:
    """Whether ``words`` (a command or an option) is in ``text`` whole: ``--output`` is not in ``--output-dir``."""
    return re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", text) is not None


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    found = {str(page.relative_to(DOCS)): page.read_text(encoding="utf-8") for page in sorted(DOCS.rglob("*.md"))}
    assert found, f"no Markdown pages under {DOCS}"
    return found


def test_the_walk_finds_every_level_of_the_command_line() -> None:
    # Guards the walk itself: a test that found no commands would pass on empty docs.
    assert {"citecheck check", "citecheck match", "citecheck cache import", "citecheck review export"} <= set(COMMANDS)
    assert ("citecheck check", "--fail-on") in OPTIONS
    assert ("citecheck", "--version") in OPTIONS
    assert ("citecheck check", "--json") not in OPTIONS  # gone: --format json is the one spelling


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_is_in_the_docs(pages: dict[str, str], command: str) -> None:
    assert any(mentions(text, command) for text in pages.values()), f"`{command}` is not in any page under docs/"


@pytest.mark.parametrize(("command", "option"), OPTIONS)
def test_every_option_is_in_the_docs_next_to_its_command(pages: dict[str, str], command: str, option: str) -> None:
    # The option must be on a page that names its command, so it is documented where a reader looks.
    naming = [name for name, text in pages.items() if mentions(text, command)]
    assert any(mentions(pages[name], option) for name in naming), (
        f"{option} of `{command}` is on no page that names the command (pages naming it: {', '.join(naming) or 'none'})"
    )


HIDDEN = [
    (path, name)
    for path, command in COMMANDS.items()
    for param in command.params
    if isinstance(param, click.Option) and param.hidden
    for name in param.opts
    if name.startswith("--")
]


def test_no_option_is_hidden() -> None:
    # Nothing was released, so there is no old spelling to keep behind a hidden option: every option
    # is on the help and in the docs.
    assert HIDDEN == []


# The checker itself: it must be able to fail.


@pytest.mark.parametrize(
    ("text", "words", "expected"),
    [
        ("write it with `--output FILE`", "--output", True),
        ("write it with --output-dir", "--output", False),
        ("```\ncitecheck review export results.json\n```", "citecheck review export", True),
        ("`citecheck review exporter`", "citecheck review export", False),
        ("run `mycitecheck check`", "citecheck check", False),
    ],
)
def test_mentions_takes_whole_commands_and_options_only(text: str, words: str, expected: bool) -> None:
    assert mentions(text, words) is expected


def test_the_walk_finds_nested_commands_and_visible_long_options_only() -> None:
    @click.group()
    def tool() -> None: ...

    @tool.group()
    def inner() -> None: ...

    @inner.command()
    @click.option("--shown", "-s", is_flag=True)
    @click.option("--on/--off", default=True)
    @click.option("--old", hidden=True)
    def leaf(shown: bool, on: bool, old: str | None) -> None: ...

    walked = dict(walk(tool, ("tool",)))
    assert list(walked) == ["tool", "tool inner", "tool inner leaf"]
    assert long_options(walked["tool inner leaf"]) == ["--shown", "--on", "--off"]
