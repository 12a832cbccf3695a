"""Parsers registered by format and extension, in a registry or the default one, or by a plugin."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from click.testing import CliRunner

from citecheck import Checker, Document, DocumentError, Section, _plugins
from citecheck.cli import main
from citecheck.errors import ParserRegistryError, PluginError, UnknownFormatError
from citecheck.parsers import (
    FORMATS,
    BytesParser,
    MarkdownParser,
    ParserRegistry,
    PDFParser,
    TextParser,
    _registry,
    default_registry,
    fail,
    parse_file,
    parse_text,
    register_parser,
)

FAQ = (
    "Q: How long is the warranty?\nA: Every widget comes with a two-year warranty.\n\nQ: Returns?\nA: Within 30 days.\n"
)
MARKDOWN = "# 1. Widgets\n\nWidgets are blue.\n"
PLUGIN_HINT = "install the test plugin: pip install -e tests/plugins/citecheck_test_parser (.ci/run does)"


class Recording:
    """A text parser that records what it was given: one section holding the whole text."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def parse(self, text: str) -> Document:
        self.calls.append(text)
        body = text.rstrip()
        return Document(
            text=text, sections=(Section(id="all", title="All", kind="whole", text=body, start=0, end=len(body)),)
        )


class RecordingBytes:
    """A bytes parser that records its arguments: the bytes decoded as one section."""

    def __init__(self) -> None:
        self.calls: list[tuple[bytes, str | None, str | None]] = []

    def parse_bytes(self, data: bytes, *, name: str | None = None, path: str | None = None) -> Document:
        self.calls.append((data, name, path))
        return Recording().parse(data.decode("latin-1"))


@pytest.fixture
def default(monkeypatch: pytest.MonkeyPatch) -> Iterator[ParserRegistry]:
    """The default registry, swapped for a copy so that what a test registers ends with it."""
    registry = default_registry().copy()
    monkeypatch.setattr(_registry, "_default", registry)
    yield registry


def _file(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_the_builtin_registry_holds_every_builtin_format_and_its_extensions() -> None:
    registry = ParserRegistry.builtins()
    assert tuple(registry) == FORMATS
    assert dict(registry.extensions) == {
        ".md": "markdown",
        ".markdown": "markdown",
        ".html": "html",
        ".htm": "html",
        ".xhtml": "html",
        ".pdf": "pdf",
    }
    assert isinstance(registry["pdf"], BytesParser) and not isinstance(registry["pdf"], TextParser)
    assert all(isinstance(registry[format], TextParser) for format in FORMATS if format != "pdf")


@pytest.mark.parametrize(
    ("filename", "expected"),
    [
        ("help.faq", "faq"),
        ("HELP.FAQ", "faq"),
        ("help.faq.gz", "faq-gz"),  # the longest extension registered wins
        ("help.v2.faq", "faq"),
        ("notes.md", "markdown"),
        ("notes.txt", None),  # left to the content
        ("README", None),
    ],
)
def test_format_for_goes_by_the_longest_registered_extension(filename: str, expected: str | None) -> None:
    registry = ParserRegistry.builtins()
    registry.register("faq", Recording(), extensions=(".faq",))
    registry.register("faq-gz", RecordingBytes(), extensions=(".FAQ.gz",))
    assert registry.format_for(Path("/some/dir") / filename) == expected


def test_a_parser_registered_by_extension_is_used_by_parse_file(tmp_path: Path) -> None:
    parser = Recording()
    registry = default_registry().copy()
    registry.register("faq", parser, extensions=(".faq",), replace=True)
    document = parse_file(_file(tmp_path / "help.faq", MARKDOWN), parsers=registry)
    assert parser.calls == [MARKDOWN]  # the extension wins over content that looks like Markdown
    assert document.name == "help.faq"
    assert [s.id for s in document.sections] == ["all"]


def test_a_copy_does_not_leak_into_the_registry_it_came_from(tmp_path: Path) -> None:
    original = default_registry()
    before = (list(original), dict(original.extensions))
    registry = original.copy()
    registry.register("notes", Recording(), extensions=(".notes",))
    registry.register("markdown", Recording(), extensions=(".mdown",), replace=True)
    assert (list(original), dict(original.extensions)) == before
    assert isinstance(original["markdown"], MarkdownParser)
    path = _file(tmp_path / "a.notes", MARKDOWN)
    assert [s.id for s in parse_file(path).sections] != ["all"]  # the default sniffs Markdown
    assert [s.id for s in parse_file(path, parsers=registry).sections] == ["all"]


def test_register_parser_adds_to_the_default_registry(default: ParserRegistry, tmp_path: Path) -> None:
    parser = Recording()
    register_parser("notes", parser, extensions=(".notes",))
    assert default["notes"] is parser
    parse_file(_file(tmp_path / "a.notes", "hello\n"))
    parse_text("hello again\n", parser="notes")
    assert parser.calls == ["hello\n", "hello again\n"]


@pytest.mark.parametrize(
    ("filename", "format", "expected"),
    [
        ("a.faq", None, "faq"),  # the extension
        ("a.faq", "markdown", "markdown"),  # format= first
        ("a.txt", "faq", "faq"),
        ("a.unknown", None, "markdown"),  # no extension registered: the content
    ],
)
def test_format_then_extension_then_content(tmp_path: Path, filename: str, format: str | None, expected: str) -> None:
    parsers = {"faq": Recording(), "markdown": Recording(), "text": Recording()}
    registry = ParserRegistry()
    for name, parser in parsers.items():
        registry.register(name, parser, extensions=(".faq",) if name == "faq" else ())
    parse_file(_file(tmp_path / filename, MARKDOWN), parser=format, parsers=registry)
    assert [name for name, parser in parsers.items() if parser.calls] == [expected]


def test_a_plain_mapping_is_its_formats_with_the_builtin_extensions(tmp_path: Path) -> None:
    markdown = Recording()
    parsers = {"markdown": markdown}
    parse_file(_file(tmp_path / "a.md", "plain words\n"), parsers=parsers)
    assert markdown.calls == ["plain words\n"]
    with pytest.raises(UnknownFormatError, match=r"a\.txt looks like text, but no parser is registered for 'text'"):
        parse_file(_file(tmp_path / "a.txt", "plain words\n"), parsers=parsers)


def test_a_bytes_parser_gets_the_file_bytes_its_name_and_path(tmp_path: Path) -> None:
    parser = RecordingBytes()
    registry = ParserRegistry.builtins()
    registry.register("blob", parser, extensions=(".blob",))
    path = _file(tmp_path / "a.blob", b"\x00\xffraw")  # not text: a text parser would refuse it
    document = parse_file(path, parsers=registry)
    assert parser.calls == [(b"\x00\xffraw", "a.blob", str(path))]
    assert document.name == "a.blob"
    parse_text(b"more", parser="blob", name="inline", parsers=registry)
    assert parser.calls[1] == (b"more", "inline", None)


def test_a_registry_pickles_for_another_process(tmp_path: Path) -> None:
    registry = pickle.loads(pickle.dumps(ParserRegistry.builtins()))
    assert list(registry) == list(FORMATS) and registry.format_for("a.md") == "markdown"
    path = _file(tmp_path / "a.md", MARKDOWN)
    assert parse_file(path, parsers=registry) == parse_file(path, parsers=ParserRegistry.builtins())


def test_a_builtin_parser_is_made_on_first_use_and_shared_by_copies() -> None:
    # The HTML, Markdown and PDF parsers' modules load when a document needs them, not with the registry.
    registry = ParserRegistry.builtins()
    copy = registry.copy()
    assert "html" in registry and "faq" not in registry
    assert all(isinstance(registry._parsers[format], _registry._Deferred) for format in ("markdown", "html", "pdf"))
    parser = copy["html"]
    assert type(parser).__name__ == "HTMLDocumentParser"
    assert registry["html"] is parser and registry.parser("html") is parser and copy.get("html") is parser
    assert registry.describe("html") == "the 'html' parser (HTMLDocumentParser)"
    with pytest.raises(ParserRegistryError, match=r"'markdown' is already registered \(MarkdownParser\)"):
        registry.register("markdown", MarkdownParser())


def test_reading_an_rfc_imports_no_html_markdown_or_pdf_parser(cookbook: Path) -> None:
    # In a fresh interpreter: this one has long imported them.
    code = (
        "import sys\n"
        "from citecheck.parsers import parse_file\n"
        f"parse_file({str(cookbook / 'rfc7519.txt')!r})\n"
        "lazy = ('citecheck.parsers._html', 'citecheck.parsers._pdf', 'html.parser')\n"
        "print(sorted(m for m in lazy if m in sys.modules))\n"
        "from citecheck.parsers import HTMLDocumentParser, PDFParser\n"
        "print(HTMLDocumentParser.__module__, PDFParser.__module__)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == ["[]", "citecheck.parsers._html citecheck.parsers._pdf"]


def test_pdf_parser_is_a_bytes_parser_and_says_what_replaces_parse() -> None:
    parser = PDFParser()
    assert isinstance(parser, BytesParser)
    assert not isinstance(parser, TextParser)
    with pytest.raises(AttributeError, match=r"PDFParser\.parse was removed: .*parse_bytes\(data\)"):
        parser.parse  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        parser.nothing  # type: ignore[attr-defined]  # noqa: B018


# The plugin: tests/plugins/citecheck_test_parser, installed by .ci/run, declares format "qa" for .qa files.


@pytest.fixture
def plugin() -> type:
    try:
        from citecheck_test_parser import QAParser  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        pytest.fail(PLUGIN_HINT)  # never a skip: CI installs it
    return QAParser  # type: ignore[no-any-return]


def test_a_registry_with_a_plugin_pickles_still_naming_its_package(plugin: type) -> None:
    # The label reads the package's name from its metadata when first asked; a copy keeps it.
    registry = ParserRegistry.builtins()
    registry.load_entry_points()
    label = (
        "parser plugin 'qa' (citecheck_test_parser:QAParser in group 'citecheck.parsers', "
        "package citecheck-test-parser)"
    )
    assert pickle.loads(pickle.dumps(registry)).describe("qa") == label
    assert registry.describe("qa") == label


def test_an_installed_plugin_is_in_the_default_registry(plugin: type) -> None:
    registry = default_registry()
    assert isinstance(registry["qa"], plugin)
    assert registry.extensions[".qa"] == "qa"
    assert "qa" not in ParserRegistry.builtins()


def test_parse_file_reads_a_plugin_format_by_its_extension(plugin: type, tmp_path: Path) -> None:
    document = parse_file(_file(tmp_path / "help.qa", FAQ))
    assert document.name == "help.qa"
    assert [(s.id, s.title) for s in document.sections] == [("q1", "How long is the warranty?"), ("q2", "Returns?")]


@pytest.mark.parametrize(
    ("filename", "options"),
    [("help.qa", []), ("help.txt", ["--parser", "qa"])],
    ids=["by extension", "by --parser"],
)
def test_citecheck_match_uses_a_plugin_parser(plugin: type, tmp_path: Path, filename: str, options: list[str]) -> None:
    source = _file(tmp_path / filename, FAQ)
    citations = [
        {"id": "warranty", "claim": "x", "quote": "Every widget comes with a two-year warranty.", "section": "q1"},
        {"id": "refund", "claim": "x", "quote": "Refunds are instant.", "section": "q2"},
    ]
    citations_file = _file(tmp_path / "citations.json", json.dumps(citations))
    result = CliRunner().invoke(main, ["match", str(source), str(citations_file), "--format", "json", *options])
    assert result.exit_code == 1, result.output  # "refund" is fabricated: the default gate
    results = {r["id"]: r for r in json.loads(result.stdout)["results"]}
    assert (results["warranty"]["status"], results["warranty"]["location"]["section"]) == ("found", "q1")
    assert (results["refund"]["status"], results["refund"]["verdict"]) == ("missing", "fabricated")


def test_the_command_line_takes_a_format_registered_in_process(default: ParserRegistry, tmp_path: Path) -> None:
    register_parser("whole", Recording())
    source = _file(tmp_path / "a.txt", "Widgets are blue.\n\nWidgets are round.\n")
    citations = [{"id": "c", "claim": "x", "quote": "Widgets are round.", "section": "all"}]
    citations_file = _file(tmp_path / "c.json", json.dumps(citations))
    args = ["match", str(source), str(citations_file), "--format", "json", "--parser", "whole"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["results"][0]["location"]["section"] == "all"


def test_the_command_line_loads_no_plugin_for_help() -> None:
    code = (
        "from click.testing import CliRunner; from citecheck.cli import main; "
        "from citecheck.parsers import _registry; "
        "assert CliRunner().invoke(main, ['match', '--help']).exit_code == 0; print(_registry._default is None)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert result.stdout.strip() == "True"


# Failure paths.


def test_an_unknown_format_lists_the_registered_ones(tmp_path: Path) -> None:
    registry = ParserRegistry.builtins()
    registry.register("faq", Recording())
    with pytest.raises(
        UnknownFormatError,
        match=r"^unknown format 'docx': use one of rfc, markdown, text, html, pdf, faq, or install a plugin that adds "
        r"it in the citecheck.parsers entry point group$",
    ):
        parse_text(MARKDOWN, parser="docx", parsers=registry)
    missing = tmp_path / "never-read.md"
    with pytest.raises(UnknownFormatError) as caught:
        parse_file(missing, parser="docx", parsers=registry)  # refused before the file is read
    assert (caught.value.format, caught.value.known[-1]) == ("docx", "faq")
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, DocumentError)


def test_the_command_line_refuses_an_unknown_parser_listing_the_known_ones(tmp_path: Path) -> None:
    citations_file = _file(tmp_path / "c.json", "[]")
    result = CliRunner().invoke(
        main, ["match", str(_file(tmp_path / "a.md", MARKDOWN)), str(citations_file), "--parser", "docx"]
    )
    assert result.exit_code == 2
    assert "'docx' is not a format: use one of rfc, markdown, text, html, pdf" in result.output
    assert "install a plugin that adds it in the citecheck.parsers entry point group" in result.output


@pytest.mark.parametrize(
    ("name", "text", "parsed_as"),
    [
        ("policy.sec", "§ 1 Scope\nThis policy covers every widget.\n", None),  # names no format: an error
        ("policy.sec", "# 1. Scope\n\nThis policy covers every widget.\n", "numbered"),  # Markdown, by content
        ("policy", "This policy covers every widget.\n", "paragraph"),  # no extension: plain text
        ("policy.text", "This policy covers every widget.\n", "paragraph"),
    ],
)
def test_an_extension_no_parser_reads_is_never_read_silently_as_plain_text(
    tmp_path: Path, name: str, text: str, parsed_as: str | None
) -> None:
    path = _file(tmp_path / name, text)
    if parsed_as is None:
        with pytest.raises(UnknownFormatError, match=r"policy\.sec: no parser reads '\.sec' files.*citecheck\.parsers"):
            parse_file(path)
        assert parse_file(path, parser="text").sections[0].kind == "paragraph"  # asked for: fine
    else:
        assert parse_file(path).sections[0].kind == parsed_as


def test_the_command_line_names_the_plugin_group_for_an_extension_no_parser_reads(tmp_path: Path) -> None:
    source = _file(tmp_path / "policy.sec", "§ 1 Scope\nThis policy covers every widget.\n")
    result = CliRunner().invoke(main, ["match", str(source), str(_file(tmp_path / "c.json", "[]"))])
    assert result.exit_code == 2
    assert "no parser reads '.sec' files" in result.output and "citecheck.parsers entry point group" in result.output


def test_registering_a_format_twice_needs_replace() -> None:
    registry = ParserRegistry.builtins()
    with pytest.raises(
        ParserRegistryError, match=r"format 'markdown' is already registered \(MarkdownParser\): pass replace=True"
    ):
        registry.register("markdown", Recording())
    replacement = Recording()
    registry.register("markdown", replacement, replace=True)
    assert registry["markdown"] is replacement
    assert registry.format_for("a.md") == "markdown"  # its extensions stay


def test_an_extension_of_another_format_needs_replace() -> None:
    registry = ParserRegistry.builtins()
    with pytest.raises(ParserRegistryError, match=r"extension '\.md' already belongs to format 'markdown'"):
        registry.register("notes", Recording(), extensions=(".MD",))
    assert "notes" not in registry  # nothing half-registered
    registry.register("notes", Recording(), extensions=(".md",), replace=True)
    assert registry.format_for("a.md") == "notes"


@pytest.mark.parametrize(
    ("format", "parser", "extensions", "message"),
    [
        (
            "faq",
            object(),
            (),
            r"cannot register format 'faq': <object object at .*> is not a parser: a parser has a parse\(text\)",
        ),
        ("faq", Recording, (), r"Recording is a parser class, not a parser: register an instance, Recording\(\)"),
        ("faq", "text", (), r"'text' is not a parser"),
        ("", Recording(), (), r"'' is not a format name"),
        ("two words", Recording(), (), r"'two words' is not a format name"),
        ("faq", Recording(), ("faq",), r"'faq' is not a file extension for format 'faq': give it with its dot"),
        ("faq", Recording(), (".f/q",), r"'\.f/q' is not a file extension"),
        ("faq", Recording(), ".faq", r"extensions of 'faq' must be a list of strings, got the string '\.faq'"),
    ],
)
def test_bad_registrations_are_refused(format: str, parser: object, extensions: object, message: str) -> None:
    registry = ParserRegistry.builtins()
    with pytest.raises(ParserRegistryError, match=message):
        registry.register(format, parser, extensions=extensions)  # type: ignore[arg-type]
    assert list(registry) == list(FORMATS)


def test_parsers_must_be_a_mapping_of_parsers(tmp_path: Path) -> None:
    path = _file(tmp_path / "a.md", MARKDOWN)
    with pytest.raises(
        ParserRegistryError, match="parsers= takes a ParserRegistry or a mapping of format to parser, got list"
    ):
        parse_file(path, parsers=[MarkdownParser()])  # type: ignore[arg-type]
    with pytest.raises(ParserRegistryError, match="cannot register format 'markdown': 3 is not a parser"):
        parse_file(path, parsers={"markdown": 3})  # type: ignore[dict-item]


class _Raises:
    def __init__(self) -> None:
        raise RuntimeError("no licence key")

    def parse(self, text: str) -> Document:
        raise AssertionError("never built")


class _Notes(Recording):
    extensions = (".notes", ".NOTE")


def _installed(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    """Make ``name = value`` the one entry point installed in the ``citecheck.parsers`` group."""
    entry = EntryPoint(name=name, value=value, group="citecheck.parsers")
    monkeypatch.setattr(_plugins, "_group", lambda group: [entry] if group == "citecheck.parsers" else [])


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        (
            "bad",
            "builtins:len",
            r"^parser plugin 'bad' \(builtins:len in group 'citecheck\.parsers'\): it does not load a parser: "
            r"<built-in function len> is not a parser",
        ),
        (
            "bad",
            "no_such_module_here:Parser",
            r"^parser plugin 'bad' .* cannot be loaded: ModuleNotFoundError: No module named 'no_such_module_here'",
        ),
        ("bad", f"{__name__}:_Raises", r"_Raises\(\) failed: RuntimeError: no licence key$"),
        ("markdown", f"{__name__}:_Notes", r"_Notes in .*: format 'markdown' is already registered \(MarkdownParser\)"),
        ("md2", "citecheck.parsers:MarkdownParser", r"MarkdownParser in .*: format 'md2' is already registered"),
    ],
)
def test_a_broken_plugin_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str) -> None:
    _installed(monkeypatch, name, value)
    registry = ParserRegistry.builtins()
    registry.register("md2", Recording())  # a format a plugin may not take over
    with pytest.raises(PluginError, match=message):
        registry.load_entry_points()


def test_a_plugin_class_is_built_and_its_extensions_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    _installed(monkeypatch, "notes", f"{__name__}:_Notes")
    registry = ParserRegistry.builtins()
    registry.load_entry_points()
    assert isinstance(registry["notes"], _Notes)
    assert (registry.format_for("a.notes"), registry.format_for("b.note")) == ("notes", "notes")


@pytest.fixture
def broken_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed plugin whose entry point loads no parser, and a default registry not built yet."""
    entry = EntryPoint(name="bad", value="builtins:len", group="citecheck.parsers")
    monkeypatch.setattr(_plugins, "_group", lambda group: [entry])
    monkeypatch.setattr(_registry, "_default", None)


def test_a_broken_plugin_fails_parse_file_naming_it(broken_plugin: None, tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"parser plugin 'bad' \(builtins:len"):
        parse_file(_file(tmp_path / "a.md", MARKDOWN))
    assert _registry._default is None  # a failed load is tried again, never kept half-done


@pytest.mark.parametrize("options", [[], ["--parser", "markdown"]], ids=["by extension", "by --parser"])
def test_a_broken_plugin_is_an_input_error_on_the_command_line(
    broken_plugin: None, tmp_path: Path, options: list[str]
) -> None:
    source, citations = _file(tmp_path / "a.md", MARKDOWN), _file(tmp_path / "c.json", "[]")
    result = CliRunner().invoke(main, ["match", str(source), str(citations), *options])
    assert result.exit_code == 2
    assert "parser plugin 'bad' (builtins:len" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("format", "parser_name"),
    [("pdf", "PDFParser"), ("blob", "RecordingBytes")],
)
def test_a_bytes_parser_given_text_is_a_clear_error(format: str, parser_name: str) -> None:
    registry = ParserRegistry.builtins()
    registry.register("blob", RecordingBytes())
    with pytest.raises(
        DocumentError,
        match=rf"the '{format}' parser \({parser_name}\) reads bytes, not text: give parse_text the document's bytes",
    ):
        parse_text("just some text", parser=format, parsers=registry)


class _NotADocument:
    def parse(self, text: str) -> Document:
        return {"text": text}  # type: ignore[return-value]


def test_a_parser_that_returns_no_document_is_a_clear_error() -> None:
    with pytest.raises(
        DocumentError, match=r"the 'odd' parser \(_NotADocument\) returned a dict, not a Document, for notes"
    ):
        parse_text("x", parser="odd", name="notes", parsers={"odd": _NotADocument()})


def test_a_custom_parser_failing_is_its_document_error(tmp_path: Path) -> None:
    class Refuses:
        def parse(self, text: str) -> Document:
            fail("not a FAQ: no line starts with 'Q:'")

    with pytest.raises(DocumentError, match=r"^not a FAQ"):
        parse_file(_file(tmp_path / "a.faq", "hello\n"), parsers={"faq": Refuses()}, parser="faq")


def test_a_checker_reads_documents_with_its_own_parsers(tmp_path: Path) -> None:
    parser = Recording()
    registry = default_registry().copy()
    registry.register("faq", parser, extensions=(".faq",), replace=True)
    checker = Checker(parsers=registry)
    registry.register("late", Recording(), extensions=(".late",))  # after the checker took its copy
    path = _file(tmp_path / "help.faq", MARKDOWN)
    assert [s.id for s in checker.parse_file(path).sections] == ["all"]
    assert [s.id for s in checker.parse_text(MARKDOWN, parser="faq").sections] == ["all"]
    assert parser.calls == [MARKDOWN, MARKDOWN]
    assert checker.parsers is not None and "late" not in checker.parsers
    assert [s.id for s in Checker().parse_file(path).sections] != ["all"]  # the default registry sniffs Markdown


def test_a_checker_takes_a_plain_mapping_of_parsers(tmp_path: Path) -> None:
    checker = Checker(parsers={"markdown": Recording()})
    assert [s.id for s in checker.parse_file(_file(tmp_path / "a.md", "plain words\n")).sections] == ["all"]
    with pytest.raises(UnknownFormatError, match="pdf"):
        checker.parse_text("x", parser="pdf")
