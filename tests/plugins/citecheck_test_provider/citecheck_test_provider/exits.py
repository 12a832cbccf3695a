"""A plugin module that exits at import, as a careless script does."""

import sys

sys.exit(7)


def read() -> None:
    """Never reached."""
