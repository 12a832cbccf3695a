"""Provider responses in: Anthropic, Bedrock, OpenAI, Cohere, Gemini and numbered RAG answers as citations.

Each adapter reads the provider's documented JSON (a dict, or an SDK object through its
``model_dump()``/``to_dict()``; no provider SDK is imported) and returns a `ProviderAnswer`:
citecheck citations, each linked to the claim's span of the answer, the document it cites and the
provider's own location.
"""

from citecheck.checker import absent_numbers
from citecheck.providers._check import LocationCheck, ProviderRun, check_answer, match_answer, provider_documents
from citecheck.providers._model import (
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
from citecheck.providers._request import request_documents

__all__ = [
    "PROVIDERS",
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
    "check_answer",
    "installed_providers",
    "match_answer",
    "provider_documents",
    "read_response",
    "request_documents",
]
