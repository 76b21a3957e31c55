"""The work the server hands to its worker processes: rulings and double-dummy solves.

Searches run in a pool of worker processes, never in the web server's own process: the numba
kernels hold the GIL, so a long search in a thread would stall every other request. Each
worker loads the compiled kernels once, when it starts (:func:`warm_up`), and bounds each
search by the ruling's own node budget (``time_limit``); a search past its budget comes back as
a :class:`Outcome` of kind ``"time"``. The web side adds a wall-clock deadline on top
(``claimsolver.server.app``) in case a worker stops answering.

Workers return plain data (:class:`Outcome`), never exceptions: ``InvalidInput`` does not
survive pickling with its ``problems``.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import time
from typing import Any

# Claims that touch both kernels and the statement grammar: ruling them at start-up loads (or
# compiles) the kernels and builds the parser. The first ruling of a 7-trick claim with a
# statement in a fresh process takes about 0.2-0.4 s more than the next ones (the kernels'
# first calls, the Earley parser's first sentences): paid here, not by the first director.
WARM_UP_CLAIMS = (
    {"deal": "N:32..32. .KQJ.K. AK.A..A QJ..Q.2", "trump": "C", "declarer": "S",
     "leader": "S", "claimer": "S", "claimed": 4},
    {"deal": "N:Q2.AK.32.2 KJ.QJ.QJ.K A43.2.AK.A T9.T9.T9.Q", "trump": "S", "declarer": "S",
     "leader": "S", "claimer": "S", "claimed": 7, "statement": "draw trumps, then cash the hearts and the ace of clubs"},
)


@dataclasses.dataclass(frozen=True)
class Outcome:
    """``kind``: ``ok`` (``value`` is the JSON answer), ``bad`` (``problems``: (field, message)
    pairs, as the CLI prints them), ``time`` (the time limit was reached; ``problems`` holds
    the message, ``value`` ``{"at_most": n}`` when the claim is shown to fail anyway) or ``internal`` (a bug: ``problems`` holds the exception's name and text)."""

    kind: str
    value: Any = None
    problems: tuple[tuple[str, str], ...] = ()
    seconds: float = 0.0


def warm_up() -> None:
    """Pool initializer: load the kernels in this worker before the first request."""
    from claimsolver.claim import Claim
    from claimsolver.ruling import adjudicate

    for claim in WARM_UP_CLAIMS:
        adjudicate(Claim.from_dict(claim), time_limit=30)


def ping() -> int:
    """A no-op job: tells the web side that a worker is up (and warm: the initializer ran)."""
    return os.getpid()


def problems_of(err: Exception) -> tuple[tuple[str, str], ...]:
    """(field, message) pairs of a claimsolver error; ``""`` when no field is named."""
    from claimsolver.errors import InvalidInput

    if isinstance(err, InvalidInput):
        return tuple((str(f), str(m)) for f, m in err.problems)
    return (("", str(err)),)


def accepted_options(func, options: dict[str, Any]) -> dict[str, Any]:
    """The options ``func`` takes as keywords (settings added to the ruling API later, such as
    ``awareness``, ``unaware`` or ``sensitivity``, are passed once it accepts them)."""
    params = inspect.signature(func).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return dict(options)
    return {k: v for k, v in options.items() if k in params}


def _guarded(job, *args) -> Outcome:
    from claimsolver.errors import ClaimSolverError
    from claimsolver.ruling import TimeLimitReached

    t0 = time.perf_counter()
    try:
        value = job(*args)
    except TimeLimitReached as e:
        # the award's upper bound a quick normal line gave, if the claim fails (ruling.probe_bound)
        bound = {"at_most": e.at_most} if getattr(e, "at_most", None) is not None else None
        return Outcome("time", value=bound, problems=(("", str(e)),), seconds=time.perf_counter() - t0)
    except ClaimSolverError as e:
        return Outcome("bad", problems=problems_of(e), seconds=time.perf_counter() - t0)
    except Exception as e:  # noqa: BLE001 - reported as an internal error, never a traceback
        return Outcome("internal", problems=(("", f"{type(e).__name__}: {e}"),), seconds=time.perf_counter() - t0)
    return Outcome("ok", value=value, seconds=time.perf_counter() - t0)


def _rule(data: dict[str, Any], time_limit: float, protections: bool, sensitivity: bool) -> dict[str, Any]:
    from claimsolver.claim import Claim
    from claimsolver.ruling import adjudicate

    claim = Claim.from_dict(data)
    # Fields of the claim format that a later ruling API takes as keywords are passed on (they
    # are also in the claim itself; a keyword the API does not take is left out).
    extra = {k: data[k] for k in ("awareness", "unaware") if data.get(k) not in (None, "", [])}
    if sensitivity:
        extra["sensitivity"] = True
    kw = accepted_options(adjudicate, extra)
    ruling = adjudicate(claim, time_limit=time_limit, **kw)
    if protections:
        from claimsolver.ruling import add_protections

        ruling = add_protections(ruling, time_limit=time_limit)
    out = ruling.to_json()
    if sensitivity and "sensitivity" not in out:
        # the ruling API does not yet offer it: say so instead of leaving it out silently
        out["sensitivity_unavailable"] = "this version of the ruling model has no sensitivity table"
    return out


def rule(data: dict[str, Any], time_limit: float, protections: bool = False, sensitivity: bool = False) -> Outcome:
    """The ruling of a claim (claim-format JSON) as ``adjudicate --json`` prints it."""
    return _guarded(_rule, data, time_limit, protections, sensitivity)


def _solve(data: dict[str, Any], time_limit: float) -> dict[str, Any]:
    from claimsolver.engine import SearchBudgetExceeded, dd_tricks_side
    from claimsolver.errors import InvalidInput
    from claimsolver.position import Position
    from claimsolver.ruling import DD_NODES_PER_SECOND, TimeLimitReached

    missing = [(f, "missing (required)") for f in ("deal", "trump", "leader") if data.get(f) is None]
    if missing:
        raise InvalidInput(missing)
    pos = Position.from_fields(data["deal"], str(data["trump"]), str(data["leader"]), data.get("trick") or [],
                               shown_out=data.get("shown_out") or {})
    budget = max(1, int(time_limit * DD_NODES_PER_SECOND))
    try:
        ns = int(dd_tricks_side(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), 0,
                                node_budget=budget))
    except SearchBudgetExceeded as e:
        raise TimeLimitReached(f"the double-dummy search did not finish within the time limit of "
                               f"{time_limit:g} s ({e})") from None
    return {"ns": ns, "ew": pos.tricks_left - ns, "tricks_left": pos.tricks_left}


def solve(data: dict[str, Any], time_limit: float) -> Outcome:
    """Double-dummy tricks of each side from the claim position, as ``solve --json``."""
    return _guarded(_solve, data, time_limit)


def slow_job(seconds: float) -> Outcome:
    """Sleeps: lets the tests show a worker that stops answering is cut off by the deadline."""
    time.sleep(seconds)
    return Outcome("ok", value={"slept": seconds})
