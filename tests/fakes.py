"""Test doubles shared by the tests."""

from __future__ import annotations

from citecheck import JudgeAnswer
from citecheck._errors import JudgeCallError


class FakeJudge:
    """A judge that answers from a table keyed by claim, and records what it was asked."""

    def __init__(self, answers: dict[str, tuple[str, float]] | None = None, *, fail_on: set[str] | None = None) -> None:
        self.answers = answers or {}
        self.fail_on = fail_on or set()
        self.calls: list[tuple[str, str]] = []

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        self.calls.append((claim, section))
        if claim in self.fail_on:
            raise JudgeCallError("the fake judge was told to fail")
        choice, confidence = self.answers.get(claim, ("supports", 0.9))
        probabilities = {"supports": 0.0, "contradicts": 0.0, "says_nothing": 0.0, choice: confidence}
        return JudgeAnswer(
            choice=choice,  # type: ignore[arg-type]
            probabilities=probabilities,
            confidence=confidence,
            seconds=0.0,
            input_tokens=1,
            output_tokens=1,
        )
