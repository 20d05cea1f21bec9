"""The errors the engine raises.  Every one says what is wrong in a sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .explain import Msg


class StikkError(ValueError):
    """Base of every error stikk raises on bad input."""


class OptionError(StikkError):
    """An unknown option or a bad option value; ``option`` names it."""

    def __init__(self, option: str, problem: str) -> None:
        super().__init__(f"option {option!r}: {problem}")
        self.option = option
        self.problem = problem


class ActionError(StikkError):
    """An action that does not parse, or is not legal where it was tried.

    The state it was tried on is unchanged.  ``legal`` lists the canonical
    text of every legal action at that point (sorted, CONFORMANCE.md §5.1).
    """

    def __init__(self, action: object, reason: str, legal: Sequence[str] = (), *,
                 explanation: Msg | None = None) -> None:
        self.action = action
        self.reason = reason
        self.legal = list(legal)
        self.explanation = explanation
        """The reason as a message (:mod:`stikk.core.explain`), when the engine gave one:
        a table renders it for the player in his own words."""
        shown = ", ".join(self.legal) if self.legal else "nothing (no decision is pending)"
        super().__init__(f"{action!s}: {reason}; legal: {shown}")


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow now."""


class ActionParseError(ActionError):
    """Text that is not an action of this game."""


class DeckError(StikkError):
    """A deck that is not exactly the game's pack."""
