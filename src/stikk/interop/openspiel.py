"""Every stikk game as a Python OpenSpiel game (issue 8 §1).

Importing this module registers one OpenSpiel game per stikk game, named
``python_stikk_<id>`` with the id's dashes as underscores (``python_stikk_sjavs``,
``python_stikk_romanian_whist`` …).  Needs ``open_spiel`` and ``numpy``; the engine never
imports them.

>>> import pyspiel
>>> import stikk.interop.openspiel
>>> game = pyspiel.load_game("python_stikk_sjavs(players=3)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 92, 64)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())     # the deal, card by card
(True, 32)

One episode is one deal:

* **Chance.** The deck is dealt one chance node per card, top card first; a chance action
  is a stikk card id (``suit * 16 + rank``), uniform over the cards not yet placed (but
  see "Deals over at the cut" below).  Once the pack is placed the game's own deal
  (packets, cut card, stock …) follows from it.
* **Actions** are the tokens of the game's compact coding (:mod:`stikk.core.compact`): stikk's
  action ids in every game but Brus and Sjavs, whose plays (816,720 ids) and three-player
  exchanges (712 ids) are spelt with 49 and 92 tokens, a player keeping the turn until its
  action is complete (a forced token is taken at once); ``actions=canonical`` gives the
  engine's ids in every game.  ``action_to_string`` is the canonical action text
  (CONFORMANCE.md) for a one-token action, the token's text (``8S``, ``END``, ``RISK KH``)
  inside a spelling; chance actions read ``DEAL <card>``.  The tokens a player has chosen
  so far are its own information: its tensors end with a ``pending`` block marking them
  and its strings list them under ``"pending"``; ``max_game_length`` allows the most tokens
  per action.
* **Returns** are :meth:`~stikk.core.game.Game.deal_value` of each player's side
  (general-sum: partners get the same return); ``min_utility``/``max_utility`` are the
  game's :meth:`~stikk.core.game.Game.value_bounds` and ``max_game_length`` its
  :meth:`~stikk.core.game.Game.max_decisions` (player decisions only; chance nodes are not
  counted: ``max_chance_nodes_in_history`` is the pack's size).
* **Information state** string: the seat's view as JSON (CONFORMANCE.md's view, with the
  history as the seat knows it); **observation** string: the same without ``history``.
  Both tensors are the game's committed view tensor (``stikk.games.<module>.tensor``,
  documented block by block there); it already holds every trick in order and every bid,
  so the observation tensor has perfect recall too.  Nothing here ever reads a hidden card.
* **Observers** (``make_py_observer``) come in three kinds: a seat's view (the default,
  as above); the **public** view (``private_info=NONE``: what a spectator sees, the same
  for every player); and the seat's **private** part alone (``public_info=False``,
  ``private_info=SINGLE_PLAYER``: its own cards and what only it knows, such as its own
  discards or the suit of its own Bauernstoss bid; not the tricks, bids or scores).  A
  seat's tensor and the public view's share the game's layout but not its rows: a seat's
  counts seats from the seat, the public one from seat 0.  So the private tensor is the
  seat's tensor with a zero wherever the public view *given the seat's rows*
  (:func:`public_as_seen_by`) has a non-zero entry; the private string is the view's JSON
  fields that differ from that public view's (:func:`private_part`), and empty where
  there is none, as before the deal.
* ``resample_from_infostate`` draws a world uniformly from those agreeing with the seat's
  view, with stikk's exact sampler (the one its IS-MCTS uses).
* Serialization is OpenSpiel's own (the history of chance and player actions); states
  pickle and deep-copy.

**Deals over at the cut.**  An Icelandic Brús deal whose cut shows a cut point (IS-3.3,
about one deal in 18) is over before anybody acts, and OpenSpiel's ``rl_environment`` and
agent loops expect a player to act after the chance nodes (``reset()`` would give
``current_player`` -4).  So by default the chance nodes never deal a cut point last (the
pack's last card is the cut card, IS-3.2): a cut point comes next with probability
1/(r - 1) of the r cards left, and the last card that is no cut point is kept for last
(:func:`deal_outcomes`).  The deck is then exactly uniform among the decks whose cut is no
cut point, the same deals as dealing a cut deal again, within one deal: its history,
information states and resampling need no earlier pack.  This changes the distribution
of deals: a learner never sees a cut-point award (as in :mod:`stikk.envs.aec`).
``cut_deals=true`` deals every deck uniformly, and a cut deal goes from its last chance
node straight to a terminal state.

**OpenSpiel's bots.**  OpenSpiel's Python ``ISMCTSBot`` and ``MCTSBot``
(``open_spiel.python.algorithms.ismcts`` / ``mcts``) play these games through
``bot.step(state)``.  Two things a researcher must do:

* ``ISMCTSBot`` does not define ``restart_at``, which ``evaluate_bots`` (the Python
  ``open_spiel.python.algorithms.evaluate_bots`` and the C++ ``pyspiel.evaluate_bots``
  alike) calls on every bot first: ``pyspiel.Bot``'s raises ``RestartAt(state) not
  implemented``.  Give it one (its search keeps nothing between decisions), or call
  ``bot.step`` in a loop of your own, as ``stikk.interop.openspiel_agent`` does.
* Its worlds come from ``resample_from_infostate`` with a ``UniformProbabilitySampler``
  that the bot's ``random_state`` does not seed; for reproducible runs hand it a seeded
  resampler: ``bot.set_resampler(lambda s, p: s.resample(p, rng))``.

>>> import numpy as np, random
>>> from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
>>> class Bot(ismcts.ISMCTSBot):
...     def restart_at(self, state):
...         self.reset()
>>> game = load("sjavs")
>>> rs, rng = np.random.RandomState(1), random.Random(1)
>>> bots = [Bot(game, mcts.RandomRolloutEvaluator(1, rs), 4.0, 4, random_state=rs)
...         for _ in range(4)]
>>> for bot in bots:
...     bot.set_resampler(lambda s, p: s.resample(p, rng))
>>> state = game.new_initial_state()
>>> len(evaluate_bots.evaluate_bots(state, bots, rs)), state.is_terminal()
(4, True)

OpenSpiel's C++ search bots (``pyspiel.MCTSBot``, ``pyspiel.ISMCTSBot``) cannot search a
Python game: with open_spiel 2.0.2 they crash the process (a segmentation fault) at
their first ``step``.  Use the Python bots above instead, or stikk's own ``ismcts`` and
``expert`` agents (``stikk arena``, with ``openspiel-ismcts`` beside them).  The C++
``pyspiel.evaluate_bots`` does drive these games, with Python bots given ``restart_at``.

**Parameters** are the game's options (:meth:`Options.specs`), named as in stikk, plus
``dealer`` (the dealing seat, 0), ``warmup`` (how many deals random players play before
this one, 0) and ``warmup_seed`` (0), which put the deal anywhere in a match (and, for
Icelandic Brús, ``cut_deals``, false: see above): a later
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
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from ..agents.base import DealSetup
from ..agents.sampling import WorldSampler, world_sampler
from ..cards import Card, format_card
from ..core.compact import ActionCoding, Turn
from ..core.game import Game, State
from ..core.match import warmup_match
from ..core.options import DEFAULT, BoolCodec, Codec, IntCodec
from ..core.tensor import sparse
from ..games import action_coding, game_class, game_ids, make_game, tensor_module
from ..games.icelandic_brus.rules import is_cut_point

PREFIX = "python_stikk_"
CARD_IDS = 64
"""Chance actions are card ids, ``suit * 16 + rank`` (at most 60)."""
CONTEXT_PARAMS: dict[str, int] = {"dealer": 0, "warmup": 0, "warmup_seed": 0}
"""Parameters beside the game's options: where in a match the deal is played."""
CUT_POINTS: dict[str, Callable[[Card], bool]] = {"icelandic-brus": is_cut_point}
"""Games whose deal is over at the deal when the pack's last card, the cut card, is a cut
point (Icelandic Brús IS-3.2, IS-3.3), with the test of that card.  These games have the
``cut_deals`` parameter (see the module docstring)."""

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
    spec["actions"] = "compact"
    if game_id in CUT_POINTS:
        spec["cut_deals"] = False
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


def params_of(game: Game[Any], *, dealer: int = 0, warmup: int = 0, warmup_seed: int = 0,
              cut_deals: bool = False, actions: str = "compact"
              ) -> dict[str, bool | int | str]:
    """The OpenSpiel parameters of a stikk game (and a match context; ``cut_deals`` only
    for the games of :data:`CUT_POINTS`)."""
    params = parameter_specification(game.id)
    for name, codec, _, _ in type(game.options).specs():
        params[name] = _param_value(codec, getattr(game.options, name))
    params.update(dealer=dealer, warmup=warmup, warmup_seed=warmup_seed, actions=actions)
    if game.id in CUT_POINTS:
        params["cut_deals"] = cut_deals
    elif cut_deals:
        raise ValueError(f"cut_deals: no {game.id} deal ends at the cut")
    return params


def load(game: str | Game[Any], *, dealer: int = 0, warmup: int = 0, warmup_seed: int = 0,
         cut_deals: bool = False, actions: str = "compact") -> Any:
    """The OpenSpiel game of a stikk game string or :class:`Game` (the context parameters
    as keywords).

    >>> load("sjavs(players=2)").num_players()
    2
    """
    g = game if isinstance(game, Game) else make_game(game)
    return pyspiel.load_game(short_name(g.id), params_of(
        g, dealer=dealer, warmup=warmup, warmup_seed=warmup_seed, cut_deals=cut_deals,
        actions=actions))


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
        self.barred: frozenset[Card] = frozenset()
        """The cards the chance nodes never deal last: the cut points unless ``cut_deals``,
        so that no deal is over before anybody acts."""
        cut_point = CUT_POINTS.get(self.game_id)
        if cut_point is not None and not full["cut_deals"]:
            self.barred = frozenset(filter(cut_point, self.pack))
        self.coding: ActionCoding = action_coding(self.stikk, str(full["actions"]))
        lo, hi = self.stikk.value_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.coding.num_tokens,
            max_chance_outcomes=CARD_IDS,
            num_players=players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=None,
            max_game_length=self.stikk.max_decisions() * self.coding.max_tokens,
        )
        super().__init__(_GAME_TYPES[self.game_id], info, full)

    def new_initial_state(self) -> StikkState:
        """A new deal at its first chance node (the deck not yet placed)."""
        return StikkState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card of the pack."""
        # One per card; OpenSpiel's default for Python games is max_game_length.
        return len(self.pack)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> StikkObserver:
        """The :class:`StikkObserver` of ``iig_obs_type`` (OpenSpiel's observer protocol)."""
        return StikkObserver(self, iig_obs_type, params)

    def wrap(self, state: State[Any]) -> StikkState:
        """An OpenSpiel state at the same point as a stikk ``state`` of this game (dealt in
        any match position: the deal's own setup is kept)."""
        if state.game != self.stikk:
            raise ValueError(f"a {state.game.text} state given to {self.stikk.text}")
        return StikkState(self, DealSetup(state), state.deck, tuple(state.history))


# -- the state ---------------------------------------------------------------------------

def deal_outcomes(rest: Sequence[Card], barred: frozenset[Card]) -> list[tuple[int, float]]:
    """The chance outcomes of the next card of a uniform deck whose last card is none of
    ``barred``, with ``rest`` still to place.

    With r cards left, b of them barred, (r - b)(r - 1)! orders end well; placing a barred
    card next leaves (r - b)(r - 2)! of them, an unbarred one (r - 1 - b)(r - 2)!.  So a
    barred card comes next with probability 1/(r - 1), an unbarred one with
    (r - 1 - b)/((r - b)(r - 1)), which is 0 for the last unbarred card: it is kept for last.

    >>> deal_outcomes([1, 2, 3], frozenset({3}))
    [(1, 0.25), (2, 0.25), (3, 0.5)]
    >>> deal_outcomes([1, 3], frozenset({3}))
    [(3, 1.0)]
    """
    r = len(rest)
    b = sum(c in barred for c in rest)
    if b == 0:
        return [(c, 1.0 / r) for c in rest]
    p_barred = 1.0 / (r - 1)
    p_free = (r - 1 - b) / ((r - b) * (r - 1))
    return [(c, p_barred if c in barred else p_free) for c in rest
            if c in barred or p_free > 0]


class _Deal:
    """The Python side of a state: the cards dealt so far, then the stikk state.

    It is the state's only Python attribute, so OpenSpiel's clone deep-copies just this
    (a cheap :meth:`State.clone`) and its serialization pickles just this (setup, deck and
    history).
    """

    __slots__ = ("deck", "rest", "sampler", "setup", "state", "turn")

    def __init__(self, setup: DealSetup, undealt: tuple[Card, ...], coding: ActionCoding
                 ) -> None:
        self.setup = setup
        self.deck: list[Card] = []
        self.rest: list[Card] = list(undealt)  # ascending: the chance outcomes' order
        self.state: State[Any] | None = None
        self.sampler: tuple[int, int, WorldSampler] | None = None
        self.turn = Turn(coding)
        """The tokens of the action being spelt (:mod:`stikk.core.compact`)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        new = _Deal.__new__(_Deal)
        new.setup, new.deck, new.rest = self.setup, self.deck.copy(), self.rest.copy()
        new.state = None if self.state is None else self.state.clone()
        new.sampler = None
        new.turn = self.turn.copy()
        return new

    def __reduce__(self) -> tuple[Callable[..., _Deal], tuple[Any, ...]]:
        history = () if self.state is None else tuple(self.state.history)
        return _restore, (self.setup, tuple(self.rest), tuple(self.deck), history,
                          self.turn.coding, tuple(self.turn.pending()))


def _restore(setup: DealSetup, rest: tuple[Card, ...], deck: tuple[Card, ...],
             history: tuple[int, ...], coding: ActionCoding,
             pending: tuple[int, ...] = ()) -> _Deal:
    deal = _Deal(setup, rest, coding)
    deal.deck = list(deck)
    if not rest:
        deal.state = setup.deal(list(deck))
        for a in history:
            deal.state.apply(a)
        deal.turn.resume(deal.state, pending)
    return deal


class StikkState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: chance nodes while the deck is placed, then stikk's state."""

    def __init__(self, game: StikkGame, setup: DealSetup | None = None,
                 deck: tuple[Card, ...] = (), history: tuple[int, ...] = (),
                 pending: tuple[int, ...] = ()) -> None:
        """``history``: canonical actions, ``pending``: the tokens chosen so far of the
        action being spelt (OpenSpiel's own history holds tokens)."""
        super().__init__(game)
        self._deal = _Deal(setup or game.setup, game.pack, game.coding)
        for card in deck:
            self.apply_action(card)
        for action in history:
            for token in self._tokens_left(action):
                self.apply_action(token)
        at = 0
        while at < len(pending):      # the chosen tokens again, forced ones taken by force
            self.apply_action(pending[at])
            if len(self._deal.turn.pending()) <= at:
                raise ValueError(f"tokens {list(pending)} complete an action: none is pending")
            at = len(self._deal.turn.pending())

    def _tokens_left(self, action: int) -> list[int]:
        """The tokens that spell ``action`` from here, forced ones left out."""
        deal = self._deal
        assert deal.state is not None
        probe = deal.turn.copy()
        tokens = deal.turn.coding.tokens(action)
        if probe.spelling is None and action < probe.coding.simple_below:
            return [action]
        chosen = []
        while True:
            at = len(probe.pending())
            chosen.append(tokens[at])
            if probe.choose(deal.state, tokens[at]) is not None:
                return chosen

    @property
    def stikk_state(self) -> State[Any] | None:
        """The stikk state once dealt (every hand: for tools and tests, never for a bot)."""
        return self._deal.state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
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
        return self._deal.turn.legal(s)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be placed next, each with its probability."""
        return deal_outcomes(self._deal.rest, self.get_game().barred)

    def _apply_action(self, action: int) -> None:
        deal = self._deal
        deal.sampler = None
        if deal.state is not None:
            chosen = deal.turn.choose(deal.state, int(action))
            if chosen is not None:
                deal.state.apply(chosen)
            return
        card = int(action)
        if card not in deal.rest:
            raise ValueError(f"DEAL {card}: not a card of the pack left to deal")
        barred = self.get_game().barred
        left = [c for c in deal.rest if c != card] if barred else []
        if left and all(c in barred for c in left):
            raise ValueError(f"DEAL {card}: it would leave a cut point to be the cut card "
                             "(cut_deals=false)")
        deal.rest.remove(card)
        deal.deck.append(card)
        if not deal.rest:
            deal.state = deal.setup.deal(deal.deck)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "DEAL " + format_card(int(action))
        s = self._deal.state
        game: StikkGame = self.get_game()
        turn, token = self._deal.turn, int(action)
        if turn.spelling is None and token < game.coding.simple_below:
            if s is None:
                return game.stikk.action_text(token)
            return s.action_text(token)
        return game.coding.token_text(token)

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        s = self._deal.state
        return s is not None and s.terminal

    def returns(self) -> list[float]:
        """Each player's deal value (its side's), zeros before the deal is over."""
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
            pack = list(game.pack)
            if game.barred:  # the start of a deck that ends in an unbarred card
                pack.remove(rng.choice([c for c in pack if c not in game.barred]))
            deck = rng.sample(pack, len(deal.deck))
            return StikkState(game, deal.setup, tuple(deck))
        key = (player, len(deal.state.history))
        if deal.sampler is None or deal.sampler[:2] != key:
            deal.sampler = (*key, world_sampler(deal.state.view(player), deal.setup))
        world = deal.sampler[2].sample(rng)
        # the tokens chosen so far are the acting player's own: only its worlds keep them
        pending = tuple(deal.turn.pending()) if player == deal.state.to_act else ()
        return StikkState(game, deal.setup, world.deck, tuple(world.history), pending)

    def __str__(self) -> str:
        deal = self._deal
        s = deal.state
        if s is None:
            return f"dealing: {len(deal.deck)} of {len(deal.deck) + len(deal.rest)} cards placed"
        return json.dumps(s.public_view().to_json(), ensure_ascii=False)


# -- observations ------------------------------------------------------------------------

class StikkObserver:
    """OpenSpiel's Python observer: the game's view tensor and the view as JSON text.

    Three kinds, by ``iig_obs_type`` (see the module docstring): a seat's view (public and
    private information: the default), the public view (``private_info=NONE``), and the
    seat's private part alone (``public_info=False``).
    """

    def __init__(self, game: StikkGame, iig_obs_type: Any = None,
                 params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"stikk observers take no parameters, got {sorted(params)}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        public, self.perfect_recall = True, False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            public, self.perfect_recall = iig_obs_type.public_info, iig_obs_type.perfect_recall
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not (
                public or private == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("stikk observes a seat's view, the public view (private_info="
                             "NONE) or a seat's private part (public_info=False); "
                             f"not public_info={public}, private_info={private}")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.private_only = not public
        module = tensor_module(game.stikk)
        self._write = module.write
        spec = module.spec(game.stikk)
        coding = game.coding
        self._pending_at = spec.size if coding.compound else None
        self.tensor = np.zeros(spec.size + (coding.num_tokens if coding.compound else 0),
                               np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        for block in spec.blocks:
            start = spec.offset(block.name)
            self.dict[block.name] = self.tensor[start:start + block.size].reshape(block.shape)
        if coding.compound:
            self.dict["pending"] = self.tensor[spec.size:]

    def _view(self, state: StikkState, player: int) -> Any:
        s = state.stikk_state
        if s is None:
            return None
        return s.public_view() if self.public else s.view(player)

    def set_from(self, state: StikkState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state`` (all zeros before the deal)."""
        self.tensor.fill(0.0)
        view = self._view(state, player)
        if view is None:
            return
        # The tensor's few dozen non-zero entries, scattered (issue 19 §4): no list of
        # thousands of floats per call.
        entries = sparse(self._write, view)
        if self.private_only:
            # Same layout, same rows (both count seats from the player): drop what is public.
            for i, v in sparse(self._write, public_as_seen_by(state, player)).items():
                if v:
                    entries.pop(i, None)
        if entries:
            self.tensor[np.fromiter(entries, np.intp, len(entries))] = np.fromiter(
                entries.values(), np.float32, len(entries))
        pending = self._pending(state, player)
        if pending:
            assert self._pending_at is not None
            self.tensor[[self._pending_at + t for t in pending]] = 1.0

    def _pending(self, state: StikkState, player: int) -> list[int]:
        """The tokens ``player`` has chosen so far of the action it is spelling (its own
        knowledge: never in the public view)."""
        s = state.stikk_state
        if self.public or s is None or s.terminal or s.to_act != player:
            return []
        return state._deal.turn.pending()

    def string_from(self, state: StikkState, player: int) -> str:
        """What ``player`` sees of ``state`` as JSON text."""
        view = self._view(state, player)
        if view is None:
            if self.private_only:
                return ""  # nothing dealt yet: nothing private
            who = "public" if self.public else f"p{player}"
            return f"{who} dealing {len(state._deal.deck)}"
        data = view.to_json()
        if self.private_only:
            data = private_part(data, public_as_seen_by(state, player).to_json())
        pending = self._pending(state, player)
        if pending:
            coding = state.get_game().coding
            data["pending"] = [coding.token_text(t) for t in pending]
        if not self.perfect_recall:
            data.pop("history", None)
        if self.private_only and not data:
            return ""
        return json.dumps(data, ensure_ascii=False, sort_keys=True)


def public_as_seen_by(state: StikkState, player: int) -> Any:
    """The public view with ``player`` as its seat: only what every seat knows, its rows
    counted from ``player`` as in the player's own view tensor (a public view counts them
    from seat 0)."""
    s = state.stikk_state
    assert s is not None
    return replace(s.public_view(), seat=player)


def private_part(own: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """The fields of a seat's view JSON that differ from the public view's; in a list as
    long as the public one (the history, per-seat lists) the public entries are ``None``.

    >>> private_part({"hand": ["AS"], "bids": ["1 S", "2"], "to_act": 0},
    ...              {"hand": None, "bids": ["1 ?", "2"], "to_act": 0})
    {'hand': ['AS'], 'bids': ['1 S', None]}
    """
    out: dict[str, Any] = {}
    for key, value in own.items():
        seen = public.get(key)
        if value == seen:
            continue
        if isinstance(value, list) and isinstance(seen, list) and len(value) == len(seen):
            value = [None if v == p else v for v, p in zip(value, seen, strict=True)]
        out[key] = value
    return out


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
