"""claimsolver.batch.run: in-process and on Dask (LocalCluster of process workers)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimsolver.batch import BatchError, chunk_size, run
from claimsolver.records import load
from claimsolver.records.replay import RecordedClaim

DATA = Path(os.environ.get("CLAIMSOLVER_DATA", Path(__file__).resolve().parent / "data"))
REALBRIDGE = DATA / "real" / "realbridge-2021-qualifier.pbn"


def double_dummy(claim: RecordedClaim) -> int:
    """The claiming side's double-dummy tricks from the claim position (endplay / DDS)."""
    from endplay.dds import solve_board

    pos = claim.position
    best = max(t for _, t in solve_board(pos.to_deal()))
    to_move_side = pos.to_move & 1
    claimer_side = "NESW".index(claim.claimer) & 1
    return best if to_move_side == claimer_side else pos.tricks_left - best


def square_or_fail(x: int) -> int:
    if x == 3:
        raise ValueError("three is bad")
    return x * x


def where(x: int) -> tuple[int, str]:
    return x, os.getcwd()


def die_on_five(x: int) -> int:
    if x == 5:
        os._exit(7)  # the worker process dies, like a crash inside DDS
    return x


@pytest.fixture(scope="module")
def sample_claims():
    assert REALBRIDGE.exists(), f"the vendored test data is missing: {REALBRIDGE}"
    return [c for c in load(REALBRIDGE) if isinstance(c, RecordedClaim)][:40]


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    c = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                     scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    yield c
    c.close()


def test_in_process_keeps_order_and_records_errors():
    out = run(range(6), square_or_fail)
    assert out[:3] == [0, 1, 4] and out[4:] == [16, 25]
    err = out[3]
    assert isinstance(err, BatchError)
    assert (err.index, err.item, err.error, err.message) == (3, "3", "ValueError", "three is bad")
    assert "square_or_fail" in err.traceback
    assert err.to_dict() == {"index": 3, "item": "3", "error": "ValueError", "message": "three is bad"}
    assert run([], square_or_fail) == []
    with pytest.raises(ValueError):
        run([1], square_or_fail, workers=0)


def test_two_workers_give_the_same_results_as_one(sample_claims):
    one = run(sample_claims, double_dummy)
    two = run(sample_claims, double_dummy, workers=2, chunk_seconds=0.05)
    assert one == two
    assert all(isinstance(v, int) and 0 <= v <= c.position.tricks_left for v, c in zip(one, sample_claims))


def test_existing_scheduler_errors_and_scratch_dirs(cluster, tmp_path):
    out = run(range(12), square_or_fail, scheduler=cluster.scheduler_address, chunk_seconds=0.0)
    assert [x for i, x in enumerate(out) if i != 3] == [i * i for i in range(12) if i != 3]
    assert isinstance(out[3], BatchError) and out[3].error == "ValueError" and out[3].index == 3
    here = os.getcwd()
    dirs = {d for _, d in run(range(8), where, scheduler=cluster.scheduler_address, per_item_seconds=0.0)}
    assert here not in dirs
    assert all("claimsolver-worker-" in d for d in dirs)
    assert os.getcwd() == here


def test_a_dying_worker_costs_one_item():
    out = run(range(8), die_on_five, workers=2, chunk_seconds=10.0)
    assert [x for i, x in enumerate(out) if i != 5] == [0, 1, 2, 3, 4, 6, 7]
    assert isinstance(out[5], BatchError) and out[5].index == 5


def test_progress_counter(capsys):
    assert run(range(5), square_or_fail, progress=True)[4] == 16
    err = capsys.readouterr().err
    assert "5/5" in err


def test_chunk_size():
    assert chunk_size(0.1, 1.0, 1000, 2) == 10
    assert chunk_size(0.0, 1.0, 1000, 2) == 500  # never fewer chunks than workers
    assert chunk_size(5.0, 1.0, 1000, 2) == 1
    assert chunk_size(0.001, 1.0, 7, 4) == 2
