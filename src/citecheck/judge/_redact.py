"""Every secret citecheck may hold, masked before it reaches a message, a result or a log record.

Two kinds of secret:

- **Passwords in URLs** (a PostgreSQL cache, a Redis rate-limit store): `redact_url` (the models
  layer's, `citecheck._safe_text`, also used on urls a provider cites) masks them in
  every form libpq and redis-py accept, userinfo (``user:pw@``), query string (``?password=``,
  ``?sslpassword=``, with the name percent-encoded or not) and unix sockets
  (``unix:///run/redis.sock?password=``), without parsing the URL strictly: a URL too broken to
  parse (a bad port, an unclosed ``[``) is masked all the same. `scrub_url` also masks the
  password's own text wherever a server's or driver's message repeats it.
- **API keys**: `redact_keys` masks every key a judge has used, as it is, escaped,
  percent-encoded, base64 or hex, in any case. `RequestLogRedaction` masks them in the records of
  the loggers that carry requests (the SDK's, httpx2's and httpcore2's) while a judge is open: a
  `logging.Filter` on each of those loggers, never a change to the process's log record factory.
"""

from __future__ import annotations

import base64
import json
import logging
import re
import threading
import urllib.parse

from citecheck._safe_text import REDACTED, redact_url, url_secrets

__all__ = [
    "REQUEST_LOGGERS",
    "RequestLogRedaction",
    "add_key",
    "redact_keys",
    "request_log_redaction",
    "scrub_url",
]

# --- passwords in URLs -----------------------------------------------------------------------------
# `redact_url` and `url_secrets` are the models layer's (`citecheck._safe_text`), which every output
# that shows a url uses too: one rule for what in a url is a secret.


def scrub_url(text: str, url: str) -> str:
    """``text`` (an error from a driver, say) with ``url``'s passwords masked, the URL's own text included."""
    text = text.replace(url, redact_url(url))
    for secret in sorted(url_secrets(url), key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return text


# --- API keys ------------------------------------------------------------------------------------

_MIN_BASE64_CORE = 8  # shorter cores of a base64 key would mask unrelated text
_URLSAFE = str.maketrans("+/", "-_")


def _base64_cores(raw: bytes) -> set[str]:
    """The base64 characters that encode ``raw`` alone, wherever it sits in the encoded text.

    Base64 packs 3 bytes in 4 characters, so ``base64("Bearer " + key)`` or ``base64("user:" + key)``
    shifts the key's bits against the characters: the key's own encoding is not a substring of
    it. For each of the three alignments, the characters every bit of which comes from the key
    are the same whatever precedes or follows it; those are masked.
    """
    cores = set()
    for shift in range(3):
        encoded = base64.b64encode(bytes(shift) + raw).decode()
        first = -(-8 * shift // 6)  # the first character with no bit of the bytes before the key
        last = 8 * (shift + len(raw)) // 6  # the characters after this hold bits of what follows
        core = encoded[first:last]
        if len(core) >= _MIN_BASE64_CORE:
            cores |= {core, core.translate(_URLSAFE)}
    return cores


def _encodings(secret: str) -> set[str]:
    """The forms a key can take in a server's text: as it is, escaped, percent-encoded, base64, hex."""
    raw = secret.encode()
    forms = {
        secret,
        repr(secret)[1:-1],
        repr(raw)[2:-1],
        json.dumps(secret)[1:-1],
        urllib.parse.quote(secret),
        urllib.parse.quote(secret, safe=""),
        urllib.parse.quote_plus(secret),
        base64.b64encode(raw).decode(),
        base64.urlsafe_b64encode(raw).decode(),
        raw.hex(),  # a byte per two digits: the key's hex is in the hex of any text around it
    }
    # Base64 without its padding, as JWTs and URLs carry it; and the key inside a longer base64
    # text, such as an echoed "Authorization: Basic" or a base64 of "Bearer <key>".
    unpadded = {form.rstrip("=") for form in forms if form.endswith("=") and len(form.rstrip("=")) >= 4}
    return forms | unpadded | _base64_cores(raw)


class _KeyRedactor:
    """Masks API keys in any text: as they are, escaped, percent-encoded, base64, in any case."""

    def __init__(self) -> None:
        self._secrets: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        self._lock = threading.Lock()

    def add(self, secret: str) -> None:
        secret = secret.strip()
        if len(secret) < 4:  # too short to mask without garbling the text
            return
        with self._lock:
            if secret in self._secrets:
                return
            self._secrets.add(secret)
            variants = {variant for value in self._secrets for variant in _encodings(value)}
            # Case-insensitive: a server may echo the key upper-cased, or with %2b for %2B.
            self._pattern = re.compile(
                "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True)), re.IGNORECASE
            )

    def __call__(self, text: str) -> str:
        pattern = self._pattern
        return text if pattern is None else pattern.sub(REDACTED, text)


_keys = _KeyRedactor()


def add_key(key: str) -> None:
    """Mask ``key`` from now on, in `redact_keys` and in the records `RequestLogRedaction` filters."""
    _keys.add(key)


def redact_keys(text: str) -> str:
    """``text`` with every API key a judge has used masked (``***``), in any of its encodings."""
    return _keys(text)


REQUEST_LOGGERS = (
    "typesafe_sdk",
    "httpx2",
    "httpcore2",
    "httpcore2.connection",
    "httpcore2.http11",
    "httpcore2.http2",
    "httpcore2.proxy",
    "httpcore2.socks",
    "hpack",
    "h2",
    "citecheck",
)
"""The loggers whose records may carry a request or a server's text (a filter sees only its own
logger's records, not those of its children: each is named)."""


def _redact_record(record: logging.LogRecord) -> None:
    """Mask API keys in a log record's message and exception text, before any handler sees it."""
    try:
        message = record.getMessage()
    except Exception:  # a bad format string: logging reports it when a handler emits the record
        return
    redacted = _keys(message)
    if redacted != message:
        record.msg, record.args = redacted, None
    if record.exc_info and record.exc_info[1] is not None:
        # A handler would format the exception later, from the raw chain: when that text holds a
        # key, the record carries the masked text instead of the exception.
        text = logging.Formatter().formatException(record.exc_info)
        if _keys(text) != text:
            record.exc_text, record.exc_info = _keys(text), None
    elif record.exc_text:
        record.exc_text = _keys(record.exc_text)


class _KeyFilter(logging.Filter):
    """Masks API keys in each record of the logger it is on; drops none."""

    def filter(self, record: logging.LogRecord) -> bool:
        _redact_record(record)
        return True


class RequestLogRedaction:
    """Installs the key filter on `REQUEST_LOGGERS` while at least one judge holds it open.

    Each `open` is matched by a `close`; the last close removes the filters, so a process with no
    judge open has its loggers as it had them.
    """

    def __init__(self) -> None:
        self._filter = _KeyFilter()
        self._holders = 0
        self._lock = threading.Lock()

    @property
    def installed(self) -> bool:
        """Whether the filters are on the loggers now."""
        return self._holders > 0

    @property
    def holders(self) -> int:
        """How many open judges hold the filters."""
        return self._holders

    def open(self) -> None:
        """Hold the filters installed (installing them if no judge held them)."""
        with self._lock:
            self._holders += 1
            if self._holders == 1:
                for name in REQUEST_LOGGERS:
                    logging.getLogger(name).addFilter(self._filter)

    def close(self) -> None:
        """Release one hold; the last one removes the filters."""
        with self._lock:
            if self._holders == 0:
                return
            self._holders -= 1
            if self._holders == 0:
                for name in REQUEST_LOGGERS:
                    logging.getLogger(name).removeFilter(self._filter)


request_log_redaction = RequestLogRedaction()
"""The one set of filters every judge holds open while it is open."""
