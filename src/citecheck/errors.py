"""Every error citecheck raises, in one place to import from (the tree is drawn in `CitecheckError`'s module)."""

from citecheck._errors import (
    BatchInterrupted,
    CacheError,
    CacheFormatError,
    CitecheckError,
    DocumentError,
    DocumentReadError,
    EmptyDocumentError,
    InvalidCitationError,
    JudgeCallError,
    JudgeError,
    NoAnswerError,
    ProviderError,
    ProviderResponseError,
    ProviderSourceError,
    RateLimitError,
    ReviewFileError,
)

__all__ = [
    "BatchInterrupted",
    "CacheError",
    "CacheFormatError",
    "CitecheckError",
    "DocumentError",
    "DocumentReadError",
    "EmptyDocumentError",
    "InvalidCitationError",
    "JudgeCallError",
    "JudgeError",
    "NoAnswerError",
    "ProviderError",
    "ProviderResponseError",
    "ProviderSourceError",
    "RateLimitError",
    "ReviewFileError",
]
