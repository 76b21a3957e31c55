"""The ``parse`` command."""

from __future__ import annotations

import json

from click.testing import CliRunner

from claimsolver.cli_parse import parse_command


def run(*args):
    return CliRunner().invoke(parse_command, list(args))


def test_good_text_exit_0():
    r = run("draw trumps and run the clubs")
    assert r.exit_code == 0, r.output
    assert "draw trumps" in r.output and "cash the clubs" in r.output


def test_bad_text_exit_2_with_message():
    r = run("take the spade finest")
    assert r.exit_code == 2
    assert "finest" in r.output and "did you mean 'finesse'" in r.output
    assert "Traceback" not in r.output


def test_bound_to_claim_file(tmp_path):
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"deal": "N:AQ... K.2.. 32... 54...", "trump": "NT", "leader": "S",
                             "declarer": "S", "claimer": "S", "claimed": 2}))
    r = run("taking the spade finesse", "--claim", str(f))
    assert r.exit_code == 0, r.output
    assert "against East's ♠K" in r.output
    r = run("taking the spade finesse", "--claim", str(f), "--json")
    d = json.loads(r.output)
    assert d["steps"] == ["finesse ♠Q (lead from South toward North's ♠AQ, against East's ♠K)"]
    assert d["line"]["steps"][0]["with_card"] == "SQ"
    assert d["line"]["steps"][0]["lead_from"] == "S"
    assert d["notes"] == []


def test_notes_in_json(tmp_path):
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"deal": "N:AQ... K.2.. 32... 54...", "trump": "NT", "leader": "S",
                             "declarer": "S", "claimer": "S", "claimed": 2}))
    d = json.loads(run("draw trumps", "--claim", str(f), "--json").output)
    assert d["steps"] == [] and "notrump" in d["notes"][0]


def test_json_without_claim():
    r = run("ten tricks, ruff a heart in dummy", "--json")
    d = json.loads(r.output)
    assert r.exit_code == 0
    assert d["line"]["tricks"] == 10
    assert d["line"]["steps"][0] == {"step": "Ruff", "suit": 1, "hand": {"hand": "dummy"}, "count": 1}


def test_bad_claim_file_exit_2(tmp_path):
    r = run("draw trumps", "--claim", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "cannot read" in r.output
    f = tmp_path / "bad.json"
    f.write_text("{not json")
    r = run("draw trumps", "--claim", str(f))
    assert r.exit_code == 2 and "not valid JSON" in r.output
    f.write_text(json.dumps({"deal": "N:AQ... K.2..", "trump": "NT", "leader": "S",
                             "declarer": "S", "claimer": "S"}))
    r = run("draw trumps", "--claim", str(f))
    assert r.exit_code == 2 and "deal" in r.output
    assert "Traceback" not in r.output
