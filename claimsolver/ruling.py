"""Adjudicate a claim: the tricks to award, the worst normal line and the reasons.

:func:`adjudicate` puts the parts together: the statement is parsed and bound
(:mod:`claimsolver.statement`) and compiled into steps (:mod:`claimsolver.laws.statement`,
Law 70D1); the awareness model gives the forget set (:mod:`claimsolver.laws.awareness`, Law
70C); the normal-play rules give the policy (:mod:`claimsolver.laws.normal`); the claim search
(:mod:`claimsolver.engine`) returns the least successful normal line, and the double-dummy
search the reference value. The Law questions (Laws 70, 71) are decided in
:mod:`claimsolver.laws.questions`.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from typing import Any

import numpy as np

from claimsolver import tables as T
from claimsolver.cards import card_name
from claimsolver.claim import Claim, Settings, settings_from, unaware_problems
from claimsolver.errors import ClaimSolverError, InvalidInput
from claimsolver.laws import codes, normal
from claimsolver import dominance
from claimsolver.dominance import Dominated
from claimsolver.explain import (
    Trick, explain, first_losing_play, group_tricks, losing_play_reason, winning_card,
)
from claimsolver.laws.count import excludes_dominated_plays
from claimsolver.laws.awareness import (Awareness, awareness_options, law_70c_aware_why, law_70c_unaware_of_trump,
                                        states_of_mind)
from claimsolver.laws.questions import Evidence, Reason, check_supported, decide, parse_won_trick
from claimsolver.laws.statement import CompiledLine, compile_line
from claimsolver.score import duplicate_score, result_name
from claimsolver.sensitivity import sensitivity_table


class TimeLimitReached(ClaimSolverError):
    """The claim search did not finish within the time limit given. ``at_most``: when a
    normal line found without the full search (:func:`probe_bound`) shows that the claim
    fails, the most tricks the award can be (else None); ``line``: that line, as a search
    result's ``line``."""

    def __init__(self, message: str, at_most: int | None = None, line: tuple = ()):
        super().__init__(message)
        self.at_most = at_most
        self.line = tuple(line)


@dataclasses.dataclass(frozen=True)
class Ruling:
    claim: Claim
    tricks: int
    double_dummy: int
    line: tuple[Trick, ...]
    reasons: tuple[Reason, ...]
    statement: tuple[str, ...]
    settings: Settings
    careless: tuple[str, ...] = ()  # careless play categories that cost the claimer a trick on the worst line
    nodes: int = 0
    seconds: float = 0.0
    applied: tuple[str, ...] = ()  # the code's clauses applied, e.g. "Law 71B", "Club Law 69C"
    details: dict = dataclasses.field(default_factory=dict)  # question-specific findings (Laws 69B, 71, rubber 69B)
    won_trick_to: int | None = None  # side a trick in fact won goes back to (Laws 69B1, 71A)
    forgotten: tuple[tuple[int, str], ...] = ()  # cards taken as overlooked on the governing state of mind, with why
    sensitivity: dict | None = None  # with adjudicate(..., sensitivity=True): claimsolver.sensitivity

    @property
    def laws(self) -> list[str]:
        """The clauses the ruling applied (e.g. ["70A", "70C"]), in order, without the code's
        prefix for the duplicate code."""
        out: list[str] = []
        for r in self.reasons:
            if r.law and r.law not in out:
                out.append(r.law)
        for a in self.applied:
            a = a.removeprefix("Law ")
            if a not in out:
                out.append(a)
        return out

    @property
    def claimed(self) -> int:
        return self.claim.claimed

    @property
    def upheld(self) -> bool:
        return self.tricks == self.claim.claimed

    def declarer_tricks(self) -> int | None:
        """Declarer's total tricks for the deal, when ``tricks_won`` is known."""
        c = self.claim
        if c.tricks_won is None:
            return None
        mine = self.tricks if c.claiming_side == c.declarer.side else c.tricks_left - self.tricks
        if self.won_trick_to is not None:  # tricks_won counted it to the other side
            mine += 1 if self.won_trick_to == c.declarer.side else -1
        return c.tricks_won[0] + mine

    @property
    def result(self) -> str | None:
        t = self.declarer_tricks()
        if t is None or self.claim.contract is None:
            return None
        return result_name(self.claim.contract, t)

    @property
    def score(self) -> int | None:
        t = self.declarer_tricks()
        c = self.claim
        if t is None or c.contract is None:
            return None
        vul = c.vulnerable == "All" or c.vulnerable == ("NS", "EW")[c.declarer.side]
        return duplicate_score(c.contract, t, vul)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "tricks": self.tricks,
            "claimed": self.claim.claimed,
            "upheld": self.upheld,
            "double_dummy": self.double_dummy,
            "line": [t.to_json() for t in self.line],
            "reasons": [r.to_json() for r in self.reasons],
            "statement": list(self.statement),
            "settings": self.settings.to_json(),
            "careless": list(self.careless),
            "applied": list(self.applied),
            "forgotten": [{"card": card_name(c), "why": why} for c, why in self.forgotten],
            "laws": self.laws,
        }
        if self.sensitivity is not None:
            d["sensitivity"] = self.sensitivity
        d["settings"]["likely"] = self.settings.likely if self.settings.question == "agreed" else None
        if d["settings"]["likely"] is None:
            del d["settings"]["likely"]
        d.update(self.details)
        if self.claim.id:
            d["id"] = self.claim.id
        if self.result is not None:
            d["result"] = self.result
            d["score"] = self.score
        return d


# --- the pipeline --------------------------------------------------------------------------

def with_overrides(claim: Claim, **overrides: Any) -> Claim:
    """The claim with settings or the statement replaced (CLI options override the file)."""
    fields = {k: v for k, v in overrides.items() if v is not None}
    statement = fields.pop("statement", None)
    if fields:
        merged = {**claim.settings.to_json(), "likely": claim.settings.likely, **fields}
        settings = settings_from(merged)
        if fields.get("unaware"):
            problems = unaware_problems(settings.unaware, claim.position, claim.claiming_side)
            if problems:
                raise InvalidInput(problems)
        claim = dataclasses.replace(claim, settings=settings)
    if statement is not None:
        claim = dataclasses.replace(claim, statement=statement)
    return claim


def understand(claim: Claim) -> tuple[CompiledLine, list[str], list[str]]:
    """Parse, bind and compile the statement: (compiled steps, steps as understood, notes)."""
    from claimsolver.line import Line
    from claimsolver.statement import bind, parse

    text = claim.statement.strip()
    line = parse(text) if text else Line()
    bound = bind(line, claim.position, claim.claimer, claim.declarer)
    compiled = compile_line(bound.line, claim)
    understood = list(bound.understood) or ["no line of play stated"]
    return compiled, understood, list(bound.notes) + list(compiled.notes)


def shown_bits(claim: Claim) -> int:
    bits = 0
    for seat, suits in claim.shown_out.items():
        bits |= suits << (4 * int(seat))
    return bits


def run_claim_search(claim: Claim, policy: np.ndarray, forget: int, steps: np.ndarray,
                     time_limit: float | None = None, stated_limit: float | None = None,
                     tricks_only: bool = False, excluded: tuple = ()):
    budget = 0
    if time_limit is not None:
        budget = max(1, int(time_limit * NODES_PER_SECOND))
    res = _claim_search(claim, policy, forget, steps, budget, tricks_only, excluded)
    if not res.complete:
        limit = stated_limit if stated_limit is not None else time_limit
        raise TimeLimitReached(
            f"the claim search did not finish within the time limit of {limit:g} s "
            f"({res.nodes:,} positions searched); raise --time-limit to rule on this claim"
        )
    return res


# The claim kernel's rate on long searches, measured on the audit of the repository's records
# (2-core machine, session 13: 1.5-1.7 M positions per CPU second on the claims over 10 s).
# The limit is counted in positions so that a ruling is the same on any machine and load; this
# rate made "--time-limit 30" cost about 30 s here when it was set (session 13; it was 3 M:
# 50-110 s). The kernel has since become about twice as fast (2.6-3 M positions a second on the
# audit's slowest claims, session 30), so the limit now costs about half its seconds; the rate
# is kept so that the same claims are ruled as before.
NODES_PER_SECOND = 1_500_000


def _claim_search(claim: Claim, policy: np.ndarray, forget: int, steps: np.ndarray, node_budget: int,
                  tricks_only: bool = False, excluded: tuple = ()):
    """The claim kernel on ``claim``'s position (``node_budget`` 0: unlimited); the result may
    be incomplete."""
    from claimsolver.engine.claim_api import claim_search

    pos = claim.position
    return claim_search(
        pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), claim.claiming_side,
        forget, shown_bits(claim), policy, np.array(awareness_options(claim), dtype=np.int64), steps,
        node_budget=node_budget, tricks_only=tricks_only, excluded=excluded,
    )


def double_dummy(claim: Claim, time_limit: float | None = None) -> int:
    from claimsolver.engine import SearchBudgetExceeded, dd_tricks_side

    pos = claim.position
    budget = max(1, int(time_limit * DD_NODES_PER_SECOND)) if time_limit is not None else 0
    try:
        return int(dd_tricks_side(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(),
                                  claim.claiming_side, node_budget=budget))
    except SearchBudgetExceeded as e:
        raise TimeLimitReached(
            f"the double-dummy search did not finish within the time limit of {time_limit:g} s ({e}); "
            "raise --time-limit to rule on this claim") from None


DD_NODES_PER_SECOND = 5_000_000  # a conservative rate of the double-dummy kernel here


def _sharing_tables(rule):
    """Run ``rule`` inside one claim-search table scope (``claim_api.shared_tables``): the
    searches of one ruling (its states of mind, the own-count check's searches again, the
    sensitivity table's other settings) read each other's table entries. The value of a search
    does not depend on the table; its cost does."""
    @functools.wraps(rule)
    def wrapper(*args: Any, **kwargs: Any):
        from claimsolver.engine.claim_api import shared_tables

        with shared_tables():
            return rule(*args, **kwargs)

    return wrapper


def _with_trumps_known(details: dict, work: Claim, compiled) -> dict:
    """The ruling's details with ``trumps_known``: why Law 70C does not apply to the trumps
    still out (stated, the director's finding, or too many out to have been overlooked)."""
    why = law_70c_aware_why(work, compiled.mentions)
    return {**details, "trumps_known": why} if why else details


@_sharing_tables
def adjudicate(claim: Claim, *, law: str | None = None, regulation: str | None = None,
               player_class: str | None = None, aware: list[str] | None = None,
               statement: str | None = None, question: str | None = None,
               likely: float | None = None, time_limit: float | None = None,
               won_trick: dict | None = None, awareness: str | None = None,
               unaware: list[str] | None = None, sensitivity: bool = False,
               lifted: frozenset[int] = frozenset(), memo: dict | None = None) -> Ruling:
    """Rule on a claim. Keyword arguments override the claim's own settings; ``won_trick``
    overrides the claim's field of that name (Laws 69B1, 71A; docs/laws.md).
    ``sensitivity``: add the committee's table (:mod:`claimsolver.sensitivity`). ``lifted``:
    play classes made irrational whatever the policy says (a careless class lifted);
    ``memo``: searches shared between rulings of one claim under other settings."""
    t0 = time.perf_counter()
    memo = {} if memo is None else memo
    claim = with_overrides(claim, law=law, regulation=regulation, player_class=player_class,
                           aware=aware, statement=statement, question=question, likely=likely,
                           awareness=awareness, unaware=unaware)
    check_supported(claim)
    wt = parse_won_trick(won_trick if won_trick is not None else claim.won_trick, claim)
    claim, agreement_note = codes.rubber_70_agreement_is_concession(claim)
    if "understand" not in memo or memo["understand"][0] != claim.statement:
        memo["understand"] = (claim.statement, understand(claim))
    compiled, understood, notes = memo["understand"][1]
    work = codes.working_claim(claim)  # the code's view: rubber Law 71B class, conceivable show-outs
    policy = codes.compile_policy(work)
    for k in lifted:
        policy[k] = T.IRRATIONAL
    if "dd" not in memo:
        memo["dd"] = double_dummy(work, time_limit)
    dd = memo["dd"]
    awareness, res = least_successful_state(work, claim, compiled, policy, time_limit, memo, could_make=dd)
    dominated: list[Dominated] = []
    check_ended = ""
    if excludes_dominated_plays(work.settings) and awareness.forget == 0 and work.settings.question == "contested":
        res, dominated, check_ended = exclude_dominated(work, policy, compiled.steps, res, dd, time_limit, memo)
    line, nodes = res.line, res.nodes
    q = work.settings.question
    trump_options = shares = always = None
    if codes.rubber_69b_trump_option_applies(work, law_70c_unaware_of_trump(work, compiled.mentions)):
        trump_options, line, awareness, policy = rubber_trump_options(work, claim, compiled, time_limit)
    elif q == "agreed":
        lr = run_lines(work, policy, awareness.forget, compiled.steps, time_limit, what="Law 69B2 (likely)")
        shares = tuple(lr.shares)
    elif q == "concession" and res.tricks > work.claimed:
        lr = run_lines(work, policy, awareness.forget, compiled.steps, time_limit, what=None)
        always = None if lr is None else tuple(c for c in range(64) if lr.always >> c & 1)
    tricks_line = group_tricks(work, line)
    winners = tuple((i, int(t.winner), winning_card(t, work.position.trump))
                    for i, t in enumerate(tricks_line, 1)
                    if t.winner is not None and (t.winner & 1) == work.claiming_side)
    evidence = Evidence(least_normal=(res.tricks if trump_options is None else min(trump_options.values())),
                        double_dummy=dd, worst_winners=winners, always=always, shares=shares,
                        trump_options=trump_options, won_trick=wt)
    decision = decide(work, evidence)
    forced = (forced_plays(work, line, awareness.forget, policy, compiled.steps) if trump_options is None
              else frozenset())
    annotated, reasons, costly = explain(work, tricks_line, line, awareness, policy, compiled, forced)
    if decision.tricks < work.claimed and trump_options is None:
        first = first_losing_play(work, line, dd, below=min(work.claimed, dd))
        if first is not None:
            reasons.append(losing_play_reason(work, first, policy))
    reasons = decision.reasons + reasons + [Reason("70D1", n) for n in notes]
    reasons += [Reason("70D1", f"His own count (DESIGN 2.4): {text}.") for text in dominance.summarize(
        dominated, dominance.made_on_line(res.line, work.position.hands, work.tricks_left) if dominated else frozenset(),
        check_ended)]
    if agreement_note:
        reasons.insert(0, Reason("Rubber Law 70", agreement_note))
    for cite, text in codes.restrictions(work, trump_options is not None):
        reasons.append(Reason(cite, f"Restriction on the play-out: {text}."))
    if work.settings.law != codes.DUPLICATE:
        reasons = [Reason(codes.cite(work, r.law), r.text) for r in reasons]
        for f in (codes.applied_clauses(work) if work.settings.law == codes.CLUB else ()):
            reasons.append(Reason(f.cite, f"Applied: {f.summary}."))  # type: ignore[attr-defined]
    careless = sorted({T.PLAY_CLASS_NAMES[k] for k in costly})
    applied = tuple(dict.fromkeys([codes.cite(work, x) for x in decision.applied]
                                  + [codes.cite(work, r.law) for r in reasons]))
    ruling = Ruling(
        claim=claim, tricks=decision.tricks, double_dummy=dd, line=tuple(annotated),
        reasons=tuple(reasons), statement=tuple(understood), settings=work.settings,
        careless=tuple(careless), nodes=nodes, seconds=time.perf_counter() - t0,
        applied=applied, details=_with_trumps_known(decision.details, work, compiled),
        won_trick_to=decision.won_trick_to,
        forgotten=tuple((c, why) for c, why in awareness.why if _overlooked_at_claim(work, c)),
    )
    if sensitivity:
        def award(**kw: Any) -> int:
            t = quick_award(claim, memo, time_limit=time_limit, **kw)
            return t if t is not None else adjudicate(claim, time_limit=time_limit, memo=memo, **kw).tricks

        ruling = dataclasses.replace(ruling, sensitivity=sensitivity_table(ruling, award))
    return ruling


def forced_plays(work: Claim, line, forget: int, policy: np.ndarray, steps: np.ndarray) -> frozenset[int]:
    """The indices in ``line`` (the claim search's worst line on these arguments) of the claiming
    side's careless plays that were its only normal play there (one group of cards): forced by
    his cards, not careless choices (tables.CARELESS, *CARELESS_FORCED*; explain.explain)."""
    from claimsolver.engine.claim_api import line_options

    pos = work.position
    nodes = line_options(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), work.claiming_side,
                         forget, shown_bits(work), policy, np.array(awareness_options(work), dtype=np.int64),
                         steps, line)
    return frozenset(n.index for n in nodes
                     if len(n.normal) == 1 and n.normal[0][0] == n.card and n.normal[0][2])


def exclude_dominated(work: Claim, policy: np.ndarray, steps: np.ndarray, res, dd: int,
                      time_limit: float | None, memo: dict | None = None):
    """:mod:`claimsolver.dominance`: while the worst line (claimer aware of every card) holds a
    play that another normal play dominates, exclude it and search again. Returns the last
    search's result, the plays excluded and how the check ended early, if it did
    (``dominance.ENDED_BUDGET``, ``dominance.ENDED_ROUNDS``, else ""). When the check's node
    budget (:data:`dominance.CHECK_NODES`) is spent, the last complete search stands.
    ``memo`` (the ruling's): the check under another policy is the same check when the two
    policies differ only in play classes none of its searches met (the sensitivity table's
    other regulation, a careless class lifted that never came up)."""
    memo = {} if memo is None else memo
    key = ("dominance", work.statement, tuple(awareness_options(work)), work.settings.law, work.settings.question)
    done = shared_result(memo.get(key, ()), policy)
    if done is None:
        done = _exclude_dominated(work, policy, steps, res, dd, time_limit)
        memo.setdefault(key, []).append((policy.copy(), done))
    return done.result, done.found, done.ended


@dataclasses.dataclass(frozen=True)
class _OwnCountCheck:
    result: Any  # the last search's ClaimSearchResult
    found: list[Dominated]
    seen: int  # the play classes met by every search of the check (-1: unknown)
    ended: str = ""  # dominance.ENDED_BUDGET / ENDED_ROUNDS when a limit stopped it, else ""


def shared_result(entries, policy: np.ndarray):
    """The first of ``entries`` ((policy, result with ``seen``) pairs of a ruling's memo) that
    is the same computation under ``policy``: the two policies differ only in play classes its
    searches never met (``ClaimSearchResult.seen``), and the static bounds that cut them read
    ``policy`` as they read theirs (``claim_api.bounds_agree``); else None."""
    from claimsolver.engine.claim_api import bounds_agree

    for pol, done in entries:
        diff = np.nonzero(pol != policy)[0]
        if (done.seen >= 0 and not any(done.seen >> int(k) & 1 for k in diff)
                and bounds_agree(pol, policy, done.seen)):
            return done
    return None


def _exclude_dominated(work: Claim, policy: np.ndarray, steps: np.ndarray, res, dd: int,
                       time_limit: float | None) -> _OwnCountCheck:
    """The check itself."""
    from claimsolver.engine.claim_api import MAX_EXCLUDED, line_options

    pos = work.position
    side = work.claiming_side
    target = min(work.claimed, dd)
    # what the ruling may still search within its time limit after the governing state's
    # search, as nodes (the limit is counted in positions everywhere)
    limit_left = None if time_limit is None else max(1, int(time_limit * NODES_PER_SECOND) - res.nodes)
    shown = {int(seat): int(suits) for seat, suits in work.shown_out.items()}
    options = np.array(awareness_options(work), dtype=np.int64)
    found: list[Dominated] = []
    rows: list[tuple[int, ...]] = []  # the excluded plays of found, and exceptions to them, in order
    seen = res.seen
    # the searches again are counted in nodes, never seconds, so that the award does not depend
    # on the machine, its load or the time limit: the check stops where its budget does
    nodes_left = dominance.CHECK_NODES
    ended = ""
    while res.tricks < target and len(found) < dominance.MAX_ROUNDS and nodes_left > 0:
        first = first_losing_play(work, res.line, dd, max_tricks=13, below=target)
        if first is None:
            break
        nodes = line_options(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), side, 0,
                             shown_bits(work), policy, options, steps, res.line)
        voids = dominance.known_voids(res.line, tuple(pos.trick), side, shown)
        # every dominated play of the line before its first losing play, nearest first; none
        # there, the plays before its next loss (a trick fewer), and so on: a dominated play
        # after the first loss can still cost the award a trick
        batch: list[Dominated] = []
        below, after = target, -1
        while first is not None:
            index = next(i for i, (seat, card, _c, _s) in enumerate(res.line) if (seat, card) == (first[1], first[2]))
            bound = index
            while len(found) + len(batch) < dominance.MAX_ROUNDS:
                d = dominance.find_dominated(nodes, pos.trump, side, voids, bound, work.tricks_left, after)
                if d is None:
                    break
                batch.append(d)
                bound = d.node.index - 1
            below -= 1
            if batch or below <= res.tricks:
                break
            after = max(after, index)
            first = first_losing_play(work, res.line, dd, max_tricks=13, below=below)
        if not batch:
            break
        again = None
        for tried in (batch, batch[:1]) if len(batch) > 1 else (batch,):
            candidate = rows + [x.excluded(side) for x in tried]
            if len(candidate) > MAX_EXCLUDED:
                break
            attempt = None
            # a row applies wherever the claiming side holds the same cards; where the line
            # meets it with other opponents' cards and the play instead does not dominate
            # there, lift it for those cards and search again (dominance.misapplied)
            for verify in range(dominance.MAX_LIFTS + 1):
                attempt = _search_again(work, policy, steps, tuple(candidate), nodes_left, limit_left, time_limit)
                if attempt is None:  # the check's budget is spent: the last complete search stands
                    ended = dominance.ENDED_BUDGET
                    break
                nodes_left -= attempt.nodes
                if limit_left is not None:
                    limit_left -= attempt.nodes
                seen = -1 if seen < 0 or attempt.seen < 0 else seen | attempt.seen
                if verify == dominance.MAX_LIFTS:
                    break  # (lifts found now would not be searched with)
                lifts = _misapplied(work, policy, options, steps, attempt.line, candidate, shown)
                if not lifts or len(candidate) + len(lifts) > MAX_EXCLUDED or nodes_left <= 0:
                    break
                candidate = candidate + lifts
            if attempt is None:
                break
            if attempt.tricks >= res.tricks:  # a play made instead that does worse elsewhere: not taken
                again = (attempt, tried, candidate)
                break
        if again is None:
            break
        res, taken, rows = again
        found.extend(taken)
    if not ended and res.tricks < target:
        if len(found) >= dominance.MAX_ROUNDS:
            ended = dominance.ENDED_ROUNDS
        elif nodes_left <= 0:
            ended = dominance.ENDED_BUDGET
    return _OwnCountCheck(res, found, seen, ended)


def _search_again(work: Claim, policy: np.ndarray, steps: np.ndarray, excluded: tuple, nodes_left: int,
                  limit_left: int | None, time_limit: float | None):
    """One search of the own-count check with ``excluded``: its result, or None when it would
    need more than the check's ``nodes_left``. Past the ruling's time limit (``limit_left``
    nodes) it raises :class:`TimeLimitReached`, as the first search does: a ruling is given in
    full or not at all, never cut short by the clock."""
    budget = nodes_left if limit_left is None else min(nodes_left, limit_left)
    res = _claim_search(work, policy, 0, steps, max(1, budget), excluded=excluded)
    if res.complete:
        return res
    if limit_left is not None and limit_left <= nodes_left:
        raise TimeLimitReached(
            f"the check of the claimer's own count (DESIGN 2.4) did not finish within the time limit of "
            f"{time_limit:g} s; raise --time-limit to rule on this claim")
    return None


def _misapplied(work: Claim, policy: np.ndarray, options: np.ndarray, steps: np.ndarray, line, rows,
                shown: dict[int, int]) -> list[tuple[int, ...]]:
    """:func:`dominance.misapplied` on a line of the claim search."""
    from claimsolver.engine.claim_api import line_options

    pos = work.position
    side = work.claiming_side
    nodes = line_options(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), side, 0,
                         shown_bits(work), policy, options, steps, line)
    voids = dominance.known_voids(line, tuple(pos.trick), side, shown)
    return dominance.misapplied(nodes, rows, pos.trump, side, voids)


def _overlooked_at_claim(claim: Claim, card: int) -> bool:
    side = claim.claiming_side
    h = claim.position.hands
    return bool((h[1 - side] | h[3 - side]) >> card & 1)


def least_successful_state(work: Claim, claim: Claim, compiled: CompiledLine, policy: np.ndarray,
                           time_limit: float | None, memo: dict | None = None, could_make: int | None = None):
    """DESIGN 2.4: each possible state of mind of the claimer is searched and the least
    successful governs (Law 70A); among equals, the one with fewer careless plays, then the
    first. Returns (its awareness, its search result)."""
    best = None
    used = 0  # the states share the time limit, counted in positions (as every search), not seconds
    memo = {} if memo is None else memo
    options = tuple(awareness_options(work))
    for awareness in code_states(work, claim, compiled.mentions, could_make):
        left = None if time_limit is None else max(1e-6, time_limit - used / NODES_PER_SECOND)
        # a search under another policy is the same search when the policies differ only in
        # play classes it never met (ClaimSearchResult.seen): reuse it
        key = ("search", awareness.forget, options, work.settings.law, work.settings.question)
        # (quick_award's tricks-only searches live under "tricks" with the same key tail)
        res = shared_result(memo.get(key, ()), policy)
        if res is None:
            try:
                res = run_claim_search(work, policy, awareness.forget, compiled.steps, left, time_limit)
            except TimeLimitReached as e:
                raise probe_bound(e, work, policy, compiled.steps, awareness, time_limit,
                                  None if best is None else best[1]) from None
            used += res.nodes
            memo.setdefault(key, []).append((policy.copy(), res))
        if best is None or (res.tricks, res.careless) < (best[1].tricks, best[1].careless):
            best = (awareness, res)
    assert best is not None
    return best


def probe_bound(err: TimeLimitReached, work: Claim, policy: np.ndarray, steps: np.ndarray,
                awareness: Awareness, time_limit: float | None, done=None) -> TimeLimitReached:
    """``err`` (the claim search of ``awareness`` over the time limit), with what a quick
    normal line tells the director: Law 70's award is the least successful normal line, so any
    normal line bounds it from above (:mod:`claimsolver.engine.probe`: one line walked
    greedily by double dummy, in the search's own terms; ``done``: a state of mind already
    searched in full, whose value bounds it too). Said only where that bound is the award's:
    a contested claim under the duplicate Laws, and not where the expert's own-count check
    (which can raise the award) would follow. When the line does not fall short of the claim
    it proves nothing, and ``err`` is returned as it was. The probe's double-dummy searches
    may use a quarter of the time limit, counted in positions (``PROBE_SHARE``)."""
    from claimsolver.engine.probe import probe_lines

    s = work.settings
    if s.question != "contested" or s.law != codes.DUPLICATE or (
            excludes_dominated_plays(s) and awareness.forget == 0):
        return err
    pos = work.position
    probe = probe_lines(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), work.claiming_side,
                        awareness.forget, shown_bits(work), policy,
                        np.array(awareness_options(work), dtype=np.int64), steps,
                        total_budget=max(1, int(PROBE_SHARE * (time_limit or 0) * DD_NODES_PER_SECOND)))
    found = [(r.tricks, r.line) for r in (probe, done) if r is not None and r.tricks >= 0]
    if not found:
        return err
    tricks, line = min(found, key=lambda t: t[0])
    if tricks >= work.claimed:
        return err
    return TimeLimitReached(
        f"{err}. A normal line found without the full search gives the claiming side {tricks} of the "
        f"{work.tricks_left} tricks, so the claim of {work.claimed} fails: the award is at most {tricks} "
        "(Law 70A awards the least successful normal line, and this is one)", at_most=tricks, line=line)


PROBE_SHARE = 0.25  # of the time limit, for the quick normal line over it (probe_bound)

LINES_NODES_PER_SECOND = 2_000_000  # a conservative rate of the normal-lines tree
LINES_NODE_BUDGET = 40_000_000  # without a time limit (about 20 s)
LINES_NAMING_BUDGET = 4_000_000  # Law 71B naming only: give up quietly beyond this


def run_lines(claim: Claim, policy: np.ndarray, forget: int, steps: np.ndarray,
              time_limit: float | None, what: str | None, restrict: int = 0, witness: bool = False):
    """The tree of normal lines (:mod:`claimsolver.engine.lines`). ``what`` names the question
    that needs it; None: optional (returns None when the budget runs out)."""
    from claimsolver.engine.lines import normal_lines

    pos = claim.position
    if what is None:
        budget = LINES_NAMING_BUDGET
    elif time_limit is not None:
        budget = max(1, int(time_limit * LINES_NODES_PER_SECOND))
    else:
        budget = LINES_NODE_BUDGET
    lr = normal_lines(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), claim.claiming_side,
                      forget, shown_bits(claim), policy, np.array(awareness_options(claim), dtype=np.int64),
                      steps, restrict=restrict, node_budget=budget, witness=witness)
    if lr.complete:
        return lr
    if what is None:
        return None
    limit = f"the time limit of {time_limit:g} s" if time_limit is not None else "its default limit"
    raise TimeLimitReached(
        f"{what} weighs every normal line of play, and this ending ({claim.tricks_left} tricks) has more "
        f"than {budget:,} positions, beyond {limit}; raise --time-limit to rule on it")


def quick_award(claim: Claim, memo: dict, *, time_limit: float | None = None,
                lifted: frozenset[int] = frozenset(), **overrides: Any) -> int | None:
    """The award alone of a contested claim under other settings, for the sensitivity table:
    Law 70's least successful normal line capped by the claim, from searches for the fewest
    tricks only (no line, no careless count), sharing ``memo`` with the ruling of the same
    claim (its statement and double-dummy value). None when the question or code needs the
    full ruling (then :func:`adjudicate`)."""
    claim = with_overrides(claim, **overrides)
    if (claim.settings.question != "contested" or claim.settings.law == codes.RUBBER
            or "understand" not in memo or memo["understand"][0] != claim.statement or "dd" not in memo):
        return None
    compiled = memo["understand"][1][0]
    work = codes.working_claim(claim)
    policy = codes.compile_policy(work)
    for k in lifted:
        policy[k] = T.IRRATIONAL
    options = tuple(awareness_options(work))
    least = None
    aware_of_all = False
    for awareness in code_states(work, claim, compiled.mentions, memo["dd"]):
        key = (awareness.forget, options, work.settings.law, work.settings.question)
        res = (shared_result(memo.get(("search",) + key, ()), policy)
               or shared_result(memo.get(("tricks",) + key, ()), policy))
        if res is None:
            res = run_claim_search(work, policy, awareness.forget, compiled.steps, time_limit, time_limit,
                                   tricks_only=True)
            memo.setdefault(("tricks",) + key, []).append((policy.copy(), res))
        if least is None or res.tricks < least:
            least, aware_of_all = res.tricks, awareness.forget == 0
        elif res.tricks == least:
            aware_of_all |= awareness.forget == 0
    assert least is not None
    if excludes_dominated_plays(work.settings) and least < min(claim.claimed, memo["dd"]) and aware_of_all:
        # the ruling's own count check (exclude_dominated) needs the worst line; it applies
        # only when the state of mind that governs has him aware of every card
        return None
    return min(claim.claimed, least)


def code_forget_set(work: Claim, claim: Claim, mentions) -> Awareness:
    """The forget set of the claim as the code sees it, with the show-outs that really
    happened: the voids the rubber codes take as shown out (a *conceivable* show-out, Club Law
    69C) place the cards for a finesse but do not tell the claimer about the suit. The least
    successful state of mind is chosen by :func:`least_successful_state`; this is the first."""
    return code_states(work, claim, mentions)[0]


def code_states(work: Claim, claim: Claim, mentions, could_make: int | None = None) -> list[Awareness]:
    """The claimer's possible states of mind (DESIGN 2.4) as the code sees them (see
    :func:`code_forget_set`); ``could_make``: the double-dummy tricks (the count's ceiling)."""
    return states_of_mind(dataclasses.replace(work, shown_out=claim.shown_out), mentions, could_make)


def rubber_trump_options(claim: Claim, original: Claim, compiled: CompiledLine, time_limit: float | None):
    """Rubber Law 69B: the play-out when the defenders require declarer to draw the
    outstanding trump, and when they require him not to (both: he now knows of it). Returns
    ({option: tricks}, the line of the defenders' better option, its awareness and policy)."""
    aware = dataclasses.replace(claim, settings=dataclasses.replace(
        claim.settings, aware=tuple(dict.fromkeys(claim.settings.aware + ("trumps",)))))
    awareness = code_forget_set(aware, original, compiled.mentions)
    base = codes.compile_policy(aware)
    out: dict[str, int] = {}
    best = None
    for restrict, option in ((1, "draw"), (2, "do not draw")):
        pol = codes.rubber_69b_option_policy(base, option)
        lr = run_lines(aware, pol, awareness.forget, compiled.steps, time_limit,
                       what="Rubber Law 69B (the defenders' trump option)", restrict=restrict, witness=True)
        out[option] = lr.least
        if best is None or lr.least < best[0]:
            best = (lr.least, lr.line, pol)
    assert best is not None
    return out, best[1], awareness, best[2]


# --- protections (sensitivity of the ruling to each rule) ----------------------------------

def protections(claim: Claim, award: int, forget: int, steps: np.ndarray, time_limit: float | None = None) -> list[Reason]:
    """The rules that protected the claimer: for each rule, the award if that rule's
    irrational plays were allowed. A rule whose removal lowers the award protected him."""
    out: list[Reason] = []
    for rule in normal.RULES:
        p: dict[int, int] = {}
        rule(claim.settings, p)
        if not any(v == T.IRRATIONAL for v in p.values()):
            continue
        policy = normal.compile_policy(claim.settings)
        for k, v in p.items():
            if v == T.IRRATIONAL:
                policy[k] = T.NORMAL
        try:
            res = run_claim_search(claim, policy, forget, steps, time_limit)
        except TimeLimitReached:
            continue
        if res.tricks < award:
            out.append(Reason(rule.law, (  # type: ignore[attr-defined]
                f"Protected the claimer: without this rule ({rule.summary}) the least successful line "  # type: ignore[attr-defined]
                f"would give {res.tricks} trick(s) instead of {award}.")))
    return out


def add_protections(ruling: Ruling, time_limit: float | None = None) -> Ruling:
    """The ruling with the rules that protected the claimer added to its reasons (one more
    claim search per rule: for committees, not for the table)."""
    claim = ruling.claim
    compiled, _, _ = understand(claim)
    forget = sum(1 << c for c, _why in ruling.forgotten)
    extra = protections(claim, ruling.tricks, forget, compiled.steps, time_limit)
    return dataclasses.replace(ruling, reasons=ruling.reasons + tuple(extra))
