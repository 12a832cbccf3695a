"""Re-probes of issue 27 (hardening 2), written from the issue's text alone: variants the first tests missed.

Each case ran through the command line (or the public API) as a user would, and failed before its
fix: a secret shown, a traceback, or a citation dropped without a word.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citecheck.cli._main import main
from citecheck.providers import ProviderResponseError, read_response
from tests.servers import free_port

QUOTE = "Orders ship within two business days."
TEXT = QUOTE + " Returns are accepted for thirty days after delivery.\n"
CHAR_CITATION = {
    "type": "char_location",
    "cited_text": QUOTE,
    "document_index": 0,
    "start_char_index": 0,
    "end_char_index": len(QUOTE),
}


def _run(*args: object) -> Any:
    return CliRunner().invoke(main, [str(arg) for arg in args])


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "doc.txt"
    path.write_text(TEXT, encoding="utf-8")
    return path


# --- secrets -----------------------------------------------------------------------------------


@pytest.mark.parametrize("password", ["hun@ter2secret", "ab@cd@ter2secret"])
@pytest.mark.parametrize("command", ["export", "import"])
def test_a_password_holding_an_unencoded_at_is_never_shown_in_part(tmp_path: Path, password: str, command: str) -> None:
    # The driver splits at the first "@" and names the rest as the host it cannot resolve.
    url = f"postgresql://u:{password}@127.0.0.1:{free_port()}/db"
    other = tmp_path / "other.json"
    if command == "import":
        other.write_text("{}", encoding="utf-8")
    result = _run("cache", command, url, other)
    assert result.exit_code in (1, 2)
    assert "Traceback" not in result.output
    assert "ter2secret" not in result.output and "cannot be used" in result.output


@pytest.mark.parametrize(
    "url",
    [
        "https://shop.example/shipping?token=pw2secret",
        "https://shop.example/shipping?X-Amz-Signature=pw2secret&a=1",
    ],
)
@pytest.mark.parametrize("output_format", ["json", "annotations", "markdown", "table"])
def test_a_url_name_with_a_query_is_given_as_name_equals_path(
    source: Path, tmp_path: Path, url: str, output_format: str
) -> None:
    # Before, NAME=PATH split at the first "=": the url's query became a path that was not there,
    # and the error repeated the url's secret parameter.
    response = {
        "content": [
            {
                "type": "text",
                "text": "Orders ship in two business days.",
                "citations": [{"type": "web_search_result_location", "cited_text": QUOTE, "url": url, "title": "x"}],
            }
        ]
    }
    path = tmp_path / "web.json"
    path.write_text(json.dumps(response), encoding="utf-8")
    result = _run("match", "--from", "anthropic", path, f"{url}={source}", "--format", output_format)
    assert result.exit_code == 0, result.output
    assert "pw2secret" not in result.output


# --- lone surrogates outside any claim -----------------------------------------------------------


@pytest.mark.parametrize(
    ("provider", "response", "named"),
    [
        (
            "anthropic",
            {
                "content": [
                    {"type": "text", "text": "Intro \ud800. "},
                    {"type": "text", "text": "Ships.", "citations": [CHAR_CITATION]},
                ]
            },
            "the answer's text",
        ),
        (
            "numbered",
            {"answer": "Orders ship fast [1].", "chunks": [{"id": 1, "text": "Orders \ud800 ship in two days."}]},
            "citation c1.1's location chunk.text",
        ),
        (
            "cohere",
            {
                "message": {
                    "content": [{"type": "text", "text": "Orders ship fast."}],
                    "citations": [
                        {
                            "start": 0,
                            "end": 11,
                            "sources": [{"type": "document", "id": "d", "document": {"snippet": "\udc80"}}],
                        }
                    ],
                }
            },
            "citation c1.1's location document.snippet",
        ),
        (
            "anthropic",
            {
                "content": [
                    {"type": "text", "text": "Ships.", "citations": [dict(CHAR_CITATION, document_title="T\ud800")]}
                ]
            },
            "citation c1.1's location document_title",
        ),
    ],
    ids=["answer text", "numbered chunk", "cohere snippet", "raw location"],
)
@pytest.mark.parametrize("output_format", ["json", "html", "annotations"])
def test_a_lone_surrogate_anywhere_in_a_response_is_one_line_naming_it(
    source: Path, tmp_path: Path, provider: str, response: dict[str, Any], named: str, output_format: str
) -> None:
    # Before: a traceback (exit 1) when the JSON or HTML output wrote it as UTF-8, after the run.
    path = tmp_path / "response.json"
    path.write_text(json.dumps(response), encoding="utf-8")  # json.dumps escapes it as \\ud800
    sources = [] if provider in ("numbered", "cohere") else [source]
    result = _run("match", "--from", provider, path, *sources, "--format", output_format)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    [line] = result.output.strip().splitlines()
    assert named in line and "lone surrogate" in line


# --- stream deltas of the wrong type -------------------------------------------------------------

_ANTHROPIC_START = [
    {"type": "message_start", "message": {"id": "m", "type": "message", "role": "assistant", "content": []}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
]


def _chat(delta: object) -> dict[str, Any]:
    return {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta}]}


@pytest.mark.parametrize(
    ("provider", "events", "named"),
    [
        (
            "anthropic",
            [
                *_ANTHROPIC_START,
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": [{"type": "citations_delta", "citation": CHAR_CITATION}],
                },
            ],
            "event 2.delta",
        ),
        (
            "anthropic",
            [
                _ANTHROPIC_START[0],
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": [{"type": "text", "citations": [CHAR_CITATION]}],
                },
            ],
            "event 1.content_block",
        ),
        (
            "openai",
            [
                _chat({"role": "assistant", "content": "Orders ship."}),
                _chat([{"annotations": [{"type": "url_citation"}]}]),
            ],
            "chunk 1.choices.delta",
        ),
        (
            "bedrock",
            [
                {
                    "contentBlockDelta": {
                        "contentBlockIndex": 0,
                        "delta": [{"citation": {"sourceContent": [{"text": QUOTE}]}}],
                    }
                }
            ],
            "event 0.contentBlockDelta.delta",
        ),
    ],
    ids=["anthropic delta list", "anthropic block list", "chat delta list", "bedrock delta list"],
)
def test_a_stream_delta_that_is_a_list_is_an_error_never_skipped(provider: str, events: list[Any], named: str) -> None:
    # Before, the event was skipped, and a citation in it with it, exit 0.
    with pytest.raises(ProviderResponseError, match=named):
        read_response(provider, events)
