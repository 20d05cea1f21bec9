"""The terminal table: ``stikk play GAME`` (DESIGN.md "Interfaces").

The driver here knows no game.  It seats humans and agents, plays one match
(the whole game) from a seeded shuffle, asks the humans for their moves, lets
each agent choose from its own view and the legal ids (never from the state),
and writes the record.  Everything a player sees is drawn by a per-game
renderer, named by the game's registry entry (:mod:`stikk.core.registry`).

Input goes through ``input_fn`` and output through a Rich ``Console``, so a
test can script a whole game and read the screen:

>>> import io
>>> from rich.console import Console
>>> from stikk.games import make_game
>>> screen = Console(file=io.StringIO(), width=100)
>>> play_game(make_game("romanian-whist", players=3), seats="random,random,random", seed=1,
...           console=screen)
0
>>> "Final standings" in screen.file.getvalue()
True
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..agents import Agent, DealSetup, advise, begin_deal, make_agent
from ..agents.registry import AgentSpecError, parse_agent_spec, split_agent_list
from ..cards import DIAMONDS, HEARTS, Card, CardError, card_symbol, format_card, parse_card
from ..core.errors import ActionError, ActionParseError, StikkError
from ..core.explain import ENGLISH, Msg, Voice
from ..core.game import Game, State
from ..core.match import Match
from ..core.record import record_of
from ..core.registry import entry, load
from ..core.view import View
from ..games import SESSION_DEALS
from ..i18n.terminal import speak

InputFn = Callable[[str], str]
"""Reads one line from the player (``input``, or a script in tests); EOF means quit."""

HUMAN = "human"
PROMPT = "› "

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"h", "?", "help"})
SCORE_WORDS = frozenset({"s", "score", "scores"})
LAST_WORDS = frozenset({"l", "last"})
TABLE_WORDS = frozenset({"t", "table"})
HINT_WORDS = frozenset({"hint"})

DEFAULT_BOT = "heuristic"
"""Who fills the other seats without ``--seats``: the rule-based player (instant and sensible;
``--seats human,ismcts,...`` for the searching bot)."""

HINT_AGENT = "expert"
"""The bot whose choice ``hint`` shows, from the asking seat's view: the expert, whose reasons
are the solver's numbers once the deal can be solved and IS-MCTS's before."""


# -- seats ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seating:
    """Who sits where: ``kinds[seat]`` is ``human`` or an agent name."""

    kinds: tuple[str, ...]

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, k in enumerate(self.kinds) if k == HUMAN)

    @property
    def you(self) -> int | None:
        """The human's seat when exactly one human plays (he is then "you")."""
        h = self.humans
        return h[0] if len(h) == 1 else None

    @property
    def viewer(self) -> int:
        """The seat whose view the running commentary is drawn from (the first human)."""
        h = self.humans
        return h[0] if h else 0

    def name(self, seat: int, lang: str = ENGLISH) -> str:
        """``you`` or ``seat N``, for sentences (in the language ``lang``)."""
        return Voice(self.you, lang=lang).seat(seat)

    def cap_name(self, seat: int, lang: str = ENGLISH) -> str:
        """``You`` or ``Seat N``, to begin a sentence."""
        return Voice(self.you, lang=lang).seat(seat, cap=True)

    def label(self, seat: int, lang: str = ENGLISH) -> str:
        """``seat 0 (you)``, ``seat 2 (random)``, ``seat 1 (human)``: the seat kind is what
        ``--seats`` names, as typed."""
        if seat == self.you:
            return Msg("term.seat_you", {"n": seat}).text(Voice(lang=lang))
        return Msg("term.seat_kind", {"n": seat, "kind": self.kinds[seat]}).text(Voice(lang=lang))


def parse_seats(spec: str | None, players: int) -> Seating:
    """The ``--seats`` list: ``human`` or an agent name per seat, comma-separated.

    Without it, a human sits at seat 0 and heuristic bots elsewhere.

    >>> parse_seats(None, 3).kinds
    ('human', 'heuristic', 'heuristic')
    >>> parse_seats("random, Human ,random", 3).kinds
    ('random', 'human', 'random')
    """
    if spec is None:
        return Seating((HUMAN,) + (DEFAULT_BOT,) * (players - 1))
    kinds = tuple(k.strip().lower() for k in split_agent_list(spec))
    if len(kinds) != players:
        raise StikkError(f"--seats lists {len(kinds)} seat(s) but the game has {players} "
                         f"players; give human or an agent (random, heuristic, ismcts) "
                         "per seat")
    for k in kinds:
        if k == HUMAN:
            continue
        try:
            parse_agent_spec(k)
        except AgentSpecError as e:
            raise StikkError(f"--seats: {k or '(empty)'!r} is not a seat kind; use human or "
                             f"an agent name ({e})") from None
    return Seating(kinds)


def agent_seed(seed: int | None, seat: int) -> int | None:
    """Each agent's own seed: derived from ``--seed`` and the seat, apart from the shuffle's."""
    return None if seed is None else seed * 1000 + 17 + seat


# -- renderers --------------------------------------------------------------------------------


class Renderer(Protocol):
    """What a game's terminal renderer draws.  It is given views (and the match's public
    score sheet), never a state in progress, so it cannot show what the player may not see."""

    def deal_started(self, match: Match[Any], view: View) -> None:
        """The header of a new deal (round number, dealer, trumps …)."""

    def show_table(self, match: Match[Any], view: View, moves: Sequence[tuple[int, str]]) -> None:
        """The whole table as ``view.seat`` sees it, and his numbered moves."""

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        """The legal ids in display order, each with a short label."""

    def prompt_hint(self, view: View, count: int) -> str:
        """One line saying what the player may type now (Rich markup)."""

    def parse_move(self, text: str, view: View) -> int | None:
        """A game's shorthand for an action (``qh``, ``b2``), or ``None`` if it is not one;
        a shorthand it knows but finds mistyped raises :class:`ActionParseError` saying what
        is wrong."""

    def after_action(self, seat: int, before: View, after: View) -> None:
        """Say what ``seat`` just did (and who won the trick it finished)."""

    def deal_over(self, match: Match[Any]) -> None:
        """The round's result and the totals, after a deal has ended."""

    def score_sheet(self, match: Match[Any]) -> None:
        """The score sheet so far."""

    def last_trick(self, view: View) -> None:
        """The last completed trick of the deal."""

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        """The final standings (or, when the game was left, the position so far)."""

    def help_lines(self) -> list[Text]:
        """Game-specific lines for the help screen."""


class TableRenderer:
    """Shared helpers for trick-taking renderers: printing, cards, generic input, the words
    in the table's language (``lang``, installed by :func:`stikk.i18n.use`)."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating, *,
                 lang: str = ENGLISH) -> None:
        self.game = game
        self.console = console
        self.seating = seating
        self.lang = lang

    def say(self, *objects: Any, **kwargs: Any) -> None:
        """Print to the console (Rich markup, no automatic highlighting)."""
        self.console.print(*objects, highlight=False, **kwargs)

    @property
    def voice(self) -> Voice:
        """Who the words speak to (the one human at the table is "you"), in which language."""
        return Voice(self.seating.you, lang=self.lang)

    def tell(self, mid: str, **params: Any) -> str:
        """The message ``mid`` in the table's voice (Rich markup where a field is a
        :func:`cmd`)."""
        return Msg(mid, params).text(self.voice)

    @property
    def narrate(self) -> bool:
        """Move-by-move commentary (a human plays); else one line per trick."""
        return bool(self.seating.humans)

    def parse_move(self, text: str, view: View) -> int | None:
        """A card (``qh``, ``10♥``, ``Q♥``) means ``PLAY <card>`` (CONFORMANCE.md §2)."""
        try:
            c = parse_card(text)
        except CardError:
            return None
        try:
            return self.game.parse_action("PLAY " + format_card(c))
        except ActionParseError:
            return None

    def prompt_hint(self, view: View, count: int) -> str:
        """One line saying what the player may type now: a move's number."""
        return self.tell("term.prompt", nums=f"1–{count}", h=KEYS["h"])

    def help_lines(self) -> list[Text]:
        """Game-specific lines for the help screen (none by default)."""
        return []


NarrowT = TypeVar("NarrowT")


def narrow(value: object, cls: type[NarrowT]) -> NarrowT:
    """``value`` as a ``cls``: a renderer handed another game's view or match is a bug."""
    if not isinstance(value, cls):
        raise TypeError(f"expected a {cls.__name__}, got {value!r}")
    return value


def cmd(text: str) -> str:
    """A command as the player types it (in every language), in bold: Rich markup."""
    return f"[bold]{escape(text)}[/bold]"


KEYS: Final = {"h": cmd("h"), "s": cmd("s"), "q": cmd("q")}
"""The commands every prompt names: help, the score sheet, quit."""

HELP_WIDTH = 17
"""The width of a help line's first part (what to type)."""

_STYLES = {"red": "bold red", "black": "bold", "section": "dim"}


def rich_text(msg: Msg, voice: Voice, style: str = "") -> Text:
    """A message as Rich text: cards and suits in their colours, the rules section dim."""
    out = Text(style=style)
    for text, hint in msg.segments(voice):
        out.append(text, style=_STYLES.get(hint or "", ""))
    return out


def labelled(msg: Msg, voice: Voice, style: str) -> Text:
    """A message whose words before its first field are a label, drawn in ``style``."""
    out = rich_text(msg, voice)
    first, hint = msg.segments(voice)[0]
    if hint is None:
        out.stylize(style, 0, len(first))
    return out


def help_line(text: str, *, indent: int = 2, width: int = HELP_WIDTH) -> Text:
    """A help line (Rich markup): what to type, a tab, what it does; the second parts line
    up."""
    what, _, does = text.partition("\t")
    left = Text.from_markup(what)
    gap = max(width - left.cell_len, 2)
    return Text(" " * indent) + left + Text(" " * gap) + Text.from_markup(does)


def styled(text: str, style: str) -> Text:
    """``text`` in ``style``, as a span: what is appended to it keeps its own style."""
    out = Text()
    out.append(text, style=style)
    return out


def card_text(c: Card) -> Text:
    """A card with its suit symbol, hearts and diamonds in red (``10♥``)."""
    return styled(card_symbol(c), "bold red" if c >> 4 in (HEARTS, DIAMONDS) else "bold")


def cards_text(cards: Sequence[Card], sep: str = " ") -> Text:
    """Cards as :func:`card_text` draws each, joined by ``sep``."""
    return Text(sep).join(card_text(c) for c in cards)


def make_renderer(game: Game[Any], console: Console, seating: Seating,
                  lang: str = ENGLISH) -> Renderer:
    """The renderer the game's registry entry names (imported when that game is played),
    speaking ``lang``."""
    cls = load(entry(game.id).terminal)
    renderer: Renderer = cls(game, console, seating, lang=lang)
    return renderer


# -- the table --------------------------------------------------------------------------------


class TableSession:
    """One game at the terminal, in the language ``lang``.  ``match`` is public so tests can
    inspect the position."""

    def __init__(self, game: Game[Any], *, seats: str | None = None, seed: int | None = None,
                 dealer: int = 0, record_path: str | Path | None = None,
                 input_fn: InputFn = input, console: Console | None = None,
                 max_deals: int | None = None, lang: str = ENGLISH) -> None:
        self.game = game
        self.lang = speak(lang)
        self.max_deals = max_deals if max_deals is not None else SESSION_DEALS.get(game.id)
        if self.max_deals is not None and self.max_deals < 1:
            raise StikkError(f"--deals {self.max_deals}: give at least 1")
        self.seating = parse_seats(seats, game.players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.agents: dict[int, Agent] = {
            s: make_agent(k, game, seed=agent_seed(seed, s))
            for s, k in enumerate(self.seating.kinds) if k != HUMAN
        }
        self.record_path = Path(record_path) if record_path is not None else None
        if self.record_path is not None:
            _check_writable(self.record_path)
        self.match: Match[Any] = game.new_match(dealer)
        self.console = console if console is not None else Console(highlight=False)
        self.input_fn = input_fn
        self.renderer = make_renderer(game, self.console, self.seating, self.lang)
        self.setup: DealSetup | None = None
        self._hint_agent: Agent | None = None

    def say(self, *objects: Any, **kwargs: Any) -> None:
        """Print to the console (Rich markup, no automatic highlighting)."""
        self.console.print(*objects, highlight=False, **kwargs)

    def tell(self, mid: str, **params: Any) -> str:
        """The message ``mid`` in the table's language, spoken to nobody in particular."""
        return Msg(mid, params).text(Voice(lang=self.lang))

    def run(self) -> int:
        """Play the match to its end, or until a human quits; returns the exit status."""
        status = 0
        finished = False
        try:
            finished = self._play()
        except KeyboardInterrupt:
            self.say(styled("\n" + self.tell("term.interrupted"), "bold"))
            status = 130
        if not finished and status == 0:
            self.say(styled(self.tell("term.left_table"), "bold"))
        self.renderer.game_over(self.match, finished=finished)
        if self.record_path is not None:
            path = str(self.record_path)
            try:
                write_record(self.match, self.record_path)
            except OSError as e:
                self.say(styled(self.tell("term.record_failed", path=path,
                                          error=e.strerror or str(e)), "bold red"))
                return 1
            self.say(Text(self.tell("term.record_written", path=path)))
        return status

    def _play(self) -> bool:
        """Deal and play until the match is over or ``max_deals`` deals are played (True), or a
        human quits (False)."""
        match = self.match
        viewer = self.seating.viewer
        while not match.over:
            if self.max_deals is not None and len(match.deals) >= self.max_deals:
                break
            state = match.start_deal(rng=self.rng)
            self.setup = DealSetup(state)
            for s, agent in self.agents.items():
                begin_deal(agent, self.setup, s)
            self.renderer.deal_started(match, state.view(viewer))
            while state.to_act is not None:
                seat = state.to_act
                before = state.view(viewer)
                if seat in self.agents:
                    choice = self.agents[seat].act(state.view(seat), list(state.legal_actions()))
                    match.apply(choice)
                elif not self._human_turn(state, seat):
                    return False
                self.renderer.after_action(seat, before, state.view(viewer))
            self.renderer.deal_over(match)
        return True

    def _human_turn(self, state: State[Any], seat: int) -> bool:
        """Ask ``seat`` until a legal move is applied (True) or he quits (False)."""
        view = state.view(seat)
        moves = self.renderer.moves(view, state.legal_actions())
        if len(self.seating.humans) > 1:
            turn = self.tell("term.your_turn", p=seat)
            self.say(Text("\n") + styled(f" {turn} ", "bold reverse"))
        self.renderer.show_table(self.match, view, moves)
        hint = self.renderer.prompt_hint(view, len(moves))
        self.say(hint)
        while True:
            try:
                line = self.input_fn(PROMPT)
            except EOFError:
                self.say()
                return False
            text = line.strip()
            word = text.lower()
            if not text:
                self.say(hint)
                continue
            if word in QUIT_WORDS:
                return False
            if word in HELP_WORDS:
                self._help()
                continue
            if word in SCORE_WORDS:
                self.renderer.score_sheet(self.match)
                continue
            if word in LAST_WORDS:
                self.renderer.last_trick(view)
                continue
            if word in TABLE_WORDS:
                self.renderer.show_table(self.match, view, moves)
                self.say(hint)
                continue
            if word in HINT_WORDS:
                self._hint(state, seat, view)
                continue
            action = self._parse(text, state, view, moves)
            if isinstance(action, str):
                self.say(styled("✗ ", "bold red") + Text(action))
                continue
            try:
                self.match.apply(action)
            except ActionError as e:  # the engine's reason, said to the seat (core.game)
                said = Msg("term.not_allowed", {"reason": reason_of(e)})
                self.say(styled("✗ ", "bold red")
                         + labelled(said, Voice(seat, lang=self.lang), "bold red"))
                continue
            return True

    def _hint(self, state: State[Any], seat: int, view: View) -> None:
        """One line: what the expert would play from this seat's view, and why."""
        if self._hint_agent is None:
            self._hint_agent = make_agent(HINT_AGENT, self.game,
                                          seed=agent_seed(self.seed, 100 + seat))
        assert self.setup is not None
        begin_deal(self._hint_agent, self.setup, seat)
        action, reason = advise(self._hint_agent, view, list(state.legal_actions()))
        moves = self.renderer.moves(view, state.legal_actions())
        number, label = next(((i, text) for i, (a, text) in enumerate(moves, 1) if a == action),
                             (None, state.action_text(action)))
        said = Msg("term.hint" if number is None else "term.hint_move",
                   {"label": label, "n": number, "reason": reason})
        you = Voice(seat, self.game.num_sides == 2 and self.game.players == 4, lang=self.lang)
        self.say(labelled(said, you, "bold cyan"))

    def _parse(self, text: str, state: State[Any], view: View,
               moves: Sequence[tuple[int, str]]) -> int | str:
        """An action id, or a sentence saying why ``text`` is not one."""
        if re.fullmatch(r"\d+", text):
            n = int(text)
            if 1 <= n <= len(moves):
                return moves[n - 1][0]
            if len(moves) == 1:
                return self.tell("term.no_move_only", n=n)
            return self.tell("term.no_move_range", n=n, count=len(moves))
        try:
            a = self.renderer.parse_move(text, view)
        except ActionParseError as e:  # a shorthand the renderer knows, mistyped
            return self.tell("term.bad_shorthand", text=repr(text), reason=reason_of(e), h="h")
        if a is not None:
            return a
        try:
            return state.parse_action(text)
        except ActionParseError as e:
            return self.tell("term.not_a_move", text=repr(text), reason=reason_of(e), h="h")

    def _help(self) -> None:
        tell = self.tell
        lines = [
            styled(tell("term.help_answer"), "bold"),
            help_line(tell("term.help_number")),
            help_line(tell("term.help_action", a=cmd("play qh"), b=cmd("bid 2"))),
            *self.renderer.help_lines(),
            styled(tell("term.help_commands"), "bold"),
            help_line(tell("term.help_sheet", s=cmd("s"))),
            help_line(tell("term.help_last", l=cmd("l"))),
            help_line(tell("term.help_table", t=cmd("t"))),
            help_line(tell("term.help_help", h=cmd("h"))),
            help_line(tell("term.help_hint", hint=cmd("hint"), bot=HINT_AGENT)),
            help_line(tell("term.help_quit", q=cmd("q"), record="--record")),
        ]
        for line in lines:
            self.say(line)


def reason_of(e: ActionError) -> Msg:
    """Why the engine refused an action: its message, else its English text."""
    return e.explanation or Msg("core.action", {"t": e.reason})


def play_game(game: Game[Any], *, seats: str | None = None, seed: int | None = None,
              dealer: int = 0, record_path: str | Path | None = None,
              input_fn: InputFn = input, console: Console | None = None,
              max_deals: int | None = None, lang: str = ENGLISH) -> int:
    """Play one whole game of ``game`` at the terminal; returns the exit status (0, or 130
    after Ctrl-C, or 1 when the record could not be written).

    ``seats`` is the ``--seats`` list (``human`` or an agent name per seat); ``seed`` seeds
    the shuffle and the agents (``None``: fresh randomness); ``dealer`` deals first;
    ``max_deals`` stops the table after that many deals (default: the match's end, or
    :data:`SESSION_DEALS` for a game whose session never ends); ``lang`` is the language the
    table speaks (one of :data:`stikk.i18n.CODES`).
    """
    if input_fn is input:
        try:  # line editing for the prompt, where the platform has it
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover
            pass
    session = TableSession(game, seats=seats, seed=seed, dealer=dealer,
                           record_path=record_path, input_fn=input_fn, console=console,
                           max_deals=max_deals, lang=lang)
    return session.run()


# -- records ----------------------------------------------------------------------------------


def _check_writable(path: Path) -> None:
    if path.is_dir():
        raise StikkError(f"--record {path}: is a directory")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise StikkError(f"--record {path}: no such directory {parent}")


def record_json(match: Match[Any]) -> str:
    """The match's record as JSON text, one deal per line (CONFORMANCE.md §3)."""
    data = record_of(match).to_json()
    deals = data.pop("deals")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    body = ",\n  ".join(json.dumps(d, ensure_ascii=False) for d in deals)
    return f'{head}, "deals": [\n  {body}\n]}}\n'


def write_record(match: Match[Any], path: str | Path) -> None:
    """Write the match's record to ``path``."""
    Path(path).write_text(record_json(match), encoding="utf-8")
