"""One registry of plugins: the entry point groups of parsers, tiers, judges and provider adapters.

A package ships a plugin by naming it in its metadata, as pytest and markdown-it-py plugins are
found::

    [project.entry-points."citecheck.tiers"]
    plus = "citecheck_plus:PlusTier"

Each group is read here, and only here; every way a plugin can fail becomes one `PluginError` that
names it (group, entry point, package): an import that raises or calls ``sys.exit``, a class that
cannot be made, an object of the wrong kind, and, through `call`, a method that raises or returns
the wrong type when used. The parsers, the matcher, the judge options and the provider adapters
each ask this module for their group; none reads entry points of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from citecheck.errors import CitecheckError, PluginError

if TYPE_CHECKING:
    from importlib.metadata import Distribution, EntryPoint

__all__ = ["GROUPS", "Kind", "Plugin", "call", "entry_points_of", "installed", "load"]

Kind = Literal["parser", "tier", "judge", "provider"]
"""What a plugin adds."""

GROUPS: dict[Kind, str] = {
    "parser": "citecheck.parsers",
    "tier": "citecheck.tiers",
    "judge": "citecheck.judges",
    "provider": "citecheck.providers",
}
"""The entry point group of each kind of plugin."""

_T = TypeVar("_T")


def _group(group: str) -> list[EntryPoint]:
    """The entry points of ``group``, as ``importlib.metadata.entry_points(group=group)`` lists them.

    That call parses the entry points of every installed distribution (4 ms in an environment of
    140), for a group few of them declare. This reads each one's ``entry_points.txt`` as text and
    parses only those that name the group, taking the distributions in the same order and, as it
    does, only the first of each name: 1.5 ms.
    """
    from importlib.metadata import distributions  # only when a plugin is asked for: start-up stays light

    header = f"[{group}]"
    seen: set[str] = set()
    found: list[EntryPoint] = []
    for dist in distributions():
        name = _normalized_name(dist)
        if name in seen:
            continue
        seen.add(name)
        text = dist.read_text("entry_points.txt")
        if text and header in text:
            found.extend(dist.entry_points.select(group=group))
    return found


def _normalized_name(dist: Distribution) -> str:
    """The distribution's name as `importlib.metadata.entry_points` tells two apart (PEP 503)."""
    name = getattr(dist, "_normalized_name", None)  # from the folder's name: no metadata file read
    if isinstance(name, str):
        return name
    return re.sub(r"[-_.]+", "-", dist.metadata["Name"] or "").lower().replace("-", "_")


def entry_points_of(kind: Kind) -> dict[str, EntryPoint]:
    """The installed entry points of a kind's group, by name."""
    return {entry.name: entry for entry in _group(GROUPS[kind])}


def installed(kind: Kind) -> tuple[str, ...]:
    """The names installed packages offer in a kind's group, sorted."""
    return tuple(sorted(entry_points_of(kind)))


class Plugin:
    """Who a plugin is, for messages: its kind, entry point and package.

    Attributes:
        kind: What it adds.
        name: Its entry point's name (a parser's format, a tier's or judge's name, a ``--from`` name).
        label: ``tier plugin 'plus' (citecheck_plus:PlusTier, package citecheck-plus)``.
    """

    def __init__(self, kind: Kind, entry: EntryPoint) -> None:
        self.kind, self.name = kind, entry.name
        self._entry = entry

    @cached_property
    def label(self) -> str:
        """How messages name the plugin; made when one does (the package's name is read from its metadata)."""
        entry = self._entry
        package = f", package {entry.dist.name}" if entry.dist is not None else ""
        return f"{self.kind} plugin {entry.name!r} ({entry.value} in group {GROUPS[self.kind]!r}{package})"

    def __getstate__(self) -> dict[str, Any]:
        # A copy in another process names the package too: an entry point pickles without its distribution.
        return {**{k: v for k, v in self.__dict__.items() if k != "_entry"}, "label": self.label}

    def error(self, reason: str) -> PluginError:
        """The error naming this plugin."""
        return PluginError(f"{self.label}: {reason}", group=GROUPS[self.kind], name=self.name)


def _failure(error: BaseException) -> str:
    if isinstance(error, SystemExit):
        return f"it called sys.exit({error.code!r})"
    said = " ".join(str(error).split())  # one line, whatever the plugin's message held
    return f"{type(error).__name__}: {said[:300] + '...' if len(said) > 300 else said}"


def load(
    kind: Kind,
    name: str,
    *,
    check: Callable[[object], str | None],
    error: type[PluginError] = PluginError,
    entry: EntryPoint | None = None,
) -> tuple[Plugin, Any]:
    """The object a plugin offers under ``name`` in a kind's group (a class is made with no arguments).

    Args:
        kind: Which group.
        name: The entry point's name.
        check: Why the object is not of the kind (``None`` when it is).
        error: The `PluginError` subclass to raise (`TierPluginError` for tiers).
        entry: The entry point, when the caller has it already.

    Raises:
        PluginError: No installed package offers ``name`` (the message lists those that do), its
            import raises or exits, its class cannot be made, or its object fails ``check``.
    """
    if entry is None:
        found = entry_points_of(kind)
        entry = found.get(name)
        if entry is None:
            offered = ", ".join(sorted(found)) or "none is installed"
            raise error(f"no installed {kind} is named {name!r} (installed: {offered})", group=GROUPS[kind], name=name)
    plugin = Plugin(kind, entry)
    try:
        loaded = entry.load()
    except (Exception, SystemExit) as problem:  # a plugin's import can fail any way, exiting included
        raise error(f"{plugin.label} cannot be loaded: {_failure(problem)}", group=GROUPS[kind], name=name) from None
    made = loaded
    if isinstance(loaded, type):  # a class meets a protocol by its attributes: make the instance
        try:
            made = loaded()
        except (Exception, SystemExit) as problem:
            raise error(
                f"{plugin.label}: {loaded.__name__}() failed: {_failure(problem)}", group=GROUPS[kind], name=name
            ) from None
    wrong = check(made)
    if wrong is not None:
        raise error(f"{plugin.label}: {wrong}", group=GROUPS[kind], name=name)
    return plugin, made


def call(plugin: Plugin | str, what: str, function: Callable[..., _T], *args: Any, returns: type | None = None) -> _T:
    """Run a plugin's method; a failure of its own is a `PluginError` naming it.

    A `CitecheckError` it raises (a parser's `DocumentError`, a judge's `JudgeError`) is its typed
    answer and goes through unchanged; anything else, an exit, or a result that is not ``returns``
    is the plugin's fault and says so.

    Args:
        plugin: The plugin, or how to name it (``tier 'plus'``).
        what: The method, for the message (``find()``).
        function: The bound method.
        args: Its arguments.
        returns: The type the result must be, if any.
    """
    label = plugin.label if isinstance(plugin, Plugin) else plugin
    try:
        result = function(*args)
    except CitecheckError:
        raise
    except (Exception, SystemExit) as problem:
        did = "called" if isinstance(problem, SystemExit) else "raised"  # "find() called sys.exit(7)"
        raise PluginError(f"{label}: {what} {did} {_failure(problem).removeprefix('it called ')}") from problem
    if returns is not None and not isinstance(result, returns):
        raise PluginError(f"{label}: {what} returned a {type(result).__name__}, not a {returns.__name__}")
    return result
