"""The sensitivity of a ruling, for committees (DESIGN 2.8).

A ruling turns on judgement points the director (or the regulation) fixes: the regulation's
preset, the class of player, what the claimer is taken to have been aware of, and which
careless slips are normal for him. The table shows the award under each regulation × class ×
awareness setting, and, for each careless class that cost the claimer a trick on the worst
line, the award with that class lifted (made irrational) — the judgement points made visible.

Every row is the award of the same claim under other settings: for a contested claim, the
least successful normal line from searches for the fewest tricks only (no line, no careless
count: :func:`claimsolver.ruling.quick_award`), otherwise a full ruling. The statement is
understood once, the double-dummy value computed once, and a search is shared by every row
whose policy differs only in play classes it never met (the ruling's ``memo``).
"""

from __future__ import annotations

from typing import Any, Callable

from claimsolver import tables as T
from claimsolver.claim import AWARENESS_MODES, PLAYER_CLASSES, REGULATIONS


def sensitivity_table(ruling: Any, award: Callable[..., int]) -> dict[str, Any]:
    """{"settings": [{"regulation", "player_class", "awareness", "tricks"}, ...],
    "lifted": [{"careless": class name, "tricks"}, ...]} for the ruling's claim. ``award(**kw)``
    rules the same claim with settings overridden (``regulation``, ``player_class``,
    ``awareness``) or with ``lifted`` play classes made irrational, and returns the tricks
    (:mod:`claimsolver.ruling` passes it; this module does not import the ruling)."""
    rows = []
    for regulation in REGULATIONS:
        for player_class in PLAYER_CLASSES:
            for awareness in AWARENESS_MODES:
                s = ruling.settings
                if (regulation, player_class, awareness) == (s.regulation, s.player_class, s.awareness):
                    tricks = ruling.tricks
                else:
                    tricks = award(regulation=regulation, player_class=player_class, awareness=awareness)
                rows.append({"regulation": regulation, "player_class": player_class,
                             "awareness": awareness, "tricks": tricks})
    lifted = []
    names = {name: k for k, name in enumerate(T.PLAY_CLASS_NAMES)}
    for name in ruling.careless:
        k = names[name]
        lifted.append({"careless": name, "tricks": award(lifted=frozenset({k}))})
    return {"settings": rows, "lifted": lifted}


def sensitivity_text(table: dict[str, Any], current: Any) -> list[str]:
    """The table as a few lines of text: one row per regulation × awareness, the classes as
    columns; the setting ruled on is marked with *."""
    lines = ["Sensitivity (tricks to the claiming side):"]
    header = f"  {'regulation':<10} {'awareness':<9} " + " ".join(f"{c:>7}" for c in PLAYER_CLASSES)
    lines.append(header)
    by = {(r["regulation"], r["awareness"], r["player_class"]): r["tricks"] for r in table["settings"]}
    for regulation in REGULATIONS:
        for awareness in AWARENESS_MODES:
            cells = []
            for player_class in PLAYER_CLASSES:
                mark = "*" if (regulation, awareness, player_class) == (
                    current.regulation, current.awareness, current.player_class) else " "
                cells.append(f"{by[(regulation, awareness, player_class)]:>6}{mark}")
            lines.append(f"  {regulation:<10} {awareness:<9} " + " ".join(cells))
    for row in table["lifted"]:
        lines.append(f"  with '{row['careless']}' not allowed: {row['tricks']}")
    return lines
