"""The engine contract: Game, State, tricks, deal results (DESIGN.md "The engine contract").

A :class:`Game` is a game id plus frozen options; it builds deals from a deck
order and matches.  A :class:`State` is one deal in progress.  Actions are
small ints (``state.legal_actions()``, ``state.apply(a)``) with a canonical
text form (``state.action_text(a)``, ``state.parse_action(text)``) per
CONFORMANCE.md §2.  Randomness enters only as the deck order.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeAlias, TypeVar

from ..cards import Card, CardError, Mask, format_card, format_cards, parse_card
from ..enginepath import mypyc_attr
from .errors import ActionParseError, DeckError, IllegalActionError
from .explain import Msg, Voice
from .options import Options
from .rng import shuffle

if TYPE_CHECKING:
    from .explainer import Explainer
    from .match import Match
    from .view import View


class Phase(StrEnum):
    """What kind of decision a deal is waiting for."""

    DECLARE = "declare"
    """Optional declarations before the bidding (Romanian Whist Zero Play)."""
    BID = "bid"
    CUT = "cut"
    """Whether to cut the pack before the deal (Sjavs CUT / KNOCK)."""
    ANNOUNCE = "announce"
    """Announcing trump lengths (Sjavs)."""
    TRUMP = "trump"
    """The maker names the trump suit."""
    EXCHANGE = "exchange"
    """An exchange with cards on the table (three-player Sjavs)."""
    TIE = "tie"
    """Tied partners decide which of them declares (Bauernstoss TIE_SELF / TIE_PARTNER)."""
    EXPOSE = "expose"
    """The dealer settles an exposure tie (Styrivolt EXPOSE)."""
    CLAIM = "claim"
    """A claim offer or a CLAIM / CONTINUE decision (Styrivolt)."""
    TAKE = "take"
    """Inside a taking of the stock (Styrivolt CHOOSE / KEEP / REVERT / DISCARD)."""
    PLAY = "play"
    OVER = "over"
    """The deal has ended; nobody is to act."""


PlayCards: TypeAlias = "Card | tuple[Card, ...]"


def dataclass_values(obj: Any) -> dict[str, Any]:
    """A dataclass's field values by name (what :func:`rebuild_dataclass` takes)."""
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


def rebuild_dataclass(cls: type[Any], values: dict[str, Any]) -> Any:
    """A frozen dataclass made again from its fields: how pickle and copy rebuild the engine's
    results and views (a compiled frozen class refuses the attribute-by-attribute way)."""
    return cls(**values)


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, who played what in order, who won it."""

    leader: int
    plays: tuple[tuple[int, Any], ...]
    """``(seat, card)`` in play order; a card is an id, or a tuple of ids for a multiple play."""
    winner: int

    def to_json(self) -> dict[str, Any]:
        """``{"leader", "plays", "winner"}``, the cards as text (CONFORMANCE.md §4)."""
        return {
            "leader": self.leader,
            "plays": [[seat, _play_text(c)] for seat, c in self.plays],
            "winner": self.winner,
        }

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuild_dataclass, (type(self), dataclass_values(self))


def _play_text(c: Any) -> str:
    return format_card(c) if isinstance(c, int) else format_cards(c)


@dataclass(frozen=True)
class DealResult:
    """What a finished deal produced (CONFORMANCE.md §4 ``result``)."""

    tricks: tuple[int, ...]
    """Tricks won per seat."""
    score: tuple[int, ...]
    """What the deal awarded, per side, in the game's own unit."""
    extras: dict[str, Any] = field(default_factory=dict)
    """Game-specific fields, already JSON-shaped, in conformance order."""
    parts: tuple[tuple[tuple[str, int], ...], ...] = field(default=(), compare=False,
                                                            repr=False)
    """Per side, the named parts the score is the sum of (``("risk", 2)``, ``("deal", 1)``),
    as the engine's scoring worked them out; the game's explainer puts them in words
    (:meth:`~stikk.core.explainer.Explainer.deal_score`).  A game whose parts follow from the
    score itself (Romanian Whist) leaves it empty and names them when asked."""

    def to_json(self) -> dict[str, Any]:
        """The record's ``result`` object: ``tricks``, ``score`` and the game's extras."""
        return {"tricks": list(self.tricks), "score": list(self.score), **self.extras}

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuild_dataclass, (type(self), dataclass_values(self))


OptionsT = TypeVar("OptionsT", bound=Options)


class Game(ABC, Generic[OptionsT]):
    """A game id plus validated options: the factory of deals and matches.

    Build one with options or keywords, e.g. ``RomanianWhist(players=5)``.

    >>> from stikk.games.romanian_whist import RomanianWhist
    >>> game = RomanianWhist(players=5, schedule="8-1-8")
    >>> game.text, game.players, len(game.pack())
    ('romanian-whist(players=5,schedule=8-1-8)', 5, 40)
    >>> game.action_text(game.parse_action("play 10♥"))
    'PLAY TH'
    >>> RomanianWhist(players=7)
    Traceback (most recent call last):
    ...
    stikk.core.errors.OptionError: option 'players': must be an integer from 3 to 6, got 7
    """

    id: ClassVar[str]
    title: ClassVar[str]
    options_class: ClassVar[type[Options]]
    summary: ClassVar[str]
    """A short rules summary for ``stikk rules``."""

    def __init__(self, options: OptionsT | None = None, /, **kwargs: Any) -> None:
        if options is not None and kwargs:
            raise TypeError("give either an Options object or keyword options, not both")
        if options is None:
            options = self.options_class(**kwargs)  # type: ignore[assignment]
        elif not isinstance(options, self.options_class):
            raise TypeError(f"{self.id} needs {self.options_class.__name__}, got {options!r}")
        self.options: OptionsT = options  # type: ignore[assignment]
        self.players: int = options.players  # type: ignore[union-attr]
        self._text = options.to_text()  # type: ignore[union-attr]

    def __reduce__(self) -> tuple[type[Game[OptionsT]], tuple[OptionsT]]:
        """A game is rebuilt from its options (pickle and copy: the compiled class too)."""
        return type(self), (self.options,)

    # -- the pack and decks ------------------------------------------------------------
    @abstractmethod
    def pack(self) -> tuple[Card, ...]:
        """Every card of this game's pack, in card-list order."""

    def shuffled_deck(self, rng: random.Random) -> list[Card]:
        """A uniformly shuffled deck (top card first)."""
        deck = list(self.pack())
        shuffle(deck, rng)  # rng.shuffle's deck, made faster where compiled
        return deck

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        """Parse and check a deck: it must be exactly this game's pack.

        Raises :class:`DeckError` saying which cards are wrong.
        """
        cards: list[Card] = []
        for i, c in enumerate(deck):
            if isinstance(c, str):
                try:
                    cards.append(parse_card(c))
                except CardError as e:
                    raise DeckError(f"deck position {i}: {e}") from None
            elif isinstance(c, int) and not isinstance(c, bool):
                cards.append(c)
            else:
                raise DeckError(f"deck position {i}: not a card: {c!r}")
        pack = self.pack()
        if len(cards) == len(pack) and sorted(cards) == sorted(pack):
            return cards
        seen: set[Card] = set()
        dup = sorted({c for c in cards if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
        missing = sorted(set(pack) - set(cards))
        extra = sorted(set(cards) - set(pack))
        parts = [f"the {self.id} pack for {self.players} players has {len(pack)} cards, "
                 f"the deck has {len(cards)}"]
        if missing:
            parts.append("missing " + " ".join(map(format_card, missing)))
        if extra:
            parts.append("not in the pack " + " ".join(map(_safe_card, extra)))
        if dup:
            parts.append("repeated " + " ".join(map(format_card, dup)))
        raise DeckError("; ".join(parts))

    # -- deals and matches -------------------------------------------------------------
    @abstractmethod
    def new_match(self, dealer: int = 0) -> Match[Any]:
        """A new match (the whole game) whose first deal is dealt by ``dealer``."""

    def new_deal(self, deck: Sequence[Card] | None = None, dealer: int = 0,
                 *, rng: random.Random | None = None) -> State[Any]:
        """A stand-alone deal: the first deal of a new match."""
        match = self.new_match(dealer)
        return match.start_deal(deck, rng=rng)

    # -- what a deal is worth -------------------------------------------------------------------
    def deal_value(self, result: DealResult) -> tuple[float, ...]:
        """What a finished deal is worth to each side, in the game's unit (higher is better).

        Agents maximise it and arenas average it.  Usually ``result.score``; a game whose
        sheet counts something beside the score (Stýrivolt's monk's crosses) adds it here.
        """
        return tuple(float(x) for x in result.score)

    @abstractmethod
    def value_bounds(self) -> tuple[float, float]:
        """The least and the most one side's ``deal_value`` can be after one deal under these
        options (sound bounds derived from the rules; not necessarily reached)."""

    @abstractmethod
    def max_decisions(self) -> int:
        """The most player actions (``len(state.history)``) one deal can take under these
        options."""

    # -- words -------------------------------------------------------------------------------
    @cached_property
    def explainer(self) -> Explainer:
        """The game's explanation layer (:mod:`stikk.core.explainer`): labels, refusals,
        the facts on the table and the score in words, all from views."""
        from .registry import entry, load

        explainer: Explainer = load(entry(self.id).explainer)(self)
        return explainer

    # -- sides -------------------------------------------------------------------------------
    @property
    def num_sides(self) -> int:
        """How many sides score: partnerships, or one per seat (CONFORMANCE.md §1)."""
        return self.players

    def side_of(self, seat: int) -> int:
        """The index of ``seat``'s side in per-side lists (``[A, B]`` or by seat)."""
        return seat

    def side_name(self, side: int) -> str:
        """``"A"``/``"B"`` in partnership games, the seat number where each plays alone."""
        return str(side)

    # -- actions ---------------------------------------------------------------------------
    num_actions: ClassVar[int]
    """Size of the integer action space (ids are ``0 .. num_actions - 1``)."""

    @abstractmethod
    def action_text(self, action: int) -> str:
        """Canonical text of an action id."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The id of an action text (case-insensitive); raises :class:`ActionParseError`."""

    # -- presentation --------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The canonical game string, e.g. ``romanian-whist(players=5)``."""
        return self._text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.id == self.id and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.id, self.options))


def _safe_card(c: int) -> str:
    try:
        return format_card(c)
    except CardError:
        return repr(c)


GameT = TypeVar("GameT", bound="Game[Any]")
"""The game a state is a deal of: each game's state names its own (``State[Sjavs]``), so its
``game`` has that game's type (and a compiler sees one type, not a narrowed one)."""


_ATTRIBUTES: dict[type, tuple[str, ...]] = {}


def _attribute_names(cls: type) -> tuple[str, ...]:
    """A state class's instance attributes: its slots as Python, or, compiled (where mypyc
    keeps no ``__slots__``), mypyc's record of the attributes of the class and its bases."""
    names = _ATTRIBUTES.get(cls)
    if names is None:
        found: list[str] = []
        for k in cls.__mro__:
            found += k.__dict__.get("__mypyc_attrs__", ()) + k.__dict__.get("__slots__", ())
        names = _ATTRIBUTES[cls] = tuple(n for n in dict.fromkeys(found) if n != "__dict__")
    return names


@mypyc_attr(serializable=True)
class State(ABC, Generic[GameT]):
    """One deal in progress.

    Hot-path attributes are plain: ``to_act`` (seat or ``None`` when the deal
    is over), ``phase``, ``history`` (action ids applied).  ``apply`` checks
    legality and raises :class:`IllegalActionError` (leaving the state as it
    was) when the action is not legal.

    >>> import random
    >>> from stikk.games.romanian_whist import RomanianWhist
    >>> game = RomanianWhist(players=4)
    >>> state = game.new_round(game.shuffled_deck(random.Random(2)), dealer=3, cards=2)
    >>> state.phase.value, state.to_act, state.legal_texts()
    ('bid', 0, ['BID 0', 'BID 1', 'BID 2'])
    >>> copy = state.clone()
    >>> copy.apply_text("BID 2")
    66
    >>> state.history, copy.history                     # the original is untouched
    ([], [66])
    >>> state.apply(0)                                  # 2C is not a bid
    Traceback (most recent call last):
    ...
    stikk.core.errors.IllegalActionError: PLAY 2C: it is the bidding: ...; legal: BID 0, BID 1, ...
    """

    __slots__ = ()

    game: GameT
    dealer: int
    deck: tuple[Card, ...]
    """The deck this deal was dealt from, top card first."""
    to_act: int | None
    phase: Phase
    history: list[int]

    # -- decisions ----------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> Sequence[int]:
        """Legal action ids, ascending; empty when the deal is over."""

    @abstractmethod
    def apply(self, action: object) -> None:
        """Apply one legal action id; raise :class:`IllegalActionError` otherwise."""

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is one of the legal action ids now."""
        return action in self.legal_actions()

    def action_text(self, action: int) -> str:
        """Canonical text of an action id in this state."""
        return self.game.action_text(action)

    def parse_action(self, text: str) -> int:
        """Parse action text in this state (see CONFORMANCE.md §5.1)."""
        return self.game.parse_action(text)

    def legal_texts(self) -> list[str]:
        """The legal set as canonical text, in plain string order (CONFORMANCE.md §5.1)."""
        return sorted(self.action_text(a) for a in self.legal_actions())

    def apply_text(self, text: str) -> int:
        """Parse and apply an action given as text; returns its id."""
        try:
            a = self.parse_action(text)
        except ActionParseError as e:
            raise ActionParseError(text, e.reason, self.legal_texts()) from None
        self.apply(a)
        return a

    def act(self, action: int | str, *, seat: int | None = None) -> int:
        """Apply an action given as an id or as text; returns its id.

        With ``seat``, the action is refused unless it is that seat's turn.
        """
        if seat is not None and seat != self.to_act:
            msg = (Msg("core.nobody_s_turn") if self.to_act is None
                   else Msg("core.not_turn", {"p": self.to_act, "q": seat}))
            # the legal set is the acting seat's business, so it is not shown here
            raise IllegalActionError(str(action), msg.text(Voice(seat)), explanation=msg)
        if isinstance(action, str):
            return self.apply_text(action)
        self.apply(action)
        return action

    def _action_id(self, action: object) -> int:
        """The id of an action handed to ``apply``: an int, or any integer type (a numpy
        integer, say); a boolean or a non-integer is refused."""
        if type(action) is int:  # exactly: compiled, isinstance would let True through as 1
            return action
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise IllegalActionError(repr(action), "an action id is an integer",
                                     self.legal_texts())
        return int(action.__index__())

    def illegal(self, action: int, reason: str) -> IllegalActionError:
        """The error to raise for an illegal action (its text, why, and the legal set)."""
        try:
            text = self.action_text(action)
        except Exception:  # an id outside the action space
            text = repr(action)
        return IllegalActionError(text, reason, self.legal_texts())

    def refusal(self, action: int) -> IllegalActionError:
        """The error for an action the rules do not allow now, with the explanation layer's
        reason (:meth:`~stikk.core.explainer.Explainer.why_not`) spoken to the seat to act:
        the engine refuses with the very words a table shows."""
        explainer = self.game.explainer
        view = self.view(self.to_act) if self.to_act is not None else self.public_view()
        # None would mean the legal set and the explanations disagree: the tests hunt that
        msg = explainer.why_not(view, action) or Msg("core.not_legal")
        error = self.illegal(action, msg.text(explainer.voice(view)))
        error.explanation = msg
        return error

    # -- the deal ---------------------------------------------------------------------------------
    @property
    def terminal(self) -> bool:
        return self.to_act is None

    @property
    @abstractmethod
    def tricks(self) -> list[Trick]:
        """Completed tricks in order."""

    @property
    @abstractmethod
    def current_trick(self) -> list[tuple[int, Any]]:
        """``(seat, card)`` of the trick in progress, in play order."""

    @abstractmethod
    def result(self) -> DealResult | None:
        """The deal's result once it is over, else ``None``."""

    _mutable: ClassVar[tuple[str, ...]] = ()
    """Slots holding lists that a clone must copy; every other slot holds an immutable value."""

    def clone(self) -> Self:
        """An independent copy: the slots shared, the lists named in ``_mutable`` copied.

        ``cls.__new__`` makes the copy without ``__init__``, compiled too: mypyc's
        ``serializable`` classes allow it.
        """
        cls = type(self)
        c = cls.__new__(cls)
        for name in _attribute_names(cls):
            setattr(c, name, getattr(self, name))
        for name in cls._mutable:
            setattr(c, name, getattr(self, name).copy())
        return c

    @abstractmethod
    def with_deck(self, deck: list[Card]) -> State[Any]:
        """The same deal setup (dealer, match context) dealt from another ``deck``.

        ``deck`` must hold this game's pack (unchecked: the hot path of deal sampling).
        """

    def initial(self) -> State[Any]:
        """The same deal as it was before its first action."""
        return self.with_deck(list(self.deck))

    def actors(self) -> list[tuple[int, int]]:
        """``(seat, action)`` for every action so far, in order."""
        fresh = self.initial()
        out = []
        for a in self.history:
            seat = fresh.to_act
            assert seat is not None
            out.append((seat, a))
            fresh.apply(a)
        return out

    @abstractmethod
    def view(self, seat: int) -> View:
        """Everything ``seat`` may know, and nothing else."""

    @abstractmethod
    def public_view(self) -> View:
        """The view of a spectator: only what every seat knows, and nothing else.

        That is the cards played and by whom, public announcements as everybody hears them
        (a private part of an action, such as a hidden bid suit or a face-down card, reads
        as it reads for a seat that does not know it), exposed cards, and counts everybody
        can see.  Its ``seat`` is :data:`~stikk.core.view.PUBLIC_SEAT` and its ``hand`` is
        ``None``; a field that holds one seat's private knowledge in ``view(seat)`` holds
        nobody's here (empty, ``None``).  A card it shows is shown by every seat's view, and
        it is the same in every world a seat cannot tell from the real one.

        >>> import random
        >>> from stikk.games.romanian_whist import RomanianWhist
        >>> game = RomanianWhist(players=4)
        >>> state = game.new_round(game.shuffled_deck(random.Random(3)), dealer=0, cards=3)
        >>> public = state.public_view()
        >>> public.seat, public.hand, public.seen_hands, public.to_json()["hand"]
        (-1, None, (None, None, None, None), None)
        """

    @abstractmethod
    def hidden_from(self, seat: int) -> Mask:
        """The cards whose place ``seat`` does not know (the unseen cards)."""

    def returns(self) -> tuple[int, ...]:
        """The deal's score per side (zeros until it is over)."""
        r = self.result()
        if r is None:
            return (0,) * len(self._sides())
        return r.score

    def _sides(self) -> range:
        return range(self.game.num_sides)

    def public_reveals(self) -> tuple[Any, ...]:
        """Facts the rules made public without an action (e.g. lowest trumps named to settle
        a Bauernstoss tie).  Two deals with the same actions are publicly the same only if
        these agree too; most games reveal nothing this way."""
        return ()

    @property
    def trick_size(self) -> int:
        """Plays in a full trick (every seat, unless a seat sits out, as a Solo partner)."""
        return self.game.players


def play_cards_text(c: Any) -> str:
    """Text of a played card or card set."""
    return _play_text(c)
