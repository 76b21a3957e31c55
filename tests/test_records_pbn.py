"""PBN reader: the real RealBridge file, a hand-checked claim, tag inheritance, bad games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimsolver.cards import parse_card
from claimsolver.errors import ClaimSolverError
from claimsolver.position import Position
from claimsolver.records import find_board, load, summarize
from claimsolver.records import pbn
from claimsolver.records.replay import RecordedClaim, SkippedBoard

DATA = Path(os.environ.get("CLAIMSOLVER_DATA", Path(__file__).resolve().parent / "data"))
REALBRIDGE = DATA / "real" / "realbridge-2021-qualifier.pbn"

needs_data = pytest.mark.usefixtures("data_dir")  # fails, not skips, without tests/data


@pytest.fixture(scope="module")
def realbridge():
    return list(load(REALBRIDGE))


@needs_data
def test_realbridge_counts(realbridge):
    # 299 games: 214 end in '*' (claims), 64 are played out to trick 13, 21 are passed out.
    assert len(realbridge) == 299
    assert summarize(realbridge) == {"claims": 214, "played-out": 64, "passed-out": 21}
    assert not [x for x in realbridge if isinstance(x, SkippedBoard) and x.is_error]


@needs_data
def test_realbridge_hand_checked_board_11_table_4(realbridge):
    # 1NT by North, Result 8. [Play "E"] rows (E S W N): trick 1 D4 DJ D3 D5 (South's DJ
    # wins), then South leads S2 ... By hand: NS win tricks 1-6, West wins trick 7 with CK and
    # leads H3, then the claim. 8 - 6 = 2 tricks claimed of the 6 left.
    c = next(x for x in realbridge if isinstance(x, RecordedClaim) and x.board == "11" and x.table == "4")
    assert (c.contract, c.declarer, c.claimer, c.vulnerable, c.room) == ("1NT", "N", "N", "None", None)
    assert c.result == 8 and c.claimed == 2
    assert c.tricks_won == {"declarer": 6, "defenders": 1}
    assert c.trick_number == 8
    assert c.position.deal_pbn() == "N:.A9.9.752 .KJ2.KQ.T .874.T.A3 .QT..J96"
    assert c.position.trick == (parse_card("H3"),)
    assert c.position.leader.name == "W"
    assert c.shown_out == {"N": "S", "E": "S"}
    assert c.players == {"N": "Marius Agica#46561", "E": "Ophir Herbst#25334",
                         "S": "Alexandru Cristian Mugioiu#188540", "W": "Ilan Herbst#25333"}
    d = c.to_claim_dict()
    assert d["deal"] == "N:.A9.9.752 .KJ2.KQ.T .874.T.A3 .QT..J96"
    assert d["trick"] == ["H3"] and d["leader"] == "W" and d["trump"] == "NT"
    assert d["tricks_won"] == {"declarer": 6, "defenders": 1}
    assert d["id"] == "realbridge-2021-qualifier:11/t4"


@needs_data
def test_realbridge_play_matches_endplay(realbridge):
    """endplay's PBN parser linearises [Play] independently: same cards in the same order."""
    from endplay.parsers import pbn as eppbn

    with open(REALBRIDGE) as f:
        boards = eppbn.load(f)
    assert len(boards) == len(realbridge)
    checked = 0
    for ours, theirs in zip(realbridge, boards):
        if isinstance(ours, RecordedClaim):
            assert theirs.claimed
            assert [parse_card(str(c)) for c in theirs.play] == list(ours.played)
            assert theirs.deal.to_pbn() == ours.full_deal
            checked += 1
    assert checked == 214


@needs_data
def test_find_board_realbridge():
    c = find_board(REALBRIDGE, 11, table=4)
    assert c.claimed == 2
    with pytest.raises(ClaimSolverError, match="recorded .* times.*table"):
        find_board(REALBRIDGE, "11")
    with pytest.raises(ClaimSolverError, match="no board 99"):
        find_board(REALBRIDGE, "99")
    with pytest.raises(ClaimSolverError, match="passed out|no claim"):
        find_board(REALBRIDGE, "11", table=11)


def _game(play: str, *, deal: str | None = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
          contract="3NT", declarer="S", result="10", extra="", play_seat="W") -> str:
    tags = ['[Event "t"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "NS"]']
    if deal is not None:
        tags.append(f'[Deal "{deal}"]')
    tags += [f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{result}"]']
    return "\n".join(tags) + extra + f'\n[Play "{play_seat}"]\n{play}\n'


# Rows in W N E S order; North holds the top cards and wins every trick.
PLAYED_OUT_ROWS = """S2 SA ST S3
H2 SK S9 S6
H3 SQ S8 S5
H4 SJ S7 S4
H5 HA HJ H8
D2 HK HT H7
D3 HQ H9 H6
D4 DA DJ D8
D5 DK DT D7
C2 DQ D9 D6
C3 CA CJ C8
C4 CK CT C7
C5 CQ C9 C6"""


def test_small_claim_mid_trick():
    # West leads S2, North's SA wins; North leads HA, claims after East's H9 (South and West
    # have not played: '-').
    text = _game("S2 SA ST S3\n- HA H9 -\n*", result="12")
    (c,) = pbn.loads(text)
    assert isinstance(c, RecordedClaim), c
    assert c.tricks_won == {"declarer": 1, "defenders": 0}
    assert c.claimed == 11
    assert c.position.leader.name == "N"
    d = c.to_claim_dict()
    assert d["trick"] == ["HA", "H9"]
    assert d["deal"] == "N:KQJ.KQ.AKQ.AKQ 987.JT.JT9.JT9 654.876.876.876 .5432.5432.5432"
    assert c.shown_out == {}
    Position.from_fields(d["deal"], d["trump"], d["leader"], d["trick"], shown_out=d["shown_out"])


@pytest.mark.parametrize(
    "text, code, words",
    [
        (_game("S2 SA ST H6\n*"), "revoke", "revoke: H6 played on a S lead while holding S6 S5 S4 S3"),
        (_game("S2 SA ST SK\n*"), "not-in-hand", "SK is not in South's hand: it is in North's hand"),
        (_game("S2 SA ST S3\n*", deal=None), "bad-deal", "no [Deal]"),
        (_game("S2 SA ST S3\n*", deal="N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9"), "bad-deal", "unreadable"),
        (_game("S2 SA ST S3\n*", deal="N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543"),
         "bad-deal", "13 cards per hand"),
        # declarer West; North (a defender) wins trick 1; a result of 13 would need 13 of 12
        (_game("SA S7 S3 S2\n*", declarer="W", result="13", play_seat="N"), "bad-claim", "needs 13 of the 12"),
        (_game("S2 SA ST S3\nH2 HA H9 H6\n*", result="0"), "bad-claim", "less than the 2 tricks"),
        (_game("S2 SA ST S3\n*", contract=""), "missing-tags", "no [Contract]"),
        (_game("S2 SA ST S3\n*", declarer=""), "missing-tags", "no [Declarer]"),
        (_game("S2 SA ST S3\n*", result=""), "missing-tags", "no result"),
        (_game("S2 SA ST S3\n- HA H9 -"), "incomplete", "stops in trick 2 without a claim"),
        (_game("S2 SA ST ZZ\n*"), "bad-card", "ZZ"),
        (_game("S2 SA ST S3\nH2 HA - -\n*"), "bad-play", "after a missing card"),
        (_game("S2 SA ST S3\n*", declarer="N"), "bad-play", "opening leader"),
        (_game("S2 SA ST S3\n*", contract="Pass", declarer=""), "passed-out", "passed out"),
        (_game("*"), "no-play", "no card was played"),
    ],
)
def test_bad_games(text, code, words):
    (item,) = pbn.loads(text)
    assert isinstance(item, SkippedBoard), item
    assert item.code == code
    assert words in item.reason
    assert item.is_error == (code != "passed-out")


def test_bad_game_does_not_stop_the_file():
    good = _game("S2 SA ST S3\n*", result="12")
    bad = _game("S2 SA ST H6\n*")
    items = list(pbn.loads(bad + "\n" + good + "\n" + bad))
    assert [type(x).__name__ for x in items] == ["SkippedBoard", "RecordedClaim", "SkippedBoard"]


def test_omitted_deal_is_carried_forward_and_hash_repeats():
    first = _game("S2 SA ST S3\n*", result="12")
    second = _game("S2 SA ST S3\nH2 HA H9 H6\n*", deal=None, result="13")
    third = _game("S2 SA ST S3\n*", deal="#", result="12")
    items = list(pbn.loads(first + "\n" + second + "\n" + third))
    assert all(isinstance(x, RecordedClaim) for x in items), items
    assert items[1].tricks_won == {"declarer": 2, "defenders": 0} and items[1].claimed == 11
    # a missing deal is not inherited by a different board
    other = _game("S2 SA ST S3\n*", deal=None).replace('[Board "1"]', '[Board "2"]')
    items = list(pbn.loads(first + "\n" + other))
    assert isinstance(items[1], SkippedBoard) and items[1].code == "bad-deal"


def test_comments_notes_and_doubled_contract():
    text = _game("{the lead} S2 SA =1= ST S3 ; comment\n- HA H9 -\n*", contract="3NTx", result="12",
                 extra='\n[Note "1: a note; with a semicolon"]\n{ a comment\nover lines }')
    (c,) = pbn.loads(text)
    assert isinstance(c, RecordedClaim), c
    assert c.contract == "3NTX" and c.vulnerable == "NS"
    assert c.position.trick == (parse_card("HA"), parse_card("H9"))


def test_contract_from_auction_when_tags_missing():
    # N pass, E pass, S 1NT, W pass, N 3NT: declarer South (first of NS to bid notrump)
    text = _game("S2 SA ST S3\n*", contract="", declarer="", result="12",
                 extra='\n[Auction "N"]\nPass Pass 1NT Pass\n3NT Pass Pass Pass')
    (c,) = pbn.loads(text)
    assert isinstance(c, RecordedClaim), c
    assert (c.contract, c.declarer) == ("3NT", "S")


@pytest.mark.parametrize("end", ["", "\n*"])
def test_played_out_is_not_an_error(end):
    (item,) = pbn.loads(_game(PLAYED_OUT_ROWS + end, result="13"))
    assert isinstance(item, SkippedBoard)
    assert item.code == "played-out" and item.played_out and not item.is_error
    assert summarize([item]) == {"claims": 0, "played-out": 1}


def test_room_tag():
    text = _game("S2 SA ST S3\n*", result="12", extra='\n[Room "Closed"]')
    (c,) = pbn.loads(text)
    assert c.room == "closed" and c.key == "c1"
    assert c.to_claim_dict()["id"] == "<string>:c1"
