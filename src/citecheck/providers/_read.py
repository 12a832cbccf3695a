"""Which adapter reads which provider's response: `read_response` and `PROVIDERS`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import get_args

from citecheck._models import Document
from citecheck._plugins import GROUPS, call, entry_points_of, installed, load
from citecheck.errors import PluginError
from citecheck.providers._anthropic import read_anthropic
from citecheck.providers._bedrock import read_bedrock
from citecheck.providers._builder import text_only
from citecheck.providers._cohere import read_cohere
from citecheck.providers._gemini import read_gemini
from citecheck.providers._model import (
    ProviderAnswer,
    ProviderName,
    SentDocument,
)
from citecheck.providers._numbered import read_numbered
from citecheck.providers._openai import read_openai

__all__ = ["PROVIDERS", "Documents", "installed_providers", "read_response"]

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


def installed_providers() -> tuple[str, ...]:
    """The adapters ``--from`` takes: the built-in `PROVIDERS`, then those of the ``citecheck.providers`` group."""
    return (*PROVIDERS, *(name for name in installed("provider") if name not in _ADAPTERS))


def _not_an_adapter(value: object) -> str | None:
    if callable(value):
        return None
    return f"it is a {type(value).__name__}, not an adapter: an adapter is called as adapter(response, documents)"


def read_response(provider: ProviderName | str, response: object, documents: Documents = ()) -> ProviderAnswer:
    """Turn a provider's response into citecheck citations linked to the answer.

    Args:
        provider: One of `PROVIDERS`, or an adapter an installed package offers in the
            ``citecheck.providers`` entry point group (`installed_providers`).
        response: The response as the provider's JSON (a dict), or an SDK object with
            ``model_dump()`` or ``to_dict()``.
        documents: The documents sent, in the order sent (providers cite by index), as `Document`
            or `SentDocument` (with the title, file id or url the provider may name it by), or a
            mapping of those names to documents.

    Returns:
        The answer's text, its claims, and one `LinkedCitation` per citation of the response.

    Raises:
        PluginError: ``provider`` is neither built in nor installed (a `ValueError`; the message
            lists those that are), or the plugin adapter cannot be loaded, raises, or returns no
            `ProviderAnswer`; the message names it.
        ProviderResponseError: The response does not have the provider's documented shape.
        ProviderSourceError: Citations name sources that none of ``documents`` is (all listed).
    """
    adapter = _ADAPTERS.get(provider)
    if adapter is not None:
        return text_only(adapter(response, documents))
    found = entry_points_of("provider")
    if provider not in found:
        raise PluginError(
            f"{provider!r} is not a provider: use one of {', '.join(installed_providers())}",
            group=GROUPS["provider"],
            name=provider,
        )
    plugin, loaded = load("provider", provider, check=_not_an_adapter, entry=found[provider])
    answer: ProviderAnswer = call(plugin, "reading the response", loaded, response, documents, returns=ProviderAnswer)
    return text_only(answer)
