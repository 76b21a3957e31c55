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


def _run_indexed(fn: Callable[[Any], Any], index: Sequence[int], chunk: Sequence[Any]) -> tuple[Sequence[int], list[Any], float]:
    """Worker task: (the items' indices, results, seconds spent)."""
    _enter_scratch()
    t0 = time.perf_counter()
    out = [_call(fn, i, item) for i, item in zip(index, chunk)]
    return index, out, time.perf_counter() - t0


def worker_scratch() -> str | None:
    """The scratch directory of this worker process (None outside a worker task)."""
    return _SCRATCH


_WARMED: set[str] = set()


def _warm(warm: Callable[[], Any], scratch: bool = True) -> None:
    """Worker side of ``run(..., warm=)``: once per process and warm-up function (on a worker
    in its scratch directory; ``scratch`` False in the caller's own process)."""
    if scratch:
        _enter_scratch()
    key = f"{getattr(warm, '__module__', '')}.{getattr(warm, '__qualname__', repr(warm))}"
    if key not in _WARMED:
        warm()
        _WARMED.add(key)


# --- progress ------------------------------------------------------------------------------

def progress_text(done: int, total: int, seconds: float, label: str = "items", status: str | None = None) -> str:
    """The progress line: ``120/382 claims, 25.3 claims/s`` and the status (e.g. the slowest
    claim so far) when there is one."""
    rate = f"{done / seconds:.1f}" if seconds > 0 else "-"
    text = f"{done}/{total} {label}, {rate} {label}/s"
    return f"{text}, {status}" if status else text


class _Progress:
    def __init__(self, total: int, enabled: bool, label: str = "items"):
        self.total = total
        self.done = 0
        self.label = label
        self.status: str | None = None
        self.enabled = enabled and total > 0
        self._t0 = time.perf_counter()
        self._rich = None
        self._task = None
        self._tty = sys.stderr.isatty()
        self._last_pct = -1
        if not self.enabled:
            return
        if self._tty:
            try:
                from rich.console import Console
                from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

                # the text says what is counted: no description column, a short bar
                self._rich = Progress(
                    BarColumn(bar_width=20), TextColumn("{task.fields[text]}"), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=False,
                )
                self._rich.start()
                self._task = self._rich.add_task(label, total=total, text=self.text())
            except ImportError:  # pragma: no cover - rich is installed here
                self._rich = None

    def text(self) -> str:
        return progress_text(self.done, self.total, time.perf_counter() - self._t0, self.label, self.status)

    def advance(self, n: int, status: str | None = None) -> None:
        self.done += n
        if status is not None:
            self.status = status
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=self.done, text=self.text())
        elif self._tty:
            sys.stderr.write(f"\r{self.text()}")
            sys.stderr.flush()
        else:
            pct = self.done * 10 // self.total
            if pct != self._last_pct:
                self._last_pct = pct
                sys.stderr.write(self.text() + "\n")
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


def cost_chunks(costs: Sequence[float], chunk_seconds: float, workers: int) -> list[list[int]]:
    """Item indices in chunks, the costliest first: items in decreasing order of estimated
    cost (``costs``, seconds), each chunk filled until its cost reaches ``chunk_seconds``
    (an item at or above it alone), and no chunk above an even share of the whole per worker
    (so every worker gets work). Chunks come out in decreasing order of their first item's
    cost: submitted in that order, the slowest work starts first and the cheap chunks fill
    in at the end (longest processing time first)."""
    order = sorted(range(len(costs)), key=lambda i: (-costs[i], i))
    total = sum(max(c, 0.0) for c in costs)
    cap = chunk_seconds
    if workers > 0 and total > 0:
        cap = min(cap, total / workers)
    chunks: list[list[int]] = []
    cur: list[int] = []
    acc = 0.0
    for i in order:
        cur.append(i)
        acc += max(costs[i], 0.0)
        if acc >= cap:
            chunks.append(cur)
            cur, acc = [], 0.0
    if cur:
        chunks.append(cur)
    return chunks


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
    costs: Sequence[float] | None = None,
    units: Callable[[Any, Any], tuple[int, str | None]] | None = None,
    warm: Callable[[], Any] | None = None,
    info: dict | None = None,
) -> list[Any]:
    """``fn`` over ``items``; results (or BatchError records) in input order. ``label`` names
    the items on the progress bar.

    ``costs``: an estimated cost (seconds) per item; on Dask the items are then chunked and
    started costliest first (:func:`cost_chunks`) instead of in consecutive chunks.
    ``units(item, result)``: how many ``label`` units the item's result counts on the progress
    bar, and a status text to show (None: keep the last one). ``warm``: run once on every
    worker (in this process: here) before the work (load the compiled kernels), part of the
    start. ``info``: filled with ``start_seconds`` (the cluster's start and the workers'
    warm-up; in this process the warm-up) and ``work_seconds``."""
    items = list(items)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if costs is not None and len(costs) != len(items):
        raise ValueError(f"costs has {len(costs)} values for {len(items)} items")
    total = len(items)
    if units is not None:
        total = sum(units(item, None)[0] for item in items)
    bar = _Progress(total, progress, label)

    def done(i: int, result: Any) -> None:
        if units is None:
            bar.advance(1)
        else:
            n, status = units(items[i], result)
            bar.advance(n, status)

    info = {} if info is None else info
    info.setdefault("start_seconds", 0.0)
    try:
        if scheduler is None and workers == 1:
            if warm is not None:  # as on a worker: the kernels load before the first item's clock
                t0 = time.perf_counter()
                try:
                    _warm(warm, scratch=False)
                except Exception:  # noqa: BLE001 - an optimisation only: the items report any real fault
                    pass
                info["start_seconds"] = time.perf_counter() - t0
            t0 = time.perf_counter()
            results = []
            for i, item in enumerate(items):
                results.append(_call(fn, i, item))
                done(i, results[-1])
            info["work_seconds"] = time.perf_counter() - t0
            return results
        return _run_dask(items, fn, workers, scheduler, chunk_seconds, per_item_seconds, done, costs, warm, info)
    finally:
        bar.close()


def _run_dask(
    items: list[Any],
    fn: Callable[[Any], Any],
    workers: int,
    scheduler: Any,
    chunk_seconds: float,
    per_item_seconds: float | None,
    done: Callable[[int, Any], None],
    costs: Sequence[float] | None,
    warm: Callable[[], Any] | None,
    info: dict,
) -> list[Any]:
    if not items:
        return []
    from distributed import Client, LocalCluster, as_completed

    t_start = time.perf_counter()
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
        if warm is not None:
            # every worker loads the kernels once, now, not inside the first (costliest) task;
            # a worker that fails to warm up still works (it loads them on its first item)
            try:
                client.run(_warm, warm)
            except Exception:  # noqa: BLE001 - warm-up is an optimisation only
                pass
        info["start_seconds"] = time.perf_counter() - t_start
        t_work = time.perf_counter()
        n_workers = len(client.scheduler_info().get("workers", {})) or workers
        futures = {}
        if costs is not None:
            chunks = cost_chunks(costs, chunk_seconds, n_workers)
            for rank, idx in enumerate(chunks):
                f = client.submit(_run_indexed, fn, idx, [items[i] for i in idx], pure=False,
                                  key=f"claimsolver-chunk-{tag}-{rank}", priority=len(chunks) - rank)
                futures[f] = idx
        else:
            pos = 0
            if per_item_seconds is None:
                fut = client.submit(_run_indexed, fn, [0], items[:1], pure=False, key=f"claimsolver-probe-{tag}")
                try:
                    _, out, elapsed = fut.result()
                    results[0] = out[0]
                except Exception as e:
                    results[0] = _lost(0, items[0], e)
                    elapsed = chunk_seconds
                done(0, results[0])
                pos = 1
                per_item_seconds = elapsed
            size = chunk_size(per_item_seconds, chunk_seconds, len(items) - pos, n_workers)
            for start in range(pos, len(items), size):
                idx = list(range(start, min(start + size, len(items))))
                f = client.submit(_run_indexed, fn, idx, [items[i] for i in idx], pure=False,
                                  key=f"claimsolver-chunk-{tag}-{start}")
                futures[f] = idx
        retry: list[int] = []
        for f in as_completed(list(futures)):
            idx = futures[f]
            try:
                _, out, _ = f.result()
                for i, r in zip(idx, out):
                    results[i] = r
                    done(i, r)
            except Exception as e:
                if len(idx) == 1:
                    results[idx[0]] = _lost(idx[0], items[idx[0]], e)
                    done(idx[0], results[idx[0]])
                else:
                    retry.extend(idx)
        if retry:
            single = {
                client.submit(_run_indexed, fn, [i], items[i : i + 1], pure=False, key=f"claimsolver-retry-{tag}-{i}"): i
                for i in retry
            }
            lost = []
            for f in as_completed(list(single)):
                i = single[f]
                try:
                    _, out, _ = f.result()
                    results[i] = out[0]
                    done(i, out[0])
                except Exception as e:
                    results[i] = _lost(i, items[i], e)
                    lost.append(i)
            if len(lost) > 1:
                # Several items lost at once: a worker's death may have been blamed on a task
                # queued beside the one that killed it (a cluster with worker-saturation > 1).
                # Last try: one item at a time.
                for i in sorted(lost):
                    f = client.submit(_run_indexed, fn, [i], items[i : i + 1], pure=False,
                                      key=f"claimsolver-alone-{tag}-{i}")
                    try:
                        results[i] = f.result()[1][0]
                    except Exception as e:
                        results[i] = _lost(i, items[i], e)
            for i in lost:
                done(i, results[i])
        info["work_seconds"] = time.perf_counter() - t_work
        return results
    finally:
        if own_client:
            client.close()
        if cluster is not None:
            cluster.close()


def _lost(index: int, item: Any, exc: BaseException) -> BatchError:
    """The record of an item whose task failed outside ``fn`` (worker died, unpicklable...)."""
    return BatchError(index, _short_repr(item), type(exc).__name__, str(exc) or repr(exc))


__all__ = ["run", "BatchError", "chunk_size", "cost_chunks", "progress_text", "worker_scratch"]
