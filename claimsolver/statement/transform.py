"""The parse tree of a statement -> :class:`claimsolver.line.Line` (the lark transformer).

:mod:`claimsolver.statement.parser` parses the normalised words with the grammar
(``grammar.lark``) and hands the tree to :class:`_ToLine`; a value the grammar accepts but the
line cannot hold ("play the 12", a second count of tricks) raises :class:`_BadToken`, which the
parser reports at the word's column. Split from the parser, which keeps the text-level work
(limits, "A after B", "unless E", errors)."""

from __future__ import annotations

import dataclasses

from lark import Token, Transformer

from claimsolver.line import (
    Asserts, Breaks, CardRef, Cash, Concede, Cross, Crossruff, Discard, DrawTrumps, Drops, Duck,
    Establish, Finesse, FinesseFails, HandRef, IfThen, Line, Outstanding, Overtake, PlayCard, Ruff, ShowsOut,
    Squeeze, ThrowIn, TrickList, Unblock,
)
from claimsolver.statement import vocab

SUIT_INDEX = vocab.SUIT_WORD_INDEX


# --- small value objects passed between transformer methods --------------------------------

class _S(tuple):
    """A suit as said: (suit, plural)."""

    @property
    def suit(self) -> int:
        return self[0]

    @property
    def plural(self) -> bool:
        return self[1]


_TRUMP = "trump-suit"


def _suit_of(tok: Token) -> _S:
    w = str(tok)
    plural = w.endswith("s")
    return _S((SUIT_INDEX[w.rstrip("s")], plural))


def _tag(x, name):
    return isinstance(x, tuple) and not isinstance(x, _S) and len(x) > 0 and x[0] == name


def _find(children, name, default=None):
    for c in children:
        if _tag(c, name):
            return c
    return default


def _toks(children, kind):
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def _has(children, kind) -> bool:
    return any(isinstance(c, Token) and c.type == kind for c in children)


def _suits(children) -> list[_S]:
    return [c for c in children if isinstance(c, _S)]


def _cards(children) -> list[CardRef]:
    out: list[CardRef] = []
    for c in children:
        if _tag(c, "cards"):
            out.extend(c[1])
    return out


def _count(children):
    for c in children:
        if _tag(c, "count"):
            return c[1]
    return None


def _fill_suit(card: CardRef | None, suit: int | None) -> CardRef | None:
    if card is None or suit is None or card.suit is not None or card.trump:
        return card
    return CardRef(suit, card.rank, card.hand, card.qualifier, card.trump)


def _loc(children):
    c = _find(children, "loc")
    return c[1] if c else None


def _owner(children):
    c = _find(children, "owner")
    return c[1] if c else None


MY = HandRef("hand")


def _counted_cash(suit: int, hand, n: int | None) -> Cash:
    """"cash my two diamonds": the count is kept as that many unnamed cards of the suit
    (``Cash(♦, hand, cards=(♦, ♦))``); binding makes them the hand's top two diamonds."""
    return Cash(suit, hand, (CardRef(suit),) * n if n else ())


class _Bare(list):
    """Steps said without a verb (a card, "a heart"): after "then" they take the verb of the
    step before when that was a discard said as a verb ("discard the ♣2 then the ♣3")."""


class _ThenRank(_Bare):
    """A rank said after "then" ("play the ace, then the king"): the grammar's rule holds the
    "then" itself."""


class _Discarding(list):
    """A discard said as the clause's own verb ("discard the ♣2", "throw a club"), not as a
    participle of another step ("cash the ♥A discarding the ♣2")."""


class _ToLine(Transformer):
    def __init__(self, toks=None):
        super().__init__()
        self._toks = toks  # the words as typed, by position (a verb's form)

    # ---- noun phrases --------------------------------------------------------------------
    def count(self, ch):
        t = ch[0]
        return ("count", 1 if t.type == "A" else int(t))

    def suit(self, ch):
        return _suit_of(ch[0])

    def suitish(self, ch):
        t = ch[0]
        return ("trump",) if t.type == "TRUMP" else _suit_of(t)

    def suitlist(self, ch):
        if ch[0].type == "SUITPAIR":
            return ("suits", (2, 3) if str(ch[0]) == "minors" else (0, 1))
        out: list[int] = []
        for t in ch:
            s = _suit_of(t).suit
            if s not in out:
                out.append(s)
        return ("suits", tuple(out))

    def hand(self, ch):
        return ("hand", HandRef(str(_toks(ch, "HAND")[0])))

    def loc(self, ch):
        return ("loc", ch[-1][1])

    def owner(self, ch):
        if _has(ch, "MY"):
            return ("owner", MY)
        return ("owner", HandRef(str(_toks(ch, "HAND")[0])))

    def rank(self, ch):
        t = ch[0]
        r = int(t)
        if t.type == "NUM" and not 2 <= r <= 10:
            raise _BadToken(t, f"{r} is not a rank", ["a rank (ace, king, queen, jack, 10 ... 2)"])
        return ("rank", r)

    def _ranks(self, ch):
        return [c[1] for c in ch if _tag(c, "rank")]

    def c_card(self, ch):
        from claimsolver.cards import parse_card

        c = parse_card(str(_toks(ch, "CARD")[0]))
        return ("cards", [CardRef(c >> 4, c & 15, _owner(ch))])

    def c_rank_of(self, ch):
        return ("cards", [CardRef(_suit_of(_toks(ch, "SUIT")[0]).suit, self._ranks(ch)[0], _owner(ch))])

    def c_ranks_of(self, ch):
        s = _suit_of(_toks(ch, "SUIT")[0]).suit
        return ("cards", [CardRef(s, r, _owner(ch)) for r in self._ranks(ch)])

    c_suit_rank = c_rank_of

    c_suit_ranks = c_ranks_of  # "the spade ace and king": the suit said first, then its ranks

    def c_rank_trump(self, ch):
        return ("cards", [CardRef(None, self._ranks(ch)[0], _owner(ch), trump=True)])

    c_trump_rank = c_rank_trump

    def c_qual(self, ch):
        q = [t for t in ch if isinstance(t, Token) and t.type in ("SMALL", "TOP", "LAST")][0]
        return ("cards", [CardRef(_suit_of(_toks(ch, "SUIT")[0]).suit, None, _owner(ch), q.type.lower())])

    def c_qual_trump(self, ch):
        q = [t for t in ch if isinstance(t, Token) and t.type in ("SMALL", "TOP", "LAST")][0]
        return ("cards", [CardRef(None, None, _owner(ch), q.type.lower(), trump=True)])

    def c_rank(self, ch):
        return ("cards", [CardRef(None, self._ranks(ch)[0], _owner(ch))])

    def card(self, ch):
        return ch[0]

    def card_s(self, ch):
        return ch[0]

    def cardlist(self, ch):
        return ("cards", _cards(ch))

    # ---- items ---------------------------------------------------------------------------
    def start(self, ch):
        steps, tricks = _collect(ch)
        return Line(tuple(steps), *(tricks or (None, None)))

    def item(self, ch):
        return ch[0]

    def step_at_end(self, ch):
        """"concede a club at the end", "at the end, ruff a heart": a concession is marked
        ``at_end``; any other step is moved after the other steps of its sentence (or branch)."""
        steps = [c for c in ch if isinstance(c, list)][0]
        return ("atend", steps)

    def nothing(self, ch):
        return ("nothing",)

    def tricks_total(self, ch):
        return ("tricks", _count(ch), "total")

    def tricks_more(self, ch):
        return ("tricks", _count(ch), "remaining")

    def tricks_bare(self, ch):
        num = _toks(ch, "NUM")[0]
        return ("tricks", int(num), "total", num)

    def tricks_down(self, ch):
        return ("tricks", _count(ch), "down")

    # ---- conditionals --------------------------------------------------------------------
    def split(self, ch):
        a, b = _toks(ch, "NUM")
        return ("split", (int(a), int(b)))

    def ev_drop(self, ch):
        return ("event", Drops(_cards(ch)[0]))

    def ev_break(self, ch):
        sp = _find(ch, "split")
        su = ch[0]
        if _tag(su, "trump"):
            return ("event", Breaks(None, sp[1] if sp else None, trump=True))
        return ("event", Breaks(su.suit, sp[1] if sp else None))

    def asserts(self, ch):
        """"trumps are 2-2", "spades break": the event of a conditional, said as a fact."""
        return [Asserts(self.ev_break(ch)[1])]

    def ev_break_they(self, ch):
        """"if they are 3-2": Breaks with no suit and not trumps, the suit filled in from the step
        before (``resolve_they``)."""
        sp = _find(ch, "split")
        return ("event", Breaks(None, sp[1] if sp else None, they=True))

    def ev_both_follow(self, ch):
        """"if both follow": each opponent holds a card of the suit of the step before."""
        return ("event", Breaks(None, None, they=True, follow=True))

    def asserts_they(self, ch):
        return [Asserts(self.ev_break_they(ch)[1])]

    def ev_showsout(self, ch):
        h = _find(ch, "hand")[1]
        su = [c for c in ch if isinstance(c, _S) or _tag(c, "trump")]
        if su and _tag(su[0], "trump"):
            return ("event", ShowsOut(h, None, trump=True))
        return ("event", ShowsOut(h, su[0].suit if su else None))

    def branch(self, ch):
        steps, tricks = _collect(ch)
        return ("branch", tuple(steps), tricks)

    def conditional(self, ch):
        ev = _find(ch, "event")[1]
        branches = [c for c in ch if _tag(c, "branch")]
        then = branches[0]
        other = branches[1] if len(branches) > 1 else ("branch", (), None)
        tricks = then[2] or other[2]
        return ("cond", IfThen(ev, then[1], other[1]), tricks)

    # ---- steps ---------------------------------------------------------------------------
    def tmod(self, ch):
        return ("my",) if _has(ch, "MY") else ("tmod",)

    def tmod2(self, ch):
        return ("tmod",)

    def draw(self, ch):
        hand = _loc(ch)
        if hand is None and (_find(ch, "my") or _has(ch, "MY")):
            hand = MY
        return [DrawTrumps(hand)]

    def ending(self, ch):
        return ("ending", _find(ch, "hand")[1], ch[0])

    def fromtop(self, ch):
        return ("fromtop",)

    def cash_suit(self, ch):
        hand = _loc(ch) or (MY if _has(ch, "MY") else None)
        return [_counted_cash(_suits(ch)[0].suit, hand, _count(ch))]

    def cash_owned(self, ch):
        return [_counted_cash(_suits(ch)[0].suit, _loc(ch) or _owner(ch), _count(ch))]

    def establish(self, ch):
        return [Establish(_suits(ch)[0].suit, _loc(ch) or _owner(ch))]

    def cashv(self, ch):
        return ("cashv",)

    def cash_ntop(self, ch):
        """"the top three trumps", "cash my three top clubs": that many top cards of the suit
        (``Cash(suit, hand, (top,) * n)``; binding names the side's, or the hand's, n highest
        cards). "the top one spade" is the top spade, one card."""
        n = _count(ch)
        hand = _loc(ch) or _owner(ch)
        trump = _find(ch, "trump") is not None
        suit = None if trump else _suits(ch)[0].suit
        top = CardRef(suit, None, None, "top", trump)
        if n == 1:
            return [PlayCard(dataclasses.replace(top, hand=hand))]
        return [Cash(suit, hand, (top,) * n)]

    def cash_top(self, ch):
        s = _suits(ch)[0].suit
        return [Cash(s, _loc(ch) or _owner(ch), (CardRef(s, None, None, "top"),))]

    def cash_cards(self, ch):
        hand = _loc(ch)
        out: list[Cash] = []
        group: list[CardRef] = []
        for c in _cards(ch):
            if group and (group[-1].suit != c.suit or group[-1].trump != c.trump):
                out.append(Cash(group[0].suit, hand, tuple(group)))
                group = []
            group.append(c)
        out.append(Cash(group[0].suit, hand, tuple(group)))
        return out

    def ruffv(self, ch):
        return ("ruffv",)

    def ruffwith(self, ch):
        return ("ruffwith", _cards(ch)[0])

    def _ruff(self, ch, suit, count):
        """A ruff, and the trump it is made with when said: ``Ruff(suit, hand)`` followed by
        ``PlayCard(card)`` (the line model has no card field on a ruff). The ruffing hand is
        the one said ("in dummy"), else the card's owner ("with dummy's small trump")."""
        w = _find(ch, "ruffwith")
        hand = _loc(ch)
        if w is None:
            return [Ruff(suit, hand, count)]
        card = w[1]
        if hand is None:
            hand = card.hand
        return [Ruff(suit, hand, count), PlayCard(card)]

    def ruff(self, ch):
        s = _suits(ch)[0]
        n = _count(ch)
        if n is None:
            n = None if s.plural and not _find(ch, "ruffwith") else 1
        return self._ruff(ch, s.suit, n)

    def ruff_last(self, ch):
        return self._ruff(ch, _suits(ch)[0].suit, 1)

    def ruff_good(self, ch):
        return [Ruff(_suits(ch)[0].suit, _loc(ch), None)]

    def ruff_any(self, ch):
        return self._ruff(ch, None, 1)

    def ruff_loser(self, ch):
        """"ruff the heart loser in dummy", "ruff my club losers": the suit is ruffed (once, or
        as often as needed for a plural without a count)."""
        lo = _find(ch, "loser")
        n = lo[2] if lo[2] is not None else (None if lo[4] and not _find(ch, "ruffwith") else 1)
        return self._ruff(ch, lo[1], n)

    def ruff_losers(self, ch):
        """"ruff my losers", "ruff the losers in dummy": no suit said, as often as needed."""
        return self._ruff(ch, None, None)

    def crossruff(self, ch):
        s = _find(ch, "suits")
        return [Crossruff(s[1] if s else ())]

    # finesses
    def against(self, ch):
        c = _cards(ch)
        if c:
            return ("against", c[0])
        return ("against", _find(ch, "hand")[1])

    def leadfrom(self, ch):
        return ("leadfrom", _find(ch, "hand")[1])

    def _finesse(self, ch, suit, with_card=None, run=False, ruffing=False):
        ag = _find(ch, "against")
        against = ag[1] if ag else None
        if suit is None and isinstance(against, CardRef) and not against.trump:
            suit = against.suit
        if isinstance(against, HandRef):
            against = CardRef(suit, None, against)
        against = _fill_suit(against, suit)
        lf = _find(ch, "leadfrom")
        return [Finesse(suit, against, with_card, lf[1] if lf else None, run or ruffing, ruffing)]

    def fin_suit(self, ch):
        return self._finesse(ch, _suits(ch)[0].suit)

    fin_in = fin_suit

    def fin_plain(self, ch):
        return self._finesse(ch, None)

    def fin_with(self, ch):
        c = [x for x in ch if _tag(x, "cards")][0][1][0]
        return self._finesse(ch, c.suit, c)

    fin_with_against = fin_with

    def fin_ruffing(self, ch):
        s = _suits(ch)
        return self._finesse(ch, s[0].suit if s else None, ruffing=True)

    def fin_twice(self, ch):
        """"take the heart finesse twice": the finesse, then the same once more."""
        fin = [c for c in ch if isinstance(c, list)][0]
        return [*fin, Finesse(None, again=True)]

    def fin_double(self, ch):
        """"take the double finesse in clubs": a finesse taken twice, the lower card first
        (compiled as two: laws/statement.py)."""
        s = _suits(ch)
        return [Finesse(s[0].suit if s else None, double=True)]

    def fin_again(self, ch):
        """"repeat the finesse", "finesse again": the finesse said before, once more."""
        return [Finesse(None, again=True)]

    def fin_run(self, ch):
        c = _cards(ch)[0]
        return self._finesse(ch, c.suit, c, run=True)

    # concessions
    def cverb(self, ch):
        return ("cverb",)

    def atend(self, ch):
        return ("atend",)

    def con_suit(self, ch):
        return [Concede(_suits(ch)[0].suit, None, _count(ch) or 1, bool(_find(ch, "atend")))]

    def con_trump(self, ch):
        return [Concede(None, CardRef(None, trump=True), _count(ch) or 1, bool(_find(ch, "atend")))]

    def con_trick(self, ch):
        cards = _cards(ch)
        return [Concede(None, cards[0] if cards else None, _count(ch) or 1, bool(_find(ch, "atend")))]

    con_trick_to = con_trick

    def finesse_fails(self, ch):
        """"take the club finesse; if it fails I lose one" (a count, a concession, "you get
        one"): the finesse — the trick it loses when it fails is the one he says he loses.
        "…; if it fails, take the spade finesse": the finesse, then the second line when it
        loses (line.FinesseFails, bound to the finesse). A count of tricks said for the
        failing finesse is not the claim's."""
        fin = [c for c in ch if isinstance(c, list)][0]
        then = _find(ch, "branch")[1]
        if all(isinstance(s, Concede) for s in then):
            return fin
        return ("branch", (*fin, IfThen(FinesseFails(), then, ())), None)

    def onside(self, ch):
        """"if the ♣K is onside, the rest are mine; otherwise one off": the finesse against the
        card (its tenace found when bound); a count of tricks said for the finesse winning is
        the claim's, the loss said for it failing is the trick it loses (as finesse_fails)."""
        card = _cards(ch)[0]
        return ("branch", (Finesse(card.suit, card),), self._onside_tricks(ch))

    def onside_has(self, ch):
        """"if East has the ♣K, all mine": the finesse against the card, taken so that it wins
        when that opponent holds it (``against`` names the card and where he says it lies)."""
        card = _cards(ch)[0]
        hand = _find(ch, "hand")[1]
        return ("branch", (Finesse(card.suit, CardRef(card.suit, card.rank, hand)),), self._onside_tricks(ch))

    def onside_fin(self, ch):
        """"if the club finesse works I have ten tricks": the finesse, as ``onside``."""
        s = _suits(ch)
        return ("branch", (Finesse(s[0].suit if s else None),), self._onside_tricks(ch))

    @staticmethod
    def _onside_tricks(ch):
        if _has(ch, "OFFSIDE"):
            return None
        for c in ch:
            if isinstance(c, Token) and c.type == "OTHERWISE":
                return None
            if _tag(c, "tricks"):
                return (c[1], c[2], c[3]) if len(c) > 3 else (c[1], c[2])
        return None

    def con_last(self, ch):
        """"you get the last trick": one trick conceded at the end."""
        return [Concede(None, None, 1, True)]

    def con_card(self, ch):
        at_end = bool(_find(ch, "atend"))
        return [_concede_card(c, at_end) for c in _cards(ch)]

    def con_loser_ref(self, ch):
        lo = _find(ch, "loser")
        return [Concede(lo[1], None, lo[2] or 1, bool(_find(ch, "atend")))]

    def con_you(self, ch):
        return [c for c in ch if isinstance(c, list)][0]

    def ex_count(self, ch):
        return [Concede(None, None, _count(ch))]

    def ex_step(self, ch):
        return ch[0]

    def exceptions(self, ch):
        return [s for c in ch if isinstance(c, list) for s in c]

    def con_loser(self, ch):
        s = _suits(ch)
        return [Concede(s[0].suit if s else None, None, _count(ch) or 1, bool(_find(ch, "atend")))]

    def duck(self, ch):
        s = _suits(ch)
        return [Duck(s[0].suit if s else None, _loc(ch))]

    def duck_card(self, ch):
        c = _cards(ch)[0]
        return [Duck(c.suit, c.hand)]

    def unblock(self, ch):
        return [Unblock(c) for c in _cards(ch)]

    def unblock_suit(self, ch):
        return [Unblock(CardRef(_suits(ch)[0].suit, None, MY if _has(ch, "MY") else None))]

    def overtake(self, ch):
        c = _cards(ch)
        return [Overtake(c[0] if c else None)]

    def overtake_with(self, ch):
        return [Overtake(_cards(ch)[-1])]

    # crossing
    def with_card(self, ch):
        return ("with", _cards(ch)[0], None)

    def with_suit(self, ch):
        return ("with", None, _suits(ch)[0].suit)

    def with_trump(self, ch):
        return ("with", CardRef(None, trump=True), None)

    def leadnp_suit(self, ch):
        return ("leadnp", _suits(ch)[0].suit)

    def leadnp_card(self, ch):
        c = _cards(ch)[0]
        return ("leadnp", c.suit)

    def leadv(self, ch):
        return ("leadv",)

    def _cross(self, hand, w):
        card, suit = (w[1], w[2]) if w else (None, None)
        if card is not None and suit is None:
            suit = card.suit
        return [Cross(hand, card, suit)]

    def cross_hand(self, ch):
        return self._cross(_find(ch, "hand")[1], _find(ch, "with"))

    def cross_with(self, ch):
        return self._cross(None, _find(ch, "with"))

    def cross_to_card(self, ch):
        suit = _find(ch, "leadnp")[1]
        target = _fill_suit(_cards(ch)[-1], suit)
        return [Cross(target.hand, target, suit)]

    def cross_toward(self, ch):
        """"lead towards the king": a card of its suit led to it (the suit found when bound
        where it is not said)."""
        target = _cards(ch)[-1]
        return [Cross(target.hand, target, target.suit)]

    def cross_trump_hand(self, ch):
        """"play a trump to dummy": a trump led to that hand (bound to the trump suit)."""
        return [Cross(_find(ch, "hand")[1], CardRef(None, trump=True), None)]

    def cross_trump_card(self, ch):
        """"lead a trump to the ace": the ace of trumps, led to."""
        c = _cards(ch)[-1]
        return [Cross(c.hand, CardRef(None, c.rank, c.hand, c.qualifier, True), None)]

    def cross_to_hand(self, ch):
        return [Cross(_find(ch, "hand")[1], None, _find(ch, "leadnp")[1])]

    # cards
    def play_list(self, ch):
        steps = [PlayCard(c) for c in _cards(ch)]
        return steps if any(isinstance(c, Token) for c in ch) else _Bare(steps)

    def play_one(self, ch):
        return [PlayCard(_cards(ch)[0])]

    def play_rank(self, ch):
        return _ThenRank([PlayCard(CardRef(None, int(_toks(ch, "RANK")[0]), _owner(ch)))])

    def play_loser(self, ch):
        s = _suit_of(_toks(ch, "SUIT")[0]).suit
        return [PlayCard(CardRef(s, None, _owner(ch), "loser"))]

    def play_suit(self, ch):
        s = _suit_of(_toks(ch, "SUIT")[0]).suit
        return [PlayCard(CardRef(s, None, None, "small" if _has(ch, "SMALL") else None))]

    # losers named by their role
    def loser(self, ch):
        """("loser", suit, count or None, owner, plural): "the heart loser", "my losing club",
        "my two club losers"."""
        s = _suits(ch)[0]
        said = _toks(ch, "LOSER")
        plural = str(said[0]) == "losers" if said else s.plural  # "hearts loser" is one
        return ("loser", s.suit, _count(ch), _owner(ch), plural)

    # discards
    def dwhat_suit(self, ch):
        s = _suits(ch)[0]
        n = _count(ch)
        if n is None and s.plural:
            return ("dwhat", (), s.suit, _owner(ch))
        return ("dwhat", (CardRef(s.suit),) * (n or 1), None, _owner(ch))

    def dwhat_loser(self, ch):
        """"my losing diamonds" (plural, no count): the suit; "the heart loser", "two club
        losers": that many losers of the suit (binding names them)."""
        _, suit, n, owner, plural = _find(ch, "loser")
        if n is None and plural:
            return ("dwhat", (), suit, owner)
        return ("dwhat", (CardRef(suit, None, None, "loser"),) * (n or 1), None, owner)

    def dwhat_small(self, ch):
        s = _suits(ch)[0].suit
        return ("dwhat", (CardRef(s, None, _owner(ch), "small"),) * _count(ch), None, None)

    def dplace(self, ch):
        return ("dplace",)

    def dwhat_losers(self, ch):
        return ("dwhat", (), None, _owner(ch))

    def dwhat_cards(self, ch):
        return ("dwhat", tuple(_cards(ch)), None, None)

    def dtarget_suit(self, ch):
        return ("dtarget", _suits(ch)[0].suit, None)

    def dtarget_card(self, ch):
        # "on dummy's ♦AK": the first card said; the suit runs from there
        return ("dtarget", None, _cards(ch)[0])

    def discard(self, ch):
        w = _find(ch, "dwhat")
        t = _find(ch, "dtarget") or ("dtarget", None, None)
        steps = [Discard(w[1], w[2], t[1], t[2], _loc(ch) or w[3])]
        verb = ch[0]
        if (isinstance(verb, Token) and verb.type in ("DISCARD", "THROW") and self._toks is not None
                and not self._toks[verb.start_pos].word.lower().endswith("ing")):
            return _Discarding(steps)
        return steps

    # squeezes, throw-ins
    def out_trump(self, ch):
        return [Outstanding(CardRef(None, trump=True))]

    def out_suit(self, ch):
        return [Outstanding(CardRef(_suits(ch)[0].suit))]

    def out_card(self, ch):
        """"the ♠J is out"; "the last trump is out", "the top spade is out": a trump, a card of
        the suit (which one is not said)."""
        out = []
        for c in _cards(ch):
            if c.rank is None:
                c = CardRef(None, trump=True) if c.trump else CardRef(c.suit)
            out.append(Outstanding(c))
        return out

    def squeeze(self, ch):
        h = _find(ch, "hand")
        s = _find(ch, "suits")
        return [Squeeze(h[1] if h else None, s[1] if s else ())]

    def tw_suit(self, ch):
        return ("tw", _suits(ch)[0].suit)

    def tw_card(self, ch):
        return ("tw", _cards(ch)[0].suit)

    def throwin(self, ch):
        tw = _find(ch, "tw")
        return [ThrowIn(_find(ch, "hand")[1], tw[1] if tw else None)]

    def tlentry(self, ch):
        return ("tl", (_suits(ch)[0].suit, _count(ch)))

    def tricklist(self, ch):
        steps = [TrickList(tuple(c[1] for c in ch if _tag(c, "tl")))]
        return steps if _has(ch, "TAKE") else _Bare(steps)


def _concede_card(c: CardRef, at_end: bool) -> Concede:
    """A conceded card. One of the claimer's own, named by its role ("the small club", "my last
    trump", "the heart loser") is a trick lost in its suit, not a card the opponents win with."""
    if c.rank is None and c.qualifier in ("small", "last", "loser"):
        if c.trump:
            return Concede(None, CardRef(None, trump=True), 1, at_end)
        return Concede(c.suit, None, 1, at_end)
    return Concede(None, c, 1, at_end)


def _collect(children):
    """Items and a trailing conditional -> (steps, (tricks, kind) or None). Steps said "at
    the end" go after the others (a concession keeps its place, marked ``at_end``). A bare
    number right after "then" that can be a rank is a card; a count of tricks is said once."""
    steps: list = []
    last: list = []
    tricks = None
    by_rank = False  # a card said by its rank after "then"
    prev = None
    said = None  # the last steps said
    for c in children:
        after_then, prev = isinstance(prev, Token) and prev.type == "THEN", c
        if (after_then or isinstance(c, _ThenRank)) and isinstance(c, _Bare) and isinstance(said, _Discarding):
            # "discard the ♣2 then the ♣3", "throw a club, then a heart": the verb said once
            # goes on ("cash the ♥A discarding the ♣2, then the ♦J" plays the jack: there
            # the discard is a participle of the cash)
            c = _Discarding(_discarded(s, said[-1].hand) for s in c)
        if isinstance(c, list):
            said = c
        if after_then and _tag(c, "tricks") and len(c) > 3 and 2 <= c[1] <= 10:
            # "play the 10, then the 8": a bare number after "then" is the next card, said by
            # its rank (the suit found when bound), not a count of tricks; after a discard said
            # as a verb, the next card discarded ("discard the ♣2 then the 3")
            if isinstance(said, _Discarding):
                said = _Discarding([Discard((CardRef(None, c[1]),), None, None, None, said[-1].hand)])
                steps.extend(said)
            else:
                steps.append(PlayCard(CardRef(None, c[1])))
            by_rank = True
            continue
        if isinstance(c, list):
            for s in c:  # a "they" after a step of the same clause reads that step
                steps.append(resolve_they(s, steps))
        elif _tag(c, "ending"):
            # "draw trumps ending in dummy": the drawing of trumps just said
            if not steps or not isinstance(steps[-1], DrawTrumps) or steps[-1].ending is not None:
                raise _BadToken(c[2], f"'{c[2]}' (where the lead ends) follows no drawing of trumps",
                                ["'ending in dummy' said right after drawing trumps"])
            steps[-1] = dataclasses.replace(steps[-1], ending=c[1])
        elif _tag(c, "atend"):
            for s in c[1]:
                if isinstance(s, Concede):
                    steps.append(dataclasses.replace(s, at_end=True))
                else:
                    last.append(s)
        elif _tag(c, "tricks"):
            if tricks is not None and tricks[:2] != (c[1], c[2]) and (len(c) > 3 or len(tricks) > 2):
                # a bare number is a count of tricks ("all 11"); a second, different one
                # ("ten tricks, 9") is no count: most likely a card said without its suit or verb
                raise _BadToken(c[3] if len(c) > 3 else tricks[2],
                                f"a second number of tricks ({c[1]}) after {tricks[0]}",
                                ["a card with its suit (the ♥10) or a verb (play the 10)"])
            tricks = tricks or ((c[1], c[2], c[3]) if len(c) > 3 else (c[1], c[2]))
        elif _tag(c, "cond"):
            steps.append(resolve_they(c[1], steps))
            tricks = tricks or c[2]
        elif _tag(c, "branch"):
            steps.extend(c[1])
            tricks = tricks or c[2]
    if by_rank and tricks is not None and len(tricks) > 2:
        # "the 10, then the 8": the first number is a card said by its rank too
        raise _BadToken(tricks[2], f"{tricks[0]} is read as a number of tricks beside cards said by their rank",
                        ["a card with a verb (play the 10) or its suit (the ♥10), or 'tricks' (10 tricks)"])
    return steps + last, (tricks[:2] if tricks is not None else None)


def resolve_they(step, before):
    """"draw trumps; if they are 3-2, …", "cash the clubs, they break": a split said of "they"
    is of the suit of the step before (trumps after drawing them); with none, it stays open and
    the condition is not decided (laws/statement.py)."""
    ev = step.event if isinstance(step, (IfThen, Asserts)) else None
    if isinstance(step, IfThen) and step.unless and not before:
        before = step.otherwise[:1]  # "draw trumps unless they are 4-0": the steps it keeps
    if not (isinstance(ev, Breaks) and ev.they) or not before:
        return step
    prev = before[-1]
    cards = [c for c in (getattr(prev, "cards", ()) or (getattr(prev, "card", None),)) if isinstance(c, CardRef)]
    if isinstance(prev, DrawTrumps) or (cards and cards[0].trump):
        ev = dataclasses.replace(ev, trump=True, they=False)
    elif isinstance(getattr(prev, "suit", None), int):
        ev = dataclasses.replace(ev, suit=prev.suit, they=False)
    elif cards and cards[0].suit is not None:
        ev = dataclasses.replace(ev, suit=cards[0].suit, they=False)  # "cash the ♠A; if both follow"
    else:
        return step
    return dataclasses.replace(step, event=ev)


def _discarded(step, hand) -> Discard:
    """A card or "a heart" said after "discard …, then": a discard by the same hand."""
    if isinstance(step, PlayCard):
        return Discard((step.card,), None, None, None, hand)
    return Discard(tuple(CardRef(suit) for suit, n in step.counts for _ in range(n)), None, None, None, hand)


class _BadToken(Exception):
    def __init__(self, token: Token, reason: str, expected: list[str]):
        self.token, self.reason, self.expected = token, reason, expected
