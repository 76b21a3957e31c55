"""The claimer's count (``tables.COUNT``), naively, for the test oracle of the count kernels
(``claimsolver/engine/count.py``) and of the reference claim search (``reference_claim.py``,
which refines play classes with it): suits played from the top on lists of ranks, ruffs,
blocked suits and entries, the opponents' cash and exit, and the count's play of a trick.
Written independently of the kernels; slow on purpose."""

from __future__ import annotations

import itertools

SUIT = [0x7FFC << (16 * s) for s in range(4)]


def suit_of(c: int) -> int:
    return c >> 4


def rank_of(c: int) -> int:
    return c & 15


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def beats(a: int, b: int, trump: int) -> bool:
    """Does card a beat card b (b played earlier in the trick, or b the current winner)?"""
    if suit_of(a) == suit_of(b):
        return rank_of(a) > rank_of(b)
    return suit_of(a) == trump


def trick_winner(cards: list[tuple[int, int]], trump: int) -> tuple[int, int]:
    seat, best = cards[0]
    for s, c in cards[1:]:
        if beats(c, best, trump):
            seat, best = s, c
    return seat, best


# --- the claimer's count (tables.COUNT), naively on lists of ranks --------------------------

def _ranks(mask: int, s: int) -> list[int]:
    return sorted(rank_of(c) for c in cards_of(mask & SUIT[s]))


def _leads(a: list[int], b: list[int]) -> int:
    """Which of two holdings (sorted ranks) plays the round's high card: 0 for a, 1 for b."""
    return 0 if a and (not b or a[-1] > b[-1]) else 1


def _round(a: list[int], b: list[int], x: list[int], y: list[int]) -> tuple[int, bool]:
    """One round of a suit from the top (tables.COUNT): the holding of a and b with the higher
    card plays it, the other its lowest; x and y then each beat the card winning with their
    lowest higher card while the leading side is winning, else play their lowest. The lists
    lose the cards played. Returns (0 for a / 1 for b, whether the leading side won)."""
    who = _leads(a, b)
    hi, lo = (a, b) if who == 0 else (b, a)
    best = hi.pop()
    if lo:
        lo.pop(0)
    leading_wins = True
    for opp in (x, y):
        if not opp:
            continue
        higher = [r for r in opp if r > best] if leading_wins else []
        r = min(higher) if higher else opp[0]
        opp.remove(r)
        if higher:
            leading_wins, best = False, r
    return who, leading_wins


def ref_suit_count(a: list[int], b: list[int], x: list[int], y: list[int]) -> int:
    a, b, x, y = sorted(a), sorted(b), sorted(x), sorted(y)
    won = 0
    while a or b:
        won += _round(a, b, x, y)[1]
    return won


def ref_pair_cards(mine, other) -> int:
    """tables.COUNT, ruffs: the rounds of trumps in which a card of ``mine`` is the pair's."""
    a, b, n = sorted(mine), sorted(other), 0
    while a or b:
        if _leads(a, b) == 0:
            n += 1
            a.pop()
            if b:
                b.pop(0)
        else:
            b.pop()
            if a:
                a.pop(0)
    return n


def ref_ruffs(hands, side, forget, trump) -> dict[int, int]:
    """tables.COUNT, ruffs: {seat: ruffs credited}."""
    out = {side: 0, side + 2: 0}
    if trump == 4:
        return out
    x, y = hands[1 - side] & ~forget, hands[3 - side] & ~forget
    n = {h: len(_ranks(hands[h], trump)) for h in out}
    none_out = not _ranks(x | y, trump)
    for h in out:
        p = (h + 2) % 4
        lost = sum(len(_ranks(hands[p], s)) - ref_suit_count(_ranks(hands[p], s), [], _ranks(x, s), _ranks(y, s))
                   for s in range(4) if s != trump and not _ranks(hands[h], s))
        if none_out:  # the longer holding draws; the shorter ruffs with all its trumps
            out[h] = min(n[h], lost) if n[h] <= n[p] else 0
        else:
            spare = n[h] - ref_pair_cards(_ranks(hands[h], trump), _ranks(hands[p], trump))
            out[h] = max(0, min(spare, lost))
    if none_out and n[side] == n[side + 2]:
        keep = side if out[side] >= out[side + 2] else side + 2
        out = {h: (v if h == keep else 0) for h, v in out.items()}
    return out


def ref_blocked_split(hands, side, forget, s) -> tuple[dict[int, int], dict[int, int]]:
    """tables.COUNT, a blocked suit: the rounds of suit s each claiming hand's card wins
    before the suit blocks, and after (the winner of the last round has no card of the suit
    left to lead to partner, whose round is next)."""
    x, y = _ranks(hands[1 - side] & ~forget, s), _ranks(hands[3 - side] & ~forget, s)
    a, b = _ranks(hands[side], s), _ranks(hands[side + 2], s)
    won, stranded = {side: 0, side + 2: 0}, {side: 0, side + 2: 0}
    last, blocked = None, False
    while a or b:
        who = side if _leads(a, b) == 0 else side + 2
        if last is not None and last != who and not (a if last == side else b):
            blocked = True
        _, ours = _round(a, b, x, y)
        if ours:
            (stranded if blocked else won)[who] += 1
            last = who
        else:
            last = None
    return won, stranded


def ref_link(hands, side, forget, trump, frm, to, skip=None) -> bool:
    """tables.COUNT: can claiming hand ``frm`` give the lead to ``to`` (a suit, not ``skip``,
    in which ``to`` holds a card above every aware card and ``frm``'s own, or a side suit
    ``to`` ruffs)?"""
    aware = (hands[1 - side] | hands[3 - side]) & ~forget
    for s in range(4):
        if s == skip:
            continue
        mine, theirs = _ranks(hands[frm], s), _ranks(hands[to], s)
        if not mine:
            continue
        if theirs:
            if max(theirs) > max(_ranks(aware, s) + mine):
                return True
        elif trump != 4 and s != trump and _ranks(hands[to], trump):
            return True
    return False


def ref_round_winners(hands, side, forget, s) -> list[tuple[str, bool]]:
    """Suit s played from the top (tables.COUNT), round by round: who wins each round ('a':
    the seat ``side``, 'b': its partner, 'x': seat 1 - side, 'y': seat 3 - side) and whether
    the suit had blocked before it."""
    x, y = _ranks(hands[1 - side] & ~forget, s), _ranks(hands[3 - side] & ~forget, s)
    a, b = _ranks(hands[side], s), _ranks(hands[side + 2], s)
    out, last, blocked = [], None, False
    while a or b:
        who = "a" if _leads(a, b) == 0 else "b"
        if last is not None and last != who and not (a if last == "a" else b):
            blocked = True
        top = (a if who == "a" else b)[-1]
        x_wins = bool(x) and max(x) > top
        _, ours = _round(a, b, x, y)
        if ours:
            out.append((who, blocked))
            last = who
        else:
            out.append(("x" if x_wins else "y", blocked))
            last = None
    return out


def _believed(hands, side, forget):
    """The four hands as he believes them: the opponents' forgotten cards left out."""
    return tuple(h & ~forget if seat % 2 != side else h for seat, h in enumerate(hands))


def ref_won_by_hand(hands, side, forget, trump) -> dict[int, int]:
    """Rounds won by each claiming hand over the suits, a blocked suit's later rounds only
    with an entry to the hand that takes them in another suit; plus the ruffs; rounds
    established by force (won after a lost round of their suit) capped by what establishing
    costs (tables.COUNT, *establishing*)."""
    return ref_est_split(hands, side, forget, trump)[0]


def ref_est_split(hands, side, forget, trump, solo=None, winners_out=None):
    """:func:`ref_won_by_hand`, with the rounds established by force that stay counted after
    the cap, by hand, and the rounds lost before the last established one, by suit (only the
    suits he establishes: the set that leaves him the most, all of them when as good). With
    ``solo`` a claiming seat: only that hand's tricks count (the hand on lead that cannot
    reach partner), partner's cards still in play. ``winners_out`` (a dict) receives, by
    suit he establishes, the opponents who win its lost rounds."""
    won = {side: 0, side + 2: 0}
    seat = {"a": side, "b": side + 2}
    per_suit = {}  # suit -> (established rounds by hand, lost rounds, opponents who win them)
    for s in range(4):
        rounds = ref_round_winners(hands, side, forget, s)
        counted = []
        for who, blocked in rounds:
            if who in seat and blocked:
                h = seat[who]
                ok = ref_link(hands, side, forget, trump, (h + 2) % 4, h, skip=s)
                counted.append((who, ok))
            else:
                counted.append((who, who in seat))
        for who, ok in counted:
            if ok:
                won[seat[who]] += 1
        losses = [i for i, (who, _) in enumerate(counted) if who not in seat]
        if not losses:
            continue
        late = [i for i, (who, ok) in enumerate(counted) if ok and i > losses[0]]
        if s == trump and len(losses) <= ref_sure_trumps(_believed(hands, side, forget), side, trump):
            continue  # lost only to their sure trumps: not established by force
        if not late:
            continue
        est = {side: 0, side + 2: 0}
        for i in late:
            est[seat[counted[i][0]]] += 1
        lost = [i for i in losses if i < late[-1]]
        winners = {1 - side if counted[i][0] == "x" else 3 - side for i in lost}
        per_suit[s] = (est, len(lost), winners)
    for h, n in ref_ruffs(hands, side, forget, trump).items():
        won[h] += n
    if solo is not None:
        won[(solo + 2) % 4] = 0
        for s in list(per_suit):
            est_s, lost_s, winners_s = per_suit[s]
            if est_s[solo] == 0:
                del per_suit[s]
            else:
                per_suit[s] = ({solo: est_s[solo], (solo + 2) % 4: 0}, lost_s, winners_s)
    if winners_out is not None:
        winners_out.update({s: v[2] for s, v in per_suit.items()})
    est = {side: sum(v[0][side] for v in per_suit.values()), side + 2: sum(v[0][side + 2] for v in per_suit.values())}
    lost_by = [per_suit[s][1] if s in per_suit else 0 for s in range(4)]
    e = sum(est.values())
    if e:
        sizes = (bin(hands[side]).count("1"), bin(hands[side + 2]).count("1"))
        n_cards = min(sizes) if solo is not None else max(sizes)  # alone: the tricks left
        t = sum(won.values()) - e

        def kept(suits):
            e_s = sum(sum(per_suit[s][0].values()) for s in suits)
            lost = sum(per_suit[s][1] for s in suits)
            winners = set().union(*(per_suit[s][2] for s in suits))
            cash = max(ref_opp_cash(hands, side, forget, trump, o, skip=set(suits)) for o in winners)
            return min(e_s, max(0, n_cards - t - lost - cash))

        everything = tuple(sorted(per_suit))
        choice, keep = everything, kept(everything)
        # the other sets by their suit mask, highest first (ties: the first met)
        others = sorted((c for r in range(1, len(everything)) for c in itertools.combinations(everything, r)),
                        key=lambda c: -sum(1 << s for s in c))
        for suits in others:
            k = kept(suits)
            if k > keep:
                choice, keep = suits, k
        for s in everything:
            if s not in choice:
                for h in (side, side + 2):
                    won[h] -= per_suit[s][0][h]
                    est[h] -= per_suit[s][0][h]
                lost_by[s] = 0
        cut = max(0, sum(est.values()) - keep)
        from_a = min(est[side], cut)
        won[side] -= from_a
        won[side + 2] -= cut - from_a
        est[side] -= from_a
        est[side + 2] -= cut - from_a
    return won, est, lost_by


def ref_count(hands, side, forget, trump=4) -> int:
    return sum(ref_won_by_hand(hands, side, forget, trump).values())


def ref_opp_link(h, side, trump, o) -> bool:
    """tables.COUNT, the hand on lead, from the opponents' side: can opponent ``o`` give his
    partner the lead (a suit he holds in which partner has a card above the claiming side's
    and his own, or a side suit partner is void in while holding a trump, or a suit in which
    partner wins a round played from their top before they lose one)?"""
    p = (o + 2) % 4
    ours = h[side] | h[side + 2]
    for s in range(4):
        mine, theirs = _ranks(h[o], s), _ranks(h[p], s)
        if not mine:
            continue
        if theirs and max(theirs) > max(mine + _ranks(ours, s)):
            return True
        if not theirs and trump != 4 and s != trump and _ranks(h[p], trump):
            return True
    # or a suit whose rounds, played from their top, give partner a round before one is lost
    # (♣K86 opposite ♣Q9: the king, then the 8 to the queen)
    mine_label = "a" if p == 1 - side else "b"
    for s in range(4):
        if not _ranks(h[o], s) or not _ranks(h[p], s):
            continue
        cap = min([len(_ranks(h[q], s)) for q in (side, side + 2)
                   if trump != 4 and s != trump and _ranks(h[q], trump)], default=13)
        for i, (who, blocked) in enumerate(ref_round_winners(h, 1 - side, 0, s)):
            if who in "xy" or i >= cap:
                break
            if who == mine_label and not blocked:
                return True
    return False


def ref_opp_cash(hands, side, forget, trump, leader, skip=()) -> int:
    """tables.COUNT, the opponents' cash with ``leader`` on lead: his suits, and his partner's
    when he can reach partner (not the suits in ``skip``)."""
    h = _aware_hands(hands, side, forget)
    reach = ref_opp_link(h, side, trump, leader)
    total = 0
    for s in range(4):
        if s in skip:
            continue
        if not _ranks(h[leader], s) and not (reach and _ranks(h[(leader + 2) % 4], s)):
            continue
        a, b = _ranks(hands[side], s), _ranks(hands[side + 2], s)
        # a claiming hand with a trump ruffs once it has no card of the suit left
        cap = min([len(_ranks(hands[q], s)) for q in (side, side + 2)
                   if trump != 4 and s != trump and _ranks(hands[q], trump)], default=13)
        won = 0
        x, y = _ranks(h[1 - side], s), _ranks(h[3 - side], s)
        while x or y:
            if not _round(x, y, a, b)[1]:
                break
            won += 1
        total += min(won, cap)
    return total


def ref_cash_through(h, side, trump, o, s) -> int:
    """tables.COUNT, the opponents' cash: rounds of suit s won when ``o`` leads low through
    the claiming hand after him to his partner, then from their top until a round is lost."""
    p, q, r = (o + 2) % 4, (o + 1) % 4, (o + 3) % 4
    O, P, Q, R = (_ranks(h[x], s) for x in (o, p, q, r))
    side_suit = trump != 4 and s != trump
    if not O or not P or not Q:
        return 0
    if not R and side_suit and _ranks(h[r], trump):
        return 0
    results = []
    for qc in (min(Q), max(Q)):
        up = [x for x in P if x > max(qc, min(O))]
        if not up or (R and max(R) > min(up)):
            return 0
        x, y = [c for c in O if c != min(O)], [c for c in P if c != min(up)]
        a, b = [c for c in Q if c != qc], [c for c in R if c != min(R)] if R else []
        won = 1
        while x or y:
            if not _round(x, y, a, b)[1]:
                break
            won += 1
        for seat, held in ((q, Q), (r, R)):
            if side_suit and _ranks(h[seat], trump):
                won = min(won, len(held))
        results.append(won)
    return min(results)


def ref_opp_cash_seated(h, side, trump, o) -> int:
    """The opponents' cash with ``o`` on lead, each suit the better of the plain rounds and the
    rounds led through a claiming guard (:func:`ref_cash_terms`)."""
    return sum(ref_cash_terms(h, side, trump, o))


def _tops(h, side, t) -> int:
    """The claiming side's rounds of suit t won before the first lost round, not blocked."""
    n = 0
    for who, blocked in ref_round_winners(h, side, 0, t):
        if who not in "ab":
            break
        n += not blocked
    return n


def ref_keep_after_loss(h, side, trump, o, left) -> int:
    """tables.COUNT, *value* after a trick he loses: the tricks left less the opponents' cash
    with ``o`` on lead, or less when they establish a suit by force (*the opponents' long
    suit*): one suit no claiming hand can ruff, played from their top on past the rounds they
    lose, when those rounds L are at most their cash in the other suits (their entries); they
    take its W rounds (not after a block) in place of its cash, and he keeps at least L + his
    rounds of the other suits won before their first lost round."""
    p = (o + 2) % 4
    reach = ref_opp_link(h, side, trump, o)
    terms = ref_cash_terms(h, side, trump, o)
    cash = sum(terms)
    keep = left - cash
    ours_trump = trump != 4 and bool(_ranks(h[side] | h[side + 2], trump))
    for s in range(4):
        if not _ranks(h[o], s) and not (reach and _ranks(h[p], s)):
            continue
        if ours_trump and s != trump:
            continue
        rounds = ref_round_winners(h, 1 - side, 0, s)  # from their side: a, b theirs
        won = [i for i, (who, blocked) in enumerate(rounds) if who in "ab" and not blocked]
        if not won or len(won) <= terms[s]:
            continue
        lost = sum(1 for i, (who, _) in enumerate(rounds) if who in "xy" and i < won[-1])
        if lost == 0 or lost > cash - terms[s]:
            continue
        tops = sum(_tops(h, side, t) for t in range(4) if t != s)
        keep = min(keep, max(left - (cash - terms[s] + len(won)), lost + tops))
    return keep


def ref_count_on_lead(hands, side, forget, trump, lead_seat) -> int:
    """tables.COUNT with a claiming hand on lead: without a way to give partner the lead, his
    winners do not count, unless he crosses to them (:func:`ref_cross`)."""
    won = ref_won_by_hand(hands, side, forget, trump)
    total = won[side] + won[side + 2]
    k = _ref_on_lead_plain(hands, side, forget, trump, lead_seat)
    if k < total:
        k = max(k, min(total, ref_cross(hands, side, forget, trump, lead_seat)))
    return k


def _ref_on_lead_plain(hands, side, forget, trump, lead_seat) -> int:
    won = ref_won_by_hand(hands, side, forget, trump)
    me, partner = lead_seat, (lead_seat + 2) % 4
    if won[partner] == 0 or ref_link(hands, side, forget, trump, me, partner):
        return won[side] + won[side + 2]
    return ref_alone(hands, side, forget, trump, me, (won[me], 0))[0]


def ref_cross(hands, side, forget, trump, me) -> int:
    """tables.COUNT, *the hand on lead*: the crossing to partner in trumps — the hand's lowest
    trump led to partner's lowest trump above it and every aware trump, the opponents following
    low; 1 + the count with partner on lead after it (not crossing back). -1: none."""
    if trump == 4:
        return -1
    h = _aware_hands(hands, side, forget)
    partner = (me + 2) % 4
    opps = (1 - side, 3 - side)
    mine, theirs = _ranks(h[me], trump), _ranks(h[partner], trump)
    if not mine or not theirs:
        return -1
    lim = max(_ranks(h[opps[0]] | h[opps[1]], trump) + [mine[0]])
    up = [r for r in theirs if r > lim]
    if not up:
        return -1
    after = list(h)
    after[me] &= ~(1 << (16 * trump + mine[0]))
    after[partner] &= ~(1 << (16 * trump + up[0]))
    for o in opps:
        if _ranks(h[o], trump):
            after[o] &= ~(1 << (16 * trump + _ranks(h[o], trump)[0]))
    return 1 + _ref_on_lead_plain(after, side, 0, trump, partner)


def ref_alone(hands, side, forget, trump, me, share) -> tuple[int, int]:
    """tables.COUNT, the hand on lead that cannot reach partner: its share of the pair's count
    (tricks, rounds established by force), or its own tricks counted alone when that is more
    and, in each suit it establishes, the opponent who wins a lost round holds nothing else
    (he must lead the suit back)."""
    winners = {}
    won, est, lost_by = ref_est_split(hands, side, forget, trump, solo=me, winners_out=winners)
    if won[me] <= share[0]:
        return share
    for s in range(4):
        if lost_by[s]:
            for o in winners[s]:
                mine = hands[o] & ~forget
                if any(_ranks(mine, t) for t in range(4) if t != s):
                    return share
    return won[me], est[me]


def ref_opp_can_beat(h, o, w, s, trump) -> bool:
    mine = [x for x in cards_of(h[o]) if suit_of(x) == s]
    if mine:
        return suit_of(w) == s and any(x > w for x in mine)
    trumps = [x for x in cards_of(h[o]) if trump != 4 and suit_of(x) == trump]
    if trump == 4 or s == trump or not trumps:
        return False
    return any(x > w for x in trumps) if suit_of(w) == trump else True


def _fourth_wins(h, leader, s, best) -> bool:
    """Fourth hand holds a card of suit s above both ``best`` and third hand's cards of it."""
    fourth = [x for x in cards_of(h[(leader + 3) % 4]) if suit_of(x) == s]
    third = [x for x in cards_of(h[(leader + 2) % 4]) if suit_of(x) == s]
    return bool(fourth) and max(fourth) > max([best] + third)


def ref_play_out(h, side, trump, leader, s, best, wseat, k, overtake=0, opp_over=0, shown=0):
    """tables.COUNT, the trick: positions k..3 play by the count's rules (h: list of hands,
    the opponents' holding only aware cards); ``overtake`` 1 / ``opp_over``: a claiming hand /
    an opponent whose partner's card is winning takes the trick with its lowest higher card
    (``overtake`` 2: the claiming hand unblocks, its highest card below partner's when that is
    not its lowest);
    ``opp_over`` 1: that, an opponent who can beat the claiming side's card but not hold the
    trick plays low (no cover), and second hand ducks (or, void, discards) when fourth hand
    can win over third hand;
    2: second hand wins with his lowest card that third hand cannot beat and that beats fourth
    hand's lowest (his partner follows low); 3: the same above all of fourth hand's cards.
    ``shown``: show-outs (bit 4 * seat + suit); a claiming hand takes no finesse: it fears the
    opponents' cards of the suit in the next opponent's hand unless a show-out places them.
    Returns (best, wseat); h is updated."""
    for pos in range(k, 4):
        p = (leader + pos) % 4
        suit_cards = sorted(x for x in cards_of(h[p]) if suit_of(x) == s)
        trumps = sorted(x for x in cards_of(h[p]) if trump != 4 and suit_of(x) == trump)
        ours = wseat % 2 == side
        card = None
        if p % 2 != side:
            if suit_cards:
                over = [x for x in suit_cards if suit_of(best) == s and x > best] if ours else []
                # the card that holds the trick against the claiming hands still to play, if any
                later = [q for q in ((leader + j) % 4 for j in range(pos + 1, 4)) if q % 2 == side]

                def firm(cards):  # the cards no claiming hand still to play can beat
                    return [x for x in cards if not any(ref_opp_can_beat(h, q, x, s, trump) for q in later)]

                holds = firm(over)
                higher = [x for x in suit_cards if suit_of(best) == s and x > best]
                fourth = [x for x in cards_of(h[(leader + 3) % 4]) if suit_of(x) == s]
                keep = [x for x in holds if x > min(fourth, default=0)]  # partner follows with his lowest
                keep3 = [x for x in holds if x > max(fourth, default=0)]  # or above all of partner's
                if not ours and opp_over == 1 and higher:
                    # take partner's trick (the lead in this hand), with a card that holds it
                    card = (firm(higher) or higher)[0]
                elif ours and opp_over == 1 and over and pos == 1 and _fourth_wins(h, leader, s, best):
                    card = suit_cards[0]  # second hand ducks: partner wins the trick
                elif ours and opp_over == 1 and over and not holds:
                    card = suit_cards[0]  # he cannot hold the trick: plays low rather than cover
                elif ours and opp_over == 2 and pos == 1 and keep:
                    card = keep[0]  # second hand wins so that partner cannot take the lead
                elif ours and opp_over == 3 and pos == 1 and keep3:
                    card = keep3[0]  # or above every card of partner's, keeping partner's low ones
                else:
                    card = (holds or over or suit_cards)[0]
            elif ours and trump != 4 and s != trump:
                over = [x for x in trumps if suit_of(best) != trump or x > best]
                card = over[0] if over else None
                if opp_over == 1 and pos == 1 and _fourth_wins(h, leader, s, best):
                    card = None  # second hand, void, lets partner win it: a discard
        else:
            threat = (p + 1) % 4 if pos < 3 else None
            seen = h
            if threat is not None and not (shown >> (4 * threat + s)) & 1 \
                    and not (shown >> (4 * ((threat + 2) % 4) + s)) & 1:
                # no finesse: either opponent may hold their cards of the suit, as he sees it
                seen = list(h)
                seen[threat] |= sum(1 << x for x in cards_of(h[(threat + 2) % 4]) if suit_of(x) == s)
            safe = ours and (threat is None or not ref_opp_can_beat(seen, threat, best, s, trump))

            def good(x):
                return beats(x, best, trump) and (threat is None or not ref_opp_can_beat(seen, threat, x, s, trump))

            if suit_cards:
                higher = [x for x in suit_cards if suit_of(best) == s and x > best]
                under = [x for x in suit_cards if suit_of(best) == s and x < best]
                if safe and overtake == 1 and higher:
                    card = higher[0]  # take partner's trick: the lead in this hand
                elif safe and overtake == 2 and len(under) > 1:
                    card = under[-1]  # unblock: the highest card below partner's
                elif safe:
                    card = suit_cards[0]
                else:
                    winners = [x for x in suit_cards if good(x)]
                    card = winners[0] if winners else suit_cards[0]
            elif trump != 4 and s != trump and not safe:
                winners = [x for x in trumps if good(x)]
                card = winners[0] if winners else None
        if card is not None:
            h[p] &= ~(1 << card)
            if beats(card, best, trump):
                best, wseat = card, p
    return best, wseat


def ref_sure_trumps(h, side, trump) -> int:
    """tables.COUNT, *value*: the opponents' trumps that must each take a trick."""
    if trump == 4:
        return 0
    top = max(_ranks(h[side] | h[side + 2], trump), default=0)
    return max(len([r for r in _ranks(h[o], trump) if r > top]) for o in (1 - side, 3 - side))


def ref_after_value(h, side, trump, forget, wseat, left) -> int:
    room = max(0, left - ref_sure_trumps(h, side, trump))
    if wseat % 2 == side:  # (tricks, then his count) as one number
        k = ref_count_on_lead(h, side, 0, trump, wseat)
        return 64 * (1 + min(room, k)) + k
    k, e = ref_exit_choice(h, side, trump, wseat)
    keep = ref_keep_after_loss(h, side, trump, wseat, left)
    v = min(k, keep)
    if e:  # tables.COUNT, *value*: establishing after their cash costs its lost rounds
        lost_by = ref_est_split(h, side, 0, trump)[2]
        terms = ref_cash_terms(h, side, trump, wseat)
        extra = sum(max(0, lost_by[s] - terms[s]) for s in range(4))
        v = min(v, max(k - e, keep - extra))
    return 64 * max(0, min(v, room)) + k


def ref_exit_count(h, side, trump, opp, k) -> int:
    """tables.COUNT, the opponents' exit: ``opp`` on lead leads the suit that puts the lead in
    the claiming hand with the lower count (his choice when both hands can take it)."""
    return min(k, ref_exit_choice(h, side, trump, opp)[0])


def ref_exit_choice(h, side, trump, opp) -> tuple[int, int]:
    """:func:`ref_exit_count` (with no hand on lead the whole count), and the rounds
    established by force in the count it gives (the fewest among the exits that give it)."""
    won, est, _ = ref_est_split(h, side, 0, trump)
    k_all, e_all = sum(won.values()), sum(est.values())

    def on_lead(seat):
        p = (seat + 2) % 4
        if won[p] == 0 or ref_link(h, side, 0, trump, seat, p):
            return k_all, e_all
        alone = ref_alone(h, side, 0, trump, seat, (won[seat], est[seat]))
        if alone[0] < k_all:
            crossed = ref_cross(h, side, 0, trump, seat)
            if crossed > alone[0]:
                return min(crossed, k_all), e_all
        return alone

    worst = (k_all, e_all)
    for s in range(4):
        if not _ranks(h[opp], s):
            continue
        theirs = max(_ranks(h[1 - side] | h[3 - side], s), default=0)
        top = {seat: max(_ranks(h[seat], s), default=0) for seat in (side, side + 2)}
        # a hand takes it when its highest card beats theirs and partner can play under it
        takes = {seat for seat in top if top[seat] > theirs
                 and min(_ranks(h[(seat + 2) % 4], s), default=0) < top[seat]}
        if trump != 4 and s != trump:
            takes |= {seat for seat in top if not _ranks(h[seat], s) and _ranks(h[seat], trump)
                      and (seat + 2) % 4 not in takes}
        if takes:  # his choice when both hands can take it: the higher count (then fewer established)
            got = max((on_lead(seat) for seat in takes), key=lambda ke: (ke[0], -ke[1]))
            worst = min(worst, got)
    return worst


def ref_cash_terms(h, side, trump, o) -> list[int]:
    """The opponents' cash with ``o`` on lead (:func:`ref_opp_cash_seated`), suit by suit. Their
    trumps first: the rounds of trumps they win pull as many trumps from each claiming hand
    (its lowest), and the side suits are counted with the trumps that are left."""
    def term(hh, s):
        return max(ref_opp_cash(hh, side, 0, trump, o, skip=tuple(t for t in range(4) if t != s)),
                   ref_cash_through(hh, side, trump, o, s))

    if trump == 4:
        return [term(h, s) for s in range(4)]
    kt = term(h, trump)
    pulled = list(h)
    if kt and _ranks(h[side] | h[side + 2], trump):
        for q in (side, side + 2):
            for r in sorted(_ranks(h[q], trump))[:kt]:
                pulled[q] &= ~(1 << (16 * trump + r))
    return [kt if s == trump else term(pulled, s) for s in range(4)]


def _aware_hands(hands, side, forget):
    h = list(hands)
    h[1 - side] &= ~forget
    h[3 - side] &= ~forget
    return h


def _after(memo: dict, h, side, trump, forget, wseat, left) -> int:
    """:func:`ref_after_value`, once per playing of the trick that ends the same (the claimer's
    and the defenders' choices often end in the same hands and winner)."""
    key = (tuple(h), wseat)
    if key not in memo:
        memo[key] = ref_after_value(h, side, trump, forget, wseat, left)
    return memo[key]


def ref_lead_value(hands, side, trump, forget, seat, c, shown=0) -> int:
    """tables.COUNT, leading: the trick played out by the count's rules, then the count."""
    values = {}
    after: dict = {}
    # partner follows low, takes the trick or unblocks: the best; the defenders choose which of
    # them wins it: the worse for him
    for overtake in (0, 1, 2):
        for opp_over in (0, 1, 2, 3):
            h = _aware_hands(hands, side, forget)
            h[seat] &= ~(1 << c)
            best, wseat = ref_play_out(h, side, trump, seat, suit_of(c), c, seat, 1, overtake, opp_over, shown)
            values[overtake, opp_over] = _after(after, h, side, trump, forget, wseat, bin(hands[seat]).count("1") - 1)
    return max(min(values[o, m] for m in (0, 1, 2, 3)) for o in (0, 1, 2))


def ref_play_value(st, ctx, seat: int, c: int) -> int:
    """tables.COUNT, following and discarding: the rest of the trick played out by the count's
    rules, then the count."""
    hands, leader, trick, forget, shown = st[0], st[1], st[2], st[3], st[4]
    side, trump = ctx.side, ctx.trump
    values = {}
    after: dict = {}
    for overtake in (0, 1, 2):
        for opp_over in (0, 1, 2, 3):
            h = _aware_hands(hands, side, forget)
            h[seat] &= ~(1 << c)
            wseat, best = trick_winner(list(trick), trump)
            if beats(c, best, trump):
                best, wseat = c, seat
            best, wseat = ref_play_out(h, side, trump, leader, suit_of(trick[0][1]), best, wseat, len(trick) + 1,
                                       overtake, opp_over, shown)
            values[overtake, opp_over] = _after(after, h, side, trump, forget, wseat, bin(hands[seat]).count("1") - 1)
    return max(min(values[o, m] for m in (0, 1, 2, 3)) for o in (0, 1, 2))
