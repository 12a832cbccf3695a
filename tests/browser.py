"""Headless Chromium for the report's browser tests and screenshot: Debian's chromium, driven by selenium.

No browser is downloaded: selenium gets the system's ``/usr/bin/chromedriver`` and
``/usr/bin/chromium`` (``apt-get install chromium chromium-driver``; `.ci/run` installs them), and
Chromium is told not to reach any service of its own.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("CITECHECK_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CITECHECK_CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",  # containers give /dev/shm 64 MB, too little for a 2.6 MB page's renderer
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-extensions",
    "--mute-audio",
)


def missing() -> str | None:
    """Why the browser cannot run here, or ``None`` when it can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).is_file() and shutil.which(path) is None:
            return f"{path} not found (apt-get install chromium chromium-driver)"
    return None


def chromium(user_data_dir: Path, *, width: int = 1100, height: int = 1400) -> Any:
    """A headless Chromium with a fresh profile in ``user_data_dir``, recording the console log."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={user_data_dir}")
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
