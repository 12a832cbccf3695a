"""Every code block of README.md and docs/*.md runs as written and prints what the page shows.

The convention (CONTRIBUTING.md, "Docs examples", says it for contributors):

- A ```` ```bash ````, ```` ```console ```` or ```` ```sh ```` block runs in ``bash`` from the repository root,
  as a reader pastes it into a terminal: the venv's ``citecheck`` and ``python`` on ``PATH``, no
  ``TYPESAFE_*`` variable set, ``../shared/fixtures`` beside the root. Every command in it must exit 0,
  except the block's last, which exits with the code a marker gives (0 unless told).
- A ```` ```python ```` block runs with the repository root as the working directory. The Python blocks of a
  page run in order in one interpreter, as a reader pastes them into one session: a later block may use
  names an earlier one defined.
- An output block right after a runnable block (```` ```text ```` or untagged) is what the block prints
  (standard output and standard error together, as a terminal shows them). Trailing spaces and blank
  lines at the end are ignored; a line that is only ``...`` stands for any number of lines.
- A ```` ```toml ```` block must parse.
- An HTML comment right before a block sets how it runs, comma-separated:
  ``<!-- docs-test: exit 1 -->`` its last command exits 1;
  ``<!-- docs-test: standin -->`` it needs an API key: it runs against the loopback stand-in
  (tests/standin.py), ``TYPESAFE_API_KEY`` and ``TYPESAFE_BASE_URL`` set, whose answers are synthetic;
  ``<!-- docs-test: installed -->`` its ``python3 -m venv``, ``. .venv/bin/activate`` and ``pip install``
  steps are what .ci/run does from scratch; the rest runs here;
  ``<!-- docs-test: not-run REASON -->`` it is not run (REASON says why, e.g. it runs for minutes); it
  must still parse (``bash -n``, ``compile``).

The root is a scratch copy made of symbolic links to the repository's entries, with ``../shared/fixtures``
linked to ``CITECHECK_FIXTURES``: a block that writes ``report.html`` writes it to a temporary folder,
never into the repository, and the fixtures stay read-only.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from tests.standin import StandIn

if sys.version_info >= (3, 11):
    import tomllib
else:  # the test extra installs it there
    import tomli as tomllib

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUNNABLE = {"python": "python", "bash": "bash", "console": "bash", "sh": "bash"}
OUTPUT_INFOS = {"", "text"}
MARKER = re.compile(r"<!--\s*docs-test:(.*?)-->", re.S)
BLOCK_TIMEOUT = 180  # seconds: a block that runs longer belongs under `not-run`
INSTALL_STEPS = re.compile(r"^(python3? -m venv |\. \.venv/bin/activate$|pip install )")


@dataclass
class Block:
    """One fenced block of a page, with what the markers and the next block say about it."""

    page: Path
    line: int
    info: str
    text: str
    expected: str | None = None
    exit_code: int = 0
    standin: bool = False
    installed: bool = False
    not_run: str | None = None
    options: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def _markers(html: str) -> list[str]:
    """The options of the comments in ``html``; ``not-run`` takes the rest of its comment as its reason."""
    options = []
    for found in MARKER.findall(html):
        head, sep, reason = found.partition("not-run")
        options += [part.strip() for part in head.split(",") if part.strip()]
        if sep:
            options.append(f"not-run {' '.join(reason.split())}")
    return options


def blocks(page: Path) -> list[Block]:
    """The page's code blocks, each with its output block and markers; output blocks are not listed."""
    tokens = MarkdownIt("commonmark").parse(page.read_text(encoding="utf-8"))
    found: list[Block] = []
    pending: list[str] = []
    previous: Block | None = None  # a runnable block the next token may show the output of
    for token in tokens:
        if token.type == "html_block":
            pending += _markers(token.content)
            previous = None
            continue
        if token.type != "fence":
            if token.type in {"paragraph_open", "heading_open", "table_open", "hr"}:
                previous, pending = None, []
            continue
        info = token.info.strip().split(" ")[0]
        assert token.map is not None
        if previous is not None and info in OUTPUT_INFOS and not pending:
            previous.expected = token.content
            previous = None
            continue
        block = Block(page, token.map[0] + 1, info, token.content, options=pending)
        for option in pending:
            if option.startswith("exit "):
                block.exit_code = int(option.removeprefix("exit "))
            elif option == "standin":
                block.standin = True
            elif option == "installed":
                block.installed = True
            elif option.startswith("not-run"):
                block.not_run = option.removeprefix("not-run").strip()
                assert block.not_run, f"{block.name}: `not-run` needs a reason"
            else:
                raise AssertionError(f"{block.name}: unknown docs-test marker {option!r}")
        pending = []
        previous = block if info in RUNNABLE else None
        if info in RUNNABLE or info == "toml" or block.options:
            found.append(block)
    return found


ALL = [block for page in PAGES for block in blocks(page)]


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.rstrip().splitlines()]
    return lines


def matches(expected: str, got: str) -> bool:
    """Whether ``got`` is what ``expected`` shows, a line of ``...`` standing for any lines."""
    want, have = _lines(expected), _lines(got)

    def fits(i: int, j: int) -> bool:
        if i == len(want):
            return j == len(have)
        if want[i].strip() == "...":
            return any(fits(i + 1, k) for k in range(j, len(have) + 1))
        return j < len(have) and want[i] == have[j] and fits(i + 1, j + 1)

    return fits(0, 0)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch repository root: links to the repository's entries, the fixtures linked beside it."""
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", ROOT.parent / "shared" / "fixtures")).resolve()
    assert (fixtures / "citation_check" / "rfc7519.txt").is_file(), f"no cookbook fixtures at {fixtures}"
    base = tmp_path_factory.mktemp("docs")
    (base / "shared").mkdir()
    (base / "shared" / "fixtures").symlink_to(fixtures, target_is_directory=True)
    scratch = base / "citecheck"
    scratch.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in {".git", ".venv", "site"}:
            (scratch / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return scratch


def environment(standin: StandIn | None = None) -> dict[str, str]:
    """A reader's environment: this venv first on PATH, this checkout's citecheck, no TYPESAFE_ variable."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(("TYPESAFE_", "CITECHECK_"))}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    import citecheck

    src = str(Path(citecheck.__file__).parents[1])
    env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "200"
    if standin is not None:
        env["TYPESAFE_API_KEY"] = "docs-test-standin-key"
        env["TYPESAFE_BASE_URL"] = standin.url
    return env


def shell_script(block: Block) -> str:
    """The block as a script that reports every failing command but the last (a terminal goes on after one)."""
    text = block.text
    if block.installed:
        kept = []
        for line in text.splitlines():
            steps = [step for step in line.split(" && ") if not INSTALL_STEPS.match(step.strip())]
            kept.append(" && ".join(steps))
        text = "\n".join(kept) + "\n"
    commands = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    last = len(commands)
    # An ERR trap names each failing command; the last one's code is checked against the marker instead.
    return (
        "__docs_n=0\n"
        'trap \'__docs_rc=$?; if [ "$__docs_n" -lt '
        f"{last}"
        ' ]; then echo "docs-test: exit $__docs_rc from: $BASH_COMMAND" >&2; fi\' ERR\n'
        + "\n".join(
            f"__docs_n=$((__docs_n+1))\n{line}" if line.strip() and not line.lstrip().startswith("#") else line
            for line in text.splitlines()
        )
        + "\n"
    )


def run_bash(block: Block, root: Path) -> tuple[int, str]:
    if block.standin:
        with StandIn() as standin:
            got = subprocess.run(
                ["bash", "-c", shell_script(block)],
                cwd=root,
                env=environment(standin),
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=BLOCK_TIMEOUT,
                check=False,
            )
    else:
        got = subprocess.run(
            ["bash", "-c", shell_script(block)],
            cwd=root,
            env=environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=BLOCK_TIMEOUT,
            check=False,
        )
    return got.returncode, got.stdout


# Runs a page's Python blocks in one namespace, in order, and prints one JSON line per block.
_SESSION = textwrap.dedent(
    """
    import contextlib, json, sys, tempfile, traceback
    blocks = json.load(sys.stdin)
    namespace = {"__name__": "__main__"}
    out = sys.__stdout__
    for name, code in blocks:
        error = None
        # A real file, not a StringIO: a block may start a process that inherits its stderr.
        with tempfile.TemporaryFile("w+", encoding="utf-8") as buffer:
            with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
                try:
                    exec(compile(code, name, "exec"), namespace)
                except BaseException:
                    error = traceback.format_exc()
            buffer.flush()
            buffer.seek(0)
            output = buffer.read()
        out.write(json.dumps({"output": output, "error": error}) + "\\n")
        out.flush()
    """
)


class PythonRuns:
    """Each Python block's output and error; a page's blocks run in one session, the first time one is asked for."""

    def __init__(self, root: Path, standin: StandIn) -> None:
        self.root, self.standin = root, standin
        self.done: dict[str, dict[str, str | None]] = {}

    def __getitem__(self, name: str) -> dict[str, str | None]:
        if name not in self.done:
            page = next(block.page for block in ALL if block.name == name)
            session = [b for b in ALL if b.page == page and b.info == "python" and b.not_run is None]
            got = subprocess.run(
                [sys.executable, "-c", _SESSION],
                input=json.dumps([[b.name, b.text] for b in session]),
                cwd=self.root,
                env=environment(self.standin if any(b.standin for b in session) else None),
                capture_output=True,
                text=True,
                timeout=BLOCK_TIMEOUT * 4,
                check=False,
            )
            results = [json.loads(line) for line in got.stdout.splitlines()]
            assert len(results) == len(session), f"{page}: the session died\n{got.stdout}{got.stderr}"
            self.done.update(zip([b.name for b in session], results, strict=True))
        return self.done[name]


@pytest.fixture(scope="module")
def python_runs(root: Path) -> Iterator[PythonRuns]:
    with StandIn() as standin:
        yield PythonRuns(root, standin)


@pytest.mark.parametrize("block", ALL, ids=[block.name for block in ALL])
def test_block(block: Block, root: Path, python_runs: PythonRuns) -> None:
    if block.info == "toml":
        tomllib.loads(block.text)
        return
    if block.not_run is not None:
        if block.info == "python":
            compile(block.text, block.name, "exec")
        else:
            subprocess.run(["bash", "-n", "-c", block.text], check=True)
            for script in re.findall(r"\bpython3? (\S+\.py)\b", block.text):
                assert (ROOT / script).is_file(), f"{block.name}: {script} does not exist"
        return
    assert block.info in RUNNABLE, f"{block.name}: a marker on a ```{block.info} block, which is never run"
    if block.info == "python":
        result = python_runs[block.name]
        assert result["error"] is None, f"{block.name} raised:\n{result['error']}"
        output = result["output"] or ""
    else:
        code, output = run_bash(block, root)
        assert "docs-test: exit" not in output, f"{block.name}: a command failed:\n{output}"
        assert code == block.exit_code, f"{block.name}: exit {code}, the page says {block.exit_code}\n{output}"
    if block.expected is not None:
        assert matches(block.expected, output), f"{block.name} printed:\n{output}\nthe page shows:\n{block.expected}"


def test_every_page_has_blocks_to_run() -> None:
    # Guards the collection itself: a parser change that found no block would pass on any docs.
    names = {block.name.split(":")[0] for block in ALL}
    assert {"README.md", "docs/quickstart.md", "docs/python-api.md"} <= names
    assert any(block.expected is not None for block in ALL if block.page.name == "quickstart.md")


@pytest.mark.parametrize(
    ("expected", "got", "fits"),
    [
        ("a\nb\n", "a\nb\n", True),
        ("a\nb\n", "a\nc\n", False),
        ("a  \n\n", "a\n", True),
        ("a\n...\nd\n", "a\nb\nc\nd\n", True),
        ("a\n...\nd\n", "a\nd\n", True),
        ("a\n...\nd\n", "a\nb\n", False),
        ("a\n", "a\nb\n", False),
    ],
)
def test_output_matching(expected: str, got: str, fits: bool) -> None:
    assert matches(expected, got) is fits


def test_markers_and_output_blocks_are_read(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "Run:\n\n<!-- docs-test: exit 1, standin -->\n```bash\ncitecheck x\n```\n\n```text\nout\n```\n\n"
        "```\nnot output: a paragraph came first\n```\n\ntext\n\n```python\nprint(1)\n```\n",
        encoding="utf-8",
    )
    found = blocks(page)
    assert [(b.info, b.exit_code, b.standin, b.expected) for b in found] == [
        ("bash", 1, True, "out\n"),
        ("python", 0, False, None),
    ]


def test_a_failing_command_before_the_last_is_reported(root: Path) -> None:
    block = Block(ROOT / "README.md", 1, "bash", "false\necho done\n")
    code, output = run_bash(block, root)
    assert (code, "docs-test: exit 1 from: false" in output) == (0, True)
