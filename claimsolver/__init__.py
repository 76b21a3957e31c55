"""claimsolver: adjudicate contested bridge claims under Laws 68-71."""

from claimsolver.cards import Seat, Suit, parse_card, card_name
from claimsolver.errors import ClaimSolverError, InvalidInput, NotationError
from claimsolver.position import Position

__version__ = "0.1.0"

__all__ = [
    "Seat", "Suit", "parse_card", "card_name", "ClaimSolverError", "InvalidInput",
    "NotationError", "Position", "__version__",
]
