"""Text made safe for where it is shown: terminals, XML, spreadsheets opening a CSV file, urls without secrets.

Ids, claims, sections and quotes come from LLM output and from files anyone can write. Shown
raw, an ESC can retitle a terminal or hide an OSC 8 link, a control character makes JUnit XML
ill-formed, and a cell starting with ``=`` runs as a formula in a spreadsheet.
"""

from __future__ import annotations

import re
import urllib.parse

from citecheck._lazy_re import lazy_compile

__all__ = [
    "FORMULA_PREFIXES",
    "REDACTED",
    "neutralise_cell",
    "printable",
    "redact_credentials",
    "redact_url",
    "restore_cell",
    "url_secrets",
]

# C0 and C1 controls and DEL, except tab and newline (layout every output keeps), and U+FFFE/U+FFFF,
# which are not characters and which XML forbids. CR is escaped: alone it rewrites a terminal line.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    r"""``text`` with every control character written as an escape (ESC as ``\x1b``); tab and newline kept."""
    return _UNPRINTABLE.sub(_escape, text)


FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP's list): such a cell gets a leading ``'``."""


def neutralise_cell(value: str) -> str:
    """A CSV cell no spreadsheet runs: OWASP's rule, a ``'`` before a cell starting with a formula character.

    A cell that starts with ``'`` itself gets one more, so `restore_cell` gives back exactly what was written.
    """
    return "'" + value if value.startswith((*FORMULA_PREFIXES, "'")) else value


def restore_cell(value: str) -> str:
    """The value `neutralise_cell` was given: one leading ``'`` dropped."""
    return value[1:] if value.startswith("'") else value


REDACTED = "***"
"""What a secret is replaced with."""

_SCHEME = lazy_compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")
# Query parameters whose value is a secret: libpq's password and sslpassword, redis-py's password,
# an API key, a signed url's signature or credential (``X-Amz-Signature``), and the short names
# that say the same (``key``, ``auth``, ``sig``).
_SECRET_PARAMETER = lazy_compile(
    r"pass|pwd|secret|token|api[_\-]?key|signature|credential|^(?:key|auth|sig)$", re.IGNORECASE
)


def _parts(url: str) -> tuple[str, str | None, str, str]:
    """``(scheme://, userinfo or None, the rest up to its query, ?query#fragment)``: plain string search, never raises.

    The userinfo ends at the last ``@``, not the first: libpq splits at the first ``@`` and Python's
    `urllib` at the last, and a password may hold an unescaped ``@``, ``/``, ``?`` or ``#``; up to
    the last one, every password is covered, whichever way a driver reads the URL.
    """
    scheme = _SCHEME.match(url)
    head = scheme.group(0) if scheme else ""
    rest = url[len(head) :]
    at = rest.rfind("@")
    userinfo = rest[:at] if at >= 0 else None
    tail = rest[at + 1 :] if at >= 0 else rest
    cut = min((i for i in (tail.find("?"), tail.find("#")) if i >= 0), default=len(tail))
    return head, userinfo, tail[:cut], tail[cut:]


def _parameters(query: str) -> list[str]:
    """A ``?query#fragment``'s pieces, separators kept: ``["?", "a=1", "&", "password=x", "#f"]``."""
    query, hash_, fragment = query.partition("#")
    return [query[:1], *re.split(r"([&;])", query[1:]), hash_ + fragment] if query else [hash_ + fragment]


def _is_secret(parameter: str) -> bool:
    name, equals, _ = parameter.partition("=")
    return bool(equals) and bool(_SECRET_PARAMETER.search(urllib.parse.unquote_plus(name)))


def redact_url(url: str) -> str:
    """``url`` with every password replaced by ``***``, fit for a message or a log.

    Masks the password of the userinfo (``postgresql://u:pw@host/db``, ``redis://:pw@host/0``)
    and the value of every query parameter that names a secret (``?password=``,
    ``?sslpassword=``, percent-encoded names too), in any URL, parseable or not.
    """
    head, userinfo, body, query = _parts(url)
    if userinfo is not None:
        user, colon, _ = userinfo.partition(":")
        body = (user + colon + REDACTED if colon else user) + "@" + body
    pieces = _parameters(query)
    for index, piece in enumerate(pieces):
        if _is_secret(piece):
            pieces[index] = piece.partition("=")[0] + "=" + REDACTED
    return head + body + "".join(pieces)


def url_secrets(url: str) -> set[str]:
    """The passwords in ``url``, as written and percent-decoded (what a driver may repeat in its errors)."""
    _, userinfo, _, query = _parts(url)
    found = [piece.partition("=")[2] for piece in _parameters(query) if _is_secret(piece)]
    if userinfo is not None and ":" in userinfo:
        password = userinfo.partition(":")[2]
        found.append(password)
        # A password holding an unencoded "@": a driver that splits at the first "@" repeats
        # what follows it as part of the host ("failed to resolve host 'ter2@h'").
        found.extend(password[at + 1 :] for at, char in enumerate(password) if char == "@")
    secrets = set()
    for value in found:
        for form in (value, urllib.parse.unquote(value), urllib.parse.unquote_plus(value)):
            if len(form) >= 3:  # shorter would mask unrelated text; such a password is masked in the URL only
                secrets.add(form)
    return secrets


# A url anywhere in a text: up to a blank, a quote or an angle bracket, which no url holds unescaped.
_URL = lazy_compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s\"'<>]+")


def redact_credentials(text: str) -> str:
    """``text`` with each url in it masked by `redact_url`: its password and secret query parameters as ``***``.

    Only what is secret is replaced: the user, the host and the other parameters stay, so the
    reader still knows which page is meant.
    """
    return _URL.sub(lambda found: redact_url(found.group()), text) if "://" in text else text
