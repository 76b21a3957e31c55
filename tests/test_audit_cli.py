"""The ``audit`` command (CliRunner) and ``adjudicate --table``."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from claimsolver.cli import main
from claimsolver.cli_audit import audit_command

DATA = Path(os.environ.get("CLAIMSOLVER_DATA", Path(__file__).resolve().parent / "data"))
REALBRIDGE = DATA / "real" / "realbridge-2021-qualifier.pbn"
BBO = DATA / "real" / "bbo-example1.lin"
V360 = DATA / "vugraph" / "360-36000.lin"

needs_data = pytest.mark.usefixtures("data_dir")  # fails, not skips, without tests/data

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
# West leads; North wins every trick
ROWS = ["S2 SA ST S3", "H2 SK S9 S4", "H3 SQ S8 S5", "H4 SJ S7 S6", "H5 HA HJ H8", "D2 HK HT H7",
        "D3 HQ H9 H6", "D4 DA DJ D8", "D5 DK DT D7", "C2 DQ D9 D6", "C3 CA CJ C8"]


def game(board: str, play: str, result: str) -> str:
    return "\n".join([f'[Board "{board}"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]',
                      '[Declarer "S"]', '[Contract "3NT"]', f'[Result "{result}"]', '[Play "W"]', play]) + "\n"


@pytest.fixture()
def good_pbn(tmp_path) -> Path:
    """Two claims, both ruled: board 1 upheld (3 of 3), board 2 conceding a trick that cannot
    be lost (law71-candidate)."""
    p = tmp_path / "good.pbn"
    p.write_text(game("1", "\n".join(ROWS[:10]) + "\n*", "13") + "\n" + game("2", "\n".join(ROWS[:10]) + "\n*", "12"))
    return p


@pytest.fixture()
def revoke_pbn(tmp_path) -> Path:
    p = tmp_path / "revoke.pbn"
    p.write_text(game("7", "S2 SA ST H6\n*", "10"))
    return p


def run(*args, cmd=audit_command):
    return CliRunner().invoke(cmd, [str(a) for a in args])


def test_registered_in_main(good_pbn):
    r = run("audit", good_pbn, "--json", cmd=main)
    assert r.exit_code == 0, r.output
    assert "audit" in CliRunner().invoke(main, ["--help"]).output


def test_text_output_and_summary(good_pbn):
    r = run(good_pbn)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == f"{good_pbn} board 1: 3NT by S, S claims 3, double dummy 3, ruling 3"
    assert lines[1] == f"{good_pbn} board 2: 3NT by S, S claims 2, double dummy 3, ruling 2  [law71-candidate]"
    assert "Audit: 2 claims read on 2 boards; 2 ruled (2 upheld with no statement), 0 skipped" in r.stdout
    assert ("Flags: over-claim 0, needs-statement 0, law71-candidate 1 (needs-statement: 0 on an outstanding "
            "trump, Law 70C; 0 other).") in r.stdout
    assert "claims/s" in r.stdout


def test_json_lines_parse_and_end_with_summary(good_pbn, revoke_pbn):
    r = run(good_pbn, revoke_pbn, "--json")
    assert r.exit_code == 2, r.output  # the revoke board was skipped
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o.get("board") for o in objs[:3]] == ["1", "2", "7"]
    assert objs[0] == {"file": str(good_pbn), "board": "1", "contract": "3NT", "declarer": "S", "claimer": "S",
                       "claimed": 3, "double_dummy": 3, "tricks": 3, "flags": [], "laws": ["70"], "forgotten": []}
    assert objs[1]["flags"] == ["law71-candidate"]
    assert objs[2]["skipped"] == "revoke" and objs[2]["file"] == str(revoke_pbn)
    s = objs[3]["summary"]
    assert len(objs) == 4
    assert (s["claims"], s["ruled"], s["skipped"]) == (2, 2, {"revoke": 1})
    assert s["flags"]["law71-candidate"] == 1


def test_csv_header_and_rows(good_pbn, revoke_pbn):
    r = run(revoke_pbn, good_pbn, "--csv")
    assert r.exit_code == 2
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == ["file", "board", "room", "table", "contract", "declarer", "claimer", "claimed",
                       "double_dummy", "tricks", "flags", "laws", "forgotten", "skipped", "detail"]
    assert rows[1][1] == "7" and rows[1][13] == "revoke"
    assert rows[2][1:11] == ["1", "", "", "3NT", "S", "S", "3", "3", "3", ""]
    assert rows[3][10] == "law71-candidate"
    assert len(rows) == 4
    assert "Audit: 2 claims read" in r.stderr  # the summary goes to stderr in CSV mode


def test_bad_file_reported_and_the_rest_processed(good_pbn, tmp_path):
    bad = tmp_path / "hand.txt"
    bad.write_text("not a record")
    r = run(bad, tmp_path / "nowhere.lin", good_pbn, "--json")
    assert r.exit_code == 2
    assert f"claimsolver: error: {bad}: unknown hand-record format" in r.stderr
    assert "nowhere.lin: no such file or folder" in r.stderr
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o.get("skipped") for o in objs[:2]] == ["unreadable file", "unreadable file"]
    assert [o["board"] for o in objs[2:4]] == ["1", "2"] and "tricks" in objs[2]
    assert objs[-1]["summary"]["ruled"] == 2
    assert "Traceback" not in r.output


def test_folder_is_walked(good_pbn, revoke_pbn, tmp_path):
    (tmp_path / "notes.txt").write_text("ignored in a folder")
    r = run(tmp_path, "--json")
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert {o.get("file") for o in objs[:-1]} == {str(good_pbn), str(revoke_pbn)}
    assert r.exit_code == 2 and "notes.txt" not in r.output


def test_summary_only(good_pbn):
    r = run(good_pbn, "--summary-only")
    assert r.exit_code == 0
    assert r.stdout.startswith("Audit: 2 claims read") and "board 1" not in r.stdout
    r = run(good_pbn, "--summary-only", "--json")
    (line,) = r.stdout.splitlines()
    assert json.loads(line)["summary"]["ruled"] == 2


def test_exit_1_on_internal_error(good_pbn, monkeypatch):
    from claimsolver import ruling

    def broken(claim, *args, **kwargs):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(ruling, "double_dummy", broken)
    r = run(good_pbn, "--json")
    assert r.exit_code == 1
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert objs[0]["skipped"] == "internal error" and "engine exploded" in objs[0]["detail"]
    assert objs[-1]["summary"]["skipped"] == {"internal error": 2}


def test_time_limit_option(tmp_path):
    p = tmp_path / "long.pbn"
    p.write_text(game("1", ROWS[0] + "\n*", "13"))  # 12 tricks left
    r = run(p, "--json", "--time-limit", "0.0000001")
    assert r.exit_code == 2
    obj = json.loads(r.stdout.splitlines()[0])
    assert obj["skipped"] == "time limit"


def test_usage_errors(good_pbn):
    assert run(good_pbn, "--json", "--csv").exit_code == 2
    assert run().exit_code == 2
    assert run(good_pbn, "--workers", "0").exit_code == 2
    assert run(good_pbn, "--time-limit", "0").exit_code == 2


@needs_data
def test_vugraph_rooms_and_bbo_without_room():
    r = run(BBO, V360, "--json", "--time-limit", "2")
    assert r.exit_code == 0, r.output
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    rows, summary = objs[:-1], objs[-1]["summary"]
    assert [("room" in o) for o in rows] == [False] * 2 + [True] * 5
    assert all(o["room"] == "open" for o in rows[2:])
    assert (summary["claims"], summary["ruled"], summary["played_out"]) == (7, 7, 11)


@needs_data
def test_workers_option():
    r = run(V360, "--json", "--workers", "2", "--time-limit", "2")
    assert r.exit_code == 0, r.output
    one = run(V360, "--json", "--time-limit", "2")
    assert r.stdout.splitlines()[:-1] == one.stdout.splitlines()[:-1]


# --- adjudicate --table ----------------------------------------------------------------------

@needs_data
def test_adjudicate_table():
    r = CliRunner().invoke(main, ["adjudicate", str(REALBRIDGE), "--board", "11", "--table", "4", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["claimed"] == 2 and d["id"] == "realbridge-2021-qualifier:11/t4"
    r = CliRunner().invoke(main, ["adjudicate", str(REALBRIDGE), "--board", "11"])
    assert r.exit_code == 2
    assert "choose a table" in r.stderr


def test_unreachable_scheduler_exit_2(good_pbn):
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        r = run(good_pbn, "--scheduler", "tcp://127.0.0.1:9", "--json")
    assert r.exit_code == 2, r.output
    assert "cannot use the Dask scheduler at tcp://127.0.0.1:9" in r.stderr
    assert "Traceback" not in r.output


def test_file_with_no_board_says_so_and_exits_2(tmp_path):
    """A file that holds no board (a text file named .pbn, an empty .lin) is an error, not an
    audit of 0 claims."""
    for name, text in (("notes.pbn", "hello, this is not a hand record\n"), ("empty.lin", "")):
        p = tmp_path / name
        p.write_text(text)
        r = CliRunner().invoke(main, ["audit", str(p)])  # output holds stderr too
        assert r.exit_code == 2, r.output
        assert f"claimsolver: error: {p}: no boards found: not a PBN or LIN file?" in r.output
