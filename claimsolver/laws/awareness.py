"""What the claimer is taken to be aware of (DESIGN 2.4) — the forget set — and Law 70C.

Most careless lines come from an outstanding card the claimer overlooked. The *forget set* is
the set of outstanding cards (held by the opponents) the claimer may be unaware of; the claim
search treats a claiming-side card as a top card when every higher outstanding card of its
suit is forgotten. During the search a show-out makes the claimer aware of that suit, and a
trick the opponents win makes him aware of the suit of the winning card (and of trumps when
it was a ruff): "the claimer is allowed to process the information he would have received
had play continued" (QBA notes on Law 70E).
"""

from __future__ import annotations

import dataclasses
import itertools

from claimsolver import tables as T
from claimsolver.cards import (NOTRUMP, SUIT_MASK, card_name, card_rank, card_suit, card_symbol, count, iter_cards,
                               parse_card)
from claimsolver.claim import Claim, a_player
from claimsolver.laws.count import claim_count, suit_count


@dataclasses.dataclass(frozen=True)
class Mentions:
    """Cards and suits the statement speaks of (each removes cards from the forget set)."""

    cards: frozenset[int] = frozenset()
    suits: frozenset[int] = frozenset()
    # a list of tricks by suit ("six diamonds, five spades and two clubs"): (suit, tricks) pairs
    listed: tuple[tuple[int, int], ...] = ()


@dataclasses.dataclass(frozen=True)
class Awareness:
    forget: int  # mask of forgotten outstanding cards
    notes: tuple[str, ...]  # why cards were taken as known
    why: tuple[tuple[int, str], ...] = ()  # each forgotten card with why it is taken as overlooked

    def reason_for(self, card: int) -> str:
        return dict(self.why).get(card, "")


def suit_mask(suit: int) -> int:
    return SUIT_MASK << (16 * suit)


def outstanding(claim: Claim) -> int:
    side = claim.claiming_side
    h = claim.position.hands
    return h[1 - side] | h[3 - side]


#: Law 70C2 on the evidence (EBU White Book 8.70.4, example (b)): with this many trumps or more
#: still out a claimer plainly knows that trumps remain — "they clearly have not forgotten the
#: outstanding three trumps" — so it is not at all likely he was unaware of them. The trump
#: that is forgotten is the last one, after he has drawn the others (example (a)).
PLAINLY_KNOWN_TRUMPS = 3


def law_70c_unaware_of_trump(claim: Claim, mentions: Mentions) -> bool:
    """Law 70C: a trump remains in an opponent's hand and (1) the claimer made no statement
    about that trump, and (2) it is at all likely that he was unaware of it — the default,
    unless the director finds otherwise (``aware: ["trumps"]``, Law 70C2) or, with
    ``awareness: evidence``, :data:`PLAINLY_KNOWN_TRUMPS` or more are still out (White Book
    8.70.4 (b)). Condition (3), that a trick could be lost to it by a normal play, is what the
    claim search decides. Returns whether the outstanding trumps go into the forget set."""
    return law_70c_aware_why(claim, mentions) is None


def law_70c_aware_why(claim: Claim, mentions: Mentions) -> str | None:
    """Why Law 70C does not apply to the outstanding trumps (None: it does; "" when no trump is
    out)."""
    trump = claim.position.trump
    if trump == NOTRUMP or not outstanding(claim) & suit_mask(trump):
        return ""
    if trump in mentions.suits:
        return "trumps are stated"  # 70C1: a statement about trumps
    if "trumps" in claim.settings.aware:
        return "the director finds him aware of trumps"  # 70C2: the director's finding
    out = count(outstanding(claim) & suit_mask(trump))
    if (claim.settings.awareness == "evidence" and out >= PLAINLY_KNOWN_TRUMPS
            and not director_unaware(claim) & suit_mask(trump)):
        # 70C2 on the evidence ("strict" keeps every unmentioned trump forgotten); a director's
        # finding that he overlooked a trump answers the question instead
        return (f"with {out} trumps still out it is not at all likely he was unaware that trumps "
                f"remain (White Book 8.70.4 (b))")
    return None


def shown_out_suits_known(claim: Claim) -> int:
    """QBA notes on Law 70E: the claimer knows what a show-out before the claim revealed —
    the suit's outstanding cards are all in the other opponent's hand. Returns suit bits."""
    bits = 0
    for seat, suits in claim.shown_out.items():
        if seat.side != claim.claiming_side:
            bits |= suits
    return bits


def believed_winners(claim: Claim, forget: int) -> int:
    """How many tricks the claimer would count as his, suit by suit, before the limit of the
    tricks left: in each suit, the claiming side's cards above every outstanding card of the
    suit he is aware of, and no more than the longer hand holds of the suit."""
    side = claim.claiming_side
    h = claim.position.hands
    aware = outstanding(claim) & ~forget
    n = 0
    for s in range(4):
        aw = aware & suit_mask(s)
        floor = (2 << (aw.bit_length() - 1)) - 1 if aw else 0  # ranks at or below the highest aware card
        tops = count((h[side] | h[side + 2]) & suit_mask(s) & ~floor)
        n += min(tops, max(count(h[side] & suit_mask(s)), count(h[side + 2] & suit_mask(s))))
    return n


def believed_tricks(claim: Claim, forget: int) -> int:
    """The tricks the claimer would count as his (:func:`believed_winners`, at most the
    tricks left)."""
    return min(claim.tricks_left, believed_winners(claim, forget))


def consistent_with_claim(claim: Claim, forget: int) -> tuple[int, list[str]]:
    """DESIGN 2.4: a card is forgotten only when being unaware of it is consistent with the
    number of tricks claimed. A claimer who concedes tricks knows of losers: while he would
    count more tricks than he claimed (:func:`believed_tricks`), he is taken as aware of the
    highest forgotten outstanding card that turns one of his believed winners into a loser
    (trumps first among equal ranks) — a claimer who concedes has seen the cards that beat
    his; small cards below all of his stay as they are."""
    notes: list[str] = []
    if claim.claimed >= claim.tricks_left:
        return forget, notes
    trump = claim.position.trump
    order = sorted(iter_cards(forget), key=lambda c: (-card_rank(c), 0 if card_suit(c) == trump else 1))
    believed = believed_tricks(claim, forget)
    tops = believed_winners(claim, forget)
    while believed > claim.claimed:
        for c in order:
            if forget >> c & 1 and believed_winners(claim, forget & ~(1 << c)) < tops:
                forget &= ~(1 << c)
                tops = believed_winners(claim, forget)
                believed = believed_tricks(claim, forget)
                notes.append(f"claiming {claim.claimed} of {claim.tricks_left}, the claimer is taken to know of "
                             f"{card_name(c)}")
                break
        else:
            break
    return forget, notes


def forget_set(claim: Claim, mentions: Mentions = Mentions()) -> Awareness:
    """The strict forget set: every outstanding card the statement does not mention, less
    what the director found the claimer aware of (``aware``), less suits revealed by a
    show-out, less what the number of tricks claimed shows he knew."""
    forget, notes = _known_removed(claim, mentions)
    forget, more = consistent_with_claim(claim, forget)
    notes.extend(more)
    return Awareness(forget, tuple(notes))


def awareness_options(claim: Claim) -> list[int]:
    """The awareness updates during play (the ``options`` array of the search)."""
    opts = [0] * T.N_OPTIONS
    opts[T.OPT_FORGET_TRUMP_WAKES] = 1  # a ruff by an opponent reveals the trump
    opts[T.OPT_WIN_WAKES_SUIT] = 1  # "a trick that an opponent wins shows him the card that won it"
    opts[T.OPT_SHOWOUT_WAKES_SUIT] = 1  # a show-out reveals the suit (QBA notes on Law 70E)
    opts[T.OPT_COUNT_SEATS] = count_seats(claim)
    return opts


def count_seats(claim: Claim) -> int:
    """DESIGN 2.4, Law 70D2: the seats that keep the claimer's count. Declarer's count is his
    to play in both his hand and dummy's; a defender's partner does not share it (QBA notes on
    Law 70D2: "if there is a normal, careless or inferior way in which partner may have
    discarded his 10"), so only the claimer's own plays follow it."""
    if claim.claimer == claim.declarer:
        side = claim.claiming_side
        return (1 << side) | (1 << (side + 2))
    return 1 << int(claim.claimer)


# --- awareness from evidence (DESIGN 2.4, the default) ------------------------------------

#: Evidence from the count: at most this many extra cards in one state of mind, and at most
#: this many states searched (the least successful governs).
MAX_COUNT_SET = 3
MAX_STATES = 8

SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


def _known_removed(claim: Claim, mentions: Mentions) -> tuple[int, list[str]]:
    """The outstanding cards the claimer may have overlooked at all: every outstanding card
    less what the statement mentions, what the director found him aware of, suits revealed by
    a show-out, and trumps when Law 70C does not apply."""
    forget = outstanding(claim)
    notes: list[str] = []
    for s in sorted(mentions.suits):
        if forget & suit_mask(s):
            forget &= ~suit_mask(s)
            notes.append(f"the statement mentions the {SUIT_WORDS[s]}")
    for c in sorted(mentions.cards):
        if forget >> c & 1:
            forget &= ~(1 << c)
            notes.append(f"the statement mentions {card_name(c)}")
    for item in claim.settings.aware:
        if item == "trumps":
            continue
        c = parse_card(item)
        if forget >> c & 1:
            forget &= ~(1 << c)
            notes.append(f"the director finds the claimer aware of {card_name(c)}")
    shown = shown_out_suits_known(claim)
    for s in range(4):
        if shown >> s & 1 and forget & suit_mask(s):
            forget &= ~suit_mask(s)
            notes.append(f"an opponent showed out of {SUIT_WORDS[s]} before the claim")
    trump = claim.position.trump
    why = law_70c_aware_why(claim, mentions)
    if trump != NOTRUMP and why is not None:
        if forget & suit_mask(trump):
            notes.append(f"Law 70C does not apply: {why}")
        forget &= ~suit_mask(trump)
    return forget, notes


def director_unaware(claim: Claim) -> int:
    """The director's finding (``unaware``): cards, suits or "trumps" the claimer overlooked."""
    out = outstanding(claim)
    mask = 0
    for item in claim.settings.unaware:
        if item == "trumps":
            if claim.position.trump != NOTRUMP:
                mask |= out & suit_mask(claim.position.trump)
        elif len(item) == 1:
            mask |= out & suit_mask("SHDC".index(item))
        else:
            mask |= out & (1 << parse_card(item))
    return mask


def small_card_slips(claim: Claim, pool: int) -> int:
    """White Book 8.70.5 (EBU), DESIGN 2.4: a single outstanding spot card (below the ten)
    lying between the cards of a holding the claimer runs is easily lost track of — "careless
    to lose to the singleton six" with 754 opposite a void — for a novice or club player, not an
    expert. The suit's only outstanding card, a spot, with cards of the suit above and below
    it in one claiming hand (side suits: trumps are Law 70C's)."""
    if claim.settings.player_class == "expert":
        return 0
    side = claim.claiming_side
    h = claim.position.hands
    out = outstanding(claim)
    mask = 0
    for s in range(4):
        if s == claim.position.trump:
            continue
        o = out & suit_mask(s)
        if count(o) != 1 or not o & pool:
            continue
        c = o.bit_length() - 1
        if card_rank(c) >= 10:
            continue
        for hand in (h[side], h[side + 2]):
            mine = hand & suit_mask(s)
            if mine & ~((2 << c) - 1) and mine & ((1 << c) - 1):
                mask |= o
    return mask


def _concedes_knowing(claim: Claim, base: int, keep: int, notes: list[str]) -> int:
    """A claimer who claims fewer tricks than he would count with these cards overlooked has
    seen the cards that beat his (DESIGN 2.4): drop from ``base`` (never the director's
    ``keep``) the highest card whose knowledge lowers his count, trumps first among equals,
    until his count is no more than he claimed."""
    trump = claim.position.trump
    while claim_count(claim, base) > claim.claimed:
        order = sorted(iter_cards(base & ~keep), key=lambda c: (-card_rank(c), 0 if card_suit(c) == trump else 1))
        k0 = claim_count(claim, base)
        for c in order:
            if claim_count(claim, base & ~(1 << c)) < k0:
                base &= ~(1 << c)
                notes.append(f"claiming {claim.claimed} of {claim.tricks_left}, the claimer is taken to know of "
                             f"{card_name(c)}")
                break
        else:
            break
    return base


def listed_beyond_count(claim: Claim, forget: int, mentions: Mentions) -> frozenset[int] | None:
    """DESIGN 2.4 (evidence from the statement): a list of tricks by suit says where he counted
    his tricks, so an oversight explains the number claimed only in a suit where he listed more
    tricks than he could count there knowing every card (``suit_count``). Claiming 13 as "six
    diamonds, five spades and two clubs" with ♦AKJ976 and ♦Q8 against South's ♦T532 (five
    from the top) and ♣AKT974 (five) points to the ♦T, not to the ♣J: he did not count six
    clubs. The suits so listed, or None when the statement lists no tricks by suit."""
    if not mentions.listed:
        return None
    wanted: dict[int, int] = {}
    for suit, n in mentions.listed:
        wanted[suit] = wanted.get(suit, 0) + n
    return frozenset(s for s, n in wanted.items() if n > suit_count(claim.position.hands, claim.claiming_side, forget, s))


def evidence_states(claim: Claim, mentions: Mentions = Mentions(), could_make: int | None = None) -> list[Awareness]:
    """DESIGN 2.4 (``awareness: evidence``): the claimer's possible states of mind. Outstanding
    trumps per Law 70C; a side-suit card only where something points to it — the director's
    finding, a small card lost track of (:func:`small_card_slips`), or the count: when he
    claimed more than he could count knowing of them, each smallest set of cards whose
    oversight explains the number claimed is a state of mind (the least successful governs,
    Law 70A). ``could_make``: the tricks the claiming side can make with every card known
    (double dummy): tricks his count does not see (ruffs, a squeeze, a finesse he placed) are
    his to have counted, so only a claim beyond them points to an oversight. Returns at least
    one state."""
    pool, notes = _known_removed(claim, mentions)
    why: dict[int, str] = {}
    trump = claim.position.trump
    base = 0
    if trump != NOTRUMP:
        for c in iter_cards(pool & suit_mask(trump)):
            base |= 1 << c
            why[c] = ("Law 70C: an outstanding trump he made no statement about; it is at all likely he "
                      "was unaware of it")
    finding = director_unaware(claim)
    for c in iter_cards(finding):
        why[c] = "the director finds he overlooked it"
    slips = small_card_slips(claim, pool) & ~finding
    for c in iter_cards(slips):
        why[c] = (f"White Book 8.70.5: a single small card inside a holding he runs is easily lost track "
                  f"of (careless for {a_player(claim.settings.player_class)})")
    base |= finding | slips
    base = _concedes_knowing(claim, base, finding, notes)
    known_count = claim_count(claim, base)
    # tricks his count does not see but perfect play makes are credited to his count
    extra = max(0, (could_make if could_make is not None else known_count) - known_count)
    target = claim.claimed - extra
    states: list[int] = []
    if target > known_count:
        side = claim.claiming_side
        h = claim.position.hands
        ours = h[side] | h[side + 2]
        # only a card above one of his own can raise his count
        cands = [c for c in iter_cards(pool & ~base & ~suit_mask(trump) if trump != NOTRUMP else pool & ~base)
                 if ours & suit_mask(card_suit(c)) & ((1 << c) - 1)]
        listed = listed_beyond_count(claim, base, mentions)
        if listed is not None:
            cands = [c for c in cands if card_suit(c) in listed]
        cands.sort(key=lambda c: (-card_rank(c), card_suit(c)))
        for size in range(1, MAX_COUNT_SET + 1):
            for combo in itertools.combinations(cands, size):
                mask = sum(1 << c for c in combo)
                if claim_count(claim, base | mask) >= target:
                    states.append(mask)
            if states:
                break
        if not states:
            notes.append(f"claiming {claim.claimed} of {claim.tricks_left}, more than the {known_count} he could "
                         f"count; no oversight of up to {MAX_COUNT_SET} cards explains it (ruffs, a squeeze or "
                         "an over-claim), so no side-suit card is taken as overlooked on that ground")
        elif len(states) > MAX_STATES:
            notes.append(f"{len(states)} states of mind explain the number claimed; the {MAX_STATES} with the "
                         "highest cards are searched")
            states = states[:MAX_STATES]
    result = []
    for mask in states or [0]:
        w = dict(why)
        if mask:
            names = " and ".join(card_symbol(c) for c in iter_cards(mask))
            for c in iter_cards(mask):
                w[c] = (f"claiming {claim.claimed} of {claim.tricks_left}, more than the {known_count} he could "
                        f"count knowing of {names}, he must have overlooked {'it' if count(mask) == 1 else 'them'}")
        forget = base | mask
        result.append(Awareness(forget, tuple(notes), tuple(sorted((c, w[c]) for c in iter_cards(forget)))))
    return result


def strict_state(claim: Claim, mentions: Mentions = Mentions()) -> Awareness:
    """``awareness: strict``: :func:`forget_set`, with why each card is taken as overlooked."""
    a = forget_set(claim, mentions)
    finding = director_unaware(claim)
    a = dataclasses.replace(a, forget=a.forget | finding)
    trump = claim.position.trump
    why = []
    for c in iter_cards(a.forget):
        if finding >> c & 1:
            why.append((c, "the director finds he overlooked it"))
        elif trump != NOTRUMP and card_suit(c) == trump:
            why.append((c, "Law 70C: an outstanding trump he made no statement about; it is at all likely he "
                           "was unaware of it"))
        else:
            why.append((c, "strict awareness: an outstanding card the statement does not mention"))
    return dataclasses.replace(a, why=tuple(why))


def states_of_mind(claim: Claim, mentions: Mentions = Mentions(), could_make: int | None = None) -> list[Awareness]:
    """The claimer's possible states of mind under the claim's ``awareness`` setting; the
    ruling takes the least successful (Law 70A). ``could_make``: see :func:`evidence_states`."""
    if claim.settings.awareness == "strict":
        return [strict_state(claim, mentions)]
    return evidence_states(claim, mentions, could_make)

