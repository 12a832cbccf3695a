"""Which adapter reads which provider's response: `read_response` and `PROVIDERS`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import get_args

from citecheck._models import Document
from citecheck.providers._anthropic import read_anthropic
from citecheck.providers._bedrock import read_bedrock
from citecheck.providers._cohere import read_cohere
from citecheck.providers._gemini import read_gemini
from citecheck.providers._model import (
    ProviderAnswer,
    ProviderName,
    SentDocument,
)
from citecheck.providers._numbered import read_numbered
from citecheck.providers._openai import read_openai

__all__ = ["PROVIDERS", "Documents", "read_response"]

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
