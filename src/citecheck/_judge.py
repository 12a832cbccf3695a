"""Step 2: ask the model how a section relates to a claim, with answers cached.

`TypeSafeJudge` asks TypeSafe's Jev model the cookbook's `Choice` question. Answers are cached
in `cooksafe.JsonCache` files: with the cookbook's model and question the keys are those of
``ask(claim, section)``, so the cookbook's published ``json_cache.json`` replays unchanged. Any
other model or question caches under a function name of its own, so it never replays them.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from threading import Lock
from time import perf_counter
from typing import Any, Protocol, runtime_checkable

import httpx2
from cooksafe import JsonCache  # type: ignore[import-untyped]  # ships no py.typed
from pydantic import ValidationError
from typesafe_sdk import Choice, RetryPolicy, TypeSafeClient, TypeSafeError
from typesafe_sdk.constants import API_KEY_ENV

from citecheck._errors import CacheFormatError, JudgeCallError, NoAnswerError
from citecheck._models import JudgeAnswer

__all__ = [
    "CRITERIA",
    "DEFAULT_MODEL",
    "INSTRUCTIONS",
    "Judge",
    "TypeSafeJudge",
    "prepare_question",
]

DEFAULT_MODEL = "jev-1.12"
"""The model the cookbook's answers were recorded with."""

INSTRUCTIONS = "How does the section relate to the claim?"
"""The cookbook's question, word for word."""

CRITERIA: Mapping[str, str] = {
    "supports": "The section states the claim or directly implies that it is true",
    "contradicts": "The section states the opposite of the claim or implies it is false",
    "says_nothing": "The section does not address what the claim asserts, either way",
}
"""The cookbook's three relations, word for word."""

_QUESTION_NAME = "relation"
_COOKBOOK_CACHE_NAME = "ask"


@runtime_checkable
class Judge(Protocol):
    """Anything that can say how a section relates to a claim."""

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """Answer the Choice question for one claim and the section text it cites.

        Raises:
            JudgeError: No answer could be had.
        """
        ...


def prepare_question(
    claim: str,
    section: str,
    *,
    instructions: str = INSTRUCTIONS,
    criteria: Mapping[str, str] = CRITERIA,
) -> tuple[dict[str, str], dict[str, Choice]]:
    """The state and questions sent for one claim and section: a pure step, no I/O.

    Returns:
        ``(state, questions)`` as `TypeSafeClient.system_one` takes them.
    """
    state = {"claim": claim, "section": section}
    questions = {_QUESTION_NAME: Choice(instructions=instructions, criteria=dict(criteria))}
    return state, questions


def _open_cache(path: Path) -> Any:
    """Open a `cooksafe.JsonCache` file, turning an unreadable one into a typed error."""
    try:
        return JsonCache(path)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CacheFormatError(f"the cache {path} cannot be read as a JSON answer cache: {error}") from None


def _answer_from_entry(raw: Any) -> JudgeAnswer:
    """A cache entry as an answer, turning a malformed one into a typed error."""
    try:
        return JudgeAnswer.model_validate(raw)
    except ValidationError as error:
        problem = error.errors(include_url=False)[0]
        field = ".".join(str(part) for part in problem["loc"]) or "entry"
        raise CacheFormatError(f"the cached answer has a bad {field!r}: {problem['msg']}") from None


def _cache_name(model: str, instructions: str, criteria: Mapping[str, str]) -> str:
    """The cache's function name: the cookbook's ``ask`` only for the cookbook's model and question."""
    if model == DEFAULT_MODEL and instructions == INSTRUCTIONS and dict(criteria) == dict(CRITERIA):
        return _COOKBOOK_CACHE_NAME
    question = json.dumps([model, instructions, dict(criteria)], sort_keys=True)
    return f"ask_{hashlib.sha256(question.encode()).hexdigest()[:16]}"


class TypeSafeJudge:
    """The default judge: TypeSafe's Jev model answering the cookbook's Choice question.

    Args:
        model: The model to ask.
        cache: A `cooksafe.JsonCache` file to replay answers from and record new ones to, or an
            open `JsonCache`; ``None`` caches nothing.
        api_key: The API key; defaults to the ``TYPESAFE_API_KEY`` environment variable. It is only
            needed when an answer is not in the cache.
        client: A `TypeSafeClient` to use instead of building one.
        transport: An ``httpx2`` transport for the client this judge builds, such as
            ``httpx2.MockTransport`` in tests.
        timeout: Seconds to wait for one answer.
        retry: The SDK's retry policy for calls.
        instructions: The question's instructions.
        criteria: The question's relations and their descriptions; the keys must be the three
            relations (``supports``, ``contradicts``, ``says_nothing``).

    Examples:
        ```python
        judge = TypeSafeJudge(cache="json_cache.json")
        answer = judge.judge(claim, section_text)
        ```
    """

    def __init__(
        self,
        *,
        model: str = DEFAULT_MODEL,
        cache: str | os.PathLike[str] | JsonCache | None = None,
        api_key: str | None = None,
        client: TypeSafeClient | None = None,
        transport: httpx2.BaseTransport | None = None,
        timeout: float = 120.0,
        retry: RetryPolicy | None = None,
        instructions: str = INSTRUCTIONS,
        criteria: Mapping[str, str] = CRITERIA,
    ) -> None:
        if set(criteria) != set(CRITERIA):
            raise ValueError(f"criteria must name exactly {sorted(CRITERIA)}, got {sorted(criteria)}")
        self.model = model
        self.instructions = instructions
        self.criteria = dict(criteria)
        self._api_key = api_key
        self._client = client
        self._transport = transport
        self._timeout = timeout
        self._retry = retry
        self._client_lock = Lock()
        self._cache = _open_cache(Path(cache)) if isinstance(cache, (str, os.PathLike)) else cache
        self._owns_client = client is None

        def ask(claim: str, section: str) -> dict[str, Any]:
            return self._ask(claim, section)

        # JsonCache keys on the function's name: "ask" is the cookbook's, anything else is not.
        ask.__name__ = _cache_name(model, instructions, self.criteria)
        self._cached_ask: Callable[[str, str], Any] = self._cache(ask) if self._cache is not None else ask

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """Answer the Choice question for one claim and section, from the cache when it can.

        Raises:
            NoAnswerError: The answer is not cached and there is no API key; nothing was sent.
            JudgeCallError: The API call failed.
            CacheFormatError: The cached entry is not a valid answer.
        """
        return _answer_from_entry(self._cached_ask(claim, section))

    def _get_client(self) -> TypeSafeClient:
        with self._client_lock:
            if self._client is None:
                key = self._api_key if self._api_key is not None else os.environ.get(API_KEY_ENV, "")
                if not key.strip():
                    raise NoAnswerError(
                        f"no cached answer and no API key: set {API_KEY_ENV}, or pass a cache that holds "
                        f"this answer for model {self.model}"
                    )
                try:
                    self._client = TypeSafeClient(
                        api_key=self._api_key, transport=self._transport, timeout=self._timeout, retry=self._retry
                    )
                except TypeSafeError as error:
                    raise JudgeCallError(f"the TypeSafe client cannot be set up: {error}") from None
            return self._client

    def _ask(self, claim: str, section: str) -> dict[str, Any]:
        # Must stay a plain function of (claim, section): the cache keys on exactly these two.
        client = self._get_client()
        state, questions = prepare_question(claim, section, instructions=self.instructions, criteria=self.criteria)
        started = perf_counter()
        try:
            response = client.system_one(state=state, questions=questions, model=self.model)
        except TypeSafeError as error:
            raise JudgeCallError(f"the {self.model} call failed: {type(error).__name__}: {error}") from error
        answer = response.choices.get(_QUESTION_NAME)
        if answer is None or answer.choice not in self.criteria:
            raise JudgeCallError(
                f"the {self.model} response has no {_QUESTION_NAME!r} answer naming one of {sorted(self.criteria)}"
            )
        return {
            "choice": answer.choice,
            "probabilities": dict(answer.probabilities),
            "confidence": answer.confidence,
            "seconds": round(perf_counter() - started, 2),
            "input_tokens": response.usage.input_tokens or 0,
            "output_tokens": response.usage.output_tokens or 0,
        }

    def close(self) -> None:
        """Close the client this judge built, if any; a client passed in stays open."""
        if self._client is not None and self._owns_client:
            self._client.close()
            self._client = None

    def __enter__(self) -> TypeSafeJudge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
