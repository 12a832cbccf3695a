"""One projection of a result, the one place that tells its kinds apart.

A citation's outcome is judged (`CitationResult`), matched only (`MatchResult`, step 1 alone) or
failed (`CitationFailure`). `view` reads any of them once into a `ResultView`: what the verdict
is, what it asks of a person, the model's answer, the evidence. Every output reads that view
rather than the result: the command's table, CSV, Markdown and JUnit and its gates (`citecheck.cli`),
the Web Annotations, the review queue and the HTML report (`citecheck.review`), and the provider
answer's claim links (`citecheck.providers`). A new kind of result is one more branch of `view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, Union

from citecheck._models import (
    Citation,
    CitationFailure,
    CitationResult,
    HumanDecision,
    JudgeAnswer,
    LocateStatus,
    Location,
    QuoteMatch,
    Relation,
    Verdict,
)

if TYPE_CHECKING:
    # Only a type here: `view` reads a step-1 result through `Located`.
    from citecheck.checker._match import MatchResult

__all__ = ["Action", "Located", "Outcome", "Result", "ResultView", "view"]

Result = Union[CitationResult, "MatchResult", CitationFailure]
"""One citation's outcome: judged, matched only (step 1), or failed."""

Outcome = Literal["checked", "matched", "failed"]
"""Which kind of result: checked by both steps, matched by step 1 alone, or failed."""

Action = Literal["auto", "review", "human", "judge"]
"""What a result asks for: it stands (``auto``), a person must look (``review``), a person decided
(``human``), or, from step 1 alone, only a model can say (``judge``)."""


class Located(Protocol):
    """A result of step 1 alone (``citecheck match``): no model was asked.

    `MatchResult` is one; the HTML report takes any object with these attributes.
    """

    @property
    def id(self) -> str: ...
    @property
    def citation(self) -> Citation: ...
    @property
    def location(self) -> Location: ...
    @property
    def verdict(self) -> Verdict | None: ...
    @property
    def review(self) -> bool: ...


@dataclass(frozen=True)
class ResultView:
    """A result as every output reads it, whatever its kind."""

    result: CitationResult | CitationFailure | Located
    """The result itself."""
    outcome: Outcome
    """Which kind of result it is."""
    citation: Citation | None
    """The citation as checked; ``None`` for a failure."""
    location: Location | None
    """Step 1's evidence; ``None`` for a citation that failed before it was located."""
    verdict: Verdict | None
    """The verdict (a person's, once one decided); ``None`` when step 1 alone cannot say, or the
    citation failed."""
    action: Action | None
    """What it asks for; ``None`` for a failure."""
    answer: JudgeAnswer | None = None
    """The model's answer, when a model was asked."""
    decision: HumanDecision | None = None
    """A person's decision, when one was applied."""
    failure: CitationFailure | None = None
    """The failure, for a citation that could not be checked."""

    @property
    def id(self) -> str:
        """The citation's id (``#N`` for a failed one without a usable id)."""
        return self.result.id

    @property
    def confidence(self) -> float | None:
        """The model's confidence; ``None`` when no model was asked."""
        return self.answer.confidence if self.answer is not None else None

    @property
    def model_verdict(self) -> Verdict | None:
        """The checker's own verdict: `verdict`, or the one a person overrode."""
        return self.decision.model_verdict if self.decision is not None else self.verdict

    @property
    def match(self) -> QuoteMatch | None:
        """Where the quote matched, when it did."""
        return self.location.match if self.location is not None else None

    @property
    def shown(self) -> QuoteMatch | None:
        """The source text a person is shown: the match, or a missing quote's closest text."""
        location = self.location
        return (location.match or location.closest) if location is not None else None

    # Step 1's evidence, each ``None`` (or empty) for a citation that failed before it was located:
    # outputs read these rather than reaching into the location, so each is worked out in one place.

    @property
    def status(self) -> LocateStatus | None:
        """Step 1's status (``found``, ``missing``...)."""
        return self.location.status if self.location is not None else None

    @property
    def document(self) -> str | None:
        """The document the quote was looked for in."""
        return self.location.document if self.location is not None else None

    @property
    def cited(self) -> str | None:
        """The section the citation names, as step 1 resolved it."""
        return self.location.cited if self.location is not None else None

    @property
    def section(self) -> str | None:
        """The section the quote was found in."""
        return self.location.section if self.location is not None else None

    @property
    def flags(self) -> tuple[str, ...]:
        """Step 1's flags (what a person should look at)."""
        return tuple(map(str, self.location.flags)) if self.location is not None else ()

    @property
    def reason(self) -> str | None:
        """Step 1's reason, in words."""
        return self.location.reason if self.location is not None else None

    @property
    def tier(self) -> str | None:
        """The tier that matched the quote."""
        match = self.match
        return match.tier if match is not None else None

    @property
    def relation(self) -> Relation | None:
        """The model's answer's relation (``supports``, ``contradicts``, ``says_nothing``)."""
        return self.answer.choice if self.answer is not None else None

    @property
    def error(self) -> str | None:
        """A failure's error type."""
        return self.failure.error if self.failure is not None else None

    @property
    def message(self) -> str | None:
        """A failure's message."""
        return self.failure.message if self.failure is not None else None


def view(result: CitationResult | CitationFailure | Located) -> ResultView:
    """The one projection of ``result`` every output reads."""
    if isinstance(result, CitationFailure):
        return ResultView(result, "failed", None, result.location, None, None, failure=result)
    if isinstance(result, CitationResult):
        action: Action = "human" if result.decision is not None else "auto" if result.auto else "review"
        return ResultView(
            result,
            "checked",
            result.citation,
            result.location,
            result.verdict,
            action,
            answer=result.answer,
            decision=result.decision,
        )
    # Step 1 alone decides "fabricated" on its own; any other citation awaits a model or a person.
    action = "review" if result.review else "auto" if result.verdict else "judge"
    return ResultView(result, "matched", result.citation, result.location, result.verdict, action)
