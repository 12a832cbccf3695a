"""Regular expressions compiled on first use, for the patterns only some texts need.

A character class over the Chinese, Japanese, Thai or Khmer ranges takes 5 to 20 ms to compile
(``re`` builds a set over tens of thousands of code points), and the matcher and parsers hold
several, for text in those scripts. An English RFC never uses them, so ``citecheck match`` on one
should not compile them at import. `lazy_compile` stands for `re.compile`: its pattern compiles on
the first method call, whose bound methods are then kept on the instance, so later calls cost what
they cost on the compiled pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

__all__ = ["lazy_compile"]

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


class _LazyPattern:
    """A pattern's text (or what makes it) and flags; `re.compile`'s pattern on first use."""

    def __init__(self, pattern: str | Callable[[], str], flags: int) -> None:
        self._pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def pattern(self) -> str:
        """The pattern's text, made now the first time when a function makes it."""
        if not isinstance(self._pattern, str):
            self._pattern = self._pattern()
        return self._pattern

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now, the first time)."""
        if self._compiled is None:
            compiled = re.compile(self.pattern, self._flags)
            # Plain attributes from now on: a call no longer goes through __getattr__.
            self.__dict__.update({name: getattr(compiled, name) for name in _METHODS})
            self._compiled = compiled
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and friends probe for these: not the pattern's
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (_LazyPattern, (self.pattern, self._flags))

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}{f', {self._flags}' if self._flags else ''})"


def lazy_compile(pattern: str | Callable[[], str], flags: int = 0) -> re.Pattern[str]:
    """`re.compile`, deferred to the first use of the pattern's methods or attributes.

    ``pattern`` (the text) is there without compiling, so another pattern can be built from it; a
    function that makes the text (from Python's Unicode data, which differs between versions) is
    called on first use too.
    The object is not an `re.Pattern` instance: use it through its methods, not as an argument
    to `re.sub` and friends.
    """
    return cast("re.Pattern[str]", _LazyPattern(pattern, flags))
