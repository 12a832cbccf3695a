"""Properties of the provider adapters over generated responses (Hypothesis, fixed seed, bounded).

The responses are generated from each adapter's documented shape (the ``*_response`` strategies
below), then some are damaged: one field of one citation given a value of the wrong kind. The
property: every citation of the response comes out, as a linked citation and then as a result, or
the response is refused with a typed error (`CitecheckError`) that names where; none disappears.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from citecheck import CitecheckError, Document
from citecheck.providers import match_answer, read_response
from tests.test_properties import PROPERTY

SENTENCES = [
    "The limit is ten items per request.",
    "Tokens expire after one hour.",
    "A client MUST NOT reuse a nonce.",
    "Über 5 % der Anfragen schlagen fehl.",
    "Refunds take 3\u20135 days.",
]
DOCUMENT = Document.from_sections({"1": " ".join(SENTENCES)}, name="policy.txt")
URL = "https://example.com/policy"

# A claim of the answer and the sentences of the document its citations quote.
CLAIM = st.tuples(
    st.sampled_from(["It is ten.", "Tokens expire hourly!", "Nonces are single-use", "Refunds: 3 to 5 days."]),
    st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=3),
)
CLAIMS = st.lists(CLAIM, min_size=1, max_size=4)

Generated = tuple[str, object, list[Document] | dict[str, Document], int]


def _char(quote: str) -> dict[str, Any]:
    start = DOCUMENT.text.index(quote)
    return {"start": start, "end": start + len(quote)}


@st.composite
def anthropic_response(draw: st.DrawFn) -> Generated:
    blocks: list[dict[str, Any]] = []
    count = 0
    for claim, quotes in draw(CLAIMS):
        citations = []
        for quote in quotes:
            kind = draw(st.sampled_from(["char_location", "web_search_result_location", None]))
            if kind == "web_search_result_location":
                citations.append({"type": kind, "url": URL, "title": "Policy", "cited_text": quote})
            else:
                span = _char(quote)
                citations.append(
                    {
                        "type": kind,
                        "cited_text": quote,
                        "document_index": 0,
                        "start_char_index": span["start"],
                        "end_char_index": span["end"],
                    }
                )
        count += len(citations)
        blocks.append({"type": draw(st.sampled_from(["text", None])), "text": claim, "citations": citations})
        if draw(st.booleans()):
            blocks.append({"type": "text", "text": " and "})
    return "anthropic", {"content": blocks}, {URL: DOCUMENT}, count


@st.composite
def bedrock_response(draw: st.DrawFn) -> Generated:
    blocks: list[dict[str, Any]] = []
    count = 0
    for claim, quotes in draw(CLAIMS):
        citations = [
            {
                "title": "policy.txt",
                "sourceContent": [{"text": quote}],
                "location": {"documentChar": {"documentIndex": 0, **_char(quote)}},
            }
            for quote in quotes
        ]
        count += len(citations)
        blocks.append({"citationsContent": {"content": [{"text": claim}], "citations": citations}})
    return "bedrock", {"output": {"message": {"role": "assistant", "content": blocks}}}, [DOCUMENT], count


def _spans(claims: list[tuple[str, list[str]]]) -> tuple[str, list[tuple[int, int, int]]]:
    text, spans = "", []
    for claim, quotes in claims:
        spans.append((len(text), len(text) + len(claim), len(quotes)))
        text += claim + " "
    return text, spans


@st.composite
def openai_response(draw: st.DrawFn) -> Generated:
    text, spans = _spans(draw(CLAIMS))
    notes = [
        {"type": "url_citation", "url": URL, "title": "Policy", "start_index": start, "end_index": end}
        for start, end, quotes in spans
        for _ in range(quotes)
    ]
    if draw(st.booleans()):  # Chat Completions
        response: dict[str, Any] = {"choices": [{"message": {"content": text, "annotations": notes}}]}
    else:
        content = [{"type": "output_text", "text": text, "annotations": notes}]
        response = {"output": [{"type": "message", "content": content}]}
    return "openai", response, {URL: DOCUMENT}, len(notes)


@st.composite
def cohere_response(draw: st.DrawFn) -> Generated:
    text, spans = _spans(draw(CLAIMS))
    citations = [
        {
            "type": draw(st.sampled_from(["TEXT_CONTENT", None])),
            "start": start,
            "end": end,
            "sources": [{"type": "document", "id": f"d{i}", "document": {"text": SENTENCES[i]}} for i in range(quotes)],
        }
        for start, end, quotes in spans
    ]
    response = {"message": {"content": [{"type": "text", "text": text}], "citations": citations}}
    return "cohere", response, [], sum(quotes for _, _, quotes in spans)


@st.composite
def gemini_response(draw: st.DrawFn) -> Generated:
    text, spans = _spans(draw(CLAIMS))
    chunks = [{"retrievedContext": {"text": sentence, "title": f"chunk {i}"}} for i, sentence in enumerate(SENTENCES)]
    supports = []
    for start, end, quotes in spans:
        begin, stop = len(text[:start].encode()), len(text[:end].encode())  # segments count UTF-8 bytes
        segment = {"startIndex": begin, "endIndex": stop, "text": text[start:end]}
        supports.append({"segment": segment, "groundingChunkIndices": list(range(quotes))})
    metadata = {"groundingChunks": chunks, "groundingSupports": supports}
    response = {"candidates": [{"content": {"parts": [{"text": text}]}, "groundingMetadata": metadata}]}
    return "gemini", response, [], sum(quotes for _, _, quotes in spans)


@st.composite
def numbered_response(draw: st.DrawFn) -> Generated:
    claims = draw(CLAIMS)
    answer = " ".join(
        claim.rstrip(".!") + " " + "".join(f"[{i + 1}]" for i in range(len(quotes))) + "." for claim, quotes in claims
    )
    chunks = [{"id": i + 1, "text": sentence} for i, sentence in enumerate(SENTENCES)]
    return "numbered", {"answer": answer, "chunks": chunks}, [], sum(len(quotes) for _, quotes in claims)


RESPONSES = st.one_of(
    anthropic_response(),
    bedrock_response(),
    openai_response(),
    cohere_response(),
    gemini_response(),
    numbered_response(),
)
# Fewer examples than the round-1 properties: each reads a whole response and runs step 1.
ADAPTERS = settings(PROPERTY, max_examples=30)
WRONG = st.sampled_from([None, 7, 2.5, True, "text", [], [1], {}, {"x": 1}])


def _citation_objects(provider: str, response: Any) -> list[dict[str, Any]]:
    """The response's citation objects, where a damaged field goes."""
    found: dict[str, Callable[[Any], list[Any]]] = {
        "anthropic": lambda r: [c for b in r["content"] for c in b.get("citations", [])],
        "bedrock": lambda r: [
            c
            for b in r["output"]["message"]["content"]
            if "citationsContent" in b
            for c in b["citationsContent"]["citations"]
        ],
        "openai": lambda r: (
            r["choices"][0]["message"]["annotations"] if "choices" in r else r["output"][0]["content"][0]["annotations"]
        ),
        "cohere": lambda r: r["message"]["citations"],
        "gemini": lambda r: r["candidates"][0]["groundingMetadata"]["groundingSupports"],
        "numbered": lambda r: r["chunks"],
    }
    return list(found[provider](response))


@given(RESPONSES)
@ADAPTERS
def test_every_citation_of_a_documented_response_comes_out(generated: Generated) -> None:
    provider, response, documents, count = generated
    answer = read_response(provider, response, documents)
    assert len(answer.citations) == count
    run = match_answer(answer, documents)
    assert len(run.results) == count


@given(RESPONSES, st.data())
@ADAPTERS
def test_a_damaged_citation_is_a_typed_error_or_still_comes_out(generated: Generated, data: st.DataObject) -> None:
    provider, response, documents, count = generated
    objects = _citation_objects(provider, response)
    target = data.draw(st.sampled_from(objects))
    field = data.draw(st.sampled_from(sorted(target)))
    target[field] = data.draw(WRONG)
    try:
        answer = read_response(provider, response, documents)
    except CitecheckError as error:
        assert str(error).strip()  # one typed line; which field it names is the adapters' tests' business
        return
    assert len(answer.citations) == count, f"{provider}: {field} = {target[field]!r} dropped a citation silently"
