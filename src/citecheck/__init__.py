"""citecheck: catch wrong and hallucinated citations in LLM output.

The top level is the facade: the check and match functions, the citation, document and result
types, the judges, the errors you catch most and the parse functions. The parts live in public
subpackages: `citecheck.parsers` (documents), `citecheck.matcher` (step 1), `citecheck.judge`
(step 2 and its caches), `citecheck.checker` (the check step: the `Checker`, the batch engine,
the verdict fold), `citecheck.review` (report, decisions, calibration),
`citecheck.providers` (provider responses), `citecheck.distributed` and `citecheck.testing`;
`citecheck.errors` holds every error.

``import citecheck`` loads none of them: each name is imported from its home the first time it is
used (PEP 562), so a command that never checks a citation (``citecheck --version``) pays for
none of it. Type checkers read the imports under ``TYPE_CHECKING``.
"""

import typing as _typing
from importlib import import_module as _import_module

if _typing.TYPE_CHECKING:
    from citecheck._models import (
        Citation,
        CitationFailure,
        CitationResult,
        Document,
        Flag,
        JudgeAnswer,
        Location,
        Section,
        Verdict,
    )
    from citecheck._types import CitationLike, Sources
    from citecheck.checker import (
        AUTO_ACCEPT,
        BatchResults,
        BatchTotals,
        Checker,
        MatchResult,
        acheck_citations,
        check_citation,
        check_citations,
        fold_verdict,
        match_citation,
        match_citations,
    )
    from citecheck.errors import (
        BatchInterrupted,
        CacheError,
        CitecheckError,
        DocumentError,
        InvalidCitationError,
        JudgeError,
    )
    from citecheck.judge import AsyncJudge, Judge, TypeSafeJudge
    from citecheck.parsers import parse_file, parse_text

__all__ = [
    "AUTO_ACCEPT",
    "AsyncJudge",
    "BatchInterrupted",
    "BatchResults",
    "BatchTotals",
    "CacheError",
    "Checker",
    "Citation",
    "CitationFailure",
    "CitationLike",
    "CitationResult",
    "CitecheckError",
    "Document",
    "DocumentError",
    "Flag",
    "InvalidCitationError",
    "Judge",
    "JudgeAnswer",
    "JudgeError",
    "Location",
    "MatchResult",
    "Section",
    "Sources",
    "TypeSafeJudge",
    "Verdict",
    "acheck_citations",
    "check_citation",
    "check_citations",
    "fold_verdict",
    "match_citation",
    "match_citations",
    "parse_file",
    "parse_text",
]

_HOMES = {
    **dict.fromkeys(
        ["Citation", "CitationFailure", "CitationResult", "Document", "Flag", "JudgeAnswer", "Location", "Section",
         "Verdict"],
        "citecheck._models",
    ),
    **dict.fromkeys(["CitationLike", "Sources"], "citecheck._types"),
    **dict.fromkeys(
        ["AUTO_ACCEPT", "BatchResults", "BatchTotals", "Checker", "MatchResult", "acheck_citations", "check_citation",
         "check_citations", "fold_verdict", "match_citation", "match_citations"],
        "citecheck.checker",
    ),
    **dict.fromkeys(
        ["BatchInterrupted", "CacheError", "CitecheckError", "DocumentError", "InvalidCitationError", "JudgeError"],
        "citecheck.errors",
    ),
    **dict.fromkeys(["AsyncJudge", "Judge", "TypeSafeJudge"], "citecheck.judge"),
    **dict.fromkeys(["parse_file", "parse_text"], "citecheck.parsers"),
}  # fmt: skip
"""Where each name of `__all__` lives: imported from there on first use."""


def __getattr__(name: str) -> _typing.Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'citecheck' has no attribute {name!r}")
    value = getattr(_import_module(home), name)
    globals()[name] = value  # the next lookup is a plain global, with no call
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
