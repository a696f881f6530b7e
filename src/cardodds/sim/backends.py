"""Where the chunks run: joblib's ``loky`` process pool on this machine, or a Dask ``distributed`` cluster.

``backend = "dask"`` sends every chunk through joblib's dask backend.  With a scheduler address
(``tcp://host:8786``) it connects to that cluster; without one it starts a small local cluster on the loopback
interface for the length of the run.  The backend never changes the numbers: chunk ``k`` always plays with
``chunk_seed(seed, k)``, wherever it runs.  ``distributed`` is an optional dependency (``pip install 'cardodds[dask]'``).

Running on a real cluster::

    dask scheduler                                   # on one machine; prints tcp://HOST:8786
    dask worker tcp://HOST:8786 --nthreads 1         # on every machine (cardodds installed there too)
    cardodds run configs/chan_deal.toml --backend dask --scheduler tcp://HOST:8786
"""

from __future__ import annotations

import contextlib
import logging
import re
import signal
import threading
from typing import Any, Iterator

from cardodds.sim.errors import CardoddsError

BACKENDS = ("loky", "dask")
"""Backends a config or the command line may name."""

LOCAL_WORKERS = 2
"""Worker processes of the local cluster started when no scheduler is given (one thread each)."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a scheduler before giving up."""

_ADDRESS_RE = re.compile(r"(?:(?:tcp|tls|inproc|ucx|ws|wss)://)?[A-Za-z0-9_.\-\[\]:]+")


def check_scheduler(address: Any, where: str) -> str:
    """Validate a scheduler address (``tcp://host:port`` or ``host:port``); return it."""
    if not isinstance(address, str):
        raise CardoddsError(f"{where}: 'scheduler' must be a string such as 'tcp://host:8786', not {address!r}")
    if not _ADDRESS_RE.fullmatch(address):
        raise CardoddsError(f"{where}: 'scheduler' must look like 'tcp://host:8786', not {address!r}")
    return address


def resolve_backend(
    table_backend: Any = None,
    table_scheduler: Any = None,
    *,
    backend: str | None = None,
    scheduler: str | None = None,
    where: str = "[experiment]",
) -> tuple[str, str | None]:
    """The run's ``(backend, scheduler)`` from the config table and the command line.

    The command line wins key by key; ``--scheduler`` alone implies ``--backend dask``; a scheduler only goes
    with ``dask`` (a config's scheduler is dropped when the command line picks ``loky``).

    Raises
    ------
    CardoddsError
        Unknown backend, a scheduler that is not an address, or a scheduler given with ``loky``.
    """
    if table_backend is not None:
        if not isinstance(table_backend, str) or table_backend not in BACKENDS:
            raise CardoddsError(f"{where}: 'backend' must be one of {', '.join(map(repr, BACKENDS))}, not {table_backend!r}")
        if table_scheduler is not None and table_backend != "dask":
            raise CardoddsError(f"{where}: 'scheduler' needs backend = \"dask\" (backend is {table_backend!r})")
    if table_scheduler is not None:
        check_scheduler(table_scheduler, where)
    if backend is not None and backend not in BACKENDS:
        raise CardoddsError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if scheduler is not None:
        check_scheduler(scheduler, "--scheduler")
        if backend == "loky":
            raise CardoddsError("--scheduler needs --backend dask")
        return "dask", scheduler
    final = backend or table_backend or ("dask" if table_scheduler is not None else "loky")
    return final, (table_scheduler if final == "dask" else None)


@contextlib.contextmanager
def workers_deaf_to_ctrl_c() -> Iterator[None]:
    """Start worker processes inside this block so that Ctrl-C reaches only this process.

    A terminal sends Ctrl-C (SIGINT) to every process of the job, workers included, and a worker interrupted between
    tasks prints a traceback.  In this block SIGINT is ignored, which processes started here inherit (Python then
    leaves it ignored), so workers never see it: they stop when this process shuts its pool down.  SIGINT is also
    blocked meanwhile, so a Ctrl-C pressed during the block is not lost but arrives when it ends (unless a library
    unblocks it in between, as loky's resource tracker does when it starts).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hasattr(signal, "pthread_sigmask") else None
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def loky_watching_parent(parent: int):
    """joblib's loky backend whose workers watch the run's process ``parent`` from their start on.

    The initializer :func:`cardodds.sim.parent_watch.start_with_parent` is sent by value, so a starting worker runs it
    before it imports cardodds (and exits within :data:`~cardodds.sim.parent_watch.PARENT_POLL` of the run's death).
    """
    from joblib.parallel import LokyBackend

    from cardodds.sim import parent_watch

    try:  # loky pickles with cloudpickle: joblib's own copy before joblib 1.5
        import cloudpickle
    except ImportError:
        from joblib.externals import cloudpickle
    cloudpickle.register_pickle_by_value(parent_watch)
    return LokyBackend(initializer=parent_watch.start_with_parent, initargs=(parent,))


@contextlib.contextmanager
def _logging_off() -> Iterator[None]:
    previous = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(previous)


def _oneline(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def local_cluster(workers: int = LOCAL_WORKERS):
    """A ``distributed.LocalCluster`` on the loopback interface: ``workers`` processes of one thread, no dashboard.

    Every port is picked free at random (the scheduler's small HTTP endpoint too), so runs side by side never clash.
    """
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.ERROR,
    )


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, *, timeout: float = CONNECT_TIMEOUT) -> Iterator[Any]:
    """A ``distributed.Client``: connected to ``scheduler``, or to a local cluster started for the occasion.

    The local cluster listens on 127.0.0.1 only, runs :data:`LOCAL_WORKERS` worker processes with one thread each and
    no dashboard; it is shut down when the block ends.
    """
    try:
        from distributed import Client
    except ImportError:
        raise CardoddsError(
            "--backend dask needs the 'distributed' package: pip install 'cardodds[dask]' (or 'dask[distributed]')"
        ) from None
    with contextlib.ExitStack() as quiet, contextlib.ExitStack() as stack:
        with workers_deaf_to_ctrl_c():
            if scheduler is None:
                try:
                    cluster = local_cluster()
                except Exception as exc:  # e.g. a script without the `if __name__ == "__main__":` guard
                    raise CardoddsError(f"cannot start a local Dask cluster ({_oneline(exc)})") from None
                address = stack.enter_context(cluster)
            else:
                address = scheduler
            try:
                client = Client(address, timeout=timeout, set_as_default=False)
            except (OSError, TimeoutError, ValueError) as exc:
                raise CardoddsError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({_oneline(exc)})") from None
            stack.enter_context(client)
        try:
            yield client
        except BaseException:
            # Stopped early (Ctrl-C, an error): the cluster logs the dropped tasks while it shuts down; say nothing.
            quiet.enter_context(_logging_off())
            raise


_reached: set[str] = set()
"""Scheduler addresses this process has reached (each is checked once)."""


def check_reachable(backend: str | None, scheduler: str | None, *, timeout: float | None = None) -> None:
    """Before a run writes its folder: a Dask scheduler address that cannot be reached (within ``timeout``, default
    :data:`CONNECT_TIMEOUT`) is refused in one line, so a failed start leaves no half-made run folder behind."""
    if backend != "dask" or scheduler is None or scheduler in _reached:
        return
    with dask_client(scheduler, timeout=CONNECT_TIMEOUT if timeout is None else timeout):
        _reached.add(scheduler)


@contextlib.contextmanager
def joblib_backend(name: str | None, scheduler: str | None = None, *, timeout: float = CONNECT_TIMEOUT) -> Iterator[Any]:
    """Make the backend ``name`` ready and yield what to pass as ``joblib.Parallel(backend=...)``.

    ``"dask"`` connects a client (see :func:`dask_client`), makes joblib's dask backend on that client the active
    ``joblib.parallel_config`` for the block, and yields None (= the active configuration).  Any other name (``"loky"``,
    ``"threading"``, or None for the active configuration) is yielded unchanged.
    """
    if name != "dask":
        if scheduler is not None:
            raise CardoddsError(f"--scheduler needs --backend dask (backend is {name!r})")
        yield name
        return
    from joblib import parallel_config

    with dask_client(scheduler, timeout=timeout) as client, parallel_config(backend="dask", client=client):
        yield None
