"""Every stikk game as a Python OpenSpiel game (issue 8 §1).

Importing this module registers one OpenSpiel game per stikk game, named
``python_stikk_<id>`` with the id's dashes as underscores (``python_stikk_sjavs``,
``python_stikk_romanian_whist`` …).  Needs ``open_spiel`` and ``numpy``; the engine never
imports them.

>>> import pyspiel
>>> import stikk.interop.openspiel
>>> game = pyspiel.load_game("python_stikk_sjavs(players=3)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 712, 64)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())     # the deal, card by card
(True, 32)

One episode is one deal:

* **Chance.** The deck is dealt one chance node per card, top card first; a chance action
  is a stikk card id (``suit * 16 + rank``), uniform over the cards not yet placed.  Once
  the pack is placed the game's own deal (packets, cut card, stock …) follows from it.
* **Actions** are stikk action ids; ``action_to_string`` is the canonical action text
  (CONFORMANCE.md), chance actions read ``DEAL <card>``.
* **Returns** are :meth:`~stikk.core.game.Game.deal_value` of each player's side
  (general-sum: partners get the same return); ``min_utility``/``max_utility`` are the
  game's :meth:`~stikk.core.game.Game.value_bounds` and ``max_game_length`` its
  :meth:`~stikk.core.game.Game.max_decisions` (player decisions only; chance nodes are not
  counted).
* **Information state** string: the seat's view as JSON (CONFORMANCE.md's view, with the
  history as the seat knows it); **observation** string: the same without ``history``.
  Both tensors are the game's committed view tensor (``stikk.games.<module>.tensor``,
  documented block by block there); it already holds every trick in order and every bid,
  so the observation tensor has perfect recall too.  A public observer
  (``private_info=NONE``) sees the public view.  Nothing here ever reads a hidden card.
* ``resample_from_infostate`` draws a world uniformly from those agreeing with the seat's
  view, with stikk's exact sampler (the one its IS-MCTS uses).
* Serialization is OpenSpiel's own (the history of chance and player actions); states
  pickle and deep-copy.

**Parameters** are the game's options (:meth:`Options.specs`), named as in stikk, plus
``dealer`` (the dealing seat, 0), ``warmup`` (how many deals random players play before
this one, 0) and ``warmup_seed`` (0), which put the deal anywhere in a match: a later
Romanian Whist round, a Brus match with sticks already won, a Bauernstoss deal after the
first.  Option values keep stikk's spelling with two changes that OpenSpiel's game strings
need: a numeric-looking value joins its numbers with ``_`` instead of ``-``
(``schedule=8_1_8``, ``three_player_cut_packets=4_2_4``), and OpenSpiel always passes every
parameter, so under Bauernstoss's ``preset=alterSchoofkopp`` an option left at (or set to)
its Erfweiler default takes the preset's value (name the options with the default preset to
combine values freely).

>>> g = pyspiel.load_game("python_stikk_romanian_whist(players=3,schedule=8_1_8)")
>>> stikk_game(g).text
'romanian-whist(players=3,schedule=8-1-8)'
>>> str(pyspiel.load_game(str(g))) == str(g)
True
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from ..agents.base import DealSetup
from ..agents.sampling import WorldSampler, world_sampler
from ..cards import Card, format_card
from ..core.game import Game, State
from ..core.match import warmup_match
from ..core.options import DEFAULT, BoolCodec, Codec, IntCodec
from ..games import game_class, game_ids, make_game, tensor_module

PREFIX = "python_stikk_"
CARD_IDS = 64
"""Chance actions are card ids, ``suit * 16 + rank`` (at most 60)."""
CONTEXT_PARAMS: dict[str, int] = {"dealer": 0, "warmup": 0, "warmup_seed": 0}
"""Parameters beside the game's options: where in a match the deal is played."""

_DASHED = re.compile(r"[0-9]+(?:-[0-9]+)+")
_UNDERSCORED = re.compile(r"[0-9]+(?:_[0-9]+)+")


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a stikk game id: ``python_stikk_`` and the id with ``_``."""
    return PREFIX + game_id.replace("-", "_")


# -- parameters <-> options --------------------------------------------------------------

def _param_value(codec: Codec[Any], value: Any) -> bool | int | str:
    """An option value as an OpenSpiel parameter: bool, int, or the option text."""
    if isinstance(value, bool) and isinstance(codec, BoolCodec):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = codec.to_text(value)
    # OpenSpiel's game-string parser reads "1-8-1" as a malformed number.
    return text.replace("-", "_") if _DASHED.fullmatch(text) else text


def _option_value(codec: Codec[Any], name: str, value: Any) -> Any:
    """The inverse of :func:`_param_value`."""
    if isinstance(value, str):
        text = value.replace("_", "-") if _UNDERSCORED.fullmatch(value) else value
        return codec.parse_text(name, text)
    return codec.coerce(name, value)


def parameter_specification(game_id: str) -> dict[str, bool | int | str]:
    """Every parameter of a game with its default: the options, then the context."""
    spec: dict[str, bool | int | str] = {}
    for name, codec, default, _ in game_class(game_id).options_class.specs():
        spec[name] = _param_value(codec, codec.coerce(name, default))
    spec.update(CONTEXT_PARAMS)
    return spec


def options_of(game_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """The stikk options a complete parameter dict stands for (context parameters left out).

    Under a preset, an option at its rules default is left to the preset (see the module
    docstring): OpenSpiel passes every parameter, so "given" and "default" look the same.
    """
    options_class = game_class(game_id).options_class
    has_presets = bool(options_class.presets)
    out: dict[str, Any] = {}
    for name, codec, default, _ in options_class.specs():
        if name not in params:
            continue
        value = _option_value(codec, name, params[name])
        if has_presets and name != "preset" and value == codec.coerce(name, default):
            value = DEFAULT
        out[name] = value
    return out


def params_of(game: Game[Any], *, dealer: int = 0, warmup: int = 0,
              warmup_seed: int = 0) -> dict[str, bool | int | str]:
    """The OpenSpiel parameters of a stikk game (and a match context)."""
    params = parameter_specification(game.id)
    for name, codec, _, _ in type(game.options).specs():
        params[name] = _param_value(codec, getattr(game.options, name))
    params.update(dealer=dealer, warmup=warmup, warmup_seed=warmup_seed)
    return params


def load(game: str | Game[Any], **context: int) -> Any:
    """The OpenSpiel game of a stikk game string or :class:`Game` (``dealer``, ``warmup`` and
    ``warmup_seed`` as keywords).

    >>> load("sjavs(players=2)").num_players()
    2
    """
    g = game if isinstance(game, Game) else make_game(game)
    return pyspiel.load_game(short_name(g.id), params_of(g, **context))


def stikk_game(game: Any) -> Game[Any]:
    """The stikk :class:`Game` behind an OpenSpiel game of this module."""
    if not isinstance(game, StikkGame):
        raise TypeError(f"not a stikk OpenSpiel game: {game}")
    return game.stikk


# -- the game ----------------------------------------------------------------------------

_GAME_TYPES: dict[str, Any] = {}


def _game_type(game_id: str) -> Any:
    players = next(c for n, c, _, _ in game_class(game_id).options_class.specs()
                   if n == "players")
    assert isinstance(players, IntCodec)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"stikk {game_class(game_id).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # Deal values are not zero-sum (a Sjavs deal is worth (8, 0) …).
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players.hi,
        min_num_players=players.lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_id),
    )


class StikkGame(pyspiel.Game):  # type: ignore[misc]
    """One stikk game (with options and a match context) as an OpenSpiel game."""

    game_id: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = parameter_specification(self.game_id)
        given = dict(params or {})
        unknown = sorted(set(given) - set(spec))
        if unknown:
            raise ValueError(f"{short_name(self.game_id)}: unknown parameter(s) "
                             f"{', '.join(unknown)}; known: {', '.join(spec)}")
        full = {**spec, **given}
        self.stikk: Game[Any] = make_game(self.game_id, **options_of(self.game_id, full))
        players = self.stikk.players
        dealer, warmup = int(full["dealer"]), int(full["warmup"])
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}, got {dealer}")
        if warmup < 0:
            raise ValueError(f"warmup must be a number of deals >= 0, got {warmup}")
        match, _ = warmup_match(self.stikk, random.Random(int(full["warmup_seed"])), dealer,
                                deals=warmup)
        self.pack: tuple[Card, ...] = tuple(sorted(self.stikk.pack()))
        self.setup = DealSetup(match.start_deal(list(self.pack)))
        lo, hi = self.stikk.value_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=type(self.stikk).num_actions,
            max_chance_outcomes=CARD_IDS,
            num_players=players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=None,
            max_game_length=self.stikk.max_decisions(),
        )
        super().__init__(_GAME_TYPES[self.game_id], info, full)

    def new_initial_state(self) -> StikkState:
        return StikkState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> StikkObserver:
        return StikkObserver(self, iig_obs_type, params)

    def wrap(self, state: State[Any]) -> StikkState:
        """An OpenSpiel state at the same point as a stikk ``state`` of this game (dealt in
        any match position: the deal's own setup is kept)."""
        if state.game != self.stikk:
            raise ValueError(f"a {state.game.text} state given to {self.stikk.text}")
        return StikkState(self, DealSetup(state), state.deck, tuple(state.history))


# -- the state ---------------------------------------------------------------------------

class _Deal:
    """The Python side of a state: the cards dealt so far, then the stikk state.

    It is the state's only Python attribute, so OpenSpiel's clone deep-copies just this
    (a cheap :meth:`State.clone`) and its serialization pickles just this (setup, deck and
    history).
    """

    __slots__ = ("deck", "rest", "sampler", "setup", "state")

    def __init__(self, setup: DealSetup, undealt: tuple[Card, ...]) -> None:
        self.setup = setup
        self.deck: list[Card] = []
        self.rest: list[Card] = list(undealt)  # ascending: the chance outcomes' order
        self.state: State[Any] | None = None
        self.sampler: tuple[int, int, WorldSampler] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        new = _Deal.__new__(_Deal)
        new.setup, new.deck, new.rest = self.setup, self.deck.copy(), self.rest.copy()
        new.state = None if self.state is None else self.state.clone()
        new.sampler = None
        return new

    def __reduce__(self) -> tuple[Callable[..., _Deal], tuple[Any, ...]]:
        history = () if self.state is None else tuple(self.state.history)
        return _restore, (self.setup, tuple(self.rest), tuple(self.deck), history)


def _restore(setup: DealSetup, rest: tuple[Card, ...], deck: tuple[Card, ...],
             history: tuple[int, ...]) -> _Deal:
    deal = _Deal(setup, rest)
    deal.deck = list(deck)
    if not rest:
        deal.state = setup.deal(list(deck))
        for a in history:
            deal.state.apply(a)
    return deal


class StikkState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: chance nodes while the deck is placed, then stikk's state."""

    def __init__(self, game: StikkGame, setup: DealSetup | None = None,
                 deck: tuple[Card, ...] = (), history: tuple[int, ...] = ()) -> None:
        super().__init__(game)
        self._deal = _Deal(setup or game.setup, game.pack)
        for card in deck:
            self.apply_action(card)
        for action in history:
            self.apply_action(action)

    @property
    def stikk_state(self) -> State[Any] | None:
        """The stikk state once dealt (every hand: for tools and tests, never for a bot)."""
        return self._deal.state

    def current_player(self) -> int:
        s = self._deal.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        assert s.to_act is not None
        return s.to_act

    def _legal_actions(self, player: int) -> list[int]:
        s = self._deal.state
        assert s is not None
        return list(s.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        rest = self._deal.rest
        p = 1.0 / len(rest)
        return [(c, p) for c in rest]

    def _apply_action(self, action: int) -> None:
        deal = self._deal
        deal.sampler = None
        if deal.state is not None:
            deal.state.apply(int(action))
            return
        card = int(action)
        if card not in deal.rest:
            raise ValueError(f"DEAL {card}: not a card of the pack left to deal")
        deal.rest.remove(card)
        deal.deck.append(card)
        if not deal.rest:
            deal.state = deal.setup.deal(deal.deck)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "DEAL " + format_card(int(action))
        s = self._deal.state
        if s is None:
            return self.get_game().stikk.action_text(int(action))  # type: ignore[no-any-return]
        return s.action_text(int(action))

    def is_terminal(self) -> bool:
        s = self._deal.state
        return s is not None and s.terminal

    def returns(self) -> list[float]:
        s = self._deal.state
        game: Game[Any] = self.get_game().stikk
        result = None if s is None else s.result()
        if result is None:
            return [0.0] * game.players
        value = game.deal_value(result)
        return [float(value[game.side_of(p)]) for p in range(game.players)]

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> StikkState:
        """A state drawn uniformly from those with the same information state for
        ``player_id``; ``probability_sampler()`` seeds the draw."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return self.resample(player_id, rng)

    def resample(self, player: int, rng: random.Random) -> StikkState:
        """:meth:`resample_from_infostate` with a :class:`random.Random` (reproducible)."""
        deal = self._deal
        game: StikkGame = self.get_game()
        if deal.state is None:  # dealing: the player knows only how many cards are placed
            deck = rng.sample(game.pack, len(deal.deck))
            return StikkState(game, deal.setup, tuple(deck))
        key = (player, len(deal.state.history))
        if deal.sampler is None or deal.sampler[:2] != key:
            deal.sampler = (*key, world_sampler(deal.state.view(player), deal.setup))
        world = deal.sampler[2].sample(rng)
        return StikkState(game, deal.setup, world.deck, tuple(world.history))

    def __str__(self) -> str:
        deal = self._deal
        s = deal.state
        if s is None:
            return f"dealing: {len(deal.deck)} of {len(deal.deck) + len(deal.rest)} cards placed"
        return json.dumps(s.public_view().to_json(), ensure_ascii=False)


# -- observations ------------------------------------------------------------------------

class StikkObserver:
    """OpenSpiel's Python observer: the game's view tensor and the view as JSON text."""

    def __init__(self, game: StikkGame, iig_obs_type: Any = None,
                 params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"stikk observers take no parameters, got {sorted(params)}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        public, self.perfect_recall = True, False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            public, self.perfect_recall = iig_obs_type.public_info, iig_obs_type.perfect_recall
        if not public or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("stikk observes a seat's view (public and private information) "
                             "or the public view (private_info=NONE); "
                             f"not public_info={public}, private_info={private}")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self._tensor_module = tensor_module(game.stikk)
        spec = self._tensor_module.spec(game.stikk)
        self.tensor = np.zeros(spec.size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        for block in spec.blocks:
            start = spec.offset(block.name)
            self.dict[block.name] = self.tensor[start:start + block.size].reshape(block.shape)

    def _view(self, state: StikkState, player: int) -> Any:
        s = state.stikk_state
        if s is None:
            return None
        return s.public_view() if self.public else s.view(player)

    def set_from(self, state: StikkState, player: int) -> None:
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._tensor_module.encode(view)

    def string_from(self, state: StikkState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            who = "public" if self.public else f"p{player}"
            return f"{who} dealing {len(state._deal.deck)}"
        data = view.to_json()
        if not self.perfect_recall:
            data.pop("history", None)
        return json.dumps(data, ensure_ascii=False, sort_keys=True)


# -- registration ------------------------------------------------------------------------

def _register() -> dict[str, type[StikkGame]]:
    classes: dict[str, type[StikkGame]] = {}
    for game_id in game_ids():
        _GAME_TYPES[game_id] = _game_type(game_id)
        name = "Stikk" + "".join(p.title() for p in game_id.split("-")) + "Game"
        cls = type(name, (StikkGame,), {"game_id": game_id, "__module__": __name__})
        globals()[name] = cls  # pickling and deep copies find classes by module attribute
        pyspiel.register_game(_GAME_TYPES[game_id], cls)
        classes[game_id] = cls
    return classes


GAME_CLASSES: dict[str, type[StikkGame]] = _register()
"""The registered OpenSpiel game class of every stikk game id."""
