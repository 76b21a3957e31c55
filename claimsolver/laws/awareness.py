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
from typing import Iterable

from claimsolver import tables as T
from claimsolver.cards import NOTRUMP, SUIT_MASK, card_name, count, card_rank, card_suit, iter_cards, parse_card
from claimsolver.claim import Claim


@dataclasses.dataclass(frozen=True)
class Mentions:
    """Cards and suits the statement speaks of (each removes cards from the forget set)."""

    cards: frozenset[int] = frozenset()
    suits: frozenset[int] = frozenset()


@dataclasses.dataclass(frozen=True)
class Awareness:
    forget: int  # mask of forgotten outstanding cards
    notes: tuple[str, ...]  # why cards were taken as known


def suit_mask(suit: int) -> int:
    return SUIT_MASK << (16 * suit)


def outstanding(claim: Claim) -> int:
    side = claim.claiming_side
    h = claim.position.hands
    return h[1 - side] | h[3 - side]


def law_70c_unaware_of_trump(claim: Claim, mentions: Mentions) -> bool:
    """Law 70C: a trump remains in an opponent's hand and (1) the claimer made no statement
    about that trump, and (2) it is at all likely that he was unaware of it — the default,
    unless the director finds otherwise (``aware: ["trumps"]``, Law 70C2). Condition (3), that
    a trick could be lost to it by a normal play, is what the claim search decides. Returns
    whether the outstanding trumps go into the forget set."""
    trump = claim.position.trump
    if trump == NOTRUMP or not outstanding(claim) & suit_mask(trump):
        return False
    if trump in mentions.suits:
        return False  # 70C1: a statement about trumps
    if "trumps" in claim.settings.aware:
        return False  # 70C2: the director finds he was aware
    return True


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
    """The default forget set: every outstanding card the statement does not mention, less
    what the director found the claimer aware of (``aware``), less suits revealed by a
    show-out, less what the number of tricks claimed shows he knew."""
    out = outstanding(claim)
    forget = out
    notes: list[str] = []
    for s in mentions.suits:
        if forget & suit_mask(s):
            forget &= ~suit_mask(s)
            notes.append(f"the statement mentions the {('spades', 'hearts', 'diamonds', 'clubs')[s]}")
    for c in mentions.cards:
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
            notes.append(f"an opponent showed out of {('spades', 'hearts', 'diamonds', 'clubs')[s]} before the claim")
    trump = claim.position.trump
    if trump != NOTRUMP:
        if not law_70c_unaware_of_trump(claim, mentions):
            if forget & suit_mask(trump):
                why = "the director finds him aware of trumps" if "trumps" in claim.settings.aware else "trumps are stated"
                notes.append(f"Law 70C does not apply: {why}")
            forget &= ~suit_mask(trump)
    forget, more = consistent_with_claim(claim, forget)
    notes.extend(more)
    return Awareness(forget, tuple(notes))


def awareness_options(claim: Claim) -> list[int]:
    """The awareness updates during play (the ``options`` array of the search)."""
    opts = [0] * T.N_OPTIONS
    opts[T.OPT_FORGET_TRUMP_WAKES] = 1  # a ruff by an opponent reveals the trump
    opts[T.OPT_WIN_WAKES_SUIT] = 1  # "a trick that an opponent wins shows him the card that won it"
    opts[T.OPT_SHOWOUT_WAKES_SUIT] = 1  # a show-out reveals the suit (QBA notes on Law 70E)
    return opts

