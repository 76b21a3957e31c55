"""The worker processes behind the server (see :mod:`claimsolver.server.work`).

At most ``size`` searches run at once (one per worker process). A request waits for a free
worker for at most ``queue_seconds`` (then the server answers 503 "busy"); once running, a
search is bounded by its own node budget, and by a wall-clock ``deadline`` in case a worker
stops answering: past it the pool is replaced (the stuck process is killed) and the request
answered 503, so the server goes on serving the others.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from claimsolver.server import work
from claimsolver.server.work import Outcome


class Busy(Exception):
    """No worker became free within the queue time."""


class Workers:
    def __init__(self, size: int = 2, queue_seconds: float = 30.0, warm: bool = True):
        if size < 1:
            raise ValueError(f"workers must be at least 1, not {size}")
        self.size = size
        self.queue_seconds = queue_seconds
        self.warm = warm
        self._executor: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None
        self.restarts = 0
        self.ready = False

    def _new_executor(self) -> ProcessPoolExecutor:
        # spawn, not fork: the web process runs threads (event loop, executor manager), and
        # a forked child of a threaded process may deadlock.
        ctx = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(max_workers=self.size, mp_context=ctx,
                                   initializer=work.warm_up if self.warm else None)

    async def start(self) -> None:
        """Start every worker and wait until each has loaded the kernels."""
        self._slots = asyncio.Semaphore(self.size)
        self._executor = self._new_executor()
        await self._fill()
        self.ready = True

    async def _fill(self) -> None:
        # one job per worker at once: the pool starts a process for each (and runs warm_up)
        assert self._executor is not None
        await asyncio.gather(*(asyncio.wrap_future(self._executor.submit(work.ping)) for _ in range(self.size)))

    def pids(self) -> list[int]:
        ex = self._executor
        return sorted(getattr(ex, "_processes", {}) or {}) if ex is not None else []

    async def stop(self) -> None:
        if self._executor is not None:
            self._kill(self._executor)
            self._executor = None
        self.ready = False

    @staticmethod
    def _kill(executor: ProcessPoolExecutor) -> None:
        procs = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            if p.is_alive():
                try:
                    os.kill(p.pid, signal.SIGKILL)
                except OSError:
                    pass
        for p in procs:
            p.join(timeout=5)

    async def _restart(self) -> None:
        old, self._executor = self._executor, self._new_executor()
        self.restarts += 1
        if old is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._kill, old)

    async def run(self, job: Callable[..., Outcome], *args: Any, deadline: float) -> Outcome:
        """Run ``job(*args)`` on a worker. Raises :class:`Busy` when no worker is free within
        the queue time; returns ``Outcome("time")`` past the deadline (the worker is killed and
        the pool replaced)."""
        assert self._slots is not None and self._executor is not None, "Workers.start() first"
        try:
            await asyncio.wait_for(self._slots.acquire(), timeout=self.queue_seconds)
        except asyncio.TimeoutError:
            raise Busy(f"all {self.size} workers stayed busy for {self.queue_seconds:g} s") from None
        try:
            executor = self._executor
            fut = executor.submit(job, *args)
            try:
                return await asyncio.wait_for(asyncio.wrap_future(fut), timeout=deadline)
            except asyncio.TimeoutError:
                if executor is self._executor:
                    await self._restart()
                return Outcome("time", problems=(("", f"no answer within {deadline:g} s: the search was "
                                                      "stopped (its worker process restarted)"),))
            except BrokenProcessPool:
                if executor is self._executor:
                    await self._restart()
                return Outcome("time", problems=(("", "the worker process was restarted while ruling "
                                                      "(another search overran its time); try again"),))
        finally:
            self._slots.release()
