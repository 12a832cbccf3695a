"""Judges from other packages: the ``citecheck.judges`` entry point group, read by the one plugin registry.

A package ships a judge by naming it in its metadata::

    [project.entry-points."citecheck.judges"]
    keywords = "citecheck_keywords:KeywordJudge"

The entry point's object is a judge (`Judge`, `AsyncJudge` or both), or a class whose instance
(made with no arguments) is one. ``citecheck check --judge NAME`` asks it instead of TypeSafe. It
is used through `PluginJudge`, so an answer it raises on or returns of the wrong type is a
`PluginError` naming it, reported as that citation's failure.
"""

from __future__ import annotations

from citecheck._models import JudgeAnswer
from citecheck._plugins import GROUPS, Plugin, call, installed, load
from citecheck.errors import PluginError
from citecheck.judge._protocols import AsyncJudge, Judge

__all__ = ["JUDGE_GROUP", "PluginJudge", "installed_judges", "load_judge"]

JUDGE_GROUP = GROUPS["judge"]
"""The entry point group a package names its judges in."""


def _not_a_judge(value: object) -> str | None:
    if isinstance(value, Judge | AsyncJudge):
        return None
    return f"it is a {type(value).__name__}, not a judge: a judge has judge(claim, section) or ajudge(claim, section)"


class PluginJudge:
    """A judge from a plugin, checked on every answer: what it raises or returns wrong names it.

    Attributes:
        plugin: Who the plugin is.
        inner: The plugin's judge.
    """

    def __init__(self, plugin: Plugin, inner: Judge | AsyncJudge) -> None:
        self.plugin, self.inner = plugin, inner
        if isinstance(inner, AsyncJudge):
            self.ajudge = self._ajudge

    def judge(self, claim: str, section: str) -> JudgeAnswer:
        """The plugin's answer (see `Judge.judge`).

        Raises:
            PluginError: The plugin raised something other than a `JudgeError`, or returned no `JudgeAnswer`.
        """
        if not isinstance(self.inner, Judge):
            raise PluginError(f"{self.plugin.label}: it has ajudge() only", group=JUDGE_GROUP, name=self.plugin.name)
        return call(self.plugin, "judge()", self.inner.judge, claim, section, returns=JudgeAnswer)

    async def _ajudge(self, claim: str, section: str) -> JudgeAnswer:
        assert isinstance(self.inner, AsyncJudge)
        try:
            answer = await self.inner.ajudge(claim, section)
        except Exception as problem:
            # The same rule as `call`: a typed answer goes through, anything else names the plugin.
            return call(self.plugin, "ajudge()", _reraise, problem, returns=JudgeAnswer)
        return call(self.plugin, "ajudge()", lambda: answer, returns=JudgeAnswer)


def _reraise(problem: Exception) -> JudgeAnswer:
    raise problem


def installed_judges() -> tuple[str, ...]:
    """The names of the judges installed packages offer in the ``citecheck.judges`` group, sorted."""
    return installed("judge")


def load_judge(name: str) -> PluginJudge:
    """The judge an installed package offers under ``name``, checked on every answer.

    Raises:
        PluginError: No installed package offers it (the error lists those that do), its import
            raises or exits, or its object is no judge; the message names the plugin.
    """
    plugin, judge = load("judge", name, check=_not_a_judge)
    return PluginJudge(plugin, judge)
