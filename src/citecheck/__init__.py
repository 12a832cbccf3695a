"""citecheck: catch wrong and hallucinated citations in LLM output."""

from citecheck.check import AUTO_ACCEPT, check_citation, check_citations, fold
from citecheck.errors import (
    CacheFormatError,
    CitecheckError,
    DocumentError,
    DocumentReadError,
    EmptyDocumentError,
    InvalidCitationError,
    JudgeCallError,
    JudgeError,
    NoAnswerError,
)
from citecheck.judge import Judge, TypeSafeJudge
from citecheck.matcher import find_quote, locate, normalize
from citecheck.models import (
    Citation,
    CitationFailure,
    CitationResult,
    Document,
    JudgeAnswer,
    LocateStatus,
    Location,
    QuoteMatch,
    Relation,
    Section,
    Verdict,
)
from citecheck.parsers import Parser, RFCParser

__all__ = [
    "AUTO_ACCEPT",
    "CacheFormatError",
    "Citation",
    "CitationFailure",
    "CitationResult",
    "CitecheckError",
    "Document",
    "DocumentError",
    "DocumentReadError",
    "EmptyDocumentError",
    "InvalidCitationError",
    "Judge",
    "JudgeAnswer",
    "JudgeCallError",
    "JudgeError",
    "LocateStatus",
    "Location",
    "NoAnswerError",
    "Parser",
    "QuoteMatch",
    "RFCParser",
    "Relation",
    "Section",
    "TypeSafeJudge",
    "Verdict",
    "check_citation",
    "check_citations",
    "find_quote",
    "fold",
    "locate",
    "normalize",
]
