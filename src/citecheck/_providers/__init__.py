"""Provider responses in: Anthropic, Bedrock, OpenAI, Cohere, Gemini and numbered RAG answers as citations.

Each adapter reads the provider's documented JSON (a dict, or an SDK object through its
``model_dump()``/``to_dict()``; no provider SDK is imported) and returns a `ProviderAnswer`:
citecheck citations, each linked to the claim's span of the answer, the document it cites and the
provider's own location.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import get_args

from citecheck._models import Document
from citecheck._providers._anthropic import read_anthropic
from citecheck._providers._bedrock import read_bedrock
from citecheck._providers._check import LocationCheck, ProviderRun, check_answer, match_answer, provider_documents
from citecheck._providers._cohere import read_cohere
from citecheck._providers._gemini import read_gemini
from citecheck._providers._model import (
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
from citecheck._providers._numbered import read_numbered
from citecheck._providers._numbers import absent_numbers
from citecheck._providers._openai import read_openai
from citecheck._providers._request import request_documents

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
    "match_answer",
    "provider_documents",
    "read_response",
    "request_documents",
]

Documents = Sequence[Document | SentDocument] | Mapping[str, Document]

_ADAPTERS: dict[str, Callable[[object, Documents], ProviderAnswer]] = {
    "anthropic": read_anthropic,
    "bedrock": read_bedrock,
    "openai": read_openai,
    "cohere": read_cohere,
    "gemini": read_gemini,
    "numbered": read_numbered,
}

PROVIDERS: tuple[ProviderName, ...] = get_args(ProviderName)
"""The providers `read_response` reads, as ``--from`` names them."""


def read_response(provider: ProviderName | str, response: object, documents: Documents = ()) -> ProviderAnswer:
    """Turn a provider's response into citecheck citations linked to the answer.

    Args:
        provider: One of `PROVIDERS`.
        response: The response as the provider's JSON (a dict), or an SDK object with
            ``model_dump()`` or ``to_dict()``.
        documents: The documents sent, in the order sent (providers cite by index), as `Document`
            or `SentDocument` (with the title, file id or url the provider may name it by), or a
            mapping of those names to documents.

    Returns:
        The answer's text, its claims, and one `LinkedCitation` per citation of the response.

    Raises:
        ValueError: ``provider`` is not one of `PROVIDERS`.
        ProviderResponseError: The response does not have the provider's documented shape.
        ProviderSourceError: Citations name sources that none of ``documents`` is (all listed).
    """
    adapter = _ADAPTERS.get(provider)
    if adapter is None:
        raise ValueError(f"{provider!r} is not a provider: use one of {', '.join(PROVIDERS)}")
    return adapter(response, documents)
