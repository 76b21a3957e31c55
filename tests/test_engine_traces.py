"""Engine vs DDS's own traces (test data shipped with DDS): list100.txt / largest.txt.

TRACE k = the declaring side's total tricks (already won + double-dummy value of the rest)
before card k of PLAY (k = 0 .. min(len(PLAY), 48)); the declaring side is the side not on
opening lead; the 4th PBN field is the opening leader, the 3rd the strain.
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from dds_traces import DATA_DIR, read_traces, replay_positions  # noqa: E402

from claimsolver import engine as E  # noqa: E402

LIST100 = read_traces(DATA_DIR / "list100.txt")


def _check_record(rec):
    decl = (rec.leader + 1) & 1
    for k, h, l, tr, won in replay_positions(rec):
        if k >= len(rec.trace):
            break
        v = E.dd_tricks_side(h, rec.trump, l, tr, decl)
        assert v + won == rec.trace[k], (k, v, won, rec.trace[k])


def test_trace_file_parses():
    assert len(LIST100) == 100
    for rec in LIST100:
        assert len(rec.trace) == min(len(rec.play) + 1, 49)


@pytest.mark.parametrize("i", range(0, 100, 5))
def test_list100_subset(i):
    _check_record(LIST100[i])


@pytest.mark.slow
@pytest.mark.parametrize("i", range(100))
def test_list100_all(i):
    _check_record(LIST100[i])


@pytest.mark.slow
def test_largest_all():
    for rec in read_traces(DATA_DIR / "largest.txt"):
        _check_record(rec)
