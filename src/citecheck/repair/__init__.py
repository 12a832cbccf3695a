"""The answer repaired: tolerant quotes become the source's words, missing ones prose or marked.

`repair_answer` takes an answer whose citations carry their quotes as the answer writes them;
`repair_response` a provider's response. Both return a `RepairedAnswer`: the text, each citation's
change, verdict and offsets (in the repaired text and in the source), Markdown with a footnote per
citation (`RepairedAnswer.to_markdown`) and, for a provider, its response repaired in its own shape.

Nothing is invented: every word put in is the source's, at the offsets given; no claim is
rewritten; a quote found word for word is left byte for byte as it was. See ``docs/repair.md``.

Examples:
    ```python
    repaired = repair_answer(answer_text, citations, document, checker=Checker(judge=judge))
    print(repaired.to_markdown())
    ```
"""

from citecheck.repair._repair import (
    MARK,
    Change,
    MissingQuotes,
    RepairedAnswer,
    RepairedCitation,
    repair_answer,
    repair_response,
)

__all__ = ["MARK", "Change", "MissingQuotes", "RepairedAnswer", "RepairedCitation", "repair_answer", "repair_response"]
