"""The claim statement as a line of play: an ordered list of typed steps (DESIGN 2.2).

A line is what the claimer said, in a form the claim search can obey. Steps are frozen
dataclasses. Fields that name a hand or a card hold either a *reference* as spoken
(:class:`HandRef`, :class:`CardRef`), before binding, or concrete values (a ``Seat``, a card
int) after :func:`claimsolver.statement.bind` has resolved them against the position.
``None`` always means "not stated": the search fills it with any normal choice.

Suits are ints 0..3 (S H D C); seats are :class:`claimsolver.cards.Seat`; cards are ints
``16 * suit + rank``.
"""

from __future__ import annotations

import dataclasses
from typing import Union

from claimsolver.cards import Seat


# --- references as spoken (before binding) -------------------------------------------------

@dataclasses.dataclass(frozen=True)
class HandRef:
    """A hand as the claimer named it: ``"dummy"``, ``"hand"`` (the claimer's own),
    ``"partner"`` (a defender's partner), or a seat letter ``"N"``/``"E"``/``"S"``/``"W"``."""

    word: str


@dataclasses.dataclass(frozen=True)
class CardRef:
    """A card as the claimer named it. ``rank`` None = unspecified ("a club"); ``qualifier``
    is ``"top"``, ``"small"``, ``"last"``, ``"loser"`` ("the heart loser": a card of the suit
    below an outstanding one) or None; ``hand`` is whose card it is, if said."""

    suit: int | None
    rank: int | None = None
    hand: HandRef | None = None
    qualifier: str | None = None
    trump: bool = False  # "my last trump", "the ace of trumps": suit is the trump suit


Hand = Union[Seat, HandRef, None]
CardLike = Union[int, CardRef, None]


# --- steps ---------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class DrawTrumps:
    """Lead trumps until the opponents have none ("drawing trumps", "pull the last trump");
    ``ending``: the hand that wins the round drawing their last trump ("... ending in dummy")."""

    hand: Hand = None
    ending: Hand = None


@dataclasses.dataclass(frozen=True)
class Cash:
    """Cash a suit's winners from the top ("run the diamonds", "cash ♠AKQ").
    ``cards`` lists named cards (in the order said) when the claimer named them."""

    suit: int | None
    hand: Hand = None
    cards: tuple[CardLike, ...] = ()


@dataclasses.dataclass(frozen=True)
class Ruff:
    """Ruff a suit in a hand ("ruff a heart in dummy"); ``count`` None = as many as needed."""

    suit: int | None
    hand: Hand = None
    count: int | None = 1


@dataclasses.dataclass(frozen=True)
class Crossruff:
    """Ruff back and forth between the two hands."""

    suits: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Finesse:
    """Take a finesse in ``suit`` against ``against`` (the card finessed against), playing
    ``with_card`` (the card finessed with) from the hand that holds it, leading from the
    other hand (``lead_from``) unless the lead is of the honour itself ("run the ♠J")."""

    suit: int | None
    against: CardLike = None
    with_card: CardLike = None
    lead_from: Hand = None
    run_lead: bool = False  # "lead the ♥10 and let it run": the led card is the finessing card
    # "a ruffing finesse": the card is run towards partner, void in the suit, who ruffs if it is
    # covered and discards if not (run_lead is then True)
    ruffing: bool = False
    # "take the heart finesse twice", "repeat the finesse": the finesse before it once more,
    # with the next card of the tenace (bound to that finesse)
    again: bool = False
    # "the double finesse": the first of two, with the tenace's card below two of theirs
    # (AQ10 against KJ: the ten first, then the queen)
    double: bool = False


@dataclasses.dataclass(frozen=True)
class Concede:
    """Concede ``count`` trick(s) in ``suit`` or to ``card`` ("giving you the ♠A"),
    ``at_end`` when the claimer said so ("losing a diamond at the end")."""

    suit: int | None = None
    card: CardLike = None
    count: int = 1
    at_end: bool = False


@dataclasses.dataclass(frozen=True)
class Duck:
    """Duck a round of a suit (play low from both hands)."""

    suit: int | None
    hand: Hand = None


@dataclasses.dataclass(frozen=True)
class Unblock:
    card: CardLike


@dataclasses.dataclass(frozen=True)
class Overtake:
    card: CardLike = None


@dataclasses.dataclass(frozen=True)
class Cross:
    """Cross to a hand ("play a heart to the king", "cross to dummy with the ♦A")."""

    hand: Hand = None
    card: CardLike = None
    suit: int | None = None


@dataclasses.dataclass(frozen=True)
class PlayCard:
    """Play one named card (card lists "♠A, ♠K, then ♥Q" become one PlayCard each)."""

    card: CardLike


@dataclasses.dataclass(frozen=True)
class Discard:
    """Discard cards or a suit ("my losing diamonds") on another suit ("on the clubs")."""

    cards: tuple[CardLike, ...] = ()
    suit: int | None = None
    on_suit: int | None = None
    on_card: CardLike = None
    hand: Hand = None


@dataclasses.dataclass(frozen=True)
class Squeeze:
    victim: Hand = None
    suits: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class ThrowIn:
    victim: Hand = None
    suit: int | None = None


@dataclasses.dataclass(frozen=True)
class TrickList:
    """"four hearts, three spades and a diamond": a count of tricks per suit, NOT an order of
    play (DESIGN 2.2). ``counts`` is a tuple of (suit, n) pairs."""

    counts: tuple[tuple[int, int], ...]


@dataclasses.dataclass(frozen=True)
class Establish:
    """"establish the clubs", "set up dummy's diamonds": the suit played from the top until
    its last winner, the rounds the opponents must win given up on the way (the cards are read
    from the position when the line is compiled: laws.count.establishing_cards)."""

    suit: int | None
    hand: Hand = None


@dataclasses.dataclass(frozen=True)
class Outstanding:
    """"one trump out", "the ♠J is still out": he says the opponents hold the card (``card``;
    a trump, rank open, for "a trump"). Not a play: a statement about that card (Law 70C1 for
    a trump), so he is not taken to have overlooked it."""

    card: CardLike


# --- conditionals --------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Drops:
    """A card falls (is played by an opponent) during the steps before the test."""

    card: CardLike


@dataclasses.dataclass(frozen=True)
class Breaks:
    """A suit splits ``split`` (e.g. (3, 3)) between the opponents; ``None`` = "breaks"
    (no worse than the most even split)."""

    suit: int | None
    split: tuple[int, int] | None = None
    trump: bool = False  # "if trumps break": suit is the trump suit (known after binding)
    they: bool = False  # "if they break" with no suit said before it: left open
    follow: bool = False  # "if both follow": each opponent holds a card of the suit

    def holds(self, a: int, b: int) -> bool:
        """Do the opponents' a and b cards of the suit split as stated (as evenly as possible
        when no split is stated; each holding one when "both follow")?"""
        if self.follow:
            return min(a, b) >= 1
        return sorted((a, b)) == sorted(self.split) if self.split else abs(a - b) <= 1


@dataclasses.dataclass(frozen=True)
class ShowsOut:
    seat: Hand
    suit: int | None
    trump: bool = False  # "shows out of trumps": suit is the trump suit


@dataclasses.dataclass(frozen=True)
class FinesseFails:
    """"take the club finesse; if it fails, take the spade finesse": the finesse said just
    before loses its trick. Bound to that finesse (``suit``, ``with_card``, ``lead_from``):
    decided from the position, as a director sees it — the opponent playing fourth to it
    holds a card of the suit above the finessing card."""

    suit: int | None = None
    with_card: CardLike = None
    lead_from: Hand = None

    def beaten_by(self, hands) -> tuple[Seat, list[int]]:
        """The opponent playing fourth to the bound finesse (the leader's right-hand opponent)
        and his cards of the suit above the finessing card, in ``hands`` (four bitboards): it
        fails when there are any."""
        fourth = Seat(self.lead_from).rho
        held = hands[fourth] >> (16 * self.suit) & 0x7FFC
        return fourth, [16 * self.suit + r for r in range(self.with_card % 16 + 1, 15) if held >> r & 1]


Event = Union[Drops, Breaks, ShowsOut, FinesseFails]


@dataclasses.dataclass(frozen=True)
class Asserts:
    """"trumps are 2-2", "spades break": he says how the opponents' cards of a suit lie. Not a
    play: a statement about the suit when the cards lie as he says (Law 70C1 for trumps); a
    split the cards contradict is no such statement (he did not know of the cards he missed)."""

    event: Breaks


@dataclasses.dataclass(frozen=True)
class IfThen:
    """"if the ♥Q drops I have the rest, otherwise I take the club finesse"."""

    event: Event
    then: tuple["Step", ...] = ()
    otherwise: tuple["Step", ...] = ()
    # said as "unless EVENT, STEPS" (then empty): the same line, echoed as it was said
    unless: bool = False


Step = Union[
    DrawTrumps, Cash, Ruff, Crossruff, Finesse, Concede, Duck, Unblock, Overtake, Cross,
    PlayCard, Discard, Squeeze, ThrowIn, TrickList, Establish, Outstanding, Asserts, IfThen,
]


@dataclasses.dataclass(frozen=True)
class Line:
    """The statement as understood: ordered steps, and the number of tricks the statement
    itself mentions, if any. ``tricks_kind`` says how to read ``tricks``: ``"remaining"``
    ("three more tricks", "the rest" leaves it None), ``"total"`` ("ten tricks", "11" for the
    declaring side's total), ``"down"`` ("one off": undertricks of the contract)."""

    steps: tuple[Step, ...] = ()
    tricks: int | None = None
    tricks_kind: str | None = None

    @property
    def empty(self) -> bool:
        return not self.steps


EMPTY_LINE = Line()
