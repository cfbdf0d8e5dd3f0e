"""Every check of who may act and of the trust model is guarded: removed or weakened one at a
time (tests/mutations.py) in a copy of Getaway, the tests named beside it fail; the same tests
pass on an untouched copy.

Each copy holds ``companion`` and ``tests`` in a directory of its own, and its tests run there
in a subprocess, two at a time; each run reports which ``companion`` it imported, so a test
that reached the installed one instead would show. ``python -m tests.test_mutations`` prints
the list with each verdict and the time it took.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tests.mutations import MUTATIONS, Mutation

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("companion", "tests", "pyproject.toml")
RUNNERS = 2
PYTEST = ("-x", "-q", "-p", "no:cacheprovider")
RUN = ("import sys, pytest\n"
       "code = pytest.main(sys.argv[2:])\n"
       "import companion\n"
       "open(sys.argv[1], 'w').write(companion.__file__)\n"
       "sys.exit(code)\n")
"""The subprocess: the tests, then which ``companion`` they imported, into a file."""
GUARD_S = 600.0
"""Only against a hang: no run of the narrow tests comes near it."""
FAILED = 1
"""pytest's exit status for tests that ran and failed (not an error, not nothing collected)."""


@dataclass(frozen=True)
class Run:
    """One run of tests on a copy: pytest's exit status, what it said, which ``companion`` it
    imported (relative to the copy; None if outside it), and how long it took."""

    status: int
    output: str
    imported: str | None
    seconds: float


def found_once(mutation: Mutation, root: Path = ROOT) -> int:
    """How often the mutation's snippet occurs in its file (it must be once)."""
    return (root / mutation.path).read_text(encoding="utf-8").count(mutation.old)


def copy_of_getaway(into: Path, mutation: Mutation | None = None) -> Path:
    """A copy of ``companion`` and the tests in ``into``, with ``mutation`` applied."""
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=shutil.ignore_patterns(".hypothesis"))
        else:
            shutil.copy2(source, into / name)
    if mutation is not None:
        target = into / mutation.path
        code = target.read_text(encoding="utf-8")
        if code.count(mutation.old) != 1:
            raise LookupError(f"{mutation.path}: the snippet of {mutation.name!r} is not "
                              f"found exactly once")
        target.write_text(code.replace(mutation.old, mutation.new), encoding="utf-8")
    return into


def run_tests(tests: Sequence[str], mutation: Mutation | None = None) -> Run:
    """Run ``tests`` (pytest arguments) on a fresh copy of Getaway, mutated or not."""
    with tempfile.TemporaryDirectory(prefix="getaway-mutant-") as where:
        copy = copy_of_getaway(Path(where), mutation)
        probe = copy / "imported.txt"
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-c", RUN, str(probe), *PYTEST, *tests],
                              cwd=copy, env=_environment(copy), capture_output=True,
                              text=True, timeout=GUARD_S, check=False)
        seconds = time.monotonic() - started
        imported = Path(probe.read_text()) if probe.exists() else None
        inside = imported is not None and imported.is_relative_to(copy)
        return Run(done.returncode, done.stdout + done.stderr,
                   str(imported.relative_to(copy)) if inside and imported else None, seconds)


def _environment(copy: Path) -> dict[str, str]:
    """The environment of a run: the copy first on the import path, also for what it starts."""
    return {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}


def guarded_by(mutations: Iterable[Mutation]) -> list[str]:
    """Every test the mutations name, each once, in order."""
    return list(dict.fromkeys(test for mutation in mutations for test in mutation.tests))


def start_all(pool: Executor, mutations: Sequence[Mutation]) -> tuple[Future[Run],
                                                                     list[Future[Run]]]:
    """The control run (every named test, no mutation) and one run per mutation, started in
    ``pool``: the control first, as it is the longest."""
    control = pool.submit(run_tests, guarded_by(mutations))
    return control, [pool.submit(run_tests, mutation.tests, mutation) for mutation in mutations]


def verdict(run: Run) -> str:
    """Caught (its tests failed), survived (they passed), or an error of the run itself."""
    if run.imported != "companion/__init__.py":
        return "imported another companion"
    if run.status == FAILED:
        return "caught"
    return "survived" if run.status == 0 else f"error {run.status}"


def test_every_snippet_is_found_exactly_once() -> None:
    """A check that moved needs its entry moved too: its snippet is where the list says."""
    moved = [f"{m.path}: {m.name}" for m in MUTATIONS if found_once(m) != 1]
    assert not moved, "snippets not found exactly once:\n" + "\n".join(moved)
    assert len({m.name for m in MUTATIONS}) == len(MUTATIONS)


def test_every_removed_check_fails_its_tests() -> None:
    with ThreadPoolExecutor(RUNNERS) as pool:
        started, each = start_all(pool, MUTATIONS)
        control, runs = started.result(), [run.result() for run in each]
    assert control.imported == "companion/__init__.py", control.output[-3000:]
    assert control.status == 0, control.output[-3000:]
    missed = [f"{m.name} ({m.path}): {verdict(run)}\n{run.output[-1500:]}"
              for m, run in zip(MUTATIONS, runs, strict=True) if verdict(run) != "caught"]
    assert not missed, "\n\n".join(missed)


def main(arguments: Sequence[str]) -> int:
    """Print each mutation's verdict and time; ``--tests ARGS...`` runs those tests for every
    mutation instead of the ones it names (to see what the wider suite catches)."""
    tests = list(arguments[arguments.index("--tests") + 1:]) if "--tests" in arguments else None
    mutations = [m if tests is None else Mutation(m.name, m.path, m.old, m.new, tuple(tests))
                 for m in MUTATIONS]
    began, missed = time.monotonic(), 0
    with ThreadPoolExecutor(RUNNERS) as pool:
        started, each = start_all(pool, mutations)
        control = started.result()
        print(f"control: exit {control.status}, imported {control.imported}, "
              f"{control.seconds:.1f} s", flush=True)
        for number, (mutation, future) in enumerate(zip(mutations, each, strict=True), 1):
            run = future.result()
            missed += verdict(run) != "caught"
            print(f"{number:3} {verdict(run):9} {run.seconds:5.1f} s  {mutation.path}: "
                  f"{mutation.name}", flush=True)
    print(f"{missed} of {len(mutations)} not caught; {time.monotonic() - began:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
