"""The engine's words: explanations as structured messages (DESIGN.md "The engine contract").

Everything stikk tells a person about a game (what a move is called, why a move is not
allowed, what a deal scored and why, the facts beside the score sheet, a hint) is a
:class:`Msg`: a message id, its parameters (JSON values) and the rules section it rests on.
The English text of each id is a template in :data:`CATALOGUE`; another language needs only
another catalogue, never another rule.

A template is ``str.format`` text whose fields may name a *kind* after a colon, which says
how the parameter is written:

=================== ==================================================================
field               written as
=================== ==================================================================
``{n}``             the value as it is
``{c:card}``        a card code (``"TH"``) as ``10♥``
``{m:cards}``       a list of card codes as ``7♥ Q♥`` (``nothing`` when empty)
``{s:suit}``        a suit letter as ``hearts``; ``{s:suitsym}`` as ``♥``;
                    ``{l:suits}`` a list of them as ``hearts and clubs``
``{p:seat}``        a seat: ``you`` to that seat, else ``seat 2``; ``{p:Seat}``
                    capitalised (``You``, ``Seat 2``)
``{p:seats}``       a list of seats: ``you and seat 2``; ``{p:poss}`` ``your`` or
                    ``seat 2's``; ``{p:owner}`` ``yours`` or ``seat 2's``
``{x:side}``        a side: ``your side`` or ``side A`` in a partnership game, else the
                    seat; ``{x:Side}`` capitalised
``{p:verb:bid:bids}`` ``bid`` when the seat is addressed as you, else ``bids``;
                    ``{x:sideverb:win:wins}`` the same for a side
``{n:count:trick:tricks}`` ``1 trick``, ``3 tricks``
``{n:signed}``      ``+3``, ``−2``, ``0``; ``{n:num}`` with a true minus sign
``{m:msg}``         a nested message; ``{m:msgs}`` a list of them joined by ``; ``
``{w:list}``        a list of words joined by ``, ``
=================== ==================================================================

Who "you" is comes from the :class:`Voice` a message is rendered in: a seat's own view
speaks to that seat, the public view to nobody.  The voice also names the language: a
:class:`Language` installed with :func:`install` (``stikk.i18n`` installs the translated
catalogues) gives each id its template there and the words the kinds above write (``you``,
``seat 2``, ``hearts``, ``and``: the ``core.w.*`` messages); an id it lacks is said in English.
In a translation, ``count`` takes one form per plural category of the language (CLDR order:
one, two, few, many, other) and a ``#`` in a form stands for the number.

>>> define("demo", {"follow": "{p:Seat} must follow {s:suit}: "
...                           "{p:seat} {p:verb:hold:holds} {m:cards}"})
>>> msg = Msg("demo.follow", {"p": 0, "s": "H", "m": ["7H", "QH"]}, "§6.2")
>>> msg.text(Voice(you=0))
'You must follow hearts: you hold 7♥ Q♥ (rules §6.2)'
>>> msg.text(Voice())
'Seat 0 must follow hearts: seat 0 holds 7♥ Q♥ (rules §6.2)'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..cards import SUIT_SYMBOLS, SUITS, Card, Mask, card_symbol, cards_of, format_card

CATALOGUE: dict[str, str] = {}
"""Message id -> English template."""

ENGLISH: Final = "en"


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@dataclass(frozen=True, slots=True)
class Language:
    """A language messages can be said in: its code (``fo``), its templates by message id
    (those it lacks are said in English) and which plural form a number takes (an index into
    a ``count`` field's forms)."""

    code: str
    templates: Mapping[str, str]
    plural: Callable[[int], int]


_LANGUAGES: dict[str, Language] = {ENGLISH: Language(ENGLISH, CATALOGUE, _english_plural)}


def install(language: Language) -> None:
    """Make ``language`` available to voices (``Voice(lang=code)``)."""
    _LANGUAGES[language.code] = language
    for key in [k for k in _PARSED if k[0] == language.code]:
        del _PARSED[key]


def language(code: str) -> Language:
    """The installed language ``code``; English when it is not installed."""
    return _LANGUAGES.get(code) or _LANGUAGES[ENGLISH]

_FORMATTER = string.Formatter()


@dataclass(frozen=True, slots=True)
class Voice:
    """Who a message speaks to: the seat addressed as "you" (``None``: nobody, as to a
    spectator), and whether sides are partnerships (side A = seats 0 and 2).  ``params``:
    whether the reader wants each message's parameters in its JSON beside the text (a
    translator does; a page that shows the text needs only the id and the text)."""

    you: int | None = None
    partnership: bool = False
    params: bool = True
    lang: str = ENGLISH
    """The language spoken: a code installed with :func:`install` (else English)."""

    def word(self, key: str, **fields: Any) -> str:
        """The word ``core.w.<key>`` in this voice's language, its fields filled in."""
        template = language(self.lang).templates.get(f"core.w.{key}") or CATALOGUE[f"core.w.{key}"]
        return template.format(**fields) if fields else template

    def seat(self, seat: int, *, cap: bool = False) -> str:
        """A seat's name in this voice: "you" for the seat addressed, else "seat n"
        (``cap``: capitalized, to begin a sentence)."""
        if seat == self.you:
            return self.word("You" if cap else "you")
        return self.word("Seat" if cap else "seat", n=seat)

    def side(self, side: int, *, cap: bool = False) -> str:
        """A side's name in this voice: "your side" or "side A"; without partnerships the
        seat's name (:meth:`seat`; ``cap``: capitalized, to begin a sentence)."""
        if not self.partnership:
            return self.seat(side, cap=cap)
        if self.is_you_side(side):
            return self.word("Your_side" if cap else "your_side")
        return self.word("Side" if cap else "side", x="AB"[side])

    def is_you_side(self, side: int) -> bool:
        """Whether ``side`` is the side of the seat addressed (partnerships: seats 0 and 2 are
        side 0)."""
        return self.you is not None and self.you % 2 == side


NOBODY: Final = Voice()


@dataclass(frozen=True, slots=True)
class Msg:
    """One thing to say: a message id from :data:`CATALOGUE`, its parameters (JSON values:
    card codes, suit letters, seat numbers, counts, nested messages) and the rules section it
    rests on (``"§6.2"``, ``"IS-5.2"``), if any."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    section: str | None = None

    def text(self, voice: Voice = NOBODY) -> str:
        """The text in the voice's language."""
        return "".join(text for text, _ in self.segments(voice))

    def segments(self, voice: Voice = NOBODY) -> list[tuple[str, str | None]]:
        """The text in pieces, each with a hint of how to draw it: ``"red"`` or
        ``"black"`` for cards and suit symbols, ``"section"`` for the rules section, else
        ``None``; a terminal colours them, a plain renderer joins them."""
        return _segments(self, voice, {})

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """``{"id", "params", "section", "text"}``: the structure for a translator, the text
        for everybody else (``params`` and ``section`` are left out when empty; a message
        among the parameters comes as its structure alone, its words being in the text)."""
        return _to_json(self, voice, {})

    def __str__(self) -> str:
        return self.text()


def section_text(section: str, voice: Voice = NOBODY) -> str:
    """``§6.2`` -> ``rules §6.2``; a section with its own prefix (``IS-5.2``) stays."""
    return voice.word("rules_section", s=section) if section.startswith("§") else section


def define(prefix: str, templates: Mapping[str, str]) -> None:
    """Add a game's (or a layer's) English templates to :data:`CATALOGUE` as
    ``prefix.key``.  Each template is checked now: a field with an unknown kind fails at
    import, not when a player first meets it."""
    for key, template in templates.items():
        mid = f"{prefix}.{key}"
        if CATALOGUE.get(mid, template) != template:
            raise ValueError(f"message {mid!r} is defined twice, differently")
        for _, name, spec, _ in _FORMATTER.parse(template):
            if name is not None and (spec or "").split(":")[0] not in _KINDS:
                raise ValueError(f"message {mid!r}: unknown kind {spec!r} of field {name!r}")
        CATALOGUE[mid] = template
        _PARSED.pop((ENGLISH, mid), None)


# -- parameters -----------------------------------------------------------------------------------

def card(c: Card) -> str:
    """A card id as a message parameter (its code, ``TH``)."""
    return format_card(c)


def cards(cs: Iterable[Card] | Mask) -> list[str]:
    """Card ids (or a mask) as a message parameter, in the order given."""
    seq = cards_of(cs) if isinstance(cs, int) else cs
    return [format_card(c) for c in seq]


def suit(s: int) -> str:
    """A suit number as a message parameter (its letter)."""
    return SUITS[s]


# -- rendering ------------------------------------------------------------------------------------

Piece = tuple[str, str | None, str, list[str]]
"""A template parsed: literal text, then the field's name (None: none), kind and arguments."""
_PARSED: dict[tuple[str, str], list[Piece]] = {}


def parse_template(template: str) -> list[Piece]:
    """A template as its pieces (a translation's check compares them with English's)."""
    pieces: list[Piece] = []
    for literal, name, spec, _ in _FORMATTER.parse(template):
        kind, *args = (spec or "").split(":")
        pieces.append((literal, name, kind, args))
    return pieces


def _pieces(mid: str, lang: str) -> list[Piece]:
    """The template of ``mid`` in ``lang``, parsed once (a server renders thousands of
    messages)."""
    pieces = _PARSED.get((lang, mid))
    if pieces is None:
        try:
            template = language(lang).templates.get(mid) or CATALOGUE[mid]
        except KeyError:
            raise KeyError(f"no message {mid!r} in the catalogue") from None
        pieces = _PARSED[(lang, mid)] = parse_template(template)
    return pieces


Segments = list[tuple[str, str | None]]
Memo = dict[int, Segments]
"""The segments of the messages already rendered for one JSON answer, by object: a message
among another's parameters is rendered once, for its own text and for its place in the
other's."""


def _segments(msg: Msg, voice: Voice, memo: Memo) -> Segments:
    done = memo.get(id(msg))
    if done is not None:
        return done
    out: Segments = []
    for literal, name, kind, args in _pieces(msg.id, voice.lang):
        if literal:
            out.append((literal, None))
        if name is None:
            continue
        try:
            value = msg.params[name]
        except KeyError:
            raise KeyError(f"message {msg.id!r} needs parameter {name!r}") from None
        if kind == "msg":
            out += _nested(value, voice, memo)
        elif kind == "msgs":
            sep = args[0] if args else "; "
            for i, m in enumerate(value):
                if i:
                    out.append((sep, None))
                out += _nested(m, voice, memo)
        else:
            _KINDS[kind](value, args, voice, out)
    if msg.section:
        out.append((voice.word("section", s=section_text(msg.section, voice)), "section"))
    memo[id(msg)] = out
    return out


def _nested(value: Any, voice: Voice, memo: Memo) -> Segments:
    """A message among the parameters: a Msg (remembered by the memo while it lives), or its
    JSON form (rendered afresh: a temporary object's id may be reused)."""
    if isinstance(value, Msg):
        return _segments(value, voice, memo)
    return _segments(_as_msg(value), voice, {})


def _to_json(msg: Msg, voice: Voice, memo: Memo, *, text: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"id": msg.id}
    if msg.params and voice.params:
        out["params"] = {k: _structure(v) for k, v in msg.params.items()}
    if msg.section:
        out["section"] = msg.section
    if text:
        out["text"] = "".join(piece for piece, _ in _segments(msg, voice, memo))
    return out


def _structure(value: Any) -> Any:
    """A parameter as JSON; a message as its id, parameters and section (no text)."""
    if isinstance(value, Msg):
        return _to_json(value, NOBODY, {}, text=False)
    if isinstance(value, (list, tuple)):
        return [_structure(v) for v in value]
    return value


Writer = Callable[[Any, list[str], Voice, list[tuple[str, str | None]]], None]


def _plain(fn: Callable[[Any, list[str], Voice], str]) -> Writer:
    def write(value: Any, args: list[str], voice: Voice,
              out: list[tuple[str, str | None]]) -> None:
        out.append((fn(value, args, voice), None))
    return write


def _card_piece(code: str) -> tuple[str, str]:
    from ..cards import parse_card

    c = parse_card(code)
    return card_symbol(c), "red" if c >> 4 in (2, 3) else "black"


def _write_card(value: Any, args: list[str], voice: Voice,
                out: list[tuple[str, str | None]]) -> None:
    out.append(_card_piece(value))


def _write_cards(value: Any, args: list[str], voice: Voice,
                 out: list[tuple[str, str | None]]) -> None:
    if not value:
        out.append((voice.word("nothing"), None))
    for i, code in enumerate(value):
        if i:
            out.append((" ", None))
        out.append(_card_piece(code))


def _write_suitsym(value: Any, args: list[str], voice: Voice,
                   out: list[tuple[str, str | None]]) -> None:
    s = SUITS.index(value)
    out.append((SUIT_SYMBOLS[s], "red" if s in (2, 3) else "black"))


def _write_nested(value: Any, args: list[str], voice: Voice,
                  out: list[tuple[str, str | None]]) -> None:
    raise AssertionError("nested messages are rendered by _segments")


def _seats(value: Any, args: list[str], voice: Voice) -> str:
    return _and([voice.seat(s) for s in value], voice) if value else voice.word("nobody")


def _suit_name(letter: str, voice: Voice) -> str:
    return voice.word(f"suit_{letter}")


def _suits(value: Any, args: list[str], voice: Voice) -> str:
    return _and([_suit_name(x, voice) for x in value], voice)


def _and(names: list[str], voice: Voice) -> str:
    if len(names) <= 1:
        return names[0] if names else voice.word("nothing")
    return voice.word("and", a=voice.word("comma").join(names[:-1]), b=names[-1])


def _count(value: Any, args: list[str], voice: Voice) -> str:
    """``3 tricks``: the form of the number's plural category (a ``#`` in it is the
    number)."""
    form = args[min(language(voice.lang).plural(value), len(args) - 1)]
    return form.replace("#", str(value)) if "#" in form else f"{value} {form}"


def _poss(value: Any, args: list[str], voice: Voice) -> str:
    return voice.word("your") if value == voice.you else voice.word("seat_poss", n=value)


def _owner(value: Any, args: list[str], voice: Voice) -> str:
    return voice.word("yours") if value == voice.you else voice.word("seat_poss", n=value)


def _signed(value: Any, args: list[str], voice: Voice) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _num(value: Any, args: list[str], voice: Voice) -> str:
    return f"−{-value}" if value < 0 else str(value)


_KINDS: dict[str, Writer] = {
    "": _plain(lambda v, a, voice: str(v)),
    "card": _write_card,
    "cards": _write_cards,
    "suit": _plain(lambda v, a, voice: _suit_name(v, voice)),
    "suitsym": _write_suitsym,
    "suits": _plain(_suits),
    "seat": _plain(lambda v, a, voice: voice.seat(v)),
    "Seat": _plain(lambda v, a, voice: voice.seat(v, cap=True)),
    "seats": _plain(_seats),
    "side": _plain(lambda v, a, voice: voice.side(v)),
    "Side": _plain(lambda v, a, voice: voice.side(v, cap=True)),
    "verb": _plain(lambda v, a, voice: a[0] if v == voice.you else a[1]),
    "poss": _plain(_poss),
    "owner": _plain(_owner),
    # "your side" is one subject, so it takes the third person; a side that is a seat is you
    "sideverb": _plain(lambda v, a, voice: a[0] if not voice.partnership and v == voice.you
                       else a[1]),
    "count": _plain(_count),
    "signed": _plain(_signed),
    "num": _plain(_num),
    "msg": _write_nested,  # rendered by _segments itself; listed for define()'s check
    "msgs": _write_nested,
    "list": _plain(lambda v, a, voice: voice.word("comma").join(map(str, v))),
}


def _as_msg(value: Any) -> Msg:
    if isinstance(value, Msg):
        return value
    return Msg(value["id"], value.get("params", {}), value.get("section"))


def _json(value: Any, voice: Voice, memo: Memo | None = None) -> Any:
    if isinstance(value, Msg):
        return _to_json(value, voice, {} if memo is None else memo)
    if isinstance(value, (list, tuple)):
        return [_json(v, voice, memo) for v in value]
    return value


# -- what a table shows ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Move:
    """A legal move as a player is offered it: the action id, its canonical text, a short
    label (a button, a numbered list) and, where it says more, a longer description."""

    action: int
    text: str
    label: Msg
    detail: Msg | None = None

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """``{"action", "label", "detail"}``: the canonical text and the words in ``voice``."""
        return {"action": self.text, "label": self.label.to_json(voice),
                "detail": None if self.detail is None else self.detail.to_json(voice)}


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card of the viewer's hand in the order a player of the game holds it, with what the
    card is in this deal (a Stýrivolt role, a permanent trump) and the group it is held in.

    The marks a table prints on the card come from here too: ``trump`` (a trump in this
    deal, as far as the viewer knows), ``badge`` (a short name printed on the card, such as
    a Stýrivolt role's, whose long form is the note) and ``pile`` (the number of the viewer's
    pile the card lies on, face up, rather than in the hand: two-player Sjavs)."""

    card: str
    note: Msg | None = None
    group: Msg | None = None
    trump: bool = False
    badge: Msg | None = None
    pile: int | None = None

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """The card and its marks as JSON, the messages in ``voice``."""
        return {"card": self.card, "note": None if self.note is None else self.note.to_json(voice),
                "group": None if self.group is None else self.group.to_json(voice),
                "trump": self.trump,
                "badge": None if self.badge is None else self.badge.to_json(voice),
                "pile": self.pile}


@dataclass(frozen=True, slots=True)
class SeatTable:
    """One row per seat (in seat order) under column heads: bids, tricks, totals, notes."""

    head: tuple[Msg, ...]
    rows: tuple[tuple[Any, ...], ...]
    """Cells: a :class:`Msg`, a number, a word, or ``None`` (empty)."""

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """``{"head", "rows"}``, the messages in ``voice``."""
        return {"head": [h.to_json(voice) for h in self.head],
                "rows": [[_json(c, voice) for c in row] for row in self.rows]}


@dataclass(frozen=True, slots=True)
class Panel:
    """What a table shows beside the cards: a title line; the facts fixed for the deal
    (trumps, the kind of round); the facts of the moment (the bidding so far, the trick in
    play, what is at stake); what the seat knows of the hidden cards and why; and a row per
    seat."""

    title: Msg
    deal: tuple[Msg, ...] = ()
    now: tuple[Msg, ...] = ()
    knows: tuple[Msg, ...] = ()
    seats: SeatTable | None = None

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """``{"title", "deal", "now", "knows", "seats"}``, the messages in ``voice``."""
        return {"title": self.title.to_json(voice),
                "deal": [m.to_json(voice) for m in self.deal],
                "now": [m.to_json(voice) for m in self.now],
                "knows": [m.to_json(voice) for m in self.knows],
                "seats": None if self.seats is None else self.seats.to_json(voice)}


FELT_KINDS: Final = frozenset({"trumps", "turned", "suits", "pile", "table_cards", "exposed",
                                "dead", "stock"})
"""What :class:`FeltItem` kinds there are: ``trumps`` (the trump suit), ``turned`` (the turned
trump card), ``suits`` (suits chosen for the deal), ``pile`` (a seat's pile of face-up and
face-down cards), ``table_cards`` (cards dealt to the table), ``exposed`` (cards shown face up),
``dead`` (cards out of play, face up) and ``stock`` (the undealt cards)."""


@dataclass(frozen=True, slots=True)
class FeltItem:
    """Something the game lays on the table besides the trick, as the view knows it: its kind
    (one of :data:`FELT_KINDS`), its words, its cards (codes, a pile's bottom to top; ``None``
    for a card face down to the viewer), whose it is (``None``: the table's), the size of a
    face-down heap such as the stock, and the suits it names (trumps, the chosen suits)."""

    kind: str
    label: Msg
    cards: tuple[str | None, ...] = ()
    seat: int | None = None
    count: int | None = None
    suits: tuple[str, ...] = ()

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """The item as JSON (``kind``, ``label``, ``cards``, ``seat``, ``count``, ``suits``)."""
        return {"kind": self.kind, "label": self.label.to_json(voice), "cards": list(self.cards),
                "seat": self.seat, "count": self.count, "suits": list(self.suits)}


@dataclass(frozen=True, slots=True)
class SideScore:
    """What one side (or seat) scored in a deal: the named parts and their sum, with the
    cells a score table shows beside them (``cells`` before the points, such as the bid and
    the tricks; ``after`` behind them, such as the new total)."""

    side: int
    parts: tuple[tuple[Msg, int], ...]
    total: int
    cells: tuple[Any, ...] = ()
    after: tuple[Any, ...] = ()

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """The side's score as JSON, with its name in ``voice`` and each part's message and
        points."""
        return {"side": self.side, "name": voice.side(self.side, cap=True), "total": self.total,
                "parts": [{"msg": m.to_json(voice), "points": p} for m, p in self.parts],
                "cells": [_json(c, voice) for c in self.cells],
                "after": [_json(c, voice) for c in self.after]}


@dataclass(frozen=True, slots=True)
class DealScore:
    """A finished deal's score broken into parts per side, the heads of the cells beside them,
    and notes (the bids' total, the outcome)."""

    title: Msg
    sides: tuple[SideScore, ...]
    notes: tuple[Msg, ...] = ()
    head: tuple[Msg, ...] = ()
    after_head: tuple[Msg, ...] = ()
    short: Msg | None = None
    """The result in a few words, for a sheet's list of deals (``B +2 Schneider``); the
    title when ``None``."""

    def to_json(self, voice: Voice = NOBODY) -> dict[str, Any]:
        """The deal's score as JSON: title, short form, heads, each side's score, notes."""
        return {"title": self.title.to_json(voice),
                "short": (self.short or self.title).to_json(voice),
                "head": [m.to_json(voice) for m in self.head],
                "after_head": [m.to_json(voice) for m in self.after_head],
                "sides": [s.to_json(voice) for s in self.sides],
                "notes": [m.to_json(voice) for m in self.notes]}


def joined(items: Sequence[Msg], sep: str = " · ") -> Msg:
    """Several messages as one: ``a · b · c`` (or with ``sep`` ``", "``)."""
    return Msg("core.joined_comma" if sep == ", " else "core.joined", {"items": list(items)})


def msgs_json(items: Sequence[Msg], voice: Voice = NOBODY) -> list[dict[str, Any]]:
    """Several messages as JSON (:meth:`Msg.to_json` of each), in ``voice``."""
    return [m.to_json(voice) for m in items]


# -- messages every game shares -------------------------------------------------------------------

define("core", {
    "not_legal": "the rules do not allow that move now",
    "not_turn": "it is {p:poss} turn, not {q:owner}",
    "nobody_s_turn": "it is nobody's turn: the deal is over",
    "nobody_turn": "nobody is to act: the deal is over",
    "no_action": "no {game} action has id {a}",
    "not_held": "{p:Seat} {p:verb:do:does} not hold {c:card}",
    "not_in_pack": "{c:card} is not in the {game} pack",
    "play": "{c:card}",
    "action": "{t}",
    "seat_acts": "{p:Seat}: {m:msg}",
    "trick_won": "{p:Seat} {p:verb:take:takes} trick {n} with {c:cards}",
    "hint_only": "the only legal move",
    "hint_none": "no world agreeing with this view could be dealt in time, so the heuristic's "
                 "move",
    "hint_kept": "the heuristic's move, expecting {mean} points against the table in {visits} "
                 "of {iterations} simulated deals; {alt:msg} ({alt_mean}) was not clearly better",
    "hint_search": "chosen in {visits} of {iterations} simulated deals, expecting {mean} points "
                   "against the table",
    "hint_search_alt": "chosen in {visits} of {iterations} simulated deals, expecting {mean} "
                       "points against the table ({alt:msg}: {alt_mean})",
    "hint_solver": "worth {value} on average over {worlds} deals solved with every card open, "
                   "weighted by how likely the play so far was in each ({alt:msg}: "
                   "{alt_value})",
    "hint_solver_all": "worth {value} on average over {worlds} deals solved with every card "
                       "open; every legal move is worth the same",
    "hint_none_given": "{agent} gives no reasons",
    "joined": "{items:msgs: · }",
    "joined_comma": "{items:msgs:, }",
    "cards": "{m:cards}",
    "h_points": "points",
    "h_how": "how",
})

# the words the template kinds write (Voice.word): a translation gives them in its language
define("core.w", {
    "you": "you",
    "You": "You",
    "seat": "seat {n}",
    "Seat": "Seat {n}",
    "your_side": "your side",
    "Your_side": "Your side",
    "side": "side {x}",
    "Side": "Side {x}",
    "your": "your",
    "yours": "yours",
    "seat_poss": "seat {n}'s",
    "nobody": "nobody",
    "nothing": "nothing",
    "and": "{a} and {b}",
    "comma": ", ",
    "suit_C": "clubs",
    "suit_S": "spades",
    "suit_H": "hearts",
    "suit_D": "diamonds",
    "rules_section": "rules {s}",
    "section": " ({s})",
})
