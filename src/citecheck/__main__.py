"""``python -m citecheck``: the same command as ``citecheck``."""

from citecheck.cli import main

if __name__ == "__main__":
    main(prog_name="citecheck")
