"""The command line: exit codes, messages, no tracebacks."""

import json

from click.testing import CliRunner

from claimsolver import __version__
from claimsolver.cli import main

from conftest import CASES, EXAMPLES


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_version_and_help():
    r = run("--version")
    assert r.exit_code == 0 and __version__ in r.output
    for cmd in ("solve", "adjudicate", "parse"):
        r = run(cmd, "--help")
        assert r.exit_code == 0 and "Usage" in r.output


def test_solve_json():
    r = run("solve", "--json", str(CASES / "70c-unaware-trump.json"), str(CASES / "70e1-no-finesse-drop.json"))
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.output.splitlines()]
    assert [(x["ns"], x["ew"]) for x in rows] == [(4, 0), (2, 0)]


def test_solve_text():
    r = run("solve", str(CASES / "70d2-defender-partner-discard.json"))
    assert r.exit_code == 0 and "North-South 0, East-West 3" in r.output


def test_bad_claim_file_exit_2_one_line_per_problem():
    r = run("adjudicate", str(EXAMPLES / "bad-claim.json"))
    assert r.exit_code == 2
    assert "Traceback" not in r.output
    lines = [line for line in r.output.splitlines() if line.startswith("claimsolver: error:")]
    assert any("deal:" in line for line in lines)
    assert any("trump: unknown strain 'X'" in line for line in lines)
    assert any("claimer: North is dummy" in line for line in lines)


def test_bad_file_in_batch_does_not_stop_the_rest(tmp_path):
    r = run("solve", "--json", str(tmp_path / "nope.json"), str(CASES / "70c-unaware-trump.json"))
    assert r.exit_code == 2
    assert "cannot read the file" in r.output and '"ns": 4' in r.output


def test_solve_bad_json(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{")
    r = run("solve", str(p))
    assert r.exit_code == 2 and "not valid JSON" in r.output


def test_claim_on_command_line_errors():
    r = run("adjudicate", "--deal", "N:AQ... K.2.. 32... 54...", "--trump", "NT", "--declarer", "S",
            "--leader", "S", "--claimer", "S", "--claimed", "3")
    assert r.exit_code == 2 and "3 tricks claimed but 2 remain" in r.output
    r = run("adjudicate", "--deal", "N:AQ... K.2.. 32... 54...", "--tricks-won", "x")
    assert r.exit_code == 2 and "tricks_won" in r.output


def test_adjudicate_needs_input():
    r = run("adjudicate")
    assert r.exit_code == 2 and "give a claim FILE" in r.output


def test_unknown_law_is_reported_not_misruled():
    # (rubber-2014 and club-2014 are ruled since issue 5: tests/test_laws_codes.py)
    r = run("adjudicate", str(CASES / "70e1-no-finesse-drop.json"), "--law", "rubber-1999")
    assert r.exit_code == 2 and "rubber-1999" in r.output
