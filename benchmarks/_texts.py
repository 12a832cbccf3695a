"""The texts the scale benchmarks parse: a generated RFC-like text, and the fixture RFCs concatenated.

Nothing here imports citecheck, so `bench_scale.py --ref` can build the same texts in a process
that runs another checkout's citecheck.
"""

from __future__ import annotations

import os
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

_WORDS = [
    "token",
    "issuer",
    "audience",
    "claim",
    "header",
    "payload",
    "signature",
    "client",
    "server",
    "request",
    "response",
    "grant",
    "scope",
    "secret",
    "endpoint",
    "redirect",
    "encoding",
    "octet",
    "value",
    "member",
    "object",
    "string",
    "number",
    "array",
    "boolean",
    "field",
    "parameter",
    "algorithm",
    "key",
    "certificate",
    "chain",
    "nonce",
    "expiration",
    "lifetime",
    "resource",
    "owner",
    "registration",
]
_VERBS = [
    "contains",
    "identifies",
    "validates",
    "rejects",
    "includes",
    "requires",
    "processes",
    "encodes",
    "signs",
    "verifies",
]
_KEYWORDS = ["MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY", "can"]
_LINES_PER_PAGE = 56
_WIDTH = 72


def _pseudo_word(rng: random.Random) -> str:
    syllables = [rng.choice("bcdfgklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4))]
    return "".join(syllables).title()


def _wrap(text: str, indent: str = "   ") -> list[str]:
    lines: list[str] = []
    line = indent
    for word in text.split():
        if len(line) + len(word) + 1 > _WIDTH and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += ("" if line == indent else " ") + word
    if line.strip():
        lines.append(line.rstrip())
    return lines


@dataclass
class Generated:
    text: str
    sentences: list[tuple[str, str]]  # (section id, sentence)
    titles: list[tuple[str, str]]  # (section id, title)


def generate(size: int, rng: random.Random) -> Generated:
    """A paginated RFC-like text of about ``size`` characters."""
    body: list[str] = []
    sentences: list[tuple[str, str]] = []
    titles: list[tuple[str, str]] = []
    used_titles: set[str] = set()
    total = 0
    chapter = 0

    def title() -> str:
        while True:
            candidate = f"{_pseudo_word(rng)} {rng.choice(_WORDS).title()} {_pseudo_word(rng)}"
            if candidate not in used_titles:
                used_titles.add(candidate)
                return candidate

    while total < size:
        chapter += 1
        for sub in range(rng.randint(3, 8)):
            number = f"{chapter}" if sub == 0 else f"{chapter}.{sub}"
            heading = title()
            titles.append((number, heading))
            lines = [f"{number}.  {heading}", ""]
            for _ in range(rng.randint(3, 6)):
                paragraph = []
                for _ in range(rng.randint(3, 7)):
                    noun, other = rng.sample(_WORDS, 2)
                    sentence = (
                        f"The {noun} {rng.choice(_KEYWORDS)} {rng.choice(_VERBS)} the {other} "
                        f"{rng.choice(_WORDS)} within {rng.randint(1, 99999)} "
                        f"{rng.choice(['octets', 'seconds', 'entries'])} of the {rng.choice(_WORDS)}."
                    )
                    paragraph.append(sentence)
                    sentences.append((number, sentence))
                lines.extend(_wrap(" ".join(paragraph)))
                lines.append("")
            body.extend(lines)
            total += sum(len(line) + 1 for line in lines)
    # Paginate: a footer and a form feed every page, then the running header.
    pages: list[str] = []
    page = 1
    for start in range(0, len(body), _LINES_PER_PAGE):
        chunk = body[start : start + _LINES_PER_PAGE]
        footer = f"Generated, et al.            Standards Track                   [Page {page}]"
        header = "RFC 99999                  Generated Scale Text              November 2026"
        pages.append("\n".join([*chunk, "", footer]))
        pages.append(f"\f\n{header}\n\n")
        page += 1
    front = (
        "Internet Engineering Task Force (IETF)                         Generated\n"
        "Request for Comments: 99999                                 November 2026\n"
        "Category: Standards Track\n\n\n"
        "                         Generated Scale Text\n\n"
        "Abstract\n\n   A generated document for measuring citecheck at scale.\n\n"
    )
    return Generated(front + "\n".join(pages), sentences, titles)


_FIXTURES = Path(os.environ.get("CITECHECK_FIXTURES", Path(__file__).resolve().parents[2] / "shared" / "fixtures"))
# A numbered heading's first number: moved past the previous copy's so every copy's sections are new.
_CHAPTER = re.compile(r"^(\d+)(?=(?:\.\d+)*\.  \S)", re.MULTILINE)


def fixture_rfcs() -> list[str]:
    """The RFCs of the shared fixtures, raw."""
    paths = [*sorted((_FIXTURES / "rfc").glob("rfc*.txt")), _FIXTURES / "citation_check" / "rfc7519.txt"]
    missing = [str(path) for path in paths if not path.is_file()]
    if missing or len(paths) < 2:
        sys.exit(f"the fixture RFCs are missing ({', '.join(missing) or _FIXTURES}): set CITECHECK_FIXTURES")
    return [path.read_text(encoding="utf-8") for path in paths]


def rfc_text(size: int) -> str:
    """The fixture RFCs concatenated, in turn, to at least ``size`` characters, renumbered."""
    sources = fixture_rfcs()
    copies: list[str] = []
    total = shift = 0
    while total < size:
        source = sources[len(copies) % len(sources)]
        copies.append(_CHAPTER.sub(lambda heading, moved=shift: str(int(heading.group(1)) + moved), source))
        shift += max(int(heading.group(1)) for heading in _CHAPTER.finditer(source))
        total += len(copies[-1])
    return "".join(copies)
