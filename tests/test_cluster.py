"""benchmark.py on a Dask cluster: the same per-board results as one process, clear refusals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench import runs, sets
from bench.cluster import Cluster
from sweeper.boardsets import read_board_set

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def local_cluster():
    """A scheduler and two single-threaded worker processes on this machine."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0"
    ) as cluster:
        yield cluster


def test_a_local_cluster_plays_the_same_boards_as_one_process(local_cluster, tmp_path):
    from distributed import get_task_stream

    import sweeper.solver

    ours = sweeper.solver.Solver
    path = tmp_path / "ours.txt"
    sets.write_board_set(path, (9, 9, 10), "safe", 5, 40)
    header, boards = read_board_set(path)
    alone = sets.play_board_set(header, boards, jobs=1)
    with Cluster(local_cluster.scheduler_address) as cluster:
        assert cluster.workers == 2
        header, boards = read_board_set(path)
        with get_task_stream(cluster.client) as stream:
            shared = sets.play_board_set(header, boards, jobs=1, cluster=cluster)
        assert len(stream.data) >= 1  # the boards really were played by the workers
        seeded = runs.run_games((6, 6, 5), "safe", 9, 12, ("tank",), jobs=1, cluster=cluster)
    assert [(r.index, r.won, r.guesses) for r in shared] == [
        (r.index, r.won, r.guesses) for r in alone
    ]
    assert len(shared) == 40
    assert sys.modules["sweeper.solver"].Solver is ours  # the code sent reloaded nothing here
    local = runs.run_games((6, 6, 5), "safe", 9, 12, ("tank",), jobs=1)
    assert [r.outcome() for r in seeded] == [r.outcome() for r in local]


def test_the_command_line_runs_on_the_cluster(local_cluster):
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmark.py"), "--board", "5x5x4", "--games", "6"]
        + ["--players", "tank", "--scheduler", local_cluster.scheduler_address, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT.parent,  # not the project folder: the workers get the code from the scheduler
    )
    assert done.returncode == 0, done.stderr
    assert "2 workers" in done.stderr
    assert '"games": 6' in done.stdout


def run(*args: str, python: str = "") -> subprocess.CompletedProcess[str]:
    code = python + "import sys, benchmark; sys.exit(benchmark.main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_without_dask_the_message_says_what_to_install():
    hide_dask = "import sys\nsys.modules['distributed'] = None\n"
    done = run("--scheduler", "tcp://127.0.0.1:8786", python=hide_dask)
    assert done.returncode == 2
    assert "requirements-cluster.txt" in done.stderr and "Traceback" not in done.stderr


def test_a_bad_address_is_a_message_not_a_traceback():
    pytest.importorskip("distributed")
    done = run("--scheduler", "no-port-here", "--games", "3")
    assert done.returncode == 2
    assert "cannot reach a Dask scheduler at 'no-port-here'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("other", [["--exact", "--board", "3x3x1"], ["--stress"]])
def test_work_that_runs_only_here_refuses_a_scheduler(other):
    done = run("--scheduler", "tcp://127.0.0.1:8786", *other)
    assert done.returncode == 2
    assert "runs on this machine only" in done.stderr


def test_a_worker_forgets_an_earlier_version_of_the_code_when_sent_a_new_one(tmp_path):
    # A worker reloads only the top-level modules of a zip it is sent; the copy of
    # bench/forget.py in the zip drops every module of ours, submodules included.
    (tmp_path / "minesweeper_code_0123.py").write_bytes((ROOT / "bench" / "forget.py").read_bytes())
    code = (
        "import sys\n"
        "import bench.play, bench.forget, minesweeper\n"
        "kept = sorted(n for n in sys.modules if n.split('.')[0] in bench.forget.OURS)\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "import minesweeper_code_0123\n"
        "left = sorted(n for n in sys.modules if n.split('.')[0] in bench.forget.OURS)\n"
        "print('sweeper.engine' in kept, 'bench.play' in kept, left)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.stdout.split() == ["True", "True", "[]"], done.stderr


class FakeClient:
    """What Cluster.dashboard asks of a Dask client: the scheduler's services and link."""

    def __init__(self, link: str, services: dict) -> None:
        self.dashboard_link = link
        self.services = services

    def scheduler_info(self) -> dict:
        return {"services": self.services}


def dashboard_of(link: str, services: dict) -> str:
    cluster = Cluster.__new__(Cluster)
    cluster.client = FakeClient(link, services)
    return cluster.dashboard


def test_a_dashboard_this_machine_cannot_reach_is_named_as_such():
    import socket

    with socket.socket() as closed:  # a port that nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    link = f"http://127.0.0.1:{port}/status"
    assert dashboard_of(link, {"dashboard": port}) == f"{link} (not reachable from this machine)"
    assert dashboard_of(link, {}) == ""  # a scheduler without any web server
