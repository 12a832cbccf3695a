"""Checked by ``mypy --strict`` in CI, never run: provider responses, as a user sees their types."""

from typing import Any

from typing_extensions import assert_type

from citecheck import Checker, Citation, Document
from citecheck.providers import (
    LinkedCitation,
    ProviderAnswer,
    ProviderRun,
    SentDocument,
    check_answer,
    match_answer,
    read_response,
)
from citecheck.testing import StaticJudge


def check_providers(document: Document, response: dict[str, Any]) -> None:
    answer = read_response("anthropic", response, [document, SentDocument(document, title="Policy")])
    assert_type(answer, ProviderAnswer)
    assert_type(read_response("openai", response, {"file-abc": document}), ProviderAnswer)
    link = answer.citations[0]
    assert_type(link, LinkedCitation)
    assert_type(link.citation, Citation)
    assert_type(answer.link("c1.1"), LinkedCitation | None)
    assert_type(check_answer(answer, [document], judge=StaticJudge(default="supports")), ProviderRun)
    assert_type(match_answer(answer, [document], checker=Checker("cookbook")), ProviderRun)
