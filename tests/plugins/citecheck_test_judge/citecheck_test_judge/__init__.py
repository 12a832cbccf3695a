"""Judges for citecheck's tests: one that answers by shared words, and three that misbehave."""

from __future__ import annotations

from citecheck import JudgeAnswer
from citecheck.testing import static_answer


class WordsJudge:
    """Supports a claim when every word of it is in the section, else says nothing (no model, no key)."""

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        words = {word.strip(".,").casefold() for word in claim.split()}
        present = {word.strip(".,").casefold() for word in section.split()}
        return static_answer("supports" if words <= present else "says_nothing", 0.9)


class RaisingJudge:
    """A judge with a bug: it raises on every question."""

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        raise RuntimeError("the judge plugin broke")


class WrongTypeJudge:
    """A judge that answers with a string, not a `JudgeAnswer`."""

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        return "supports"  # type: ignore[return-value]


NOT_A_JUDGE = {"judge": "no"}
