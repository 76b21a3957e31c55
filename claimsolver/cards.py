"""Core bridge types: seats, suits, strains, ranks, cards and card sets.

Numbering follows DDS and endplay: suits S=0 H=1 D=2 C=3 (notrump = 4 as a strain), seats
N=0 E=1 S=2 W=3 clockwise, ranks 2..14 (ace = 14). A card is the integer ``16 * suit + rank``
and a set of cards is an int bit mask with that layout, so each suit's 16 bits are exactly
endplay's holding for that suit. Every ``parse_*`` has a ``*_name`` partner that inverts it.
"""

from __future__ import annotations

import enum
from typing import Iterable, Iterator

from claimsolver.errors import NotationError


class Seat(enum.IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self) -> "Seat":
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> "Seat":
        return Seat((self + 2) % 4)

    @property
    def rho(self) -> "Seat":
        return Seat((self + 3) % 4)

    @property
    def side(self) -> int:
        """0 for North-South, 1 for East-West."""
        return self & 1

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


class Suit(enum.IntEnum):
    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def full_name(self) -> str:
        return ("spades", "hearts", "diamonds", "clubs")[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


NOTRUMP = 4
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SEAT_LETTERS = "NESW"
RANK_LETTERS = "--23456789TJQKA"  # index = rank
ACE, KING, QUEEN, JACK, TEN = 14, 13, 12, 11, 10

SUIT_MASK = 0x7FFC  # ranks 2..14 of one suit
FULL_DECK = sum(SUIT_MASK << (16 * s) for s in range(4))


# --- seats ---------------------------------------------------------------------------------

def parse_seat(text: str) -> Seat:
    """``"N"``, ``"north"``, ``"s"`` ... -> Seat."""
    t = str(text).strip().upper()
    names = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
    t = names.get(t, t)
    if len(t) == 1 and t in SEAT_LETTERS:
        return Seat(SEAT_LETTERS.index(t))
    raise NotationError(f"unknown seat {text!r} (expected N, E, S or W)")


def seat_name(seat: int) -> str:
    return SEAT_LETTERS[seat]


# --- strains -------------------------------------------------------------------------------

def parse_strain(text: str) -> int:
    """``"S"``, ``"H"``, ``"D"``, ``"C"`` -> 0..3; ``"NT"``/``"N"`` -> 4."""
    t = str(text).strip().upper()
    if t in ("NT", "N", "NOTRUMP", "NOTRUMPS", "NO TRUMP", "NO TRUMPS"):
        return NOTRUMP
    if len(t) == 1 and t in SUIT_LETTERS:
        return SUIT_LETTERS.index(t)
    if t in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(t)
    raise NotationError(f"unknown strain {text!r} (expected S, H, D, C or NT)")


def strain_name(strain: int) -> str:
    return "NT" if strain == NOTRUMP else SUIT_LETTERS[strain]


def parse_suit(text: str) -> Suit:
    t = str(text).strip().upper()
    if len(t) == 1 and t in SUIT_LETTERS:
        return Suit(SUIT_LETTERS.index(t))
    if len(t) == 1 and t in SUIT_SYMBOLS:
        return Suit(SUIT_SYMBOLS.index(t))
    raise NotationError(f"unknown suit {text!r} (expected S, H, D or C)")


# --- ranks and cards -----------------------------------------------------------------------

def parse_rank(text: str) -> int:
    t = str(text).strip().upper()
    if t == "10":
        return TEN
    if len(t) == 1 and t in RANK_LETTERS[2:]:
        return RANK_LETTERS.index(t)
    raise NotationError(f"unknown rank {text!r} (expected A K Q J T/10 9..2)")


def rank_name(rank: int) -> str:
    return RANK_LETTERS[rank]


def make_card(suit: int, rank: int) -> int:
    return 16 * suit + rank


def card_suit(card: int) -> int:
    return card >> 4


def card_rank(card: int) -> int:
    return card & 15


def parse_card(text: str) -> int:
    """A card in claim-file notation: suit letter then rank (``SA``, ``HT``, ``C10``).

    Also accepted: a suit symbol (``♠A``) and rank-first forms (``AS``, ``A♠``, ``10C``)."""
    raw = str(text)
    t = raw.strip().upper().replace("-", "")
    if len(t) >= 2:
        head, tail = t[0], t[1:]
        if head in SUIT_LETTERS + SUIT_SYMBOLS:
            try:
                return make_card(parse_suit(head), parse_rank(tail))
            except NotationError:
                pass
        head, tail = t[:-1], t[-1]
        if tail in SUIT_LETTERS + SUIT_SYMBOLS:
            try:
                return make_card(parse_suit(tail), parse_rank(head))
            except NotationError:
                pass
    raise NotationError(f"unknown card {raw!r} (expected suit then rank, e.g. SA, HT, C10)")


def card_name(card: int) -> str:
    """Claim-file notation: ``SA``, ``HT``."""
    return SUIT_LETTERS[card_suit(card)] + RANK_LETTERS[card_rank(card)]


def card_symbol(card: int) -> str:
    """Display notation: ``♠A``, ``♥10``."""
    r = card_rank(card)
    return SUIT_SYMBOLS[card_suit(card)] + ("10" if r == TEN else RANK_LETTERS[r])


# --- card sets (int masks) -----------------------------------------------------------------

def bit(card: int) -> int:
    return 1 << card


def iter_cards(mask: int) -> Iterator[int]:
    """Cards of a mask, spades first, highest rank first within a suit."""
    for suit in range(4):
        for rank in range(ACE, 1, -1):
            if mask >> (16 * suit + rank) & 1:
                yield 16 * suit + rank


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(mask: int) -> int:
    return int(mask).bit_count()


def suit_holding(mask: int, suit: int) -> int:
    """The rank bits of one suit (bit r = rank r), as endplay stores a holding."""
    return (mask >> (16 * suit)) & SUIT_MASK


def suit_cards(mask: int, suit: int) -> int:
    """The cards of one suit, kept in place in the 64-bit layout."""
    return mask & (SUIT_MASK << (16 * suit))


def parse_hand(text: str) -> int:
    """One PBN hand ``AK5.QJ.-.T98`` (spades.hearts.diamonds.clubs, ``-`` for a void hand or
    suit, ``10`` accepted for T) -> mask."""
    t = str(text).strip()
    if t == "-":
        return 0
    parts = t.split(".")
    if len(parts) != 4:
        raise NotationError(f"hand {text!r} must have 4 suits separated by '.' (spades.hearts.diamonds.clubs)")
    mask = 0
    for suit, part in enumerate(parts):
        part = part.strip().upper().replace("10", "T")
        if part == "-":
            continue
        for ch in part:
            try:
                rank = parse_rank(ch)
            except NotationError:
                raise NotationError(f"hand {text!r}: {ch!r} is not a rank in the {Suit(suit).full_name}") from None
            card = make_card(suit, rank)
            if mask >> card & 1:
                raise NotationError(f"hand {text!r}: {card_name(card)} appears twice")
            mask |= 1 << card
    return mask


def hand_name(mask: int) -> str:
    """Mask -> PBN hand (``-`` for a hand with no cards)."""
    if mask == 0:
        return "-"
    return ".".join(
        "".join(RANK_LETTERS[r] for r in range(ACE, 1, -1) if mask >> (16 * s + r) & 1) for s in range(4)
    )


def parse_deal(text: str) -> tuple[int, int, int, int]:
    """PBN deal ``N:h1 h2 h3 h4`` (first seat then clockwise) -> masks indexed by seat."""
    t = str(text).strip()
    if len(t) < 2 or t[1] != ":":
        raise NotationError(f"deal {text!r} must start with a seat and ':' (e.g. 'N:AK5... ...')")
    first = parse_seat(t[0])
    hands = t[2:].split()
    if len(hands) != 4:
        raise NotationError(f"deal {text!r} must list 4 hands separated by spaces, found {len(hands)}")
    masks = [0, 0, 0, 0]
    for i, h in enumerate(hands):
        seat = (first + i) % 4
        try:
            masks[seat] = parse_hand(h)
        except NotationError as e:
            raise NotationError(f"{Seat(seat).full_name}'s hand: {e}") from None
    return masks[0], masks[1], masks[2], masks[3]


def deal_name(hands: Iterable[int], first: int = 0) -> str:
    hs = list(hands)
    return SEAT_LETTERS[first] + ":" + " ".join(hand_name(hs[(first + i) % 4]) for i in range(4))
