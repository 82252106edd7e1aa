"""The documents stay true: short README, links that resolve, commands that run.

Every shell command in README.md and docs/ is run here, headless, in a
scratch folder that sees the project's files, unless it is one of the kinds
listed in NOT_RUN, each with the reason and the test that covers it instead.
A command that matches no kind and is not run would be a claim nobody checks,
so the test fails on it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PROJECT = [
    "runner.py", "benchmark.py", "minesweeper.py", "sweeper", "store", "student", "words",
    "window", "screen", "bench",
]

# Commands not run here: what they are, and why (with what checks them instead).
NOT_RUN: list[tuple[str, str]] = [
    (r"^python3 -m venv ", "the set-up itself: .ci/run runs the test command on a fresh clone"),
    (
        r"runner\.py(?!.*(?:--export|--answer|--deck))",
        "opens a window: tests/test_runner.py drives the window",
    ),
    (r"\.\./shared/", "needs the shared board sets, kept beside the project, not in it"),
    (r"^(openssl |TLS=|export DASK)|tls://", "TLS: tests/test_cluster_processes.py runs a "
     "scheduler and a worker with a certificate of its own"),
    (r"^dask ", "a cluster: tests/test_cluster_processes.py runs these very commands"),
    (r"--scheduler ", "a cluster: tests/test_cluster_processes.py runs it"),
    (r"--games \d{4,}", "a long measurement (thousands of games), not a quick check"),
    (r"\bruns/", "a long measurement on a fresh board set kept in runs/ (git-ignored)"),
]


def documents() -> list[tuple[str, str]]:
    """Return (name, text) of README.md and every document in docs/."""
    return [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8")) for p in DOCUMENTS]


def commands(text: str) -> list[str]:
    """Return the commands of a document's ```sh blocks, continuation lines joined."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                found.append(re.sub(r"\s+#.*$", "", line))
    return found


def slug(heading: str) -> str:
    """Return a heading's anchor as GitHub makes it: lower case, punctuation out, - for spaces."""
    return re.sub(r"[^\w -]", "", heading).strip().lower().replace(" ", "-")


def why_not_run(command: str) -> str:
    """Return why a command is not run here, or "" when it is."""
    return next((why for pattern, why in NOT_RUN if re.search(pattern, command)), "")


def test_readme_is_a_page_and_the_documents_speak_as_reference():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200
    # No diary: no "session", no "today", no first person ("I" alone is a key, I: the records).
    diary = re.compile(r"\b([Ss]ession|[Tt]oday|[Mm]y|[Mm]e)\b|\bI (?!shows\b)[a-z]+|\bI'")
    for name, text in documents():
        prose = re.sub(r"```.*?```|`[^`]*`", "", text, flags=re.S)  # commands and code aside
        assert not [m.group(0) for m in diary.finditer(prose)], name


def test_every_relative_link_and_picture_resolves():
    checked = 0
    for name, text in documents():
        here = (ROOT / name).parent
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+://", target):
                continue
            path = target.split("#", 1)[0]
            if path:
                assert (here / path).exists(), (name, target)
                checked += 1
            if "#" in target:  # a section of a document: its heading exists
                anchor = target.split("#", 1)[1]
                doc = (here / path) if path else ROOT / name
                headings = re.findall(r"^#+ (.*)$", doc.read_text(encoding="utf-8"), flags=re.M)
                slugs = {slug(h) for h in headings}
                assert anchor in slugs, (name, target)
    assert checked >= 10


def test_every_command_is_run_or_says_why_not():
    listed = [(name, c) for name, text in documents() for c in commands(text)]
    assert len(listed) >= 20
    run = [c for _, c in listed if not why_not_run(c)]
    assert len(run) >= 12  # most commands are quick enough to run here
    for _, command in listed:  # each one runs with the project's Python, from its folder
        words = shlex.split(command)
        if not why_not_run(command) and not words[0].startswith("python3"):
            assert words[0] == ".venv/bin/python", command


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that sees the project's code and assets, and .venv/bin/python as this Python."""
    folder = tmp_path_factory.mktemp("docs-commands")
    for name in [*PROJECT, "assets"]:
        (folder / name).symlink_to(ROOT / name)
    python = folder / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    # A script, not a link: a linked venv Python would look for its venv beside the link.
    python.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} "$@"\n')
    python.chmod(0o755)
    return folder


@pytest.mark.parametrize(
    "name,command",
    [(n, c) for n, text in documents() for c in commands(text) if not why_not_run(c)],
)
def test_the_documented_command_runs(name: str, command: str, scratch: Path) -> None:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "MINESWEEPER_DATA_DIR": str(scratch / "data"),
    }
    done = subprocess.run(
        shlex.split(command), cwd=scratch, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, (name, command, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
