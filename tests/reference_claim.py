"""A slow, plain-Python claim search: the test oracle of the numba claim kernel.

It implements the same specification as ``claimsolver/engine/search_claim.py`` (the play
classes of :mod:`claimsolver.tables`, the statement steps, the awareness updates) written
independently and naively: every legal card is tried (no equivalent-card pruning, no bounds),
with a memo on whole states. Use it on endings of up to ~4 tricks.

Value: the minimum over every continuation of (claiming side's tricks, careless plays), in
lexicographic order, where the non-claiming side plays any legal card and the claiming side
plays only cards the statement dictates or, where it dictates nothing, cards whose play class
the policy does not mark irrational; a careless play counts one unless every option there is
careless (tables.CARELESS, *CARELESS_FORCED*).
"""

from __future__ import annotations

import functools

from claimsolver import tables as T

from reference_count import (  # noqa: F401  (re-exported: tests use R.ref_count etc.)
    SUIT, suit_of, rank_of, cards_of, beats, trick_winner,
    _ranks, _round, _aware_hands, ref_suit_count, ref_ruffs, ref_blocked_split,
    ref_link, ref_won_by_hand, ref_count, ref_opp_cash, ref_opp_cash_seated, ref_keep_after_loss, ref_count_on_lead,
    ref_opp_can_beat, ref_opp_link,
    ref_play_out, ref_after_value, ref_exit_count, ref_lead_value, ref_play_value,
)


class Ctx:
    """Everything constant during one search."""

    def __init__(self, trump, claim_side, policy, options, steps):
        self.trump = trump
        self.side = claim_side
        self.policy = list(policy)
        self.options = list(options)
        self.steps = [tuple(int(v) for v in row) for row in steps]


# --- facts from the claimer's point of view ------------------------------------------------

def outstanding(hands, side) -> int:
    return hands[1 - side] | hands[3 - side]


def surplus_top(hands, side, forget, seat, c) -> bool:
    """A top card the side's cash of its suit does not need (tables.COUNT *discarding*): as
    many rounds won before the first lost one without it."""
    s, aw = suit_of(c), aware_out(hands, side, forget)
    x, y = _ranks(hands[(seat + 1) % 4] & aw, s), _ranks(hands[(seat + 3) % 4] & aw, s)

    def cash(a):
        a, b, xx, yy, n = list(a), _ranks(hands[seat ^ 2], s), list(x), list(y), 0
        while a or b:
            if not _round(a, b, xx, yy)[1]:
                break
            n += 1
        return n
    mine = _ranks(hands[seat], s)
    return cash([r for r in mine if r != c & 15]) >= cash(mine)


def aware_out(hands, side, forget) -> int:
    return outstanding(hands, side) & ~forget


def in_play(hands) -> int:
    return hands[0] | hands[1] | hands[2] | hands[3]


def group(hands, seat, c) -> int:
    """Cards of ``seat`` equivalent to c: touching in rank among the cards still held."""
    h, allc, s = hands[seat], in_play(hands), suit_of(c)
    g = 1 << c
    r = rank_of(c) + 1
    while r <= 14:
        if (allc >> (16 * s + r)) & 1:  # ranks no longer in play are skipped
            if not (h >> (16 * s + r)) & 1:
                break
            g |= 1 << (16 * s + r)
        r += 1
    r = rank_of(c) - 1
    while r >= 2:
        if (allc >> (16 * s + r)) & 1:
            if not (h >> (16 * s + r)) & 1:
                break
            g |= 1 << (16 * s + r)
        r -= 1
    return g


def is_top(hands, side, forget, c) -> bool:
    """No aware outstanding card of c's suit is higher."""
    above = aware_out(hands, side, forget) & SUIT[suit_of(c)] & ~((2 << c) - 1)
    return above == 0


def between_aware(hands, side, forget, lo: int, hi: int) -> bool:
    """Is there an aware outstanding card strictly between lo and hi (same suit)?"""
    m = aware_out(hands, side, forget) & ((1 << hi) - 1) & ~((2 << lo) - 1)
    return m != 0


def between_any(hands, side, lo: int, hi: int) -> bool:
    """Is there any outstanding card (aware or forgotten) strictly between lo and hi?"""
    return (outstanding(hands, side) & ((1 << hi) - 1) & ~((2 << lo) - 1)) != 0


def may_beat_later(hands, side, forget, shown, trump, seat, x, lead_suit) -> bool:
    """Could opponent ``seat`` (still to play) beat card x, with an aware card, as the claimer
    sees it?"""
    aw = aware_out(hands, side, forget)
    void_known = (shown >> (4 * seat + lead_suit)) & 1
    if not void_known:
        if suit_of(x) == lead_suit:
            return bool(aw & SUIT[lead_suit] & ~((2 << x) - 1))
        return False  # x is a ruff; he cannot overruff while following suit
    if trump == 4 or lead_suit == trump or (shown >> (4 * seat + trump)) & 1:
        return False
    trumps = aw & SUIT[trump]
    if suit_of(x) == trump:
        return bool(trumps & ~((2 << x) - 1))
    return bool(trumps)


def may_overruff(hands, side, forget, shown, trump, seat, x, lead_suit) -> bool:
    """Could opponent ``seat`` (still to play) overruff a ruff with trump x, as the claimer sees
    it? Void in the suit led: shown out, or no card of it he is aware of still out (counted)."""
    aw = aware_out(hands, side, forget)
    if not (shown >> (4 * seat + lead_suit)) & 1 and aw & SUIT[lead_suit]:
        return False
    if (shown >> (4 * seat + trump)) & 1:
        return False
    return bool(aw & SUIT[trump] & ~((2 << x) - 1))


def sure(hands, side, forget, shown, trump, later, x, cur, lead_suit) -> bool:
    if cur is not None and not beats(x, cur, trump):
        return False
    return not any(may_beat_later(hands, side, forget, shown, trump, o, x, lead_suit) for o in later)


def counted_ruff(hands, side, forget, shown, trump, later, x, lead_suit) -> bool:
    """May a later opponent ruff partner's card x of the suit led, as a player void in it sees
    it: one taken to be void in the suit led (shown out, or no aware card of it out: the suit
    counted) while an aware trump above x is out and he has not shown out of trumps?"""
    aw = aware_out(hands, side, forget)
    if trump == 4 or lead_suit == trump or aw & SUIT[lead_suit]:
        return False
    trumps = [t for t in cards_of(aw & SUIT[trump]) if suit_of(x) != trump or t > x]
    return bool(trumps) and any(not (shown >> (4 * o + trump)) & 1 for o in later)


def ruff_threatened(hands, side, forget, shown, trump, rs) -> bool:
    """May an opponent ruff the next round of side suit rs, as the claimer sees it: one taken
    to be void in it (shown out, or no aware card of it out) while an aware trump is out and he
    has not shown out of trumps? Then rs is no solid suit he is running."""
    aw = aware_out(hands, side, forget)
    if trump == 4 or rs == trump or not aw & SUIT[trump]:
        return False
    counted = not aw & SUIT[rs]
    return any((counted or (shown >> (4 * o + rs)) & 1) and not (shown >> (4 * o + trump)) & 1
               for o in (1 - side, 3 - side))


# --- play classes ------------------------------------------------------------------------

def keeps_blocker(hands, side, forget, seat, c, cur, lead_suit) -> bool:
    """Following with c (below partner's sure winner cur), does the player fail to unblock?
    b = his highest card of the suit below cur; c is not equivalent to b, and after this
    trick partner still holds cards of the suit, all top cards, all below b, and more of them
    than the player keeps (tables.FOLLOW_LOW_KEEPING_BLOCKER)."""
    kept = cards_of(hands[(seat + 2) % 4] & SUIT[lead_suit])
    if not kept:
        return False
    mine = cards_of(hands[seat] & SUIT[lead_suit])
    b = max(x for x in mine if x < cur)
    if group(hands, seat, b) >> c & 1:
        return False
    return (b > max(kept) and all(is_top(hands, side, forget, x) for x in kept)
            and len(kept) > len(mine) - 1)


def discards_entry_link(hands, side, forget, seat, c) -> bool:
    """Is discarding c (not a top card) throwing the last card of an entry suit
    (tables.VOID_DISCARD_ENTRY_LINK)? c is his only card of its suit s; partner holds a top
    card of s and at least two top cards in all; he holds no card of another suit in which
    partner holds a top card; and he holds another card that is not a top card."""
    h, p, s = hands[seat], hands[(seat + 2) % 4], suit_of(c)
    if h & SUIT[s] != 1 << c:
        return False  # not his last card of the suit

    def partner_top(t):
        return any(is_top(hands, side, forget, x) for x in cards_of(p & SUIT[t]))

    if not partner_top(s):
        return False
    if any(h & SUIT[t] and partner_top(t) for t in range(4) if t != s):
        return False  # another way to reach partner's top cards
    if len([x for x in cards_of(p) if is_top(hands, side, forget, x)]) < 2:
        return False  # the top card of s is all partner has to reach: not an entry
    return any(not is_top(hands, side, forget, x) for x in cards_of(h & ~SUIT[s]))


def classify(st, ctx: Ctx, seat: int, c: int) -> int:
    hands, leader, trick, forget, shown, running = st[0], st[1], st[2], st[3], st[4], st[5]
    side, trump = ctx.side, ctx.trump
    h = hands[seat]
    s = suit_of(c)
    g = group(hands, seat, c)
    if not trick:
        mine = h & SUIT[s]
        top_cards = [x for x in cards_of(mine) if is_top(hands, side, forget, x)]
        highest = max(cards_of(mine))
        if top_cards:
            # crossing: the hand's lowest card (or one equal to it) led, partner, shorter in the
            # suit, holding a top card of it above the card led
            partner = cards_of(hands[seat ^ 2] & SUIT[s])
            cross = (any(x > c and is_top(hands, side, forget, x) for x in partner)
                     and len(cards_of(mine)) > len(partner) and g >> min(cards_of(mine)) & 1)
            if g >> highest & 1 or cross:
                if (trump != 4 and s != trump and aware_out(hands, side, forget) & SUIT[trump]
                        and any(is_top(hands, side, forget, x)
                                for x in cards_of((hands[side] | hands[side + 2]) & SUIT[trump]))):
                    return T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP
                return T.LEAD_TOP_OF_TOP_CARDS if g >> highest & 1 else T.LEAD_CROSS_TO_PARTNER_TOP
            above = [x for x in cards_of(mine) if x >= c]
            if (rank_of(c) < 10 and all(rank_of(x) < 12 for x in above)
                    and sum(rank_of(x) >= 10 for x in above) <= 1
                    and outstanding(hands, side) & forget & SUIT[s]):
                return T.LEAD_SPOT_UNDER_TOP_UNAWARE
            return T.LEAD_UNDER_TOP_CARD
        if running >= 0 and (running >> 2) == seat and not is_top(hands, side, forget, c):
            rs = running & 3
            drawn = trump != 4 and rs == trump and not aware_out(hands, side, forget) & SUIT[trump]
            if (any(is_top(hands, side, forget, x) for x in cards_of(h & SUIT[rs])) and not drawn
                    and not ruff_threatened(hands, side, forget, shown, trump, rs)):
                return T.LEAD_LOSER_WHILE_RUNNING
        return T.LEAD_NO_TOP_CARD
    lead_suit = suit_of(trick[0][1])
    wseat, cur = trick_winner(trick, trump)
    pos = len(trick)
    later = [(leader + k) % 4 for k in range(pos + 1, 4) if ((leader + k) % 4) & 1 != side]
    partner_wins = (wseat & 1) == side
    partner_sure = partner_wins and sure(hands, side, forget, shown, trump, later, cur, None, lead_suit)
    if h & SUIT[lead_suit]:
        mine = cards_of(h & SUIT[lead_suit])
        if partner_sure:
            if not beats(c, cur, trump):
                if keeps_blocker(hands, side, forget, seat, c, cur, lead_suit):
                    return T.FOLLOW_LOW_KEEPING_BLOCKER
                low = min(mine)
                if (not group(hands, seat, c) >> low & 1
                        and not keeps_blocker(hands, side, forget, seat, low, cur, lead_suit)):
                    return T.FOLLOW_WINNER_UNDER_PARTNER
                return T.FOLLOW_LOW_UNDER_PARTNER
            if any(not beats(x, cur, trump) for x in mine):
                return T.FOLLOW_OVER_PARTNER
            return T.FOLLOW_OTHER
        sures = [x for x in mine if sure(hands, side, forget, shown, trump, later, x, cur, lead_suit)]
        if sures:
            if c in sures:
                # the lowest band of sure winners (no aware outstanding card between them): a
                # higher one declines a marked finesse; within the band, play from the top
                band = [x for x in sures if not between_aware(hands, side, forget, min(sures), x)]
                if c not in band:
                    return T.FOLLOW_WIN_SURE_OVER_MARKED
                if between_any(hands, side, c, max(band)):
                    above = [x for x in band if x >= c]
                    if (rank_of(c) < 10 and all(rank_of(x) < 12 for x in above)
                            and sum(rank_of(x) >= 10 for x in above) <= 1):
                        return T.FOLLOW_SPOT_UNDER_TOP_UNAWARE
                    return T.FOLLOW_UNDER_TOP_UNAWARE
                return T.FOLLOW_WIN_SURE
            partners = cards_of(hands[(seat + 2) % 4] & SUIT[lead_suit])
            if pos == 1 and partners and max(partners) > c and sure(
                    hands, side, forget, shown, trump, later, max(partners), cur, lead_suit):
                # partner, fourth, takes the trick whatever the third hand plays
                return T.FOLLOW_DUCK_AHEAD_OF_PARTNER
            if beats(c, cur, trump):
                return T.FOLLOW_INTERMEDIATE
            return T.FOLLOW_DUCK_HOLDING_SURE
        if beats(c, cur, trump) and any(x > c and between_aware(hands, side, forget, c, x) for x in mine):
            return T.FOLLOW_INTERMEDIATE
        return T.FOLLOW_OTHER
    # void in the suit led: partner's card is sure only if no later opponent may ruff it
    partner_sure = partner_sure and not counted_ruff(hands, side, forget, shown, trump, later, cur, lead_suit)
    my_trumps = cards_of(h & SUIT[trump]) if trump != 4 else []
    # second to play: partner, fourth, sure to win the trick with his top card of the suit led
    partners = cards_of(hands[(seat + 2) % 4] & SUIT[lead_suit])
    ahead = (pos == 1 and trump != 4 and bool(partners)
             and sure(hands, side, forget, shown, trump, later, max(partners), cur, lead_suit)
             and not counted_ruff(hands, side, forget, shown, trump, later, max(partners), lead_suit))
    if trump != 4 and s == trump:
        if partner_wins:
            return T.VOID_RUFF_PARTNER if partner_sure else T.VOID_OTHER
        winning = [x for x in my_trumps if beats(x, cur, trump)]
        if not beats(c, cur, trump):
            # underruffing a trick the opponents win, though able to overruff it
            return T.VOID_DISCARD_OPPONENT_WINNING if winning else T.VOID_OTHER
        m = min(winning)
        safe = [x for x in winning if not any(
            may_overruff(hands, side, forget, shown, trump, o, x, lead_suit) for o in later)]
        low_ok = m in safe
        if low_ok:
            if ahead:
                return T.VOID_RUFF_AHEAD_OF_PARTNER if g >> m & 1 else T.VOID_RUFF_OPPONENT_HIGHER
            return T.VOID_RUFF_OPPONENT if g >> m & 1 else T.VOID_RUFF_OPPONENT_HIGHER
        if not safe:
            return T.VOID_RUFF_LOW_INTO_OVERRUFF if g >> m & 1 else T.VOID_RUFF_OPPONENT_HIGHER
        if g >> m & 1:
            return T.VOID_RUFF_LOW_INTO_OVERRUFF
        return T.VOID_RUFF_OPPONENT if g >> min(safe) & 1 else T.VOID_RUFF_OPPONENT_HIGHER
    if not partner_wins and not ahead and any(beats(x, cur, trump) for x in my_trumps):
        return T.VOID_DISCARD_OPPONENT_WINNING
    if not is_top(hands, side, forget, c):
        gives_up = partner_wins and not partner_sure and bool(my_trumps)
        if not gives_up and discards_entry_link(hands, side, forget, seat, c):
            return T.VOID_DISCARD_ENTRY_LINK
        return T.VOID_DISCARD_LOSER
    if any(not is_top(hands, side, forget, x) for x in cards_of(h)):
        return T.VOID_DISCARD_TOP_KEEP_LOSER
    lowest = min(cards_of(h & SUIT[s]))
    return T.VOID_DISCARD_TOP_ALL_TOP if g >> lowest & 1 else T.VOID_DISCARD_TOP_NOT_LOWEST


def refine_by_count(st, ctx: Ctx, seat: int, classed: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """tables.COUNT_REFINES over one hand's options [(card, class)]."""
    if not (ctx.options[T.OPT_COUNT_SEATS] >> seat) & 1:
        return classed
    hands, trick, forget = st[0], st[2], st[3]
    side, trump, pol = ctx.side, ctx.trump, ctx.policy
    if not trick:
        refined = {T.LEAD_NO_TOP_CARD: T.LEAD_CONCEDE_BREAKS_COUNT, T.LEAD_TOP_OF_TOP_CARDS: T.LEAD_TOP_BREAKS_COUNT,
                   T.LEAD_CROSS_TO_PARTNER_TOP: T.LEAD_UNDER_TOP_CARD}
        lead_priced = not (all(pol[v] == pol[k] for k, v in refined.items())
                           and pol[T.LEAD_TRUMP_BREAKS_COUNT] == pol[T.LEAD_TOP_OF_TOP_CARDS])
        side_priced = pol[T.LEAD_SIDE_TOP_FOR_COUNT] != pol[T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP]
        if not ((lead_priced and any(k in refined for _, k in classed))
                or (side_priced and any(k == T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP for _, k in classed))):
            return classed
        best = max((ref_lead_value(hands, side, trump, forget, seat, c, st[4]) for c, k in classed
                    if pol[k] != T.IRRATIONAL), default=-1)
        if side_priced and best >= 0 and trump != 4 and not any(is_top(hands, side, forget, x)
                                                  for x in cards_of(hands[seat] & SUIT[trump])):
            # a side top with an aware trump out, the top trump partner's, worth more tricks
            # than every normal lead: he cannot draw the trump first without losing a trick he
            # counts (39)
            side_tops = {c: ref_lead_value(hands, side, trump, forget, seat, c, st[4])
                         for c, k in classed if k == T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP}
            side_tops = {c: v for c, v in side_tops.items() if v // 64 > best // 64}
            classed = [(c, T.LEAD_SIDE_TOP_FOR_COUNT if c in side_tops else k) for c, k in classed]
            best = max([best] + list(side_tops.values()))
        if not lead_priced:
            return classed
        # a list of tricks names the suits he takes them in (tables.STEP_LISTED)
        pc = st[6]
        listed = (listed_suits(ctx.steps[pc][T.S_COUNT])
                  if pc >= 0 and ctx.steps[pc][T.S_KIND] == T.STEP_LISTED else 0)

        def heads(su):  # a claiming hand holds a card of the suit above their aware cards
            mine = _ranks(hands[side] | hands[side + 2], su)
            theirs = _ranks((hands[1 - side] | hands[3 - side]) & ~forget, su)
            return bool(mine) and max(mine) > max(theirs, default=0)
        # of the listed leads (unless a cash outside them, a lead of another suit he heads, is
        # worth more tricks than all of them), while one of a suit he heads is normal, those are
        # weighed among themselves and the others fall: he cashes before he concedes
        values = {c: ref_lead_value(hands, side, trump, forget, seat, c, st[4])
                  for c, k in classed if pol[k] != T.IRRATIONAL}
        best_cash = max((v for c, v in values.items() if (listed >> c) & 1), default=-1)
        best_other = max((v for c, v in values.items() if not (listed >> c) & 1 and heads(suit_of(c))),
                         default=-1)
        best_top = -1
        if best_cash >= 0 and best_other // 64 <= best_cash // 64:
            best_top = max((v for c, v in values.items() if (listed >> c) & 1 and heads(suit_of(c))), default=-1)

        def breaks(c):
            v = ref_lead_value(hands, side, trump, forget, seat, c, st[4])
            if best_top >= 0 and (listed >> c) & 1:
                return v < best_top or not heads(suit_of(c))
            return v < best
        def into(c, k):  # a trump cashed that draws none of theirs: his ruff or control thrown away (38)
            if k == T.LEAD_TOP_OF_TOP_CARDS and suit_of(c) == trump and not _ranks(aware_out(hands, side, forget), trump):
                return T.LEAD_TRUMP_BREAKS_COUNT
            return refined[k]
        return [(c, into(c, k) if k in refined and breaks(c) else k) for c, k in classed]
    if pol[T.FOLLOW_WIN_BREAKS_COUNT] != pol[T.FOLLOW_WIN_SURE]:
        # tables.COUNT *winning*: among his wins with a sure winner, the best for his count stays
        wins = {c: ref_play_value(st, ctx, seat, c) for c, k in classed if k == T.FOLLOW_WIN_SURE}
        if len(wins) > 1:
            top_win = max(wins.values())
            classed = [(c, T.FOLLOW_WIN_BREAKS_COUNT if c in wins and wins[c] < top_win else k) for c, k in classed]
    discards = (T.VOID_DISCARD_LOSER, T.VOID_DISCARD_TOP_ALL_TOP, T.VOID_OTHER)
    follows = (T.FOLLOW_LOW_UNDER_PARTNER, T.FOLLOW_OTHER, T.FOLLOW_DUCK_AHEAD_OF_PARTNER)
    disc_priced = any(pol[T.VOID_DISCARD_BREAKS_COUNT] != pol[k] for k in discards)
    fol_priced = any(pol[T.FOLLOW_BREAKS_COUNT] != pol[k] for k in follows)
    over_priced = pol[T.FOLLOW_OVERTAKE_FOR_COUNT] != pol[T.FOLLOW_OVER_PARTNER]
    ruff_priced = pol[T.VOID_RUFF_BREAKS_COUNT] != pol[T.VOID_RUFF_AHEAD_OF_PARTNER]
    top_priced = pol[T.VOID_DISCARD_TOP_FOR_COUNT] != pol[T.VOID_DISCARD_TOP_KEEP_LOSER]
    if not any((k in discards and disc_priced) or (k in follows and fol_priced)
               or (k == T.FOLLOW_OVER_PARTNER and over_priced)
               or (k == T.VOID_RUFF_AHEAD_OF_PARTNER and ruff_priced)
               or (k == T.VOID_DISCARD_TOP_KEEP_LOSER and top_priced) for _, k in classed):
        return classed
    value = {c: ref_play_value(st, ctx, seat, c) for c, _ in classed}
    best = max((value[c] for c, k in classed if pol[k] != T.IRRATIONAL), default=-1)
    overtakes = [c for c, k in classed if k == T.FOLLOW_OVER_PARTNER and over_priced and value[c] > best]
    # a top card thrown while a loser is kept, worth more than every normal play: his count's play
    # (the lowest of its suit, as class 20: of equal believed winners he throws the lowest)
    # (more tricks than every normal play, or more of his count at equal tricks for a surplus
    # top card: its suit takes as many rounds without it)
    kept = [c for c, k in classed if k == T.VOID_DISCARD_TOP_KEEP_LOSER and top_priced and value[c] > best
            and (value[c] >> 6 > best >> 6 or surplus_top(hands, side, st[3], seat, c))
            and group(hands, seat, c) >> min(cards_of(hands[seat] & SUIT[suit_of(c)])) & 1]
    top = max([best] + [value[c] for c in overtakes + kept])
    out = []
    for c, k in classed:
        if c in overtakes:
            k = T.FOLLOW_OVERTAKE_FOR_COUNT
        elif c in kept:
            k = T.VOID_DISCARD_TOP_FOR_COUNT
        elif k in discards and disc_priced and value[c] < top:
            k = T.VOID_DISCARD_BREAKS_COUNT
        elif k == T.VOID_RUFF_AHEAD_OF_PARTNER and ruff_priced and value[c] < top:
            k = T.VOID_RUFF_BREAKS_COUNT
        elif k in follows and (fol_priced or overtakes) and value[c] < top:
            k = T.FOLLOW_LOW_KEEPING_BLOCKER if overtakes else T.FOLLOW_BREAKS_COUNT
        out.append((c, k))
    return out


# --- statement steps -----------------------------------------------------------------------

def settle_pc(st, ctx: Ctx) -> tuple[int, int]:
    """Run tests and finished steps until the program counter rests on a live step.
    Returns (pc, aux): aux restarts at 0 whenever the counter moves to another step."""
    hands, forget, shown, pc, aux = st[0], st[3], st[4], st[6], st[7]
    side, trump = ctx.side, ctx.trump
    for _ in range(64):
        if pc < 0 or pc >= len(ctx.steps):
            return -1, aux
        kind, suit, hand, card, card2, cnt, flag, nxt, alt = ctx.steps[pc]
        out = outstanding(hands, side)
        mine = hands[side] | hands[side + 2]
        if kind == T.STEP_END:
            return -1, aux
        if kind == T.STEP_TEST_DROPS:
            pc = nxt if not (out >> card) & 1 else alt
            continue
        if kind == T.STEP_TEST_SHOWN_OUT:
            pc = nxt if (shown >> (4 * hand + suit)) & 1 else alt
            continue
        if kind == T.STEP_TEST_STATIC:
            pc = nxt if flag else alt
            continue
        done = False
        if kind == T.STEP_DRAW_TRUMPS:
            done = trump == 4 or not (out & SUIT[trump]) or not (mine & SUIT[trump])
        elif kind == T.STEP_CASH:
            done = not any(is_top(hands, side, forget, x) for x in cards_of(mine & SUIT[suit]))
        elif kind in (T.STEP_FINESSE, T.STEP_DUCK):
            done = aux >= 1 or not (mine & SUIT[suit])
        elif kind == T.STEP_CONCEDE:
            done = aux >= cnt
        elif kind == T.STEP_PLAY:
            done = not (mine >> card) & 1
        elif kind == T.STEP_RUFF:
            done = aux >= cnt or not (hands[hand] & SUIT[trump]) or not (hands[(hand + 2) % 4] & SUIT[suit])
        elif kind == T.STEP_DISCARD:
            done = not (mine & ((1 << card) if card >= 0 else SUIT[suit]))
        elif kind == T.STEP_CROSSRUFF:
            done = not crossruff_leads(hands, trump, side, -1)
        elif kind == T.STEP_LISTED:
            done = not (mine & listed_suits(cnt))
        if not done:
            return pc, aux
        pc, aux = nxt, 0
    return -1, aux


def listed_suits(mask) -> int:
    """Every card of the suits in STEP_LISTED's suit bit mask."""
    return sum(SUIT[s] for s in range(4) if (mask >> s) & 1)


def crossruff_leads(hands, trump, side, seat) -> list[int]:
    """Cards that ``seat`` (or either claiming hand when -1) can lead for partner to ruff."""
    res = []
    for p in ([seat] if seat >= 0 else [side, side + 2]):
        q = (p + 2) % 4
        if trump == 4 or not hands[q] & SUIT[trump]:
            continue
        for s in range(4):
            if s != trump and hands[p] & SUIT[s] and not hands[q] & SUIT[s]:
                res.extend(cards_of(hands[p] & SUIT[s]))
    return res


def draws_last_trumps(st, ctx: Ctx, trick) -> bool:
    """The trump trick under way (``trick``: its (seat, card) so far; [] before the lead)
    draws the opponents' last trumps: every opponent who has played to it holds none, every
    other at most one (each must follow with a trump while he holds one)."""
    hands, trump = st[0], ctx.trump
    played = {s for s, _c in trick}
    for o in (1 - ctx.side, 3 - ctx.side):
        n = bin(hands[o] & SUIT[trump]).count("1")
        if n > (0 if o in played else 1):
            return False
    return True


def stated(st, ctx: Ctx, seat: int, legal: list[int]) -> list[int] | None:
    """Cards the active step dictates for ``seat`` (a subset of legal), or None when the step
    says nothing about this play (or cannot be carried out here)."""
    hands, leader, trick, forget, pc, aux = st[0], st[1], st[2], st[3], st[6], st[7]
    if pc < 0:
        return None
    side, trump = ctx.side, ctx.trump
    kind, suit, hand, card, card2, cnt, flag, nxt, alt = ctx.steps[pc]
    h = hands[seat]
    leading = not trick
    lead_suit = suit_of(trick[0][1]) if trick else -1

    def pick(cands):
        r = [c for c in legal if c in cands]
        return r or None

    if kind == T.STEP_PLAY:
        if not leading and (card2 >= 0 or cnt >= 0) and not h & SUIT[lead_suit] \
                and any(c == card for _s, c in trick):
            # "a club on the jack of hearts": in the jack's trick, the discard named
            return pick(cards_of(h & ((1 << card2) if card2 >= 0 else SUIT[cnt])))
        if (h >> card) & 1 and card in legal:
            if not leading and suit_of(card) != lead_suit and suit_of(card) != trump:
                return None  # a side-suit card thrown on another suit is not the stated play
            return [card]
        return None
    if kind == T.STEP_DISCARD:
        if not leading and not h & SUIT[lead_suit]:
            want = (1 << card) if card >= 0 else SUIT[suit]
            return pick(cards_of(h & want))
        return None
    if kind == T.STEP_CASH and not leading and not h & SUIT[lead_suit] and (card2 >= 0 or cnt >= 0):
        if card2 >= 0 and (h >> card2) & 1:
            return pick([card2])
        if cnt >= 0 and h & SUIT[cnt]:
            return pick(cards_of(h & SUIT[cnt]))
        return None
    if leading:
        if kind == T.STEP_DRAW_TRUMPS:
            tr = cards_of(h & SUIT[trump])  # from the hand on lead, whichever hand was named
            if tr and cnt >= 0 and seat != cnt and hands[cnt] & SUIT[trump] and draws_last_trumps(st, ctx, []):
                return pick([min(tr)])  # "ending in dummy": the last round led low to that hand
            return pick([max(tr)]) if tr else None
        if kind == T.STEP_CASH:
            if hand >= 0 and seat != hand and h & SUIT[suit] and hands[hand] & SUIT[suit]:
                return pick(cards_of(h & SUIT[suit]))  # cross to the stated hand in the suit
            mine = cards_of(h & SUIT[suit])
            if not mine:
                return None
            tops = [x for x in mine if is_top(hands, side, forget, x)]
            return pick([max(mine)] if tops else mine)
        if kind == T.STEP_FINESSE:
            if flag:  # lead the finessing card and let it run
                return pick([card]) if (h >> card) & 1 else None
            if hand >= 0 and seat != hand:
                if not hands[hand] & SUIT[suit]:
                    return None
                # the tenace's hand on lead: it crosses to the leading hand's top card of a suit
                return pick([x for s in range(4) if s != suit and h & SUIT[s]
                             and any(is_top(hands, side, forget, y) for y in cards_of(hands[hand] & SUIT[s]))
                             for x in cards_of(h & SUIT[s])])
            return pick([x for x in cards_of(h & SUIT[suit]) if x != card])
        if kind == T.STEP_CONCEDE:
            if suit >= 0:
                return pick(cards_of(h & SUIT[suit]))
            return pick([x for x in cards_of(h) if not is_top(hands, side, forget, x)])
        if kind == T.STEP_RUFF:
            if seat == (hand + 2) % 4:
                return pick(cards_of(h & SUIT[suit]))
            return None
        if kind == T.STEP_DUCK:
            return pick(cards_of(h & SUIT[suit])) if hand < 0 or seat == hand else None
        if kind == T.STEP_CROSSRUFF:
            return pick(crossruff_leads(hands, trump, side, seat))
        return None
    # following
    lead_seat, lead_card = trick[0]
    if kind == T.STEP_FINESSE and lead_suit == suit and (lead_seat & 1) == side:
        if not flag and h & SUIT[suit]:
            _, cur = trick_winner(trick, trump)
            if len(trick) >= 2 and (trick[-1][0] & 1) != side:
                if card >= 0 and (h >> card) & 1 and beats(card, cur, trump):
                    return pick([card])
                over = [x for x in cards_of(h & SUIT[suit]) if beats(x, cur, trump)]
                return pick([min(over)]) if over else None  # covered: the cheapest winner
            return None
        if flag and lead_card == card and (h & SUIT[suit]):
            _, cur = trick_winner(trick, trump)
            if cur == card:  # still winning: let it run
                low = [x for x in cards_of(h & SUIT[suit]) if not beats(x, cur, trump)]
                return pick(low) if low else None
        if flag and lead_card == card and not h & SUIT[suit] and trump != 4:
            _, cur = trick_winner(trick, trump)
            if cur == card:  # partner void, not covered: he discards (a ruffing finesse)
                return pick([x for x in cards_of(h) if suit_of(x) != trump])
        return None
    if kind == T.STEP_DRAW_TRUMPS and lead_suit == trump and (lead_seat & 1) == side and seat == cnt:
        # "ending in dummy": that hand wins the last round, and keeps its trumps before it
        tr = cards_of(h & SUIT[trump])
        if not tr:
            return None
        if draws_last_trumps(st, ctx, trick):
            return pick([max(tr)])
        wseat, _ = trick_winner(trick, trump)
        return pick([min(tr)]) if (wseat & 1) == side else None
    if kind == T.STEP_DRAW_TRUMPS and lead_suit == trump and lead_seat == cnt and draws_last_trumps(st, ctx, trick):
        tr = cards_of(h & SUIT[trump])  # that hand led the last round: partner does not overtake
        return pick([min(tr)]) if tr else None
    if kind == T.STEP_DUCK and lead_suit == suit and (lead_seat & 1) == side:
        mine = cards_of(h & SUIT[suit])
        return pick([min(mine)]) if mine else None
    if kind == T.STEP_RUFF and seat == hand and lead_suit == suit:  # whoever led the suit
        if not h & SUIT[suit]:
            if card >= 0 and (h >> card) & 1:
                return pick([card])  # "ruff with the ace of trumps"
            tr = cards_of(h & SUIT[trump])
            return pick([min(tr)]) if tr else None
        return None
    if kind == T.STEP_CROSSRUFF and (lead_seat & 1) == side and not h & SUIT[lead_suit] and lead_suit != trump:
        tr = cards_of(h & SUIT[trump]) if trump != 4 else []
        return pick([min(tr)]) if tr else None
    return None


def advance_aux(st_pc, st_aux, ctx: Ctx, trick, winner) -> tuple[int, int]:
    """Step bookkeeping at the end of a trick."""
    if st_pc < 0:
        return st_pc, st_aux
    kind, suit, hand, card, card2, cnt, flag, nxt, alt = ctx.steps[st_pc]
    lead_seat, lead_card = trick[0]
    # a stated ruff counts whoever led the suit
    if kind == T.STEP_RUFF and any(s == hand and suit_of(c) == ctx.trump for s, c in trick) and suit_of(lead_card) == suit:
        return st_pc, st_aux + 1
    if (lead_seat & 1) != ctx.side:
        return st_pc, st_aux
    if kind in (T.STEP_FINESSE, T.STEP_DUCK) and suit_of(lead_card) == suit:
        return st_pc, st_aux + 1
    if kind == T.STEP_CONCEDE and (winner & 1) != ctx.side:
        return st_pc, st_aux + 1
    return st_pc, st_aux


# --- the search --------------------------------------------------------------------------

def legal_cards(hands, seat, trick) -> list[int]:
    h = hands[seat]
    if trick:
        ls = suit_of(trick[0][1])
        if h & SUIT[ls]:
            return cards_of(h & SUIT[ls])
    return cards_of(h)


def representative(hands, trick, forget, named, seat, c, taking=0) -> int:
    """The card that stands for c's group of equivalent cards where the kernel matches
    excluded plays: the highest card of the run of ``seat``'s cards touching c among the cards
    in play (the current trick's included) with c's forget bit, a card named by the statement
    alone."""
    s = suit_of(c)
    allc = in_play(hands)
    for _seat, x in trick:
        allc |= 1 << x
    r = rank_of(c)
    while True:
        up = [q for q in range(r + 1, 15) if (allc >> (16 * s + q)) & 1]
        if not up:
            return 16 * s + r
        q = up[0]
        a, b = 16 * s + r, 16 * s + q
        if not ((hands[seat] >> b) & 1) or ((forget >> a) & 1) != ((forget >> b) & 1) \
                or ((taking >> a) & 1) != ((taking >> b) & 1) or (named >> a) & 1 or (named >> b) & 1:
            return a
        r = q


def named_cards(ctx) -> int:
    named = 0
    for row in ctx.steps:
        for col in (T.S_CARD, T.S_CARD2):
            if row[col] >= 0:
                named |= 1 << int(row[col])
    return named


def taking_cards(ctx) -> int:
    """STEP_LISTED's cards that take the listed tricks (the kernel groups equivalent cards
    apart where this bit differs)."""
    w = 0
    for row in ctx.steps:
        if row[T.S_KIND] == T.STEP_LISTED:
            w |= int(row[T.S_FLAG])
    return w


def apply_excluded(st, ctx, seat, classed, excluded):
    """The claiming side's normal plays (card, class, stated, careless) with the excluded plays
    (``claim_search(..., excluded=...)``: the claiming side's two hands, the current trick's
    cards, the card, the card instead; a sixth value other than -1 makes the row an exception
    lifting the row of the same five where the opponents hold those cards) taken out and the
    plays instead admitted unless irrational by their class before the count; None when
    nothing is excluded here."""
    hands, _leader, trick, forget, *_ = st
    side = ctx.side
    tmask = 0
    for _seat, x in trick:
        tmask |= 1 << x
    named = named_cards(ctx)
    taking = taking_cards(ctx)
    rep = {c: representative(hands, trick, forget, named, seat, c, taking) for c, _k in classed}
    rows = [tuple(ex) + (T.BAN_ANY_POOL,) * (6 - len(ex)) for ex in excluded]
    pool = hands[1 - side] | hands[3 - side]
    lifted = {row[:5] for row in rows if row[5] == pool}  # exceptions where the opponents hold these cards
    out, instead = set(), set()
    # a row applies to a play he would make here: a normal one, or one made instead of an
    # excluded normal play (rows chain); a play he would not make has nothing instead
    admitted = {c for c, k in classed if rep[c] == c and ctx.policy[k] != T.IRRATIONAL}
    frontier = set(admitted)
    while frontier:
        new = set()
        for c in frontier:
            for mine, partner, tm, card, alt, where in rows:
                if where != T.BAN_ANY_POOL or (mine, partner, tm, card, alt) in lifted:
                    continue
                if (mine, partner, tm, card) == (hands[side], hands[side + 2], tmask, c):
                    out.add(c)
                    if alt in rep:  # a legal card: every row's card instead, as its group's card
                        new.add(rep[alt])
        instead |= new
        frontier = {c for c in new - admitted if ctx.policy[classify(st, ctx, seat, c)] != T.IRRATIONAL}
        admitted |= frontier
    if not out:
        return None
    normal = [(c, k, False, 1 if ctx.policy[k] == T.CARELESS else 0) for c, k in classed
              if rep[c] not in out and (ctx.policy[k] != T.IRRATIONAL or (
                  rep[c] in instead and ctx.policy[classify(st, ctx, seat, c)] != T.IRRATIONAL))]
    if normal:
        return normal
    return [(c, k, False, 1 if ctx.policy[k] == T.CARELESS else 0) for c, k in classed
            if ctx.policy[k] != T.IRRATIONAL] or None  # nothing instead: the excluded plays stay


def listed_filter(options_, ctx, st, seat):
    """A list of tricks (tables.STEP_LISTED) on the claiming side's normal plays: he leads the
    suits listed and keeps them (other than trumps) when he cannot follow, while a normal play
    that does is left."""
    hands, _leader, trick, _forget, _shown, _running, pc, _aux = st
    if not options_ or pc < 0 or ctx.steps[pc][T.S_KIND] != T.STEP_LISTED:
        return options_
    listed = listed_suits(ctx.steps[pc][T.S_COUNT])
    if not trick:
        return [o for o in options_ if (listed >> o[0]) & 1] or options_
    if not hands[seat] & SUIT[suit_of(trick[0][1])]:
        kept = listed & ~(SUIT[ctx.trump] if ctx.trump < 4 else 0)
        options_ = [o for o in options_ if not (kept >> o[0]) & 1] or options_
        # and the cards that take the listed tricks (its flag) go last
        keep = ctx.steps[pc][T.S_FLAG]
        options_ = [o for o in options_ if not (keep >> o[0]) & 1] or options_
    return options_


def forced_free(options_):
    """tables.CARELESS, *CARELESS_FORCED*: where every option is careless his cards force it,
    and it counts nothing (the careless count counts his choices)."""
    if options_ and all(o[3] for o in options_):
        return [(c, k, was_stated, 0) for c, k, was_stated, _careless in options_]
    return options_


def search(hands, trump, leader, trick, claim_side, forget, shown, policy, options, steps, running=-1,
           excluded=()):
    """Returns (tricks, careless, line) where line is a list of (seat, card, play_class,
    stated) with play_class -1 for non-claiming plays. ``excluded``: as ``claim_search``'s."""
    ctx = Ctx(trump, claim_side, policy, options, steps)
    # a SLIP class (tables.SLIP) is careless until the line has made one such play, irrational
    # after (DESIGN 2.6: a single lapse); the line's slip is bit SHOWN_SLIP of ``shown``
    free = Ctx(trump, claim_side, [T.CARELESS if v == T.SLIP else v for v in policy], options, steps)
    used = Ctx(trump, claim_side, [T.IRRATIONAL if v == T.SLIP else v for v in policy], options, steps)
    st0 = (tuple(hands), leader, tuple(trick), forget, shown, running, 0 if ctx.steps else -1, 0)
    st0 = st0[:6] + settle_pc(st0, ctx)

    @functools.lru_cache(maxsize=None)
    def rec(st):
        hands, leader, trick, forget, shown, running, pc, aux = st
        if not any(hands) and not trick:
            return (0, 0, ())
        seat = (leader + len(trick)) % 4
        legal = legal_cards(hands, seat, trick)
        options_ = []
        if (seat & 1) == claim_side:
            dictated = stated(st, ctx, seat, legal)
            if dictated is not None:
                classed = refine_by_count(st, free if not (shown >> T.SHOWN_SLIP) & 1 else used, seat,
                                          [(c, classify(st, ctx, seat, c)) for c in dictated])
                options_ = [(c, k, True, 0) for c, k in classed]
            else:
                for attempt, cx in enumerate((used, free) if (shown >> T.SHOWN_SLIP) & 1 else (free,)):
                    # (only slips left after the line's one: a second slip, not an irrational play,
                    # without the own-count check's exclusions, as the kernel retries)
                    classed = refine_by_count(st, cx, seat, [(c, classify(st, cx, seat, c)) for c in legal])
                    for c, k in classed:
                        v = cx.policy[k]
                        if v != T.IRRATIONAL:
                            options_.append((c, k, False, 1 if v == T.CARELESS else 0))
                    if excluded and attempt == 0:
                        options_ = apply_excluded(st, cx, seat, classed, excluded) or options_
                    if options_:
                        break
                options_ = listed_filter(options_, ctx, st, seat)
                if not options_:  # every legal play irrational: any legal play, of those the ones
                    # worth the most tricks in his count for a seat keeping it (tables.COUNT, *fallback*)
                    options_ = [(c, classify(st, ctx, seat, c), False, 0) for c in legal]
                    if len(options_) > 1 and (ctx.options[T.OPT_COUNT_SEATS] >> seat) & 1:
                        worth = {c: (ref_lead_value(hands, claim_side, trump, forget, seat, c, shown) if not trick
                                     else ref_play_value(st, ctx, seat, c)) // 64 for c, *_ in options_}
                        top = max(worth.values())
                        options_ = [o for o in options_ if worth[o[0]] == top]
                        # top down within a suit: no underlead of a top card kept beside it
                        heads = [o[0] for o in options_ if o[1] != T.LEAD_UNDER_TOP_CARD]
                        options_ = [o for o in options_ if trick or o[1] != T.LEAD_UNDER_TOP_CARD
                                    or not any(suit_of(h) == suit_of(o[0]) and h > o[0] for h in heads)]
        else:
            options_ = [(c, -1, False, 0) for c in legal]
        if excluded:
            # excluded plays are matched on exact cards, so equivalent cards are no longer
            # interchangeable: play the card that stands for each group, as the kernel does
            named, taking = named_cards(ctx), taking_cards(ctx)
            options_ = [o for o in options_
                        if representative(hands, trick, forget, named, seat, o[0], taking) == o[0]] or options_
        options_ = forced_free(options_)
        best = None
        for c, k, was_stated, careless in options_:
            nh = list(hands)
            nh[seat] &= ~(1 << c)
            nt = trick + ((seat, c),)
            nshown = shown
            if k >= 0 and not was_stated and ctx.policy[k] == T.SLIP:
                nshown |= 1 << T.SHOWN_SLIP
            nforget = forget
            if nt and suit_of(c) != suit_of(nt[0][1]):
                ls = suit_of(nt[0][1])
                nshown |= 1 << (4 * seat + ls)
                if (seat & 1) != claim_side and ctx.options[T.OPT_SHOWOUT_WAKES_SUIT]:
                    nforget &= ~SUIT[ls]
            if len(nt) < 4:
                child = (tuple(nh), leader, nt, nforget, nshown, running, pc, aux)
                won = 0
            else:
                wseat, wcard = trick_winner(list(nt), trump)
                won = 1 if (wseat & 1) == claim_side else 0
                if not won:
                    if suit_of(wcard) == trump and suit_of(nt[0][1]) != trump and ctx.options[T.OPT_FORGET_TRUMP_WAKES]:
                        nforget &= ~SUIT[trump]
                    if ctx.options[T.OPT_WIN_WAKES_SUIT]:
                        nforget &= ~SUIT[suit_of(wcard)]
                lead_seat, lead_card = nt[0]
                nrunning = -1
                if won and wseat == lead_seat and (lead_seat & 1) == claim_side and suit_of(wcard) == suit_of(lead_card):
                    # the hand that led won with a card of the suit led: it is "running" that suit if the
                    # card it led was a top card when led
                    if is_top(hands_before_trick(nh, nt), claim_side, forget, lead_card):
                        nrunning = 4 * lead_seat + suit_of(lead_card)
                npc, naux = advance_aux(pc, aux, ctx, list(nt), wseat)
                child = (tuple(nh), wseat, (), nforget, nshown, nrunning, npc, naux)
                child = child[:6] + settle_pc(child, ctx)
            t, cl, line = rec(child)
            cand = (t + won, cl + careless, ((seat, c, k, was_stated),) + line)
            if best is None or cand[:2] < best[:2]:
                best = cand
        return best

    t, cl, line = rec(st0)
    return t, cl, list(line)


def hands_before_trick(nh, nt):
    """The hands as they were before the (complete) trick nt was played."""
    h = list(nh)
    for s, c in nt:
        h[s] |= 1 << c
    return tuple(h)
