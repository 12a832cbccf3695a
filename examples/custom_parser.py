"""Write a parser for your own document shape, register it, and check citations against it.

The document here is a FAQ: each question starts on a line of its own with ``Q:``, and a section
is one question with its answer. Citations name a question as ``q1``, ``q2``... The parser is a
`TextParser` (one ``parse(text)`` method); it is registered for ``.faq`` files in a copy of the
default registry, so `parse_file` picks it by extension and nothing global changes.

Run from the repository root:

    python examples/custom_parser.py

The judge is `citecheck.testing.StaticJudge`, a test double that answers from a fixed table, so
the example runs offline with no API key. Its answers are not a model's; use `TypeSafeJudge` for those.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from citecheck import Document, Section, check_citation, parse_file
from citecheck.parsers import TextParser, default_registry, fail
from citecheck.testing import StaticAnswer, StaticJudge

FAQ = """\
Widget Co. FAQ

Q: How long is the warranty?
A: Every widget comes with a two-year warranty. Batteries are covered for six months.

Q: Can I return a widget?
A: Unused widgets can be returned within 30 days for a full refund.

Q: Do widgets work outdoors?
A: Widgets are rated for indoor use only.
"""

QUESTION = re.compile(r"(?m)^Q: (.+)$")


class FAQParser:
    """One section per ``Q:`` line, running to the next one; ids ``q1``, ``q2``..."""

    def parse(self, text: str) -> Document:
        questions = list(QUESTION.finditer(text))
        if not questions:
            fail("not a FAQ: no line starts with 'Q:'")
        sections = []
        for number, (question, following) in enumerate(zip(questions, [*questions[1:], None], strict=True), start=1):
            end = following.start() if following else len(text)
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


CITATIONS: list[dict[str, str | None]] = [
    {
        "id": "warranty",
        "claim": "Widgets have a two-year warranty.",
        "quote": "Every widget comes with a two-year warranty.",
        "section": "q1",
    },
    {
        "id": "returns",
        "claim": "You can return a widget at any time.",
        "quote": "Unused widgets can be returned within 30 days for a full refund.",
        "section": "q2",
    },
    {
        "id": "waterproof",
        "claim": "Widgets are waterproof.",
        "quote": "Every widget is waterproof and can be left in the rain.",
        "section": "q3",
    },
    {
        "id": "outdoors",
        "claim": "Widgets can be used in the garden.",
        "quote": None,
        "section": "q3",
    },
]

STAND_IN_ANSWERS: dict[str, StaticAnswer] = {
    "Widgets have a two-year warranty.": ("supports", 0.95),
    "You can return a widget at any time.": ("contradicts", 0.9),
    "Widgets can be used in the garden.": ("contradicts", 0.6),
}


def main() -> None:
    parser: TextParser = FAQParser()
    parsers = default_registry().copy()
    parsers.register("faq", parser, extensions=(".faq",))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "widgets.faq"
        path.write_text(FAQ, encoding="utf-8")
        document = parse_file(path, parsers=parsers)  # by its extension: the FAQ parser
    print(f"{document.name}: {len(document.sections)} sections: " + ", ".join(s.id for s in document.sections))
    judge = StaticJudge(STAND_IN_ANSWERS, default=("says_nothing", 0.5))
    print("(answers come from a stand-in judge, not a model)")
    for citation in CITATIONS:
        result = check_citation(document, citation, judge=judge)
        action = "auto" if result.auto else "review"
        print(f"{result.id:<11} {result.status:<13} {result.section or '-':<4} {result.verdict!s:<13} {action}")


if __name__ == "__main__":
    main()
