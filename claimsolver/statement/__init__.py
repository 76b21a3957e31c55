"""The claim statement: text -> :class:`claimsolver.line.Line` -> bound to a position -> echo.

- :func:`parse` reads what the claimer said (grammar in ``grammar.lark``, documented in
  ``docs/statements.md``) into a line of unbound references;
- :func:`bind` resolves the references against the position (hands, cards, finesses);
- :func:`render` writes a line back in plain English that parses to it again.
"""

from claimsolver.statement.normalize import StatementSyntaxError, StatementInputError
from claimsolver.statement.parser import parse
from claimsolver.statement.render import render
from claimsolver.statement.bind import BoundStatement, bind

__all__ = ["parse", "bind", "render", "BoundStatement", "StatementSyntaxError", "StatementInputError"]
