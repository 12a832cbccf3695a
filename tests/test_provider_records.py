"""An adapter's answer held as records: its claims and citations read and serialize as the tuples they stand for."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from citecheck import Document
from citecheck.errors import ProviderResponseError
from citecheck.providers import Claim, LinkedCitation, ProviderAnswer, read_response
from citecheck.providers._builder import text_only
from citecheck.providers._numbered import read_numbered
from tests.provider_shapes import SIZED, policy, sized

_LINK = {"citation", "claim", "source", "location", "read"}
_GIVEN = {"chunk": set(), "quote": {"mapped_by"}, "passages": {"passages", "why", "mapped_by"}}


def _read(case: str, n: int = 12) -> ProviderAnswer:
    provider, response, documents = sized(case, n)
    return read_response(provider, response, documents)


def _as_tuples(answer: ProviderAnswer) -> ProviderAnswer:
    """The same answer built from plain tuples of validated models, as an adapter built it before."""
    claims = tuple(Claim.model_validate(claim.model_dump()) for claim in answer.claims)
    citations = tuple(LinkedCitation.model_validate(link.model_dump()) for link in answer.citations)
    chunks = tuple(Document.model_validate(chunk.model_dump()) for chunk in answer.chunks)
    return ProviderAnswer(provider=answer.provider, text=answer.text, claims=claims, citations=citations, chunks=chunks)


@pytest.mark.parametrize("case", list(SIZED))
def test_records_read_as_the_validated_models(case: str) -> None:
    answer = _read(case)
    plain = _as_tuples(answer)
    assert answer == plain and plain == answer
    assert answer.model_dump() == plain.model_dump()
    assert answer.model_dump_json() == plain.model_dump_json()
    assert repr(answer) == repr(plain)
    for link in answer.citations:  # the fields the builder gave each model (``exclude_unset`` reads them)
        assert link.model_fields_set == _LINK | _GIVEN[link.read]
        assert link.citation.model_fields_set == {"id", "claim", "quote", "section", "document"}
    assert all(claim.model_fields_set == {"start", "end", "text", "citations"} for claim in answer.claims)


@pytest.mark.parametrize("case", ["numbered", "openai files", "anthropic"])
def test_records_index_slice_add_hash_and_pickle_as_a_tuple(case: str) -> None:
    answer = _read(case)
    citations, claims = tuple(answer.citations), tuple(answer.claims)
    assert len(answer.citations) == len(citations) == 12 and len(answer.claims) == len(claims)
    assert answer.citations[-1] == citations[-1] and answer.citations[2:5] == citations[2:5]
    assert answer.claims[::3] == claims[::3]
    head = citations[:1]
    assert answer.citations + head == (*citations, *head) and head + answer.claims == (*head, *claims)
    assert hash(answer.claims) == hash(claims)
    assert answer.citations != citations[:-1] and answer.citations != list(citations)
    with pytest.raises(IndexError):
        answer.citations[12]
    again = pickle.loads(pickle.dumps(answer))
    assert again == answer and again.model_dump_json() == answer.model_dump_json()
    assert answer.link(citations[3].citation.id) == citations[3]


def test_redacted_links_carry_the_records_as_their_tuples() -> None:
    answer = _read("openai")
    links = answer.redacted()
    assert links.claims == answer.claims and links.model_dump() == _as_tuples(answer).redacted().model_dump()


def _openai(text: str, spans: list[tuple[int, int]]) -> ProviderAnswer:
    notes = [
        {"type": "url_citation", "url": "https://example.com/p", "title": "p", "start_index": s, "end_index": e}
        for s, e in spans
    ]
    response = {
        "output": [{"type": "message", "content": [{"type": "output_text", "text": text, "annotations": notes}]}]
    }
    provider, _, documents = sized("openai", 1)
    return read_response(provider, response, documents)


@pytest.mark.parametrize(
    ("order", "texts", "ids"),
    [
        ([1, 1, 2], ["B two.", "C three."], ["c1.1", "c1.2", "c2.1"]),  # in answer order: no span index kept
        ([1, 0, 1], ["B two.", "A one."], ["c1.1", "c2.1", "c1.2"]),  # out of order: a span seen before is found
        ([2, 0, 2, 0], ["C three.", "A one."], ["c1.1", "c2.1", "c1.2", "c2.2"]),
    ],
)
def test_a_span_cited_again_is_one_claim_in_any_order(order: list[int], texts: list[str], ids: list[str]) -> None:
    text = "A one. B two. C three."
    spans = [(0, 6), (7, 13), (14, 22)]
    answer = _openai(text, [spans[i] for i in order])
    assert [claim.text for claim in answer.claims] == texts
    assert [link.citation.id for link in answer.citations] == ids
    assert [answer.claims[link.claim].text for link in answer.citations] == [text[slice(*spans[i])] for i in order]


@pytest.mark.parametrize("words", [3, 200])  # a claim read again from the answer, and one kept (over 256 chars)
def test_a_claim_reads_without_its_markers_whatever_its_length(words: int) -> None:
    claim = " ".join(["word"] * words) + "."
    text = f"{claim[:9]} [1]{claim[9:]}"  # "word word [1] word ...": the claim is the text without "[1]"
    answer = _openai(text, [(0, len(text))])
    assert answer.claims[0].text == answer.citations[0].citation.claim == claim


_MIXED = {
    "answer": "A is so [1]. B is so [2]. C is so [3]. D is so [1][3].",
    "chunks": ["Same text.", "Same text.", {"id": 3, "title": "policy.txt"}],
}


@pytest.mark.parametrize("case", ["numbered chunks", "numbered", "cohere", "gemini", "mixed"])
def test_chunks_read_as_the_documents_they_stand_for(case: str) -> None:
    # Held as their section and text, made into a `Document` as they are read (one each held made
    # thousands of distinct chunks peak at 29x their JSON); "mixed": a text given twice, and passages.
    answer = read_response("numbered", _MIXED, [policy()]) if case == "mixed" else _read(case)
    plain = tuple(Document.model_validate(chunk.model_dump()) for chunk in answer.chunks)
    assert answer.chunks == plain and tuple(answer.chunks) == plain and len(answer.chunks) == len(plain) > 0
    assert {link.citation.document for link in answer.citations} == {chunk.name for chunk in plain}
    assert len({chunk.name for chunk in plain}) == len(plain)
    again = pickle.loads(pickle.dumps(answer))
    assert again.chunks == plain and again.model_dump_json() == _as_tuples(answer).model_dump_json()


_LONE = "\ud800"


@pytest.mark.parametrize(
    "response",
    [
        {"answer": "A is so [1].", "chunks": [f"Orders {_LONE} ship."]},
        {"answer": "A is so [1].", "chunks": [{"text": "Orders ship.", "title": f"T{_LONE}"}]},
        {"answer": "A is so [1]. B [2].", "chunks": ["Fine.", {"id": 2, "text": "Ok.", "url": f"u{_LONE}"}]},
        {"answer": "A is so [2]. B is so [1].", "chunks": ["Fine.", {"text": "x", "title": 7, "extra": [_LONE]}]},
        {"answer": "A is so [1]. B is so [1].", "chunks": ["Fine."]},
    ],
    ids=["chunk text", "chunk title", "chunk url", "nested", "none"],
)
def test_records_are_refused_as_the_models_they_stand_for(response: dict[str, Any]) -> None:
    # The check for lone surrogates reads an adapter's records, not models: the same verdict.
    answer = read_numbered(response)

    def verdict(checked: ProviderAnswer) -> str:
        try:
            text_only(checked)
        except ProviderResponseError as error:
            return str(error)
        return "accepted"

    assert verdict(answer) == verdict(_as_tuples(answer))
