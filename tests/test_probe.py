"""The quick normal line (claimsolver.engine.probe) and what a ruling over its time limit
says with it (ruling.probe_bound)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_claim_kernel import random_claim, replay  # noqa: E402

from claimsolver import ruling as R  # noqa: E402
from claimsolver.claim import Claim  # noqa: E402
from claimsolver.engine.claim_api import claim_search  # noqa: E402
from claimsolver.engine.probe import probe_line, probe_lines  # noqa: E402

# Notrump, East on lead for East-West with SA, H5, CJ opposite West's S7, H9, D8; West claims
# the three tricks. Cashing the heart while West's nine is his only heart puts West on lead
# with nothing but the spade link, stranding East's winners: the club slip (class 32), after
# which East-West take two tricks; an expert is credited with the order: 3
# (test_laws_count_rules.test_stranding_order_careless_for_club_irrational_for_expert). (Until session 27 this
# was 150-15000 board 10 open, whose dummy ♠7 crashing declarer's ♠9 is now class 38.)
CRASH = {"deal": "N:K..T.8 A.5..J 94...6 7.9.8.", "trump": "NT", "declarer": "W", "leader": "E",
         "claimer": "W", "claimed": 3, "contract": "1NT", "player_class": "club"}


@pytest.fixture
def one_position(monkeypatch):
    """A time limit of 1 s is one position of the claim search (the double-dummy search keeps
    its own rate, so it finishes)."""
    monkeypatch.setattr(R, "NODES_PER_SECOND", 1)


def _over_limit(claim):
    with pytest.raises(R.TimeLimitReached) as info:
        R.adjudicate(claim, time_limit=1.0)
    return info.value


def _probe_args(args):
    return {k: v for k, v in args.items() if k != "running"}


@pytest.mark.parametrize("with_steps", [False, True])
def test_probe_line_is_a_normal_line_above_the_search(with_steps):
    """The probe's line is legal and normal by the reference's own rules (statement, count,
    one careless slip), it scores the tricks the probe says, and the exact search (the fewest
    tricks over every such line) is never above it."""
    rng = np.random.default_rng(5 if with_steps else 4)
    for i in range(150):
        args = random_claim(rng, int(rng.integers(2, 6)), with_steps=with_steps)
        args["running"] = -1  # the probe starts where a ruling's search starts
        res = claim_search(**args)
        pr = probe_line(**_probe_args(args), seed=None if i % 2 else i)
        assert pr.complete, (i, args)
        tricks, _careless = replay(args, pr)
        assert tricks == pr.tricks, (i, args)
        assert res.tricks <= pr.tricks, (i, args)


def test_probe_lines_keeps_the_fewest_and_is_deterministic():
    rng = np.random.default_rng(8)
    for i in range(30):
        args = _probe_args(random_claim(rng, int(rng.integers(3, 7)), with_steps=False))
        one = probe_line(**args)
        many = probe_lines(**args, tries=6)
        assert many.tricks <= one.tricks
        assert probe_lines(**args, tries=6) == many


def test_time_limit_with_a_failing_claim_gives_the_bound(one_position):
    """Over the time limit, a quick normal line still shows the claim fails: the message and
    the error carry the award's upper bound (Law 70A: at most that line's tricks)."""
    claim = Claim.from_dict(CRASH)
    assert R.adjudicate(claim).tricks == 2
    e = _over_limit(claim)
    assert e.at_most == 2 and len(e.line) == 12
    assert "the award is at most 2" in str(e) and "raise --time-limit" in str(e)


def test_time_limit_says_nothing_more_when_the_line_does_not_fail(one_position):
    """A quick line that makes the claim proves nothing: the plain message."""
    claim = Claim.from_dict({**CRASH, "claimed": 1})  # a claim of the one trick he surely takes
    e = _over_limit(claim)
    assert e.at_most is None and "at most" not in str(e)


def test_no_bound_before_the_experts_own_count_check(one_position):
    """For an expert aware of every card, the own-count check may raise the award above the
    least successful normal line: no bound is claimed."""
    claim = Claim.from_dict({**CRASH, "player_class": "expert"})
    assert R.adjudicate(claim).tricks == 3
    assert _over_limit(claim).at_most is None


def test_no_bound_under_other_questions(one_position):
    """Law 71 (a concession) and Law 69 rule on other quantities than the least successful
    line: no bound is claimed for them."""
    claim = Claim.from_dict({**CRASH, "claimed": 2, "question": "concession"})
    assert _over_limit(claim).at_most is None


def test_audit_row_over_the_limit_carries_the_bound(one_position):
    from claimsolver.audit import AuditItem, rule_item

    item = AuditItem(file="x.lin", board="10", room="open", table=None, claim=CRASH)
    row = rule_item(item, time_limit=1.0)
    assert row["skipped"] == "time limit" and row["at_most"] == 2
    assert json.dumps(row)


def test_server_time_outcome_carries_the_bound(one_position):
    """The web API's 503 body gets ``at_most`` from the worker's outcome (server/work.py)."""
    from claimsolver.server import work

    out = work.rule(dict(CRASH), time_limit=1.0)
    assert out.kind == "time" and out.value == {"at_most": 2}
    assert "at most 2" in out.problems[0][1]
    plain = work.rule({**CRASH, "claimed": 1}, time_limit=1.0)
    assert plain.kind == "time" and plain.value is None


def test_cli_prints_the_failing_line_over_the_limit(one_position, tmp_path):
    """``adjudicate`` over the time limit: exit 2, the message with the bound, then the line."""
    from click.testing import CliRunner

    from claimsolver.cli import main

    f = tmp_path / "crash.json"
    f.write_text(json.dumps(CRASH))
    r = CliRunner().invoke(main, ["adjudicate", str(f), "--time-limit", "1"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "the award is at most 2" in r.output
    assert "A normal line on which the claim fails" in r.output
    assert "   1. E leads: " in r.output and "   3. " in r.output  # the three tricks of the line
    r = CliRunner().invoke(main, ["adjudicate", "--json", str(f), "--time-limit", "1"])
    assert r.exit_code == 2 and "A normal line on which" not in r.output


def test_audit_summary_counts_the_claims_shown_to_fail():
    from claimsolver.audit import summarize_rows, summary_text

    rows = [{"file": "a.lin", "board": "1", "skipped": "time limit", "detail": "...", "at_most": 9},
            {"file": "a.lin", "board": "2", "skipped": "time limit", "detail": "..."}]
    s = summarize_rows(rows, claims=2, seconds=1.0)
    assert s["skipped"] == {"time limit": 2} and s["time_limit_failing"] == 1
    assert "time limit 2 (1 of them shown to fail by a quick normal line: see at_most)" in summary_text(s)
