"""JSON schemas of the API's request bodies, for the OpenAPI page (``/docs``).

They document ``docs/claim-format.md``; they do not validate: the claim is checked by
:meth:`claimsolver.claim.Claim.from_dict`, whose messages name the field (the CLI's wording).
"""

from __future__ import annotations

SEAT = {"type": "string", "enum": ["N", "E", "S", "W"]}
CARDS = {"type": "array", "items": {"type": "string"}}

CLAIM_SCHEMA = {
    "type": "object",
    "title": "Claim",
    "description": "A claim file (docs/claim-format.md): the position at the claim and the claim.",
    "required": ["deal", "trump", "declarer", "leader", "claimer", "claimed"],
    "properties": {
        "deal": {"type": "string", "description": "PBN deal of the cards still held, e.g. 'N:AK5... ...'",
                 "example": "N:32..32. .KQJ.K. AK.A..A QJ..Q.2"},
        "trump": {"type": "string", "enum": ["S", "H", "D", "C", "NT"], "example": "C"},
        "declarer": {**SEAT, "example": "S"},
        "leader": {**SEAT, "description": "seat that led (or leads) the current trick", "example": "S"},
        "claimer": {**SEAT, "description": "declarer or a defender, never dummy", "example": "S"},
        "claimed": {"type": "integer", "description": "remaining tricks (current included) claimed", "example": 4},
        "trick": {**CARDS, "description": "cards already played to the current trick, from the leader"},
        "statement": {"type": "string", "description": "the clarification statement"},
        "shown_out": {"type": "object", "additionalProperties": {"type": "string"},
                      "description": "suits each seat failed to follow, e.g. {\"E\": \"S\"}"},
        "contract": {"type": "string", "example": "6C"},
        "vulnerable": {"type": "string", "enum": ["None", "NS", "EW", "All"]},
        "tricks_won": {"type": "object", "properties": {"declarer": {"type": "integer"},
                                                        "defenders": {"type": "integer"}}},
        "question": {"type": "string", "enum": ["contested", "concession", "agreed"]},
        "law": {"type": "string", "enum": ["duplicate-2017", "club-2014", "rubber-2014"]},
        "regulation": {"type": "string", "enum": ["acbl", "ebu"]},
        "player_class": {"type": "string", "enum": ["novice", "club", "expert"]},
        "aware": {**CARDS, "description": "director's finding: cards (SJ) and/or \"trumps\" the claimer was aware of"},
        "unaware": {**CARDS, "description": "director's finding: cards, suits or \"trumps\" the claimer overlooked"},
        "awareness": {"type": "string", "enum": ["evidence", "strict"]},
        "likely": {"type": "number", "description": "Law 69B2 threshold (question 'agreed')"},
        "id": {"type": "string"}, "source": {"type": "string"}, "note": {"type": "string"},
        "expected": {"type": "object"},
    },
}

PARSE_SCHEMA = {
    "type": "object",
    "title": "Statement",
    "required": ["text"],
    "properties": {
        "text": {"type": "string", "example": "drawing trumps, then the hearts"},
        "claim": {**CLAIM_SCHEMA, "description": "optional: bind the statement to this claim's position"},
    },
}

RECORD_SCHEMA = {
    "type": "object",
    "title": "Record",
    "required": ["text"],
    "properties": {
        "text": {"type": "string", "description": "a PBN or LIN record, or a BBO hand-viewer link (lin=...)"},
        "name": {"type": "string", "description": "a label for the record (shown in claim ids)"},
    },
}
