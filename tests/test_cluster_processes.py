"""benchmark.py on a real Dask cluster: `dask scheduler` and `dask worker` processes on 127.0.0.1.

The scheduler and the workers start from a temporary folder with no
PYTHONPATH, so they have no copy of this project: the code reaches the
workers from the client, and the scheduler never needs it. Every process
is killed at the end, whatever happens.
"""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import pytest

from bench import runs, sets
from bench.cluster import Cluster, ClusterError
from bench.paired import read_per_board
from sweeper.boardsets import read_board_set

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
DASK = Path(sys.executable).parent / "dask"
START = 60.0  # seconds for a process to come up on a loaded machine


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DASK_"))}
    return {**env, **extra}


@dataclass
class Processes:
    """A scheduler and its workers, started here and always stopped."""

    folder: Path
    address: str = ""
    scheduler: Optional[subprocess.Popen[bytes]] = None
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, *args: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"{args[0]}-{time.monotonic_ns()}.log").open("wb")
        return subprocess.Popen(
            [str(DASK), *args],
            cwd=self.folder,
            env=clean_env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def alive_workers(self) -> list[subprocess.Popen[bytes]]:
        return [w for w in self.workers if w.poll() is None]

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


@contextmanager
def dask_processes(folder: Path, workers: int, tls: tuple[str, ...] = ()) -> Iterator[Processes]:
    """Run `dask scheduler` and `dask worker`s on 127.0.0.1; yield them once all are connected."""
    procs = Processes(folder)
    port = free_port()
    protocol = "tls" if tls else "tcp"
    procs.address = f"{protocol}://127.0.0.1:{port}"
    try:
        procs.scheduler = procs.start(
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--dashboard-address",
            "127.0.0.1:0",
            *tls,
        )
        wait_for_port(port, procs)
        for _ in range(workers):
            procs.workers.append(
                procs.start(
                    "worker",
                    procs.address,
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--no-dashboard",
                    "--host",
                    "127.0.0.1",
                    *tls,
                )
            )
        yield procs
    finally:
        procs.stop()


def wait_for_port(port: int, procs: Processes) -> None:
    deadline = time.monotonic() + START
    while time.monotonic() < deadline:
        assert procs.scheduler is not None and procs.scheduler.poll() is None, logs(procs)
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError("the scheduler never listened\n" + logs(procs))


def logs(procs: Processes) -> str:
    return "\n".join(p.read_text(errors="replace")[-1500:] for p in procs.folder.glob("*.log"))


def wait_for_workers(cluster: Cluster, count: int) -> None:
    cluster.client.wait_for_workers(count, timeout=START)


def benchmark(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmark.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Processes]:
    """A scheduler and two single-threaded workers over plain TCP, on 127.0.0.1 only."""
    with dask_processes(tmp_path_factory.mktemp("dask"), workers=2) as procs:
        with Cluster(procs.address, patience=START) as cluster:
            wait_for_workers(cluster, 2)
        yield procs


@pytest.fixture(scope="module")
def board_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sets") / "beginner.txt"
    sets.write_board_set(path, (9, 9, 10), "safe", 11, 60)
    return path


def per_board(path: Path) -> list[tuple[int, ...]]:
    lines = [line.split() for line in path.read_text().splitlines() if not line.startswith("#")]
    return [(int(f[0]), int(f[1]), int(f[2])) for f in lines]


def local_lines(board_set: Path, stop: Optional[int] = None) -> list[tuple[int, ...]]:
    header, boards = read_board_set(board_set)
    return [
        (r.index, int(r.won), r.guesses) for r in sets.play_board_set(header, boards, 1, stop=stop)
    ]


def test_the_command_line_plays_a_set_on_the_processes_as_on_one(
    plain: Processes, board_set: Path, tmp_path: Path
) -> None:
    out = tmp_path / "cluster.txt"
    done = benchmark(
        "--boards", str(board_set), "--per-board", str(out), "--scheduler", plain.address
    )
    assert done.returncode == 0, done.stderr
    assert f"cluster {plain.address}: 2 workers" in done.stderr
    # The scheduler's web server (its dashboard when bokeh is installed), as it announces it.
    assert "; dashboard http://127.0.0.1:" in done.stderr
    assert per_board(out) == local_lines(board_set)
    assert len(per_board(out)) == 60


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_seeded_games_on_the_processes_match_one_process_game_by_game(plain: Processes) -> None:
    bar = FakeTerminal()
    with Cluster(plain.address) as cluster:
        shared = runs.run_games((6, 6, 6), "safe", 4, 30, ("tank", "cs50"), jobs=1, cluster=cluster)
        tallies = runs.tally_games(
            (6, 6, 6), "safe", 4, 30, ("tank",), 1, runs.Progress(30, bar), cluster=cluster
        )
    alone = runs.run_games((6, 6, 6), "safe", 4, 30, ("tank", "cs50"), jobs=1)
    assert [r.outcome() for r in shared] == [r.outcome() for r in alone]
    assert tallies["tank"].wins == sum(r.won for r in alone if r.player == "tank")
    # Progress on a cluster run as on one machine: games done, rate, time left.
    assert "30/30 games" in bar.getvalue() and "/s" in bar.getvalue() and "ETA" in bar.getvalue()


class KillAtFirstChunk(runs.Progress):
    """A progress bar that kills one worker process when the first chunk comes back."""

    def __init__(self, total: int, victim: subprocess.Popen[bytes]) -> None:
        super().__init__(total, io.StringIO())
        self.victim = victim
        self.after_kill = 0

    def advance(self, games: int) -> None:
        super().advance(games)
        if self.victim.poll() is None:
            os.killpg(self.victim.pid, signal.SIGKILL)
            self.victim.wait(timeout=10)
        else:
            self.after_kill += games


def test_a_worker_killed_mid_run_changes_no_result(plain: Processes, board_set: Path) -> None:
    victim, *others = plain.alive_workers()
    assert others, "needs two workers"
    header, boards = read_board_set(board_set)
    bar = KillAtFirstChunk(60, victim)
    with Cluster(plain.address) as cluster:
        shared = sets.play_board_set(header, boards, 1, progress=bar, cluster=cluster)
        assert len(cluster.client.nthreads()) == 1  # the other worker finished the run
    assert victim.poll() is not None and bar.after_kill >= 40  # killed with most boards to play
    assert [(r.index, int(r.won), r.guesses) for r in shared] == local_lines(board_set)


def test_with_every_worker_gone_the_run_ends_in_a_line_and_keeps_what_it_finished(
    plain: Processes, tmp_path: Path
) -> None:
    boards = tmp_path / "intermediate.txt"
    sets.write_board_set(boards, (16, 16, 40), "safe", 3, 400)
    out = tmp_path / "partial.txt"
    command = [sys.executable, str(ROOT / "benchmark.py"), "--boards", str(boards)]
    command += ["--per-board", str(out), "--scheduler", plain.address, "--patience", "2"]
    run = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + START
        while time.monotonic() < deadline and run.poll() is None:
            if out.exists() and per_board(out):
                break
            time.sleep(0.05)
        assert run.poll() is None, "the run ended before a worker could be killed"
        for worker in plain.alive_workers():
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)
        stdout, stderr = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 2, stderr
    said = [line for line in stderr.splitlines() if not line.startswith("cluster ")]
    assert len(said) == 1 and "every worker of" in said[0] and "is gone" in said[0], stderr
    assert not stdout
    text = out.read_text().splitlines()
    assert text[-1].startswith("# partial")
    kept = read_per_board(out)  # a valid --per-board file, what was finished
    assert 0 < len(kept) < 400
    assert per_board(out) == local_lines(boards, stop=len(kept))


def make_certificate(folder: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate and its key, made with the openssl command."""
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
        + ["-subj", f"/CN={name}", "-keyout", str(key), "-out", str(cert)]
        + ["-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


def tls_env(cert: Path, key: Path) -> dict[str, str]:
    return {
        "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": str(cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": str(key),
    }


def test_tls_lets_in_a_client_with_the_certificate_and_no_other(tmp_path: Path) -> None:
    if not any((Path(p) / "openssl").exists() for p in os.environ.get("PATH", "").split(":")):
        pytest.skip("the openssl command makes the test's certificates")
    cert, key = make_certificate(tmp_path, "cluster")
    stranger_cert, stranger_key = make_certificate(tmp_path, "stranger")
    tls = ("--tls-ca-file", str(cert), "--tls-cert", str(cert), "--tls-key", str(key))
    argv = [sys.executable, str(ROOT / "benchmark.py"), "--board", "5x5x4", "--games", "6"]
    argv += ["--players", "tank", "--json", "--patience", "5"]

    def run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*argv, "--scheduler", procs.address],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
            env=clean_env(**env),
        )

    with dask_processes(tmp_path, workers=1, tls=tls) as procs:
        let_in = run(tls_env(cert, key))
        nothing = run({})
        stranger = run(tls_env(stranger_cert, stranger_key))
    assert let_in.returncode == 0, let_in.stderr
    assert '"games": 6' in let_in.stdout and "1 workers" in let_in.stderr
    for refused in (nothing, stranger):
        assert refused.returncode == 2
        assert "cannot reach a Dask scheduler" in refused.stderr
        assert "Traceback" not in refused.stderr and len(refused.stderr.splitlines()) == 1


def test_the_dashboard_address_is_shown_when_the_scheduler_has_one() -> None:
    class Client:
        dashboard_link = "http://10.0.0.5:8787/status"

        def __init__(self, services: dict[str, Any]) -> None:
            self.services = services

        def scheduler_info(self) -> dict[str, Any]:
            return {"services": self.services}

    cluster = Cluster.__new__(Cluster)
    cluster.client = Client({"dashboard": 8787})
    assert cluster.dashboard == "http://10.0.0.5:8787/status"
    cluster.client = Client({})
    assert cluster.dashboard == ""


def test_no_worker_at_all_is_a_message_after_the_patience(tmp_path: Path) -> None:
    with dask_processes(tmp_path, workers=0) as procs:
        started = time.monotonic()
        with pytest.raises(ClusterError, match="has no workers after 1 s"):
            Cluster(procs.address, patience=1)
        assert time.monotonic() - started < 30
