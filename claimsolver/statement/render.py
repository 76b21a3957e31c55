"""Line -> plain English that parses back to the same line (the echo).

Unbound references render in the words the grammar reads (``"dummy's ♠K"``, ``"the king"``,
``"top spades"``); bound values render with seat names and card symbols (``"North's ♠K"``).
``parse(render(line)) == line`` holds for every line the parser produces.
"""

from __future__ import annotations

from claimsolver.cards import ACE, JACK, KING, QUEEN, TEN, Seat, SUIT_SYMBOLS, card_rank, card_suit
from claimsolver.line import (
    Asserts, Breaks, CardRef, Cash, Concede, Cross, Crossruff, Discard, DrawTrumps, Drops, Duck, Establish,
    Finesse, FinesseFails, HandRef, IfThen, Line, Outstanding, Overtake, PlayCard, Ruff, ShowsOut, Squeeze, ThrowIn,
    TrickList, Unblock,
)

SUIT_PLURAL = ("spades", "hearts", "diamonds", "clubs")
SUIT_SINGULAR = ("spade", "heart", "diamond", "club")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen")
RANK_WORDS = {ACE: "ace", KING: "king", QUEEN: "queen", JACK: "jack", TEN: "ten"}
HAND_NAMES = {"dummy": "dummy", "hand": "hand", "partner": "partner", "N": "North", "E": "East",
              "S": "South", "W": "West"}


def number(n: int) -> str:
    return NUMBER_WORDS[n] if 1 <= n < len(NUMBER_WORDS) else str(n)


def hand_name(h) -> str:
    """A hand as a noun: ``dummy``, ``my hand``, ``North``."""
    if isinstance(h, Seat):
        return h.full_name
    if isinstance(h, HandRef):
        return "my hand" if h.word == "hand" else HAND_NAMES.get(h.word, h.word)
    return "?"


def owner_prefix(h) -> str:
    """A hand as an owner: ``my ``, ``dummy's ``, ``North's ``."""
    if h is None:
        return ""
    if isinstance(h, HandRef) and h.word == "hand":
        return "my "
    return hand_name(h) + "'s "


def rank_word(rank: int) -> str:
    return RANK_WORDS.get(rank, str(rank))


def card_text(c, bare: bool = False) -> str:
    """A card (int or CardRef) as a noun phrase. ``bare`` leaves out "the"."""
    the = "" if bare else "the "
    if isinstance(c, int):
        r = card_rank(c)
        return SUIT_SYMBOLS[card_suit(c)] + ("10" if r == TEN else "--23456789TJQKA"[r])
    if c is None:
        return "?"
    own = owner_prefix(c.hand)
    lead = own if own else the
    if c.trump:
        if c.rank is not None:
            return f"{lead}{rank_word(c.rank)} of trumps"
        if c.qualifier:
            return f"{lead}{c.qualifier} trump"
        return f"{own}a trump" if not own else f"{own}trump"
    if c.rank is not None and c.suit is not None:
        return own + SUIT_SYMBOLS[c.suit] + ("10" if c.rank == TEN else "--23456789TJQKA"[c.rank])
    if c.rank is not None:
        return f"{lead}{rank_word(c.rank)}"
    if c.suit is not None and c.qualifier == "top":
        return f"{own}top {SUIT_PLURAL[c.suit]}"
    if c.suit is not None and c.qualifier == "loser":
        return f"{lead}{SUIT_SINGULAR[c.suit]} loser"
    if c.suit is not None and c.qualifier:
        return f"{lead}{c.qualifier} {SUIT_SINGULAR[c.suit]}"
    if c.suit is not None:
        return f"{own}a {SUIT_SINGULAR[c.suit]}" if not own else f"{own}{SUIT_SINGULAR[c.suit]}"
    return "a card"


def _suit_list(suits) -> str:
    names = [SUIT_PLURAL[s] for s in suits]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _loc(word: str, h) -> str:
    return f" {word} {hand_name(h)}" if h is not None else ""


def _count_suit(n: int, suit: int) -> str:
    if n == 1:
        return f"a {SUIT_SINGULAR[suit]}"
    return f"{number(n)} {SUIT_PLURAL[suit]}"


def _event(e) -> str:
    if isinstance(e, FinesseFails):
        return "it fails"
    if isinstance(e, Drops):
        return f"{card_text(e.card)} drops"
    if isinstance(e, Breaks) and e.follow:
        return "both follow"  # to the suit of the step before it (transform.resolve_they)
    if isinstance(e, Breaks):
        what = "they" if e.they else "trumps" if e.trump or e.suit is None else SUIT_PLURAL[e.suit]
        split = f" {e.split[0]}-{e.split[1]}" if e.split else ""
        return f"{what} break{split}"
    if isinstance(e, ShowsOut):
        of = ""
        if e.trump:
            of = " of trumps"
        elif e.suit is not None:
            of = f" of {SUIT_PLURAL[e.suit]}"
        return f"{hand_name(e.seat)} shows out{of}"
    return str(e)


def render_step(s) -> str:
    """One step in words (the grammar reads it back to the same step)."""
    if isinstance(s, DrawTrumps):
        return "draw trumps" + _loc("from", s.hand) + _loc("ending in", s.ending)
    if isinstance(s, Cash):
        if s.cards and len(s.cards) == 1 and isinstance(s.cards[0], CardRef) and s.cards[0].qualifier == "top" \
                and s.cards[0].rank is None and s.suit is not None:
            return f"cash {owner_prefix(s.hand)}top {SUIT_PLURAL[s.suit]}"
        if len(s.cards) > 1 and all(c == CardRef(s.suit, None, None, "top", s.suit is None) for c in s.cards):
            what = "trumps" if s.suit is None else SUIT_PLURAL[s.suit]
            return f"cash {owner_prefix(s.hand) or 'the '}top {number(len(s.cards))} {what}"
        if s.suit is not None and s.cards and all(c == CardRef(s.suit) for c in s.cards):
            n = number(len(s.cards))
            what = SUIT_SINGULAR[s.suit] if len(s.cards) == 1 else SUIT_PLURAL[s.suit]
            if isinstance(s.hand, HandRef) and s.hand.word == "hand":
                return f"cash my {n} {what}"
            return f"cash {n} {what}" + _loc("from", s.hand)
        if s.cards:
            return "cash " + " ".join(card_text(c, bare=True) for c in s.cards) + _loc("from", s.hand)
        if s.suit is None:
            return "cash my winners"
        return f"cash {owner_prefix(s.hand) or 'the '}{SUIT_PLURAL[s.suit]}"
    if isinstance(s, Ruff):
        if s.suit is None:
            # (no suit and no count: "ruff the losers", as often as needed)
            return ("ruff" if s.count is not None else "ruff the losers") + _loc("in", s.hand)
        if s.count is None:
            what = f"the {SUIT_PLURAL[s.suit]}"
        else:
            what = _count_suit(s.count, s.suit)
        return f"ruff {what}" + _loc("in", s.hand)
    if isinstance(s, Crossruff):
        return "crossruff" + (f" in {_suit_list(s.suits)}" if s.suits else "")
    if isinstance(s, Finesse):
        return _finesse(s)
    if isinstance(s, Concede):
        return _concede(s)
    if isinstance(s, Duck):
        return "duck" + (f" a {SUIT_SINGULAR[s.suit]}" if s.suit is not None else "") + _loc("in", s.hand)
    if isinstance(s, Unblock):
        c = s.card
        if isinstance(c, CardRef) and c.rank is None and c.suit is not None and not c.qualifier and not c.trump:
            return f"unblock {'my ' if c.hand == HandRef('hand') else 'the '}{SUIT_PLURAL[c.suit]}"
        return f"unblock {card_text(c)}"
    if isinstance(s, Overtake):
        return "overtake" + (f" with {card_text(s.card)}" if s.card is not None else "")
    if isinstance(s, Cross):
        return _cross(s)
    if isinstance(s, PlayCard):
        c = s.card
        if isinstance(c, CardRef) and c.rank is None and c.suit is not None and not c.trump \
                and c.hand is None and c.qualifier is None:
            return f"lead a {SUIT_SINGULAR[c.suit]}"
        return f"play {card_text(c)}"
    if isinstance(s, Discard):
        return _discard(s)
    if isinstance(s, Squeeze):
        return "squeeze" + (f" {hand_name(s.victim)}" if s.victim is not None else "") + \
            (f" in {_suit_list(s.suits)}" if s.suits else "")
    if isinstance(s, ThrowIn):
        return f"throw {hand_name(s.victim)} in" + (f" with a {SUIT_SINGULAR[s.suit]}" if s.suit is not None else "")
    if isinstance(s, TrickList):
        parts = [_count_suit(n, suit) if n != 1 else f"a {SUIT_SINGULAR[suit]}" for suit, n in s.counts]
        if len(parts) == 1:
            n = s.counts[0][1]
            return f"{number(n)} {SUIT_SINGULAR[s.counts[0][0]]} trick" + ("s" if n != 1 else "")
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    if isinstance(s, Establish):  # (the parser always names the suit)
        return f"establish {owner_prefix(s.hand) or 'the '}{SUIT_PLURAL[s.suit]}"
    if isinstance(s, Outstanding):
        c = s.card
        if isinstance(c, CardRef) and c.trump and c.rank is None:
            return "a trump is out"
        if isinstance(c, CardRef) and c.rank is None and c.suit is not None and c.hand is None:
            return f"a {SUIT_SINGULAR[c.suit]} is out"
        return f"{card_text(c)} is out"
    if isinstance(s, Asserts):
        e = s.event
        what = "they" if e.they else "trumps" if e.trump or e.suit is None else SUIT_PLURAL[e.suit]
        return f"{what} are {e.split[0]}-{e.split[1]}" if e.split else f"{what} break"
    if isinstance(s, IfThen) and s.unless and not s.then:
        return f"unless {_event(s.event)}, {_steps(s.otherwise) or 'I have the rest'}"
    if isinstance(s, IfThen):
        then = _steps(s.then) or "I have the rest"
        text = f"if {_event(s.event)}, {then}"
        if s.otherwise:
            text += f", otherwise {_steps(s.otherwise)}"
        return text
    return str(s)


def _finesse(s: Finesse) -> str:
    if s.again:
        return "repeat the finesse"
    if s.double:
        return f"take the {SUIT_SINGULAR[s.suit]} double finesse" if s.suit is not None else "take the double finesse"
    if s.ruffing:
        text = f"take the {SUIT_SINGULAR[s.suit]} ruffing finesse" if s.suit is not None else "take the ruffing finesse"
    elif s.run_lead and s.with_card is not None:
        text = f"lead {card_text(s.with_card)} and let it run"
        return text
    elif s.with_card is not None:
        text = f"finesse {card_text(s.with_card)}"
    elif s.suit is not None:
        text = f"take the {SUIT_SINGULAR[s.suit]} finesse"
    else:
        text = "take the finesse"
    a = s.against
    if a is not None:
        if isinstance(a, CardRef) and a.rank is None and a.hand is not None and not a.qualifier:
            text += f" against {hand_name(a.hand)}"
        elif isinstance(a, (Seat, HandRef)):
            text += f" against {hand_name(a)}"
        else:
            text += f" against {card_text(a)}"
    if s.lead_from is not None:
        text += f" leading from {hand_name(s.lead_from)}"
    return text


def _concede(s: Concede) -> str:
    end = " at the end" if s.at_end else ""
    c = s.card
    if c is not None:
        if isinstance(c, CardRef) and c.trump and c.rank is None and not c.qualifier and c.hand is None:
            return "concede " + ("a trump" if s.count == 1 else f"{number(s.count)} trumps") + end
        if s.count == 1:
            return f"concede {card_text(c)}{end}"
        return f"concede {number(s.count)} tricks to {card_text(c)}{end}"
    if s.suit is not None:
        return f"concede {_count_suit(s.count, s.suit)}{end}"
    return f"concede {number(s.count)} trick{'s' if s.count != 1 else ''}{end}"


def _cross(s: Cross) -> str:
    c = s.card
    chand = c.hand if isinstance(c, CardRef) else None
    if c is not None and s.suit is not None and isinstance(c, CardRef) and (s.hand is None or s.hand == chand):
        return f"play a {SUIT_SINGULAR[s.suit]} to {card_text(c)}"
    if c is not None:
        return "cross" + (f" to {hand_name(s.hand)}" if s.hand is not None else "") + f" with {card_text(c)}"
    if s.suit is not None:
        return "cross" + (f" to {hand_name(s.hand)}" if s.hand is not None else "") + \
            f" with a {SUIT_SINGULAR[s.suit]}"
    return f"cross to {hand_name(s.hand)}" if s.hand is not None else "cross"


def _discard(s: Discard) -> str:
    if s.suit is not None:
        what = f"{owner_prefix(s.hand) or 'the '}{SUIT_PLURAL[s.suit]}"
        loc = ""
    elif s.cards:
        plain = [c for c in s.cards if isinstance(c, CardRef) and c.rank is None and c.suit is not None
                 and not c.qualifier and not c.trump and c.hand is None]
        first = s.cards[0]
        same = isinstance(first, CardRef) and first.rank is None and first.suit is not None \
            and not first.trump and all(c == first for c in s.cards)
        n = len(s.cards)
        loc = _loc("from", s.hand)
        if same and first.qualifier == "loser" and first.hand is None:
            # "my heart loser", "dummy's two club losers" (the hand said as the owner)
            suit = SUIT_SINGULAR[first.suit]
            what = f"{owner_prefix(s.hand) or 'the '}" + (f"{suit} loser" if n == 1 else f"{number(n)} {suit} losers")
            loc = ""
        elif same and first.qualifier == "small" and n > 1:
            what = f"{owner_prefix(first.hand)}{number(n)} small {SUIT_PLURAL[first.suit]}"
        elif len(plain) == len(s.cards) and len({c.suit for c in plain}) == 1:
            what = _count_suit(len(plain), plain[0].suit)
        else:
            what = " ".join(card_text(c) for c in s.cards)
    else:
        what = f"{owner_prefix(s.hand)}losers"
        loc = ""
    on = ""
    if s.on_suit is not None:
        on = f" on the {SUIT_PLURAL[s.on_suit]}"
    elif s.on_card is not None:
        on = f" on {card_text(s.on_card)}"
    return f"discard {what}{loc}{on}"


def _steps(steps) -> str:
    """Steps joined by ", then "; a step after a conditional starts a new sentence (". Then"),
    since a conditional runs to the end of its sentence, and so does a list of tricks after a
    list of tricks (", then" would join the two into one list)."""
    out = ""
    for i, s in enumerate(steps):
        if i and isinstance(s, IfThen) and isinstance(s.event, FinesseFails):
            out += "; "  # "take the club finesse; if it fails, ..."
        elif i:
            apart = isinstance(steps[i - 1], IfThen) or (isinstance(s, TrickList)
                                                         and isinstance(steps[i - 1], TrickList))
            out += ". Then " if apart else ", then "
        out += render_step(s)
    return out


def render(line: Line) -> str:
    """The line in plain English."""
    parts = []
    if line.tricks is not None:
        n = line.tricks
        if line.tricks_kind == "down":
            parts.append(f"{number(n)} off")
        elif line.tricks_kind == "remaining":
            parts.append(f"{number(n)} more trick{'s' if n != 1 else ''}")
        else:
            parts.append(f"{number(n)} trick{'s' if n != 1 else ''}")
    if line.steps:
        parts.append(_steps(line.steps))
    if not parts:
        return "the rest are mine"
    return ", ".join(parts)
