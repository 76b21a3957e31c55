"""The claimer's own count (DESIGN 2.4, tables.COUNT, play classes 27-33, 35 and 36) through
claimsolver.ruling.adjudicate: for each count class, a small ending where it changes the
ruling and one where it must not, and the ruling with the class's entry in the policy set back
to the value of the class it refines (the rule removed) to show the rule is what matters."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import reference_claim as R
from claimsolver import tables as T
from claimsolver.cards import card_name, parse_card
from claimsolver.claim import Claim
from claimsolver.engine.claim_api import line_options
from claimsolver.records import find_board
from claimsolver.laws import codes, normal
from claimsolver.laws.awareness import awareness_options, states_of_mind
from claimsolver import ruling
from claimsolver.ruling import adjudicate

from conftest import make_claim

claim = make_claim

#: count class -> the class whose normality it takes when the rule is removed
BASE = {
    T.LEAD_CONCEDE_BREAKS_COUNT: T.LEAD_NO_TOP_CARD,
    T.VOID_DISCARD_BREAKS_COUNT: T.VOID_DISCARD_LOSER,
    T.FOLLOW_BREAKS_COUNT: T.FOLLOW_LOW_UNDER_PARTNER,
    T.FOLLOW_WINNER_UNDER_PARTNER: T.FOLLOW_LOW_UNDER_PARTNER,
    T.FOLLOW_OVERTAKE_FOR_COUNT: T.FOLLOW_OVER_PARTNER,
    T.LEAD_TOP_BREAKS_COUNT: T.LEAD_TOP_OF_TOP_CARDS,
    T.FOLLOW_WIN_BREAKS_COUNT: T.FOLLOW_WIN_SURE,
    T.VOID_RUFF_BREAKS_COUNT: T.VOID_RUFF_AHEAD_OF_PARTNER,
    T.VOID_DISCARD_TOP_FOR_COUNT: T.VOID_DISCARD_TOP_KEEP_LOSER,
    T.LEAD_UNDER_TOP_CARD: T.LEAD_CROSS_TO_PARTNER_TOP,  # a crossing his count refines
    T.LEAD_TRUMP_BREAKS_COUNT: T.LEAD_TOP_OF_TOP_CARDS,
    T.LEAD_SIDE_TOP_FOR_COUNT: T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP,
}


def test_base_table_matches_the_refinements():
    for refined, count_class in T.COUNT_REFINES.items():
        assert count_class in BASE
        if count_class != T.VOID_DISCARD_BREAKS_COUNT:  # refines two classes; 18 is the normal one
            assert BASE[count_class] == refined or BASE[count_class] in T.COUNT_REFINES


def tricks(c, **kw) -> int:
    return adjudicate(c, **kw).tricks


def tricks_without(c, monkeypatch, count_class: int, **kw) -> int:
    """The ruling with the policy entry of ``count_class`` set back to its base class's value:
    the count rule removed (then the kernel does not even refine, the two being priced alike)."""
    original = codes.compile_policy

    def compile_policy(claim):
        p = original(claim)
        p[count_class] = p[BASE[count_class]]
        return p

    with monkeypatch.context() as m:
        m.setattr(codes, "compile_policy", compile_policy)
        return adjudicate(c, **kw).tricks


def classes_now(c) -> dict[str, int]:
    """Play class of each legal card of the claiming-side player to move, refined by the count
    (reference classify + refine_by_count), on the claimer's first state of mind."""
    pos = c.position
    leader = int(pos.leader)
    trick = tuple(((leader + i) % 4, x) for i, x in enumerate(pos.trick))
    seat = (leader + len(trick)) % 4
    work = codes.working_claim(c)
    forget = states_of_mind(work)[0].forget
    st = (tuple(pos.hands), leader, trick, forget, 0, -1, -1, 0)
    ctx = R.Ctx(pos.trump, c.claiming_side, codes.compile_policy(work), awareness_options(work), [])
    classed = [(x, R.classify(st, ctx, seat, x)) for x in R.legal_cards(st[0], seat, trick)]
    return {card_name(x): k for x, k in R.refine_by_count(st, ctx, seat, classed)}


# --- 37: crossing to partner's top card ------------------------------------------------------

def test_cross_to_partners_bare_king(monkeypatch):
    # East on lead at notrump with ♣Q73 ♥A, West ♣K ♥2 ♦32, South's ♣T9 the only clubs out.
    # The ♣3 to the king, the heart back to the ace and the ♣Q-7: four tricks. The ♣Q first
    # crashes the king and South's ♣T takes the third round: two. The ♣3 is crossing to
    # partner's top card (class 37), not an underlead: normal, and the blocking ♣Q is the
    # stranding order of class 32 — careless once for a club player, irrational for an expert.
    c = claim("N:AK..KQ. .A..Q73 32...T9 .2.32.K", leader="E", claimer="E", declarer="E", claimed=4,
              player_class="expert")
    # (the ♥A first, East's only entry, strands the clubs too: class 32 as well)
    assert classes_now(c) == {"HA": T.LEAD_TOP_BREAKS_COUNT, "CQ": T.LEAD_TOP_BREAKS_COUNT,
                              "C7": T.LEAD_CROSS_TO_PARTNER_TOP, "C3": T.LEAD_CROSS_TO_PARTNER_TOP}
    assert tricks(c) == 4
    assert tricks(c, player_class="club") == 2
    # without the class the ♣3 is an underlead and the ♣Q the only club lead: 2 for an expert too
    original = codes.compile_policy

    def compile_policy(claim):
        p = original(claim)
        p[T.LEAD_CROSS_TO_PARTNER_TOP] = p[T.LEAD_UNDER_TOP_CARD]
        return p

    with monkeypatch.context() as m:
        m.setattr(codes, "compile_policy", compile_policy)
        assert adjudicate(c).tricks == 2


def test_cross_with_the_lowest_card_to_partners_top_card_below_the_hands_ace():
    # South on lead at notrump with ♥A75 ♣32, North ♥T ♦AKQ2, the ♥986 out (East's ♥6): the ♥5
    # to the ten (a top card: every heart out is lower) and dummy's four diamonds are five
    # tricks; the ♥A first crashes the ten and strands them: one. Partner's top card need not
    # be above the hand's own (RealBridge 2021 board 20: the ♥6 from ♥A65 to dummy's ♥T, the
    # only way to dummy's diamonds) — only above the card led, and the card led is the hand's
    # lowest: the ♥7, above East's ♥6, is an underlead (a crossing with a card that might take a
    # trick later is not the short hand's honour first: the ♠J of ♠AJ5 to the king, published
    # ruling 22). Until session 38 partner's card had to be above every card of the hand's and
    # the ♥5 was an underlead, irrational: the ♥A was the only heart lead (ruled 2 for an expert).
    c = claim("N:.T.AKQ2. .6.JT9.T .A75..32 .98..KQJ", leader="S", claimer="S", declarer="S", claimed=5,
              player_class="expert")
    classes = classes_now(c)
    assert classes["H5"] == T.LEAD_CROSS_TO_PARTNER_TOP
    assert classes["H7"] == T.LEAD_UNDER_TOP_CARD
    assert classes["HA"] == T.LEAD_TOP_BREAKS_COUNT
    assert tricks(c) == 5
    assert tricks(c, player_class="club") == 1  # the ♥A first: the stranding order, careless once
    # the real claim: South claims ten of ten at 3NT with ♠KQ ♥A65 ♦A10 ♣AK8, dummy ♦KQ832
    # and the ♥10 its only entry — the ♥6 (equal to the ♥5) to the ten: upheld for an expert
    record = find_board(Path(__file__).parent / "data" / "real" / "realbridge-2021-qualifier.pbn", 20, table=24)
    real = Claim.from_dict({**record.to_claim_dict(), "player_class": "expert"})
    assert tricks(real) == 10


def test_a_trump_crossing_below_the_hands_top_trump_keeps_his_count():
    # RealBridge 2021 qualifier, board 12 table 27 (4♥ by North, 7 of the last 8 claimed at
    # club, no trump out once East's ♥Q falls to dummy's ♥K). Dummy's spade lead, knocking out
    # the ♠A, keeps his count: North, in after East's diamond exit, crosses with the ♥6 to
    # dummy's ♥9 (below his ♥10) to reach the spades (tables.COUNT, *the hand on lead*). Without
    # the crossing the count gave the spade lead 3 tricks and dummy's last trump 6, so the worst
    # line led the ♥9, spent dummy's entry and stranded the spades: 5. With it: 6 (the line now
    # strands the spades only with a later ♦J to the ace, where his count takes no throw-in).
    record = find_board(Path(__file__).parent / "data" / "real" / "realbridge-2021-qualifier.pbn", 12, table=27)
    c = Claim.from_dict({**record.to_claim_dict(), "player_class": "club"})
    after = claim("N:T.T6.AQT6. A7..K8752. QJ98.9.J.Q 5..943.KJ8", trump="H", leader="S", claimer="N",
                  declarer="N", claimed=6, player_class="club")
    classes = classes_now(after)
    assert classes["SQ"] == T.LEAD_NO_TOP_CARD and classes["H9"] == T.LEAD_TRUMP_BREAKS_COUNT
    assert tricks(c) == 6


def test_a_crossing_that_strands_winners_is_an_underlead(monkeypatch):
    # West on lead at notrump with ♠AKQ ♣K5, East ♣A ♥543 ♦2, North ♠32 ♥AK ♣Q, South the other
    # red winners. The ♣5 to East's bare ace would be crossing (class 37), but East then has
    # only losers to lead and West's king and two of his spades fall to the red suits: two
    # tricks, where the spades first keep four or more. His count refines the crossing into
    # the underlead it then is (1): irrational, and an expert's claim of four holds (the ♣K
    # first, crashing the ace, is the stranding order of class 32). With the underlead priced
    # like the crossing (normal) the ♣5 is a normal play: two tricks (the search alone, without
    # the expert's own-count check, which would find the ♣5 dominated by the spades).
    c = claim("N:32.AK..Q .543.2.A .QJT.AK. AKQ...K5", leader="W", claimer="E", declarer="E", claimed=4,
              player_class="expert")
    assert classes_now(c) == {"SA": T.LEAD_TOP_OF_TOP_CARDS, "SK": T.LEAD_TOP_OF_TOP_CARDS,
                              "SQ": T.LEAD_TOP_OF_TOP_CARDS, "CK": T.LEAD_TOP_BREAKS_COUNT,
                              "C5": T.LEAD_UNDER_TOP_CARD}
    assert tricks(c) == 4
    work = codes.working_claim(c)
    pos = work.position
    policy = codes.compile_policy(work)

    def least(policy):
        return R.search(pos.hands, pos.trump, int(pos.leader), [], work.claiming_side,
                        states_of_mind(work)[0].forget, 0, policy, awareness_options(work), [])[0]

    assert least(policy) == 5  # (East throws his ace on a spade: five; four are claimed)
    policy[T.LEAD_UNDER_TOP_CARD] = policy[T.LEAD_CROSS_TO_PARTNER_TOP]
    assert least(policy) == 2  # (the ♣5 to the ace: East has only losers to lead)


# --- 27: conceding a loser his count cannot afford ------------------------------------------

def test_concede_early_when_the_opponents_could_then_cash_more(monkeypatch):
    # North leads at notrump with SAK and the heart 2, East holds HAKQ, West CAKQ, South three
    # small clubs. Claiming 2: conceding the heart first lets East cash his hearts and North
    # must throw his spades — irrational in the claimer's count (he knows of the hearts): the
    # claim holds. Without the rule conceding first is just "a loser in any order": 0.
    c = claim("N:AK.2.. .AKQ.. ...432 ...AKQ", leader="N", claimer="N", declarer="N", claimed=2)
    assert classes_now(c) == {"SA": T.LEAD_TOP_OF_TOP_CARDS, "SK": T.LEAD_TOP_OF_TOP_CARDS,
                              "H2": T.LEAD_CONCEDE_BREAKS_COUNT}
    assert tricks(c) == 2
    assert tricks_without(c, monkeypatch, T.LEAD_CONCEDE_BREAKS_COUNT) == 0
    assert tricks(c, player_class="expert") == tricks(c, player_class="novice") == 2


def test_concede_early_when_the_opponents_cannot_cash_more(monkeypatch):
    # East's single heart ace is all the opponents can take; South's diamonds stop East's
    # diamonds and North's spades West's. Conceding the heart first keeps his count: a
    # normal loser (class 3), and the rule changes nothing.
    c = claim("N:AK.2.. .A.32. ..AKQ. QJT...", leader="N", claimer="N", declarer="N", claimed=2)
    assert classes_now(c)["H2"] == T.LEAD_NO_TOP_CARD
    assert tricks(c) == tricks_without(c, monkeypatch, T.LEAD_CONCEDE_BREAKS_COUNT) == 2


# --- 28: discarding a card his count needs ----------------------------------------------------

def test_discard_a_winner_the_count_needs(monkeypatch):
    # East leads the club ace; South, void, holds SQ, HA and DA, all top cards. The heart ace
    # is needed: East, on lead, would cash his hearts after it goes. The diamond ace is not:
    # East has no way to West's diamonds, so throwing it is careless-but-normal (QBA
    # regulation (b)); so would the queen be, but it is the entry to North's spades, and of two
    # discards that keep as many tricks the one that keeps more of his count (three against
    # two) is the better. The claim of 2 holds.
    c = claim("N:AK...3 .KQ.. Q.A.A. ..KQJ.", leader="E", trick=["CA"], claimed=2)
    assert classes_now(c) == {"SQ": T.VOID_DISCARD_BREAKS_COUNT, "HA": T.VOID_DISCARD_BREAKS_COUNT,
                              "DA": T.VOID_DISCARD_TOP_ALL_TOP}
    assert tricks(c) == 2
    # Without the rule every top card is "careless, all top cards": he may throw the heart ace.
    assert tricks_without(c, monkeypatch, T.VOID_DISCARD_BREAKS_COUNT) == 0


def test_discard_a_surplus_winner(monkeypatch):
    # East leads the club ace; South, void, holds SA and HA opposite North's kings (surplus:
    # the king keeps the suit's trick) and DA (needed). Throwing the surplus heart ace keeps
    # his count (careless-but-normal class 20, not refined). The spade ace is refined: East
    # would exit with a heart to South's ace and North's kings are cut off (2 left of his count
    # against 3), and so is the diamond ace; but West, who holds the diamonds, never gets the
    # lead: the rule cannot change the ruling.
    c = claim("N:K.K..2 .QJ.. A.A.A. ..QJT.", leader="E", trick=["CA"], claimed=2)
    assert classes_now(c) == {"SA": T.VOID_DISCARD_BREAKS_COUNT, "HA": T.VOID_DISCARD_TOP_ALL_TOP,
                              "DA": T.VOID_DISCARD_BREAKS_COUNT}
    assert tricks(c) == tricks_without(c, monkeypatch, T.VOID_DISCARD_BREAKS_COUNT) == 2


# --- 29: following with a card his count needs -----------------------------------------------

def test_kx_under_the_opponents_ace(monkeypatch):
    # West leads the spade ace; North holds K2 (and the heart ace). The 2 keeps the king as a
    # winner; the king under the ace throws a trick his count has: irrational. 2 of 3 holds.
    c = claim("N:K2.A.. 543... ..AKQ. .KQ..", leader="W", trick=["SA"], claimer="N", declarer="N", claimed=2)
    assert classes_now(c) == {"S2": T.FOLLOW_OTHER, "SK": T.FOLLOW_BREAKS_COUNT}
    assert tricks(c) == 2
    assert tricks_without(c, monkeypatch, T.FOLLOW_BREAKS_COUNT) == 1


def test_kq_under_the_opponents_ace(monkeypatch):
    # With KQ either card keeps his count: nothing to refine, nothing changes.
    c = claim("N:KQ.A.. 543... ..AKQ. .KQ..", leader="W", trick=["SA"], claimer="N", declarer="N", claimed=2)
    assert classes_now(c) == {"SQ": T.FOLLOW_OTHER, "SK": T.FOLLOW_OTHER}
    assert tricks(c) == tricks_without(c, monkeypatch, T.FOLLOW_BREAKS_COUNT) == 2


# --- 30: throwing a high card under partner's winner ------------------------------------------

def test_throwing_a_winner_under_partners_ace(monkeypatch):
    # South leads the spade ace; North holds K2 (South has the 3 left to reach the king, and
    # the club ace). Following with the 2 is normal; the king under the ace strands nothing
    # he needed to unblock, it just throws a trick: irrational. 3 holds; without the rule 2.
    c = claim("N:K2..2. QJ..A. 3...A .KQ..", leader="S", trick=["SA", "S4"], claimed=3)
    assert classes_now(c) == {"S2": T.FOLLOW_LOW_UNDER_PARTNER, "SK": T.FOLLOW_WINNER_UNDER_PARTNER}
    assert tricks(c) == 3
    assert tricks_without(c, monkeypatch, T.FOLLOW_WINNER_UNDER_PARTNER) == 2


def test_the_needed_unblock_is_not_a_thrown_winner(monkeypatch):
    # North's ace over South's K2 with North's QJT to run and no side entry: the king is the
    # unblock (class 6) and keeping it is failing to unblock (25), not class 30.
    c = claim("N:QJT... 9.AK.. K2.32.. 76.QJ..", leader="N", trick=["SA", "S8"], claimer="N", declarer="N",
              player_class="expert")
    assert classes_now(c) == {"SK": T.FOLLOW_LOW_UNDER_PARTNER, "S2": T.FOLLOW_LOW_KEEPING_BLOCKER}
    assert tricks(c) == tricks_without(c, monkeypatch, T.FOLLOW_WINNER_UNDER_PARTNER) == 4


# --- 31: overtaking partner's winner for his count ---------------------------------------------

def test_overtake_for_the_count(monkeypatch):
    # North leads the spade king (his last spade; no entry to South). South's AQJ: overtaking
    # with the ace is the only way to run the spades — normal for his count (31), and then
    # following low is failing to unblock (25): irrational for an expert, careless for a club
    # player. Without the rule the overtake is "for no reason", irrational: 2.
    deal = "N:.2.2. .AK.. AQJ... ...AKQ"
    kw = dict(leader="N", trick=["SK", "S3"], claimed=3)
    expert, club = claim(deal, player_class="expert", **kw), claim(deal, player_class="club", **kw)
    assert classes_now(expert) == {"SA": T.FOLLOW_OVERTAKE_FOR_COUNT, "SQ": T.FOLLOW_LOW_KEEPING_BLOCKER,
                                   "SJ": T.FOLLOW_LOW_KEEPING_BLOCKER}
    assert tricks(expert) == 3
    assert tricks_without(expert, monkeypatch, T.FOLLOW_OVERTAKE_FOR_COUNT) == 2
    # A club player may fail to unblock: 2 either way.
    assert tricks(club) == tricks_without(club, monkeypatch, T.FOLLOW_OVERTAKE_FOR_COUNT) == 2


def test_no_overtake_when_the_count_does_not_need_it(monkeypatch):
    # South has the heart ace as an entry: North's heart reaches it, so the queen under the
    # king keeps his count and overtaking stays irrational (7); nothing changes.
    c = claim("N:.2.2. .KQ.. AQ.A.. ...AKQ", leader="N", trick=["SK", "S3"], claimed=3, player_class="expert")
    assert classes_now(c) == {"SQ": T.FOLLOW_LOW_UNDER_PARTNER, "SA": T.FOLLOW_OVER_PARTNER}
    assert tricks(c) == tricks_without(c, monkeypatch, T.FOLLOW_OVERTAKE_FOR_COUNT) == 3


# --- 32: cashing in an order that strands winners ----------------------------------------------

# Notrump, East on lead for East-West with SA, H5, CJ opposite West's S7, H9, D8 (West claims
# the three): after the ♠A, cashing the ♥5 to West's bare ♥9 puts West on lead with the spade
# link only and strands East's ♣J: a blockage he does not see, the unblocking slip.
STRAND = dict(deal="N:K..T.8 A.5..J 94...6 7.9.8.", leader="E", claimer="W", declarer="W")


def test_stranding_order_careless_for_club_irrational_for_expert(monkeypatch):
    club, expert = claim(**STRAND, player_class="club"), claim(**STRAND, player_class="expert")
    assert tricks(club) == 2  # the blockage he does not see is the unblocking slip: careless
    assert tricks(expert) == 3  # an expert is credited with the order
    monkeypatch.setattr(ruling, "excludes_dominated_plays", lambda settings: False)  # (finds it too)
    assert tricks_without(expert, monkeypatch, T.LEAD_TOP_BREAKS_COUNT) == 2
    # The club player's lower ruling is that class: lift it and the claim holds.
    assert tricks(club, lifted=frozenset({T.LEAD_TOP_BREAKS_COUNT})) == 3
    pol = normal.compile_policy(club.settings)
    assert pol[T.LEAD_TOP_BREAKS_COUNT] == T.SLIP  # careless, once per line (single_lapse)
    assert normal.compile_policy(expert.settings)[T.LEAD_TOP_BREAKS_COUNT] == T.IRRATIONAL


# Hearts trumps, none out: West on lead claims 2 of 2 with the ♥K and the ♣2; East holds the
# ♥T and the ♠9, void in clubs. Cashing the king pulls East's trump, which was to ruff the club
# (then East's ♠9 wins): his count thrown away, class 38 — not the unblocking slip (32).
PULL = dict(deal="N:53... 9.T.. .7..J .K..2", trump="H", leader="W", claimer="W", declarer="W", claimed=2)


def test_pulling_partners_ruffing_trump_is_irrational(monkeypatch):
    club, expert = claim(**PULL, player_class="club"), claim(**PULL, player_class="expert")
    assert classes_now(club) == {"HK": T.LEAD_TRUMP_BREAKS_COUNT, "C2": T.LEAD_NO_TOP_CARD}
    assert tricks(club) == tricks(expert) == 2
    assert tricks_without(club, monkeypatch, T.LEAD_TRUMP_BREAKS_COUNT) == 1
    # priced as the unblocking slip (32) it was until session 27, the club player lost a trick
    original = codes.compile_policy

    def as_the_slip(c):
        p = original(c)
        p[T.LEAD_TRUMP_BREAKS_COUNT] = p[T.LEAD_TOP_BREAKS_COUNT]
        return p

    monkeypatch.setattr(codes, "compile_policy", as_the_slip)
    assert tricks(club) == 1 and tricks(expert) == 2


# --- 33: winning with the sure winner that strands the rest -----------------------------------

# Notrump. East leads the ♣5; South (dummy) holds ♣KJ and the ♠2, North (declarer) the bare ♣Q
# and two low hearts, East the ♥AK. Both of South's clubs win the trick ("the lowest sure
# winners": only partner's queen lies between them), but the ♣J makes North overtake with the
# bare queen and lead hearts; the ♣K drops the queen and the ♣J follows: 2 of 3 against 1.
UNBLOCK = dict(deal="N:.32..Q .AK.. 2...KJ ..QJ.6", leader="E", trick=["C5"], claimer="N",
               declarer="N", claimed=2)


def test_winning_with_the_card_that_strands_winners(monkeypatch):
    club, expert = claim(**UNBLOCK, player_class="club"), claim(**UNBLOCK, player_class="expert")
    assert classes_now(expert) == {"CK": T.FOLLOW_WIN_SURE, "CJ": T.FOLLOW_WIN_BREAKS_COUNT}
    assert tricks(expert) == 2  # an expert is credited with the unblock
    assert tricks(club) == 1  # the blockage he does not see is the unblocking slip: careless
    # The expert's double-dummy check of his count (claimsolver.dominance) finds the same in a
    # small ending; the rule is what makes the search see it without the check (on real deals
    # the check can run out of positions first: RealBridge board 16 table 20)
    monkeypatch.setattr(ruling, "excludes_dominated_plays", lambda settings: False)
    assert tricks(expert) == 2
    assert tricks_without(expert, monkeypatch, T.FOLLOW_WIN_BREAKS_COUNT) == 1
    assert tricks(club, lifted=frozenset({T.FOLLOW_WIN_BREAKS_COUNT})) == 2
    assert normal.compile_policy(club.settings)[T.FOLLOW_WIN_BREAKS_COUNT] == T.SLIP
    assert normal.compile_policy(expert.settings)[T.FOLLOW_WIN_BREAKS_COUNT] == T.IRRATIONAL


def test_every_order_keeps_the_count(monkeypatch):
    # All winners and a way between the hands in every suit: no order strands anything.
    c = claim("N:AK.2.. .A.32. ..AKQ. QJT...", leader="N", claimer="N", declarer="N", claimed=2,
              player_class="expert")
    assert tricks(c) == tricks_without(c, monkeypatch, T.LEAD_TOP_BREAKS_COUNT) == 2


# --- 34/35: ruffing in front of partner's sure winner ------------------------------------------

def test_ruff_in_front_of_partners_winner_the_count_cannot_afford(monkeypatch):
    # Vugraph 070-07000 board 21 closed (4H by West, claiming 5 of the last 6, no trump out):
    # South leads the club 9; West, second and void in clubs, holds HT875 DJ7; dummy, fourth,
    # has the CQ, the top club. Discarding a diamond lets the queen win and leaves one diamond
    # loser; ruffing spends a trump on dummy's trick and leaves two. The discard was class 16
    # (discarding instead of ruffing the opponents' winner: irrational), so every worst line
    # ruffed: 4. Now both are normal (34, a discard 18) and his count keeps the discard (35).
    c = claim("N:..4.JT872 JT..86.Q6 32..QT9. .T875.J7.", trump="H", leader="S", trick=["C9"],
              claimer="W", declarer="W", claimed=5)
    assert classes_now(c) == {"H5": T.VOID_RUFF_BREAKS_COUNT, "H7": T.VOID_RUFF_BREAKS_COUNT,
                              "H8": T.VOID_RUFF_BREAKS_COUNT, "HT": T.VOID_RUFF_BREAKS_COUNT,
                              "D7": T.VOID_DISCARD_LOSER, "DJ": T.VOID_DISCARD_LOSER}
    for cls in ("expert", "club", "novice"):
        assert tricks(c, player_class=cls) == 5
    assert tricks_without(c, monkeypatch, T.VOID_RUFF_BREAKS_COUNT) == 4


def test_ruff_in_front_of_partners_winner_that_takes_the_lead():
    # South leads the club king into dummy's ace; West, void, holds SAK and the last trump,
    # dummy nothing to reach them. Ruffing takes the lead into the hand with the spades (three
    # tricks), so the ruff stays normal (34, not refined); the spade discards are "all top
    # cards" and keep three too (East wins, South's diamond is ruffed, the ace is cashed).
    c = claim("N:...QJT ..32.A ..AK. AK.2..", trump="H", leader="S", trick=["CK"],
              claimer="W", declarer="W", claimed=3)
    assert classes_now(c) == {"H2": T.VOID_RUFF_AHEAD_OF_PARTNER, "SA": T.VOID_DISCARD_TOP_ALL_TOP,
                              "SK": T.VOID_DISCARD_TOP_ALL_TOP}
    assert tricks(c, player_class="expert") == tricks(c) == 3


# --- reporting ------------------------------------------------------------------------------------

def test_stranding_order_is_named_as_the_careless_play():
    # Lifting class 32 raises the club ruling (above): the ruling names it as the careless play
    # that cost the trick (a communication slip: the trick it costs is a later one, in another
    # suit), and the committee's sensitivity table has its row.
    name = T.PLAY_CLASS_NAMES[T.LEAD_TOP_BREAKS_COUNT]
    r = adjudicate(claim(**STRAND, player_class="club"), sensitivity=True)
    assert name in r.careless
    assert {"careless": name, "tricks": 3} in r.sensitivity["lifted"]


def test_underruff_weighed_like_a_discard():
    # Realbridge 2021 qualifier, board 17 table 4, trick 6 (spades, East declarer, 2 of the
    # last 3 tricks to make his claim): West leads the heart 8 and North ruffs with the 9.
    # East holds S6 CJT: the underruff (class 22) throws the trump that would ruff the next
    # heart, while a club discard keeps it; his count says so (28), and only the discard is
    # normal.
    c = claim("N:..3.3 6...JT ..765. .53..", trump="S", leader="W", trick=["H8", "S9"],
              claimer="E", declarer="E", claimed=2, player_class="expert")
    got = classes_now(c)
    assert got["S6"] == T.VOID_DISCARD_BREAKS_COUNT
    assert got["CJ"] != T.VOID_DISCARD_BREAKS_COUNT
    assert tricks(c) == 2


# --- 36: throwing a top card his count cannot use, to keep the card it needs ---------------------

def test_throw_the_ace_he_cannot_reach(monkeypatch):
    # Notrump, three cards left (000-00001 board 11, closed room). North, on lead with the heart
    # 7, holds only the club K2; West holds SA and C95, dummy East the SQ and CT. West
    # must keep both clubs: East's ten falls under the king and one of West's clubs takes the
    # two. The spade ace can never be reached (North has no spade to lead). In his count the
    # ace is worth nothing and the clubs one trick: throwing the ace is his count's play (36),
    # a club discard falls to 28, and the claim of 1 holds. Without the rule throwing a top
    # card while keeping a loser is irrational (19) and the club discard loses the trick: 0.
    c = claim("N:...K2 Q...T KJ... A...95", leader="N", trick=["H7", "S9", "S5"],
              claimer="W", declarer="W", claimed=1, player_class="expert")
    assert classes_now(c) == {"SA": T.VOID_DISCARD_TOP_FOR_COUNT, "C9": T.VOID_DISCARD_BREAKS_COUNT,
                              "C5": T.VOID_DISCARD_BREAKS_COUNT}
    assert tricks(c) == 1
    assert tricks_without(c, monkeypatch, T.VOID_DISCARD_TOP_FOR_COUNT) == 0


def test_keep_the_ace_he_can_reach(monkeypatch):
    # The same, but North holds a spade: the ace takes the trick when North leads it, and in
    # his count keeping it is worth as much as the clubs — throwing it stays irrational (19),
    # the club discards normal, and the claim of 1 holds with or without the rule.
    c = claim("N:2...K Q...T KJ... A...95", leader="N", trick=["H7", "S9", "S5"],
              claimer="W", declarer="W", claimed=1, player_class="expert")
    assert classes_now(c) == {"SA": T.VOID_DISCARD_TOP_KEEP_LOSER, "C9": T.VOID_DISCARD_LOSER,
                              "C5": T.VOID_DISCARD_LOSER}
    assert tricks(c) == tricks_without(c, monkeypatch, T.VOID_DISCARD_TOP_FOR_COUNT) == 1


def test_a_sole_master_is_not_thrown_at_equal_tricks():
    # A random claim of the benchmark (10 tricks, notrump): East, declarer, claims the 3 tricks
    # double dummy gives him with ♠QT73 ♥T ♦Q64 ♣A7 opposite ♠85 ♥85 ♦T87 ♣K65. On the worst
    # line East came to discard on North's hearts holding ♠Q7 ♦Q64 ♣A: in his count every
    # discard was worth the same one trick, and only the uncapped count (which cannot see that
    # the defenders must in the end lead a club) preferred throwing the ♣A. A sole master is
    # thrown for his count only for a trick more (tables.COUNT *discarding*); at equal tricks
    # it stays a winner thrown while losers are kept (19, irrational). Was 1 trick, now 2.
    c = claim("N:AJ2.K93.A.JT2 QT73.T.Q64.A7 K94.QJ6.K5.Q3 85.85.T87.K65", leader="W",
              claimer="E", declarer="E", claimed=3, player_class="club")
    r = adjudicate(c)
    assert r.tricks == 2
    thrown = [t for t in r.line if 62 in t.cards and t.cards[0] >> 4 != 3]
    assert not thrown  # the ♣A is not discarded on another suit


def test_a_surplus_top_card_is_thrown_at_equal_tricks(monkeypatch):
    # 150-15000 board 10, closed room, the second trick: dummy's ♦T is led, East discards
    # the ♣T, and South, with ♥3 taken as overlooked (Law 70C), holds ♠J ♥95 ♣J opposite
    # dummy's ♥8 ♦9 ♣K. The ♣J is a surplus top card (the ♣K cashes the suit's one round
    # without it) and his count keeps more with it gone: thrown for his count (36), and the
    # spade discard falls (28). Were the equal-tricks throw kept for a trick more only, the ♣J
    # would be irrational (19), the ♠J discard normal, and the ♣K later ruffed by the ♥3: 3.
    c = claim("N:.8.9.K T9.3.. J.95..J Q7...97", trump="H", leader="N", trick=["DT", "CT"],
              claimer="S", declarer="S", player_class="expert")
    assert classes_now(c) == {"SJ": T.VOID_DISCARD_BREAKS_COUNT, "H5": T.VOID_RUFF_PARTNER,
                              "H9": T.VOID_RUFF_PARTNER, "CJ": T.VOID_DISCARD_TOP_FOR_COUNT}
    assert tricks(c) == 4
    assert tricks_without(c, monkeypatch, T.VOID_DISCARD_TOP_FOR_COUNT) == 3


# --- 38: cashing a trump his count needs, none of theirs out ------------------------------------

def test_cashing_the_trump_his_count_needs_is_irrational(monkeypatch):
    # Vugraph 280-28000 board 1, open room (5S by West, who claims 5 of the last 6 with no
    # statement): no trump is out; West holds ♠J7 ♦JT62, dummy ♥9 ♦874 ♣J6, South leads the ♣8
    # and West ruffs. Then the ♠7 draws nothing, and without it the ♦K conceded lets South cash
    # ♥Q, ♣Q and ♥J: his count falls from four to one. That is no blockage he does not see (the
    # unblocking slip of class 32, careless once for a club player) but his count thrown away:
    # class 38, irrational at every class. Club ruling 5 (the claim); with the trump priced
    # as the cash it refines (the rule removed) the worst line cashes it: 2.
    c = claim("N:.53.9.T92 .9.874.J6 .QJ.K.Q87 J7..JT62.", trump="S", leader="S", claimer="W",
              declarer="W", claimed=5, player_class="club")
    assert tricks(c) == 5
    assert tricks_without(c, monkeypatch, T.LEAD_TRUMP_BREAKS_COUNT) == 2
    after_the_ruff = claim("N:.53.9.T9 .9.874.J .QJ.K.Q7 7..JT62.", trump="S", leader="W",
                           claimer="W", declarer="W", claimed=4, player_class="club")
    got = classes_now(after_the_ruff)
    assert got["S7"] == T.LEAD_TRUMP_BREAKS_COUNT
    assert got["D6"] == got["D2"] == T.LEAD_NO_TOP_CARD  # (a low diamond: the ♦JT stay over the ♦9)
    assert normal.compile_policy(after_the_ruff.settings)[T.LEAD_TRUMP_BREAKS_COUNT] == T.IRRATIONAL


# --- 39: the aware trump he cannot draw without losing a trick he counts -------------------
# Spades trumps; RealBridge 2021 qualifier board 17, table 8, at trick 5: East on lead with
# ♠6 ♣JT7, West ♠J8 ♥T5, North ♠9 ♦4 ♣63 (the ♠9 known to him). Law 70C has him draw an aware
# trump first *when he could*: East's ♠6 draws the ♠9 only under West's ♠J, and West has no way
# back to East's clubs (two tricks). Cashing the clubs (the third ruffed and overruffed) takes
# all four: his count's play, normal at every class, and the ♠6 falls to 27. On the third club
# West, holding only the ♠J8, must ruff partner's winner: both ruffs are irrational by their
# class (17), and of the two his count keeps the ♠J, over North's ♠9 (tables.COUNT, *fallback*).
UNDRAWN = dict(deal="N:9..4.63 6...JT7 .J9.76. J8.T5..", trump="S", leader="E", claimer="E", declarer="E",
              claimed=4, aware=["trumps"])


def test_aware_trump_not_drawn_when_drawing_it_strands_winners(monkeypatch):
    for cls in ("novice", "club", "expert"):
        for reg in ("acbl", "ebu"):
            c = claim(**UNDRAWN, player_class=cls, regulation=reg)
            assert classes_now(c) == {"S6": T.LEAD_CONCEDE_BREAKS_COUNT, "CJ": T.LEAD_SIDE_TOP_FOR_COUNT,
                                      "CT": T.LEAD_SIDE_TOP_FOR_COUNT, "C7": T.LEAD_SIDE_TOP_FOR_COUNT}
            assert tricks(c) == 4
            assert tricks_without(c, monkeypatch, T.LEAD_SIDE_TOP_FOR_COUNT) == 2



def test_aware_trump_still_drawn_first_when_drawing_costs_nothing():
    # East holds the ♠A as well: drawing the ♠9 with it keeps the lead, so the clubs are
    # irrational until it is drawn (class 4 stays) and the claim of all five holds.
    c = claim(deal="N:9..43.63 A6...JT7 .J9.76.2 J8.T5..4", trump="S", leader="E", claimer="E", declarer="E",
              claimed=5, aware=["trumps"], player_class="expert")
    got = classes_now(c)
    assert got["CJ"] == T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP
    assert tricks(c) == 5


# --- the fallback keeps top down within a suit ---------------------------------------------------
# Vugraph 070-07000 board 30 open room (4♠ by West, ten of thirteen claimed at trick 1, ♠4 ♠5
# ♠10 unmentioned: Law 70C), at expert on the line session 33 ruled: after the ♦A and ♦K West
# holds ♠876 ♦QT8 and every lead is irrational by its class (a diamond cashes beside an aware
# trump, a spade breaks off the run, the ♦8 underleads the ♦Q). The fallback takes the leads
# his count rates best in tricks, and it rates the ♦Q and the ♦8 alike; the ♦8 into South's ♦9
# is no lead a claimer makes while he would cash the ♦Q instead (top down, Law 70E2 and the
# regulations' top-down order: tables.COUNT, *fallback*). Without the rule the ♦8 was among
# the plays taken as normal there, and the ruling was 6 (7 with it). Since session 35 three
# trumps out are known by default (awareness.PLAINLY_KNOWN_TRUMPS; the claim is then ruled 8),
# so the test gives the director's finding that he overlooked them: the node is the same.
B30_LINE = ("E SK", "S SA", "W SQ", "S HK", "W H5", "N H8", "E H4", "S HQ", "W S3", "N H7", "E H6",
            "W C9", "N CA", "E CK", "S C3", "N HA", "E H3", "S H2", "W S2", "W DA", "N D7", "E D5",
            "S D3", "W DK", "N DJ", "E D4", "S D2", "W D8")


def test_the_fallback_does_not_underlead_the_top_card_it_keeps():
    record = find_board(Path(__file__).parent / "data" / "vugraph" / "070-07000.lin", 30, room="open")
    c = Claim.from_dict({**record.to_claim_dict(), "player_class": "expert", "unaware": ["S4", "S5", "ST"]})
    work = codes.working_claim(c)
    state = states_of_mind(work)[0]
    assert {card_name(x) for x, _why in state.why} == {"S4", "S5", "ST"}
    pos = work.position
    line = [("NESW".index(p[0]), parse_card(p[2:]), -1, False) for p in B30_LINE]
    nodes = line_options(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), work.claiming_side,
                         state.forget, ruling.shown_bits(work), codes.compile_policy(work),
                         np.array(awareness_options(work), dtype=np.int64), np.zeros((0, T.N_STEP_FIELDS), np.int64),
                         line)
    last = nodes[-1]
    assert card_name(last.card) == "D8"
    assert {card_name(x) for x in last.unrefined} == {"S8", "DQ", "D8"}
    assert {card_name(x) for x, _k, _careless in last.normal} == {"S8", "DQ"}
