"""Judges for tests: answers without a model, no network and no API key.

As httpx ships ``MockTransport`` and click ships ``CliRunner``, citecheck ships the judges its own
tests use, so yours can run offline too:

- `StaticJudge` answers from a table you write (or a function), and records what it was asked.
- `RecordedJudge` replays answers a model gave earlier, from a `cooksafe.JsonCache` file such as
  the cookbook's ``json_cache.json``, and fails loudly on a claim it has no answer for.

The answers a `StaticJudge` returns are test doubles: values you chose, not a model's. Show them as
such; never present them as a model's judgement. `RecordedJudge` answers are a model's, as recorded.

Examples:
    ```python
    from citecheck import check_citation
    from citecheck.testing import StaticJudge

    judge = StaticJudge({"Tokens expire.": ("supports", 0.95)})
    result = check_citation(document, citation, judge=judge)
    assert judge.calls == [("Tokens expire.", result.location.text)]
    ```
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from cooksafe import JsonCache  # type: ignore[import-untyped]  # ships no py.typed

from citecheck._models import JudgeAnswer, Relation
from citecheck._types import StaticAnswer
from citecheck.errors import CacheNotFoundError, JudgeError, NoAnswerError
from citecheck.judge import CRITERIA, DEFAULT_MODEL, INSTRUCTIONS, AnswerCache, open_cache, recorded_answer

__all__ = ["NoRecordedAnswerError", "RecordedJudge", "StaticAnswer", "StaticJudge", "static_answer"]


class NoRecordedAnswerError(NoAnswerError):
    """A test judge has no answer for a claim: not in its table, or not in its recording.

    Attributes:
        claim: The claim it was asked about.
    """

    def __init__(self, message: str, *, claim: str, citation: str | None = None) -> None:
        self.claim = claim
        super().__init__(message, citation=citation)

    def for_citation(self, citation: str) -> JudgeError:
        """The same error, naming the citation it happened on (and still the claim)."""
        return NoRecordedAnswerError(self.message, claim=self.claim, citation=citation)


def static_answer(choice: Relation, confidence: float = 1.0) -> JudgeAnswer:
    """A fixed `JudgeAnswer`, for tests: ``choice`` at ``confidence``, the rest shared by the others.

    Each other relation gets at most ``confidence``, so ``choice`` stays the most probable.

    It is a test double, not a model's answer: it took no time and used no tokens.

    Raises:
        ValueError: ``choice`` is not a relation, or ``confidence`` is not between 0 and 1.
    """
    if not 0.0 <= confidence <= 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    # The rest is shared by the others, but none may pass the choice: below 1/3 they sum to less
    # than 1, since a valid answer's choice is its most probable relation.
    rest = min(confidence, (1.0 - confidence) / (len(CRITERIA) - 1))
    return JudgeAnswer.model_validate(
        {
            "choice": choice,
            "probabilities": {relation: confidence if relation == choice else rest for relation in CRITERIA},
            "confidence": confidence,
            "seconds": 0.0,
            "input_tokens": 0,
            "output_tokens": 0,
        }
    )


def _as_answer(value: StaticAnswer) -> JudgeAnswer | BaseException:
    if isinstance(value, (JudgeAnswer, BaseException)):
        return value
    if isinstance(value, str):
        return static_answer(value)
    return static_answer(*value)


class StaticJudge:
    """A judge that answers from a fixed table of claims, or from a function, and records its calls.

    Args:
        answers: ``{claim: answer}``, or a function ``(claim, section) -> answer``; an answer is
            anything `StaticAnswer` describes.
        default: The answer for a claim the table does not hold; without one, such a claim raises
            `NoRecordedAnswerError`.

    Attributes:
        calls: Every ``(claim, section)`` it was asked, in order.

    Examples:
        ```python
        judge = StaticJudge({"Tokens expire.": "supports", "Keys rotate.": ("contradicts", 0.7)})
        judge = StaticJudge(default="says_nothing")
        judge = StaticJudge(lambda claim, section: "supports" if "MUST" in section else "says_nothing")
        judge = StaticJudge({"Keys rotate.": JudgeCallError("rate limited")})
        ```
    """

    def __init__(
        self,
        answers: Mapping[str, StaticAnswer] | Callable[[str, str], StaticAnswer] | None = None,
        *,
        default: StaticAnswer | None = None,
    ) -> None:
        self._function = answers if callable(answers) else None
        # A table is turned into answers now, so a typo in it fails here and not mid-test.
        table = {} if answers is None or callable(answers) else answers
        self._table = {claim: _as_answer(answer) for claim, answer in table.items()}
        self._default = None if default is None else _as_answer(default)
        self.calls: list[tuple[str, str]] = []

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """The fixed answer for ``claim`` (a test double, not a model's).

        Raises:
            NoRecordedAnswerError: The table holds no answer for ``claim`` and there is no default.
        """
        self.calls.append((claim, section))
        if self._function is not None:
            answer = _as_answer(self._function(claim, section))
        else:
            found = self._table.get(claim, self._default)
            if found is None:
                raise NoRecordedAnswerError(f"StaticJudge has no answer for the claim {claim!r}", claim=claim)
            answer = found
        if isinstance(answer, BaseException):
            raise answer
        return answer


class RecordedJudge:
    """A judge that replays recorded answers and never asks a model.

    It reads a `cooksafe.JsonCache` file under the keys `citecheck.TypeSafeJudge` stores answers
    with, so the cookbook's ``json_cache.json`` replays unchanged for the cookbook's model and
    question. The file is only read, never written.

    Args:
        cache: The recording: a cache file (cooksafe's JSON format, or SQLite by its extension), an
            open `AnswerCache`, or a `cooksafe.JsonCache`.
        model: The model the answers were recorded with.
        instructions: The question's instructions the answers were recorded with.
        criteria: The question's relations the answers were recorded with.

    Attributes:
        calls: Every ``(claim, section)`` it was asked, in order.

    Raises:
        CacheNotFoundError: The file does not exist (as for `TypeSafeJudge`, a recording is never created).
        CacheFormatError: The file is not an answer cache.
    """

    def __init__(
        self,
        cache: str | os.PathLike[str] | JsonCache | AnswerCache,
        *,
        model: str = DEFAULT_MODEL,
        instructions: str = INSTRUCTIONS,
        criteria: Mapping[str, str] = CRITERIA,
    ) -> None:
        if isinstance(cache, JsonCache):
            cache = Path(cache.path)
        if isinstance(cache, (str, os.PathLike)):
            path = Path(cache)
            if not path.is_file():
                raise CacheNotFoundError(f"the recording {path} does not exist")
            cache = open_cache(path)
        self.model = model
        self.calls: list[tuple[str, str]] = []
        self._cache = cache
        self._where = getattr(cache, "path", "the recording")
        self._instructions = instructions
        self._criteria = criteria

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """The recorded answer for ``claim`` and ``section``.

        Raises:
            NoRecordedAnswerError: The recording holds no answer for them; nothing was sent.
            CacheFormatError: The recorded entry is not a valid answer.
        """
        self.calls.append((claim, section))
        # Read as TypeSafeJudge reads its cache: under the key its answer for this question is stored.
        answer = recorded_answer(
            self._cache, claim, section, model=self.model, instructions=self._instructions, criteria=self._criteria
        )
        if answer is None:
            raise NoRecordedAnswerError(
                f"{self._where} holds no answer of {self.model} for the claim {claim!r} with this section text",
                claim=claim,
            )
        return answer
