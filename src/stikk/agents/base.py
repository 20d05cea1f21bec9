"""The agent protocol: an agent sees a view and the legal action ids, and picks one.

Agents never receive a :class:`~stikk.core.game.State`.  A search agent also needs
to know how the current deal was set up (the dealer and the public match context:
the Romanian Whist round, the Brus sticks, the Icelandic comb …) so that it can
deal imagined worlds; drivers hand it a :class:`DealSetup` at the start of every
deal.  A setup is built from a state dealt from the *sorted* pack, so it carries
nothing about the real cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ..core.explain import Msg
from ..core.game import State
from ..core.view import View
from .dealsetup import DealSetup

__all__ = ["Agent", "DealSetup", "advise", "begin_deal", "move"]


@runtime_checkable
class Agent(Protocol):
    """Chooses an action id from ``legal`` given what its seat knows (``view``)."""

    name: str

    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``."""
        ...


def begin_deal(agent: Agent, setup: DealSetup, seat: int) -> None:
    """Tell ``agent`` (if it cares) how the deal it is about to play in ``seat`` was set up."""
    hook = getattr(agent, "begin_deal", None)
    if hook is not None:
        hook(setup, seat)


def move(agent: Agent, state: State[Any], seat: int, legal: Sequence[int]) -> int:
    """What ``agent`` plays in ``seat``, to act in ``state``: shown the seat's view, unless it
    declares itself ``blind`` (it chooses without looking, as the random agent does), which
    spares a driver building a view that costs more than an engine step."""
    if getattr(agent, "blind", False):
        return agent.act(None, legal)  # type: ignore[arg-type]  # a blind agent takes None
    return agent.act(state.view(seat), legal)


def advise(agent: Agent, view: View, legal: Sequence[int]) -> tuple[int, Msg]:
    """The action ``agent`` would take and a one-line reason (when it can give one), as a
    message (a bot's own reasons, in its own words, come as they are)."""
    explain = getattr(agent, "explain", None)
    if explain is not None:
        action, reason = explain(view, legal)
        return int(action), reason if isinstance(reason, Msg) else Msg("core.action",
                                                                        {"t": str(reason)})
    return agent.act(view, legal), Msg("core.hint_none_given", {"agent": agent.name})
