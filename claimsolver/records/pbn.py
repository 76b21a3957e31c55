"""PBN hand records -> the position at each recorded claim.

Read per game: ``[Board]``, ``[Room]`` (open/closed), ``[Table]``, ``[Deal]``, ``[Dealer]``,
``[Vulnerable]``, ``[Contract]``, ``[Declarer]``, ``[Result]`` (declarer's total tricks),
``[Auction]`` (a fallback for a missing contract or declarer), the four player names and the
``[Play]`` section. The play section lists one trick per row **in seat order from the opening
leader** (the seat named in ``[Play "E"]``), not in play order: the rows are linearised by
replaying each trick and starting the next one from its winner. A ``*`` ends the play with a
claim; ``-`` marks a card not played (after a claim in the middle of a trick).

Tag inheritance: a value ``#`` repeats the previous game's value, and a game without
``[Deal]`` (a second table in a multi-room file) takes the previous game's deal, dealer and
vulnerability when its board number is the same (or missing).
"""

from __future__ import annotations

import re
from typing import Iterator

from claimsolver.cards import Seat, parse_card, parse_deal, parse_seat
from claimsolver.errors import NotationError
from claimsolver.records.replay import (
    BAD_CARD,
    BAD_DEAL,
    BAD_PLAY,
    MISSING_TAGS,
    NO_PLAY,
    PASSED_OUT,
    BoardFacts,
    RecordedClaim,
    ReplayError,
    SkippedBoard,
    auction_contract,
    finish,
    normalise_vulnerability,
    parse_contract,
    skipped,
    start_replay,
)

_TAG = re.compile(r'^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')

Game = tuple[dict[str, str], dict[str, list[str]]]


def split_games(text: str) -> Iterator[Game]:
    """Yield (tags, sections) per game: the first value of each tag and the tokens that
    follow a tag up to the next one (for ``Auction``, ``Play``, tables...). Comments
    (``{...}``, ``;`` to the end of a line) and ``%`` lines are dropped; an empty line ends a
    game."""
    tags: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    in_brace = False
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw
        if in_brace:
            end = line.find("}")
            if end < 0:
                continue
            line = line[end + 1 :]
            in_brace = False
            if not line.strip():
                continue  # the end of a comment is not an empty line
        elif line.startswith("%"):
            continue
        if not line.strip():
            if tags:
                yield tags, sections
            tags, sections, current = {}, {}, None
            continue
        m = _TAG.match(line)
        if m:
            name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            if name not in tags:
                tags[name] = value
                current = sections.setdefault(name, [])
            else:
                current = None  # a repeated tag (e.g. Note): its section is not needed
            line = line[m.end() :]
        # tokens of a section line, outside comments
        tokens, in_brace = _tokens(line)
        if current is not None:
            current.extend(tokens)
    if tags:
        yield tags, sections


def _tokens(line: str) -> tuple[list[str], bool]:
    out: list[str] = []
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if ch == "{":
            end = line.find("}", i + 1)
            if end < 0:
                return out, True
            i = end + 1
        elif ch == ";":
            break
        elif ch.isspace():
            i += 1
        else:
            j = i
            while j < n and not line[j].isspace() and line[j] not in "{;":
                j += 1
            out.append(line[i:j])
            i = j
    return out, False


def loads(text: str, file: str = "<string>") -> Iterator[RecordedClaim | SkippedBoard]:
    """Every game of a PBN text as a RecordedClaim or a SkippedBoard (never raises for a bad
    game)."""
    prev: dict[str, str] = {}
    for number, (tags, sections) in enumerate(split_games(text), 1):
        tags = {k: (prev.get(k, "") if v == "#" else v) for k, v in tags.items()}
        board = tags.get("Board") or None
        if "Deal" not in tags and prev.get("Deal") and (board is None or board == prev.get("Board")):
            for k in ("Deal", "Dealer", "Vulnerable"):
                if k not in tags and k in prev:
                    tags[k] = prev[k]
        if board is None and "Board" in prev and tags.get("Deal") == prev.get("Deal"):
            board = prev["Board"]
        if board is None:
            board = f"#{number}"
        prev = dict(prev)
        prev.update(tags)
        prev["Board"] = board
        yield _game(tags, sections, file, board)


def _game(tags: dict[str, str], sections: dict[str, list[str]], file: str, board: str) -> RecordedClaim | SkippedBoard:
    room_tag = tags.get("Room", "").strip().lower()
    room = "open" if room_tag.startswith("open") else "closed" if room_tag.startswith("closed") else None
    facts = BoardFacts(file=file, board=board, room=room, table=tags.get("Table") or None)
    try:
        return _replay(tags, sections, facts)
    except ReplayError as e:
        return skipped(facts, e.code, e.reason)


def _seat_tag(value: str | None) -> Seat | None:
    if not value:
        return None
    try:
        return parse_seat(value.strip().lstrip("^"))
    except NotationError:
        return None


def _replay(tags: dict[str, str], sections: dict[str, list[str]], facts: BoardFacts) -> RecordedClaim | SkippedBoard:
    deal = tags.get("Deal", "").strip()
    if not deal:
        raise ReplayError(BAD_DEAL, "no [Deal]")
    try:
        facts.hands = parse_deal(deal)
    except NotationError as e:
        raise ReplayError(BAD_DEAL, f"unreadable [Deal]: {e}") from None
    facts.dealer = _seat_tag(tags.get("Dealer"))
    facts.vulnerable = normalise_vulnerability(tags.get("Vulnerable"))
    facts.players = {s: tags[n] for s, n in zip("NESW", ("North", "East", "South", "West")) if tags.get(n)} or None

    contract = tags.get("Contract", "").strip()
    declarer = _seat_tag(tags.get("Declarer"))
    if contract:
        parse_contract(contract)  # raises passed-out / unreadable
    if (not contract or declarer is None) and "Auction" in tags:
        # fall back on the auction
        auction_dealer = _seat_tag(tags.get("Auction"))
        if auction_dealer is not None:
            calls = [t for t in sections.get("Auction", []) if not _is_note(t)]
            if any(t.upper() == "AP" for t in calls):
                calls = [t for t in calls if t.upper() != "AP"] + ["P", "P", "P"]
            try:
                name, seat = auction_contract(auction_dealer, calls)
            except ReplayError as e:
                if e.code == PASSED_OUT:
                    raise
                name, seat = None, None
            contract = contract or (name or "")
            declarer = declarer if declarer is not None else seat
    if not contract:
        raise ReplayError(MISSING_TAGS, "no [Contract]")
    if declarer is None:
        raise ReplayError(MISSING_TAGS, "no [Declarer]")
    facts.contract = contract
    facts.declarer = declarer

    if "Play" not in tags:
        raise ReplayError(NO_PLAY, "no [Play] section")
    play_seat = _seat_tag(tags.get("Play"))
    if play_seat is None:
        raise ReplayError(MISSING_TAGS, f"unreadable [Play {tags.get('Play')!r}] (expected the opening leader)")
    facts.opening_leader = play_seat

    tokens: list[str] = []
    claim = False
    for t in sections.get("Play", []):
        if t == "*":
            claim = True
            break
        if _is_note(t):
            continue
        tokens.append(t)
    facts.claim = claim
    result = tags.get("Result", "").strip()
    facts.result = _parse_result(result, declarer)

    replay, _, _, contract_name = start_replay(facts)
    rows = [tokens[i : i + 4] for i in range(0, len(tokens), 4)]
    if rows and len(rows[-1]) < 4:
        rows[-1] = rows[-1] + ["-"] * (4 - len(rows[-1]))
    stopped = False
    for k, row in enumerate(rows):
        if replay.completed == 13:
            raise ReplayError(BAD_PLAY, f"[Play] has more than 13 tricks (row {k + 1})")
        leader = replay.leader
        for i in range(4):
            seat = Seat((leader + i) % 4)
            tok = row[(seat - play_seat) % 4]
            if tok in ("-", "--"):
                stopped = True
                continue
            if stopped:
                raise ReplayError(
                    BAD_PLAY,
                    f"[Play] row {k + 1}: {tok} by {seat.full_name} after a missing card ('-') "
                    "earlier in the play",
                )
            try:
                card = parse_card(tok.rstrip("!?"))
            except NotationError as e:
                raise ReplayError(BAD_CARD, f"[Play] row {k + 1}: {e}") from None
            replay.play(card)
    return finish(facts, replay, contract_name)


def _is_note(tok: str) -> bool:
    return (tok.startswith("=") and tok.endswith("=") and len(tok) > 1) or tok.startswith("$") or tok in ("+",)


def _parse_result(text: str, declarer: Seat) -> int | None:
    if not text:
        return None
    m = re.fullmatch(r"(?:(NS|EW)\s+)?(\d{1,2})", text.strip(), re.I)
    if not m:
        return None
    n = int(m.group(2))
    if n > 13:
        return None
    if m.group(1) and m.group(1).upper() != ("NS", "EW")[declarer & 1]:
        return 13 - n
    return n


def load(path: str) -> Iterator[RecordedClaim | SkippedBoard]:
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    yield from loads(text, file=str(path))


__all__ = ["load", "loads", "split_games"]
