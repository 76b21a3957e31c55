"""LIN reader: BBO single hands and vugraph archives, hand-checked claims, bad boards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimsolver.cards import parse_card
from claimsolver.errors import ClaimSolverError
from claimsolver.records import find_board, load, summarize
from claimsolver.records import lin
from claimsolver.records.replay import RecordedClaim, SkippedBoard

DATA = Path(os.environ.get("CLAIMSOLVER_DATA", Path(__file__).resolve().parent / "data"))
EXAMPLE = DATA / "real" / "bbo-example1.lin"
VUGRAPH = DATA / "vugraph"

needs_data = pytest.mark.usefixtures("data_dir")  # fails, not skips, without tests/data

# Per vugraph file: (boards, claims, played out, passed out, no-play). Boards = qx| count and
# claims + no-play = mc| count of SOURCE.md. no-play: 060's open room (o49-o64) records
# only the opening leads in a note, then mc|, with no pc| card.
VUGRAPH_COUNTS = {
    "000-00001.lin": (32, 29, 3, 0, 0),
    "010-01000.lin": (16, 14, 1, 1, 0),
    "040-04000.lin": (28, 23, 5, 0, 0),
    "060-06000.lin": (32, 15, 0, 1, 16),
    "070-07000.lin": (30, 30, 0, 0, 0),
    "150-15000.lin": (24, 15, 9, 0, 0),
    "280-28000.lin": (40, 35, 4, 1, 0),
    "360-36000.lin": (10, 5, 5, 0, 0),
}


@needs_data
def test_example1_counts():
    items = list(load(EXAMPLE))
    assert summarize(items) == {"claims": 2, "played-out": 6}
    assert [x.board for x in items if isinstance(x, RecordedClaim)] == ["3", "7"]


@needs_data
def test_example1_board_3_hand_checked():
    # md|1 (dealer South); 1N-2D!-2H by South (transfer: hearts first bid by South).
    # By hand: NS win tricks 1-6 and 11, EW win 7-10; South to lead at trick 12; mc|9.
    c = find_board(EXAMPLE, 3)
    assert (c.contract, c.declarer, c.claimer, c.vulnerable, c.dealer) == ("2H", "S", "S", "EW", "S")
    assert c.tricks_won == {"declarer": 7, "defenders": 4}
    assert c.result == 9 and c.claimed == 2
    d = c.to_claim_dict()
    assert d["deal"] == "N:.98.. ..65. .7.T. 7..Q."
    assert d["leader"] == "S" and d["trick"] == []
    assert d["shown_out"] == {"E": "S", "W": "H"}
    assert c.players == {"S": "domtp", "W": "~~M25054gn", "N": "~~M2509087", "E": "~~M25116nn"}


@needs_data
def test_example1_play_matches_endplay():
    """endplay reads this (non-vugraph) file: same cards played, same deal."""
    from endplay.parsers import lin as eplin

    with open(EXAMPLE) as f:
        boards = eplin.load(f)
    claims = [x for x in load(EXAMPLE) if isinstance(x, RecordedClaim)]
    theirs = [b for b in boards if b.claimed]
    assert len(theirs) == len(claims) == 2
    for ours, b in zip(claims, theirs):
        assert [parse_card(str(c)) for c in b.play] == list(ours.played)
        assert b.deal.to_pbn() == ours.full_deal


@needs_data
@pytest.mark.parametrize("name", sorted(VUGRAPH_COUNTS))
def test_vugraph_counts(name):
    items = list(load(VUGRAPH / name))
    boards, claims, played_out, passed_out, no_play = VUGRAPH_COUNTS[name]
    assert len(items) == boards
    expected = {"claims": claims, "played-out": played_out}
    if passed_out:
        expected["passed-out"] = passed_out
    if no_play:
        expected["no-play"] = no_play
    assert summarize(items) == expected
    for it in items:
        assert it.room in ("open", "closed")
        if isinstance(it, RecordedClaim):
            assert it.players and len(it.players) == 4


@needs_data
def test_vugraph_totals_against_the_readme():
    items = [x for f in sorted(VUGRAPH.glob("*.lin")) for x in load(f)]
    s = summarize(items)
    assert len(items) == 212
    # 182 mc| in the files = 166 replayable claims + 16 result-only boards (060 open room)
    assert s["claims"] == 166 and s["no-play"] == 16
    assert s["claims"] + s["no-play"] == 182


@needs_data
def test_vugraph_mid_trick_claim_hand_checked():
    # 000-00001 o3: 3NT by East (dealer South: p 1S 3C X p 3D p 3N). By hand: declarer wins
    # tricks 2, 3, 5, 6, 7; defenders 1 and 4; West leads SA at trick 8, North discards C2,
    # then mc|10: 5 of the 6 tricks left.
    c = find_board(VUGRAPH / "000-00001.lin", 3, room="open")
    assert (c.contract, c.declarer, c.vulnerable, c.room) == ("3NT", "E", "EW", "open")
    assert c.players == {"S": "Bakkeren", "W": "Brink", "N": "Bertens", "E": "vProoijen"}
    assert c.tricks_won == {"declarer": 5, "defenders": 2}
    assert c.claimed == 5
    d = c.to_claim_dict()
    assert d["deal"] == "N:..864.QJ .7.AQ7.K8 KT.J.JT5. 86..K93."
    assert d["leader"] == "W" and d["trick"] == ["SA", "C2"]
    assert d["shown_out"] == {"N": "SH", "S": "C"}  # suits in S H D C order
    assert d["id"] == "000-00001:o3"
    closed = find_board(VUGRAPH / "000-00001.lin", 3, room="closed")
    assert closed.players == {"S": "Sprinkhuizn", "W": "Nab", "N": "Eskes", "E": "Paulissen"}


@needs_data
def test_vugraph_quirks():
    # 070: upper-case pc| cards and ob| (other-room calls) are read as expected
    c = find_board(VUGRAPH / "070-07000.lin", 17, room="open")
    assert c.contract == "1NT" and c.declarer == "E"  # P 1D P 1H P 1N; ob| 2D P P D... ignored
    # 060: a second pn| mid-file changes the players of the boards after it
    early = find_board(VUGRAPH / "060-06000.lin", 49, room="closed")
    late = [x for x in load(VUGRAPH / "060-06000.lin") if isinstance(x, RecordedClaim) and x.board == "64"]
    assert early.players["S"] == "John Matheson"
    assert late and late[0].players["S"] == "Douglas Piper"
    # 060 open room: result only
    with pytest.raises(ClaimSolverError, match="no card was played"):
        find_board(VUGRAPH / "060-06000.lin", 49, room="open")
    # c52: mc|9 while rs| says 10 tricks: the mc value is what counts
    c52 = find_board(VUGRAPH / "060-06000.lin", 52, room="closed")
    assert c52.result == 9
    with pytest.raises(ClaimSolverError, match="choose a room"):
        find_board(VUGRAPH / "000-00001.lin", 3)


DEAL = "md|3SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|"  # N has the tops; dealer N


def _board(play: str, auction: str = "mb|1N|mb|p|mb|p|mb|p|", deal: str = DEAL, mc: str = "", head: str = "") -> str:
    # hands listed S, W, N, E: South 'SAKQJ...' (the tops), West 'S2...', North 'S6543...',
    # East the rest (ST987 HJT9 DJT9 CJT9)
    return f"{head}pn|a,b,c,d|st||{deal}ah|Board 9|sv|b|{auction}{play}{mc}pg||\n"


def test_small_lin_claim_mid_trick():
    text = _board("pc|S7|pc|SA|pc|S2|pc|S3|pc|HA|pc|H2|", mc="mc|12|")
    # North opens 1N (dealer N), E p, S p, W p: declarer North, East leads S7, South wins
    # with SA, leads HA; West plays H2; claim.
    (c,) = lin.loads(text)
    assert isinstance(c, RecordedClaim), c
    assert (c.contract, c.declarer, c.vulnerable, c.board, c.room) == ("1NT", "N", "All", "9", None)
    assert c.tricks_won == {"declarer": 1, "defenders": 0} and c.claimed == 11
    assert c.position.leader.name == "S"
    assert c.to_claim_dict()["trick"] == ["HA", "H2"]


@pytest.mark.parametrize(
    "text, code, words",
    [
        (_board("pc|S7|pc|SA|pc|H2|", mc="mc|12|"), "revoke", "revoke"),
        (_board("pc|S7|pc|SA|pc|S6|", mc="mc|12|"), "not-in-hand", "S6 is not in West's hand"),
        (_board("pc|S7|pc|SA|pc|S2|pc|S3|", mc="mc|13|", deal="md|3|"), "bad-deal", "hands missing"),
        (_board("pc|S7|pc|SA|pc|S2|pc|S3|", mc="mc|13|", deal="", head="qx|o9|"), "bad-deal", "no deal"),
        (_board("pc|S7|pc|SA|pc|S2|pc|S3|", mc="mc|13|",
                deal="md|3SAKQJHAKQDAKQCAKQ,SAH5432D5432C5432,S6543H876D876C876,|"), "bad-deal", "two"),
        # 1S by West; North leads S3, South (a defender) wins with SA; 13 would need 13 of 12
        (_board("pc|S3|pc|S7|pc|SA|pc|S2|", auction="mb|p|mb|p|mb|p|mb|1S|mb|p|mb|p|mb|p|", mc="mc|13|"),
         "bad-claim", "needs 13 of the 12"),
        (_board("pc|S7|pc|SA|pc|S2|pc|S3|", mc="mc|0|"), "bad-claim", "less than"),
        (_board("pc|S7|pc|SA|pc|S2|pc|S3|", mc="mc|x|"), "missing-tags", "mc|x|"),
        (_board("pc|S7|pc|SA|pc|S2|pc|S3|", auction="mb|1N|mb|p|"), "missing-tags", "not finished"),
        (_board("", auction="mb|p|mb|p|mb|p|mb|p|"), "passed-out", "passed out"),
        (_board("pc|S7|pc|SA|"), "incomplete", "without a claim"),
        (_board("pc|S7|pc|Q9|", mc="mc|12|"), "bad-card", "pc|Q9|"),
        (_board("", mc="mc|9|"), "no-play", "no card"),
    ],
)
def test_bad_lin_boards(text, code, words):
    (item,) = lin.loads(text)
    assert isinstance(item, SkippedBoard), item
    assert item.code == code, item.reason
    assert words in item.reason


def test_bad_lin_board_does_not_stop_the_file():
    good = _board("pc|S7|pc|SA|pc|S2|pc|S3|pc|HA|pc|H2|", mc="mc|12|")
    bad = _board("pc|S7|pc|SA|pc|H2|", mc="mc|12|")
    items = list(lin.loads(bad + good + bad))
    assert [type(x).__name__ for x in items] == ["SkippedBoard", "RecordedClaim", "SkippedBoard"]


def test_tokenizer_keeps_multiline_notes_and_crlf():
    text = "qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|sv|0|mb|1N|mb|p|mb|p|mb|p|\r\n" \
           "nt|a note\r\n@S3\r\nover lines|pg||\r\npc|s7|pc|sA|mc|12|pg||\r\n"
    (c,) = lin.loads(text)
    assert isinstance(c, RecordedClaim), c
    assert c.room == "open" and c.board == "1" and c.vulnerable == "None"
    assert c.to_claim_dict()["trick"] == ["S7", "SA"]


def test_unknown_extension_and_missing_board(tmp_path):
    p = tmp_path / "x.txt"
    p.write_text("")
    with pytest.raises(ClaimSolverError, match="unknown hand-record format"):
        list(load(p))
    q = tmp_path / "x.lin"
    q.write_text(_board("pc|S7|pc|SA|", mc="mc|12|"))
    with pytest.raises(ClaimSolverError, match="no board 4 .*boards: 9"):
        find_board(q, 4)
    with pytest.raises(ClaimSolverError, match="cannot read"):
        list(load(tmp_path / "missing.pbn"))


@needs_data
def test_vugraph_contracts_and_results_match_rs():
    """Independent check of the auction logic and mc|: each archive's rs| line gives contract,
    declarer and result per board (index 2 * (board - first board of vg|) + closed room).
    The only differences are the two that SOURCE.md lists as being in the source."""
    import re

    differences = []
    for path in sorted(VUGRAPH.glob("*.lin")):
        pairs = lin.tokenize(path.read_text())
        rs = next(v for k, v in pairs if k == "rs").split(",")
        first = int(next(v for k, v in pairs if k == "vg").split(",")[3])
        for it in lin.loads(path.read_text(), file=path.name):
            entry = rs[2 * (int(it.board) - first) + (it.room == "closed")].strip()
            if isinstance(it, SkippedBoard):
                if it.code == "passed-out":
                    assert entry.upper() in ("", "P", "PASS")
                continue
            m = re.fullmatch(r"([1-7])([NSHDC])([NESW])(x{0,2})([-+]\d+|=)", entry, re.I)
            assert m, entry
            level = int(m.group(1))
            strain = "NT" if m.group(2).upper() == "N" else m.group(2).upper()
            tricks = level + 6 + (0 if m.group(5) == "=" else int(m.group(5)))
            if (it.contract, it.declarer, it.result) != (f"{level}{strain}{m.group(4).upper()}", m.group(3).upper(), tricks):
                differences.append((path.name, it.key, entry, it.contract, it.declarer, it.result))
    assert differences == [
        ("060-06000.lin", "c52", "2DN+2", "2D", "N", 9),  # mc|9 while rs| says 10 tricks
        ("360-36000.lin", "o4", "1NW-1", "1NTX", "W", 8),  # the auction has 1N doubled
    ]
