"""Text output of a ruling: the four hands as a diagram, the statement as understood, the
worst normal line trick by trick, the reasons and the result."""

from __future__ import annotations

from claimsolver.cards import (
    ACE, RANK_LETTERS, SUIT_SYMBOLS, TEN, Seat, card_symbol, strain_name,
)
from claimsolver.claim import a_player
from claimsolver.laws.codes import cite
from claimsolver.position import Position



def holding_text(mask: int, suit: int) -> str:
    ranks = [r for r in range(ACE, 1, -1) if mask >> (16 * suit + r) & 1]
    return " ".join("10" if r == TEN else RANK_LETTERS[r] for r in ranks) or "—"


def hand_lines(mask: int) -> list[str]:
    return [f"{SUIT_SYMBOLS[s]} {holding_text(mask, s)}" for s in range(4)]


def diagram(pos: Position, labels: dict[int, str] | None = None) -> str:
    """The four hands (North on top), with the trick in progress underneath."""
    labels = labels or {}
    name = {s: f"{Seat(s).full_name}{labels.get(s, '')}" for s in range(4)}
    n, e, s_, w = (hand_lines(pos.hands[i]) for i in range(4))
    width = max(len(x) for x in w + [name[3]]) + 4
    pad = " " * width
    out = [pad + name[0]] + [pad + x for x in n]
    out.append(f"{name[3]:<{width}}{'':<{width}}{name[1]}")
    for a, b in zip(w, e):
        out.append(f"{a:<{width}}{'':<{width}}{b}")
    out += [pad + name[2]] + [pad + x for x in s_]
    trump = "notrump" if pos.trump == 4 else f"trumps {SUIT_SYMBOLS[pos.trump]}"
    out.append("")
    if pos.trick:
        played = ", ".join(card_symbol(c) for c in pos.trick)
        out.append(f"{trump}; {pos.leader.full_name} led to this trick: {played}")
    else:
        out.append(f"{trump}; {pos.leader.full_name} to lead")
    return "\n".join(out)


def line_lines(tricks) -> list[str]:
    """A line of play, one text line per trick: who leads, the cards, the trick's note (or
    who won it, for a trick without one)."""
    out = []
    for i, t in enumerate(tricks, 1):
        cards = " ".join(card_symbol(x) for x in t.cards)
        note = t.note or (f"won by {t.winner.full_name}" if t.winner is not None else "")
        out.append(f"  {i:>2}. {t.leader.name} leads: {cards:<16} {note}")
    return out


def ruling_text(ruling) -> str:
    c = ruling.claim
    labels = {int(c.declarer): " (declarer)", int(c.dummy): " (dummy)"}
    if c.claimer != c.declarer:
        labels[int(c.claimer)] = " (claimer)"
    lines = [diagram(c.position, labels), ""]
    who = c.claimer.full_name
    lines.append(f"{who} claims {c.claimed} of the {c.tricks_left} remaining tricks"
                 + (f' — "{c.statement}"' if c.statement else " (no statement)"))
    lines.append("Statement as understood:")
    lines += [f"  {i}. {step}" for i, step in enumerate(ruling.statement, 1)]
    if ruling.forgotten:
        lines.append("Taken as overlooked (DESIGN 2.4):")
        lines += [f"  {card_symbol(card)}: {why}" for card, why in ruling.forgotten]
    lines.append("")
    lines.append("Worst normal line:")
    lines += line_lines(ruling.line)
    lines.append("")
    lines.append("Reasons:")
    for r in ruling.reasons:
        lines.append(f"  {'Law ' if r.law[:1].isdigit() else ''}{r.law}: {r.text}")
    lines += details_text(ruling)
    if ruling.careless:
        lines.append(f"  Careless plays that cost a trick (normal for {a_player(c.settings.player_class)}): "
                     f"{', '.join(ruling.careless)}")
    lines.append("")
    verdict = "upheld" if ruling.upheld else "not upheld"
    lines.append(f"Ruling: {ruling.tricks} trick(s) to {'North-South' if c.claiming_side == 0 else 'East-West'} "
                 f"(claimed {c.claimed}: {verdict}); double dummy {ruling.double_dummy}.")
    if ruling.result is not None:
        lines.append(f"Result: {ruling.result}, {ruling.score:+d} to declarer's side.")
    if ruling.applied:
        lines.append(f"Applied ({ruling.settings.law}): {', '.join(ruling.applied)}.")
    s = ruling.settings
    lines.append(f"Settings: {s.law}, {s.regulation}, {s.player_class}, {s.question}, awareness {s.awareness}"
                 + (f", aware of {', '.join(s.aware)}" if s.aware else "")
                 + (f", unaware of {', '.join(s.unaware)}" if s.unaware else "") + f" ({strain_name(c.position.trump)}).")
    if ruling.sensitivity is not None:
        from claimsolver.sensitivity import sensitivity_text

        lines.append("")
        lines += sensitivity_text(ruling.sensitivity, s)
    return "\n".join(lines)


def details_text(ruling) -> list[str]:
    """The question-specific findings: Law 69B2 shares, Law 71B restored tricks, the rubber
    Law 69B trump option."""
    d = ruling.details
    out: list[str] = []
    if "trumps_known" in d:
        out.append(f"  {cite(ruling.claim, '70C')} does not apply: {d['trumps_known']}.")
    if "likely" in d:
        out.append(f"  Law 69B2 shares (a trick is returned above {100 * d['likely']['threshold']:g}% of the normal lines):")
        for row in d["likely"]["tricks"]:
            mark = "returned" if row["returned"] else "not returned"
            out.append(f"    trick {row['trick']} in question (the non-claimers' {row['nonclaimers_tricks']}th): "
                       f"{100 * row['share']:.1f}% — {mark}")
    if "trump_option" in d:
        t = d["trump_option"]
        opts = ", ".join(f"{k}: {v}" for k, v in t["tricks"].items())
        out.append(f"  Rubber Law 69B option chosen by the defenders: {t['chosen']} ({opts} trick(s) for declarer)")
    return out
