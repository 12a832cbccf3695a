"""Third probe of issue 27 and issue 24's checks, written from the issues' text, through public surfaces only.

Each case is what a hidden reproducer written from the issue would try: the `citecheck` command (in a
subprocess where the process itself matters: exit codes, imports, plugins) or the public Python API.
A case that failed before its fix says so; the others are guards of what held.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from citecheck import Document
from citecheck.distributed import Documents, acheck_rows, check_rows, result_schema
from citecheck.testing import StaticJudge

QUOTE = "Orders ship within two business days."
TEXT = QUOTE + " Returns are accepted for thirty days after delivery.\n"
GOOD = {"document": "doc", "id": "good", "claim": "Orders ship in two days.", "quote": QUOTE, "section": None}


# --- check_rows: one bad row costs only itself, in every batch path --------------------------------


def _local(rows: list[Any], documents: Any) -> list[dict[str, Any]]:
    return check_rows(rows, documents=documents, judge=StaticJudge(default=("supports", 0.9)))


def _async(rows: list[Any], documents: Any) -> list[dict[str, Any]]:
    return asyncio.run(acheck_rows(rows, documents=documents, judge=StaticJudge(default=("supports", 0.9))))


def _own_loop(rows: list[Any], documents: Any) -> list[dict[str, Any]]:
    loop = asyncio.new_event_loop()  # a long-lived worker's loop, kept between partitions
    try:
        judge = StaticJudge(default=("supports", 0.9))
        first = check_rows(rows, documents=Documents(documents), judge=judge, loop=loop)
        assert check_rows(rows, documents=Documents(documents), judge=judge, loop=loop) == first
        return first
    finally:
        loop.close()


PATHS: dict[str, Callable[[list[Any], Any], list[dict[str, Any]]]] = {
    "check_rows": _local,
    "acheck_rows": _async,
    "check_rows on a worker's loop and Documents": _own_loop,
}

SURROGATE = "InvalidCitationError", "lone surrogate"
BAD_ROWS = [
    pytest.param(None, "InvalidCitationError", "a row is a mapping", id="None"),
    pytest.param({**GOOD, "id": "bad", "claim": "ships \ud800 fast"}, *SURROGATE, id="claim"),
    pytest.param({**GOOD, "id": "bad", "quote": "Orders \udc80"}, *SURROGATE, id="quote"),
    pytest.param({**GOOD, "id": "bad\ud800"}, *SURROGATE, id="id"),
    # failed before: the row's result went out with the raw name or id, which Arrow cannot write
    # (Ray's blocks, Parquet): the whole batch was lost.
    pytest.param({**GOOD, "id": "bad", "document": "doc\ud800"}, *SURROGATE, id="document"),
    pytest.param({**GOOD, "id": "bad", "row_id": "r\ud800"}, *SURROGATE, id="row id"),
    pytest.param(["doc", "bad"], "InvalidCitationError", "a row is a mapping", id="a list"),
    pytest.param({**GOOD, "id": "bad", "document": None}, "DocumentError", "no 'document'", id="no document"),
]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "secret.txt").write_text("The secret is 1234.\n", encoding="utf-8")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    (folder / "doc-link.txt").symlink_to(tmp_path / "secret.txt")
    return folder


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize(("bad", "error", "says"), BAD_ROWS)
@pytest.mark.parametrize("loader", ["template", "callable"])
def test_a_bad_row_costs_only_itself_and_its_row_can_be_written_to_arrow(
    corpus: Path, path: str, bad: Any, error: str, says: str, loader: str
) -> None:
    import pyarrow as pa

    documents: Any = str(corpus / "{document}.txt")
    if loader == "callable":
        documents = {"doc": Document.from_sections({"1": TEXT}, name="doc")}.__getitem__
    out = PATHS[path]([GOOD, bad, {**GOOD, "id": "good again"}], documents)
    assert [row["kind"] for row in out] == ["result", "failure", "result"], out
    assert out[1]["error"] == error and says in out[1]["message"], out[1]
    assert [row["verdict"] for row in (out[0], out[2])] == ["verified", "verified"]
    pa.Table.from_pylist(out, schema=result_schema())  # what a Ray worker returns, and Parquet holds
    json.dumps(out, ensure_ascii=False).encode("utf-8")


CONFINED = [
    pytest.param("../secret", id="dot-dot"),
    pytest.param("sub/../../secret", id="dot-dot inside"),
    pytest.param("link", id="symlink out"),
    pytest.param("{root}/secret", id="absolute"),
    pytest.param("/../secret", id="leading slash"),
    # failed before on a Windows-style name: not refused as leading outside, only "cannot read" by luck
    pytest.param("..\\secret", id="backslash dot-dot"),
    pytest.param("sub\\..\\..\\secret", id="backslash dot-dot inside"),
    pytest.param("C:\\secret", id="drive"),
    pytest.param("\\\\host\\share\\secret", id="UNC"),
    pytest.param("doc\0../../secret", id="NUL"),
    pytest.param("..", id="parent itself"),
]


@pytest.mark.parametrize("name", CONFINED)
@pytest.mark.parametrize("template", ["{folder}/{{document}}.txt", "{folder}/doc-{{document}}.txt"])
def test_a_template_never_reads_outside_its_folder(corpus: Path, name: str, template: str) -> None:
    (corpus / "doc-doc.txt").write_text(TEXT, encoding="utf-8")
    hostile = name.format(root=corpus.parent)
    out = _local([GOOD, {**GOOD, "id": "bad", "document": hostile}], template.format(folder=corpus))
    assert [row["kind"] for row in out] == ["result", "failure"], out
    assert out[1]["error"] == "DocumentError"
    assert "outside the template's folder" in out[1]["message"] or "NUL" in out[1]["message"]
    assert "1234" not in json.dumps(out)


# --- deep Markdown: no text lost, over a normal paragraph -------------------------------------------


def _nested(marker: str, depth: int) -> str:
    if marker == "indented -":  # one list in another, each item's text at its own level
        return "".join("  " * level + f"- word{level} here\n" for level in range(depth))
    if marker == "> per line":  # each line one quote level deeper than the last
        return "".join("> " * (level + 1) + f"word{level} here\n" for level in range(depth))
    return "".join(
        marker * depth + f"word{line} **bold** `code` [a link](https://e.example) here\n" for line in range(3)
    )


@pytest.mark.parametrize("depth", [20, 21, 1000, 100_000])
@pytest.mark.parametrize("marker", ["> ", "- ", "> - ", "- > ", "1. ", ">", "* > 1) ", "indented -", "> per line"])
@pytest.mark.parametrize("gap", ["\n\n", "\n"], ids=["blank line", "lazy"])
def test_deeply_nested_markdown_loses_no_text(marker: str, depth: int, gap: str) -> None:
    from citecheck import match_citations
    from citecheck.parsers import parse_text

    if marker in ("indented -", "> per line") and depth > 1000:
        depth = 1000  # each line deeper than the last: 100k lines would be 10^10 characters
    text = "A normal paragraph comes first." + gap + _nested(marker, depth) + "\nAnd a last paragraph.\n"
    document = parse_text(text, parser="markdown")
    per_level = marker in ("indented -", "> per line")
    lines = depth if per_level else 3
    shown = "word{n} here" if per_level else "word{n} bold code a link here"
    quotes = [shown.format(n=n) for n in range(0, lines, max(1, lines // 20))]
    quotes += ["A normal paragraph comes first.", "And a last paragraph."]
    citations = [{"id": f"q{n}", "claim": "c", "quote": quote, "section": None} for n, quote in enumerate(quotes)]
    assert [r.location.status for r in match_citations(document, citations)] == ["found"] * len(quotes)


def test_a_hundred_thousand_nested_markers_through_the_command_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    source = tmp_path / "deep.md"
    source.write_text("A normal paragraph.\n\n" + "> " * 100_000 + "The deepest words are kept.\n", encoding="utf-8")
    citations = tmp_path / "c.json"
    citations.write_text(
        json.dumps([{"id": "c1", "claim": "c", "quote": "The deepest words are kept.", "section": None}])
    )
    run = subprocess.run(
        [sys.executable, "-m", "citecheck", "match", str(source), str(citations), "--format", "json"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["results"][0]["location"]["status"] == "found"


# --- hostile document titles in --format markdown and annotations ------------------------------------

TITLES = [
    "[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
    "http://[x",
    "http://u:pw2secret@[x",
    "https://user:pw2secret@shop.example/x?token=pw2secret",
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "![i](https://e.example/p.png)",
    "x\n\n# injected\n\n[y](javascript:z)",
    "[x]: javascript:alert(1)",
    "a | b | c",
    "`code` **b** <https://evil.example>",
    "http://e.example/a)b](javascript:c)",
    "[x](<javascript:a>)",
    "<!-- open comment",
]


def _route(route: str, title: str, tmp_path: Path) -> list[str]:
    """The command line arguments of a --from run whose two documents carry ``title`` along ``route``."""
    other = "Nothing about shipping is said here.\n"
    cited = [
        {"type": "char_location", "cited_text": QUOTE, "document_index": 0, "document_title": title,
         "start_char_index": 0, "end_char_index": len(QUOTE)},
        {"type": "char_location", "cited_text": "A quote from nowhere at all.", "document_index": 1,
         "document_title": title + " 2", "start_char_index": 0, "end_char_index": 5},
    ]  # fmt: skip
    if route == "web search":
        cited = [
            {"type": "web_search_result_location", "cited_text": QUOTE, "url": "https://shop.example/a", "title": title}
        ]
    response = tmp_path / "response.json"
    response.write_text(json.dumps({"content": [{"type": "text", "text": "Ships.", "citations": cited}]}))
    if route == "request":

        def sent(text: str, name: str) -> dict[str, Any]:
            source = {"type": "text", "media_type": "text/plain", "data": text}
            return {"type": "document", "source": source, "title": name, "citations": {"enabled": True}}

        request = tmp_path / "request.json"
        content = [sent(TEXT, title), sent(other, title + " 2")]
        request.write_text(json.dumps({"messages": [{"role": "user", "content": content}]}))
        return ["--request", str(request)]
    (tmp_path / "a.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "b.txt").write_text(other, encoding="utf-8")
    if route == "web search":
        return [f"https://shop.example/a={tmp_path / 'a.txt'}"]
    return [str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("route", ["request", "response", "web search"])
@pytest.mark.parametrize("output_format", ["markdown", "annotations"])
def test_hostile_titles_make_no_markup_no_bad_iri_and_show_no_secret(
    tmp_path: Path, title: str, route: str, output_format: str
) -> None:
    from click.testing import CliRunner
    from markdown_it import MarkdownIt

    from citecheck.cli._main import main

    args = ["match", "--from", "anthropic", str(tmp_path / "response.json"), *_route(route, title, tmp_path)]
    result = CliRunner().invoke(main, [*args, "--format", output_format])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "pw2secret" not in result.output
    if output_format == "markdown":
        html = MarkdownIt("commonmark", {"html": True}).enable("table").render(result.output)
        for live in ("<a ", "<img", "<script", "<h1", "<strong", "<code", "<!--"):
            assert live not in html, (live, html)
        return
    page = json.loads(result.output)
    for item in page["first"]["items"]:
        source = item["target"]["source"]
        assert source.startswith(("urn:citecheck:document:", "https://", "http://")), source
        assert " " not in source and "<" not in source and "[" not in source.split("//", 1)[-1].split("/")[0], source


@pytest.mark.parametrize("output_format", ["table", "json", "jsonl", "markdown", "csv", "junit", "html", "annotations"])
def test_chunk_titles_and_urls_with_passwords_are_masked_in_every_format(tmp_path: Path, output_format: str) -> None:
    # failed before in json: the citation's "source" (the chunk's name, its title) carried the password.
    from click.testing import CliRunner

    from citecheck.cli._main import main

    chunks = [
        {"id": 1, "title": "https://u:pw2secret@x.example/a?token=pw2secret", "url": "https://u:pw2secret@x.example/b",
         "text": QUOTE},
        {"id": 2, "title": "http://u:pw2secret@[x", "text": "Nothing here."},
    ]  # fmt: skip
    response = tmp_path / "numbered.json"
    response.write_text(json.dumps({"answer": "Orders ship fast [1]. Other [2].", "chunks": chunks}))
    result = CliRunner().invoke(main, ["match", "--from", "numbered", str(response), "--format", output_format])
    assert result.exit_code in (0, 1), result.output
    assert "pw2secret" not in result.output


# --- plugins that fail, installed as a third party's would be (a dist-info on the path) --------------


def _install(root: Path, code: str, group: str, name: str, value: str) -> None:
    """A package ``plug`` of one module, with its entry point, importable from ``root``."""
    import textwrap

    (root / "plug.py").write_text(textwrap.dedent(code), encoding="utf-8")
    info = root / "citecheck_probe_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: citecheck-probe-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{group}]\n{name} = {value}\n")


def _citecheck(root: Path, *args: str) -> Any:
    import os
    import subprocess
    import sys

    path = os.pathsep.join(part for part in (str(root), os.environ.get("PYTHONPATH", "")) if part)
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run(
        [sys.executable, "-m", "citecheck", *args], capture_output=True, text=True, env=env, cwd=root, timeout=120,
        check=False,
    )  # fmt: skip


_TIER = """
    class T:
        name = "boom"
        cookbook = False
        single_section = False
        def find(self, prepared, index):
            {body}
"""
_PARSER = """
    class P:
        extensions = (".boom",)
        def parse(self, text):
            {body}
"""
_LABEL = "plugin 'boom' (plug:{attr} in group 'citecheck.{group}', package citecheck-probe-plugin)"

PLUGIN_FAILURES = [
    # (module code, group, attribute, file, extra arguments, exit code, what the one line says)
    pytest.param(
        _PARSER.format(body="raise ZeroDivisionError('broke')"),
        "parsers",
        "P",
        "a.boom",
        [],
        2,
        "parser " + _LABEL + ": parse() raised ZeroDivisionError: broke",
        id="parse raises",
    ),
    pytest.param(
        _PARSER.format(body="raise ValueError('broke')"),
        "parsers",
        "P",
        "a.txt",
        ["--parser", "boom"],
        2,
        "parse() raised ValueError: broke",
        id="parse raises, --parser",
    ),
    pytest.param(
        _PARSER.format(body="raise SystemExit(7)"),
        "parsers",
        "P",
        "a.boom",
        [],
        2,
        "parse() called sys.exit(7)",
        id="parse exits",
    ),  # before: "raised it called sys.exit(7)"
    pytest.param(
        _PARSER.format(body="return 'text'"),
        "parsers",
        "P",
        "a.boom",
        [],
        2,
        "returned a str, not a Document",
        id="parse returns a str",
    ),
    pytest.param(
        "import sys\nsys.exit(7)\n",
        "parsers",
        "P",
        "a.txt",
        [],
        2,
        "parser " + _LABEL + " cannot be loaded: it called sys.exit(7)",
        id="parser exits at import",
    ),
    pytest.param(
        "import sys\nsys.exit(0)\n",
        "parsers",
        "P",
        "a.txt",
        [],
        2,
        "cannot be loaded: it called sys.exit(0)",
        id="parser exits 0 at import",
    ),
    pytest.param(
        "import sys\nsys.exit(7)\n",
        "tiers",
        "T",
        "a.txt",
        ["--tier", "boom"],
        2,
        "tier " + _LABEL + " cannot be loaded: it called sys.exit(7)",
        id="tier exits at import",
    ),
    pytest.param(
        "import sys\nsys.exit(7)\n",
        "judges",
        "J",
        "a.txt",
        ["--judge", "boom"],
        2,
        "judge " + _LABEL + " cannot be loaded: it called sys.exit(7)",
        id="judge exits at import",
    ),
]
for _returned, _type in [("'hits'", "str"), ("None", "NoneType"), ("5", "int"), ("{'a': 1}", "dict"),
                         ("iter([])", "list_iterator"), ("['x']", "list")]:  # fmt: skip
    PLUGIN_FAILURES.append(
        pytest.param(_TIER.format(body=f"return {_returned}"), "tiers", "T", "a.txt", ["--tier", "boom"], 1,
                     f"tier 'boom': find() returned a {_type}, not a sequence of TierHit", id=f"find returns {_type}")
    )  # fmt: skip
PLUGIN_FAILURES += [
    pytest.param(
        _TIER.format(body="raise RuntimeError('tier broke')"),
        "tiers",
        "T",
        "a.txt",
        ["--tier", "boom"],
        1,
        "tier 'boom': find() raised RuntimeError: tier broke",
        id="find raises",
    ),
    pytest.param(
        _TIER.format(body="raise SystemExit(7)"),
        "tiers",
        "T",
        "a.txt",
        ["--tier", "boom"],
        1,
        "tier 'boom': find() called sys.exit(7)",
        id="find exits",
    ),
]


@pytest.mark.parametrize(("code", "group", "attr", "file", "extra", "code_", "says"), PLUGIN_FAILURES)
def test_a_failing_plugin_is_one_line_naming_it_and_the_rest_of_the_command_works(
    tmp_path: Path, code: str, group: str, attr: str, file: str, extra: list[str], code_: int, says: str
) -> None:
    _install(tmp_path, code, f"citecheck.{group}", "boom", f"plug:{attr}")
    (tmp_path / file).write_text("An intro line.\n\n" + QUOTE + "\n", encoding="utf-8")
    citations = [{"id": "c1", "claim": "c", "quote": "Nowhere are these words to be found", "section": None}]
    (tmp_path / "c.json").write_text(json.dumps(citations), encoding="utf-8")
    command = "check" if group == "judges" else "match"
    run = _citecheck(tmp_path, command, file, "c.json", *extra)
    assert run.returncode == code_, (run.stdout, run.stderr)
    assert says.format(attr=attr, group=group) in run.stdout + run.stderr, (run.stdout, run.stderr)
    assert "Traceback" not in run.stderr
    assert _citecheck(tmp_path, "--version").returncode == 0
    assert _citecheck(tmp_path, "--help").returncode == 0


# --- the same file given twice on the command line ------------------------------------------------


@pytest.mark.parametrize("again", ["doc.txt", "./doc.txt", "sub/../doc.txt", "{root}/doc.txt", "hard.txt", "link.txt"])
@pytest.mark.parametrize("provider", [None, "anthropic"])
@pytest.mark.parametrize("command", ["match", "check"])
def test_a_file_given_twice_is_one_document_and_no_citation_is_ambiguous(
    tmp_path: Path, again: str, provider: str | None, command: str
) -> None:
    # failed before with --from: "several documents are named 'doc.txt'" for every citation (exit 1),
    # and by another spelling (sub/../doc.txt) the citations naming it were ambiguous; without
    # --from, a citation naming the hard link was flagged as naming a document not given.
    (tmp_path / "doc.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "hard.txt").hardlink_to(tmp_path / "doc.txt")
    (tmp_path / "link.txt").symlink_to(tmp_path / "doc.txt")
    second = again.format(root=tmp_path)
    if provider is None:
        named = [None, "doc.txt", Path(second).name]
        citations = [{"id": f"c{n}", "claim": "Ships in two days.", "quote": QUOTE, "section": None, "document": name}
                     for n, name in enumerate(named)]  # fmt: skip
        (tmp_path / "c.json").write_text(json.dumps(citations), encoding="utf-8")
        args = [command, "doc.txt", second, "c.json"]
    else:
        cited = [
            {"type": "char_location", "cited_text": QUOTE, "document_index": index, "start_char_index": 0,
             "end_char_index": len(QUOTE)}
            for index in (0, 1)
        ]  # fmt: skip
        response = {"content": [{"type": "text", "text": "Ships in two days.", "citations": cited}]}
        (tmp_path / "r.json").write_text(json.dumps(response), encoding="utf-8")
        args = [command, "--from", provider, "r.json", "doc.txt", second]
    if command == "check":  # no key and no cached answer: each citation is found, then fails asking for a key
        (tmp_path / "empty.json").write_text("{}", encoding="utf-8")
        args += ["--cache", "empty.json"]
    run = _citecheck(tmp_path, *args, "--format", "json")
    assert run.returncode in (0, 1), (run.stdout, run.stderr)
    report = json.loads(run.stdout)
    assert len(report["documents"]) == 1
    statuses = [(entry["location"]["status"], entry["location"]["flags"]) for entry in report["results"]]
    assert statuses == [("found", [])] * len(report["results"]), statuses


# --- a libpq key=value connection string given as --cache -------------------------------------------

CONNINFO = [
    "host=127.0.0.1 port=1 password=pw2secret dbname=x",
    "dbname=x password='pw2 secret'",
    "  user=u sslpassword=pw2secret host=h",
    "PASSWORD = pw2secret",
]


@pytest.mark.parametrize("conninfo", CONNINFO)
@pytest.mark.parametrize(
    "args",
    [["check", "doc.txt", "c.json", "--cache"], ["check", "doc.txt", "c.json", "--new-cache", "--cache"],
     ["cache", "export"], ["cache", "import", "c.json"]],
    ids=["check", "check --new-cache", "cache export", "cache import"],
)  # fmt: skip
def test_a_key_value_connection_string_as_cache_is_refused_without_its_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, conninfo: str, args: list[str]
) -> None:
    # Failed before: "the cache host=... password=pw2secret ... does not exist" printed the password, and
    # with --new-cache a JSON cache was made under a file name holding it.
    from click.testing import CliRunner

    from citecheck.cli._main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "doc.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "c.json").write_text(json.dumps([{**GOOD, "id": "c1"}]), encoding="utf-8")
    monkeypatch.setenv("TYPESAFE_API_KEY", "sk-test-0123456789")
    monkeypatch.setenv("TYPESAFE_BASE_URL", "http://127.0.0.1:9")
    full = [*args, conninfo] if args[0] == "check" else [args[0], args[1], conninfo, *args[2:]]
    if args[1] == "export":
        full.append("out.json")
    result = CliRunner().invoke(main, full)
    assert result.exit_code == 2, result.output
    assert "pw2secret" not in result.output and "pw2 secret" not in result.output
    assert "key=value connection string" in result.output and "postgresql://" in result.output, result.output
    assert sorted(path.name for path in tmp_path.iterdir()) == ["c.json", "doc.txt"]  # no file named after it
