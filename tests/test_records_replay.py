"""Every shared hand record loads; every claim position passes independent checks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from claimsolver.cards import FULL_DECK, Seat, card_name, count, parse_deal
from claimsolver.position import Position
from claimsolver.records import load, summarize
from claimsolver.records.replay import (
    RecordedClaim,
    Replay,
    ReplayError,
    auction_contract,
    parse_contract,
    trick_winner,
)

DATA = Path(os.environ.get("CLAIMSOLVER_DATA", Path(__file__).resolve().parent / "data"))
FILES = sorted([*DATA.glob("real/*.pbn"), *DATA.glob("real/*.lin"), *DATA.glob("vugraph/*.lin")])

needs_data = pytest.mark.usefixtures("data_dir")  # fails, not skips, without tests/data


@pytest.fixture(scope="module")
def everything():
    return {f.name: list(load(f)) for f in FILES}


@pytest.fixture(scope="module")
def claims(everything):
    return [x for items in everything.values() for x in items if isinstance(x, RecordedClaim)]


@needs_data
def test_every_shared_file_loads(everything):
    assert len(FILES) == 10
    total = summarize(x for items in everything.values() for x in items)
    # realbridge 214 + bbo-example1 2 + vugraph 166 replayable claims
    assert total == {"claims": 382, "played-out": 97, "passed-out": 24, "no-play": 16}


@needs_data
def test_claim_positions_are_consistent(claims):
    assert len(claims) == 382
    for c in claims:
        pos = c.position
        full = parse_deal(c.full_deal)
        played = 0
        for card in c.played:
            assert not played >> card & 1
            played |= 1 << card
        # remaining + played = the whole deal, each remaining card in its original hand
        assert pos.remaining & played == 0
        assert pos.remaining | played == FULL_DECK
        for seat in Seat:
            assert pos.hands[seat] & ~full[seat] == 0
        # tricks: completed + left = 13; the claim fits in what is left
        assert sum(c.tricks_won.values()) + pos.tricks_left == 13
        assert len(c.played) == 4 * sum(c.tricks_won.values()) + len(pos.trick)
        assert 0 <= c.claimed <= pos.tricks_left
        assert c.result == c.claimed + c.tricks_won["declarer"]
        # the claim-file dict is accepted and gives the same position
        d = c.to_claim_dict()
        again = Position.from_fields(d["deal"], d["trump"], d["leader"], d["trick"], shown_out=d["shown_out"],
                                     tricks_won=pos.tricks_won)
        assert again == pos
        assert d["contract"].startswith(tuple("1234567"))
        assert d["claimer"] == d["declarer"]
        # shown-out suits really are void now
        for seat, suits in c.shown_out.items():
            for s in suits:
                assert "SHDC".index(s) not in {card >> 4 for card in _cards(pos.hands["NESW".index(seat)])}


def _cards(mask):
    return [c for c in range(64) if mask >> c & 1]


@needs_data
def test_replay_agrees_with_endplay(claims):
    """Replay each claim's cards with endplay's own Deal.play (its trick resolution, not ours)."""
    from endplay.types import Card, Deal, Denom, Player

    for c in claims:
        declarer = Seat("NESW".index(c.declarer))
        deal = Deal(c.full_deal, first=Player(int(declarer.lho)), trump=Denom(c.position.trump))
        won = [0, 0]
        for i, card in enumerate(c.played):
            deal.play(Card(card_name(card)))
            if i % 4 == 3:
                won[int(deal.first) & 1] += 1
        pos = Position.from_deal(deal)
        assert pos.hands == c.position.hands, c.key
        assert pos.leader == c.position.leader and pos.trick == c.position.trick, c.key
        side = declarer & 1
        assert c.tricks_won == {"declarer": won[side], "defenders": won[1 - side]}, c.key


@needs_data
def test_dds_runs_on_every_claim_position(claims):
    from endplay.dds import solve_board

    for c in claims:
        pos = c.position
        results = list(solve_board(pos.to_deal()))
        assert results
        best = max(t for _, t in results)
        assert 0 <= best <= pos.tricks_left


def test_auction_contract():
    assert auction_contract(Seat.N, "P 1H P 2H P 4H X XX P P P".split()) == ("4HXX", Seat.E)
    assert auction_contract(Seat.S, "1N P 2D! P 2H P P P".split()) == ("2H", Seat.S)
    # partner bid the strain first: declarer is the first of the side to bid it
    assert auction_contract(Seat.E, "1H P 2S P 4S P P P".split()) == ("4S", Seat.W)
    assert auction_contract(Seat.W, "p p 1c d 1n p 3N p p p".split()) == ("3NT", Seat.W)
    for bad, code in (("P P P P", "passed-out"), ("1S P", "missing-tags"), ("1S 8Q P P P", "missing-tags")):
        with pytest.raises(ReplayError) as e:
            auction_contract(Seat.N, bad.split())
        assert e.value.code == code
    assert parse_contract("3NTx") == (3, 4, 1)
    assert parse_contract("6cxx") == (6, 3, 2)


def test_trick_winner_and_shown_out():
    from claimsolver.cards import parse_card as c

    assert trick_winner([c("S2"), c("SA"), c("H2"), c("S3")], Seat.W, 1) == Seat.E
    assert trick_winner([c("S2"), c("SA"), c("H2"), c("S3")], Seat.W, 4) == Seat.N
    r = Replay(parse_deal("N:A.A.. .KQ.. Q.J.. J.T.."), 4, Seat.N)
    r.play(c("SA"))
    r.play(c("HK"))  # East shows out of spades
    assert r.shown_out_letters() == {"E": "S"}
    with pytest.raises(ReplayError, match="revoke"):
        r.play(c("HJ"))
    assert count(r.hands[Seat.S]) == 2


# --- round trip: random legal play written as PBN and LIN, read back --------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from claimsolver.cards import hand_name  # noqa: E402


def _simulate(hands, trump, leader, choices, n_cards):
    """Independent little simulator: play n_cards legal cards, picking by the choice list."""
    hands = [sorted(c for c in range(64) if h >> c & 1) for h in hands]
    seq, trick, won = [], [], [0, 0]
    for i in range(n_cards):
        seat = (leader + len(trick)) % 4
        legal = hands[seat]
        if trick:
            follow = [c for c in legal if c >> 4 == trick[0][1] >> 4]
            legal = follow or legal
        card = legal[choices[i] % len(legal)]
        hands[seat].remove(card)
        trick.append((seat, card))
        seq.append((seat, card))
        if len(trick) == 4:
            lead = trick[0][1] >> 4
            best = max(trick, key=lambda sc: (sc[1] >> 4 == trump, sc[1] >> 4 == lead, sc[1] & 15))
            won[best[0] & 1] += 1
            leader, trick = best[0], []
    return seq, hands, won, leader, trick


def _pbn_text(deal_hands, declarer, strain, seq, result):
    opening = (declarer + 1) % 4
    rows = []
    for t in range(0, len(seq), 4):
        row = ["-"] * 4
        for seat, card in seq[t:t + 4]:
            row[(seat - opening) % 4] = card_name(card)
        rows.append(" ".join(row))
    contract = f"4{'SHDCN'[strain]}{'T' if strain == 4 else ''}"
    return "\n".join([
        '[Board "5"]', f'[Deal "N:{" ".join(hand_name(h) for h in deal_hands)}"]',
        f'[Declarer "{"NESW"[declarer]}"]', f'[Contract "{contract}"]', f'[Result "{result}"]',
        f'[Play "{"NESW"[opening]}"]', *rows, "*", "",
    ])


def _lin_text(deal_hands, declarer, strain, seq, result):
    digit = {2: "1", 3: "2", 0: "3", 1: "4"}[declarer]  # declarer deals and opens
    hands = ",".join("".join(s + "".join("--23456789TJQKA"[c & 15] for c in range(64)
                                          if deal_hands[seat] >> c & 1 and c >> 4 == i)
                             for i, s in enumerate("SHDC")) for seat in (2, 3, 0))
    bid = "4" + "SHDCN"[strain]
    cards = "".join(f"pc|{card_name(c).lower() if k % 2 else card_name(c)}|" for k, (_, c) in enumerate(seq))
    return f"qx|c5|md|{digit}{hands},|sv|n|mb|{bid}|mb|p|mb|p|mb|p|{cards}mc|{result}|pg||\n"


@settings(max_examples=150, deadline=None)
@given(
    perm=st.permutations(list(range(52))),
    declarer=st.integers(0, 3),
    strain=st.integers(0, 4),
    n_cards=st.integers(1, 51),
    choices=st.lists(st.integers(0, 12), min_size=51, max_size=51),
    claim_frac=st.floats(0, 1),
)
def test_random_play_round_trips_through_pbn_and_lin(perm, declarer, strain, n_cards, choices, claim_frac):
    from claimsolver.records import lin, pbn

    deck = [16 * s + r for s in range(4) for r in range(2, 15)]
    deal_hands = [sum(1 << deck[perm[13 * h + i]] for i in range(13)) for h in range(4)]
    seq, left_hands, won, leader, trick = _simulate(deal_hands, strain, (declarer + 1) % 4, choices, n_cards)
    tricks_left = 13 - sum(won)
    claimed = round(claim_frac * tricks_left)
    result = won[declarer & 1] + claimed
    for text, module in ((_pbn_text(deal_hands, declarer, strain, seq, result), pbn),
                         (_lin_text(deal_hands, declarer, strain, seq, result), lin)):
        (c,) = module.loads(text)
        assert isinstance(c, RecordedClaim), (c, text)
        pos = c.position
        assert [sorted(x for x in range(64) if h >> x & 1) for h in pos.hands] == [sorted(h) for h in left_hands]
        assert pos.leader == leader and list(pos.trick) == [card for _, card in trick]
        assert c.tricks_won == {"declarer": won[declarer & 1], "defenders": won[1 - (declarer & 1)]}
        assert c.claimed == claimed and c.declarer == "NESW"[declarer]
