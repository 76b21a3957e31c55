"""Errors. All are ``ValueError`` subclasses that say what is wrong and where."""

from __future__ import annotations


class ClaimSolverError(ValueError):
    """Base class of every input error claimsolver reports (CLI exit code 2)."""


class NotationError(ClaimSolverError):
    """A card, seat, strain, hand or deal string that cannot be read."""


class InvalidInput(ClaimSolverError):
    """One or more problems with the fields of a position or claim.

    ``problems`` is a list of ``(field, reason)`` pairs; ``str()`` gives one line each."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = list(problems)
        super().__init__("\n".join(f"{field}: {reason}" for field, reason in self.problems))
