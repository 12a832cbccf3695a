"""``citecheck mcp``, driven by the ``mcp`` SDK's own client: over stdio, and in-process for the path table."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from citecheck import Checker
from citecheck.cli._json import results_schema
from citecheck.cli._main import main
from citecheck.cli._mcp import Roots, build_server
from citecheck.testing import RecordedJudge

LOYALTY_CLAIM = "Points expire 12 months after they are earned."


@pytest.fixture
def root(tmp_path: Path, cookbook: Path, fixtures_dir: Path) -> Path:
    """The server's root: the cookbook's files (its cache a copy: fixtures are read-only) and a loyalty text."""
    folder = tmp_path / "root"
    folder.mkdir()
    for name in ("rfc7519.txt", "citations.json", "json_cache.json"):
        shutil.copyfile(cookbook / name, folder / name)
    shutil.copyfile(fixtures_dir / "providers" / "anthropic-cookbook" / "loyalty_program.txt", folder / "loyalty.txt")
    return folder


def stdio(root: Path) -> StdioServerParameters:
    env = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}
    # No TYPESAFE_API_KEY is passed on: the recorded answers are all the server has.
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "citecheck", "mcp", "--root", str(root), "--cache", str(root / "json_cache.json")],
        env=env,
        cwd=str(root),
    )


def run(server: Any, calls: Callable[[Client], Coroutine[Any, Any, Any]]) -> Any:
    async def session() -> Any:
        async with Client(server, read_timeout_seconds=120) as client:
            return await calls(client)

    return asyncio.run(session())


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    content: dict[str, Any] = result.structured_content
    return content


def loyalty_response(root: Path) -> dict[str, Any]:
    text = (root / "loyalty.txt").read_text()
    start = text.index(LOYALTY_CLAIM)
    return {
        "type": "message",
        "role": "assistant",
        "content": [
            {
                "type": "text",
                "text": "Points expire after a year.",
                "citations": [
                    {
                        "type": "char_location",
                        "cited_text": LOYALTY_CLAIM,
                        "document_index": 0,
                        "document_title": "Loyalty Program Details",
                        "start_char_index": start,
                        "end_char_index": start + len(LOYALTY_CLAIM),
                    }
                ],
            }
        ],
    }


def test_over_stdio_the_tools_answer_as_the_command_line_does(root: Path) -> None:
    citations = json.loads((root / "citations.json").read_text())
    documents = [{"path": "rfc7519.txt"}]

    async def calls(client: Client) -> dict[str, Any]:
        tools = (await client.list_tools()).tools
        return {
            "tools": {tool.name: tool for tool in tools},
            "check": await client.call_tool("check_citations", {"citations": citations, "documents": documents}),
            "match": await client.call_tool("match_citations", {"citations": citations, "documents": documents}),
            "provider": await client.call_tool(
                "check_provider_response",
                {"provider": "anthropic", "response": loyalty_response(root), "documents": [{"path": "loyalty.txt"}]},
            ),
            "refused": await client.call_tool(
                "match_citations", {"citations": citations, "documents": [{"path": "../../etc/passwd"}]}
            ),
            "malformed": await client.call_tool(
                "check_citations", {"citations": [{"id": "a", "quote": "x", "section": "1"}], "documents": documents}
            ),
        }

    got = run(stdio(root), calls)
    assert set(got["tools"]) == {"check_citations", "match_citations", "check_provider_response"}
    published = {k: v for k, v in results_schema().items() if k not in ("$schema", "$id")}
    for tool in got["tools"].values():
        assert tool.output_schema == published  # the schema the library publishes
        assert not {"api_key", "key", "token"} & set(tool.input_schema["properties"])  # the key: environment only

    checked = structured(got["check"])
    jsonschema.validate(checked, results_schema())
    files = [str(root / name) for name in ("rfc7519.txt", "citations.json", "json_cache.json")]
    cli = CliRunner().invoke(main, ["check", files[0], files[1], "--cache", files[2], "--format", "json"])
    expected = json.loads(cli.output)
    assert checked["results"] == expected["results"]  # the eight verdicts, confidences and evidence, as the CLI
    rows = [(r["id"], r["verdict"], r["confidence"], r["auto"]) for r in checked["results"]]
    assert rows == [
        ("epoch_seconds", "verified", 0.93, True),
        ("aud_reject", "verified", 0.95, True),
        ("sig_reporting", "fabricated", None, True),
        ("clock_skew", "verified", 0.99, True),
        ("exp_required", "contradicted", 0.99, True),
        ("pii_encryption", "unsupported", 0.27, False),
        ("iat_future", "unsupported", 0.56, False),
        ("duplicate_names", "verified", 0.99, True),
    ]

    matched = structured(got["match"])
    assert matched["judged"] is False and [r["verdict"] for r in matched["results"]][:3] == [None, None, "fabricated"]

    provider = structured(got["provider"])
    (entry,) = provider["results"]
    assert entry["outcome"] == "failed" and entry["error"] == "NoAnswerError"  # no key and no recorded answer
    assert entry["location"]["status"] == "found" and provider["answer"]["claims"][0]["citations"] == ["c1.1"]

    refused = got["refused"]
    assert refused.is_error
    assert "documents[0]: DocumentReadError: ../../etc/passwd: outside the folders" in refused.content[0].text

    malformed = got["malformed"]
    assert malformed.is_error and "claim" in malformed.content[0].text  # names the missing field


@pytest.fixture
def in_process(root: Path) -> Any:
    return build_server(Roots([root]), Checker(judge=RecordedJudge(root / "json_cache.json")))


CITATION = {"id": "c", "claim": "x", "quote": "Tokens", "section": None}


@pytest.mark.parametrize(
    ("document", "message"),
    [
        pytest.param({"path": "../outside.txt"}, "outside the folders", id="dot-dot"),
        pytest.param({"path": "/etc/hostname"}, "outside the folders", id="absolute"),
        pytest.param({"path": "escape.txt"}, "outside the folders", id="symlink out"),
        pytest.param({"path": "linked/secret.txt"}, "outside the folders", id="symlinked folder"),
        pytest.param({"path": "missing.txt"}, "DocumentReadError", id="missing file"),
        pytest.param({"path": "rfc7519.txt", "text": "x"}, "give either path or text, not both", id="both"),
        pytest.param({}, "give either path or text, not neither", id="neither"),
    ],
)
def test_a_path_outside_the_roots_is_refused(
    root: Path, in_process: Any, document: dict[str, str], message: str
) -> None:
    outside = root.parent / "outside.txt"
    outside.write_text("Tokens are secret.")
    (root.parent / "secrets").mkdir()
    (root.parent / "secrets" / "secret.txt").write_text("Tokens are secret.")
    (root / "escape.txt").symlink_to(outside)
    (root / "linked").symlink_to(root.parent / "secrets")

    async def calls(client: Client) -> Any:
        return await client.call_tool("match_citations", {"citations": [CITATION], "documents": [document]})

    result = run(in_process, calls)
    assert result.is_error
    assert message in result.content[0].text and "documents[0]" in result.content[0].text
    assert "Tokens are secret" not in result.content[0].text


def test_a_symlink_inside_the_roots_and_text_documents_are_read(root: Path, in_process: Any) -> None:
    (root / "same.txt").symlink_to(root / "loyalty.txt")
    documents = [{"path": "same.txt"}, {"text": "Tokens expire after an hour.", "name": "notes"}]

    async def calls(client: Client) -> Any:
        return await client.call_tool("match_citations", {"citations": [CITATION], "documents": documents})

    report = structured(run(in_process, calls))
    assert [d["name"] for d in report["documents"]] == ["same.txt", "notes"]
    assert report["results"][0]["location"]["document"] == "notes"


def test_a_bad_citation_field_is_named(in_process: Any) -> None:
    async def calls(client: Client) -> Any:
        bad = {"id": "c", "claim": "x", "quote": "y", "section": 4.1}
        return await client.call_tool("match_citations", {"citations": [bad], "documents": [{"text": "y"}]})

    result = run(in_process, calls)
    assert result.is_error and "section" in result.content[0].text


def test_the_server_needs_a_root_that_is_a_folder(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least one root"):
        Roots([])
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="is not a folder"):
        Roots([tmp_path / "file"])
