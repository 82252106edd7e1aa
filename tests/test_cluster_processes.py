"""benchmark.py on a real Dask cluster: `dask scheduler` and `dask worker` processes on 127.0.0.1.

The plain cluster is started with the commands of docs/benchmarking.md ("On a
cluster"), as that document says to try them on one machine: 127.0.0.1 for
every address, two workers. Every process starts from a temporary folder with
no PYTHONPATH, so none has a copy of this project (the fixture checks it): the
code reaches the workers from the client, and the scheduler never needs it.
Every process is killed at the end, whatever happens.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import re
import shlex
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

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")  # installed with distributed

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "benchmarking.md"
DASK = Path(sys.executable).parent / "dask"
START = 60.0  # seconds for a process to come up on a loaded machine
PRIVATE = re.compile(r"10\.0\.0\.\d+")  # the doc's private addresses


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def clean_env(folder: Optional[Path] = None, **extra: str) -> dict[str, str]:
    """This environment without PYTHON* and DASK_* settings (Dask's scratch space in folder)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DASK_"))}
    if folder is not None:
        env["DASK_TEMPORARY_DIRECTORY"] = str(folder)
    return {**env, **extra}


def documented_commands() -> dict[str, list[str]]:
    """The scheduler's, the worker's and the benchmark's command, from the doc's first example."""
    section = DOC.read_text(encoding="utf-8").split("## On a cluster", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    commands: dict[str, list[str]] = {}
    for line in block.splitlines():
        words = shlex.split(line, comments=True)
        if words[:2] in (["dask", "scheduler"], ["dask", "worker"]):
            commands[words[1]] = words
        elif any(word.endswith("benchmark.py") for word in words):
            commands["benchmark"] = words
    assert set(commands) == {"scheduler", "worker", "benchmark"}, block
    return commands


def on_one_machine(words: list[str], port: int, dashboard: int) -> list[str]:
    """A documented command as the doc says to try it here: 127.0.0.1, two workers, free ports."""
    out = []
    for word in words:
        word = PRIVATE.sub("127.0.0.1", word)
        word = word.replace(":8786", f":{port}").replace(":8787", f":{dashboard}")
        out.append({"8786": str(port), "auto": "2"}.get(word, word))
    return out


@dataclass
class Processes:
    """A scheduler and its workers, started here and always stopped."""

    folder: Path
    address: str = ""
    port: int = 0
    dashboard_port: int = 0
    worker_command: list[str] = field(default_factory=list)
    scheduler: Optional[subprocess.Popen[bytes]] = None
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, words: list[str], env: Optional[dict[str, str]] = None) -> Any:
        """Run a dask command from the folder, in a process group of its own."""
        assert words[0] == "dask", words
        log = (self.folder / f"{words[1]}-{time.monotonic_ns()}.log").open("wb")
        return subprocess.Popen(
            [str(DASK), *words[1:]],
            cwd=self.folder,
            env=env or clean_env(self.folder),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def start_workers(self) -> None:
        self.workers.append(self.start(self.worker_command))

    def alive_workers(self) -> list[subprocess.Popen[bytes]]:
        return [w for w in self.workers if w.poll() is None]

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        """Kill a command and every process it started (a worker command's nanny and workers)."""
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process is not None:
                self.kill(process)


@contextmanager
def dask_processes(
    folder: Path, scheduler: list[str], worker: list[str], port: int, dashboard: int = 0
) -> Iterator[Processes]:
    """Run a scheduler command and a worker command (if any); yield once the scheduler listens."""
    protocol = "tls" if any(w.startswith("--tls") for w in scheduler) else "tcp"
    procs = Processes(folder, f"{protocol}://127.0.0.1:{port}", port, dashboard, worker)
    try:
        procs.scheduler = procs.start(scheduler)
        wait_for_port(port, procs)
        if worker:
            procs.start_workers()
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


def small_cluster(folder: Path, workers: int) -> Any:
    """A scheduler and `workers` single-threaded workers without nannies, on 127.0.0.1."""
    port = free_port()
    scheduler = ["dask", "scheduler", "--host", "127.0.0.1", "--port", str(port)]
    scheduler += ["--no-dashboard"]
    worker = ["dask", "worker", f"tcp://127.0.0.1:{port}", "--host", "127.0.0.1"]
    worker += ["--nworkers", str(workers), "--nthreads", "1", "--no-nanny"]
    return dask_processes(folder, scheduler, worker if workers else [], port)


def benchmark(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmark.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env=clean_env(),
    )


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Processes]:
    """The doc's scheduler and worker commands, tried on one machine as the doc says."""
    port, dashboard = free_port(), free_port()
    commands = documented_commands()
    scheduler = on_one_machine(commands["scheduler"], port, dashboard)
    worker = on_one_machine(commands["worker"], port, dashboard)
    with dask_processes(tmp_path_factory.mktemp("dask"), scheduler, worker, port, dashboard) as p:
        with distributed.Client(p.address, timeout=START) as client:
            client.wait_for_workers(2, timeout=START)
            # No copy of the project anywhere: what they run comes from the client.
            find = importlib.util.find_spec
            assert client.run_on_scheduler(find, "bench") is None
            assert list(client.run(find, "bench").values()) == [None, None]
        yield p


@pytest.fixture
def two_workers(plain: Processes) -> Processes:
    """The documented cluster with its two workers (started again if a test killed them)."""
    if not plain.alive_workers():
        plain.start_workers()
    with distributed.Client(plain.address, timeout=START) as client:
        client.wait_for_workers(2, timeout=START)
    return plain


@pytest.fixture(scope="module")
def board_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sets") / "beginner.txt"
    sets.write_board_set(path, (9, 9, 10), "safe", 11, 160)  # 8 chunks
    return path


def local_lines(board_set: Path, stop: Optional[int] = None) -> list[tuple[int, ...]]:
    header, boards = read_board_set(board_set)
    return [
        (r.index, int(r.won), r.guesses) for r in sets.play_board_set(header, boards, 1, stop=stop)
    ]


@pytest.fixture(scope="module")
def alone(board_set: Path) -> list[tuple[int, ...]]:
    """Every board of the set played on one process: index, won, guesses."""
    return local_lines(board_set)


def per_board(path: Path) -> list[tuple[int, ...]]:
    lines = [line.split() for line in path.read_text().splitlines() if not line.startswith("#")]
    return [(int(f[0]), int(f[1]), int(f[2])) for f in lines]


def test_the_documented_processes_listen_on_their_private_address_only(
    two_workers: Processes,
) -> None:
    listening = set()
    for command in [two_workers.scheduler, *two_workers.alive_workers()]:
        assert command is not None
        top = psutil.Process(command.pid)
        for process in [top, *top.children(recursive=True)]:
            for conn in process.net_connections(kind="inet"):
                if conn.status == psutil.CONN_LISTEN:
                    listening.add((conn.laddr.ip, conn.laddr.port))
    ports = {port for _, port in listening}
    assert {two_workers.port, two_workers.dashboard_port} <= ports
    assert len(listening) >= 6  # the scheduler's two, a nanny and each worker's two at least
    assert {ip for ip, _ in listening} == {"127.0.0.1"}, listening


def test_the_documented_command_gives_the_figures_of_one_process(two_workers: Processes) -> None:
    commands = documented_commands()
    words = on_one_machine(commands["benchmark"], two_workers.port, two_workers.dashboard_port)
    assert words[:2] == [".venv/bin/python", "benchmark.py"]
    assert words[words.index("--scheduler") + 1] == two_workers.address
    words[words.index("--games") + 1] = "24"  # of the doc's 1,000,000
    shared = benchmark(*words[2:], "--json")
    assert shared.returncode == 0, shared.stderr
    assert f"cluster {two_workers.address}: 2 workers" in shared.stderr
    # The scheduler's web server (its dashboard when bokeh is installed), as it announces it.
    assert f"; dashboard http://127.0.0.1:{two_workers.dashboard_port}/status" in shared.stderr
    scheduler = words.index("--scheduler")
    one = benchmark(*words[2:scheduler], *words[scheduler + 2 :], "--jobs", "1", "--json")
    assert one.returncode == 0, one.stderr
    timings = {"ms_per_move", "ms_per_game", "ms_per_deal", "games_per_second"}

    def counts(out: str) -> dict[str, Any]:
        players = json.loads(out)["players"]
        return {p: {k: v for k, v in f.items() if k not in timings} for p, f in players.items()}

    assert counts(shared.stdout) == counts(one.stdout)
    assert counts(one.stdout)["tank"]["games"] == 24


def test_the_command_line_plays_a_set_on_the_processes_as_on_one(
    two_workers: Processes, board_set: Path, alone: list[tuple[int, ...]], tmp_path: Path
) -> None:
    out = tmp_path / "cluster.txt"
    done = benchmark(
        "--boards", str(board_set), "--per-board", str(out), "--scheduler", two_workers.address
    )
    assert done.returncode == 0, done.stderr
    assert per_board(out) == alone
    assert len(alone) == 160


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_seeded_games_on_the_processes_match_one_process_game_by_game(
    two_workers: Processes,
) -> None:
    bar = FakeTerminal()
    with Cluster(two_workers.address) as cluster:
        shared = runs.run_games((6, 6, 6), "safe", 4, 30, ("tank", "cs50"), jobs=1, cluster=cluster)
        tallies = runs.tally_games(
            (6, 6, 6), "safe", 4, 30, ("tank",), 1, runs.Progress(30, bar), cluster=cluster
        )
    alone = runs.run_games((6, 6, 6), "safe", 4, 30, ("tank", "cs50"), jobs=1)
    assert [r.outcome() for r in shared] == [r.outcome() for r in alone]
    assert len(shared) == 60
    assert tallies["tank"].wins == sum(r.won for r in alone if r.player == "tank")
    # Progress on a cluster run as on one machine: games done, rate, time left.
    last = bar.getvalue().split("\r")[-1]
    assert re.search(r"30/30 games +[0-9.]+/s +ETA 0 s", last), bar.getvalue()


class KillWhenItHoldsChunks(runs.Progress):
    """A progress bar that, as a chunk comes back, kills a worker that holds other chunks."""

    def __init__(self, total: int, cluster: Cluster, pid: int) -> None:
        super().__init__(total, io.StringIO())
        self.cluster, self.pid = cluster, pid
        self.held = 0
        self.after_kill = 0

    def advance(self, games: int) -> None:
        super().advance(games)
        if self.held:
            self.after_kill += games
            return
        client = self.cluster.client
        (address,) = (a for a, pid in client.run(os.getpid).items() if pid == self.pid)
        # Chunks it runs or waits to run, and results it keeps that we have not fetched.
        self.held = len(client.processing().get(address, ())) + len(
            client.has_what().get(address, ())
        )
        if self.held:
            os.kill(self.pid, signal.SIGKILL)


def gone(pid: int) -> bool:
    """Whether a process has ended (its parent may not have collected it yet)."""
    try:
        return bool(psutil.Process(pid).status() == psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return True


def test_a_worker_killed_mid_run_changes_no_result(
    two_workers: Processes, board_set: Path, alone: list[tuple[int, ...]]
) -> None:
    header, boards = read_board_set(board_set)
    with Cluster(two_workers.address) as cluster:
        pids = list(cluster.client.run(os.getpid).values())
        bar = KillWhenItHoldsChunks(160, cluster, pids[0])
        shared = sets.play_board_set(header, boards, 1, progress=bar, cluster=cluster)
        left = list(cluster.client.run(os.getpid).values())
    # Killed while it held chunks, with most boards still to play: they were played again.
    assert bar.held >= 1 and bar.after_kill >= 60, (bar.held, bar.after_kill)
    assert pids[0] not in left and gone(pids[0])
    assert [(r.index, int(r.won), r.guesses) for r in shared] == alone


def test_with_every_worker_gone_the_run_ends_in_a_line_and_keeps_what_it_finished(
    two_workers: Processes, tmp_path: Path
) -> None:
    boards = tmp_path / "intermediate.txt"
    sets.write_board_set(boards, (16, 16, 40), "safe", 3, 400)
    out = tmp_path / "partial.txt"
    command = [sys.executable, str(ROOT / "benchmark.py"), "--boards", str(boards)]
    command += ["--per-board", str(out), "--scheduler", two_workers.address, "--patience", "2"]
    stdout, stderr, code = run_and_kill(command, out, two_workers.workers)
    assert code == 2, stderr
    said = [line for line in stderr.splitlines() if not line.startswith("cluster ")]
    assert len(said) == 1 and "every worker of" in said[0] and "is gone" in said[0], stderr
    assert not stdout
    assert out.read_text().splitlines()[-1].startswith("# partial")
    kept = read_per_board(out)  # a valid --per-board file, what was finished
    assert 0 < len(kept) < 400
    assert per_board(out) == local_lines(boards, stop=len(kept))


def run_and_kill(
    command: list[str], out: Path, victims: list[subprocess.Popen[bytes]]
) -> tuple[str, str, int]:
    """Run a benchmark; kill the victims' process groups once its --per-board file has a board."""
    run = subprocess.Popen(
        command,
        cwd=ROOT,
        env=clean_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + START
        while time.monotonic() < deadline and run.poll() is None:
            if out.exists() and per_board(out):
                break
            time.sleep(0.05)
        assert run.poll() is None, "the run ended before the processes could be killed"
        for victim in victims:
            if victim.poll() is None:
                os.killpg(victim.pid, signal.SIGKILL)
                victim.wait(timeout=10)
        stdout, stderr = run.communicate(timeout=START)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    return stdout, stderr, run.returncode


def test_a_scheduler_that_stops_mid_run_ends_it_in_a_line(tmp_path: Path) -> None:
    boards = tmp_path / "intermediate.txt"
    sets.write_board_set(boards, (16, 16, 40), "safe", 3, 400)
    out = tmp_path / "partial.txt"
    with small_cluster(tmp_path, workers=1) as procs:
        command = [sys.executable, str(ROOT / "benchmark.py"), "--boards", str(boards)]
        command += ["--per-board", str(out), "--scheduler", procs.address]
        assert procs.scheduler is not None
        stdout, stderr, code = run_and_kill(command, out, [procs.scheduler])
    assert code == 2, stderr
    assert "Traceback" not in stderr and not stdout
    assert stderr.splitlines() == [
        f"cluster {procs.address}: 1 workers",
        f"benchmark.py: lost the connection to the scheduler at {procs.address} "
        "(it stopped, or the network between us did)",
    ]
    assert out.read_text().splitlines()[-1].startswith("# partial")
    assert 0 < len(read_per_board(out)) < 400


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


def tls_env(ca: Path, cert: Path, key: Path) -> dict[str, str]:
    return {
        "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(ca),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": str(cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": str(key),
    }


def test_tls_lets_in_a_client_with_the_certificate_and_no_other(tmp_path: Path) -> None:
    if not any((Path(p) / "openssl").exists() for p in os.environ.get("PATH", "").split(":")):
        pytest.skip("the openssl command makes the test's certificates")
    cert, key = make_certificate(tmp_path, "cluster")
    stranger_cert, stranger_key = make_certificate(tmp_path, "stranger")
    tls = ["--tls-ca-file", str(cert), "--tls-cert", str(cert), "--tls-key", str(key)]
    port = free_port()
    scheduler = ["dask", "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"]
    worker = ["dask", "worker", f"tls://127.0.0.1:{port}", "--nthreads", "1", "--no-nanny"]
    argv = ["--board", "5x5x4", "--games", "6", "--players", "tank", "--json", "--patience", "5"]

    def run(address: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(ROOT / "benchmark.py"), *argv, "--scheduler", address],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
            env=clean_env(**env),
        )

    with dask_processes(tmp_path, [*scheduler, *tls], [*worker, *tls], port) as procs:
        let_in = run(procs.address, tls_env(cert, cert, key))
        # Trusts the scheduler, shows a certificate of another authority: the scheduler says no.
        stranger = run(procs.address, tls_env(cert, stranger_cert, stranger_key))
        cleartext = run(f"tcp://127.0.0.1:{port}", {})  # no TLS at all: the scheduler says no
        nothing = run(procs.address, {})  # a tls:// address without the settings
    assert let_in.returncode == 0, let_in.stderr
    assert '"games": 6' in let_in.stdout
    assert let_in.stderr.splitlines() == [f"cluster {procs.address}: 1 workers"]  # no dashboard
    for refused in (stranger, cleartext, nothing):
        assert refused.returncode == 2
        assert refused.stderr.startswith("benchmark.py: cannot reach a Dask scheduler")
        assert len(refused.stderr.splitlines()) == 1, refused.stderr
    assert "DASK_DISTRIBUTED__COMM__TLS__CA_FILE" in nothing.stderr
    assert "(tls:// for one with TLS)" in cleartext.stderr


def test_no_worker_at_all_is_a_message_after_the_patience(tmp_path: Path) -> None:
    with small_cluster(tmp_path, workers=0) as procs:
        started = time.monotonic()
        with pytest.raises(ClusterError, match="has no workers after 1 s"):
            Cluster(procs.address, patience=1)
        assert time.monotonic() - started < 30
