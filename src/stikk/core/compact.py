"""Compact action codings: a game's actions spelt as short sequences of small tokens (issue 19).

The research interfaces (:mod:`stikk.envs`, :mod:`stikk.interop.openspiel`) let a learner
choose among at most a few hundred ids per step.  Most games' canonical action ids are that
small already; Danish Brus's are not (816,720 ids: every set of one to four cards with the
honours risked in it, rules DK-5.2, DK-9).  A *coding* spells each canonical action as a
short sequence of *tokens* from a small alphabet, and a :class:`Spelling` walks one decision
token by token:

* the tokens legal next are those that continue some legal action (the engine's own legal
  set: no rule is worked out again here);
* a token that is the only one possible is taken at once (after the first, so that every
  seat still chooses once per turn): a Brus follower who picks his only card is done;
* once the tokens chosen spell one legal action, that canonical action is what the engine
  applies, and what records and replays hold (CONFORMANCE.md is unchanged).

A coding must be prefix-free (no action's tokens begin another's); ``tests/test_compact.py``
checks that and the mapping both ways on real positions of every game.

>>> from stikk.games import make_game, action_coding
>>> coding = action_coding(make_game("brus"))
>>> coding.num_tokens, [coding.token_text(t) for t in coding.tokens(coding.action((22, 54), 2))]
(49, ['8S', '8D', 'END', 'RISK 8S'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import IllegalActionError
from .game import State


class ActionCoding:
    """The identity coding: one token per canonical action id."""

    compound = False
    """Whether an action may take more than one token (observations then show the tokens
    chosen so far)."""
    max_tokens = 1
    """The most tokens one action takes."""

    def __init__(self, num_actions: int, simple_below: int | None = None) -> None:
        self.num_tokens = num_actions
        self.simple_below = num_actions if simple_below is None else simple_below
        """Every action id below this is spelt by one token, the id itself: a decision whose
        legal ids are all below it needs no spelling."""

    def tokens(self, action: int) -> tuple[int, ...]:
        """The tokens that spell a canonical action id."""
        return (action,)

    def action(self, *parts: object) -> int:
        """The canonical action id of a coding's own description (the identity: the id)."""
        (action,) = parts
        assert isinstance(action, int)
        return action

    def token_text(self, token: int) -> str:
        """A token in words (the token's number: every token is an action id)."""
        return str(token)


class Spelling:
    """One decision spelt token by token: the legal actions and the tokens chosen so far."""

    __slots__ = ("_candidates", "coding", "prefix")

    def __init__(self, coding: ActionCoding, legal: Sequence[int]) -> None:
        self.coding = coding
        self.prefix: list[int] = []
        self._candidates = [(coding.tokens(a), a) for a in legal]

    def legal_tokens(self) -> list[int]:
        """The tokens that continue some legal action, ascending."""
        at = len(self.prefix)
        return sorted({t[at] for t, _ in self._candidates})

    def choose(self, token: int) -> int | None:
        """Take ``token`` (and every forced token after it); the canonical action once the
        tokens spell one, else ``None``.  :class:`IllegalActionError` (nothing changed) for a
        token that continues no legal action."""
        at = len(self.prefix)
        kept = [c for c in self._candidates if c[0][at] == token]
        if not kept:
            raise IllegalActionError(
                token, f"token {token} ({self._text(token)}) continues no legal action here",
                [f"{t} ({self.coding.token_text(t)})" for t in self.legal_tokens()])
        self._candidates = kept
        self.prefix.append(token)
        while True:
            if len(kept) == 1 and len(kept[0][0]) == len(self.prefix):
                return kept[0][1]
            forced = self.legal_tokens()
            if len(forced) != 1:
                return None
            self.prefix.append(forced[0])

    def copy(self) -> Spelling:
        """An independent copy: the same legal actions and prefix, spelt on separately."""
        new = Spelling.__new__(Spelling)
        new.coding, new.prefix, new._candidates = self.coding, self.prefix.copy(), self._candidates
        return new

    def _text(self, token: int) -> str:
        try:
            return self.coding.token_text(token)
        except (ValueError, IndexError):
            return "no token"


class Turn:
    """The decision in progress in one deal: turns the tokens a seat picks into the canonical
    action the engine applies (a :class:`Spelling` where the legal actions need one); pickles
    and copies with the env or game state that holds it."""

    __slots__ = ("coding", "spelling")

    def __init__(self, coding: ActionCoding) -> None:
        self.coding = coding
        self.spelling: Spelling | None = None

    def clear(self) -> None:
        """Forget the decision (after an action is applied, or a new deal)."""
        self.spelling = None

    def legal(self, state: State[Any]) -> list[int]:
        """The tokens the seat to act may pick now (none once the deal is over)."""
        if state.terminal:
            return []
        spelling = self._spelling(state)
        return list(state.legal_actions()) if spelling is None else spelling.legal_tokens()

    def choose(self, state: State[Any], token: int) -> int | None:
        """The canonical action once ``token`` completes one (the caller applies it), else
        ``None``; an :class:`~stikk.core.errors.ActionError` for a token that is not legal
        (the engine's own refusal where the token is an action id; nothing changes)."""
        spelling = self._spelling(state)
        if spelling is None:
            if token not in state.legal_actions():
                # the engine refuses it in words (rules section and all), state unchanged
                state.apply(token)
                raise AssertionError(f"the engine accepted {token}, not a legal id")
            return token
        action = spelling.choose(token)
        if action is not None:
            self.spelling = None
        return action

    def _spelling(self, state: State[Any]) -> Spelling | None:
        """The spelling of the pending decision, begun on first use; ``None`` where every
        legal id is one token, itself (legal ids ascend, so the last one tells)."""
        if self.spelling is None:
            legal = state.legal_actions()
            if legal[-1] >= self.coding.simple_below:
                self.spelling = Spelling(self.coding, legal)
        return self.spelling

    def copy(self) -> Turn:
        """An independent copy, with a copy of the spelling begun so far."""
        new = Turn(self.coding)
        if self.spelling is not None:
            new.spelling = self.spelling.copy()
        return new

    def resume(self, state: State[Any], tokens: Sequence[int]) -> None:
        """Choose again the tokens :meth:`pending` gave (forced ones included) of an action
        not yet complete: a copy or a restored state picks up where it was."""
        at = 0
        while at < len(tokens):
            if self.choose(state, tokens[at]) is not None:
                raise ValueError(f"tokens {list(tokens)} complete an action: none is pending")
            at = len(self.pending())

    def pending(self) -> list[int]:
        """The tokens chosen so far in the decision being spelt."""
        return [] if self.spelling is None else list(self.spelling.prefix)
