"""Audit throughput: the claim search's tables shared within a deal (claim_api.shared_tables),
the audit's unit of work (a deal), cost-ordered Dask chunks (slowest first), the worker
warm-up and the progress line (claims/s, the slowest claim so far)."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_claim_kernel import random_claim, replay  # noqa: E402

from claimsolver import audit as A  # noqa: E402
from claimsolver import batch  # noqa: E402
from claimsolver.engine.claim_api import _get_buffers, claim_search, shared_tables  # noqa: E402

DATA = Path(os.environ.get("CLAIMSOLVER_DATA", Path(__file__).resolve().parent / "data"))
REALBRIDGE = DATA / "real" / "realbridge-2021-qualifier.pbn"


# --- shared tables -------------------------------------------------------------------------

def later_position(args, rng):
    """The same deal a trick later (every hand gives up a random card at a trick boundary)
    or with another forget set: a search of the same semantics from another root."""
    out = dict(args)
    if len(args["trick"]) == 0 and rng.random() < 0.5 and bin(int(args["hands"][0])).count("1") > 1:
        hands = args["hands"].copy()
        for p in range(4):
            cards = [c for c in range(64) if int(hands[p]) >> c & 1]
            hands[p] &= ~(np.int64(1) << int(rng.choice(cards)))
        out["hands"] = hands
    opp = int(out["hands"][1 - args["claim_side"]]) | int(out["hands"][3 - args["claim_side"]])
    out["forget"] = opp & int(rng.integers(0, 1 << 62))
    return out


def test_shared_tables_give_the_values_of_fresh_searches():
    """Searches of one deal inside a block (later roots, other forget sets) give the values of
    the same searches from empty tables, and lines that score that value."""
    rng = np.random.default_rng(21)
    for _ in range(40):
        first = random_claim(rng, int(rng.integers(5, 8)), with_steps=False)
        runs = [first] + [later_position(first, rng) for _ in range(3)]
        fresh = [claim_search(**a) for a in runs]
        with shared_tables():
            shared = [claim_search(**a) for a in runs]
        for a, f, s in zip(runs, fresh, shared):
            assert (s.tricks, s.careless) == (f.tricks, f.careless), a
            assert replay(a, s) == (s.tricks, s.careless), a


def test_shared_tables_reuse_entries_and_report_every_class_met():
    rng = np.random.default_rng(5)
    args = random_claim(rng, 7, with_steps=False)
    alone = claim_search(**args)
    with shared_tables():
        first = claim_search(**args)
        again = claim_search(**args)  # the root is in the table now
    after = claim_search(**args)  # outside the block: empty tables again
    assert first.nodes == alone.nodes == after.nodes
    assert again.nodes < first.nodes
    assert (again.tricks, again.careless) == (first.tricks, first.careless)


def test_shared_tables_report_the_classes_of_the_subtrees_read_from_the_table():
    """``seen`` (the play classes a search met, which lets a ruling reuse a search under a
    policy differing only in other classes) covers the classes of every subtree the search
    read from an earlier search's entries instead of walking it (seed 11: a later root meets
    fewer classes itself than it does alone)."""
    for seed in range(30):
        rng = np.random.default_rng(seed)
        args = random_claim(rng, 7, with_steps=False)
        later = later_position(args, rng)
        alone = claim_search(**later)
        with shared_tables():
            claim_search(**args)
            shared = claim_search(**later)
        assert alone.seen & ~shared.seen == 0, seed


def test_shared_tables_nest_and_forget_on_exit():
    buf = _get_buffers()
    with shared_tables():
        with shared_tables():
            assert buf.shared is not None
        assert buf.shared is not None  # the outer block still shares
    assert buf.shared is None


def test_other_semantics_do_not_share():
    rng = np.random.default_rng(8)
    args = random_claim(rng, 6, with_steps=False)
    other = dict(args, policy=np.where(args["policy"] == 0, 0, 1).astype(np.int64))
    if np.array_equal(other["policy"], args["policy"]):
        other["policy"][0] = 1 - other["policy"][0] if other["policy"][0] < 2 else 1
    with shared_tables():
        claim_search(**args)
        g1 = int(_get_buffers().stats[4])
        claim_search(**other)
        g2 = int(_get_buffers().stats[4])
        claim_search(**args)
        g3 = int(_get_buffers().stats[4])
    assert g1 == g3 != g2


def test_a_ruling_searches_inside_one_shared_table_scope(monkeypatch):
    """``adjudicate`` runs in one ``shared_tables`` block (``ruling._sharing_tables``): its
    states of mind, the own-count check's searches again and the sensitivity table's settings
    read each other's entries even outside an audit (the CLI, the server)."""
    from claimsolver.engine import claim_api
    from claimsolver.ruling import adjudicate
    from conftest import make_claim

    scoped = []
    real = claim_api.claim_search

    def spy(*args, **kwargs):
        scoped.append(_get_buffers().shared is not None)
        return real(*args, **kwargs)

    monkeypatch.setattr(claim_api, "claim_search", spy)
    adjudicate(make_claim("N:32..32. .KQJ.K. AK.A..A QJ..Q.2", trump="C"))
    assert scoped and all(scoped)
    assert _get_buffers().shared is None  # and the block ends with the ruling


# --- the unit of work: a deal --------------------------------------------------------------

def realbridge_items(n: int | None = None):
    from claimsolver.records import RecordedClaim, load

    out = [A.AuditItem(r.file, str(r.board), r.room, r.table, r.to_claim_dict())
           for r in load(REALBRIDGE) if isinstance(r, RecordedClaim)]
    return out if n is None else out[:n]


def test_group_by_deal_keeps_file_order_within_a_deal():
    items = [A.AuditItem("f", b, None, t, {}) for b, t in (("1", "a"), ("2", "a"), ("1", "b"), ("3", "a"), ("2", "b"))]
    assert A.group_by_deal(items) == [[0, 2], [1, 4], [3]]
    two_files = [A.AuditItem("f", "1", None, None, {}), A.AuditItem("g", "1", None, None, {})]
    assert A.group_by_deal(two_files) == [[0], [1]]


@pytest.mark.usefixtures("data_dir")
def test_rule_group_rows_are_rule_item_rows_and_share_tables(monkeypatch):
    """A deal's claims ruled together give the rows of each claim ruled alone; the second of
    two identical claims finds the first's searches in the table."""
    from claimsolver import ruling

    items = realbridge_items()
    board = max({it.board for it in items}, key=lambda b: sum(it.board == b for it in items))
    deal = [it for it in items if it.board == board][:6]
    rows = A.rule_group(A.DealGroup(tuple(deal)), time_limit=5)
    assert [r for r, _ in rows] == [A.rule_item(it, time_limit=5) for it in deal]
    assert all(sec >= 0 for _, sec in rows)

    nodes: list[int] = []
    real = ruling.run_claim_search

    def counting(*args, **kwargs):
        res = real(*args, **kwargs)
        nodes.append(res.nodes)
        return res

    monkeypatch.setattr(ruling, "run_claim_search", counting)
    twice = A.rule_group(A.DealGroup((deal[0], deal[0])), time_limit=5)
    assert twice[0][0] == twice[1][0]
    half = len(nodes) // 2
    assert sum(nodes[half:]) < sum(nodes[:half])


def test_rule_group_one_claims_error_is_its_row(monkeypatch):
    calls = []
    real = A.rule_item

    def flaky(item, *args, **kwargs):
        calls.append(item)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return real(item, *args, **kwargs)

    monkeypatch.setattr(A, "rule_item", flaky)
    good = {"deal": "N:A... K... Q... J...", "trump": "NT", "declarer": "S", "leader": "N", "claimer": "S",
            "claimed": 1}
    rows = A.rule_group(A.DealGroup((A.AuditItem("f", "1", None, None, good),
                                     A.AuditItem("f", "1", None, "2", good))))
    assert rows[0][0]["skipped"] == "internal error" and "RuntimeError: boom" in rows[0][0]["detail"]
    assert rows[1][0]["tricks"] == 1


def test_estimated_cost_grows_with_tricks_left():
    def item(deal: str):
        return A.AuditItem("f", "1", None, None, {"deal": deal, "trump": "S", "claimer": "S", "declarer": "S"})

    d13 = "N:AKQ.AKQ.AKQ.AKQJ JT9.JT9.JT9.T987 876.876.876.6543 5432.5432.5432.2"
    d8 = "N:AKQ.AK.AK.A JT9.JT.JT.T 876.87.87.6 543.54.54.5"
    d3 = "N:AKQ... JT9... 876... 543..."
    assert A.estimated_cost(item(d13)) == 3 ** 5 * A.estimated_cost(item(d8))
    assert A.estimated_cost(item(d8)) > A.estimated_cost(item(d3)) > 0
    assert A._tricks_left({"deal": "bad"}) == 13


# --- cost-ordered chunks -------------------------------------------------------------------

def test_cost_chunks_costliest_first_and_balanced():
    assert batch.cost_chunks([0.1, 5.0, 0.2, 3.0], 1.0, 2) == [[1], [3], [2, 0]]
    # cheap items fill chunks of about chunk_seconds, in decreasing cost
    assert batch.cost_chunks([0.3] * 7, 1.0, 1) == [[0, 1, 2, 3], [4, 5, 6]]
    # never so few chunks that a worker idles: at most an even share per worker
    assert len(batch.cost_chunks([0.01] * 8, 10.0, 4)) == 4
    assert batch.cost_chunks([], 1.0, 2) == []


def started_at(x: int) -> float:
    t = time.time()
    time.sleep(0.2)
    return t


def test_costliest_items_start_first_on_dask():
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
                           scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    try:
        costs = [0.01, 0.02, 0.03, 5.0, 0.04, 3.0]
        info: dict = {}
        start = batch.run(range(6), started_at, scheduler=cluster.scheduler_address, chunk_seconds=0.0,
                          costs=costs, info=info)
    finally:
        cluster.close()
    order = sorted(range(6), key=lambda i: start[i])
    assert order == [3, 5, 4, 2, 1, 0]
    assert info["start_seconds"] >= 0 and info["work_seconds"] > 0


_WARM_FILE = "warmed.txt"


def note_warm() -> None:
    with open(_WARM_FILE, "a") as f:
        f.write("x")


def read_warm(x: int) -> str:
    return open(_WARM_FILE).read() if os.path.exists(_WARM_FILE) else ""


def test_workers_warm_up_once_before_the_work():
    out = batch.run(range(6), read_warm, workers=2, chunk_seconds=0.0, costs=[1.0] * 6, warm=note_warm)
    assert out == ["x"] * 6  # each worker (in its scratch directory) warmed once, before its first item


# --- progress ------------------------------------------------------------------------------

def test_progress_text():
    assert batch.progress_text(120, 382, 4.0, "claims") == "120/382 claims, 30.0 claims/s"
    assert batch.progress_text(1, 2, 0.0, "claims", "slowest x (1.0 s)") == "1/2 claims, - claims/s, slowest x (1.0 s)"


def test_audit_progress_shows_rate_and_slowest_claim(tmp_path, capsys):
    from test_audit import last_tricks_claim

    p = tmp_path / "two.pbn"
    p.write_text(last_tricks_claim("1", 10, "13") + "\n" + last_tricks_claim("2", 8, "13"))
    res = A.audit([p], progress=True)
    err = capsys.readouterr().err
    assert "2/2 claims" in err and "claims/s" in err
    row, sec = res.slowest()
    assert f"slowest {p.name} board {row['board']} (" in err
    assert sec == max(s for s in res.seconds if s is not None)
    assert res.start_seconds > 0.0  # the kernels loaded in this process before the first claim


def failing_warm() -> None:
    raise RuntimeError("no kernels")


def test_a_failing_warm_up_does_not_stop_the_work():
    info: dict = {}
    assert batch.run(range(3), abs, warm=failing_warm, info=info) == [0, 1, 2]
    assert info["start_seconds"] > 0
