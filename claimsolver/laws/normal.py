"""Which plays of the claiming side are *normal* (DESIGN 2.3, 2.6, 2.7).

Law 70D1 and the footnote to Laws 70 and 71: "normal" includes play that would be careless or
inferior for the class of player involved, but not irrational. The claim search sorts each
candidate play of the claiming side into a play class (:mod:`claimsolver.tables`); each
function below is one rule: it decides, with its source, whether plays of some classes are
normal (``NORMAL``), normal but careless (``CARELESS``: counted so the worst line shown uses
as few as possible) or irrational (``IRRATIONAL``: never imposed on the claimer).

:func:`compile_policy` applies every rule in order and returns the array the search reads.
A rule that a later rule must be able to override says so.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from claimsolver import tables as T
from claimsolver.claim import Settings

Policy = dict[int, int]
Rule = Callable[[Settings, Policy], None]


def rule(law: str, summary: str) -> Callable[[Rule], Rule]:
    """Mark a function as a normal-play rule: ``law`` is the clause cited in rulings,
    ``summary`` a few words a player understands."""

    def mark(f: Rule) -> Rule:
        f.law = law  # type: ignore[attr-defined]
        f.summary = summary  # type: ignore[attr-defined]
        return f

    return mark


@rule("70D1", "unstated suits may be played in any order")
def suit_order(s: Settings, p: Policy) -> None:
    """DESIGN 2.3 *Suit order* (Law 70D1: the director takes the least successful normal
    line): unstated suits may be played in any order, so cashing the top cards of any suit
    and leading from a suit without a top card (a loser, or a low card to cross to partner's
    top card: *Crossing*) are normal."""
    p[T.LEAD_TOP_OF_TOP_CARDS] = T.NORMAL
    p[T.LEAD_NO_TOP_CARD] = T.NORMAL
    p[T.LEAD_CROSS_TO_PARTNER_TOP] = T.NORMAL  # his count refines it (into 1) where it loses


@rule("70E2", "a suit is deemed played from the top")
def top_down(s: Settings, p: Policy) -> None:
    """Law 70E2 and the regulations under it. QBA regulation (a) / ACBL: a suit the claimer
    runs is played from the top, so underleading a holding headed by a top card is irrational
    (AK5 opposite 42: never the 5 first). EBU White Book 8.70.5 ("especially if there is
    some solidity"): when the claimer appears unaware of an outstanding card of the suit, a
    spot card (below the ten) led from a holding without solidity — no queen or higher, at most
    one ten or jack — may come first (754 opposite a void may lose to a singleton 6; J6 to the
    9, as the EBU director ruled in tests/data/rulings/04); from AK5, Q6 or JT5 it may not.
    Club Law 69 (club-2014) adds
    "unless it is obvious that declarer intended otherwise": with no statement nothing makes
    it obvious, so the default applies. The order holds even where every card is irrational
    and the kernel's fallback picks among them (tables.COUNT, *fallback*): an underlead is not
    led there while the top card it is led under is as good in his count."""
    p[T.LEAD_UNDER_TOP_CARD] = T.IRRATIONAL
    p[T.LEAD_SPOT_UNDER_TOP_UNAWARE] = T.CARELESS if s.regulation == "ebu" else T.IRRATIONAL
    # Winning a trick with cards he believes equal, the same spot order (no solidity above the
    # card): EBU lets them come in any order.
    p[T.FOLLOW_SPOT_UNDER_TOP_UNAWARE] = T.CARELESS if s.regulation == "ebu" else T.IRRATIONAL


@rule("70E1", "no unstated finesse")
def no_unstated_finesse(s: Settings, p: Policy) -> None:
    """Law 70E1: the director does not accept an unstated line whose success depends on
    finding one opponent rather than the other with a particular card; the claimer is deemed
    to play from the top. Playing an intermediate card second or third hand while holding a
    higher card, with an outstanding card between (a finesse), is not a normal unstated play;
    nor is letting partner's honour run past a card the claimer could win with; nor, when he
    wins a trick with cards he believes equal (the card between them overlooked), winning with
    the lower one (AQ opposite small with the K forgotten: the A, "from the top").
    """
    p[T.FOLLOW_INTERMEDIATE] = T.IRRATIONAL
    p[T.FOLLOW_UNDER_TOP_UNAWARE] = T.IRRATIONAL
    p[T.FOLLOW_DUCK_HOLDING_SURE] = T.IRRATIONAL


@rule("70E1", "a finesse marked by a show-out is taken")
def marked_finesse(s: Settings, p: Policy) -> None:
    """Law 70E1, exception: once an opponent has failed to follow to the suit (before the
    claim, or earlier on the line examined), the finesse is marked: the claimer is credited
    with it, and winning with a higher card than needed so that the marked card scores is
    irrational. (A "sure winner" already takes the show-out into account.)"""
    p[T.FOLLOW_WIN_SURE] = T.NORMAL
    p[T.FOLLOW_WIN_SURE_OVER_MARKED] = T.IRRATIONAL


@rule("70D1", "a trick the claimer can win is not ducked")
def winning_and_ducking(s: Settings, p: Policy) -> None:
    """DESIGN 2.3 *Winning and ducking*: when the claiming side can win a trick the opponents
    are winning with a card it believes is a winner, winning is normal and ducking is
    irrational unless stated (Law 70D1: a duck is a line the claimer must state). Any other
    play of the suit (no sure winner held) is normal. Second to play, while partner fourth
    holds a sure winner of the suit led that beats his card, a duck (or a card that is not
    sure) gives up nothing: partner takes the trick whatever the third hand plays, so it is
    no finesse either (Law 70E1) — normal, as a ruff or discard in front of partner's sure
    winner is (``ruffing``); his count chooses between it and the win (``own_count``)."""
    p[T.FOLLOW_DUCK_HOLDING_SURE] = T.IRRATIONAL
    p[T.FOLLOW_DUCK_AHEAD_OF_PARTNER] = T.NORMAL
    p[T.FOLLOW_OTHER] = T.NORMAL


@rule("70D1", "partner's winner is not overtaken")
def overtaking(s: Settings, p: Policy) -> None:
    """DESIGN 2.3 *Overtaking and unblocking*: playing low under partner's winner is normal;
    overtaking a winner for no reason is irrational unless stated ("overtake", "unblock"),
    and so is throwing a winner under partner's winner while holding a small card of the suit
    (``FOLLOW_WINNER_UNDER_PARTNER``), unless that is the needed unblock."""
    p[T.FOLLOW_LOW_UNDER_PARTNER] = T.NORMAL
    p[T.FOLLOW_OVER_PARTNER] = T.IRRATIONAL
    # Throwing a winner under partner's winner while holding a small card of the suit is the
    # same waste (DESIGN 2.4: it loses a trick as he believes the position), unless it is the
    # unblock that keeping the small card would fail to make.
    p[T.FOLLOW_WINNER_UNDER_PARTNER] = T.IRRATIONAL


@rule("70D1", "the opponents' winner is ruffed, partner's is not")
def ruffing(s: Settings, p: Policy) -> None:
    """DESIGN 2.3 *Ruffing*, 2.7: ruffing an opponent's winning card when void is normal;
    under the ACBL preset with the lowest trump that wins ("ruff with the lowest trump"),
    under EBU with any trump. Discarding instead of ruffing a trick the opponents are winning
    is irrational; ruffing partner's winner is irrational unless stated (crossruff). Other
    void plays (underruffing, ruffing partner's card that may still lose, also to a ruff by
    an opponent the claimer knows void in the suit: the suit counted) are normal.
    Second to play with partner, fourth, sure to win the trick with a card of the suit led,
    both are normal: the ruff (it takes the lead into this hand, which may be what he wants)
    and a discard (partner's card wins the trick: not a discard instead of ruffing the
    opponents' winner); his count chooses between them (``own_count``, class 35)."""
    p[T.VOID_RUFF_OPPONENT] = T.NORMAL
    p[T.VOID_RUFF_AHEAD_OF_PARTNER] = T.NORMAL
    p[T.VOID_RUFF_OPPONENT_HIGHER] = T.NORMAL if s.regulation == "ebu" else T.IRRATIONAL
    p[T.VOID_DISCARD_OPPONENT_WINNING] = T.IRRATIONAL
    p[T.VOID_RUFF_PARTNER] = T.IRRATIONAL
    p[T.VOID_OTHER] = T.NORMAL


@rule("70D1", "ruffing low into an overruff (class of player)")
def ruff_low_into_overruff(s: Settings, p: Policy) -> None:
    """DESIGN 2.6 (class of player) and 2.7: ruffing low when an opponent still to play may
    overruff, holding a trump he could not overruff, is careless: normal for a novice or club
    player, not for an expert. The ACBL preset deems the claimer to ruff with his lowest trump
    with no safety check with a high trump, whatever his class."""
    if s.regulation == "acbl":
        p[T.VOID_RUFF_LOW_INTO_OVERRUFF] = T.NORMAL
    else:
        p[T.VOID_RUFF_LOW_INTO_OVERRUFF] = T.IRRATIONAL if s.player_class == "expert" else T.CARELESS


@rule("70D1", "failing to unblock (class of player)")
def failing_to_unblock(s: Settings, p: Policy) -> None:
    """DESIGN 2.3 *Overtaking and unblocking* ("failing to unblock a blocked suit is careless")
    and 2.6 (class of player): the footnote to Laws 70 and 71 makes "normal" include play
    "that would be careless or inferior for the class of player involved". Following low under
    partner's winner while keeping a card that will block partner's remaining winners of the
    suit (``FOLLOW_LOW_KEEPING_BLOCKER``) is careless: normal for a novice or club player, not
    for an expert, who is credited with the unblock. Both regulations alike."""
    p[T.FOLLOW_LOW_KEEPING_BLOCKER] = T.IRRATIONAL if s.player_class == "expert" else T.CARELESS
    # DESIGN 2.4: "a blockage he does not see is the unblocking slip" — cashing winners in an
    # order that strands some of them (his count falls) is the same slip.
    p[T.LEAD_TOP_BREAKS_COUNT] = T.IRRATIONAL if s.player_class == "expert" else T.CARELESS
    # ... and so is winning with the sure winner that strands the rest (dummy's ♣J under
    # declarer's singleton ♣Q, where the ♣K would have dropped it)
    p[T.FOLLOW_WIN_BREAKS_COUNT] = T.IRRATIONAL if s.player_class == "expert" else T.CARELESS


@rule("70D1", "discarding the last card of an entry suit (class of player)")
def discard_entry_link(s: Settings, p: Policy) -> None:
    """DESIGN 2.6 (class of player) and the footnote to Laws 70 and 71 ("normal" includes play
    "that would be careless or inferior for the class of player involved"); compare the QBA
    note on Law 70D2 (a careless or inferior discard that cuts the way to a winner counts
    against the claimer). Discarding the last card of the only suit in which the player
    can reach partner's top card, while partner has top cards elsewhere and the player holds
    another loser he could throw (``VOID_DISCARD_ENTRY_LINK``), is careless: normal for a
    novice or club player, not for an expert. Both regulations alike. Not when partner's card
    may still be beaten and the player could ruff it: that discard gives up the trick too
    (DESIGN 2.3, Ruffing), and his count judges it as any discard."""
    p[T.VOID_DISCARD_ENTRY_LINK] = T.IRRATIONAL if s.player_class == "expert" else T.CARELESS


@rule("70D1", "a known winner is not thrown while a loser is kept")
def discards(s: Settings, p: Policy) -> None:
    """DESIGN 2.3 *Discards*: discarding a card the claimer believes is a loser is normal;
    discarding a card he knows is a winner while keeping one he knows is a loser is
    irrational. When he believes all his cards are winners, discarding any of them is
    careless, not irrational — QBA regulation (b): "It is careless rather than irrational that
    he should discard some other winner to retain the ♦J" — but within one suit of equal
    believed winners he discards the lowest."""
    p[T.VOID_DISCARD_LOSER] = T.NORMAL
    p[T.VOID_DISCARD_TOP_KEEP_LOSER] = T.IRRATIONAL
    p[T.VOID_DISCARD_TOP_ALL_TOP] = T.CARELESS
    p[T.VOID_DISCARD_TOP_NOT_LOWEST] = T.IRRATIONAL


@rule("70D1", "a running suit is not broken off for a loser")
def losers(s: Settings, p: Policy) -> None:
    """DESIGN 2.3 *Losers*: conceding a known loser before, after or between suits is normal
    (see :func:`suit_order`), but breaking off in the middle of running a solid suit to play a
    loser is irrational."""
    p[T.LEAD_LOSER_WHILE_RUNNING] = T.IRRATIONAL


@rule("70C", "an outstanding trump the claimer knows of is drawn first")
def draw_aware_trump_first(s: Settings, p: Policy) -> None:
    """Law 70C read with DESIGN 2.4 (EBU White Book 8.70.4): when the claimer is aware of an
    outstanding trump and could draw it, cashing a side winner that the trump can ruff is
    irrational. (When he is unaware of it, the same play is careless and normal: that is the
    case of Law 70C itself, handled by the awareness model.) He *could* not draw it when the hand on
    lead holds no top trump and every normal lead, a trump to partner's among them, is worth
    fewer tricks in his count than the cash: then
    the cash is his count's play (``LEAD_SIDE_TOP_FOR_COUNT``, priced in :func:`own_count`)."""
    p[T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP] = T.IRRATIONAL


@rule("70D1", "the claimer keeps his own count")
def own_count(s: Settings, p: Policy) -> None:
    """DESIGN 2.4 *His own count* (the footnote to Laws 70 and 71: careless or inferior, "but
    not irrational"): the claimer plays to make the tricks he counts, so a play that loses a
    trick *in the position as he believes it* is irrational unless the statement imposes it
    or it is a named careless slip of his class (failing to unblock, the entry discard,
    ruffing low into an overruff, spot order under the EBU preset). The count is
    ``tables.COUNT``: cashing and establishing by force, suit by suit from the top, against
    the opponents' cards he is aware of — no finesse, squeeze or throw-in. So conceding a loser
    early is normal while his count survives it, not when the opponents could then cash more
    than he conceded (QBA regulation (b) on losers: "appears unaware there is a losing line");
    among discards and follows of one kind, one his count needs is irrational while another
    keeps it. The careless discard of QBA regulation (b) ("discard some other winner to retain
    the ♦J") stays normal: in his belief the ♦J is a winner, so the discard keeps his count."""
    p[T.LEAD_CONCEDE_BREAKS_COUNT] = T.IRRATIONAL
    p[T.VOID_DISCARD_BREAKS_COUNT] = T.IRRATIONAL
    p[T.VOID_RUFF_BREAKS_COUNT] = T.IRRATIONAL  # a trump spent on partner's sure trick
    p[T.FOLLOW_BREAKS_COUNT] = T.IRRATIONAL
    # Cashing a trump that draws none of theirs (no trump he knows of is out) when his count
    # needs it or partner's trump it pulls — to ruff, or to stop the opponents' suits once he
    # concedes — is no blockage he does not see (32, the unblocking slip) but his count thrown
    # away: irrational at every class (published ruling 37: the directors let the claimer cash
    # trumps first only because he thought his hearts good, the ruff unneeded in his view).
    p[T.LEAD_TRUMP_BREAKS_COUNT] = T.IRRATIONAL
    # Overtaking partner's winner is irrational "for no reason" (DESIGN 2.3); when his count
    # needs it (the unblock, the lead in the hand with the winners) it is his normal play.
    p[T.FOLLOW_OVERTAKE_FOR_COUNT] = T.NORMAL
    # Law 70C's aware trump is drawn first "when he could" (draw_aware_trump_first): when every
    # way to draw it loses a trick he counts (the hand on lead has no top trump, and a trump led
    # to partner's strands its winners), cashing the side winner is the play his count makes.
    p[T.LEAD_SIDE_TOP_FOR_COUNT] = T.NORMAL
    # Throwing a known winner while keeping a loser is irrational (DESIGN 2.3 *Discards*); when
    # his count needs the "loser" (the length that takes the last trick) more than the winner
    # (an ace he can never reach), the throw is the play his count makes. Careless rather than
    # normal, as throwing one of several winners is (QBA regulation (b)): it stays counted.
    p[T.VOID_DISCARD_TOP_FOR_COUNT] = T.CARELESS


#: The named careless slips of a class (DESIGN 2.4, 2.6): failing to unblock (and cashing or
#: winning in an order that strands winners, the same slip), the entry-suit discard, ruffing
#: low into an overruff, spot order under the EBU preset.
SLIP_CLASSES = (T.FOLLOW_LOW_KEEPING_BLOCKER, T.LEAD_TOP_BREAKS_COUNT, T.FOLLOW_WIN_BREAKS_COUNT,
                T.VOID_DISCARD_ENTRY_LINK, T.VOID_RUFF_LOW_INTO_OVERRUFF,
                T.LEAD_SPOT_UNDER_TOP_UNAWARE, T.FOLLOW_SPOT_UNDER_TOP_UNAWARE)


@rule("70D1", "one careless slip per line")
def single_lapse(s: Settings, p: Policy) -> None:
    """DESIGN 2.6: "careless slips are single lapses a player of the class makes without
    noticing; they are not a licence to chain unrelated mistakes that his own count would
    catch" (the footnote to Laws 70 and 71 makes careless play normal, not a series of them;
    the White Book's examples, 8.70.4 and 8.70.5, each impute one careless play). A named slip
    that is careless for the class is normal once on a line; after it, the line's other named
    slips are irrational (``SLIP``). The outstanding trump of Law 70C is not a play slip: a line
    may overlook it and make one slip. A careless play that is no lapse (throwing one of
    several believed winners, QBA regulation (b)) is not limited."""
    for k in SLIP_CLASSES:
        if p.get(k) == T.CARELESS:
            p[k] = T.SLIP


#: Every rule, applied in this order (later rules may override earlier ones).
RULES: tuple[Rule, ...] = (
    suit_order,
    top_down,
    winning_and_ducking,
    no_unstated_finesse,
    marked_finesse,
    overtaking,
    ruffing,
    ruff_low_into_overruff,
    failing_to_unblock,
    discard_entry_link,
    discards,
    losers,
    draw_aware_trump_first,
    own_count,
    single_lapse,
)


def policy_dict(settings: Settings, rules: tuple[Rule, ...] = RULES) -> Policy:
    p: Policy = {}
    for rule in rules:
        rule(settings, p)
    return p


def compile_policy(settings: Settings, rules: tuple[Rule, ...] = RULES) -> np.ndarray:
    """The ``policy`` array the claim search reads: normality by play class. A class no rule
    speaks of is normal (Law 70D1: doubtful points go against the claimer)."""
    p = policy_dict(settings, rules)
    arr = np.full(T.N_PLAY_CLASSES, T.NORMAL, dtype=np.int64)
    for k, v in p.items():
        arr[k] = v
    return arr


def rule_for_class(play_class: int, settings: Settings) -> Rule | None:
    """The last rule that set a class's normality (for explanations)."""
    found = None
    for rule in RULES:
        if rule is single_lapse:  # it limits how often a careless class is played, not whether
            continue
        p: Policy = {}
        rule(settings, p)
        if play_class in p:
            found = rule
    return found


