"""A claim: the position, who claimed, how many tricks, the statement and the settings.

Loaded from the claim file of ``claim-format.md`` (:meth:`Claim.from_dict`,
:meth:`Claim.from_file`). Every field is checked and every problem reported at once with the
field it concerns (:class:`claimsolver.errors.InvalidInput`).
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any, Mapping

from claimsolver.cards import SEAT_LETTERS, SUIT_LETTERS, Seat, card_name, parse_card, parse_seat, strain_name
from claimsolver.errors import ClaimSolverError, InvalidInput, NotationError
from claimsolver.position import Position, parse_shown_out

LAWS = ("duplicate-2017", "club-2014", "rubber-2014")
REGULATIONS = ("acbl", "ebu")
PLAYER_CLASSES = ("novice", "club", "expert")
QUESTIONS = ("contested", "concession", "agreed")
AWARENESS_MODES = ("evidence", "strict")
VULNERABILITIES = ("None", "NS", "EW", "All")

_CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C)(X{0,2})$")


@dataclasses.dataclass(frozen=True)
class Settings:
    """How the claim is to be ruled (DESIGN 2.5-2.7). Plain values, never global state."""

    law: str = "duplicate-2017"
    regulation: str = "acbl"
    player_class: str = "club"
    question: str = "contested"
    aware: tuple[str, ...] = ()  # outstanding cards ("SJ") and/or "trumps" the claimer was aware of
    likely: float = 0.5  # Law 69B threshold: share of normal lines above which a trick is "likely"
    awareness: str = "evidence"  # DESIGN 2.4: "evidence" (default) or "strict"
    unaware: tuple[str, ...] = ()  # the director's finding: cards ("HQ"), suits ("H") and/or "trumps" overlooked

    def to_json(self) -> dict[str, Any]:
        return {
            "law": self.law,
            "regulation": self.regulation,
            "player_class": self.player_class,
            "question": self.question,
            "awareness": self.awareness,
            "aware": list(self.aware),
            "unaware": list(self.unaware),
        }


@dataclasses.dataclass(frozen=True)
class Contract:
    level: int
    strain: int
    doubled: int = 0  # 0, 1 (X), 2 (XX)

    def __str__(self) -> str:
        return f"{self.level}{strain_name(self.strain)}{'X' * self.doubled}"


def parse_contract(text: str) -> Contract:
    m = _CONTRACT.match(str(text).strip().upper().replace("*", "X"))
    if not m:
        raise NotationError(f"unknown contract {text!r} (expected e.g. 4S, 3NTX, 6CXX)")
    strain = "NT" if m.group(2) in ("N", "NT") else m.group(2)
    from claimsolver.cards import parse_strain

    return Contract(int(m.group(1)), parse_strain(strain), len(m.group(3)))


@dataclasses.dataclass(frozen=True)
class Claim:
    position: Position
    declarer: Seat
    claimer: Seat
    claimed: int
    statement: str = ""
    shown_out: Mapping[Seat, int] = dataclasses.field(default_factory=dict)  # seat -> suit bits
    contract: Contract | None = None
    vulnerable: str = "None"
    tricks_won: tuple[int, int] | None = None  # (declarer, defenders) before the current trick
    settings: Settings = Settings()
    id: str | None = None
    won_trick: Mapping[str, Any] | None = None  # the last completed trick as recorded (Laws 69B1, 71A)

    @property
    def claiming_side(self) -> int:
        return self.claimer.side

    @property
    def tricks_left(self) -> int:
        return self.position.tricks_left

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    # -- loading ----------------------------------------------------------------------------
    @classmethod
    def from_file(cls, path: str | Path, **overrides: Any) -> "Claim":
        try:
            data = read_claim_file(path)
        except ClaimSolverError as e:
            raise ClaimSolverError(f"{path}: {e}") from None
        return cls.from_dict({**data, **{k: v for k, v in overrides.items() if v is not None}})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Claim":
        problems: list[tuple[str, str]] = []
        for field in ("deal", "trump", "declarer", "leader", "claimer", "claimed"):
            if field not in data or data[field] is None:
                problems.append((field, "missing (required)"))
        if problems:
            raise InvalidInput(problems)

        def seat(field: str) -> Seat | None:
            try:
                return parse_seat(data[field])
            except NotationError as e:
                problems.append((field, str(e)))
                return None

        declarer, claimer = seat("declarer"), seat("claimer")
        if declarer is not None and claimer is not None and claimer == declarer.partner:
            problems.append(("claimer", f"{claimer.full_name} is dummy; dummy cannot claim"))

        shown: Mapping[Seat, int] = {}
        try:
            shown = parse_shown_out(_given(data, "shown_out", {}))
        except InvalidInput as e:
            problems.extend(e.problems)

        tw = data.get("tricks_won")
        tricks_won = None
        if tw is not None:
            if not isinstance(tw, Mapping) or not all(
                isinstance(tw.get(k), int) and tw.get(k) >= 0 for k in ("declarer", "defenders")
            ):
                problems.append(("tricks_won", 'must be {"declarer": <int>, "defenders": <int>}'))
            else:
                tricks_won = (tw["declarer"], tw["defenders"])

        position = None
        try:
            side_won = (0, 0)
            if tricks_won is not None and declarer is not None:
                side_won = (tricks_won[0], tricks_won[1]) if declarer.side == 0 else (tricks_won[1], tricks_won[0])
            position = Position.from_fields(
                data["deal"], str(data["trump"]), str(data["leader"]), _given(data, "trick", []),
                shown_out=_given(data, "shown_out", {}), tricks_won=side_won,
            )
        except InvalidInput as e:
            problems.extend(p for p in e.problems if p[0] != "shown_out" or p not in problems)

        claimed = data["claimed"]
        if isinstance(claimed, bool) or not isinstance(claimed, int):
            problems.append(("claimed", f"must be a whole number of tricks, not {claimed!r}"))
        elif position is not None and not 0 <= claimed <= position.tricks_left:
            problems.append(("claimed", f"{claimed} tricks claimed but {position.tricks_left} remain"))

        contract = None
        if not isinstance(_given(data, "contract", ""), str):
            problems.append(("contract", f'must be text, e.g. "4S" or "3NTX", not {data["contract"]!r}'))
        elif data.get("contract"):
            try:
                contract = parse_contract(data["contract"])
                if position is not None and contract.strain != position.trump:
                    problems.append(("contract", f"{contract} is not played in {strain_name(position.trump)} (trump)"))
            except NotationError as e:
                problems.append(("contract", str(e)))

        vul = _given(data, "vulnerable", "")
        if not isinstance(vul, str):
            problems.append(("vulnerable", f"must be text (None, NS, EW or All), not {vul!r}"))
            vul = "None"
        vul = vul or "None"
        vul = {"none": "None", "ns": "NS", "ew": "EW", "all": "All", "both": "All", "-": "None"}.get(str(vul).lower(), vul)
        if vul not in VULNERABILITIES:
            problems.append(("vulnerable", f"unknown vulnerability {data.get('vulnerable')!r} (expected None, NS, EW or All)"))

        settings = None
        try:
            settings = settings_from(data)
        except InvalidInput as e:
            problems.extend(e.problems)

        statement = _given(data, "statement", "")
        if not isinstance(statement, str):
            problems.append(("statement", f"must be text, not {statement!r}"))
            statement = ""

        if settings is not None and position is not None and claimer is not None and settings.unaware:
            problems.extend(unaware_problems(settings.unaware, position, claimer.side))

        if problems:
            raise InvalidInput(problems)
        return cls(
            position=position, declarer=declarer, claimer=claimer, claimed=claimed,  # type: ignore[arg-type]
            statement=statement, shown_out=shown, contract=contract, vulnerable=vul,
            tricks_won=tricks_won, settings=settings, id=data.get("id"),  # type: ignore[arg-type]
            won_trick=data.get("won_trick"),
        )

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            **self.position.to_fields(),
            "declarer": SEAT_LETTERS[self.declarer],
            "claimer": SEAT_LETTERS[self.claimer],
            "claimed": self.claimed,
            "statement": self.statement,
            "shown_out": {
                SEAT_LETTERS[s]: "".join(SUIT_LETTERS[x] for x in range(4) if bits >> x & 1)
                for s, bits in self.shown_out.items() if bits
            },
            "vulnerable": self.vulnerable,
            **self.settings.to_json(),
        }
        if self.contract:
            d["contract"] = str(self.contract)
        if self.tricks_won:
            d["tricks_won"] = {"declarer": self.tricks_won[0], "defenders": self.tricks_won[1]}
        if self.id:
            d["id"] = self.id
        if self.won_trick is not None:
            d["won_trick"] = self.won_trick
        return d


def unaware_problems(unaware: tuple[str, ...], position: Position, side: int) -> list[tuple[str, str]]:
    """The director can only find the claimer unaware of cards the opponents still hold."""
    problems: list[tuple[str, str]] = []
    out = position.hands[1 - side] | position.hands[3 - side]
    for item in unaware:
        if item == "trumps":
            if position.trump == 4:
                problems.append(("unaware", '"trumps" in a notrump contract'))
            elif not out >> (16 * position.trump) & 0x7FFC:
                problems.append(("unaware", '"trumps": the opponents hold no trump'))
        elif len(item) == 1:
            suit = SUIT_LETTERS.index(item)
            if not out >> (16 * suit) & 0x7FFC:
                problems.append(("unaware", f"{item}: the opponents hold no card of that suit"))
        else:
            c = parse_card(item)
            if not out >> c & 1:
                where = ("is held by the claiming side" if any(position.hands[s] >> c & 1 for s in (side, side + 2))
                         else "is no longer held by anyone (played)")
                problems.append(("unaware", f"{item} is not an outstanding card: it {where}"))
    return problems


def read_claim_file(path: str | Path) -> dict[str, Any]:
    """The JSON object of a claim file; errors say what is wrong (not where: callers add the
    file name)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise ClaimSolverError(f"cannot read the file ({e.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ClaimSolverError(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    if not isinstance(data, dict):
        raise ClaimSolverError("a claim file must hold one JSON object")
    return data


def a_player(player_class: str) -> str:
    """"a club player", "an expert player": the class of player in a sentence."""
    return f"{'an' if player_class[:1] in 'aeiou' else 'a'} {player_class} player"


def _given(data: Mapping[str, Any], field: str, default: Any) -> Any:
    """An optional field's value: ``default`` when it is missing or null. Any other value is
    returned as given, so that a wrong type (``"trick": {}``, ``"statement": []``) is named
    by its check instead of passing as "absent" because it is empty."""
    value = data.get(field)
    return default if value is None else value


def settings_from(data: Mapping[str, Any]) -> Settings:
    """The settings fields of a claim file (or CLI overrides), checked."""
    problems: list[tuple[str, str]] = []

    def choice(field: str, options: tuple[str, ...], default: str) -> str:
        value = data.get(field)
        if value is None:
            return default
        value = str(value).strip().lower()
        if value not in options:
            problems.append((field, f"unknown value {data.get(field)!r} (expected one of {', '.join(options)})"))
            return default
        return value

    law = choice("law", LAWS, "duplicate-2017")
    regulation = choice("regulation", REGULATIONS, "acbl")
    player_class = choice("player_class", PLAYER_CLASSES, "club")
    question = choice("question", QUESTIONS, "contested")
    aware_raw = _given(data, "aware", [])
    if isinstance(aware_raw, str):
        aware_raw = [a for a in re.split(r"[,\s]+", aware_raw) if a]
    if not isinstance(aware_raw, (list, tuple)):
        problems.append(("aware", f'must be a list of cards and/or "trumps", not {aware_raw!r}'))
        aware_raw = []
    aware: list[str] = []
    for item in aware_raw:
        if str(item).strip().lower() == "trumps":
            aware.append("trumps")
            continue
        try:
            aware.append(card_name(parse_card(str(item))))
        except NotationError:
            problems.append(("aware", f"{item!r} is neither a card (e.g. SJ) nor \"trumps\""))
    awareness = choice("awareness", AWARENESS_MODES, "evidence")
    unaware_raw = _given(data, "unaware", [])
    if isinstance(unaware_raw, str):
        unaware_raw = [a for a in re.split(r"[,\s]+", unaware_raw) if a]
    if not isinstance(unaware_raw, (list, tuple)):
        problems.append(("unaware", f'must be a list of cards, suits and/or "trumps", not {unaware_raw!r}'))
        unaware_raw = []
    unaware: list[str] = []
    for item in unaware_raw:
        text = str(item).strip()
        if text.lower() == "trumps":
            unaware.append("trumps")
            continue
        if len(text) == 1 and text.upper() in SUIT_LETTERS:
            unaware.append(text.upper())
            continue
        try:
            unaware.append(card_name(parse_card(text)))
        except NotationError:
            problems.append(("unaware", f"{item!r} is neither a card (e.g. HQ), a suit (S, H, D, C) nor \"trumps\""))
    likely = data.get("likely", 0.5)
    if isinstance(likely, bool) or not isinstance(likely, (int, float)) or not 0 <= likely < 1:
        problems.append(("likely", f"must be a share between 0 and 1, not {likely!r}"))
        likely = 0.5
    if problems:
        raise InvalidInput(problems)
    return Settings(law, regulation, player_class, question, tuple(aware), float(likely), awareness,
                    tuple(dict.fromkeys(unaware)))
