"""A Dask distributed scheduler and its workers, fed the same chunks as local processes.

What travels, and why: a Dask scheduler unpickles the task graph it is sent,
and it has no copy of this project, so a task that named one of our
functions would fail there (ModuleNotFoundError). Each task is therefore
`pickle.loads(payload)`: a function of the standard library and a string
of bytes that the scheduler passes on unopened. On a worker, unpickling
the payload calls our function on the chunk (a `Call`), with our code
loaded from the zip of minesweeper.py, sweeper/ and bench/ that this
client sends to every worker when it connects (and the scheduler hands to
workers that join later). The zip is named by a digest of its contents and
makes a worker forget any other version it played before (bench/forget.py).
So scheduler and workers need Python and requirements-cluster.txt, never a
copy of the project, and every worker plays exactly this checkout's AI.
(Pickling our functions by value with cloudpickle was the other way; it
fails on the engine's caches and locks, and would send the whole engine
with every chunk.)

The scheduler runs whatever code a client sends it, so it must not be open
to others: bind it to a private address, or use tls:// with Dask's own
certificate settings (docs/benchmarking.md, "On a cluster").
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zipfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Generic, TypeVar

CLUSTER_INSTALL = "pip install -r requirements-cluster.txt"
ROOT = Path(__file__).resolve().parent.parent
CODE_FILES = ("minesweeper.py",)
CODE_PACKAGES = ("sweeper", "bench")
POLL = 1.0  # seconds between looks at the workers while a result is awaited

T = TypeVar("T")
R = TypeVar("R")


class ClusterError(Exception):
    """The cluster cannot be used: no Dask, no scheduler there, no workers, or a lost run."""


class Call(Generic[T, R]):
    """func(task) as a pickle that runs it when it is unpickled (on a worker, never here)."""

    def __init__(self, func: Callable[[T], R], task: T) -> None:
        self.func = func
        self.task = task

    def __reduce__(self) -> tuple[Callable[[T], R], tuple[T]]:
        return self.func, (self.task,)


class Cluster:
    """A Dask distributed scheduler and its workers, fed the same chunks as local processes.

    `patience` is how long to wait for a worker: at the start, and during a
    run when every worker is gone; past it, a ClusterError ends the run.
    """

    def __init__(self, address: str, timeout: float = 10.0, patience: float = 30.0):
        try:
            from distributed import Client as untyped_client
        except ImportError:
            raise ClusterError(
                "--scheduler needs dask and distributed, which are not installed: "
                + CLUSTER_INSTALL
            ) from None
        make_client: Any = untyped_client  # distributed's Client has no annotations
        # Our failures are one line each (ClusterError); Dask's own log of them in
        # this process would add tracebacks, such as its reconnection being
        # cancelled when we close after losing the scheduler.
        self._levels = quiet_dask_logs()
        try:
            self.client: Any = make_client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            hint = (
                tls_hint(address)
                if address.startswith("tls://")
                else "start one with 'dask scheduler' and give the address it prints "
                "(tls:// for one with TLS)"
            )
            restore_logs(self._levels)
            raise ClusterError(
                f"cannot reach a Dask scheduler at {address!r} ({first_line(error)}); {hint}"
            ) from None
        self.address = address
        self.patience = patience
        try:
            self.client.wait_for_workers(1, timeout=patience)
        except OSError as error:  # TimeoutError too, which is an OSError
            if self.client.status != "running":  # the scheduler went while we waited
                failure = self._failure(error)
            else:
                failure = ClusterError(
                    f"the scheduler at {address} has no workers after {patience:.0f} s; "
                    f"start some with 'dask worker {address} --nworkers auto --nthreads 1'"
                )
            self.close()
            raise failure from None
        self._send_code()

    def _send_code(self) -> None:
        """Zip minesweeper.py and the sweeper and bench packages; load them on every worker."""
        files = {name: (ROOT / name).read_bytes() for name in CODE_FILES}
        for package in CODE_PACKAGES:
            for path in sorted((ROOT / package).glob("*.py")):
                files[f"{package}/{path.name}"] = path.read_bytes()
        digest = hashlib.blake2b(pickle.dumps(sorted(files.items())), digest_size=8).hexdigest()
        # A worker imports every module of the zip; this one drops other versions of ours.
        files[f"minesweeper_code_{digest}.py"] = (ROOT / "bench" / "forget.py").read_bytes()
        with tempfile.TemporaryDirectory() as folder:
            # A name of its own per version: Python caches a zip's listing by its path.
            archive = Path(folder) / f"minesweeper_code_{digest}.zip"
            with zipfile.ZipFile(archive, "w") as zipped:
                for name, data in sorted(files.items()):
                    zipped.writestr(name, data)
            # To the workers only: the scheduler never runs our code, and loading it
            # there would reload these modules in a process that may be ours
            # (a LocalCluster's scheduler runs inside the process that made it).
            from distributed.diagnostics.plugin import UploadFile

            try:
                self.client.register_plugin(UploadFile(str(archive)), name="minesweeper-code")
            except Exception as error:  # raised on a worker: say it in one line
                self.close()
                raise ClusterError(
                    f"the workers of {self.address} could not load this checkout's code "
                    f"({first_line(error)})"
                ) from None

    @property
    def workers(self) -> int:
        """How many tasks the cluster runs at once (its workers' threads)."""
        threads: dict[str, int] = self.client.nthreads()
        return max(1, sum(threads.values()))

    @property
    def dashboard(self) -> str:
        """Return the scheduler's dashboard address, or "" when it runs none.

        A scheduler always runs a web server (for its health and metrics), and
        names it "dashboard" even when started with --no-dashboard; only its
        answer for the dashboard's page tells: none there (404), or a page
        (the dashboard, or one that says bokeh is missing). A HEAD request asks
        without opening a dashboard session.
        """
        services: dict[str, Any] = self.client.scheduler_info().get("services", {})
        if "dashboard" not in services:
            return ""
        link = str(self.client.dashboard_link)
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy
        try:
            direct.open(urllib.request.Request(link, method="HEAD"), timeout=2).close()
        except urllib.error.HTTPError as error:  # an answer: only 404 says there is none
            error.close()
            if error.code == 404:
                return ""
        except (OSError, ValueError):  # no answer: bound to another address, or a firewall
            return f"{link} (not reachable from this machine)"
        return link

    def streamed(self, func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """Yield func(task) for each task, in order, keeping a few tasks per worker in flight.

        A chunk on a worker that dies is run again on another (the scheduler
        does it); a ClusterError says when every worker has been gone for
        longer than the patience, or when the scheduler gives a chunk up.
        """
        ahead = 4 * self.workers
        pending: deque[Any] = deque()
        for task in tasks:
            payload = pickle.dumps(Call(func, task))
            pending.append(self.client.submit(pickle.loads, payload, pure=False))
            if len(pending) >= ahead:
                yield self._result(pending.popleft())
        while pending:
            yield self._result(pending.popleft())

    def _result(self, future: Any) -> Any:
        """Wait for one chunk's result while some worker is there to compute it.

        The wait itself has no timeout: one that expires leaves a task of
        Dask's behind, which prints a traceback ("Task exception was never
        retrieved") when the client closes. A Watch cancels the chunk instead
        when no worker has been there for the patience, and that ends it.
        """
        watch = Watch(self, future)
        watch.start()
        try:
            return future.result()
        except Exception as error:  # a chunk catches its games' crashes: this is Dask's
            if watch.gave_up:
                raise ClusterError(
                    f"every worker of {self.address} is gone (none for {self.patience:.0f} s)"
                ) from None
            raise self._failure(error) from None
        finally:
            watch.stop()

    def _failure(self, error: BaseException) -> ClusterError:
        """Say in one line why a result will not come: the scheduler gone, or Dask's error."""
        if self.client.status != "running":
            return ClusterError(
                f"lost the connection to the scheduler at {self.address} "
                "(it stopped, or the network between us did)"
            )
        return ClusterError(f"the cluster at {self.address} lost a chunk ({first_line(error)})")

    def close(self) -> None:
        """Let go of the scheduler (the cluster itself keeps running)."""
        try:
            self.client.close()
        finally:
            restore_logs(self._levels)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Watch(threading.Thread):
    """While a chunk is awaited, look at the workers; cancel the chunk after the patience alone."""

    def __init__(self, cluster: Cluster, future: Any) -> None:
        super().__init__(name="cluster-watch", daemon=True)
        self.cluster = cluster
        self.future = future
        self.ended = threading.Event()
        self.gave_up = False

    def run(self) -> None:
        alone_since = None
        while not self.ended.wait(POLL):
            try:
                threads = self.cluster.client.nthreads()
            except Exception:  # the scheduler is gone, which ends the wait by itself
                return
            now = time.monotonic()
            if threads:
                alone_since = None
            elif alone_since is None:
                alone_since = now
            elif now - alone_since > self.cluster.patience:
                self.gave_up = True
                self.future.cancel()
                return

    def stop(self) -> None:
        """End the watch, once the wait is over."""
        self.ended.set()
        self.join()


def quiet_dask_logs() -> dict[str, int]:
    """Silence Dask's loggers in this process (some have levels of their own); return the old."""
    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] == "distributed"]
    levels = {name: logging.getLogger(name).level for name in ["distributed", *names]}
    for name in levels:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    return levels


def restore_logs(levels: dict[str, int]) -> None:
    """Give Dask's loggers back the levels quiet_dask_logs found."""
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def first_line(error: BaseException) -> str:
    """Return an error's first line, or its type's name when it says nothing."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def tls_hint(address: str) -> str:
    """Return what a tls:// address needs, for the message when it cannot be reached."""
    return (
        f"{address} needs Dask's TLS settings, the certificate authority and this client's "
        "certificate and key that the scheduler trusts: DASK_DISTRIBUTED__COMM__TLS__CA_FILE, "
        "..._CLIENT__CERT and ..._CLIENT__KEY, or the same in a Dask config file "
        "(docs/benchmarking.md)"
    )
