"""citecheck: catch wrong and hallucinated citations in LLM output.

The top level is the facade: the check and match functions, the citation, document and result
types, the judges, the errors you catch most and the parse functions. The parts live in public
subpackages: `citecheck.parsers` (documents), `citecheck.matcher` (step 1), `citecheck.judge`
(step 2 and its caches), `citecheck.review` (report, decisions, calibration),
`citecheck.providers` (provider responses), `citecheck.distributed` and `citecheck.testing`;
`citecheck.errors` holds every error.
"""

import importlib as _importlib
import warnings as _warnings
from typing import Any as _Any

from citecheck._batch import BatchResults, BatchTotals
from citecheck._check import AUTO_ACCEPT, acheck_citations, check_citation, check_citations, fold_verdict
from citecheck._checker import Checker
from citecheck._match import MatchResult, match_citation, match_citations
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

# Names the top level exported in 0.1.0, and the public module that holds each now. They still
# resolve, with a DeprecationWarning naming the new home (see CHANGELOG.md), until 0.3.0.
_MOVED = {
    **dict.fromkeys(
        [
            "CacheFormatError",
            "DocumentReadError",
            "EmptyDocumentError",
            "JudgeCallError",
            "NoAnswerError",
            "ProviderError",
            "ProviderResponseError",
            "ProviderSourceError",
            "RateLimitError",
            "ReviewFileError",
        ],
        "citecheck.errors",
    ),
    **dict.fromkeys(
        [
            "AmbiguousLocation",
            "FoundLocation",
            "LocateStatus",
            "MatchTier",
            "MissingLocation",
            "OffsetMap",
            "PreparedQuote",
            "QuoteMatch",
            "SectionOnlyLocation",
            "Tier",
            "TierHit",
            "WordDiff",
            "WordIndex",
            "find_quote",
            "locate",
            "locate_in",
            "nearest_sections",
            "normalize",
            "resolve_section",
            "tier_preset",
        ],
        "citecheck.matcher",
    ),
    **dict.fromkeys(
        ["AnswerCache", "Probabilities", "RateLimit", "Relation", "copy_cache", "open_cache"], "citecheck.judge"
    ),
    **dict.fromkeys(["HumanDecision", "apply_decisions", "load_decisions", "render_html"], "citecheck.review"),
    **dict.fromkeys(
        [
            "LinkedCitation",
            "ProviderAnswer",
            "ProviderRun",
            "SentDocument",
            "check_answer",
            "match_answer",
            "read_response",
            "request_documents",
        ],
        "citecheck.providers",
    ),
    **dict.fromkeys(
        [
            "HTMLDocumentParser",
            "MarkdownParser",
            "PDFParser",
            "Parser",
            "PlainTextParser",
            "RFCParser",
            "parse_document",
        ],
        "citecheck.parsers",
    ),
    "SectionKind": "citecheck.parsers",
}


def __getattr__(name: str) -> _Any:
    module = _MOVED.get(name)
    if module is None:
        raise AttributeError(f"module 'citecheck' has no attribute {name!r}")
    _warnings.warn(
        f"citecheck.{name} moved: import it from {module} (see CHANGELOG.md); the old name goes in 0.3.0",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(_importlib.import_module(module), name)
