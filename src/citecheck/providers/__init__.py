"""Provider responses in: Anthropic, Bedrock, OpenAI, Cohere, Gemini and numbered RAG answers as citations.

Each adapter reads the provider's documented JSON (a dict, or an SDK object through its
``model_dump()``/``to_dict()``; no provider SDK is imported) and returns a `ProviderAnswer`:
citecheck citations, each linked to the claim's span of the answer, the document it cites and the
provider's own location. `render_answer_html` shows the answer in the review report, each claim
linked to its citations' cards (`answer_html_style_hash` is its style's Content-Security-Policy source).
"""

from citecheck.checker import absent_numbers
from citecheck.providers._check import LocationCheck, ProviderRun, check_answer, match_answer, provider_documents
from citecheck.providers._model import (
    AnswerLinks,
    Claim,
    LinkedCitation,
    Passage,
    ProviderAnswer,
    ProviderError,
    ProviderLocation,
    ProviderName,
    ProviderResponseError,
    ProviderSourceError,
    SentDocument,
)
from citecheck.providers._read import PROVIDERS, installed_providers, read_response
from citecheck.providers._report import answer_html_style_hash, render_answer_html
from citecheck.providers._request import request_documents

__all__ = [
    "PROVIDERS",
    "AnswerLinks",
    "Claim",
    "LinkedCitation",
    "LocationCheck",
    "Passage",
    "ProviderAnswer",
    "ProviderError",
    "ProviderLocation",
    "ProviderName",
    "ProviderResponseError",
    "ProviderRun",
    "ProviderSourceError",
    "SentDocument",
    "absent_numbers",
    "answer_html_style_hash",
    "check_answer",
    "installed_providers",
    "match_answer",
    "provider_documents",
    "read_response",
    "render_answer_html",
    "request_documents",
]
