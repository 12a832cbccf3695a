"""Provider responses in: each adapter on responses built to the provider's documented schema.

The responses are our own, shaped as each provider's API reference documents them; the documents
they cite are the real ones sent with recorded responses (``../shared/fixtures/providers``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from citecheck import Checker, CitationResult, Document, InvalidCitationError, parse_file, parse_text
from citecheck.checker import MatchResult
from citecheck.providers import (
    PROVIDERS,
    ProviderAnswer,
    ProviderResponseError,
    ProviderSourceError,
    SentDocument,
    check_answer,
    match_answer,
    read_response,
)
from citecheck.providers._model import comparable
from citecheck.testing import StaticJudge
from tests.tiers import SpanTier

LOYALTY = (
    "PetWorld offers a loyalty program where customers earn 1 point for every dollar spent. Once you "
    "accumulate 100 points, you'll receive a $5 reward that can be used on your next purchase. "
)
EXPIRE = "Points expire 12 months after they are earned. "


@pytest.fixture
def providers(fixtures_dir: Path) -> Path:
    return fixtures_dir / "providers"


@pytest.fixture
def loyalty(providers: Path) -> Document:
    return parse_file(providers / "anthropic-cookbook" / "loyalty_program.txt")


@pytest.fixture
def dummy_pdf(providers: Path) -> Document:
    return parse_file(providers / "pydantic-ai" / "dummy.pdf")


@pytest.fixture
def grass(providers: Path) -> Document:
    return parse_file(providers / "langchain" / "grass_sky.txt")


def char_citation(text: str, start: int, **extra: Any) -> dict[str, Any]:
    return {
        "type": "char_location",
        "cited_text": text,
        "document_index": 0,
        "document_title": "Loyalty Program Details",
        "start_char_index": start,
        "end_char_index": start + len(text),
        **extra,
    }


def anthropic_loyalty(expire_start: int = len(LOYALTY)) -> dict[str, Any]:
    """A Messages response as the API documents it: text blocks, two of them with citations."""
    return {
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [
            {"type": "text", "text": "Here is how it works:\n\n"},
            {
                "type": "text",
                "text": "You earn 1 point per dollar, and 100 points give a $5 reward.",
                "citations": [char_citation(LOYALTY, 0)],
            },
            {"type": "text", "text": " "},
            {
                "type": "text",
                "text": "Points expire 12 months after they are earned.",
                "citations": [char_citation(EXPIRE, expire_start)],
            },
        ],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


# --- Anthropic ------------------------------------------------------------------------------


def test_anthropic_text_blocks_become_claims_with_their_quotes(loyalty: Document) -> None:
    answer = read_response("anthropic", anthropic_loyalty(), [loyalty])
    assert answer.text == (
        "Here is how it works:\n\nYou earn 1 point per dollar, and 100 points give a $5 reward. "
        "Points expire 12 months after they are earned."
    )
    assert [answer.text[c.start : c.end] for c in answer.claims] == [c.text for c in answer.claims]
    assert [c.citations for c in answer.claims] == [("c1.1",), ("c2.1",)]
    first = answer.citations[0]
    assert first.citation.quote == LOYALTY and first.citation.document == "loyalty_program.txt"
    assert (first.location.kind, first.location.start, first.location.end) == ("char", 0, len(LOYALTY))
    assert first.location.raw == char_citation(LOYALTY, 0)  # the provider's own location, kept as it came


def test_anthropic_quotes_are_found_and_their_offsets_agree(loyalty: Document) -> None:
    run = match_answer(read_response("anthropic", anthropic_loyalty(), [loyalty]), [loyalty])
    assert [r.location.status for r in run.results] == ["found", "found"]
    assert all(check.agrees for check in run.checks.values())
    assert not any(r.location.flags for r in run.results)


@pytest.mark.parametrize("moved", [-4, -1, 1, 3, 40])
def test_moved_offsets_are_flagged_with_both_locations(loyalty: Document, moved: int) -> None:
    run = match_answer(read_response("anthropic", anthropic_loyalty(len(LOYALTY) + moved), [loyalty]), [loyalty])
    second = run.results[1]
    assert second.location.status == "found"
    assert "provider_location_mismatch" in second.location.flags
    check = run.checks["c2.1"]
    assert check.agrees is False
    assert f"characters {len(LOYALTY) + moved}-" in check.provider and f"characters {len(LOYALTY)}-" in (
        check.found or ""
    )
    assert check.provider in second.location.reason and (check.found or "") in second.location.reason


def test_adjacent_citations_on_one_block_stay_one_claim(loyalty: Document) -> None:
    response = {
        "content": [
            {
                "type": "text",
                "text": "Points come at 1 per dollar and expire after 12 months.",
                "citations": [char_citation(LOYALTY, 0), char_citation(EXPIRE, len(LOYALTY))],
            }
        ]
    }
    answer = read_response("anthropic", response, [loyalty])
    assert len(answer.claims) == 1 and answer.claims[0].citations == ("c1.1", "c1.2")
    assert [link.claim for link in answer.citations] == [0, 0]


def test_a_page_range_holding_the_match_agrees_and_places_a_short_quote(dummy_pdf: Document) -> None:
    response = {
        "content": [
            {
                "type": "text",
                "text": 'The PDF contains the text "Dummy PDF file"',
                "citations": [
                    {
                        "type": "page_location",
                        "cited_text": "Dummy PDF file",
                        "document_index": 0,
                        "document_title": None,
                        "start_page_number": 1,
                        "end_page_number": 2,
                    }
                ],
            },
            {"type": "text", "text": "."},
        ]
    }
    run = check_answer(
        read_response("anthropic", response, [dummy_pdf]), [dummy_pdf], judge=StaticJudge(default="supports")
    )
    (result,) = run.results
    assert isinstance(result, CitationResult)
    assert result.location.status == "found" and result.citation.quote == "Dummy PDF file"
    # The provider's page agrees, but a three-word quote is still too short to stand on its own.
    assert result.verdict == "verified" and not result.auto and result.location.flags == ("short_quote",)
    assert run.checks["c1.1"].agrees is True


RULES = "Sign every token. Then check its key. Sign every token."


@pytest.mark.parametrize(
    ("tiers", "status", "flags"),
    [
        (None, "found", ()),
        # A custom tier named "fuzzy" that matches word for word: the provider's place stands.
        ([SpanTier("fuzzy")], "found", ()),
        # One that matches only by similarity, under any name: the provider's verbatim text is not
        # what step 1 found, so the short quote is not placed.
        ([SpanTier("approx", score=80)], "ambiguous", ("ambiguous", "fuzzy")),
    ],
)
def test_a_short_quote_is_placed_by_the_provider_unless_it_matched_only_by_similarity(
    tiers: list[SpanTier] | None, status: str, flags: tuple[str, ...]
) -> None:
    rules = parse_text(RULES, name="rules.txt")
    quote = "Sign every token."  # three words, twice: too short to place alone
    start = RULES.rindex(quote)
    response = {"content": [{"type": "text", "text": "Tokens are signed.", "citations": [char_citation(quote, start)]}]}
    run = match_answer(read_response("anthropic", response, [rules]), [rules], checker=Checker(tiers=tiers))
    (result,) = run.results
    assert (result.location.status, result.location.flags) == (status, flags)


def test_a_page_range_that_misses_the_match_is_flagged(dummy_pdf: Document) -> None:
    cited = {"type": "page_location", "cited_text": "Dummy PDF file", "document_index": 0}
    response = {"content": [{"type": "text", "text": "It says so.", "citations": [cited]}]}
    cited.update(start_page_number=3, end_page_number=4)
    run = match_answer(read_response("anthropic", response, [dummy_pdf]), [dummy_pdf])
    assert "provider_location_mismatch" in run.results[0].location.flags


def test_anthropic_maps_by_title_block_and_search_result(grass: Document, loyalty: Document) -> None:
    response = {
        "content": [
            {
                "type": "text",
                "text": "The grass is green.",
                "citations": [
                    {
                        "type": "content_block_location",
                        "cited_text": "The grass is green.",
                        "document_title": "grass_sky",
                        "start_block_index": 0,
                        "end_block_index": 1,
                    },
                    {
                        "type": "search_result_location",
                        "cited_text": EXPIRE,
                        "source": "https://petworld.example/loyalty",
                        "title": "Loyalty",
                        "search_result_index": 0,
                        "start_block_index": 0,
                        "end_block_index": 1,
                    },
                ],
            }
        ]
    }
    sent = [grass, SentDocument(loyalty, url="https://petworld.example/loyalty")]
    answer = read_response("anthropic", response, sent)
    assert [link.source for link in answer.citations] == ["grass_sky.txt", "loyalty_program.txt"]
    assert [link.location.kind for link in answer.citations] == ["block", "search_result"]
    run = match_answer(answer, sent)
    assert [r.location.status for r in run.results] == ["found", "found"]
    assert run.checks == {}  # block indices cannot be compared with a text's offsets


class _SdkMessage:
    """What the Anthropic SDK's pydantic ``Message`` offers: ``model_dump``."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def model_dump(self) -> dict[str, Any]:
        return self.data


def test_a_content_list_alone_is_read_as_langchain_holds_it(grass: Document) -> None:
    content = [
        {"text": "Based on the document, ", "type": "text"},
        {
            "text": "the grass is green",
            "type": "text",
            "citations": [
                {
                    "type": "char_location",
                    "cited_text": "The grass is green. ",
                    "document_index": 0,
                    "document_title": "My Document",
                    "start_char_index": 0,
                    "end_char_index": 20,
                }
            ],
        },
    ]
    answer = read_response("anthropic", content, [grass])
    assert answer.claims[0].text == "the grass is green"
    run = match_answer(answer, [grass])
    assert run.results[0].location.status == "found" and run.checks["c1.1"].agrees


def test_an_sdk_object_is_read_through_model_dump(loyalty: Document) -> None:
    answer = read_response("anthropic", _SdkMessage(anthropic_loyalty()), [loyalty])
    assert len(answer.citations) == 2


@pytest.mark.parametrize(
    ("citation", "message"),
    [
        ({"document_index": 3}, "c1.1: its document is document 3, but 1 document(s) were given"),
        (
            {"document_index": None, "document_title": "Handbook", "cited_text": "Points never expire."},
            "c1.1: its document 'Handbook' names none",
        ),
    ],
)
def test_an_unmappable_source_is_an_error_naming_the_citation(
    loyalty: Document, citation: dict[str, Any], message: str
) -> None:
    response = anthropic_loyalty()
    response["content"][1]["citations"][0].update(citation)
    with pytest.raises(ProviderSourceError, match=re.escape(message)) as caught:
        read_response("anthropic", response, [loyalty])
    assert [name for name, _ in caught.value.problems] == ["c1.1"]


@pytest.mark.parametrize(
    ("response", "where"),
    [
        ({"content": "text"}, "response"),
        ({"content": [{"type": "text", "text": "x", "citations": [{"type": "char_location"}]}]}, "citations[0]"),
        ({"content": [{"type": "text", "text": "x", "citations": [{"type": "odd", "cited_text": "x"}]}]}, "type"),
        (
            {"content": [{"type": "text", "text": "x", "citations": [{"cited_text": "x", "document_index": "0"}]}]},
            "document_index",
        ),
        ("text", "the response"),
        (
            {"content": [{"type": "text", "text": " ", "citations": [{"cited_text": "x", "document_index": 0}]}]},
            "a cited span with no words",
        ),
    ],
)
def test_a_malformed_response_names_the_field(loyalty: Document, response: Any, where: str) -> None:
    with pytest.raises(ProviderResponseError, match=re.escape(where)):
        read_response("anthropic", response, [loyalty])


_T = "The grass is green."
_BEDROCK_CHAR = {"documentChar": {"documentIndex": 0, "start": 0, "end": 19}}


def _bedrock_cited(citation: dict[str, Any], content: list[Any] | None = None) -> dict[str, Any]:
    cited = {"citations": [citation], "content": content if content is not None else [{"text": _T}]}
    return {"output": {"message": {"content": [{"citationsContent": cited}]}}}


@pytest.mark.parametrize(
    ("provider", "response", "where"),
    [
        (
            "bedrock",
            _bedrock_cited({"location": {"documentChar": {"documentIndex": 0, "start": "0", "end": 19}}}),
            "documentChar.start",
        ),
        (
            "bedrock",
            _bedrock_cited({"location": _BEDROCK_CHAR, "sourceContent": [{"text": 7}]}),
            "sourceContent[0].text",
        ),
        ("bedrock", _bedrock_cited({"location": _BEDROCK_CHAR}, [{"text": ["x"]}]), "content[0].text"),
        (
            "bedrock",
            {"output": {"message": {"content": [{"citationsContent": {"content": [], "citations": 1}}]}}},
            "citations",
        ),
        (
            "anthropic",
            {
                "content": [
                    {
                        "type": "text",
                        "text": _T,
                        "citations": [{"cited_text": _T, "type": "search_result_location", "source": 1.5}],
                    }
                ]
            },
            "source",
        ),
        ("openai", {"output": [{"type": "message", "content": 1.5}]}, "output[0].content"),
        (
            "openai",
            {
                "output": [
                    {
                        "type": "message",
                        "content": [
                            {
                                "type": "output_text",
                                "text": _T,
                                "annotations": [
                                    {"type": "url_citation", "start_index": 0, "end_index": 19, "url": ["u"]}
                                ],
                            }
                        ],
                    }
                ]
            },
            "url",
        ),
        ("cohere", {"message": {"content": 1.5}}, "message.content"),
        ("cohere", {"message": {"content": [{"type": "text", "text": _T}], "citations": 1.5}}, "message.citations"),
        (
            "cohere",
            {
                "message": {
                    "content": [{"type": "text", "text": _T}],
                    "citations": [{"start": 0, "end": 19, "content_index": [0], "sources": []}],
                }
            },
            "content_index",
        ),
        (
            "cohere",
            {
                "message": {
                    "content": [{"type": "text", "text": _T}],
                    "citations": [
                        {"start": 0, "end": 19, "sources": [{"type": "tool", "id": "t", "tool_output": "x"}]}
                    ],
                }
            },
            "tool_output",
        ),
        (
            "gemini",
            {
                "candidates": [
                    {
                        "content": {"parts": [{"text": _T}]},
                        "groundingMetadata": {
                            "groundingChunks": 1.5,
                            "groundingSupports": [{"segment": {"endIndex": 19}, "groundingChunkIndices": [0]}],
                        },
                    }
                ]
            },
            "groundingChunks",
        ),
        (
            "gemini",
            {"candidates": [{"content": {"parts": [{"text": _T}]}, "groundingMetadata": {"groundingSupports": 1.5}}]},
            "groundingSupports",
        ),
        (
            "gemini",
            {
                "candidates": [
                    {
                        "content": {"parts": [{"text": _T}]},
                        "groundingMetadata": {
                            "groundingChunks": [],
                            "groundingSupports": [{"segment": {"endIndex": 19, "partIndex": "0"}}],
                        },
                    }
                ]
            },
            "partIndex",
        ),
        (
            "gemini",
            {
                "candidates": [
                    {
                        "content": {"parts": [{"text": _T}]},
                        "groundingMetadata": {
                            "groundingChunks": [],
                            "groundingSupports": [{"segment": {"endIndex": 19}, "groundingChunkIndices": 1.5}],
                        },
                    }
                ]
            },
            "groundingChunkIndices",
        ),
        (
            "gemini",
            {
                "candidates": [
                    {
                        "content": {"parts": [{"text": "\ud800" + _T}]},
                        "groundingMetadata": {
                            "groundingChunks": [],
                            "groundingSupports": [{"segment": {"endIndex": 19}}],
                        },
                    }
                ]
            },
            "segment",
        ),
    ],
)
def test_a_response_of_the_wrong_types_is_a_typed_error_naming_the_field(
    grass: Document, provider: str, response: Any, where: str
) -> None:
    sent = [SentDocument(grass, url="https://a.example/g")]
    with pytest.raises(ProviderResponseError, match=re.escape(where)):
        read_response(provider, response, sent)


@pytest.mark.parametrize(
    "citation",
    [
        {"location": _BEDROCK_CHAR, "sourceContent": [{"text": _T}, {"text": None}], "title": None},
        {"location": _BEDROCK_CHAR, "sourceContent": [{"text": _T}]},
    ],
)
def test_bedrock_fields_that_are_null_are_absent(grass: Document, citation: dict[str, Any]) -> None:
    response = _bedrock_cited(citation, [{"text": _T}, {"text": None}])
    answer = read_response("bedrock", response, [grass])
    assert answer.text == _T and answer.citations[0].citation.quote == _T


def test_text_that_is_no_text_names_the_citation(loyalty: Document) -> None:
    response = {
        "content": [{"type": "text", "text": "x\ud800", "citations": [{"cited_text": "x", "document_index": 0}]}]
    }
    with pytest.raises(InvalidCitationError, match=re.escape("citation c1.1, field 'claim'")):
        read_response("anthropic", response, [loyalty])


@pytest.mark.parametrize(
    ("title", "mapped_by"),
    [("loyalty_program.txt", "name"), ("Loyalty Program Details", "name prefix"), ("Rewards", "quote")],
)
def test_a_title_maps_by_name_by_prefix_or_by_the_one_document_holding_the_quote(
    loyalty: Document, grass: Document, title: str, mapped_by: str
) -> None:
    response = anthropic_loyalty()
    for block in response["content"][1::2]:
        block["citations"][0].update(document_index=None, document_title=title)
    answer = read_response("anthropic", response, [grass, loyalty])
    assert {(link.source, link.mapped_by) for link in answer.citations} == {("loyalty_program.txt", mapped_by)}


def test_a_quote_in_several_documents_does_not_pick_one(loyalty: Document) -> None:
    twin = loyalty.model_copy(update={"name": "copy.txt"})
    response = anthropic_loyalty()
    response["content"][1]["citations"][0].update(document_index=None, document_title="Rewards")
    with pytest.raises(ProviderSourceError, match=r"c1\.1"):
        read_response("anthropic", response, [loyalty, twin])


def test_non_text_blocks_are_skipped_and_nothing_cited_is_dropped(loyalty: Document) -> None:
    response = anthropic_loyalty()
    response["content"].insert(0, {"type": "thinking", "thinking": "...", "signature": "x"})
    response["content"].append({"type": "tool_use", "id": "t", "name": "f", "input": {}})
    answer = read_response("anthropic", response, [loyalty])
    assert len(answer.citations) == 2 and "thinking" not in answer.text


# --- Bedrock --------------------------------------------------------------------------------


def bedrock(location: dict[str, Any], cited: str, claim: str) -> dict[str, Any]:
    return {
        "output": {
            "message": {
                "role": "assistant",
                "content": [
                    {"text": "In short: "},
                    {
                        "citationsContent": {
                            "content": [{"text": claim}],
                            "citations": [
                                {"title": "Document 1", "sourceContent": [{"text": cited}], "location": location}
                            ],
                        }
                    },
                ],
            }
        },
        "stopReason": "end_turn",
    }


@pytest.mark.parametrize(
    ("location", "kind", "agrees"),
    [
        ({"documentChar": {"documentIndex": 0, "start": 0, "end": 19}}, "char", True),
        ({"documentChar": {"documentIndex": 0, "start": 20, "end": 36}}, "char", False),
        ({"documentChunk": {"documentIndex": 0, "start": 0, "end": 1}}, "chunk", None),
    ],
)
def test_bedrock_citations_content(grass: Document, location: dict[str, Any], kind: str, agrees: bool | None) -> None:
    answer = read_response("bedrock", bedrock(location, "The grass is green.", "Grass is green."), [grass])
    assert answer.text == "In short: Grass is green." and answer.claims[0].text == "Grass is green."
    assert answer.citations[0].location.kind == kind
    run = match_answer(answer, [grass])
    assert run.results[0].location.status == "found"
    assert (run.checks["c1.1"].agrees if "c1.1" in run.checks else None) is agrees


def test_bedrock_without_source_text_reads_passages(grass: Document) -> None:
    response = bedrock({"documentChar": {"documentIndex": 0, "start": 0, "end": 19}}, "", "Grass is green.")
    del response["output"]["message"]["content"][1]["citationsContent"]["citations"][0]["sourceContent"]
    (link,) = read_response("bedrock", response, [grass]).citations
    assert link.read == "passages" and link.citation.quote is None


def test_bedrock_pages_agree_on_a_pdf(dummy_pdf: Document) -> None:
    response = bedrock({"documentPage": {"documentIndex": 0, "start": 1, "end": 2}}, "Dummy PDF file", "It says Dummy.")
    run = match_answer(read_response("bedrock", response, [dummy_pdf]), [dummy_pdf])
    assert run.results[0].location.status == "found" and run.checks["c1.1"].agrees is True


# --- OpenAI ---------------------------------------------------------------------------------

SHIPPING_URL = "https://shop.example/shipping"


def test_openai_responses_url_citation_claims_the_sentence_before_its_link(providers: Path) -> None:
    text = "Orders leave the warehouse within two business days. ([shop.example](https://shop.example/shipping))"
    link = text.index("([")
    response = {
        "object": "response",
        "output": [
            {"type": "web_search_call", "id": "ws_1", "status": "completed"},
            {
                "type": "message",
                "role": "assistant",
                "content": [
                    {
                        "type": "output_text",
                        "text": text,
                        "annotations": [
                            {
                                "type": "url_citation",
                                "start_index": link,
                                "end_index": len(text),
                                "url": SHIPPING_URL,
                                "title": "Shipping",
                            }
                        ],
                    }
                ],
            },
        ],
    }
    page = parse_file(providers / "pydantic-ai" / "shipping_policy.txt")
    answer = read_response("openai", response, {SHIPPING_URL: page})
    (claim,) = answer.claims
    assert claim.text == "Orders leave the warehouse within two business days."
    (link_back,) = answer.citations
    assert link_back.read == "passages" and link_back.passages and "BM25" in link_back.why
    assert link_back.citation.quote is None
    run = check_answer(answer, {SHIPPING_URL: page}, judge=StaticJudge(default="supports"))
    (result,) = run.results
    assert isinstance(result, CitationResult)
    assert "chosen_passages" in result.location.flags and not result.auto
    assert result.location.text == "Orders ship within two business days."
    passage = link_back.passages[0]
    assert f"characters {passage.start}-{passage.end}" in result.location.reason and "BM25" in result.location.reason
    assert page.original[passage.start : passage.end] == "Orders ship within two business days."


def test_openai_links_side_by_side_cite_one_sentence(grass: Document) -> None:
    text = "The grass is green. ([a.example](https://a.example/g)) ([b.example](https://b.example/g))"
    first, second = text.index("([a"), text.index("([b")
    notes = [
        {"type": "url_citation", "start_index": first, "end_index": second - 1, "url": "https://a.example/g"},
        {"type": "url_citation", "start_index": second, "end_index": len(text), "url": "https://b.example/g"},
    ]
    response = {
        "output": [{"type": "message", "content": [{"type": "output_text", "text": text, "annotations": notes}]}]
    }
    sent = [
        SentDocument(grass, url="https://a.example/g"),
        SentDocument(grass.model_copy(update={"name": "b"}), url="https://b.example/g"),
    ]
    answer = read_response("openai", response, sent)
    assert [(c.text, c.citations) for c in answer.claims] == [("The grass is green.", ("c1.1", "c1.2"))]


GREEN = "The grass is green. ([a.example](https://a.example/g))"
"""An answer whose sentence OpenAI's web search links to a page."""


def green_link(url: str = "https://a.example/g") -> dict[str, Any]:
    """The Responses API's ``url_citation`` on `GREEN`'s link."""
    return {"type": "url_citation", "start_index": GREEN.index("(["), "end_index": len(GREEN), "url": url}


def responses_answer(text: str, *notes: dict[str, Any]) -> dict[str, Any]:
    """A Responses API response: one message with one output text and its annotations."""
    part = {"type": "output_text", "text": text, "annotations": list(notes)}
    return {"output": [{"type": "message", "content": [part]}]}


def test_openai_annotations_that_cite_nothing_are_passed_over_with_or_without_a_span(grass: Document) -> None:
    text = GREEN
    link = text.index("([")
    notes = [
        # A gateway's parsed-file note (OpenRouter's ``file``): no span, no citation.
        {"type": "file", "file": {"name": "grass.pdf", "content": [{"type": "text", "text": "Grass."}]}},
        {"type": "file_path", "start_index": 0, "end_index": 5, "file_path": {"file_id": "file-out"}},
        {
            "type": "url_citation",
            "url_citation": {"start_index": link, "end_index": len(text), "url": "https://a.example/g"},
        },
    ]
    chat = {"choices": [{"index": 0, "message": {"role": "assistant", "content": text, "annotations": notes}}]}
    answer = read_response("openai", chat, [SentDocument(grass, url="https://a.example/g")])
    assert [(c.text, c.citations) for c in answer.claims] == [("The grass is green.", ("c1.1",))]
    assert answer.citations[0].location.kind == "url"


@pytest.mark.parametrize(
    ("cited", "given"),
    [
        ("https://a.example/g?utm_source=openai", "https://a.example/g"),
        ("https://a.example/g?id=7&utm_source=openai", "https://a.example/g?id=7"),
        ("https://a.example/g", "https://a.example/g?utm_source=openai&utm_medium=x"),
    ],
)
def test_a_url_is_the_page_whatever_tracking_parameters_it_carries(grass: Document, cited: str, given: str) -> None:
    # OpenAI's web search appends ?utm_source=openai to every url it cites.
    answer = read_response("openai", responses_answer(GREEN, green_link(cited)), {given: grass})
    assert answer.citations[0].mapped_by == "name" and answer.citations[0].source == grass.name


def test_a_name_that_only_looks_like_a_url_is_compared_as_it_is() -> None:
    assert comparable("http://[x") == "httpx"


def test_a_url_with_other_parameters_is_another_page(grass: Document) -> None:
    response = responses_answer(GREEN, green_link("https://a.example/g?id=8"))
    with pytest.raises(ProviderSourceError, match=re.escape("id=8")):
        read_response("openai", response, {"https://a.example/g?id=7": grass})


def test_openai_file_citations_and_markers(grass: Document) -> None:
    content = "Grass is green.【4:0†grass_sky.txt】 The sky is blue [2]."
    start = content.index("The sky")
    chat = {
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": content,
                    "annotations": [
                        {
                            "type": "url_citation",
                            "url_citation": {"start_index": start, "end_index": start + 15, "url": "grass_sky.txt"},
                        }
                    ],
                },
            }
        ]
    }
    answer = read_response("openai", chat, [grass])
    assert [c.text for c in answer.claims] == ["The sky is blue", "Grass is green."]
    assert {link.location.kind for link in answer.citations} == {"url", "file"}
    responses = {
        "output": [
            {
                "type": "message",
                "content": [
                    {
                        "type": "output_text",
                        "text": "The sky is blue.",
                        "annotations": [
                            {"type": "file_citation", "file_id": "file-abc", "filename": "notes.txt", "index": 16}
                        ],
                    }
                ],
            }
        ]
    }
    assistants = {
        "id": "msg_1",
        "object": "thread.message",
        "content": [
            {
                "type": "text",
                "text": {
                    "value": "The sky is blue.【4:0†grass_sky.txt】",
                    "annotations": [
                        {
                            "type": "file_citation",
                            "text": "【4:0†grass_sky.txt】",
                            "start_index": 16,
                            "end_index": 35,
                            "file_citation": {"file_id": "file-abc", "quote": "The sky is blue."},
                        }
                    ],
                },
            }
        ],
    }
    quoted = read_response("openai", assistants, [SentDocument(grass, file_id="file-abc")])
    assert quoted.claims[0].text == "The sky is blue." and quoted.citations[0].read == "quote"
    assert quoted.citations[0].citation.quote == "The sky is blue."
    answer = read_response("openai", responses, [SentDocument(grass, file_id="file-abc")])
    assert answer.claims[0].text == "The sky is blue." and answer.citations[0].source == "grass_sky.txt"
    with pytest.raises(ProviderSourceError, match=re.escape("c1.1: its file 'file-abc' / 'notes.txt' names none")):
        read_response("openai", responses, [grass])


# --- Cohere ---------------------------------------------------------------------------------


def test_cohere_documents_are_the_chunks_the_judge_reads() -> None:
    text = "The return window is 30 days, and orders ship within two business days."
    response = {
        "id": "c1",
        "finish_reason": "COMPLETE",
        "message": {
            "role": "assistant",
            "content": [{"type": "text", "text": text}],
            "citations": [
                {
                    "start": 0,
                    "end": 28,
                    "text": text[0:28],
                    "type": "TEXT_CONTENT",
                    "sources": [
                        {
                            "type": "document",
                            "id": "doc:0",
                            "document": {"id": "doc:0", "text": "Returns: thirty days."},
                        }
                    ],
                },
                {
                    "start": 34,
                    "end": 71,
                    "text": text[34:71],
                    "type": "TEXT_CONTENT",
                    "sources": [
                        {"type": "document", "id": "doc:1", "document": {"snippet": "Ships in two business days."}},
                        {"type": "tool", "id": "t:0", "tool_output": {"days": 2, "carrier": "UPS"}},
                    ],
                },
            ],
        },
    }
    response["message"]["citations"].append(
        {"start": 0, "end": 5, "text": "I wil", "type": "THINKING_CONTENT", "sources": []}
    )
    answer = read_response("cohere", response)
    assert [c.text for c in answer.claims] == [text[0:28], text[34:71]]  # reasoning's citations claim nothing
    assert [c.citations for c in answer.claims] == [("c1.1",), ("c2.1", "c2.2")]
    assert all(link.read == "chunk" for link in answer.citations)
    judge = StaticJudge(default="supports")
    run = check_answer(answer, [], judge=judge)
    assert [section for _, section in judge.calls][:2] == ["Returns: thirty days.", "Ships in two business days."]
    assert all(isinstance(r, CitationResult) and r.auto for r in run.results)  # 30 days = thirty days


def test_cohere_offsets_count_within_their_content_item() -> None:
    chunk = {"type": "document", "id": "d", "document": {"text": "The sky is blue."}}
    response = {
        "message": {
            "content": [{"type": "text", "text": "Hello. "}, {"type": "text", "text": "The sky is blue."}],
            "citations": [{"start": 0, "end": 16, "content_index": 1, "type": "TEXT_CONTENT", "sources": [chunk]}],
        }
    }
    answer = read_response("cohere", response)
    assert answer.text == "Hello. The sky is blue."
    assert (answer.claims[0].start, answer.claims[0].text) == (7, "The sky is blue.")


# --- Gemini ---------------------------------------------------------------------------------


def test_gemini_segments_count_utf8_bytes_and_chunks_carry_text() -> None:
    text = "Größe matters. The sky is blue."
    second = "The sky is blue."
    start = len(text[: text.index(second)].encode())
    response = {
        "candidates": [
            {
                "content": {"role": "model", "parts": [{"text": text}]},
                "groundingMetadata": {
                    "groundingChunks": [
                        {"retrievedContext": {"uri": "gs://b/sky.txt", "title": "sky", "ragChunk": {"text": second}}}
                    ],
                    "groundingSupports": [
                        {
                            "segment": {"startIndex": start, "endIndex": start + len(second.encode()), "text": second},
                            "groundingChunkIndices": [0],
                            "confidenceScores": [0.9],
                        }
                    ],
                },
            }
        ]
    }
    answer = read_response("gemini", response)
    assert answer.claims[0].text == second
    assert answer.citations[0].location.raw["support"]["confidenceScores"] == [0.9]


@pytest.mark.parametrize(
    ("parts", "segment", "claim"),
    [
        # Gemini 3 with file search: the text is the third part, yet the segment names no part (0).
        (
            [{"toolCall": {"toolType": "FILE_SEARCH"}}, {"toolResponse": {}}, {"text": "Sky: blue. Grass: green."}],
            {"startIndex": 11, "endIndex": 24, "text": "Grass: green."},
            "Grass: green.",
        ),
        # The segment's text is in the second text part, its offsets in the answer as a whole.
        (
            [{"text": "Sky: blue. "}, {"text": "Grass: green."}],
            {"startIndex": 11, "endIndex": 24, "text": "Grass: green."},
            "Grass: green.",
        ),
        # No text to tell: the one part with text is the one the offsets count in.
        ([{"toolCall": {}}, {"text": "Grass: green."}], {"endIndex": 13}, "Grass: green."),
    ],
)
def test_gemini_segments_of_a_text_part_other_than_the_first(
    parts: list[dict[str, Any]], segment: dict[str, Any], claim: str
) -> None:
    response = {
        "candidates": [
            {
                "content": {"role": "model", "parts": parts},
                "groundingMetadata": {
                    "groundingChunks": [{"retrievedContext": {"text": "Grass is green."}}],
                    "groundingSupports": [{"segment": segment, "groundingChunkIndices": [0]}],
                },
            }
        ]
    }
    answer = read_response("gemini", response)
    assert [c.text for c in answer.claims] == [claim]
    assert answer.text[answer.claims[0].start : answer.claims[0].end] == claim


def test_a_gemini_segment_whose_text_is_not_in_the_answer_is_an_error() -> None:
    response = {
        "candidates": [
            {
                "content": {"parts": [{"text": "Sky: blue."}]},
                "groundingMetadata": {
                    "groundingChunks": [{"retrievedContext": {"text": "Grass is green."}}],
                    "groundingSupports": [
                        {"segment": {"endIndex": 10, "text": "Grass: green."}, "groundingChunkIndices": [0]}
                    ],
                },
            }
        ]
    }
    with pytest.raises(ProviderResponseError, match=r"groundingSupports\[0\]\.segment"):
        read_response("gemini", response)


def test_gemini_web_chunks_read_the_page_given_in_snake_case(grass: Document) -> None:
    response = {
        "candidates": [
            {
                "content": {"parts": [{"text": "Grass is green."}]},
                "grounding_metadata": {
                    "grounding_chunks": [{"web": {"uri": "https://example.com/grass", "title": "example.com"}}],
                    "grounding_supports": [{"segment": {"end_index": 15}, "grounding_chunk_indices": [0]}],
                },
            }
        ]
    }
    answer = read_response("gemini", response, {"https://example.com/grass": grass})
    assert answer.claims[0].text == "Grass is green." and answer.citations[0].read == "passages"
    with pytest.raises(ProviderSourceError, match=re.escape("https://example.com/grass")):
        read_response("gemini", response, [grass])


# --- numbered markers -----------------------------------------------------------------------


def test_numbered_markers_claim_the_sentence_before_them() -> None:
    response = {
        "answer": "The grass is green [1]. The sky is blue.[^2] Both hold [1, 2].",
        "chunks": ["The grass is green.", {"text": "The sky is blue.", "title": "sky"}],
    }
    answer = read_response("numbered", response)
    assert [c.text for c in answer.claims] == ["The grass is green", "The sky is blue.", "Both hold"]
    assert [c.citations for c in answer.claims] == [("c1.1",), ("c2.1",), ("c3.1", "c3.2")]
    footnotes = read_response(
        "numbered", {"answer": "Grass is green.[^1]\n\n[^1]: The grass is green.", "chunks": ["The grass is green."]}
    )
    assert [c.text for c in footnotes.claims] == ["Grass is green."]  # a footnote's definition cites nothing
    with pytest.raises(ProviderResponseError, match="no chunk 3"):
        read_response("numbered", {"answer": "x [3].", "chunks": ["a"]})


def test_every_provider_has_an_adapter() -> None:
    assert set(PROVIDERS) == {"anthropic", "bedrock", "openai", "cohere", "gemini", "numbered"}
    with pytest.raises(ValueError, match="not a provider"):
        read_response("mistral", {})


# --- the claim's numbers --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "section", "absent"),
    [
        ("It takes 3,600 seconds.", "It takes 3600 seconds.", ()),
        ("It takes 1 hour.", "It takes 3600 seconds.", ("1 hour",)),
        ("Refunds within 30 days.", "Refunds within thirty days.", ()),
        ("Refunds within 45 days.", "Refunds within thirty days.", ("45 days",)),
        ("Up 5% to $1.2 million.", "Up 5 percent to $1,200,000.", ()),
        ("Signed on 2024-03-05.", "Signed on March 5, 2024.", ()),
        ("Signed on 2024-03-06.", "Signed on March 5, 2024.", ("2024-03-06",)),
        ("Within 48 hours.", "Within 48 days.", ("48 hours",)),
        ("Within 48 hours.", "Within 48 hrs.", ()),
        ("One of the reasons.", "Nothing here.", ()),
    ],
)
def test_which_number_forms_are_equal(claim: str, section: str, absent: tuple[str, ...]) -> None:
    from citecheck.providers import absent_numbers

    assert absent_numbers(claim, section) == absent


def test_a_claim_number_absent_from_its_section_goes_to_review(loyalty: Document) -> None:
    response = anthropic_loyalty()
    response["content"][1]["text"] = "You earn 1 point per dollar, and 100 points give a $10 reward."
    run = check_answer(
        read_response("anthropic", response, [loyalty]), [loyalty], judge=StaticJudge(default="supports")
    )
    first, second = run.results
    assert isinstance(first, CitationResult) and isinstance(second, CitationResult)
    assert "claim_number_absent" in first.location.flags and not first.auto and "$10" in first.location.reason
    assert run.absent == {"c1.1": ("$10",)}
    assert second.auto and not second.location.flags


def test_results_are_in_citation_order_and_unchanged_without_flags(loyalty: Document) -> None:
    answer = read_response("anthropic", anthropic_loyalty(), [loyalty])
    run = match_answer(answer, [loyalty])
    assert [r.id for r in run.results] == [link.citation.id for link in answer.citations]
    assert all(isinstance(r, MatchResult) and r.verdict is None for r in run.results)


def test_unnamed_documents_are_named_as_the_provider_names_them() -> None:
    text = parse_text("The grass is green. The sky is blue.", parser="text")
    answer = read_response(
        "anthropic",
        {"content": [{"type": "text", "text": "Green.", "citations": [char_citation("The grass is green.", 0)]}]},
        [SentDocument(text, title="Loyalty Program Details")],
    )
    assert isinstance(answer, ProviderAnswer) and answer.citations[0].source == "Loyalty Program Details"


def test_answer_round_trips_through_json(loyalty: Document) -> None:
    answer = read_response("anthropic", anthropic_loyalty(), [loyalty])
    assert ProviderAnswer.model_validate(json.loads(answer.model_dump_json())) == answer


# --- streamed responses ---------------------------------------------------------------------

RETURN = "The return window is thirty days from purchase."


def test_an_anthropic_event_stream_is_put_back_together(tmp_path: Path, providers: Path) -> None:
    cited = {
        "type": "char_location",
        "cited_text": RETURN,
        "document_index": 0,
        "document_title": None,
        "start_char_index": 0,
        "end_char_index": 47,
    }
    events = [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": []}},
        {"type": "content_block_start", "index": 0, "content_block": {"citations": [], "type": "text", "text": ""}},
        {"type": "ping"},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "citations_delta", "citation": cited}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "The return window "}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "is thirty days."}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}},
        {"type": "message_stop"},
    ]
    document = parse_file(providers / "pydantic-ai" / "return_window.txt")
    for response in (events, "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)):
        answer = read_response("anthropic", response, [document])
        assert answer.claims[0].text == "The return window is thirty days."
        assert answer.citations[0].citation.quote == RETURN
    stream = tmp_path / "stream.txt"
    stream.write_text("".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events), encoding="utf-8")
    from click.testing import CliRunner

    from citecheck.cli._main import main

    result = CliRunner().invoke(
        main, ["match", "--from", "anthropic", str(stream), str(providers / "pydantic-ai" / "return_window.txt")]
    )
    assert result.exit_code == 0 and "c1.1" in result.output
    with pytest.raises(ProviderResponseError, match="not JSON"):
        read_response("anthropic", "event: x\ndata: {oops\n", [document])


def test_a_bedrock_converse_stream_is_put_back_together(providers: Path) -> None:
    citation = {
        "title": "Document 1",
        "sourceContent": [{"text": RETURN}],
        "location": {"documentChar": {"documentIndex": 0, "start": 0, "end": 47}},
    }
    events = [
        {"messageStart": {"role": "assistant"}},
        {"contentBlockDelta": {"delta": {"text": "The return window "}, "contentBlockIndex": 0}},
        {"contentBlockDelta": {"delta": {"text": "is thirty days."}, "contentBlockIndex": 0}},
        {"contentBlockDelta": {"delta": {"citation": citation}, "contentBlockIndex": 0}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
        {"contentBlockDelta": {"delta": {"text": " Enjoy."}, "contentBlockIndex": 1}},
        {"messageStop": {"stopReason": "end_turn"}},
    ]
    document = parse_file(providers / "pydantic-ai" / "return_window.txt")
    answer = read_response("bedrock", events, [document])
    assert answer.text == "The return window is thirty days. Enjoy."
    assert answer.claims[0].text == "The return window is thirty days." and len(answer.citations) == 1
    run = match_answer(answer, [document])
    assert run.results[0].location.status == "found" and run.checks["c1.1"].agrees


@pytest.mark.parametrize(
    ("provider", "events", "where"),
    [
        ("anthropic", [{"type": "content_block_start", "index": "one", "content_block": {"type": "text"}}], "index"),
        ("anthropic", [{"type": "content_block_delta", "index": None, "delta": {"type": "text_delta"}}], "index"),
        (
            "bedrock",
            [{"contentBlockDelta": {"delta": {"text": "x"}, "contentBlockIndex": 1.5}}],
            "contentBlockDelta.contentBlockIndex",
        ),
    ],
)
def test_a_stream_event_with_an_index_that_is_no_index_names_it(
    provider: str, events: list[dict[str, Any]], where: str
) -> None:
    with pytest.raises(ProviderResponseError, match=re.escape(f"event 0.{where}")):
        read_response(provider, events)


def test_a_null_text_delta_adds_no_text() -> None:
    events = [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": None}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi."}},
    ]
    assert read_response("anthropic", events).text == "Hi."


def _gemini_chunk(text: str | None, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": [] if text is None else [{"text": text}]}}
    if metadata is not None:
        candidate["groundingMetadata"] = metadata
    return {"candidates": [candidate]}


_SKY = {"retrievedContext": {"text": "The sky is blue. Grass is green."}}


@pytest.mark.parametrize("as_text", [False, True])
def test_a_gemini_stream_is_put_back_together(as_text: bool) -> None:
    # The segments of the last chunk count bytes of the whole answer, not of that chunk's text.
    supports = [
        {"segment": {"endIndex": 16, "text": "The sky is blue."}, "groundingChunkIndices": [0]},
        {"segment": {"startIndex": 17, "endIndex": 32, "text": "Grass is green."}, "groundingChunkIndices": [0]},
    ]
    chunks = [
        _gemini_chunk(None),
        _gemini_chunk("The sky is"),
        _gemini_chunk(" blue. Grass is green."),
        _gemini_chunk(None, {"groundingChunks": [_SKY], "groundingSupports": supports}),
    ]
    response: object = "".join(f"data: {json.dumps(c)}\r\n\r\n" for c in chunks) if as_text else chunks
    answer = read_response("gemini", response)
    assert answer.text == "The sky is blue. Grass is green."
    assert [c.text for c in answer.claims] == ["The sky is blue.", "Grass is green."]
    assert len(answer.citations) == 2


def test_gemini_grounding_spread_over_chunks_is_all_kept() -> None:
    first = {
        "groundingChunks": [_SKY],
        "groundingSupports": [{"segment": {"endIndex": 3}, "groundingChunkIndices": [0]}],
    }
    second = {
        "groundingChunks": [{"retrievedContext": {"text": "Other."}}],
        "groundingSupports": [{"segment": {"startIndex": 4, "endIndex": 7}, "groundingChunkIndices": [0]}],
    }
    answer = read_response("gemini", [_gemini_chunk("One two", first), _gemini_chunk(None, second)])
    assert [c.text for c in answer.claims] == ["One", "two"]
    assert [c.location.raw["chunk"] for c in answer.citations] == [_SKY, {"retrievedContext": {"text": "Other."}}]


def test_a_cumulative_gemini_grounding_is_read_once() -> None:
    metadata = {
        "groundingChunks": [_SKY],
        "groundingSupports": [{"segment": {"endIndex": 3}, "groundingChunkIndices": [0]}],
    }
    answer = read_response("gemini", [_gemini_chunk("One", metadata), _gemini_chunk(" two", metadata)])
    assert len(answer.citations) == 1


def test_an_openai_responses_stream_is_read_from_its_completed_event(grass: Document) -> None:
    text, note = GREEN, green_link()
    final = responses_answer(text, note)
    events = [
        {"type": "response.created", "response": {"output": []}},
        {"type": "response.output_text.delta", "delta": text},
        {"type": "response.output_text.annotation.added", "annotation": note, "annotation_index": 0},
        {"type": "response.completed", "response": final},
    ]
    sse = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)
    for response in (events, sse):
        answer = read_response("openai", response, [SentDocument(grass, url="https://a.example/g")])
        assert [(c.text, c.citations) for c in answer.claims] == [("The grass is green.", ("c1.1",))]
    with pytest.raises(ProviderResponseError, match=r"response\.completed"):
        read_response("openai", events[:-1])


def test_an_openai_chat_stream_is_put_back_together(grass: Document) -> None:
    text = GREEN
    note = {
        "type": "url_citation",
        "url_citation": {"start_index": text.index("(["), "end_index": len(text), "url": "https://a.example/g"},
    }
    cut = 10
    chunks = [
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]},
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": text[:cut]}}]},
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": text[cut:]}}]},
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"annotations": [note]}}]},
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
    ]
    sse = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
    for response in (chunks, sse):
        answer = read_response("openai", response, [SentDocument(grass, url="https://a.example/g")])
        assert answer.text == text
        assert [(c.text, c.citations) for c in answer.claims] == [("The grass is green.", ("c1.1",))]


@pytest.mark.parametrize(
    ("provider", "events", "where"),
    [
        (
            "anthropic",
            [{"type": "content_block_start", "index": 0, "content_block": {"type": "text", "citations": 1.5}}],
            "event 0.content_block.citations",
        ),
        (
            "gemini",
            [{"candidates": [{"content": {"parts": []}, "groundingMetadata": {"groundingChunks": 1.5}}]}],
            "chunk 0.candidates[0].groundingMetadata.groundingChunks",
        ),
    ],
)
def test_a_stream_event_of_the_wrong_shape_names_it(provider: str, events: list[Any], where: str) -> None:
    with pytest.raises(ProviderResponseError, match=re.escape(where)):
        read_response(provider, events)


def test_stream_events_with_null_or_odd_parts_are_read_around() -> None:
    anthropic = [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": None}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi."}},
    ]
    assert read_response("anthropic", anthropic).text == "Hi."
    bedrock = [
        {"contentBlockDelta": {"delta": "odd", "contentBlockIndex": 0}},
        {"contentBlockDelta": {"delta": {"text": "Hi."}, "contentBlockIndex": 0}},
    ]
    assert read_response("bedrock", bedrock).text == "Hi."


@pytest.mark.parametrize("provider", ["gemini", "openai", "anthropic", "bedrock"])
def test_a_stream_of_sdk_objects_is_read_through_model_dump(provider: str) -> None:
    events: dict[str, list[dict[str, Any]]] = {
        "gemini": [_gemini_chunk("Hi."), _gemini_chunk(None)],
        "openai": [{"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "Hi."}}]}],
        "anthropic": [{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi."}}],
        "bedrock": [{"contentBlockDelta": {"delta": {"text": "Hi."}, "contentBlockIndex": 0}}],
    }
    assert read_response(provider, [_SdkMessage(e) for e in events[provider]]).text == "Hi."
