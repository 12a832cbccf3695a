"""What a person needs to review results: the HTML report, stored decisions and calibration.

`render_html` writes the self-contained review report. `export_queue` and `import_queue` carry
results to a spreadsheet and back as `StoredDecision`s, which `apply_decisions` lays over a later
run. `threshold_table` and `suggest_threshold` turn labelled results into an ``auto_accept``
threshold with a confidence interval.
"""

from citecheck._models import HumanDecision
from citecheck.review._calibrate import (
    Bin,
    Label,
    Suggestion,
    ThresholdRow,
    labels_from_file,
    reliability,
    suggest_threshold,
    threshold_table,
)
from citecheck.review._decisions import (
    DecisionReport,
    StaleDecision,
    StoredDecision,
    apply_decisions,
    export_queue,
    import_queue,
    load_decisions,
    load_results,
    save_decisions,
)
from citecheck.review._report import render_html

__all__ = [
    "Bin",
    "DecisionReport",
    "HumanDecision",
    "Label",
    "StaleDecision",
    "StoredDecision",
    "Suggestion",
    "ThresholdRow",
    "apply_decisions",
    "export_queue",
    "import_queue",
    "labels_from_file",
    "load_decisions",
    "load_results",
    "reliability",
    "render_html",
    "save_decisions",
    "suggest_threshold",
    "threshold_table",
]
