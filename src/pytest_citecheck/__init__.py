"""The citecheck pytest plugin: a ``citecheck`` fixture, recorded answers, a session summary.

pytest loads it through the ``pytest11`` entry point of ``citecheck-llm``. It stays inert until a
test asks for it: importing it loads no citecheck (the fixture and `assert_citations` do), and a
session that never checks a citation prints nothing more.

Options (command line over ini, a ``@pytest.mark.citecheck(...)`` marker over both):

- ``--citecheck-cache PATH`` / ``citecheck_cache``: the recorded answers (a cooksafe JSON cache, or
  SQLite by its extension); an ini path is relative to the ini file.
- ``--citecheck-record-mode`` / ``citecheck_record_mode``: ``none`` (the default) replays recorded
  answers and never calls the model; ``new_episodes`` calls only for answers the cache lacks, and
  records them; ``all`` asks the model again for every answer and records it over the old one.
  The last two need ``TYPESAFE_API_KEY``.
- ``--citecheck-preset`` / ``citecheck_preset``: ``default`` or ``cookbook`` matching.
- ``--citecheck-fail-on`` / ``citecheck_fail_on``: `assert_citations`'s default gates.
- ``citecheck_auto_accept`` and ``citecheck_model``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from citecheck import Checker, Judge, JudgeAnswer
    from citecheck.checker import Result

__all__ = ["RECORD_MODES", "CitecheckOptions", "assert_citations", "citecheck"]

RECORD_MODES = ("none", "new_episodes", "all")
"""How recorded answers are used, as pytest-recording's modes: replay only, add what is missing, re-ask all."""

_PRESETS = ("default", "cookbook")
_MARKER = "citecheck"
_DEFAULT_FAIL_ON = "fabricated,contradicted,unsupported,review,error"


def assert_citations(*args: Any, **kwargs: Any) -> Any:
    """Fail (``AssertionError``) on the citations that hit the gates; see ``docs/pytest.md``.

    The implementation is `citecheck._assertions.assert_citations`, loaded at the first call.
    """
    __tracebackhide__ = True
    from citecheck._assertions import assert_citations as assert_

    return assert_(*args, **kwargs)


@dataclass(frozen=True)
class CitecheckOptions:
    """What the ``citecheck`` fixture builds its checker from, after flags, ini and marker."""

    cache: Path | None
    """The recorded answers; ``None``: none (every answer must then be asked, which mode none refuses)."""
    record_mode: str = "none"
    """``none``, ``new_episodes`` or ``all``."""
    preset: str = "default"
    """The checker's preset: ``default`` or ``cookbook``."""
    fail_on: str = _DEFAULT_FAIL_ON
    """`assert_citations`'s default gates, as ``--fail-on`` takes them."""
    auto_accept: float = 0.8
    """The confidence at and above which a verdict stands without review."""
    model: str = "jev-1.12"
    """The model that answers (and that recorded answers are looked up for)."""


@dataclass
class _Session:
    """What the session's assertions checked, for the summary."""

    verdicts: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    tests: int = 0


@dataclass
class _Active:
    """The running test's fixture: its checker, options and item (for JUnit properties)."""

    checker: Checker
    options: CitecheckOptions
    item: pytest.Item
    session: _Session


_ACTIVE: ContextVar[_Active | None] = ContextVar("citecheck_active", default=None)
_SESSION = pytest.StashKey[_Session]()


def active_checker() -> Checker | None:
    """The running test's ``citecheck`` fixture checker, if it asked for one (`assert_citations` uses it)."""
    active = _ACTIVE.get()
    return active.checker if active is not None else None


def active_fail_on() -> str | None:
    """The running test's default gates, from its options and marker."""
    active = _ACTIVE.get()
    return active.options.fail_on if active is not None else None


def record_results(results: Sequence[Result]) -> None:
    """Count the results of an assertion for the session summary and the test's JUnit properties."""
    active = _ACTIVE.get()
    if active is None:
        return
    from citecheck.checker import view

    verdicts: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    for result in results:
        seen = view(result)
        verdicts["error" if seen.failure else seen.verdict.value if seen.verdict else "not judged"] += 1
        if seen.action is not None:
            actions[seen.action] += 1
    active.session.verdicts.update(verdicts)
    active.session.actions.update(actions)
    active.session.tests += 1
    for name, count in sorted(verdicts.items()):
        active.item.user_properties.append((f"citecheck.verdict.{name}", count))
    for name, count in sorted(actions.items()):
        active.item.user_properties.append((f"citecheck.action.{name}", count))


def pytest_addoption(parser: pytest.Parser) -> None:
    """The plugin's flags and ini options."""
    group = parser.getgroup("citecheck", "citecheck: check citations against recorded answers")
    group.addoption("--citecheck-cache", metavar="PATH", help="Recorded answers (cooksafe JSON cache, or SQLite).")
    group.addoption(
        "--citecheck-record-mode",
        choices=RECORD_MODES,
        help="none: replay only, never call (default); new_episodes: call for what is missing; all: re-ask all.",
    )
    group.addoption("--citecheck-preset", choices=_PRESETS, help="How quotes match: default or cookbook.")
    group.addoption("--citecheck-fail-on", metavar="GATES", help="assert_citations's default gates, as --fail-on.")
    parser.addini("citecheck_cache", "citecheck: recorded answers, relative to the ini file")
    parser.addini("citecheck_record_mode", "citecheck: none, new_episodes or all", default="none")
    parser.addini("citecheck_preset", "citecheck: default or cookbook", default="default")
    parser.addini("citecheck_fail_on", "citecheck: assert_citations's default gates", default=_DEFAULT_FAIL_ON)
    parser.addini("citecheck_auto_accept", "citecheck: the auto-accept threshold", default="0.8")
    parser.addini("citecheck_model", "citecheck: the model", default="jev-1.12")


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker; the session's tally starts empty."""
    config.addinivalue_line(
        "markers",
        "citecheck(cache=None, record_mode=None, preset=None, fail_on=None, auto_accept=None, model=None): "
        "options of the citecheck fixture for this test",
    )
    config.stash[_SESSION] = _Session()


def _options(config: pytest.Config, item: pytest.Item) -> CitecheckOptions:
    base = config.inipath.parent if config.inipath is not None else config.rootpath
    ini_cache = config.getini("citecheck_cache")
    flag_cache = config.getoption("citecheck_cache")
    cache = Path(flag_cache) if flag_cache else (base / ini_cache if ini_cache else None)
    values: dict[str, Any] = {
        "cache": cache,
        "record_mode": config.getoption("citecheck_record_mode") or config.getini("citecheck_record_mode"),
        "preset": config.getoption("citecheck_preset") or config.getini("citecheck_preset"),
        "fail_on": config.getoption("citecheck_fail_on") or config.getini("citecheck_fail_on"),
        "auto_accept": config.getini("citecheck_auto_accept"),
        "model": config.getini("citecheck_model"),
    }
    marker = item.get_closest_marker(_MARKER)
    if marker is not None:
        if marker.args:
            raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.citecheck takes keyword options only")
        unknown = set(marker.kwargs) - set(values)
        if unknown:
            raise pytest.UsageError(
                f"{item.nodeid}: @pytest.mark.citecheck has no option {', '.join(sorted(unknown))}: "
                f"use {', '.join(values)}"
            )
        values.update({k: v for k, v in marker.kwargs.items() if v is not None})
        if "cache" in marker.kwargs and marker.kwargs["cache"] is not None:
            values["cache"] = Path(item.path).parent / marker.kwargs["cache"]
    return _checked_options(values, item.nodeid)


def _checked_options(values: dict[str, Any], where: str) -> CitecheckOptions:
    if values["record_mode"] not in RECORD_MODES:
        raise pytest.UsageError(f"{where}: citecheck record mode {values['record_mode']!r}: use one of {RECORD_MODES}")
    if values["preset"] not in _PRESETS:
        raise pytest.UsageError(f"{where}: citecheck preset {values['preset']!r}: use one of {_PRESETS}")
    try:
        auto_accept = float(values["auto_accept"])
    except ValueError:
        raise pytest.UsageError(f"{where}: citecheck auto_accept {values['auto_accept']!r} is not a number") from None
    fail_on = values["fail_on"]
    if not isinstance(fail_on, str):
        fail_on = ",".join(fail_on)
    from citecheck.checker import parse_gates

    try:
        parse_gates(fail_on)
    except ValueError as error:
        raise pytest.UsageError(f"{where}: citecheck fail_on: {error}") from None
    cache = values["cache"]
    return CitecheckOptions(
        cache=Path(cache) if cache is not None else None,
        record_mode=values["record_mode"],
        preset=values["preset"],
        fail_on=fail_on,
        auto_accept=auto_accept,
        model=str(values["model"]),
    )


def _judge(options: CitecheckOptions) -> Judge:
    from citecheck import TypeSafeJudge
    from citecheck.testing import RecordedJudge, StaticJudge

    if options.record_mode == "none":
        if options.cache is None:
            # Nothing recorded and nothing may be asked: step 1 still runs, and a citation that
            # reaches step 2 fails saying how to record its answer.
            message = "record mode none replays recorded answers only: give --citecheck-cache (or citecheck_cache)"
            return StaticJudge(lambda claim, section: _no_answer(message, claim))
        if not options.cache.is_file():
            raise pytest.UsageError(
                f"citecheck: the recorded answers {options.cache} do not exist; record them once with "
                "--citecheck-record-mode new_episodes (and TYPESAFE_API_KEY set)"
            )
        return RecordedJudge(options.cache, model=options.model)
    if options.cache is None:
        raise pytest.UsageError(f"citecheck: record mode {options.record_mode} records into --citecheck-cache: give it")
    if options.record_mode == "new_episodes":
        return TypeSafeJudge(model=options.model, cache=options.cache, create=True)  # recording may start it
    return _Rerecording(options.model, options.cache)


def _no_answer(message: str, claim: str) -> Any:
    from citecheck.testing import NoRecordedAnswerError

    raise NoRecordedAnswerError(message, claim=claim)


class _Rerecording:
    """Record mode ``all``: every question goes to the model, and its answer replaces the recorded one."""

    def __init__(self, model: str, cache: Path) -> None:
        from citecheck import TypeSafeJudge
        from citecheck.judge import open_cache

        self._asker = TypeSafeJudge(model=model)  # no cache: it always asks
        self._cache = open_cache(cache, create=True)

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        answer = self._asker.judge(claim, section)
        self._cache.put(self._asker.cache_key(claim, section), answer.model_dump(mode="json"))
        return answer

    def close(self) -> None:
        self._asker.close()
        self._cache.close()


@pytest.fixture
def citecheck(request: pytest.FixtureRequest) -> Iterator[Checker]:
    """A `citecheck.Checker` set from the ``citecheck_*`` ini options, the ``--citecheck-*`` flags and the marker.

    By default (record mode ``none``) it judges with the recorded answers alone and never calls the
    model, so the suite runs offline; `assert_citations` in the test checks with it.
    """
    from citecheck import Checker

    options = _options(request.config, request.node)
    judge = _judge(options)
    checker = Checker(options.preset, judge=judge, auto_accept=options.auto_accept)  # type: ignore[arg-type]
    token = _ACTIVE.set(_Active(checker, options, request.node, request.config.stash[_SESSION]))
    try:
        yield checker
    finally:
        _ACTIVE.reset(token)
        close = getattr(judge, "close", None)
        if close is not None:
            close()


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Counts by verdict and by action, when any test asserted on citations."""
    session = config.stash.get(_SESSION, None)
    if session is None or not session.tests:
        return
    terminalreporter.section("citecheck")
    total = sum(session.verdicts.values())
    verdicts = ", ".join(f"{name} {count}" for name, count in sorted(session.verdicts.items()))
    actions = ", ".join(f"{name} {count}" for name, count in sorted(session.actions.items()))
    terminalreporter.write_line(f"{total} citations in {session.tests} assertions: {verdicts}")
    terminalreporter.write_line(f"actions: {actions}")
