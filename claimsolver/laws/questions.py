"""The question the director answers (claim-format ``question``), under each code of laws.

* ``contested`` — Law 70 (Club Laws 69/70, rubber Law 69 play-on): the claimer gets the
  tricks of the least successful normal line, never more than he claimed (Law 68B1: the rest
  he conceded). Under ``rubber-2014`` with the defenders' trump option (Law 69B), the option
  that gives declarer fewer tricks.
* ``concession`` — Law 71: the conceding side is the ``claimer`` (declarer, or a defender);
  ``claimed`` is the tricks its side keeps, the rest are conceded. 71B: a conceded trick is
  restored when it "could not be lost by any normal play of the remaining cards" (rubber:
  "any probable sequence"), so tricks = max(claimed, least successful normal line); each
  restored trick is named with the card that wins it on every normal line. 71A: a trick the
  side had in fact won (``won_trick``) is restored whatever the play.
* ``agreed`` — Law 69B (duplicate only): the non-claiming side agreed and withdraws. 69B1: a
  trick it had in fact won (``won_trick``) goes back to it; 69B2: so does each trick it "would
  likely have won had play continued": the j-th trick beyond those it agreed to lose is
  returned when, on more than ``likely`` (default one half) of the normal lines (each normal
  choice of the claiming side at a decision point equally likely, the non-claimers playing
  their best for that trick), the non-claimers win at least that many tricks. Under the
  rubber codes an agreement is a concession (rubber Law 70), see
  :func:`claimsolver.laws.codes.rubber_70_agreement_is_concession`.

:func:`decide` takes the computed facts (:class:`Evidence`: plain data, the engine is never
imported here) and returns the tricks, the reasons and the clauses applied.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from claimsolver.cards import SEAT_LETTERS, Seat, card_name, card_symbol, parse_card, parse_seat
from claimsolver.claim import Claim
from claimsolver.errors import ClaimSolverError, InvalidInput, NotationError


class NotSupported(ClaimSolverError):
    """A setting the solver cannot rule on (reported, never silently mis-ruled)."""


# --- the trick in fact won (Laws 69B1 and 71A) ------------------------------------------------

@dataclasses.dataclass(frozen=True)
class WonTrick:
    """The last trick completed before the claim (claim field ``won_trick``), which the players
    counted to the side that did not win it: ``{"leader": "W", "cards": ["HA", "H2", "H3",
    "S4"]}`` (four cards in order from its leader). ``tricks_won``, when given, counts it as
    the players did."""

    leader: Seat
    cards: tuple[int, int, int, int]

    def winner(self, trump: int) -> Seat:
        best, who = self.cards[0], 0
        for i, c in enumerate(self.cards[1:], 1):
            if (c >> 4 == best >> 4 and c > best) or (trump != 4 and c >> 4 == trump and best >> 4 != trump):
                best, who = c, i
        return Seat((self.leader + who) % 4)

    def winning_card(self, trump: int) -> int:
        return self.cards[(self.winner(trump) - self.leader) % 4]

    def to_json(self) -> dict[str, Any]:
        return {"leader": SEAT_LETTERS[self.leader], "cards": [card_name(c) for c in self.cards]}


def parse_won_trick(value: Any, claim: Claim) -> WonTrick | None:
    """Read and check the ``won_trick`` field (None when absent)."""
    if value is None:
        return None
    problems: list[tuple[str, str]] = []
    if not isinstance(value, Mapping) or "cards" not in value or "leader" not in value:
        raise InvalidInput([("won_trick", 'must be {"leader": "W", "cards": [four cards from the leader]}')])
    try:
        leader = parse_seat(str(value["leader"]))
    except NotationError as e:
        raise InvalidInput([("won_trick.leader", str(e))]) from None
    cards: list[int] = []
    raw = value["cards"]
    if isinstance(raw, str) or not isinstance(raw, (list, tuple)) or len(raw) != 4:
        raise InvalidInput([("won_trick.cards", "must be a list of the trick's four cards")])
    for i, text in enumerate(raw):
        try:
            cards.append(parse_card(str(text)))
        except NotationError as e:
            problems.append((f"won_trick.cards[{i}]", str(e)))
    if problems:
        raise InvalidInput(problems)
    if len(set(cards)) != 4:
        problems.append(("won_trick.cards", "the same card twice"))
    pos = claim.position
    for c in cards:
        if pos.remaining >> c & 1 or c in pos.trick:
            problems.append(("won_trick.cards", f"{card_name(c)} is still in play (in deal or trick)"))
    if claim.tricks_left >= 13:
        problems.append(("won_trick", "no trick has been completed: 13 tricks remain"))
    if problems:
        raise InvalidInput(problems)
    return WonTrick(leader, tuple(cards))  # type: ignore[arg-type]


# --- the facts a decision needs --------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Evidence:
    """What the engine found, as plain data.

    least_normal: the claiming side's tricks on the least successful normal line.
    worst_winners: the tricks of that line the claiming side wins: (trick number, seat, card).
    always: claiming-side cards that win a trick on every normal line (None: not computed).
    shares: shares[k] = share of normal lines on which the non-claiming side wins at least k
      of the remaining tricks (None: not computed).
    trump_options: rubber Law 69B: claiming side's tricks per defenders' option.
    won_trick: the trick in fact won (Laws 69B1, 71A), if any.
    """

    least_normal: int
    double_dummy: int
    worst_winners: tuple[tuple[int, int, int], ...] = ()
    always: tuple[int, ...] | None = None
    shares: tuple[float, ...] | None = None
    trump_options: Mapping[str, int] | None = None
    won_trick: WonTrick | None = None


@dataclasses.dataclass(frozen=True)
class Decision:
    tricks: int
    reasons: list  # list[Reason] (law: the duplicate clause number or a code's own citation)
    applied: list[str] = dataclasses.field(default_factory=list)  # clauses applied, e.g. "Law 71B"
    details: dict[str, Any] = dataclasses.field(default_factory=dict)  # extra ruling fields
    won_trick_to: int | None = None  # side the trick in fact won goes (back) to, if any


@dataclasses.dataclass(frozen=True)
class Reason:
    """A Law clause (the duplicate clause number, or a code's own citation) and a sentence a
    player understands: one line of a ruling's reasons."""

    law: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"law": self.law, "text": self.text}


def _reason(law: str, text: str) -> Reason:
    return Reason(law, text)


def side_name(side: int) -> str:
    return "East-West" if side else "North-South"


def check_supported(claim: Claim) -> None:
    """Every combination of ``law`` and ``question`` is ruled; kept for callers that check
    first (raises :class:`NotSupported` for nothing today)."""
    s = claim.settings
    if s.law not in ("duplicate-2017", "club-2014", "rubber-2014"):
        raise NotSupported(f"law: {s.law!r} is not a code the solver knows")


# --- Law 70 (and the rubber codes' Laws 69/70) --------------------------------------------------

def law_70_contested(claim: Claim, ev: Evidence) -> Decision:
    """Law 70A/70D1: the least successful normal line, capped by the claim (Law 68B1: a
    claim of some tricks concedes the rest). Club Law 69/70: the same test ("any doubtful
    point should be resolved in favor of the defenders"; Club Law 70: "any trick that the
    defenders could lose by normal play")."""
    least = ev.least_normal
    if ev.trump_options:
        least = min(ev.trump_options.values())
    tricks = min(claim.claimed, least)
    if tricks == claim.claimed:
        text = (f"Claim upheld: every normal line consistent with the statement gives the claiming side "
                f"at least {claim.claimed} of the {claim.tricks_left} remaining tricks.")
    else:
        text = (f"Claim not upheld: a normal line consistent with the statement gives the claiming side only "
                f"{tricks} of the {claim.tricks_left} remaining tricks; doubtful points are resolved against "
                f"the claimer.")
    law = "70A" if tricks < claim.claimed else "70"
    reasons = [_reason(law, text)]
    details: dict[str, Any] = {}
    if ev.trump_options:
        reasons.append(_reason("Rubber Law 69B", rubber_69b_text(claim, ev.trump_options)))
        best = min(ev.trump_options, key=lambda k: (ev.trump_options[k], k != "draw"))  # type: ignore[index]
        details["trump_option"] = {"chosen": best, "tricks": dict(ev.trump_options)}
    return Decision(tricks, reasons, details=details)


def rubber_69b_text(claim: Claim, options: Mapping[str, int]) -> str:
    draw, nodraw = options["draw"], options["do not draw"]
    if draw == nodraw:
        return (f"The defenders' option about the outstanding trump makes no difference: declarer takes "
                f"{draw} trick(s) whether they require him to draw it or not to draw it.")
    best = "draw" if draw < nodraw else "do not draw"
    return (f"The defenders require declarer {'to draw' if best == 'draw' else 'not to draw'} the outstanding "
            f"trump: he then takes {options[best]} trick(s) (the other option would give him "
            f"{options['do not draw' if best == 'draw' else 'draw']}).")


# --- Law 71 ----------------------------------------------------------------------------------

def law_71b_concession(claim: Claim, ev: Evidence) -> Decision:
    """Law 71B: restore every conceded trick that could not be lost by any normal play
    (rubber Law 71B: "any probable sequence of play", the expert class's normality, see
    :func:`claimsolver.laws.codes.rubber_71b_probable_sequence`). Each restored trick is
    named: the conceding side's cards that win a trick on every normal line, then (when fewer
    such cards than restored tricks: several cards share the work) the winning cards of the
    least successful line beyond the claim."""
    least = ev.least_normal
    tricks = max(claim.claimed, least)
    restored = tricks - claim.claimed
    side = claim.claiming_side
    names: list[dict[str, Any]] = []
    if restored:
        used: set[int] = set()
        always = list(ev.always or ())
        by_card = {c: (n, s) for n, s, c in ev.worst_winners}
        for c in sorted(always, key=lambda c: by_card.get(c, (99, 0))[0]):
            if len(names) == restored:
                break
            n, s = by_card.get(c, (None, None))
            names.append({"card": card_name(c), "every_line": True, "trick": n,
                          "seat": SEAT_LETTERS[s] if s is not None else None})
            used.add(c)
        for n, s, c in reversed(ev.worst_winners):
            if len(names) == restored:
                break
            if c not in used:
                names.append({"card": card_name(c), "every_line": False, "trick": n, "seat": SEAT_LETTERS[s]})
                used.add(c)
        parts = []
        for x in names:
            where = f" (trick {x['trick']} of the line)" if x["trick"] else ""
            how = "wins a trick on every normal line" if x["every_line"] else "wins a trick on the least successful line"
            parts.append(f"{card_symbol(parse_card(x['card']))} {how}{where}")
        text = (f"{restored} conceded trick(s) restored: no normal play of the remaining cards gives "
                f"{side_name(side)} fewer than {least} trick(s) ({'; '.join(parts)}).")
    else:
        text = (f"The concession stands: a normal line gives {side_name(side)} only {least} trick(s), "
                f"no more than the {claim.claimed} kept.")
    return Decision(tricks, [_reason("71B", text)], details={"restored": names} if names else {})


# --- Law 69B ---------------------------------------------------------------------------------

def law_69b2_likely(claim: Claim, ev: Evidence) -> Decision:
    """Law 69B2: each trick the non-claiming side agreed to lose and "would likely have won had
    the play continued" is returned to it. The tricks in question are the claimed ones: the
    j-th of them (j = 1..claimed) is the non-claimers' (conceded + j)-th trick; its share is
    the share of normal lines on which they win at least that many tricks (``shares``). It is
    returned when the share is more than ``likely`` (default 0.5). The shares fall with j, so
    the returned tricks are the first ones."""
    if ev.shares is None:
        raise NotSupported("Law 69B needs the shares of the normal lines (not computed)")
    conceded = claim.tricks_left - claim.claimed
    threshold = claim.settings.likely
    rows: list[dict[str, Any]] = []
    returned = 0
    for j in range(1, claim.claimed + 1):
        k = conceded + j
        share = ev.shares[k] if k < len(ev.shares) else 0.0
        likely = share > threshold
        rows.append({"trick": j, "nonclaimers_tricks": k, "share": round(share, 4), "returned": likely})
        if likely:
            returned += 1
    tricks = claim.claimed - returned
    nc = side_name(1 - claim.claiming_side)
    shown = [r for r in rows if r["share"] > 0] or rows[:1]
    listing = "; ".join(f"a {_ordinal(r['nonclaimers_tricks'])} trick for {nc} on {100 * r['share']:.1f}% of the normal lines"
                        for r in shown)
    if returned:
        text = (f"{returned} trick(s) returned to {nc}: they would likely have won it had play continued "
                f"(more than {100 * threshold:g}% of the normal lines, each normal choice of the claimer "
                f"equally likely and {nc} playing their best): {listing}.")
    else:
        text = (f"No trick returned: {nc} would not likely have won more than the {conceded} trick(s) they "
                f"agreed to ({listing}; the threshold is more than {100 * threshold:g}%).")
    return Decision(tricks, [_reason("69B2", text)], details={"likely": {"threshold": threshold, "tricks": rows}})


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# --- the trick in fact won ---------------------------------------------------------------------

def in_fact_won(claim: Claim, wt: WonTrick, question: str) -> tuple[int | None, Any]:
    """Law 71A (the conceding side conceded a trick it had in fact won) and Law 69B1 (the
    agreeing side agreed to the loss of a trick it had in fact won): the trick goes to the
    side that won it. Returns (that side or None, the reason)."""
    trump = claim.position.trump
    w = wt.winner(trump)
    card = card_symbol(wt.winning_card(trump))
    if question == "concession":
        who, law = claim.claiming_side, "71A"
    else:
        who, law = 1 - claim.claiming_side, "69B1"
    if w.side == who:
        return who, _reason(law, (f"{side_name(who)} had in fact won the trick {w.full_name} took with {card}; "
                                  f"it is restored to them (the board is rescored with that trick awarded to "
                                  f"{side_name(who)})."))
    return None, _reason(law, (f"The trick {w.full_name} took with {card} was won by {side_name(w.side)}; "
                               f"nothing to restore to {side_name(who)} under Law {law}."))


# --- the decision ------------------------------------------------------------------------------

def decide(claim: Claim, ev: Evidence) -> Decision:
    """The tricks for the claiming side and why, for the claim's question and code. ``claim``
    is the claim as the code sees it (:func:`claimsolver.laws.codes.working_claim`)."""
    from claimsolver.laws import codes

    check_supported(claim)
    q = claim.settings.question
    if q == "concession":
        d = law_71b_concession(claim, ev)
    elif q == "agreed":
        d = law_69b2_likely(claim, ev)
    else:
        d = law_70_contested(claim, ev)
    if ev.won_trick is not None and q in ("concession", "agreed"):
        to, reason = in_fact_won(claim, ev.won_trick, q)
        d = dataclasses.replace(d, reasons=d.reasons + [reason], won_trick_to=to,
                                details={**d.details, "won_trick": {**ev.won_trick.to_json(),
                                                                    "restored_to": side_name(to) if to is not None else None}})
    applied = []
    for r in d.reasons:
        c = codes.cite(claim, r.law)
        if c not in applied:
            applied.append(c)
    return dataclasses.replace(d, applied=applied)
