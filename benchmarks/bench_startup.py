"""Start-up: `citecheck --version` against `python -c "import click"`, and `import citecheck` before/after.

Each command runs ``--runs`` times (default 15) as a fresh process, interleaved with its baseline
so both see the same machine, and each keeps its best time: on a shared machine noise only adds
time. Every command runs once untimed first, with bytecode writing on (``PYTHONDONTWRITEBYTECODE``
removed from the environment), so the timed runs load this checkout's ``.pyc`` files as an installed
package does (pip compiles a wheel's modules when it installs them): without them each run also
compiles every module of ``src`` from source. Each run's CPU time (user and system, from
`os.wait4`) is kept beside its wall time: on a machine shared with other jobs the wall time of a
short process grows with the load and the CPU time much less, so the CPU column tells what a busy
machine's wall column cannot. The targets are checked on the wall time. Runs:

1. ``citecheck --version`` (the installed command, running this checkout's ``src`` by
   ``PYTHONPATH``) against ``python -c "import click"``, the least any click command can cost;
   the ratio is what citecheck adds on top;
2. ``citecheck --help``, ``citecheck match`` on the cookbook (RFC 7519 and its 8 citations, from
   ``$CITECHECK_FIXTURES``) and ``python -c "import citecheck"``, against the same baseline;
3. with ``--ref SRC`` (a ``src`` folder of another checkout, such as a worktree of main made with
   ``git worktree add --detach ../main-ref main``): ``import citecheck`` and ``citecheck match``
   from there against this checkout's, by ``PYTHONPATH``, in the same interpreter and environment.

It also reports whether each run loaded ``typesafe_sdk``, ``httpx2`` or ``cooksafe`` (it must not:
``tests/test_startup.py`` holds that), and exits 1 when one did, when ``--target N`` is given
and ``--version`` takes more than N times ``import click``, or with ``--targets`` when
``--version`` or ``--help`` takes more than 3x, or ``match`` more than 5x.

    python benchmarks/bench_startup.py                             # about 20 s
    python benchmarks/bench_startup.py --ref ../main-ref/src      # and import citecheck before/after
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

SDK = ("typesafe_sdk", "httpx2", "cooksafe")
ROOT = Path(__file__).resolve().parents[1]
HELP_TARGET, MATCH_TARGET = 3.0, 5.0
"""At most this many times ``import click``: ``--version`` and ``--help``, and ``match`` on the cookbook."""
CHECK_SDK = "import sys; print(','.join(m for m in {0} if m in sys.modules))"


def command() -> list[str]:
    """The installed ``citecheck`` command of this interpreter's environment, else ``python -m citecheck``."""
    script = Path(sys.executable).with_name("citecheck")
    found = str(script) if script.is_file() else shutil.which("citecheck")
    return [found] if found else [sys.executable, "-m", "citecheck"]


def once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time of one run, and the CPU time (user and system) the process used."""
    started = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, argv)
    return wall, usage.ru_utime + usage.ru_stime


def best(cases: dict[str, tuple[list[str], dict[str, str]]], runs: int) -> dict[str, tuple[float, float]]:
    """The best wall time and the best CPU time of each case, the cases interleaved run by run."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
    for argv, env in cases.values():
        once(argv, env)  # untimed: writes the bytecode the timed runs load
    for _ in range(runs):
        for name, (argv, env) in cases.items():
            times[name].append(once(argv, env))
    return {name: (min(w for w, _ in values), min(c for _, c in values)) for name, values in times.items()}


def sdk_loaded(code: str, env: dict[str, str]) -> str:
    """The SDK packages a ``python -c CODE`` run leaves in ``sys.modules`` (empty when none)."""
    probe = f"{code}\n{CHECK_SDK.format(SDK)}"
    return subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def cli_sdk_loaded(args: list[str], env: dict[str, str]) -> str:
    code = (
        "import atexit, sys\n"
        f"atexit.register(lambda: sys.__stderr__.write('SDK:' + ','.join(m for m in {SDK} if m in sys.modules)))\n"
        f"from citecheck.cli import main\nmain({args!r}, prog_name='citecheck')"
    )
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    return run.stderr.rpartition("SDK:")[2].strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (the best is kept)")
    parser.add_argument("--ref", type=Path, help="a src folder to compare `import citecheck` against")
    parser.add_argument("--target", type=float, help="most --version may take, times import click (no check: none)")
    parser.add_argument(
        "--targets",
        action="store_true",
        help=f"exit 1 unless --version and --help take at most {HELP_TARGET:g}x import click, match {MATCH_TARGET:g}x",
    )
    options = parser.parse_args()

    # This checkout's citecheck, whatever the environment has installed: the command's script only
    # imports citecheck.cli, which PYTHONPATH decides.
    unset = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")
    env = {**{k: v for k, v in os.environ.items() if k not in unset}, "PYTHONPATH": str(ROOT / "src")}
    python = sys.executable
    fixtures = Path(os.environ.get("CITECHECK_FIXTURES", ROOT.parent / "shared" / "fixtures")) / "citation_check"
    match = [*command(), "match", str(fixtures / "rfc7519.txt"), str(fixtures / "citations.json"), "--fail-on", "none"]
    cases = {
        "python -c 'import click'": ([python, "-c", "import click"], env),
        "citecheck --version": ([*command(), "--version"], env),
        "citecheck --help": ([*command(), "--help"], env),
        "citecheck match (the cookbook)": (match, env),
        "python -c 'import citecheck'": ([python, "-c", "import citecheck"], env),
    }
    if options.ref is not None:
        ref_env = {**env, "PYTHONPATH": str(options.ref.resolve())}
        where = subprocess.run(
            [python, "-c", "import citecheck; print(citecheck.__file__)"], env=ref_env, capture_output=True, text=True
        ).stdout.strip()
        if not where.startswith(str(options.ref.resolve())):
            print(f"--ref {options.ref} is not what `import citecheck` loads ({where})", file=sys.stderr)
            return 2
        cases["import citecheck, --ref"] = ([python, "-c", "import citecheck"], ref_env)
        cases["citecheck match, --ref"] = (match, ref_env)

    load_before = os.getloadavg()[0]
    measured = best(cases, options.runs)
    figures = {name: wall for name, (wall, _) in measured.items()}
    baseline = figures["python -c 'import click'"]
    cpu_baseline = measured["python -c 'import click'"][1]
    print(f"start-up, best of {options.runs} runs each, interleaved ({python})")
    print(f"load average (1 min): {load_before:.2f} before, {os.getloadavg()[0]:.2f} after\n")
    print(f"{'':32} {'best wall':>10} {'vs click':>9}   {'best CPU':>10} {'vs click':>9}")
    for name, (seconds, cpu) in measured.items():
        print(
            f"{name:32} {seconds * 1000:7.1f} ms {seconds / baseline:8.2f}x"
            f"   {cpu * 1000:7.1f} ms {cpu / cpu_baseline:8.2f}x"
        )

    failures = []
    loaded = {
        "citecheck --version": cli_sdk_loaded(["--version"], env),
        "citecheck --help": cli_sdk_loaded(["--help"], env),
        "import citecheck": sdk_loaded("import citecheck", env),
    }
    print()
    for name, found in loaded.items():
        print(f"{name:32} SDK modules loaded: {found or 'none'}")
        if found:
            failures.append(f"{name} loaded {found}")
    if options.ref is not None:
        before, after = figures["import citecheck, --ref"], figures["python -c 'import citecheck'"]
        print(f"\nimport citecheck: {before * 1000:.1f} ms with --ref, {after * 1000:.1f} ms here", end="")
        print(f", {before / after:.2f}x faster")
        print(f"{'import citecheck, --ref':32} SDK modules loaded: {sdk_loaded('import citecheck', ref_env) or 'none'}")
        before, after = figures["citecheck match, --ref"], figures["citecheck match (the cookbook)"]
        print(f"citecheck match: {before * 1000:.1f} ms with --ref, {after * 1000:.1f} ms here", end="")
        print(f", {before / after:.2f}x faster")

    ratio = figures["citecheck --version"] / baseline
    print(f"\ncitecheck --version takes {ratio:.2f}x import click")
    if options.target is not None and ratio > options.target:
        failures.append(f"citecheck --version takes {ratio:.2f}x import click (target <= {options.target:g}x)")
    if options.targets:
        for name, target in (
            ("citecheck --version", HELP_TARGET),
            ("citecheck --help", HELP_TARGET),
            ("citecheck match (the cookbook)", MATCH_TARGET),
        ):
            if figures[name] / baseline > target:
                failures.append(f"{name} takes {figures[name] / baseline:.2f}x import click (target <= {target:g}x)")
    for failure in failures:
        print(f"MISS {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
