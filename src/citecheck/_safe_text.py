"""Text made safe for where it is shown: terminals, XML, and spreadsheets opening a CSV file.

Ids, claims, sections and quotes come from LLM output and from files anyone can write. Shown
raw, an ESC can retitle a terminal or hide an OSC 8 link, a control character makes JUnit XML
ill-formed, and a cell starting with ``=`` runs as a formula in a spreadsheet.
"""

from __future__ import annotations

import re

__all__ = ["FORMULA_PREFIXES", "REDACTED", "neutralise_cell", "printable", "redact_credentials", "restore_cell"]

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


# A url's password (``scheme://user:password@``) and the query parameters that carry secrets
# (``?password=``, ``&token=``, ``&X-Amz-Signature=``...): what a shown url must not give away.
_USERINFO_PASSWORD = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.\-]*://[^\s/?#@:]*:)[^\s/?#@]*@")
_SECRET_PARAMETER = re.compile(
    r"(?i)(?P<head>[?&;](?:[\w.\-]*(?:password|passwd|pwd|secret|token|api[_\-]?key|signature|credential)[\w.\-]*"
    r"|key|pass|auth|sig)=)[^&#\s\"'<>]*"
)
REDACTED = "***"
"""What a redacted secret reads as."""


def redact_credentials(text: str) -> str:
    """``text`` with every url's password and secret query parameters written as ``***``.

    Only what is secret is replaced: the user, the host and the other parameters stay, so the
    reader still knows which page is meant.
    """
    if "@" not in text and "=" not in text:
        return text
    text = _USERINFO_PASSWORD.sub(rf"\g<head>{REDACTED}@", text)
    return _SECRET_PARAMETER.sub(rf"\g<head>{REDACTED}", text)
