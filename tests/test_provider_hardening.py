"""Hostile provider responses (issue 27): no citation dropped without a typed error, one line for every bad input."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from citecheck import Document, match_citations
from citecheck.cli._formats import RENDERERS, Style
from citecheck.cli._main import main
from citecheck.cli._results import Report
from citecheck.providers import ProviderResponseError, read_response

POLICY = Document.from_sections({"1": "The limit is ten items per request."}, name="policy.txt")
QUOTE = "The limit is ten items per request."

ANTHROPIC_CITATION = {
    "type": "char_location",
    "cited_text": QUOTE,
    "document_index": 0,
    "start_char_index": 0,
    "end_char_index": len(QUOTE),
}
BEDROCK_CITATION = {
    "sourceContent": [{"text": QUOTE}],
    "location": {"documentChar": {"documentIndex": 0, "start": 0, "end": len(QUOTE)}},
}


@pytest.mark.parametrize(
    ("provider", "response"),
    [
        ("anthropic", {"content": [{"type": None, "text": "Ten items.", "citations": [ANTHROPIC_CITATION]}]}),
        (
            "cohere",
            {
                "message": {
                    "content": [{"type": "text", "text": "Ten items."}],
                    "citations": [
                        {
                            "type": None,
                            "start": 0,
                            "end": 9,
                            "sources": [{"type": "document", "id": "d", "document": {"text": QUOTE}}],
                        }
                    ],
                }
            },
        ),
    ],
    ids=["anthropic block", "cohere citation"],
)
def test_a_null_type_reads_as_absent_so_the_citation_is_kept(provider: str, response: dict[str, Any]) -> None:
    answer = read_response(provider, response, [POLICY])
    assert len(answer.citations) == 1


@pytest.mark.parametrize(
    ("provider", "response", "where"),
    [
        (
            "bedrock",
            {"output": {"message": {"content": [{"citationsContent": [{"content": [{"text": "Ten."}]}]}]}}},
            "output.message.content[0].citationsContent",
        ),
        (
            "openai",
            {"choices": [{"message": {"content": [{"type": "text", "text": "Ten."}], "annotations": []}}]},
            "choices[0].message.content",
        ),
        (
            "gemini",
            {
                "candidates": [
                    {"content": {"parts": [{"text": "Ten."}]}, "groundingMetadata": [{"groundingChunks": []}]}
                ]
            },
            "candidates[0].groundingMetadata",
        ),
        (
            "openai",
            [
                {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "Ten items."}}]},
                {
                    "object": "chat.completion.chunk",
                    "choices": [{"index": 0, "delta": {"annotations": {"type": "url_citation", "url": "u"}}}],
                },
            ],
            "chunk 1.choices[0].delta.annotations",
        ),
        (
            "anthropic",
            [
                {"type": "message_start", "message": {"role": "assistant"}},
                {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Ten items."}},
                {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": "c"}},
            ],
            "event 3.delta.citation",
        ),
        (
            "bedrock",
            [
                {"messageStart": {"role": "assistant"}},
                {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"text": "Ten items."}}},
                {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"citation": ["x"]}}},
            ],
            "event 2.contentBlockDelta.delta.citation",
        ),
        (
            "numbered",
            {"answer": "Ten items [1]. An hour [1].", "chunks": [{"id": 1, "text": "ten"}, {"id": 1, "text": "hour"}]},
            "chunks[1].id",
        ),
        (
            "numbered",
            {"answer": "Ten items [1]. An hour [2].", "chunks": ["ten", {"id": "1", "text": "hour"}]},
            "chunks[1].id",
        ),
    ],
    ids=[
        "bedrock citationsContent list",
        "chat content list",
        "gemini groundingMetadata list",
        "chat stream annotations object",
        "anthropic citations_delta not an object",
        "bedrock delta.citation not an object",
        "numbered duplicate ids",
        "numbered id of another's position",
    ],
)
def test_a_citation_of_the_wrong_shape_is_a_typed_error_not_dropped(provider: str, response: Any, where: str) -> None:
    with pytest.raises(ProviderResponseError, match=re.escape(where)):
        read_response(provider, response, [POLICY])


def test_the_same_citation_streamed_or_not_is_the_same_error() -> None:
    unstreamed = {"content": [{"type": "text", "text": "Ten items.", "citations": ["c"]}]}
    with pytest.raises(ProviderResponseError, match="expected a citation object"):
        read_response("anthropic", unstreamed, [POLICY])


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"type": "message_start", "n": ' + "9" * 5_000 + "}", "more than"),
        ('{"type": "message_start", "n": NaN}', "NaN is not a JSON number"),
    ],
    ids=["100k deep", "5,000 digits", "NaN"],
)
def test_a_stream_line_the_json_decoder_refuses_is_one_line_naming_it(payload: str, why: str) -> None:
    stream = 'event: message_start\ndata: {"type": "message_start", "message": {}}\n\ndata: ' + payload + "\n"
    with pytest.raises(ProviderResponseError, match=rf"event stream line 4: .*{re.escape(why)}"):
        read_response("anthropic", stream, [POLICY])


def test_a_stream_file_the_decoder_refuses_is_one_line_from_the_command_line(tmp_path: Path) -> None:
    stream = tmp_path / "stream.txt"
    stream.write_text("data: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    source = tmp_path / "policy.txt"
    source.write_text(QUOTE, encoding="utf-8")
    result = CliRunner().invoke(main, ["match", "--from", "anthropic", str(stream), str(source)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "event stream line 1" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("output_format", ["json", "jsonl", "table", "markdown", "csv", "junit", "html", "annotations"])
def test_a_password_in_a_cited_url_is_in_no_output_format(tmp_path: Path, output_format: str) -> None:
    url = "https://reader:s3cr3t-pw@intranet.example/policy?token=t0k3n-value&page=2"
    cited = {"type": "web_search_result_location", "url": url, "title": "Policy", "cited_text": QUOTE}
    response = {"content": [{"type": "text", "text": "Ten items per request.", "citations": [cited]}]}
    path = tmp_path / "response.json"
    path.write_text(json.dumps(response), encoding="utf-8")
    source = tmp_path / "policy.txt"
    source.write_text(QUOTE, encoding="utf-8")
    args = ["match", "--from", "anthropic", str(path), f"Policy={source}", "--format", output_format]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    assert "s3cr3t-pw" not in result.output and "t0k3n-value" not in result.output
    if output_format == "json":
        raw = json.loads(result.output)["answer"]["citations"][0]["location"]["raw"]
        assert raw["url"] == "https://reader:***@intranet.example/policy?token=***&page=2"


HOSTILE = "[x](javascript:alert(1)) ![i](https://e.example/p.png) <img src=x onerror=alert(1)> " + (
    "**b** www.e.example a@e.example"
)


def test_markdown_output_shows_hostile_titles_and_text_without_links_images_or_html() -> None:
    document = Document.from_sections({"1": QUOTE}, name=HOSTILE)
    citations = [{"id": HOSTILE, "claim": HOSTILE, "quote": HOSTILE, "section": HOSTILE, "document": HOSTILE}]
    report = Report(documents=(document,), results=tuple(match_citations([document], citations)), judged=False)
    text = RENDERERS["markdown"](report, Style())
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    assert "<a " not in html and "<img" not in html and "<strong>" not in html, html
    assert "www.e.example" in html.replace("\\", "")  # still shown, as text
    assert "javascript:alert(1)" in html  # the title is shown as it is, not dropped


@pytest.mark.parametrize("title", ["http://[x", "https://[::1", "http://]"])
def test_annotations_of_a_document_titled_like_a_broken_url_name_it_as_a_document(title: str) -> None:
    document = Document.from_sections({"1": QUOTE}, name=title)
    citations = [{"id": "c1", "claim": "Ten items.", "quote": QUOTE, "section": None}]
    report = Report(documents=(document,), results=tuple(match_citations([document], citations)), judged=False)
    page = json.loads(RENDERERS["annotations"](report, Style()))
    assert json.dumps(page).count("urn:citecheck:document:") >= 1


def test_the_report_of_a_from_run_allows_each_of_its_styles_by_hash_and_nothing_inline(tmp_path: Path) -> None:
    response = {"content": [{"type": "text", "text": "Ten items.\n\nPer request.", "citations": [ANTHROPIC_CITATION]}]}
    path = tmp_path / "response.json"
    path.write_text(json.dumps(response), encoding="utf-8")
    source = tmp_path / "policy.txt"
    source.write_text(QUOTE, encoding="utf-8")
    result = CliRunner().invoke(main, ["match", "--from", "anthropic", str(path), str(source), "--format", "html"])
    assert result.exit_code in (0, 1), result.output
    page = result.output
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    style_src = next(
        part for part in html.unescape(policy.group(1)).split(";") if part.strip().startswith("style-src")
    ).split()[1:]
    assert "'unsafe-inline'" not in style_src and "'unsafe-hashes'" not in style_src
    blocks = re.findall(r"<style>(.*?)</style>", page, flags=re.S)
    assert len(blocks) == 2  # the report's and the answer's
    for block in blocks:
        digest = base64.b64encode(hashlib.sha256(block.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in style_src
    assert not re.search(r"<[^>]+\sstyle=", page)  # no style attribute, which no hash allows
    assert 'class="answer"' in page


@pytest.mark.parametrize("twice", ["same path", "symlink"])
def test_a_source_given_twice_is_read_once_so_its_quotes_are_not_ambiguous(tmp_path: Path, twice: str) -> None:
    source = tmp_path / "policy.txt"
    source.write_text(QUOTE + "\n", encoding="utf-8")
    again = source
    if twice == "symlink":
        again = tmp_path / "link.txt"
        again.symlink_to(source)
    citations = tmp_path / "c.json"
    citations.write_text(json.dumps([{"id": "c1", "claim": "Ten.", "quote": QUOTE, "section": None}]), encoding="utf-8")
    out = tmp_path / "out.json"
    result = CliRunner().invoke(
        main, ["match", str(source), str(again), str(citations), "--format", "json", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert f"note: {again} is {source}, given before: read once" in result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert len(report["documents"]) == 1
    assert report["results"][0]["location"]["status"] == "found"
