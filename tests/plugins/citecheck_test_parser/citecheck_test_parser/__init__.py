"""A parser plugin for citecheck's tests: a question-and-answer file (``.qa``), one section per ``Q:`` line."""

from __future__ import annotations

import re

from citecheck import Document, Section
from citecheck.parsers import fail

__all__ = ["QAParser"]

_QUESTION = re.compile(r"(?m)^Q: (.+)$")


class QAParser:
    """One section per ``Q:`` line, running to the next one."""

    extensions = (".qa",)

    def parse(self, text: str) -> Document:
        """Split the text into its questions.

        Raises:
            DocumentError: No line starts with ``Q:``.
        """
        questions = list(_QUESTION.finditer(text))
        if not questions:
            fail("not questions and answers: no line starts with 'Q:'")
        sections = []
        for number, question in enumerate(questions, start=1):
            end = questions[number].start() if number < len(questions) else len(text)
            body = text[question.start() : end].rstrip()
            sections.append(
                Section(
                    id=f"q{number}",
                    title=question.group(1),
                    kind="heading",
                    text=body,
                    start=question.start(),
                    end=question.start() + len(body),
                )
            )
        return Document(text=text, sections=tuple(sections))
