"""The documents sent, read from the request: Anthropic Messages and Bedrock Converse request bodies."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck import parse_file
from citecheck.cli._main import main
from citecheck.errors import ProviderResponseError
from citecheck.providers import SentDocument, match_answer, read_response, request_documents


@pytest.fixture
def article(fixtures_dir: Path) -> tuple[str, str]:
    """A help-centre article as the cookbook sends it: the title line becomes the title, the rest the text."""
    text = (fixtures_dir / "providers" / "anthropic-cookbook" / "help_center_articles" / "3.txt").read_text()
    title, body = text.split("\n", 1)
    return title.removeprefix("title: "), body


QUOTE = (
    "If you haven't received a tracking number within 48 hours of your order confirmation, please contact our "
    "customer support team."
)


def anthropic_request(title: str, body: str, pdf: bytes) -> dict[str, Any]:
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 1024,
        "messages": [
            {
                "role": "user",
                "content": [
                    {
                        "type": "document",
                        "source": {"type": "text", "media_type": "text/plain", "data": body},
                        "title": title,
                        "citations": {"enabled": True},
                    },
                    {
                        "type": "document",
                        "title": "Colours",
                        "citations": {"enabled": True},
                        "source": {
                            "type": "content",
                            "content": [
                                {"type": "text", "text": "The grass is green."},
                                {"type": "text", "text": "The sky is blue."},
                            ],
                        },
                    },
                    {
                        "type": "document",
                        "source": {
                            "type": "base64",
                            "media_type": "application/pdf",
                            "data": base64.b64encode(pdf).decode(),
                        },
                    },
                    {"type": "text", "text": "Where is my tracking number?"},
                ],
            }
        ],
    }


def anthropic_response(body: str, blocks: tuple[int, int] = (1, 2)) -> dict[str, Any]:
    start = body.index(QUOTE)
    return {
        "content": [
            {
                "type": "text",
                "text": "Contact support if no tracking number came within 48 hours.",
                "citations": [
                    {
                        "type": "char_location",
                        "cited_text": QUOTE,
                        "document_index": 0,
                        "document_title": None,
                        "start_char_index": start,
                        "end_char_index": start + len(QUOTE),
                    },
                ],
            },
            {
                "type": "text",
                "text": "The sky is blue.",
                "citations": [
                    {
                        "type": "content_block_location",
                        "cited_text": "The sky is blue.",
                        "document_index": 1,
                        "document_title": "Colours",
                        "start_block_index": blocks[0],
                        "end_block_index": blocks[1],
                    },
                ],
            },
            {
                "type": "text",
                "text": "It is a dummy PDF.",
                "citations": [
                    {
                        "type": "page_location",
                        "cited_text": "Dummy PDF file",
                        "document_index": 2,
                        "document_title": None,
                        "start_page_number": 1,
                        "end_page_number": 2,
                    },
                ],
            },
        ]
    }


@pytest.fixture
def pdf(fixtures_dir: Path) -> bytes:
    return (fixtures_dir / "providers" / "pydantic-ai" / "dummy.pdf").read_bytes()


def test_offsets_agree_on_the_text_as_sent(article: tuple[str, str], pdf: bytes) -> None:
    title, body = article
    sent = request_documents("anthropic", anthropic_request(title, body, pdf))
    assert [s.title for s in sent] == [title, "Colours", None]
    assert sent[0].document.original == body
    assert [s.id for s in sent[1].document.sections] == ["block 0", "block 1"]
    run = match_answer(read_response("anthropic", anthropic_response(body), sent), sent)
    assert [r.location.status for r in run.results] == ["found", "found", "found"]
    assert [check.agrees for check in run.checks.values()] == [True, True, True]
    assert run.checks["c2.1"].provider == "block 1 of Colours #1"


def test_the_same_offsets_over_the_whole_file_disagree(article: tuple[str, str], fixtures_dir: Path) -> None:
    # The file holds the title line the request left out: its offsets are not the provider's.
    _, body = article
    path = fixtures_dir / "providers" / "anthropic-cookbook" / "help_center_articles" / "3.txt"
    response = anthropic_response(body)
    response["content"] = response["content"][:1]
    document = parse_file(path)
    run = match_answer(read_response("anthropic", response, [document]), [document])
    assert "provider_location_mismatch" in run.results[0].location.flags


def test_moved_blocks_are_flagged(article: tuple[str, str], pdf: bytes) -> None:
    title, body = article
    sent = request_documents("anthropic", anthropic_request(title, body, pdf))
    run = match_answer(read_response("anthropic", anthropic_response(body, blocks=(0, 1)), sent), sent)
    assert run.results[1].location.flags == ("provider_location_mismatch",)
    assert run.checks["c2.1"].found == "block 1 of Colours #1"


def test_bedrock_requests_carry_text_bytes_and_content(pdf: bytes) -> None:
    request = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"text": "What is the return window?"},
                    {
                        "document": {
                            "name": "Document 1",
                            "format": "txt",
                            "source": {"text": "The return window is thirty days from purchase."},
                        }
                    },
                    {
                        "document": {
                            "name": "Document 2",
                            "format": "pdf",
                            "source": {"bytes": base64.b64encode(pdf).decode()},
                        }
                    },
                    {
                        "document": {
                            "name": "Document 3",
                            "format": "txt",
                            "source": {"content": [{"text": "Orders ship within two business days."}]},
                        }
                    },
                ],
            }
        ]
    }
    sent = request_documents("bedrock", request)
    assert [s.title for s in sent] == ["Document 1", "Document 2", "Document 3"]
    assert sent[1].document.sections[0].id == "p. 1"


@pytest.mark.parametrize("encode", [bytes, bytearray])
def test_a_bedrock_request_as_boto3_takes_it_carries_raw_bytes(pdf: bytes, encode: type) -> None:
    # boto3 takes the document's bytes themselves (it encodes them on the wire), so the request
    # dict a program sent holds bytes, not base64.
    text = "The return window is thirty days from purchase."
    blocks = [
        {"document": {"name": "a", "format": "txt", "source": {"bytes": encode(text.encode())}}},
        {"document": {"name": "b", "format": "pdf", "source": {"bytes": encode(pdf)}}},
    ]
    sent = request_documents("bedrock", {"messages": [{"role": "user", "content": blocks}]})
    assert sent[0].document.original == text
    assert sent[1].document.sections[0].id == "p. 1"


def test_a_document_sent_by_url_must_be_given(article: tuple[str, str], fixtures_dir: Path) -> None:
    request = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {
                        "type": "document",
                        "source": {"type": "url", "url": "https://example.com/grass.txt"},
                        "title": "Grass",
                    }
                ],
            }
        ]
    }
    with pytest.raises(ProviderResponseError, match=re.escape("'https://example.com/grass.txt'")):
        request_documents("anthropic", request)
    grass = parse_file(fixtures_dir / "providers" / "langchain" / "grass_sky.txt")
    (sent,) = request_documents("anthropic", request, [SentDocument(grass, url="https://example.com/grass.txt")])
    assert sent.document is grass and sent.title == "Grass"


@pytest.mark.parametrize(
    ("provider", "request_", "message"),
    [
        ("anthropic", {"model": "x"}, "has no messages list"),
        ("openai", {"messages": []}, "only Anthropic and Bedrock"),
        (
            "anthropic",
            {"messages": [{"content": [{"type": "document", "source": {"type": "base64", "data": "%%"}}]}]},
            "is not base64",
        ),
        (
            "bedrock",
            {"messages": [{"content": [{"document": {"format": "docx", "source": {"bytes": b"PK\x03\x04\xff"}}}]}]},
            "messages[0].content[0].source.bytes: is not UTF-8 text",
        ),
        (
            "anthropic",
            {
                "messages": [
                    {
                        "content": [
                            {
                                "type": "document",
                                "source": {"type": "base64", "media_type": "text/plain", "data": "/w=="},
                            }
                        ]
                    }
                ]
            },
            "messages[0].content[0].source.data: is not UTF-8 text",
        ),
        (
            "anthropic",
            {"messages": [{"content": [{"type": "document", "source": {"type": "odd"}}]}]},
            "'odd' is not a document source type",
        ),
        ("bedrock", {"messages": [{"content": [{"document": {"name": "d", "source": {}}}]}]}, "has no text"),
        ("anthropic", [], "expected a JSON object"),
    ],
)
def test_a_malformed_request_names_where(provider: str, request_: Any, message: str) -> None:
    with pytest.raises(ProviderResponseError, match=re.escape(message)):
        request_documents(provider, request_)


def test_command_line_request(tmp_path: Path, article: tuple[str, str], pdf: bytes) -> None:
    title, body = article
    request, response = tmp_path / "request.json", tmp_path / "response.json"
    request.write_text(json.dumps(anthropic_request(title, body, pdf)), encoding="utf-8")
    response.write_text(json.dumps(anthropic_response(body)), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["match", "--from", "anthropic", str(response), "--request", str(request), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [e["location"]["status"] for e in report["results"]] == ["found", "found", "found"]
    # The three-word PDF quote is placed and judged, but a quote that short never stands on its own.
    assert [e["location"]["flags"] for e in report["results"]] == [[], [], ["short_quote"]]
    result = CliRunner().invoke(main, ["match", "--from", "cohere", str(response), "--request", str(request)])
    assert result.exit_code == 2 and "--request goes with --from anthropic or --from bedrock" in result.output
