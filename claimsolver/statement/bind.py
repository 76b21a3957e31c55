"""Binding: a parsed line + the position -> concrete seats and cards (DESIGN 2.2, 4).

``bind(line, position, claimer, declarer)`` resolves every reference it can:

- hands: ``dummy`` = declarer's partner, ``hand``/``my`` = the claimer, ``partner`` = the
  claimer's partner, ``N``/``E``/``S``/``W`` = that seat;
- cards: a suit and rank -> the card int; ``the king`` -> the one king the side concerned
  holds (left open when several fit); ``trumps`` -> the trump suit; ``small club`` -> the
  lowest club of the hand; ``my last trump`` -> the hand's only trump; ``top spades`` -> the
  side's spades that are higher than every spade the opponents hold;
- finesses -> the tenace: the claiming side's card finessed with (and its hand), the
  opponents' card finessed against, and the hand to lead from.

What cannot apply is reported in ``notes`` in plain words, never raised:

- a step whose object does not exist (a card the side does not hold, a suit it has none of,
  drawing trumps at notrump, a ruff with no trumps, a finesse with no tenace) is **dropped**;
- a reference that is ambiguous ("the king" when the side holds two) is **kept unresolved**
  (a ``CardRef``) and noted; the search treats it as not stated.
"""

from __future__ import annotations

import dataclasses

from claimsolver.cards import (
    NOTRUMP, SUIT_SYMBOLS, Seat, card_rank, card_suit, iter_cards, make_card, suit_cards,
)
from claimsolver.line import (
    Asserts, Breaks, CardRef, Cash, Concede, Cross, Discard, DrawTrumps, Drops, Duck, Establish, Finesse,
    FinesseFails, IfThen, Line, Outstanding, Overtake, PlayCard, Ruff, ShowsOut, Squeeze, ThrowIn, Unblock,
)
from claimsolver.statement.render import SUIT_PLURAL, SUIT_SINGULAR, card_text, render_step


@dataclasses.dataclass
class BoundStatement:
    """The statement bound to the position: ``line`` (concrete wherever possible),
    ``notes`` (what could not apply, in plain words) and ``understood`` (one string per
    step)."""

    line: Line
    notes: list[str]
    understood: list[str]


def _sym(card: int) -> str:
    return card_text(card)


def _holding(mask: int, suit: int) -> str:
    cards = list(iter_cards(suit_cards(mask, suit)))
    if not cards:
        return SUIT_SYMBOLS[suit] + "-"
    return SUIT_SYMBOLS[suit] + "".join("10" if card_rank(c) == 10 else "--23456789TJQKA"[card_rank(c)]
                                        for c in cards)


def least_favourable(candidates: list[int]) -> int:
    """Law 70A: "any doubtful point as to a claim shall be resolved against the claimer".

    A card named by its role ("the heart loser", "the small club") that fits one card in
    each hand of the claiming side -- the hand was not said and the rest of the statement
    does not decide it -- is read as the card whose loss costs the claimer most: the higher
    one. Of two cards of one suit, keeping the lower never takes more tricks in the suit than
    keeping the higher, so the director does not give the claimer the benefit of the doubt by
    letting him part with the lower. (Which hand it leaves short may matter too; that is not
    weighed here.)"""
    return max(candidates, key=card_rank)


class _Binder:
    def __init__(self, position, claimer: Seat, declarer: Seat):
        self.pos = position
        self.claimer = Seat(claimer)
        self.declarer = Seat(declarer)
        self.dummy = self.declarer.partner
        self.side = (self.claimer, self.claimer.partner)
        self.opps = (self.claimer.lho, self.claimer.rho)
        self.notes: list[str] = []
        self.doubts: list[str] = []  # Law 70A readings taken in the current step (for the echo)
        self.trump = position.trump
        self.last_finesse: Finesse | None = None  # the finesse "if it fails" speaks of
        self.finessed_with: dict[int, set[int]] = {}  # by suit, the cards finesses were taken with

    # ---- helpers -------------------------------------------------------------------------
    def name(self, seat: Seat) -> str:
        if seat == self.dummy:
            return f"{seat.full_name} (dummy)"
        return seat.full_name

    def side_name(self) -> str:
        return "North-South" if self.claimer.side == 0 else "East-West"

    def hand(self, h) -> Seat | None:
        if h is None or isinstance(h, Seat):
            return h
        w = h.word
        if w == "dummy":
            return self.dummy
        if w == "hand":
            return self.claimer
        if w == "partner":
            return self.claimer.partner
        return Seat("NESW".index(w))

    def holder(self, card: int) -> Seat | None:
        for s in Seat:
            if self.pos.hands[s] >> card & 1:
                return s
        return None

    def suit_mask(self, seats, suit: int) -> int:
        m = 0
        for s in seats:
            m |= suit_cards(self.pos.hands[s], suit)
        return m

    def trump_suit(self, what: str) -> int | None:
        if self.trump == NOTRUMP:
            self.notes.append(f"{what}: there are no trumps at notrump")
            return None
        return self.trump

    def top_cards(self, suit: int) -> list[int]:
        """The side's cards in ``suit`` higher than every card the opponents hold in it."""
        opp = self.suit_mask(self.opps, suit)
        opp_top = max((card_rank(c) for c in iter_cards(opp)), default=0)
        return [c for c in iter_cards(self.suit_mask(self.side, suit)) if card_rank(c) > opp_top]

    def losers(self, seat: Seat, suit: int) -> list[int]:
        """The cards of ``suit`` in ``seat`` that are not winners against the outstanding
        cards (some opponent holds a higher card of the suit), highest first."""
        opp_top = max((card_rank(c) for c in iter_cards(self.suit_mask(self.opps, suit))), default=0)
        return [c for c in iter_cards(suit_cards(self.pos.hands[seat], suit)) if card_rank(c) < opp_top]

    def role_card(self, ref: CardRef, suit: int, what: str, seats, taken=()) -> int | None:
        """"the heart loser" (the hand's lowest loser of the suit) or "the small club" (its
        lowest card of the suit) among ``seats``, skipping cards already ``taken``. When it
        fits a card in each of two hands, the reading least favourable to the claimer is
        taken (Law 70A, :func:`least_favourable`) and said in the echo."""
        found: list[int] = []
        for x in seats:
            pool = self.losers(x, suit) if ref.qualifier == "loser" else \
                list(iter_cards(suit_cards(self.pos.hands[x], suit)))
            pool = [c for c in pool if c not in taken]
            if pool:
                found.append(pool[-1])
        who = " or ".join(self.name(x) for x in seats)
        if not found:
            if ref.qualifier == "loser":
                self.notes.append(f"{what}: {who} has no {SUIT_SINGULAR[suit]} loser — every "
                                  f"{SUIT_SINGULAR[suit]} there is a winner against the outstanding cards")
            else:
                self.notes.append(f"{what}: {who} has no {SUIT_PLURAL[suit]}")
            return None
        if len(found) == 1:
            return found[0]
        pick = least_favourable(found)
        said = card_text(dataclasses.replace(ref, hand=None, suit=suit, trump=False))
        self.doubts.append(
            f"'{said}' could be " + " or ".join(f"{self.holder(c).full_name}'s {_sym(c)}" for c in found)
            + f": read as {self.holder(pick).full_name}'s {_sym(pick)}, the reading least favourable "
              "to the claimer (Law 70A)")
        return pick

    def card(self, ref, what: str, seats, context_suit: int | None = None):
        """Resolve a card reference among ``seats``; returns a card int, a CardRef left open,
        or None when it cannot exist (a note is added)."""
        if ref is None or isinstance(ref, int):
            return ref
        hand = self.hand(ref.hand)
        suit = ref.suit
        if ref.trump:
            suit = self.trump_suit(what)
            if suit is None:
                return None
        if suit is None:
            suit = context_suit
        look = (hand,) if hand is not None else tuple(seats)
        if ref.rank is not None and suit is not None:
            c = make_card(suit, ref.rank)
            h = self.holder(c)
            if h is None:
                self.notes.append(f"{what}: {_sym(c)} is no longer held by anyone")
                return None
            if h not in look:
                owner = f"{self.name(hand)} does not hold it" if hand is not None else \
                    f"it is {h.full_name}'s"
                self.notes.append(f"{what}: {_sym(c)} — {owner}")
                return None
            return c
        if ref.rank is not None:
            found = [make_card(s, ref.rank) for s in range(4)
                     if any(self.pos.hands[x] >> make_card(s, ref.rank) & 1 for x in look)]
            if len(found) == 1:
                return found[0]
            if not found:
                self.notes.append(f"{what}: no such card ({card_text(ref)}) in "
                                  f"{' or '.join(self.name(x) for x in look)}")
                return None
            self.notes.append(f"{what}: {card_text(ref)} could be any of "
                              f"{', '.join(_sym(c) for c in found)}; left open")
            return dataclasses.replace(ref, hand=hand)
        if suit is None:
            return dataclasses.replace(ref, hand=hand)
        # suit known, no rank: qualifiers
        if ref.qualifier == "loser":
            return self.role_card(ref, suit, what, look)
        if ref.qualifier == "top":
            tops = [c for c in self.top_cards(suit) if hand is None or self.holder(c) == hand]
            if tops:
                return tops[0]
            self.notes.append(f"{what}: {self.side_name()} have no top {SUIT_PLURAL[suit]}")
            return None
        if hand is None:
            holders = [x for x in look if suit_cards(self.pos.hands[x], suit)]
            if not holders:
                self.notes.append(f"{what}: {' and '.join(self.name(x) for x in look)} have no "
                                  f"{SUIT_PLURAL[suit]}")
                return None
            hand = self.claimer if self.claimer in holders else holders[0]
        cards = list(iter_cards(suit_cards(self.pos.hands[hand], suit)))
        if not cards:
            self.notes.append(f"{what}: {self.name(hand)} has no {SUIT_PLURAL[suit]}")
            return None
        if ref.qualifier == "small" or len(cards) == 1:
            return cards[-1]
        if ref.qualifier == "last":
            self.notes.append(f"{what}: {self.name(hand)} holds {len(cards)} "
                              f"{SUIT_PLURAL[suit]}, not one; left open")
        return CardRef(suit, None, hand, ref.qualifier, False)  # type: ignore[arg-type]

    # ---- steps ---------------------------------------------------------------------------
    def steps(self, steps) -> tuple[list, list[str]]:
        out, said = [], []
        prev = None
        for s in steps:
            r = self.step(s)
            last, prev = prev, s
            if r is None:
                continue
            b, text = r
            if isinstance(b, PlayCard) and out and isinstance(out[-1], Ruff) and isinstance(last, Ruff):
                merged = self._ruff_with(out[-1], b, last.hand is None)
                if merged is not None:
                    out[-1], said[-1] = merged[0], merged[1]
                    if merged[2]:
                        continue
            out.append(b)
            said.append(text)
        return out, said

    def _ruff_with(self, ruff: Ruff, play: PlayCard, hand_open: bool):
        """A ruff followed by the trump it is made with ("ruff with my last trump"): the
        ruffing hand is the trump's holder; the PlayCard is dropped when it is the hand's
        lowest trump (the ruff plays that card), kept otherwise. Returns (ruff, text, drop)
        or None when the card is not a trump of the claiming side."""
        c = play.card
        if not isinstance(c, int) or self.trump == NOTRUMP or card_suit(c) != self.trump:
            return None
        h = self.holder(c)
        if h not in self.side or (not hand_open and ruff.hand != h):
            return None
        trumps = list(iter_cards(suit_cards(self.pos.hands[h], self.trump)))
        lowest = bool(trumps) and trumps[-1] == c
        r = dataclasses.replace(ruff, hand=h)
        n = "as often as needed" if r.count is None else ("once" if r.count == 1 else f"{r.count} times")
        suit = SUIT_PLURAL[r.suit] if r.suit is not None else "a side suit"
        return r, f"ruff {suit} in {self.name(h)} ({n}) with {_sym(c)}", lowest

    def step(self, s):
        what = f"'{render_step(s)}'"
        m = getattr(self, "_" + type(s).__name__.lower())
        self.doubts = []
        r = m(s, what)
        if r is not None and self.doubts and not isinstance(s, IfThen):
            r = (r[0], r[1] + " (" + "; ".join(self.doubts) + ")")
        self.doubts = []
        return r

    def _drawtrumps(self, s, what):
        t = self.trump_suit(what)
        if t is None:
            return None
        hand = self.hand(s.hand)
        have = [x for x in self.side if suit_cards(self.pos.hands[x], t)]
        if not have:
            self.notes.append(f"{what}: {self.side_name()} have no trumps")
            return None
        if not self.suit_mask(self.opps, t):
            self.notes.append(f"{what}: the opponents have no trumps left")
        if hand is None:
            hand = max(have, key=lambda x: (len(list(iter_cards(suit_cards(self.pos.hands[x], t)))),
                                            x == self.claimer))
        end = self.hand(s.ending)
        if end is not None and end not in self.side:
            self.notes.append(f"{what}: {end.full_name} is not a hand of {self.side_name()}: the ending is not imposed")
            end = None
        elif end is not None and not suit_cards(self.pos.hands[end], t):
            self.notes.append(f"{what}: {self.name(end)} holds no trump, so the drawing cannot end there: "
                              "the ending is not imposed")
            end = None
        if end is None:
            return DrawTrumps(hand), f"draw trumps ({hand.full_name} leads them)"
        return DrawTrumps(hand, end), (f"draw trumps ({hand.full_name} leads them), ending in {self.name(end)}: "
                                       f"it wins the round that draws their last trump with its highest trump "
                                       f"(the other hand leading low) and keeps its trumps until then")

    def _counted_top(self, s: Cash, what: str) -> Cash | None:
        """"the top three trumps", "cash dummy's top two spades": the n highest cards of the
        suit in the hand said, else in the claiming side's two hands, highest first."""
        n = len(s.cards)
        suit = self.trump_suit(what) if s.suit is None else s.suit
        if suit is None:
            return None
        hand = self.hand(s.hand)
        seats = (hand,) if hand is not None else self.side
        held = sorted(iter_cards(self.suit_mask(seats, suit)), key=card_rank, reverse=True)
        who = self.name(hand) if hand is not None else self.side_name()
        if not held:
            self.notes.append(f"{what}: {who} {'has' if hand is not None else 'have'} no {SUIT_PLURAL[suit]}")
            return None
        if len(held) < n:
            self.notes.append(f"{what}: {who} {'holds' if hand is not None else 'hold'} only "
                              f"{len(held)} {SUIT_PLURAL[suit]}")
        cards = held[:n]
        tops = set(self.top_cards(suit))
        losing = [c for c in cards if c not in tops]
        if losing:
            self.notes.append(f"{what}: {', '.join(_sym(c) for c in losing)} "
                              f"{'is' if len(losing) == 1 else 'are'} not top: the opponents hold a higher "
                              f"{SUIT_SINGULAR[suit]}")
        return Cash(suit, hand, tuple(cards))

    def _cash(self, s, what):
        if len(s.cards) > 1 and all(isinstance(c, CardRef) and c == s.cards[0] and c.qualifier == "top"
                                    and c.rank is None for c in s.cards):
            s = self._counted_top(s, what)
            if s is None:
                return None
        if s.suit is not None and s.cards and all(c == CardRef(s.suit) for c in s.cards):
            s = self._counted_cash(s, what)
            if s is None:
                return None
        suit = s.suit
        if suit is None and s.cards and isinstance(s.cards[0], CardRef) and s.cards[0].trump:
            suit = self.trump_suit(what)
        hand = self.hand(s.hand)
        cards: list = []
        for c in s.cards:
            if isinstance(c, CardRef) and c.qualifier == "top" and c.rank is None and c.suit is not None:
                tops = [x for x in self.top_cards(c.suit) if hand is None or self.holder(x) == hand]
                if not tops:
                    self.notes.append(f"{what}: {self.side_name()} have no top {SUIT_PLURAL[c.suit]}")
                    return None
                cards.extend(tops)
                continue
            b = self.card(c, what, self.side, suit)
            if b is None:
                return None
            cards.append(b)
        if suit is not None and not self.suit_mask(self.side, suit):
            self.notes.append(f"{what}: {self.side_name()} have no {SUIT_PLURAL[suit]}")
            return None
        if hand is None and cards and all(isinstance(c, int) for c in cards):
            holders = {self.holder(c) for c in cards}
            if len(holders) == 1:
                hand = holders.pop()
        if hand is not None and suit is not None and not suit_cards(self.pos.hands[hand], suit):
            self.notes.append(f"{what}: {self.name(hand)} has no {SUIT_PLURAL[suit]}")
            return None
        b = Cash(suit, hand, tuple(cards))
        if cards:
            text = "cash " + ", ".join(card_text(c) if isinstance(c, int) else card_text(c) for c in cards)
        else:
            text = f"cash the {SUIT_PLURAL[suit]}"
        if hand is not None:
            text += f" from {self.name(hand)}"
        elif suit is not None:
            text += " (" + ", ".join(f"{x.full_name} {_holding(self.pos.hands[x], suit)}" for x in self.side) + ")"
        return b, text

    def _counted_cash(self, s: Cash, what: str) -> Cash | None:
        """"cash my two diamonds" (``cards`` = that many unnamed diamonds): the top N
        diamonds of the hand, named. The hand is the one said, else the only hand of the side
        holding the suit; when both hold it the count is not kept (a note) and the suit is
        cashed."""
        n, suit = len(s.cards), s.suit
        hand = self.hand(s.hand)
        if hand is None:
            holders = [x for x in self.side if suit_cards(self.pos.hands[x], suit)]
            if len(holders) != 1:
                if holders:
                    self.notes.append(f"{what}: the hand is not said and both hands hold "
                                      f"{SUIT_PLURAL[suit]}: the count is not kept")
                return Cash(suit, None)
            hand = holders[0]
        held = list(iter_cards(suit_cards(self.pos.hands[hand], suit)))  # high to low
        if not held:
            return Cash(suit, hand)  # reported below: the hand has none
        if len(held) < n:
            self.notes.append(f"{what}: {self.name(hand)} holds only {len(held)} {SUIT_PLURAL[suit]}")
        return Cash(suit, hand, tuple(held[:n]))

    def _ruff(self, s, what):
        t = self.trump_suit(what)
        if t is None:
            return None
        hand = self.hand(s.hand)
        if hand is not None and hand not in self.side:
            self.notes.append(f"{what}: {self.name(hand)} is not on the claiming side")
            return None
        if hand is not None and not suit_cards(self.pos.hands[hand], t):
            self.notes.append(f"{what}: {self.name(hand)} has no trumps")
            return None
        if hand is None:
            cands = [x for x in self.side if suit_cards(self.pos.hands[x], t)]
            if not cands:
                self.notes.append(f"{what}: {self.side_name()} have no trumps")
                return None
            if s.suit is not None:
                cands.sort(key=lambda x: len(list(iter_cards(suit_cards(self.pos.hands[x], s.suit)))))
                short = [x for x in cands if not suit_cards(self.pos.hands[x], s.suit)]
                hand = short[0] if len(short) == 1 else (cands[0] if len(cands) == 1 else None)
            elif len(cands) == 1:
                hand = cands[0]
        if s.suit is not None and not self.suit_mask(self.side, s.suit):
            self.notes.append(f"{what}: {self.side_name()} have no {SUIT_PLURAL[s.suit]} to ruff")
            return None
        b = Ruff(s.suit, hand, s.count)
        n = "as often as needed" if s.count is None else ("once" if s.count == 1 else f"{s.count} times")
        suit = SUIT_PLURAL[s.suit] if s.suit is not None else "a side suit"
        where = f" in {self.name(hand)}" if hand is not None else ""
        return b, f"ruff {suit}{where} ({n})"

    def _crossruff(self, s, what):
        t = self.trump_suit(what)
        if t is None:
            return None
        if not all(suit_cards(self.pos.hands[x], t) for x in self.side):
            self.notes.append(f"{what}: both hands need trumps to crossruff")
            return None
        text = "crossruff" + (f" in {' and '.join(SUIT_PLURAL[x] for x in s.suits)}" if s.suits else "")
        return s, text

    def _finesse(self, s, what):
        if s.again:
            return self._finesse_again(what)
        r = _bind_finesse(self, s, what)
        self.last_finesse = r[0] if r is not None and isinstance(r[0].with_card, int) else None
        if self.last_finesse is not None:
            self.finessed_with.setdefault(self.last_finesse.suit, set()).add(self.last_finesse.with_card)
        return r

    def _finesse_again(self, what):
        """"repeat the finesse": the finesse before it, with the tenace's highest card not yet
        finessed with that has a card of theirs above it, against the lowest such card."""
        f = self.last_finesse
        if f is None:  # a finesse taken before the claim: the tenace as it is now
            return self._finesse(Finesse(None), what)
        h = self.holder(f.with_card)
        theirs = [card_rank(c) for c in iter_cards(self.suit_mask(self.opps, f.suit))]
        # the tenace's highest card not yet finessed with that has a card of theirs above it
        # (AQJ against K: the jack after the queen; AQ10 against KJ: the queen after the ten)
        used = self.finessed_with.setdefault(f.suit, set())
        cands = [c for c in iter_cards(suit_cards(self.pos.hands[h], f.suit))
                 if c not in used and any(r > card_rank(c) for r in theirs)]
        if not cands:
            self.notes.append(f"{what}: {self.name(h)} has no other card to finesse again with")
            return None
        w = max(cands, key=card_rank)
        lead = f.lead_from
        if f.run_lead and not suit_cards(self.pos.hands[lead], f.suit) & ~(1 << f.with_card):
            self.notes.append(f"{what}: no card is left to run")
            return None
        # against the opponents' lowest card above it (AQ10 against KJ: the ten against the jack)
        above = [c for c in iter_cards(self.suit_mask(self.opps, f.suit)) if card_rank(c) > card_rank(w)]
        against = min(above, key=card_rank) if above else f.against
        again = dataclasses.replace(f, with_card=w, against=against, double=False, again=True)
        self.last_finesse = again
        used.add(w)
        text = f"finesse {_sym(w)} again (against {self.holder(against).full_name}'s {_sym(against)})" \
            if isinstance(against, int) else f"finesse {_sym(w)} again"
        return again, text

    def _concede(self, s, what):
        card = s.card
        if card is not None:
            if isinstance(card, CardRef) and card.trump and card.rank is None and card.qualifier is None:
                t = self.trump_suit(what)
                if t is None:
                    return None
                b = Concede(t, None, s.count, s.at_end)
                return b, f"concede {s.count} trump trick{'s' if s.count > 1 else ''}" + \
                    (" at the end" if s.at_end else "")
            own = self._own_conceded(card)
            if own is not None:
                # "all winners except the ♠K" with the ♠K the claimer's own: a trick lost in
                # spades, not a card the opponents win with
                b = Concede(card_suit(own), None, s.count, s.at_end)
                return b, f"concede a {SUIT_SINGULAR[card_suit(own)]} ({self.holder(own).full_name}'s " \
                          f"{_sym(own)} loses)" + (" at the end" if s.at_end else "")
            card = self.card(card, what, self.opps, s.suit)
            if card is None:
                return None
        if s.suit is not None and not self.suit_mask(self.side, s.suit):
            self.notes.append(f"{what}: {self.side_name()} have no {SUIT_PLURAL[s.suit]} to lose")
            return None
        b = Concede(s.suit, card, s.count, s.at_end)
        if isinstance(card, int):
            text = f"concede {'a trick' if s.count == 1 else f'{s.count} tricks'} to " \
                   f"{self.holder(card).full_name}'s {_sym(card)}"
        elif s.suit is not None:
            text = f"concede {s.count} {SUIT_SINGULAR[s.suit] if s.count == 1 else SUIT_PLURAL[s.suit]}"
        else:
            text = f"concede {s.count} trick{'s' if s.count != 1 else ''}"
        return b, text + (" at the end" if s.at_end else "")

    def _own_conceded(self, ref) -> int | None:
        """The claiming side's card a concession names by suit (or as a trump) and rank, if
        the side holds it."""
        if not isinstance(ref, CardRef) or ref.rank is None:
            return None
        suit = self.trump if ref.trump and self.trump != NOTRUMP else ref.suit
        if suit is None or (ref.trump and self.trump == NOTRUMP):
            return None
        c = make_card(suit, ref.rank)
        return c if self.holder(c) in self.side else None

    def _suit_step(self, s, what, cls, verb):
        hand = self.hand(s.hand)
        if s.suit is not None:
            seats = (hand,) if hand is not None else self.side
            if not self.suit_mask(seats, s.suit):
                who = self.name(hand) if hand is not None else self.side_name()
                self.notes.append(f"{what}: {who} {'has' if hand is not None else 'have'} no "
                                  f"{SUIT_PLURAL[s.suit]}")
                return None
        b = cls(s.suit, hand)
        text = verb + (f" a {SUIT_SINGULAR[s.suit]}" if s.suit is not None else "") + \
            (f" in {self.name(hand)}" if hand is not None else "")
        return b, text

    def _duck(self, s, what):
        return self._suit_step(s, what, Duck, "duck")

    def _card_step(self, card, what):
        if isinstance(card, CardRef) and card.rank is None and card.qualifier is None and not card.trump:
            return dataclasses.replace(card, hand=self.hand(card.hand))
        return self.card(card, what, self.side)

    def _unblock(self, s, what):
        c = self._card_step(s.card, what)
        if c is None:
            return None
        return Unblock(c), f"unblock {self._card_owned(c)}"

    def _overtake(self, s, what):
        if s.card is None:
            return s, "overtake partner's card"
        c = self._card_step(s.card, what)
        if c is None:
            return None
        return Overtake(c), f"overtake with {self._card_owned(c)}"

    def _playcard(self, s, what):
        c = self._card_step(s.card, what)
        if c is None:
            return None
        return PlayCard(c), f"play {self._card_owned(c)}"

    def _card_owned(self, c) -> str:
        if isinstance(c, int):
            return f"{self.holder(c).full_name}'s {_sym(c)}"
        return card_text(c)

    def _cross(self, s, what):
        hand = self.hand(s.hand)
        card = s.card
        if isinstance(card, CardRef) and card.trump and card.rank is None and card.qualifier is None:
            # "cross to dummy with a trump": a trump led to that hand (the suit, no card)
            t = self.trump_suit(what)
            if t is None:
                return None
            s, card = dataclasses.replace(s, card=None, suit=t), None
        if card is not None:
            card = self.card(card, what, (hand,) if hand is not None else self.side, s.suit)
            if card is None:
                return None
            if isinstance(card, int):
                h = self.holder(card)
                if hand is None:
                    hand = h
        if hand is not None and hand not in self.side:
            self.notes.append(f"{what}: {self.name(hand)} is not on the claiming side")
            return None
        suit = s.suit if s.suit is not None else (card_suit(card) if isinstance(card, int) else None)
        b = Cross(hand, card, suit)
        text = "cross"
        if hand is not None:
            text += f" to {self.name(hand)}"
        if isinstance(card, int):
            text += f" with {_sym(card)}"
        elif suit is not None:
            text += f" with a {SUIT_SINGULAR[suit]}"
        return b, text

    def discarding_hand(self, on_card, on_suit) -> Seat | None:
        """The hand a discard comes from when the claimer did not say it: the partner of the
        card it goes on ("the club goes on dummy's ♦A": from the other hand), else the hand
        shorter in the suit it goes on (it runs out of that suit first). None if undecided."""
        if isinstance(on_card, int):
            h = self.holder(on_card)
            if h in self.side:
                return h.partner
            return None
        if on_suit is not None:
            a, b = (len(list(iter_cards(suit_cards(self.pos.hands[x], on_suit)))) for x in self.side)
            if a != b:
                return self.side[0] if a < b else self.side[1]
        return None

    def _discard(self, s, what):
        hand = self.hand(s.hand)
        if hand is not None and hand not in self.side:
            self.notes.append(f"{what}: {self.name(hand)} is not on the claiming side")
            return None
        on_card = self.card(s.on_card, what, self.side) if s.on_card is not None else None
        if s.on_card is not None and on_card is None:
            return None
        if s.on_suit is not None and not self.suit_mask(self.side, s.on_suit):
            self.notes.append(f"{what}: {self.side_name()} have no {SUIT_PLURAL[s.on_suit]}")
            return None
        if hand is None:
            owners = {self.hand(c.hand) for c in s.cards if isinstance(c, CardRef) and c.hand is not None}
            if len(owners) == 1:
                hand = owners.pop()
        if hand is None and (s.cards or s.suit is not None):
            hand = self.discarding_hand(on_card, s.on_suit)
        cards: list = []
        for c in s.cards:
            if isinstance(c, CardRef) and c.rank is None and c.suit is not None and not c.trump \
                    and c.qualifier in ("loser", "small"):
                own = self.hand(c.hand) or hand
                b = self.role_card(c, c.suit, what, (own,) if own is not None else self.side, taken=cards)
                if b is not None and hand is None:
                    hand = self.holder(b)  # the rest of the discard comes from the same hand
            else:
                b = self.card(c, what, (hand,) if hand is not None else self.side)
            if b is None:
                return None
            cards.append(b)
        if s.suit is not None:
            seats = (hand,) if hand is not None else self.side
            if not self.suit_mask(seats, s.suit):
                who = f"{self.name(hand)} has" if hand is not None else f"{self.side_name()} have"
                self.notes.append(f"{what}: {who} no {SUIT_PLURAL[s.suit]} to discard")
                return None
        if hand is None and cards and all(isinstance(c, int) for c in cards):
            hs = {self.holder(c) for c in cards}
            hand = hs.pop() if len(hs) == 1 else None
        b = Discard(tuple(cards), s.suit, s.on_suit, on_card, hand)
        if cards:
            w = ", ".join(card_text(c) for c in cards)
        elif s.suit is not None:
            w = f"the {SUIT_PLURAL[s.suit]}"
        else:
            w = "losers"
        text = f"discard {w}" + (f" from {self.name(hand)}" if hand is not None else "")
        if s.on_suit is not None:
            text += f" on the {SUIT_PLURAL[s.on_suit]}"
        elif isinstance(on_card, int):
            text += f" on {self._card_owned(on_card)}"
        return b, text

    def _victim(self, h, what):
        v = self.hand(h)
        if v is not None and v in self.side:
            self.notes.append(f"{what}: {self.name(v)} is on the claiming side")
            return False
        return v

    def _squeeze(self, s, what):
        v = self._victim(s.victim, what)
        if v is False:
            return None
        b = Squeeze(v, s.suits)
        return b, "squeeze" + (f" {v.full_name}" if v is not None else "") + \
            (f" in {' and '.join(SUIT_PLURAL[x] for x in s.suits)}" if s.suits else "")

    def _throwin(self, s, what):
        v = self._victim(s.victim, what)
        if v is False:
            return None
        b = ThrowIn(v, s.suit)
        return b, "throw " + (v.full_name if v is not None else "an opponent") + " in" + \
            (f" with a {SUIT_SINGULAR[s.suit]}" if s.suit is not None else "")

    def _establish(self, s, what):
        """"establish the clubs": the suit and, when said, the hand whose cards are set up."""
        hand = self.hand(s.hand)
        if s.suit is None or not self.suit_mask(self.side, s.suit):
            self.notes.append(f"{what}: {self.side_name()} have no such suit")
            return None
        if hand is not None and not suit_cards(self.pos.hands[hand], s.suit):
            self.notes.append(f"{what}: {self.name(hand)} has no {SUIT_PLURAL[s.suit]}")
            return None
        b = Establish(s.suit, hand)
        return b, f"establish the {SUIT_PLURAL[s.suit]}" + (f" in {self.name(hand)}" if hand is not None else "") + \
            " (played from the top, the rounds they must win given up on the way)"

    def _outstanding(self, s, what):
        """"one trump out", "the ♠J is still out": the card (or the trump suit) he says the
        opponents hold; a note where they do not."""
        ref = s.card
        if isinstance(ref, CardRef) and ref.trump and ref.rank is None:
            t = self.trump_suit(what)
            if t is None:
                return None
            return self._out_suit(t, CardRef(t, None, None, None, True), "a trump", "trumps", what)
        if isinstance(ref, CardRef) and ref.rank is None and ref.suit is not None:
            return self._out_suit(ref.suit, CardRef(ref.suit), f"a {SUIT_SINGULAR[ref.suit]}",
                                  SUIT_PLURAL[ref.suit], what)
        c = self.card(ref, what, self.opps)
        if not isinstance(c, int):
            return None
        return Outstanding(c), f"{self.holder(c).full_name}'s {_sym(c)} is out"

    def _out_suit(self, suit: int, ref: CardRef, one: str, plural: str, what: str):
        """:meth:`_outstanding` of a card of ``suit`` whose rank is not said."""
        held = list(iter_cards(self.suit_mask(self.opps, suit)))
        if not held:
            self.notes.append(f"{what}: the opponents have no {plural} left")
            return None
        return Outstanding(ref), f"{one} is out (" + ", ".join(
            f"{self.holder(c).full_name}'s {_sym(c)}" for c in held) + ")"

    def _tricklist(self, s, what):
        for suit, n in s.counts:
            have = len(list(iter_cards(self.suit_mask(self.side, suit))))
            if n > have:
                self.notes.append(f"{what}: {self.side_name()} hold only {have} {SUIT_PLURAL[suit]}")
        parts = [f"{n} {SUIT_SINGULAR[x] if n == 1 else SUIT_PLURAL[x]}" for x, n in s.counts]
        return s, "tricks: " + ", ".join(parts) + " (a count, not an order of play)"

    def _asserts(self, s, what):
        """"trumps are 2-2": kept with the suit found; the text says how the cards lie."""
        ev, ev_text = self.event(s.event)
        if ev.suit is None:
            return None
        a, b = (len(list(iter_cards(self.suit_mask((o,), ev.suit)))) for o in self.opps)
        said = f"{ev.split[0]}-{ev.split[1]}" if ev.split else "as evenly as they can"
        if ev.holds(a, b):
            return Asserts(ev), f"he says {SUIT_PLURAL[ev.suit]} lie {said}: they do"
        return Asserts(ev), (f"he says {SUIT_PLURAL[ev.suit]} lie {said}: they are {max(a, b)}-{min(a, b)} "
                             "(a belief the cards contradict, not a statement that he knew of them)")

    def _ifthen(self, s, what):
        ev, ev_text = self.event(s.event)
        then, t1 = self.steps(s.then)
        other, t2 = self.steps(s.otherwise)
        if s.unless and not s.then:
            return IfThen(ev, (), tuple(other), unless=True), \
                f"unless {ev_text}: " + ("; ".join(t2) or "the rest are good")
        text = f"if {ev_text}: " + ("; ".join(t1) or "the rest are good")
        if s.otherwise:
            text += "; otherwise: " + ("; ".join(t2) or "nothing stated")
        return IfThen(ev, tuple(then), tuple(other)), text

    def event(self, e):
        what = "the condition"
        if isinstance(e, Drops):
            c = self.card(e.card, what, self.opps)
            c = e.card if c is None else c
            return Drops(c), f"{card_text(c)} drops"
        if isinstance(e, Breaks):
            suit = e.suit
            if e.trump:
                suit = self.trump_suit(what)
            if e.they:
                self.notes.append(f"{what}: '{'both follow' if e.follow else 'they'}' follows no suit said before it: "
                                  "the condition is not decided")
            b = Breaks(suit, e.split, e.trump and suit is None, e.they, e.follow)
            name = SUIT_PLURAL[suit] if suit is not None else ("they" if e.they else "trumps")
            if e.follow:
                return b, f"both opponents follow to the {SUIT_SINGULAR[suit] if suit is not None else 'suit'}"
            return b, f"{name} break" + (f" {e.split[0]}-{e.split[1]}" if e.split else "")
        if isinstance(e, FinesseFails):
            f = self.last_finesse
            if f is None:
                self.notes.append(f"{what}: 'if it fails' follows no finesse that could be identified")
                return e, "it fails"
            ev = FinesseFails(f.suit, f.with_card, f.lead_from)
            fourth, above = ev.beaten_by(self.pos.hands)
            if above:
                return ev, f"the finesse fails ({fourth.full_name} holds {', '.join(_sym(c) for c in above)})"
            return ev, f"the finesse fails (it does not: {fourth.full_name} holds no {SUIT_SINGULAR[f.suit]} above {_sym(f.with_card)})"
        if isinstance(e, ShowsOut):
            seat = self.hand(e.seat)
            suit = self.trump_suit(what) if e.trump else e.suit
            b = ShowsOut(seat, suit, e.trump and suit is None)
            return b, f"{seat.full_name if seat is not None else 'an opponent'} shows out" + \
                (f" of {SUIT_PLURAL[suit]}" if suit is not None else "")
        return e, str(e)


def _bind_finesse(b: _Binder, s: Finesse, what: str):
    """Find the tenace a finesse statement means."""
    ref = s.against
    if isinstance(ref, CardRef) and ref.rank is not None and ref.hand is not None and s.with_card is None:
        # "if East has the ♣K": the finesse against the ♣K wherever it lies, led so that East
        # plays second to it (it wins when he holds it)
        said = b.hand(ref.hand)
        if said not in b.opps:
            b.notes.append(f"{what}: {said.full_name} is not an opponent")
            return None
        r = _bind_finesse(b, dataclasses.replace(s, against=dataclasses.replace(ref, hand=None), lead_from=said.rho),
                          what)
        if r is not None and isinstance(r[0], Finesse) and isinstance(r[0].against, int):
            return r[0], r[1] + f" — he places it with {said.full_name}"
        return r
    if (s.suit is None and isinstance(ref, CardRef) and ref.rank is not None and ref.suit is None
            and not ref.trump and s.with_card is None):
        # "if the king is onside": of the opponents' kings, the one a finesse can be taken against
        kings = [su for su in range(4) if any(b.pos.hands[x] >> make_card(su, ref.rank) & 1 for x in b.opps)]
        found = []
        for su in kings:
            trial = _Binder(b.pos, b.claimer, b.declarer)
            r = _bind_finesse(trial, dataclasses.replace(s, suit=su, against=dataclasses.replace(ref, suit=su)), what)
            if r is not None and isinstance(r[0], Finesse) and isinstance(r[0].against, int):
                found.append(r)
        if len(found) == 1:
            return found[0]
    hints_with = s.with_card
    hints_against = s.against
    suit = s.suit
    if isinstance(hints_with, CardRef) and hints_with.trump or isinstance(hints_against, CardRef) and hints_against.trump:
        suit = b.trump_suit(what)
        if suit is None:
            return None
    with_card = None
    if hints_with is not None:
        with_card = b.card(hints_with, what, b.side, suit)
        if with_card is None:
            return None
        if not isinstance(with_card, int):
            return s, render_step(s) + " (card left open)"
        suit = card_suit(with_card)
    against_seat = None
    against = None
    if hints_against is not None:
        if isinstance(hints_against, CardRef) and hints_against.rank is None and hints_against.hand is not None:
            against_seat = b.hand(hints_against.hand)
            if against_seat in b.side:
                b.notes.append(f"{what}: {b.name(against_seat)} is on the claiming side")
                return None
        else:
            against = b.card(hints_against, what, b.opps, suit)
            if against is None:
                return None
            if not isinstance(against, int):
                return s, render_step(s) + " (card left open)"
            suit = card_suit(against)
    lead_hint = b.hand(s.lead_from)
    suits = [suit] if suit is not None else list(range(4))
    best = None
    for su in suits:
        opp = b.suit_mask(b.opps, su)
        if against is not None:
            opp_cards = [against]
        elif against_seat is not None:
            opp_cards = list(iter_cards(suit_cards(b.pos.hands[against_seat], su)))
        else:
            opp_cards = list(iter_cards(opp))
        for h in b.side:
            other = h.partner
            if with_card is not None and b.holder(with_card) != h:
                continue
            if lead_hint is not None and not s.run_lead and lead_hint != other:
                continue
            lead = h if s.run_lead else other
            if not suit_cards(b.pos.hands[lead], su):
                continue
            if s.ruffing and (b.trump == NOTRUMP or suit_cards(b.pos.hands[other], su)
                              or not suit_cards(b.pos.hands[other], b.trump)):
                continue  # a ruffing finesse runs the card towards partner void in the suit, with trumps
            mine = [with_card] if with_card is not None else list(iter_cards(suit_cards(b.pos.hands[h], su)))
            for w in mine:
                above = [a for a in opp_cards if card_rank(a) > card_rank(w)]
                if not above or (s.double and len(above) < 2):
                    continue
                a = min(above, key=card_rank)
                cand = (card_rank(w), w, h, a, lead)
                if best is None or cand[0] > best[0]:
                    best = cand
                break  # the highest card of this hand that has an outstanding card above it
    if best is None:
        where = f"in {SUIT_PLURAL[suit]}" if suit is not None else "anywhere"
        if s.ruffing:
            b.notes.append(f"{what}: there is no ruffing finesse {where} — no card of {b.side_name()} below "
                           "a higher card of the opponents faces a partner void in the suit who holds a trump")
            return None
        b.notes.append(f"{what}: there is no finesse {where} — no card of {b.side_name()} "
                       f"can be finessed against a higher card of the opponents")
        return None
    _, w, h, a, lead = best
    bound = Finesse(card_suit(w), a, w, lead, s.run_lead, s.ruffing, double=s.double)
    ah = b.holder(a)
    if s.double:
        text = (f"double finesse: {_sym(w)} first (lead from {b.name(lead)} toward {h.full_name}'s "
                f"{_holding(b.pos.hands[h], card_suit(w))}, against {ah.full_name}'s {_sym(a)}), then again "
                "with the cheapest card that wins")
    elif s.ruffing:
        text = (f"ruffing finesse: lead {_sym(w)} from {b.name(h)}, {b.name(h.partner)} ruffing if it is covered "
                f"and discarding if not (against {ah.full_name}'s {_sym(a)})")
    elif s.run_lead:
        text = f"run {_sym(w)} from {b.name(h)} (finesse against {ah.full_name}'s {_sym(a)})"
    else:
        text = (f"finesse {_sym(w)} (lead from {b.name(lead)} toward {h.full_name}'s "
                f"{_holding(b.pos.hands[h], card_suit(w))}, against {ah.full_name}'s {_sym(a)})")
    return bound, text


def bind(line: Line, position, claimer: Seat, declarer: Seat) -> BoundStatement:
    """Resolve ``line`` against ``position`` for ``claimer`` (declarer or a defender)."""
    b = _Binder(position, claimer, declarer)
    steps, said = b.steps(line.steps)
    if line.tricks is not None:
        kind = {"down": "down", "remaining": "more tricks", "total": "tricks in all"}.get(line.tricks_kind or "", "tricks")
        said.insert(0, f"claims {line.tricks} {kind}")
    if not line.steps:
        said.append("no line stated: the rest are claimed as good")
    return BoundStatement(dataclasses.replace(line, steps=tuple(steps)), b.notes, said)
