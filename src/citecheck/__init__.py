"""citecheck: catch wrong and hallucinated citations in LLM output."""

from citecheck._check import AUTO_ACCEPT, check_citation, check_citations, fold_verdict
from citecheck._documents import Sources, locate_in
from citecheck._errors import (
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
from citecheck._index import WordIndex
from citecheck._judge import Judge, TypeSafeJudge
from citecheck._matcher import Tier, find_quote, locate, normalize, tier_preset
from citecheck._models import (
    Citation,
    CitationFailure,
    CitationResult,
    Document,
    Flag,
    JudgeAnswer,
    LocateStatus,
    Location,
    MatchTier,
    QuoteMatch,
    Relation,
    Section,
    SectionKind,
    Verdict,
    WordDiff,
)
from citecheck._placement import TierHit
from citecheck._quote import PreparedQuote
from citecheck._references import nearest_sections, resolve_section
from citecheck.parsers import (
    HTMLDocumentParser,
    MarkdownParser,
    Parser,
    PDFParser,
    PlainTextParser,
    RFCParser,
    parse_document,
)

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
    "Flag",
    "HTMLDocumentParser",
    "InvalidCitationError",
    "Judge",
    "JudgeAnswer",
    "JudgeCallError",
    "JudgeError",
    "LocateStatus",
    "Location",
    "MarkdownParser",
    "MatchTier",
    "NoAnswerError",
    "PDFParser",
    "Parser",
    "PlainTextParser",
    "PreparedQuote",
    "QuoteMatch",
    "RFCParser",
    "Relation",
    "Section",
    "SectionKind",
    "Sources",
    "Tier",
    "TierHit",
    "TypeSafeJudge",
    "Verdict",
    "WordDiff",
    "WordIndex",
    "check_citation",
    "check_citations",
    "find_quote",
    "fold_verdict",
    "locate",
    "locate_in",
    "nearest_sections",
    "normalize",
    "parse_document",
    "resolve_section",
    "tier_preset",
]
