"""Errors raised by citecheck.

Every error the library raises on purpose derives from one root, so callers can catch
``CitecheckError`` and show ``str(error)``: one line that says what was wrong and where.

```
CitecheckError
├── InvalidCitationError      a citation is missing a field or has one of the wrong type
├── DocumentError             a source document cannot be used
│   ├── DocumentReadError     unreadable file, or bytes that are not UTF-8
│   ├── EmptyDocumentError    nothing but whitespace
│   └── UnknownFormatError    no parser is registered for the format asked for
├── ParserRegistryError       a parser cannot be registered: a format or extension taken, not a parser
├── CacheError                an answer cache cannot be used: a missing folder, a read-only file
│   ├── CacheNotFoundError    the cache file named does not exist, and no new cache was asked for
│   └── CacheFormatError      the file is not an answer cache, or an entry is not a valid answer
├── ReviewFileError           a results, review queue or decisions file cannot be used
├── PluginError               a plugin (parser, tier, judge, provider adapter) cannot be loaded or misbehaved
│   └── TierPluginError       a tier named in the ``citecheck.tiers`` entry point group cannot be used
├── ProviderError             a provider's response cannot be turned into citations
│   ├── ProviderResponseError the response is not in the provider's documented shape
│   └── ProviderSourceError   citations name sources that none of the documents given is
└── JudgeError                step 2 could not produce an answer
    ├── NoAnswerError         no cached answer and no API key: nothing was sent
    ├── JudgeCallError        the API call failed (after retries)
    │   └── RateLimitError    the shared rate limit's store cannot be reached: nothing was sent
    └── CacheFormatError      (also a CacheError) a cached answer is not a valid answer
```

`BatchInterrupted` is not a `CitecheckError` but a `KeyboardInterrupt`: a Ctrl-C stays a Ctrl-C for
code that does not look for it, and carries what was checked and what is left for code that does.
"""

from collections.abc import Sequence as _Sequence

__all__ = [
    "BatchInterrupted",
    "CacheError",
    "CacheFormatError",
    "CacheNotFoundError",
    "CitecheckError",
    "DocumentError",
    "DocumentReadError",
    "EmptyDocumentError",
    "InvalidCitationError",
    "JudgeCallError",
    "JudgeError",
    "NoAnswerError",
    "ParserRegistryError",
    "PluginError",
    "ProviderError",
    "ProviderResponseError",
    "ProviderSourceError",
    "RateLimitError",
    "ReviewFileError",
    "TierPluginError",
    "UnknownFormatError",
]


class CitecheckError(Exception):
    """Root of every error citecheck raises on purpose."""


class InvalidCitationError(CitecheckError, ValueError):
    """A citation failed validation.

    Attributes:
        citation: The citation's id, or ``#N`` (its 0-based position) when it has no usable id.
        field: The offending field, or ``None`` when the citation as a whole is wrong.
        reason: What was wrong with it.
    """

    def __init__(self, citation: str, field: str | None, reason: str) -> None:
        self.citation = citation
        self.field = field
        self.reason = reason
        where = f"citation {citation}" + (f", field {field!r}" if field else "")
        super().__init__(f"{where}: {reason}")


class DocumentError(CitecheckError):
    """A source document cannot be used."""


class DocumentReadError(DocumentError):
    """A source file cannot be read or decoded.

    Attributes:
        path: The file, when the document came from one.
        offset: The byte offset of the first undecodable byte, for a decoding error.
    """

    def __init__(self, message: str, *, path: str | None = None, offset: int | None = None) -> None:
        self.path = path
        self.offset = offset
        super().__init__(message)


class EmptyDocumentError(DocumentError):
    """A source document holds nothing but whitespace."""


class UnknownFormatError(DocumentError, ValueError):
    """No parser is registered for the format asked for; the message lists the known formats.

    Attributes:
        format: The format asked for.
        known: The formats the registry knows, in registration order.
    """

    def __init__(self, format: str, known: _Sequence[str], *, reason: str | None = None) -> None:
        self.format = format
        self.known = tuple(known)
        listed = ", ".join(self.known) or "(none registered)"
        # A format nobody registered is often a plugin not installed: say where plugins register.
        super().__init__(
            f"{reason or f'unknown format {format!r}: use one of'} {listed}, "
            "or install a plugin that adds it in the citecheck.parsers entry point group"
        )


class ParserRegistryError(CitecheckError, ValueError):
    """A parser cannot be registered: its format or an extension is taken, or it is not a parser.

    Raised by `ParserRegistry.register` and `register_parser`, and when a ``citecheck.parsers``
    entry point (a plugin) does not load or does not load a parser; the message names it.
    """


class JudgeError(CitecheckError):
    """Step 2 could not produce an answer for a citation.

    Attributes:
        citation: The citation's id, once known (the facade fills it in).
    """

    def __init__(self, message: str, *, citation: str | None = None) -> None:
        self.message = message
        self.citation = citation
        super().__init__(f"citation {citation}: {message}" if citation else message)

    def for_citation(self, citation: str) -> "JudgeError":
        """The same error, naming the citation it happened on."""
        named = type(self).__new__(type(self))
        JudgeError.__init__(named, self.message, citation=citation)
        return named


class NoAnswerError(JudgeError):
    """No cached answer and no API key, so no question was sent."""


class JudgeCallError(JudgeError):
    """The model API call failed (after the SDK's own retries)."""


class RateLimitError(JudgeCallError):
    """The rate limit's shared store (Redis) cannot be reached, so the request was not sent.

    Never an unlimited burst: the citation fails, its answer is not cached, and a rerun asks again.
    """


class CacheError(CitecheckError):
    """An answer cache cannot be used: its folder does not exist, or it cannot be read or written."""


class CacheNotFoundError(CacheError):
    """The answer cache named does not exist, and no new cache was asked for.

    A mistyped ``--cache`` would otherwise be a new, empty cache; ask for one with ``--new-cache``
    (``create=True`` in Python).
    """


class CacheFormatError(JudgeError, CacheError):
    """A cache file is not an answer cache, or a cached entry could not be read as an answer."""


class ReviewFileError(CitecheckError, ValueError):
    """A results, review queue or decisions file cannot be used; the message names the file, row and field."""


class PluginError(CitecheckError, ValueError):
    """A plugin (a parser, tier, judge or provider adapter from an entry point) cannot be used.

    It is not installed, its import fails (or exits), its object is of the wrong kind, or, used, it
    raised or returned the wrong type. The message names the plugin: its group, name and package.

    Attributes:
        group: The entry point group (``citecheck.tiers``...).
        name: The entry point's name.
    """

    def __init__(self, message: str, *, group: str = "", name: str = "") -> None:
        self.group, self.name = group, name
        super().__init__(message)


class TierPluginError(PluginError):
    """A tier plugin cannot be used: no installed package offers it, or its entry point is no tier."""


class BatchInterrupted(KeyboardInterrupt):
    """A batch stopped by Ctrl-C (or cancelled); every answer received so far is in the cache.

    Attributes:
        done: The entries finished before the stop, in input order (`CitationResult` or
            `CitationFailure`).
        pending: The ids of the citations left unchecked, in input order.
    """

    def __init__(self, done: tuple[object, ...], pending: tuple[str, ...]) -> None:
        self.done = done
        self.pending = pending
        total = len(done) + len(pending)
        super().__init__(
            f"interrupted: {len(done)} of {total} citations checked, {len(pending)} left; "
            "every answer received so far is in the cache, so a rerun pays only for the rest"
        )


class ProviderError(CitecheckError, ValueError):
    """A provider's response that cannot be turned into citations."""


class ProviderResponseError(ProviderError):
    """The response does not have the provider's documented shape; the message names the field."""

    def __init__(self, provider: str, where: str, reason: str) -> None:
        self.provider, self.where, self.reason = provider, where, reason
        super().__init__(f"{provider} response, {where}: {reason}")


class ProviderSourceError(ProviderError):
    """Citations name sources that none of the documents given is; one line per citation.

    Attributes:
        problems: Each citation's id and what it named.
    """

    def __init__(self, provider: str, problems: _Sequence[tuple[str, str]]) -> None:
        self.provider = provider
        self.problems = tuple(problems)
        super().__init__("\n".join(f"{provider} citation {name}: {what}" for name, what in self.problems))
