"""The check step: one `Checker`, the batch engine, the verdict fold and the module-level functions.

`Checker` holds how quotes match (the preset and tiers), the parsers, the judge, the auto-accept
threshold and the concurrency; the module-level functions (`check_citation`, `check_citations`,
`acheck_citations`, `match_citation`, `match_citations`) are thin calls on one, as httpx's
functions call a ``Client``. Every other entry point (`citecheck.providers.check_answer`,
`citecheck.distributed.check_rows`, the report builders, the command line) takes ``checker=`` too.

Step 1 runs the same way on every path (`locate`): the matcher routes the citation and runs the
tiers, then the claim's numbers are checked against the section text the judge would read
(``claim_number_absent``), before any model call.

Inside: `_checker` (the `Checker`), `_api` (the module-level functions), `_match` (step 1 and
`MatchResult`), `_numbers` (the claim-number check), `_batch` (the concurrent engine), `_fold`
(the verdict fold and a citation's failure), `_gates` (what fails a run),
`_telemetry` (OpenTelemetry events) and `_rows` (the one projection every output reads).
The top-level `citecheck` re-exports the names users reach for.
"""

from citecheck.checker._api import acheck_citations, check_citation, check_citations, match_citation, match_citations
from citecheck.checker._batch import DEFAULT_CONCURRENCY, BatchResults, BatchTotals, Entry, run_batch
from citecheck.checker._checker import DEFAULT_CHECKER, Checker, chosen_checker
from citecheck.checker._fold import AUTO_ACCEPT, fold_verdict, item_failure
from citecheck.checker._gates import DEFAULT_GATES, GATES, JUDGED_GATES, Gate, gates_hit, parse_gates
from citecheck.checker._match import MatchResult, citation_list, flag_claim_numbers, locate
from citecheck.checker._numbers import absent_numbers
from citecheck.checker._rows import Action, Located, Outcome, Result, ResultView, view

__all__ = [
    "AUTO_ACCEPT",
    "DEFAULT_CHECKER",
    "DEFAULT_CONCURRENCY",
    "DEFAULT_GATES",
    "GATES",
    "JUDGED_GATES",
    "Action",
    "BatchResults",
    "BatchTotals",
    "Checker",
    "Entry",
    "Gate",
    "Located",
    "MatchResult",
    "Outcome",
    "Result",
    "ResultView",
    "absent_numbers",
    "acheck_citations",
    "check_citation",
    "check_citations",
    "chosen_checker",
    "citation_list",
    "flag_claim_numbers",
    "fold_verdict",
    "gates_hit",
    "item_failure",
    "locate",
    "match_citation",
    "match_citations",
    "parse_gates",
    "run_batch",
    "view",
]
