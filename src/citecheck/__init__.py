"""citecheck: catch wrong and hallucinated citations in LLM output.

The top level is the facade: the check and match functions, the citation, document and result
types, the judges, the errors you catch most and the parse functions. The parts live in public
subpackages: `citecheck.parsers` (documents), `citecheck.matcher` (step 1), `citecheck.judge`
(step 2 and its caches), `citecheck.checker` (the check step: the `Checker`, the batch engine,
the verdict fold), `citecheck.review` (report, decisions, calibration),
`citecheck.providers` (provider responses), `citecheck.distributed` and `citecheck.testing`;
`citecheck.errors` holds every error.
"""

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
