"""Law 70D1 (and 68C): the statement binds. A bound line becomes the step table the claim
search obeys.

While a step is active it fixes the claiming side's choices it speaks of; whatever it leaves
open is filled by normal plays. A stated line is followed even when it loses (a stated losing
finesse is taken). A step that cannot be carried out (the card is not there, the suit is
gone) is reported and the rest is played as if unstated. A list of tricks ("four hearts and a
diamond") is not an order of play; when it ends the statement he leads the suits listed, and
keeps them, while a normal play does so (:meth:`_Compiler.listed_suits`).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from claimsolver import line as L
from claimsolver import tables as T
from claimsolver.cards import NOTRUMP, Seat, Suit, card_suit
from claimsolver.claim import Claim
from claimsolver.errors import InvalidInput
from claimsolver.laws.awareness import Mentions
from claimsolver.laws.count import establishing_cards

ALL = 13  # "as many as needed"
# The most step rows the claim search takes (engine/claim_api.py checks the same bound; a test
# ties the two). A statement that compiles to more is an input error naming the statement.
MAX_STEP_ROWS = 250


@dataclasses.dataclass(frozen=True)
class CompiledLine:
    steps: np.ndarray  # int64[n, N_STEP_FIELDS]
    mentions: Mentions
    notes: tuple[str, ...]


def _row(kind: int, suit: int = -1, hand: int = -1, card: int = -1, card2: int = -1,
         count: int = -1, flag: int = 0) -> list[int]:
    return [kind, suit, hand, card, card2, count, flag, -1, -1]


def _seat(h) -> int:
    return int(h) if isinstance(h, Seat) else -1


def _card(c) -> int:
    return c if isinstance(c, int) and not isinstance(c, bool) and c >= 0 else -1


class _Compiler:
    def __init__(self, claim: Claim):
        self.claim = claim
        self.rows: list[list[int]] = []
        self.cards: set[int] = set()
        self.suits: set[int] = set()
        self.listed: list[tuple[int, int]] = []  # tricks listed by suit (TrickList), for awareness
        self.lists = 0  # TrickList steps met
        self.notes: list[str] = []
        self.at_end: list[L.Step] = []

    @property
    def trump(self) -> int:
        return self.claim.position.trump

    def mention_card(self, c) -> None:
        if _card(c) >= 0:
            self.cards.add(c)

    def emit(self, row: list[int]) -> int:
        self.rows.append(row)
        return len(self.rows) - 1

    def steps(self, steps) -> None:
        steps = list(steps)
        i = 0
        while i < len(steps):
            st = steps[i]
            nxt = steps[i + 1] if i + 1 < len(steps) else None
            if (isinstance(st, L.Ruff) and isinstance(nxt, L.PlayCard) and _card(nxt.card) >= 0
                    and self.trump != NOTRUMP and card_suit(nxt.card) == self.trump
                    and isinstance(st.hand, Seat)
                    and self.claim.position.hands[int(st.hand)] >> nxt.card & 1):
                # "ruff the heart with the ace of trumps": the stated trump does the ruffing
                self.step(st, ruff_card=nxt.card)
                i += 2
                continue
            self.step(st)
            i += 1

    def step(self, st, ruff_card: int = -1) -> None:  # noqa: C901 - one branch per step kind
        if isinstance(st, L.DrawTrumps):
            if self.trump == NOTRUMP:
                self.notes.append("'draw trumps' cannot apply at notrump: ignored")
                return
            self.suits.add(self.trump)
            self.emit(_row(T.STEP_DRAW_TRUMPS, self.trump, _seat(st.hand), count=_seat(st.ending)))
        elif isinstance(st, L.Cash):
            named = [c for c in st.cards if _card(c) >= 0]
            if named:
                for c in named:
                    self.mention_card(c)
                    self.emit(_row(T.STEP_PLAY, card_suit(c), card=c))
            elif isinstance(st.suit, int):
                self.emit(_row(T.STEP_CASH, st.suit, _seat(st.hand)))
            else:
                self.notes.append("a suit to cash could not be identified: ignored")
        elif isinstance(st, L.Discard):
            self.discard(st)
        elif isinstance(st, L.Ruff):
            if self.trump == NOTRUMP or not isinstance(st.hand, Seat) or not isinstance(st.suit, int):
                self.notes.append("the stated ruff cannot be identified (no trump suit, suit or ruffing hand): ignored")
                return
            if ruff_card >= 0:
                self.mention_card(ruff_card)
            self.emit(_row(T.STEP_RUFF, st.suit, int(st.hand), card=ruff_card, count=st.count or ALL))
        elif isinstance(st, L.Crossruff):
            if self.trump == NOTRUMP:
                self.notes.append("a crossruff cannot apply at notrump: ignored")
                return
            self.emit(_row(T.STEP_CROSSRUFF))
        elif isinstance(st, L.Finesse):
            w = _card(st.with_card)
            if w < 0 or not isinstance(st.suit, int):
                self.notes.append("the finesse stated has no tenace to take it with: ignored")
                return
            self.mention_card(st.against)
            # a finesse repeated (or the second of a double) takes the trick as cheaply as the
            # tenace can: which of its cards is left depends on what the first one met
            self.emit(_row(T.STEP_FINESSE, st.suit, _seat(st.lead_from), -1 if st.again and not st.run_lead else w,
                           _card(st.against), flag=1 if st.run_lead else 0))
            if st.double:  # the second finesse of a double, as a finesse repeated
                self.emit(_row(T.STEP_FINESSE, st.suit, _seat(st.lead_from), -1))
        elif isinstance(st, L.Concede):
            if st.at_end:
                self.at_end.append(dataclasses.replace(st, at_end=False))
                return
            self.mention_card(st.card)
            suit = st.suit if isinstance(st.suit, int) else (card_suit(st.card) if _card(st.card) >= 0 else -1)
            if suit >= 0:
                self.suits.add(suit) if _card(st.card) < 0 else None
            self.emit(_row(T.STEP_CONCEDE, suit, card2=_card(st.card), count=st.count or 1))
        elif isinstance(st, L.Duck):
            if not isinstance(st.suit, int):
                self.notes.append("the suit to duck could not be identified: ignored")
                return
            self.emit(_row(T.STEP_DUCK, st.suit, _seat(st.hand)))
        elif isinstance(st, (L.Unblock, L.Overtake, L.PlayCard)):
            c = _card(st.card)
            if c < 0:
                if isinstance(st, L.Overtake):
                    self.notes.append("'overtake' names no card: the overtake is not imposed")
                else:
                    self.notes.append("a card in the statement could not be identified: ignored")
                return
            self.mention_card(c)
            self.emit(_row(T.STEP_PLAY, card_suit(c), card=c))
        elif isinstance(st, L.Cross):
            c = _card(st.card)
            if c >= 0:
                self.emit(_row(T.STEP_PLAY, card_suit(c), card=c))
            elif isinstance(st.suit, int):
                # "cross to dummy in hearts": lead the suit towards the hand (cashing it from there)
                self.emit(_row(T.STEP_CASH, st.suit, _seat(st.hand)))
            else:
                self.notes.append("the crossing stated names no card or suit: not imposed")
        elif isinstance(st, (L.Squeeze, L.ThrowIn)):
            self.notes.append(
                f"{'squeeze' if isinstance(st, L.Squeeze) else 'throw-in'} stated: it is credited only "
                "as far as the cards force it; the opponents defend as best they can"
            )
        elif isinstance(st, L.Establish):
            self.establish(st)
        elif isinstance(st, L.Outstanding):
            # a statement about the card, not a play: he is not taken to have overlooked it, and
            # a trump said to be out is a statement about trumps (Law 70C1)
            c = _card(st.card)
            if c >= 0:
                self.mention_card(c)
                if card_suit(c) == self.trump:
                    self.suits.add(self.trump)
            elif isinstance(st.card, L.CardRef) and st.card.trump and self.trump != NOTRUMP:
                self.suits.add(self.trump)
            elif isinstance(st.card, L.CardRef) and isinstance(st.card.suit, int):
                self.suits.add(st.card.suit)
        elif isinstance(st, L.Asserts):
            # "trumps are 2-2": a statement about the suit when the cards lie so (Law 70C1 for
            # trumps); a split the cards contradict says he did not know of the cards he missed
            if isinstance(st.event.suit, int) and self.breaks(st.event):
                self.suits.add(st.event.suit)
            elif isinstance(st.event.suit, int):
                self.notes.append(f"he says the {Suit(st.event.suit).full_name} lie otherwise than they do: "
                                  "not a statement that he knew of them")
        elif isinstance(st, L.TrickList):
            self.trick_list(st)
        elif isinstance(st, L.IfThen):
            self.conditional(st)
        else:  # pragma: no cover - every step type is handled above
            self.notes.append(f"{type(st).__name__} is not understood by the search: ignored")

    def establish(self, st: L.Establish) -> None:
        """"establish the clubs" (Law 70D1: the line he states): the suit played from the top
        on the real cards up to the last round his side wins, the rounds the opponents must
        win given up on the way (:func:`claimsolver.laws.count.establishing_cards`: one play
        row per round, the side's card of it; the hand he names, if any, only says whose cards
        he means: the rounds go as the cards lie). He speaks of the suit, so its cards are not
        overlooked."""
        if not isinstance(st.suit, int):
            self.notes.append("the suit to establish could not be identified: ignored")
            return
        cards = establishing_cards(self.claim.position.hands, self.claim.claiming_side, st.suit)
        if cards is None:
            self.notes.append(f"establish the {Suit(st.suit).full_name}: no round of it can be won; not imposed")
            return
        self.suits.add(st.suit)
        for c in cards:
            self.mention_card(c)
            self.emit(_row(T.STEP_PLAY, st.suit, card=c))

    def trick_list(self, st: L.TrickList) -> None:
        """A list of tricks by suit is not an order of play (DESIGN 2.2); what it binds is
        :meth:`listed_suits`."""
        self.listed.extend((s, n) for s, n in st.counts if isinstance(s, int))
        self.lists += 1

    def listed_suits(self, steps) -> None:
        """A list of tricks that ends his statement names the suits he takes the rest in: he
        leads those suits and, when a hand cannot follow, keeps them (trumps apart: a ruff is
        not a discard), whenever a normal play does so (tables.STEP_LISTED). Law 70D1: the
        director takes the claimer at his word — published ruling 28, where declarer listed
        the heart ace, six spades and five diamonds and was ruled to play those suits, losing
        the diamonds he had conceded, not to throw his diamonds or give up a club he never
        spoke of. (A list followed by other steps stays a count: the row would hold those
        steps back until the suits are gone.)

        The number listed in a suit says which of its cards he means to take them with: as many
        of the side's highest cards of the suit (:func:`taking_cards`). A hand
        that cannot follow and holds only listed suits throws its other cards first — published
        ruling 26, "six diamonds, five spades and two clubs": West discards his small clubs on
        the diamonds, not the spade ace and king that take his spade tricks.

        And he cashes before he concedes: while a listed suit the side holds a top card of can
        be led normally, a lead of a listed suit it holds no top card of is not normal, and his
        cashing leads are weighed by his count against each other only — unless a cash outside
        the list (drawing trumps, a winner he did not list) is worth more tricks in his count
        than every listed lead. Published ruling 28: after the spades and the ♦K, declarer
        crosses to the ♦A and cashes the ♦Q before he gives up a diamond, and East then cashes
        the hearts (8, as the director ruled; before, his count's tie-break preferred conceding
        the ♥J or the ♠9, 6). Ruling 26: East cashes the ♦J before conceding a round. The move
        generator applies it with the count's lead rule (tables.STEP_LISTED)."""
        mask = 0
        counts: dict[int, int] = {}
        for st in reversed(list(steps)):
            if isinstance(st, L.Concede) and st.at_end:
                continue  # (played after the list)
            if not isinstance(st, L.TrickList):
                break
            for s, n in st.counts:
                if isinstance(s, int):
                    mask |= 1 << s
                    counts[s] = counts.get(s, 0) + (n if isinstance(n, int) else ALL)
        if mask:
            hands = self.claim.position.hands
            side = self.claim.claiming_side
            taking = 0
            for s, n in counts.items():
                if s != self.trump:  # (a trump is ruffed with, never discarded: the suit rule is enough)
                    taking |= taking_cards(hands[side], hands[side + 2], s, n)
            self.emit(_row(T.STEP_LISTED, count=mask, flag=taking))
            self.notes.append("a list of tricks is not an order of play (DESIGN 2.2): the suits may come in any "
                              "order, but he leads the suits he listed, cashing their winners before he gives "
                              "up a trick in them, and keeps them and the cards that take them, while he can")
        elif self.lists:
            self.notes.append("a list of tricks is not an order of play (DESIGN 2.2): the suits may come in any order")

    def discard(self, st: L.Discard) -> None:
        cards = [c for c in st.cards if _card(c) >= 0]
        suit = st.suit if isinstance(st.suit, int) else -1
        if not cards and suit < 0:
            # "a club from dummy" with more than one club there: any card of the suit
            suit = next((c.suit for c in st.cards if isinstance(c, L.CardRef) and isinstance(c.suit, int)
                         and c.rank is None and not c.qualifier), -1)
        on_suit = st.on_suit if isinstance(st.on_suit, int) else (
            card_suit(st.on_card) if _card(st.on_card) >= 0 else -1)
        if on_suit >= 0:
            if _card(st.on_card) >= 0:
                # "a club on the jack of hearts": in that trick, whether or not the jack is a
                # top card (a ruffing finesse), a claiming hand that cannot follow discards it
                self.emit(_row(T.STEP_PLAY, on_suit, card=st.on_card, card2=cards[0] if cards else -1,
                               count=suit if not cards else -1))
                for c in cards[1:]:
                    self.emit(_row(T.STEP_DISCARD, card_suit(c), card=c))
                return
            for i, c in enumerate(cards or [-1]):
                self.emit(_row(T.STEP_CASH, on_suit, card2=c, count=suit if c < 0 else -1))
            return
        for c in cards:
            self.emit(_row(T.STEP_DISCARD, card_suit(c), card=c))
        if not cards and suit >= 0:
            self.emit(_row(T.STEP_DISCARD, suit))

    def conditional(self, st: L.IfThen) -> None:
        ev = st.event
        test: list[int]
        if isinstance(ev, L.Drops) and _card(ev.card) >= 0:
            test = _row(T.STEP_TEST_DROPS, card_suit(ev.card), card=ev.card)
            self.mention_card(ev.card)
        elif isinstance(ev, L.ShowsOut) and isinstance(ev.seat, Seat) and isinstance(ev.suit, int):
            test = _row(T.STEP_TEST_SHOWN_OUT, ev.suit, int(ev.seat))
        elif isinstance(ev, L.Breaks) and isinstance(ev.suit, int):
            test = _row(T.STEP_TEST_STATIC, ev.suit, flag=1 if self.breaks(ev) else 0)
            self.suits.add(ev.suit)
        elif isinstance(ev, L.FinesseFails) and _card(ev.with_card) >= 0 and isinstance(ev.lead_from, Seat):
            test = _row(T.STEP_TEST_STATIC, ev.suit, flag=1 if ev.beaten_by(self.claim.position.hands)[1] else 0)
        else:
            self.notes.append("the condition could not be identified: both branches are considered")
            test = None  # type: ignore[assignment]
        if test is None:
            # A condition we cannot test: doubtful points go against the claimer (Law 70A), so
            # the line follows the 'otherwise' branch when there is one.
            self.steps(st.otherwise or st.then)
            return
        i = self.emit(test)
        self.rows[i][T.S_NEXT] = i + 1
        self.steps(st.then)
        j = self.emit(_row(T.STEP_TEST_STATIC, flag=1))  # goto the end of the conditional
        self.rows[i][T.S_ALT] = j + 1
        self.steps(st.otherwise)
        self.rows[j][T.S_NEXT] = len(self.rows)

    def breaks(self, ev: L.Breaks) -> bool:
        """Decided from the position (the director sees all four hands): the opponents' cards
        of the suit split as stated, or as evenly as possible when no split is stated."""
        side = self.claim.claiming_side
        h = self.claim.position.hands
        a = bin(h[1 - side] >> (16 * ev.suit) & 0x7FFC).count("1")
        b = bin(h[3 - side] >> (16 * ev.suit) & 0x7FFC).count("1")
        return ev.holds(a, b)

    def finish(self, steps=()) -> CompiledLine:
        self.listed_suits(steps)
        for st in self.at_end:
            self.step(st)
        if self.rows:
            self.emit(_row(T.STEP_END))
        for k, row in enumerate(self.rows):
            if row[T.S_NEXT] < 0 and row[T.S_KIND] != T.STEP_END:
                row[T.S_NEXT] = k + 1
        if len(self.rows) > MAX_STEP_ROWS:
            raise InvalidInput([("statement", f"the stated line needs {len(self.rows)} steps of play; "
                                              f"at most {MAX_STEP_ROWS} are supported")])
        arr = np.array(self.rows, dtype=np.int64).reshape(-1, T.N_STEP_FIELDS)
        return CompiledLine(arr, Mentions(frozenset(self.cards), frozenset(self.suits), tuple(self.listed)), tuple(self.notes))


def taking_cards(hand: int, partner: int, suit: int, n: int) -> int:
    """The claiming side's ``n`` highest cards of ``suit`` (of both hands): the cards a list of
    ``n`` tricks in that suit means him to take them with (his top cards first, as his count
    cashes a suit: DESIGN 2.4)."""
    both = (hand | partner) >> (16 * suit) & 0x7FFC
    taking = 0
    for r in range(14, 1, -1):
        if n <= 0:
            break
        if both >> r & 1:
            taking |= 1 << r
            n -= 1
    return taking << (16 * suit)


def compile_line(line: L.Line, claim: Claim) -> CompiledLine:
    """The step table of a bound line (Seats and card ints resolved)."""
    comp = _Compiler(claim)
    comp.steps(line.steps)
    return comp.finish(line.steps)

