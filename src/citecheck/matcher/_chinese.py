"""Chinese in the other script: a quote in traditional characters of a source in simplified ones, and back.

An answer in traditional Chinese quotes a source printed in simplified characters in its own
script, and the other way round: the same words, a character in three or so written otherwise,
which no similarity of the characters tells from a quote made up. OpenCC (`opencc`, phrase by
phrase, as its dictionaries convert) writes the quote as the other script does; the matcher reads
that as another reading of the quote (`citecheck.matcher._locate.PreparedCitation`), found for
review (`variant_form`, named in the reason), never as the quote's own words.
"""

from __future__ import annotations

import warnings
from functools import cache
from typing import TYPE_CHECKING

from citecheck._lazy_re import lazy_compile

if TYPE_CHECKING:
    import opencc

__all__ = ["in_other_scripts"]

_HAN = lazy_compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Japanese writes its own forms of the characters (kana beside them tells it): neither script's.
_KANA = lazy_compile(r"[\u3040-\u30ff]")
_CONVERSIONS = (("t2s", "simplified"), ("s2t", "traditional"))


@cache
def _converter(config: str) -> opencc.OpenCC | None:
    """OpenCC's converter for ``config``, made once; ``None`` (with a warning, once) where it cannot load."""
    try:
        import opencc  # its dictionaries loaded only for a Chinese quote not found as written

        return opencc.OpenCC(config)
    except (ImportError, RuntimeError) as error:
        # A broken install must not stop step 1: the quote is still read as written, and said so.
        warnings.warn(
            f"citecheck: OpenCC could not load ({error}); a Chinese quote in the other script of its "
            "source is not read in that script",
            RuntimeWarning,
            stacklevel=2,
        )
        return None


def in_other_scripts(quote: str) -> list[tuple[str, str]]:
    """The quote in each script of Chinese that writes it otherwise: ``(text, "simplified")``, then traditional.

    Empty for a quote without Chinese characters, or in Japanese.
    """
    if quote.isascii() or not _HAN.search(quote) or _KANA.search(quote):  # ASCII: no pattern compiled
        return []
    written = []
    for config, script in _CONVERSIONS:
        converter = _converter(config)
        converted = converter.convert(quote) if converter is not None else quote
        if converted != quote:
            written.append((converted, script))
    return written
