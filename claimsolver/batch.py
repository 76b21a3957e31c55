"""Run a function over many items, in-process or on Dask distributed.

``run(items, fn)`` returns ``[fn(item) for item in items]`` in input order, except that an item
whose ``fn`` raises gets a :class:`BatchError` in its place: one bad item never stops the
batch.

- ``workers=1`` and no ``scheduler``: in this process, no Dask.
- ``workers=N``: a ``LocalCluster`` of N worker **processes** with one thread each (endplay /
  DDS is not thread-safe: every call uses DDS thread slot 0). Started and closed by ``run``.
- ``scheduler="tcp://host:8786"`` (or a ``distributed.Client``): an existing cluster.

Work is sent in chunks of consecutive items so that a task takes at least about
``chunk_seconds`` (the per-item cost is ``per_item_seconds`` when given, else the time of the
first item, run alone as the first task), but never fewer chunks than workers while there are
items enough. A chunk whose worker dies (e.g. a segfault inside DDS) is retried one item per
task; an item that still fails becomes a BatchError.

Each worker process works in its own scratch directory (DDS writes ``dump.txt`` into the
current directory on an error): ``fn`` and the items must not rely on relative paths. The
scratch directory is removed at exit if it is empty, kept otherwise (for the dump).

``fn`` and the items are pickled (cloudpickle) to the workers: use module-level functions or
``functools.partial`` of them. A script that calls ``run(..., workers=N)`` must guard its main
code with ``if __name__ == "__main__":`` (worker processes are spawned).
"""

from __future__ import annotations

import atexit
import dataclasses
import logging
import math
import os
import sys
import tempfile
import time
import traceback
import uuid
from typing import Any, Callable, Iterable, Sequence


@dataclasses.dataclass(frozen=True)
class BatchError:
    """The result for an item whose function raised (or whose worker died).

    ``index``: position of the item in the input; ``item``: its ``repr`` (at most 200
    characters); ``error``: the exception class name (``KilledWorker`` when the worker process
    died); ``message``: ``str(exception)``; ``traceback``: the formatted traceback, when there
    is one."""

    index: int
    item: str
    error: str
    message: str
    traceback: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "item": self.item, "error": self.error, "message": self.message}

    def __str__(self) -> str:
        return f"item {self.index} ({self.item}): {self.error}: {self.message}"


def _short_repr(item: Any, limit: int = 200) -> str:
    try:
        r = repr(item)
    except Exception as e:  # pragma: no cover - a broken __repr__
        r = f"<unrepresentable {type(item).__name__}: {e}>"
    return r if len(r) <= limit else r[: limit - 3] + "..."


def _call(fn: Callable[[Any], Any], index: int, item: Any) -> Any:
    try:
        return fn(item)
    except Exception as e:
        return BatchError(index, _short_repr(item), type(e).__name__, str(e), traceback.format_exc())


# --- worker side ---------------------------------------------------------------------------

_SCRATCH: str | None = None


def _remove_if_empty(path: str) -> None:
    try:
        os.rmdir(path)
    except OSError:
        pass


def _enter_scratch() -> str:
    """Once per worker process: chdir into a fresh scratch directory."""
    global _SCRATCH
    if _SCRATCH is None:
        _SCRATCH = tempfile.mkdtemp(prefix=f"claimsolver-worker-{os.getpid()}-")
        os.chdir(_SCRATCH)
        atexit.register(_remove_if_empty, _SCRATCH)
    return _SCRATCH


def _run_chunk(fn: Callable[[Any], Any], start: int, chunk: Sequence[Any]) -> tuple[int, list[Any], float]:
    """Worker task: (start index, results, seconds spent)."""
    _enter_scratch()
    t0 = time.perf_counter()
    out = [_call(fn, start + k, item) for k, item in enumerate(chunk)]
    return start, out, time.perf_counter() - t0


def worker_scratch() -> str | None:
    """The scratch directory of this worker process (None outside a worker task)."""
    return _SCRATCH


# --- progress ------------------------------------------------------------------------------

class _Progress:
    def __init__(self, total: int, enabled: bool, label: str = "items"):
        self.total = total
        self.done = 0
        self.enabled = enabled and total > 0
        self._rich = None
        self._task = None
        self._tty = sys.stderr.isatty()
        self._last_pct = -1
        if not self.enabled:
            return
        if self._tty:
            try:
                from rich.console import Console
                from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

                self._rich = Progress(
                    TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=False,
                )
                self._rich.start()
                self._task = self._rich.add_task(label, total=total)
            except ImportError:  # pragma: no cover - rich is installed here
                self._rich = None

    def advance(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=self.done)
        elif self._tty:
            sys.stderr.write(f"\r{self.done}/{self.total}")
            sys.stderr.flush()
        else:
            pct = self.done * 10 // self.total
            if pct != self._last_pct:
                self._last_pct = pct
                sys.stderr.write(f"{self.done}/{self.total}\n")
                sys.stderr.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.stop()
        elif self._tty:
            sys.stderr.write("\n")
            sys.stderr.flush()


# --- the runner ----------------------------------------------------------------------------

def chunk_size(per_item_seconds: float, chunk_seconds: float, remaining: int, workers: int) -> int:
    """Items per task: enough for ``chunk_seconds``, but at least one chunk per worker."""
    per = max(per_item_seconds, 1e-6)
    size = max(1, math.ceil(chunk_seconds / per))
    if workers > 0 and remaining > 0:
        size = min(size, max(1, math.ceil(remaining / workers)))
    return size


def run(
    items: Iterable[Any],
    fn: Callable[[Any], Any],
    *,
    workers: int = 1,
    scheduler: Any = None,
    chunk_seconds: float = 1.0,
    progress: bool = False,
    per_item_seconds: float | None = None,
    label: str = "items",
) -> list[Any]:
    """``fn`` over ``items``; results (or BatchError records) in input order. ``label`` names
    the items on the progress bar."""
    items = list(items)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    bar = _Progress(len(items), progress, label)
    try:
        if scheduler is None and workers == 1:
            results = []
            for i, item in enumerate(items):
                results.append(_call(fn, i, item))
                bar.advance(1)
            return results
        return _run_dask(items, fn, workers, scheduler, chunk_seconds, per_item_seconds, bar)
    finally:
        bar.close()


def _run_dask(
    items: list[Any],
    fn: Callable[[Any], Any],
    workers: int,
    scheduler: Any,
    chunk_seconds: float,
    per_item_seconds: float | None,
    bar: _Progress,
) -> list[Any]:
    if not items:
        return []
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    own_client = True
    if scheduler is None:
        import dask

        # A task that kills its worker (a DDS crash) is deterministic: retry it once, not 3x.
        # With worker-saturation 1.0 a worker holds only the task it runs, so a worker's death
        # is blamed on that task alone (at the default 1.1 a queued neighbour is blamed too).
        with dask.config.set({
            "distributed.scheduler.allowed-failures": 1,
            "distributed.scheduler.worker-saturation": 1.0,
        }):
            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                silence_logs=logging.ERROR,
                # no dashboard, but the scheduler still serves HTTP (health checks): on a free
                # local port rather than 8787, which another cluster may hold
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            )
        client = Client(cluster)
    elif isinstance(scheduler, Client):
        client, own_client = scheduler, False
    else:
        client = Client(scheduler)
    results: list[Any] = [None] * len(items)
    tag = uuid.uuid4().hex[:8]
    try:
        n_workers = len(client.scheduler_info().get("workers", {})) or workers
        pos = 0
        if per_item_seconds is None:
            fut = client.submit(_run_chunk, fn, 0, items[:1], pure=False, key=f"claimsolver-probe-{tag}")
            try:
                start, out, elapsed = fut.result()
                results[0] = out[0]
            except Exception as e:
                results[0] = _lost(0, items[0], e)
                elapsed = chunk_seconds
            bar.advance(1)
            pos = 1
            per_item_seconds = elapsed
        size = chunk_size(per_item_seconds, chunk_seconds, len(items) - pos, n_workers)
        futures = {}
        for start in range(pos, len(items), size):
            chunk = items[start : start + size]
            f = client.submit(_run_chunk, fn, start, chunk, pure=False, key=f"claimsolver-chunk-{tag}-{start}")
            futures[f] = (start, len(chunk))
        retry: list[int] = []
        for f in as_completed(list(futures)):
            start, n = futures[f]
            try:
                s, out, _ = f.result()
                results[s : s + len(out)] = out
                bar.advance(len(out))
            except Exception as e:
                if n == 1:
                    results[start] = _lost(start, items[start], e)
                    bar.advance(1)
                else:
                    retry.extend(range(start, start + n))
        if retry:
            single = {
                client.submit(_run_chunk, fn, i, items[i : i + 1], pure=False, key=f"claimsolver-retry-{tag}-{i}"): i
                for i in retry
            }
            lost = []
            for f in as_completed(list(single)):
                i = single[f]
                try:
                    _, out, _ = f.result()
                    results[i] = out[0]
                    bar.advance(1)
                except Exception as e:
                    results[i] = _lost(i, items[i], e)
                    lost.append(i)
            if len(lost) > 1:
                # Several items lost at once: a worker's death may have been blamed on a task
                # queued beside the one that killed it (a cluster with worker-saturation > 1).
                # Last try: one item at a time.
                for i in sorted(lost):
                    f = client.submit(_run_chunk, fn, i, items[i : i + 1], pure=False, key=f"claimsolver-alone-{tag}-{i}")
                    try:
                        results[i] = f.result()[1][0]
                    except Exception as e:
                        results[i] = _lost(i, items[i], e)
            bar.advance(len(lost))
        return results
    finally:
        if own_client:
            client.close()
        if cluster is not None:
            cluster.close()


def _lost(index: int, item: Any, exc: BaseException) -> BatchError:
    """The record of an item whose task failed outside ``fn`` (worker died, unpicklable...)."""
    return BatchError(index, _short_repr(item), type(exc).__name__, str(exc) or repr(exc))


__all__ = ["run", "BatchError", "chunk_size", "worker_scratch"]
