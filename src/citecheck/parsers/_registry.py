"""Parsers by format and extension: `ParserRegistry`, the default registry, and parser plugins.

The default registry holds the built-in parsers, then those of installed plugins (the
``citecheck.parsers`` entry point group, found with `importlib.metadata` as pytest finds its
plugins), then whatever `register_parser` adds. It is built on first use, so importing citecheck
or running ``citecheck --version`` never loads a plugin. The HTML, Markdown and PDF parsers are
made (their modules imported) on first use too: reading an RFC loads none of them.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable, Iterator, Mapping
from importlib import import_module
from pathlib import PurePath
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from citecheck._plugins import GROUPS, Plugin, entry_points_of, load
from citecheck.errors import ParserRegistryError, UnknownFormatError
from citecheck.parsers._base import AnyParser, BytesParser, TextParser
from citecheck.parsers._plaintext import PlainTextParser
from citecheck.parsers._rfc import RFCParser

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["ENTRY_POINT_GROUP", "ParserRegistry", "as_registry", "default_registry", "register_parser"]

ENTRY_POINT_GROUP = GROUPS["parser"]
"""The entry point group a package declares its parsers in; each entry point's name is a format."""

_FORMAT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")
_EXTENSION = re.compile(r"(?:\.[a-z0-9_+-]+)+")

# The built-in formats' extensions. A .txt file is left to the content (an RFC or plain text).
_BUILTIN_EXTENSIONS: dict[str, tuple[str, ...]] = {
    "markdown": (".md", ".markdown"),
    "html": (".html", ".htm", ".xhtml"),
    "pdf": (".pdf",),
}


_MAKING = threading.RLock()


class _Deferred:
    """A built-in parser made on first use, when its module (and what it imports) is loaded.

    Every registry copied from one holding it shares it, so they share the one parser it makes,
    as they share the parsers made at once.
    """

    __slots__ = ("_made", "module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name
        self._made: AnyParser | None = None

    def parser(self) -> AnyParser:
        """The parser (made now, the first time)."""
        if self._made is None:
            with _MAKING:  # one lock for all: a registry pickles (for another process) with no lock in it
                if self._made is None:
                    self._made = cast("AnyParser", getattr(import_module(self.module), self.name)())
        return self._made


def _is_parser(value: object) -> bool:
    return not isinstance(value, type) and isinstance(value, (TextParser, BytesParser))


def _plugin_problem(value: object) -> str | None:
    return None if _is_parser(value) else f"it does not load a parser: {_not_a_parser(value)}"


def _not_a_parser(value: object) -> str:
    if isinstance(value, type) and issubclass(value, (TextParser, BytesParser)):
        return f"{value.__name__} is a parser class, not a parser: register an instance, {value.__name__}()"
    return (
        f"{value!r} is not a parser: a parser has a parse(text) method (TextParser) "
        "or a parse_bytes(data, *, name, path) method (BytesParser)"
    )


class ParserRegistry(Mapping[str, AnyParser]):
    """Parsers by format name, and formats by file extension.

    A read-only mapping from format to parser, plus `register`. `parse_file`, `parse_text` and
    the command line pick a parser from one: the format asked for, else the file's extension
    (`format_for`), else a guess from the content (`detect_format`), which names a built-in
    format. Pass a copy (``parsers=registry``) to use your own parsers without changing the
    default registry that every other caller shares.

    Examples:
        ```python
        registry = default_registry().copy()
        registry.register("faq", FAQParser(), extensions=(".faq",))
        document = parse_file("help.faq", parsers=registry)
        ```
    """

    def __init__(self) -> None:
        """An empty registry; `ParserRegistry.builtins` returns one holding the built-in parsers."""
        self._parsers: dict[str, AnyParser | _Deferred] = {}
        self._extensions: dict[str, str] = {}
        self._plugins: dict[str, Plugin] = {}  # a plugin's format: who it is, for its errors

    @classmethod
    def builtins(cls) -> ParserRegistry:
        """A new registry of the built-in parsers only: rfc, markdown, text, html and pdf."""
        registry = cls()
        builtin: dict[str, AnyParser | _Deferred] = {
            "rfc": RFCParser(),
            "markdown": _Deferred("citecheck.parsers._markdown", "MarkdownParser"),
            "text": PlainTextParser(),
            "html": _Deferred("citecheck.parsers._html", "HTMLDocumentParser"),
            "pdf": _Deferred("citecheck.parsers._pdf", "PDFParser"),
        }
        for format, parser in builtin.items():
            registry._parsers[format] = parser
            registry._extensions.update(dict.fromkeys(_BUILTIN_EXTENSIONS.get(format, ()), format))
        return registry

    def _parser(self, format: str) -> AnyParser:
        """The parser of a registered format, made now if it is a built-in one not used before."""
        parser = self._parsers[format]
        return parser.parser() if isinstance(parser, _Deferred) else parser

    def register(
        self, format: str, parser: AnyParser, *, extensions: Iterable[str] = (), replace: bool = False
    ) -> None:
        """Add a parser for ``format``, used for files with one of ``extensions``.

        Args:
            format: The format's name, as ``parser=`` and ``--parser`` take it (letters, digits,
                and ``_.+-`` after the first character).
            parser: A `TextParser` or a `BytesParser` instance.
            extensions: File extensions read as this format, with their dot (``".faq"``);
                matched without regard to case. A compound one (``".tar.gz"``) wins over a
                shorter one.
            replace: Replace the parser already registered for ``format``, and take over an
                extension another format holds. Without it, both are errors.

        Raises:
            ParserRegistryError: ``parser`` is not a parser, the format or an extension is
                already registered (and ``replace`` is false), or a name is malformed.
        """
        if not isinstance(format, str) or not _FORMAT.fullmatch(format):
            raise ParserRegistryError(
                f"{format!r} is not a format name: use letters, digits and '_.+-', starting with a letter or digit"
            )
        if not _is_parser(parser):
            raise ParserRegistryError(f"cannot register format {format!r}: {_not_a_parser(parser)}")
        if isinstance(extensions, str):
            raise ParserRegistryError(
                f"extensions of {format!r} must be a list of strings, got the string {extensions!r}"
            )
        wanted = [_extension(format, extension) for extension in extensions]
        if format in self._parsers and not replace:
            raise ParserRegistryError(
                f"format {format!r} is already registered ({type(self._parser(format)).__name__}): "
                "pass replace=True to replace it"
            )
        for extension in wanted:
            owner = self._extensions.get(extension)
            if owner is not None and owner != format and not replace:
                raise ParserRegistryError(
                    f"extension {extension!r} already belongs to format {owner!r}: pass replace=True to take it over"
                )
        self._parsers[format] = parser
        self._extensions.update(dict.fromkeys(wanted, format))

    def copy(self) -> ParserRegistry:
        """A new registry with the same parsers and extensions; registering on it leaves this one as it is."""
        registry = ParserRegistry()
        registry._parsers = dict(self._parsers)
        registry._extensions = dict(self._extensions)
        registry._plugins = dict(self._plugins)
        return registry

    @property
    def extensions(self) -> Mapping[str, str]:
        """Each registered extension (lower case, with its dot) to its format; read-only."""
        return MappingProxyType(self._extensions)

    def format_for(self, path: str | os.PathLike[str]) -> str | None:
        """The format registered for the file's extension (the longest that matches), or ``None``."""
        suffixes = [suffix.lower() for suffix in PurePath(path).suffixes]
        for start in range(len(suffixes)):
            format = self._extensions.get("".join(suffixes[start:]))
            if format is not None:
                return format
        return None

    def parser(self, format: str) -> AnyParser:
        """The parser registered for ``format``.

        Raises:
            UnknownFormatError: No parser is registered for it; the message lists those that are.
        """
        try:
            return self._parser(format)
        except (KeyError, TypeError):
            raise UnknownFormatError(format, list(self._parsers)) from None

    def load_entry_points(self) -> None:
        """Register the parser of every installed ``citecheck.parsers`` entry point, under the entry point's name.

        An entry point loads a parser, or a parser class called with no arguments. Its file
        extensions are the parser's ``extensions`` attribute, when it has one. A plugin cannot
        replace a format already registered: that is an error naming both.

        Raises:
            PluginError: An entry point cannot be loaded (its import raises or exits), does not
                load a parser, or names a format or an extension already registered; the message
                names the plugin.
        """
        found = entry_points_of("parser")
        for name in sorted(found):
            self._load(found[name])

    def _load(self, entry_point: EntryPoint) -> None:
        plugin, parser = load("parser", entry_point.name, entry=entry_point, check=_plugin_problem)
        extensions = getattr(parser, "extensions", ())
        try:
            self.register(entry_point.name, parser, extensions=extensions)
        except ParserRegistryError as error:
            raise plugin.error(str(error)) from None
        self._plugins[entry_point.name] = plugin

    def describe(self, format: str) -> str:
        """How a message names the parser of ``format``: its plugin, or its format and class."""
        parser = self._parser(format) if format in self._parsers else None
        plugin = self._plugins.get(format)
        return plugin.label if plugin is not None else f"the {format!r} parser ({type(parser).__name__})"

    def __getitem__(self, format: str) -> AnyParser:
        return self._parser(format)

    def __contains__(self, format: object) -> bool:
        # Mapping's would look the parser up, and so make a deferred one.
        return format in self._parsers

    def __iter__(self) -> Iterator[str]:
        return iter(self._parsers)

    def __len__(self) -> int:
        return len(self._parsers)

    def __repr__(self) -> str:
        return f"ParserRegistry({', '.join(self._parsers)})"


def _extension(format: str, extension: object) -> str:
    if not isinstance(extension, str) or not _EXTENSION.fullmatch(extension.lower()):
        raise ParserRegistryError(
            f"{extension!r} is not a file extension for format {format!r}: give it with its dot, such as '.faq'"
        )
    return extension.lower()


_default: ParserRegistry | None = None
_default_lock = threading.Lock()


def default_registry() -> ParserRegistry:
    """The registry `parse_file`, `parse_text` and the command line use when given none.

    It holds the built-in parsers, then each installed plugin's (the ``citecheck.parsers``
    entry point group), loaded on the first call, then what `register_parser` added. A library
    should not change it: copy it (`ParserRegistry.copy`) and pass the copy as ``parsers=``.

    Raises:
        ParserRegistryError: An installed plugin cannot be loaded; the message names it.
    """
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                registry = ParserRegistry.builtins()
                registry.load_entry_points()
                _default = registry
    return _default


def register_parser(format: str, parser: AnyParser, *, extensions: Iterable[str] = (), replace: bool = False) -> None:
    """Register a parser in the default registry, for every caller in this process.

    An application's shortcut for ``default_registry().register(...)``; a library passes its
    own `ParserRegistry` as ``parsers=`` instead.

    Args:
        format: The format's name, as ``parser=`` and the command line's ``--parser`` take it.
        parser: A `TextParser` or a `BytesParser` instance.
        extensions: File extensions read as this format, with their dot (``".faq"``).
        replace: Replace a parser already registered for ``format``, or take over an extension.

    Raises:
        ParserRegistryError: See `ParserRegistry.register`.
    """
    default_registry().register(format, parser, extensions=extensions, replace=replace)


def as_registry(parsers: Mapping[str, AnyParser] | None) -> ParserRegistry:
    """The registry ``parsers=`` stands for: the default one for ``None``, a mapping made into one.

    A plain mapping holds exactly its formats; a built-in format's name in it keeps that
    format's extensions (``"markdown"`` reads ``.md`` files), and a parser's own ``extensions``
    attribute adds more.
    """
    if parsers is None:
        return default_registry()
    if isinstance(parsers, ParserRegistry):
        return parsers
    if not isinstance(parsers, Mapping):
        raise ParserRegistryError(
            f"parsers= takes a ParserRegistry or a mapping of format to parser, got {type(parsers).__name__}"
        )
    registry = ParserRegistry()
    for format, parser in parsers.items():
        extensions = (*_BUILTIN_EXTENSIONS.get(format, ()), *getattr(parser, "extensions", ()))
        registry.register(format, parser, extensions=extensions)
    return registry
