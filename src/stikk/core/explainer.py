"""A game's explanation layer: the one place that turns its rules into words and facts.

Each game has an :class:`Explainer` (``stikk.games.<game>.explain``, reached as
``game.explainer``).  It works from views only, so it can tell nobody more than the view it is
given holds; the tables, the hints and the interfaces draw what it says and never work a rule
out again.  Its :meth:`~Explainer.why_not` is the engine's own reason for refusing a move:
``state.apply`` raises with it, so the query and the refusal can never differ.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("romanian-whist", players=3)
>>> state = game.new_deal(rng=random.Random(2), dealer=0)
>>> view = state.view(state.to_act)
>>> [m.label.text() for m in game.explainer.moves(view, state.legal_actions())]
['bid 0', 'bid 1']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, Mask, cards_of, format_card
from .explain import ENGLISH, DealScore, FeltItem, HandCard, Move, Msg, Panel, Voice, cards
from .view import PUBLIC_SEAT, View

if TYPE_CHECKING:
    from .game import DealResult, Game

Said = list[tuple[tuple[int, str], dict[str, Any]]]
"""History entries ``(seat, text)`` of a view with their sentences as JSON (see
:meth:`Explainer.view_json`)."""

DISPLAY_SUITS = (SPADES, HEARTS, CLUBS, DIAMONDS)
"""The usual way to hold a hand: black, red, black, red."""


def held_order(mask: Mask, suits: Sequence[int] = DISPLAY_SUITS) -> list[Card]:
    """The cards of ``mask`` suit by suit in ``suits`` order, high to low within a suit."""
    by_suit: dict[int, list[Card]] = {s: [] for s in suits}
    for c in cards_of(mask):  # high to low within a suit
        by_suit.setdefault(c >> 4, []).append(c)
    return [c for s in suits for c in by_suit[s]]


class Explainer(ABC):
    """What a game says about a view: move labels, refusals, the facts on the table, what a
    deal scored.  Built once per game (``game.explainer``)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.partnership = game.num_sides == 2 and game.players == 4

    def voice(self, view: View) -> Voice:
        """The view's seat is "you"; the public view speaks to nobody."""
        you = None if view.seat == PUBLIC_SEAT else view.seat
        return Voice(you, self.partnership)

    # -- moves ------------------------------------------------------------------------------
    @abstractmethod
    def label(self, view: View, text: str) -> Msg:
        """The short label of an action, given as text as ``view`` knows it (a legal action
        or an entry of ``view.history``): ``bid 2``, ``10♥``, ``K♥ and risk it``."""

    def detail(self, view: View, text: str) -> Msg | None:
        """A longer description of a legal action, where the label does not say it all."""
        return None

    @abstractmethod
    def why_not(self, view: View, action: int) -> Msg | None:
        """Why the seat to act may not take ``action`` now, with the rules section; ``None``
        when it may.  ``view`` is the seat to act's (or, once the deal is over, any view)."""

    def move_order(self, view: View, legal: Sequence[int]) -> list[int]:
        """The legal actions in the order a table offers them: the cards as held, then the
        other actions by id."""
        cards = {a for a in legal if 0 <= a < 64}
        return held_order(sum(1 << c for c in cards)) + sorted(a for a in legal if a not in cards)

    def moves(self, view: View, legal: Sequence[int]) -> list[Move]:
        """The legal moves as offered, each with its label (and description)."""
        out = []
        for a in self.move_order(view, legal):
            text = self.game.action_text(a)
            out.append(Move(a, text, self.label(view, text), self.detail(view, text)))
        return out

    def said(self, view: View, seat: int, text: str) -> Msg:
        """One entry of the history as a sentence: ``Seat 2: bid 3``."""
        return Msg("core.seat_acts", {"p": seat, "m": self.label(view, text)})

    def trick_taken(self, view: View, index: int) -> Msg:
        """The finished trick ``view.tricks[index]`` as a sentence: ``Seat 2 takes trick 3
        with Q♥``."""
        trick = view.tricks[index]
        winning = dict(trick.plays)[trick.winner]
        return Msg("core.trick_won", {"p": trick.winner, "n": index + 1,
                                      "c": cards([winning] if isinstance(winning, int)
                                                 else winning)})

    def events(self, before: View, after: View) -> list[Msg]:
        """What the rules did on their own between two views of one seat in one deal,
        beside the actions and the tricks: awards, draws, reveals (none by default)."""
        return []

    # -- the table --------------------------------------------------------------------------
    @abstractmethod
    def panel(self, view: View, sheet: Mapping[str, Any]) -> Panel:
        """The facts a table shows beside the cards: the deal's title, trumps, bids,
        announcements, what the seat knows and why, and a row per seat."""

    def hand(self, view: View) -> list[HandCard]:
        """The viewer's cards as a player of the game holds them (empty when hidden)."""
        if view.hand is None:
            return []
        return [HandCard(format_card(c)) for c in held_order(view.hand)]

    def felt(self, view: View) -> list[FeltItem]:
        """What the game lays on the table besides the trick, as ``view`` may see it: the
        trumps, a turned card, piles, table cards, exposed cards, the stock (none by
        default)."""
        return []

    # -- the end of a deal ------------------------------------------------------------------
    @abstractmethod
    def deal_score(self, final: View, result: DealResult, sheet: Mapping[str, Any]) -> DealScore:
        """A finished deal's score in named parts per side, from its final (public) view, its
        result (whose ``parts`` the engine's scoring wrote) and the score sheet just after
        it."""

    def rules_in_short(self) -> list[Msg]:
        """The rules in a few sentences, under these options (the terminal's help)."""
        return []

    def standing(self, sheet: Mapping[str, Any]) -> Msg | None:
        """Where the game stands, in one line (the totals, the figures, the sticks left)."""
        return None

    def sheet_notes(self, sheet: Mapping[str, Any]) -> list[Msg]:
        """Facts of the score sheet in words (the schedule, thresholds, what a mark is
        worth)."""
        return []

    def verdict(self, sheet: Mapping[str, Any]) -> Msg | None:
        """Who won and why, once the sheet says the game is over (``None`` before)."""
        return None

    def sheet_data(self, view: View, sheet: Mapping[str, Any],
                   voice: Voice | None = None) -> dict[str, Any]:
        """Facts a drawing of the score sheet needs beside the sheet itself, as JSON (the
        Romanian Whist schedule, the Bauernstoss thresholds); empty when it needs none.
        ``voice``: who the words in it speak to, in which language (the view's seat, in
        English, when ``None``)."""
        return {}

    def table_json(self, view: View, sheet: Mapping[str, Any], legal: Sequence[int], *,
                   params: bool = True, lang: str = ENGLISH) -> dict[str, Any]:
        """Everything a table needs to draw ``view`` in words, as JSON (the server's
        ``explain``): :meth:`view_json` and :meth:`sheet_json` together.  ``params=False``
        leaves the messages' parameters out (a page shows the text); ``lang``: the language
        the words are in (installed by :func:`stikk.i18n.use`)."""
        return {**self.view_json(view, sheet, legal, params=params, lang=lang),
                **self.sheet_json(view, sheet, params=params, lang=lang)}

    def view_json(self, view: View, sheet: Mapping[str, Any], legal: Sequence[int],
                  said: Said | None = None, *, params: bool = True,
                  lang: str = ENGLISH) -> dict[str, Any]:
        """The words of one position, spoken to the view's seat: the panel, the hand as
        held, the legal moves with their labels, what lies on the felt, and the deal's
        history as sentences.

        ``said``, when given, holds history entries of an earlier view of the same seat
        and deal with their sentences: those still read the same are kept, the rest are
        put in words again and ``said`` is brought up to date.  A server telling a deal
        position after position so says each sentence once (and again only if the view
        came to read the action otherwise, as a hidden exchange shown at the deal's end)."""
        voice = replace(self.voice(view), params=params, lang=lang)
        said = [] if said is None else said
        keep = 0
        for (entry, _), now in zip(said, view.history, strict=False):  # said may be longer
            if entry != now:
                break
            keep += 1
        del said[keep:]
        for seat, text in view.history[keep:]:
            said.append(((seat, text), self.said(view, seat, text).to_json(voice)))
        return {"panel": self.panel(view, sheet).to_json(voice),
                "hand": [h.to_json(voice) for h in self.hand(view)],
                "moves": [m.to_json(voice) for m in self.moves(view, legal)],
                "felt": [item.to_json(voice) for item in self.felt(view)],
                "history": [sentence for _, sentence in said]}

    def sheet_json(self, view: View, sheet: Mapping[str, Any], *,
                   params: bool = True, lang: str = ENGLISH) -> dict[str, Any]:
        """The words of the score sheet, spoken to the view's seat: the standing, the notes,
        the verdict and the facts its drawing needs (they change only when a deal ends)."""
        voice = replace(self.voice(view), params=params, lang=lang)
        standing = self.standing(sheet)
        verdict = self.verdict(sheet)
        return {"standing": None if standing is None else standing.to_json(voice),
                "sheet_notes": [m.to_json(voice) for m in self.sheet_notes(sheet)],
                "verdict": None if verdict is None else verdict.to_json(voice),
                "sheet": self.sheet_data(view, sheet, voice)}


def label_of(game: Game[Any], view: View, action: int) -> Msg:
    """The label of one of ``game``'s actions as ``view`` knows it."""
    return game.explainer.label(view, game.action_text(action))
