"""Make the README's screenshot of the review report: the cookbook run, opened in headless Chromium.

    CITECHECK_FIXTURES=../shared/fixtures python scripts/report_screenshot.py [--output docs/review-report.png]

It replays the cookbook's recorded answers from a temporary copy of the cache (no network, no API
key), writes the report next to the screenshot's temporary folder, and saves a PNG of the top of the
page. Needs `apt-get install chromium chromium-driver` and `pip install -e '.[dev]'`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the test helpers: one browser setup and one cookbook run for both

from citecheck import CitationResult  # noqa: E402
from citecheck.review import render_html  # noqa: E402
from tests import browser  # noqa: E402
from tests.report_runs import cookbook_run  # noqa: E402


def main() -> int:
    """Render the cookbook run and save the screenshot; 1 when the browser is missing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "review-report.png")
    parser.add_argument("--width", type=int, default=960)
    parser.add_argument("--height", type=int, default=1150)
    args = parser.parse_args()
    why = browser.missing()
    if why is not None:
        print(f"cannot take the screenshot: {why}", file=sys.stderr)
        return 1
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", ROOT.parent / "shared" / "fixtures")) / "citation_check"
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        cache = work / "json_cache.json"
        shutil.copyfile(fixtures / "json_cache.json", cache)
        results, documents = cookbook_run(fixtures, cache)
        page = work / "report.html"
        judged = sum(1 for r in results if isinstance(r, CitationResult) and r.answer is not None)
        totals = {"model calls made": 0, "answers replayed from the cache": judged}  # the cache holds them all
        page.write_text(render_html(results, documents, totals=totals), encoding="utf-8")
        driver = browser.chromium(work / "profile", width=args.width, height=args.height)
        try:
            driver.get(page.as_uri())
            args.output.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(args.output))
        finally:
            driver.quit()
    print(f"wrote {args.output} ({args.output.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
