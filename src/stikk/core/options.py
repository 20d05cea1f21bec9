"""Typed, frozen, validated game options with a canonical text form.

Each game declares a keyword-only frozen dataclass whose fields are made with
:func:`option`.  A field carries a *codec* that validates values strictly
(CONFORMANCE.md §5.5: a boolean is not a number and a number is not a
boolean) and converts between Python values, JSON values and the short text
used on command lines and in game strings such as
``romanian-whist(players=5,schedule=8-1-8)``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from .errors import OptionError

T = TypeVar("T")


class Codec(Generic[T]):
    """Validation and conversion for one option's values."""

    text_form: str | None = None
    """The name of the text form a value is typed in, for a codec whose values are neither
    numbers nor listed choices (a table says the form in its reader's words)."""

    def coerce(self, name: str, value: object) -> T:
        """Validate a Python or JSON value; raise :class:`OptionError` naming the option."""
        raise NotImplementedError

    def to_json(self, value: T) -> Any:
        """The JSON form of a valid value (the value itself unless the codec says otherwise)."""
        return value

    def parse_text(self, name: str, text: str) -> T:
        """Parse the short text form (command lines, game strings)."""
        raise NotImplementedError

    def to_text(self, value: T) -> str:
        """The short text form of a valid value, as :meth:`parse_text` reads it back."""
        raise NotImplementedError

    def allowed(self) -> str:
        """Human description of the allowed values."""
        raise NotImplementedError


class BoolCodec(Codec[bool]):
    """A true/false option (text: ``true``/``false``, also ``on``/``off``, ``yes``/``no``,
    ``1``/``0``)."""

    def coerce(self, name: str, value: object) -> bool:
        if isinstance(value, bool):
            return value
        raise OptionError(name, f"must be true or false (a JSON boolean), got {value!r}")

    def parse_text(self, name: str, text: str) -> bool:
        t = text.strip().lower()
        if t in ("true", "on", "yes", "1"):
            return True
        if t in ("false", "off", "no", "0"):
            return False
        raise OptionError(name, f"must be true or false, got {text!r}")

    def to_text(self, value: bool) -> str:
        return "true" if value else "false"

    def allowed(self) -> str:
        return "true, false"


class IntCodec(Codec[int]):
    """An integer option from ``lo`` to ``hi``, or one of the listed ``values``."""

    def __init__(self, lo: int, hi: int, *, values: Sequence[int] | None = None) -> None:
        self.lo, self.hi = lo, hi
        self.values = tuple(values) if values is not None else None

    def coerce(self, name: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(name, f"must be an integer, got {value!r}")
        ok = value in self.values if self.values is not None else self.lo <= value <= self.hi
        if not ok:
            raise OptionError(name, f"must be {self.allowed()}, got {value}")
        return value

    def parse_text(self, name: str, text: str) -> int:
        try:
            return self.coerce(name, int(text.strip()))
        except ValueError:
            raise OptionError(name, f"must be an integer, got {text!r}") from None

    def to_text(self, value: int) -> str:
        return str(value)

    def allowed(self) -> str:
        if self.values is not None:
            return "one of " + ", ".join(map(str, self.values))
        return f"an integer from {self.lo} to {self.hi}"


def bounds(codec: Codec[Any]) -> dict[str, Any]:
    """What a table needs to say an option's allowed values in its reader's words, for a
    value that is neither listed nor a choice: ``min`` and ``max`` (``None``: no upper bound)
    of a number, or the ``form`` a value is typed in; empty otherwise."""
    if isinstance(codec, IntCodec) and codec.values is None:
        try:
            codec.coerce("value", codec.hi + 1)
            hi: int | None = None  # a subclass without an upper bound
        except OptionError:
            hi = codec.hi
        return {"min": codec.lo, "max": hi}
    return {"form": codec.text_form} if codec.text_form else {}


class ChoiceCodec(Codec[str]):
    """One name from a fixed list (text input is case-insensitive)."""

    def __init__(self, *values: str) -> None:
        self.values = values

    def coerce(self, name: str, value: object) -> str:
        if not isinstance(value, str) or value not in self.values:
            raise OptionError(name, f"must be {self.allowed()}, got {value!r}")
        return value

    def parse_text(self, name: str, text: str) -> str:
        t = text.strip()
        for v in self.values:  # text input is case-insensitive
            if v.lower() == t.lower():
                return v
        raise OptionError(name, f"must be {self.allowed()}, got {text!r}")

    def to_text(self, value: str) -> str:
        return value

    def allowed(self) -> str:
        return "one of " + ", ".join(repr(v) for v in self.values)


class ChoiceListCodec(Codec[tuple[str, ...]]):
    """A list of distinct names, resolved into the declared order."""

    def __init__(self, *values: str) -> None:
        self.values = values

    def coerce(self, name: str, value: object) -> tuple[str, ...]:
        if not isinstance(value, (list, tuple)):
            raise OptionError(name, f"must be a list of names from {self.allowed()}, got {value!r}")
        seen: set[str] = set()
        for v in value:
            if not isinstance(v, str) or v not in self.values:
                raise OptionError(name, f"unknown entry {v!r}; allowed: {self.allowed()}")
            if v in seen:
                raise OptionError(name, f"entry {v!r} given twice")
            seen.add(v)
        return tuple(v for v in self.values if v in seen)

    def to_json(self, value: tuple[str, ...]) -> Any:
        return list(value)

    def parse_text(self, name: str, text: str) -> tuple[str, ...]:
        t = text.strip()
        if t.lower() in ("", "none", "[]"):
            return ()
        parts = [p.strip() for p in re.split(r"[+,]", t)]
        lowered = {v.lower(): v for v in self.values}
        out = []
        for p in parts:
            if p.lower() not in lowered:
                raise OptionError(name, f"unknown entry {p!r}; allowed: {self.allowed()}")
            out.append(lowered[p.lower()])
        return self.coerce(name, out)

    def to_text(self, value: tuple[str, ...]) -> str:
        return "+".join(value) if value else "none"

    def allowed(self) -> str:
        return ", ".join(self.values) + " (any subset, joined by +)"


class _Default:
    """Marks an option left at its default (which a preset may choose)."""

    _instance: _Default | None = None

    def __new__(cls) -> _Default:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT: Any = _Default()
"""The value of an option not given: resolved to the preset's value or the rules' default."""


def option(codec: Codec[Any], default: Any, help: str) -> Any:
    """Declare an option field: its codec, its default (the rules file's) and one-line help."""
    return dataclasses.field(default=DEFAULT,
                             metadata={"codec": codec, "help": help, "default": default})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Options:
    """Base of every game's options.  Subclasses add fields made with :func:`option`.

    The first field of every game is ``players``.
    """

    players: int

    game_id: ClassVar[str] = ""
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    """Named presets (``{preset: {option: value}}``) selected by a ``preset`` option.

    A preset changes the defaults only: options given explicitly still win.
    """

    def __post_init__(self) -> None:
        chosen = self._preset_values()
        for f in dataclasses.fields(self):
            codec: Codec[Any] = f.metadata["codec"]
            value = getattr(self, f.name)
            if value is DEFAULT:
                value = chosen.get(f.name, f.metadata["default"])
            object.__setattr__(self, f.name, codec.coerce(f.name, value))
        self.validate()

    def _preset_values(self) -> dict[str, Any]:
        name = getattr(self, "preset", DEFAULT)
        if name is DEFAULT:
            name = next((f.metadata["default"] for f in dataclasses.fields(self)
                         if f.name == "preset"), None)
        if name is None:
            return {}
        f = next(f for f in dataclasses.fields(self) if f.name == "preset")
        name = f.metadata["codec"].coerce("preset", name)
        return self.presets.get(name, {})

    def default_of(self, name: str) -> Any:
        """The value option ``name`` takes when not given (under this object's preset)."""
        codec = self._codec(name)
        for f in dataclasses.fields(self):
            if f.name == name:
                return codec.coerce(name, self._preset_values().get(name, f.metadata["default"]))
        raise AssertionError(name)  # _codec already refused unknown names

    def validate(self) -> None:
        """Cross-field checks (override when options constrain each other)."""

    # -- introspection -------------------------------------------------------
    @classmethod
    def specs(cls) -> list[tuple[str, Codec[Any], Any, str]]:
        """``(name, codec, default, help)`` for every option, in declaration order."""
        return [
            (f.name, f.metadata["codec"], f.metadata["default"], f.metadata["help"])
            for f in dataclasses.fields(cls)
        ]

    @classmethod
    def _codec(cls, name: str) -> Codec[Any]:
        for f in dataclasses.fields(cls):
            if f.name == name:
                return f.metadata["codec"]  # type: ignore[no-any-return]
        known = ", ".join(f.name for f in dataclasses.fields(cls))
        raise OptionError(name, f"unknown option for {cls.game_id}; known options: {known}")

    # -- JSON ------------------------------------------------------------------
    @classmethod
    def from_json(cls, data: object) -> Self:
        """Options from a record's ``options`` object (only non-defaults need be given)."""
        if not isinstance(data, Mapping):
            raise OptionError("options", f"must be a JSON object, got {data!r}")
        for key in data:
            cls._codec(str(key))
        return cls(**{str(k): v for k, v in data.items()})

    def to_json(self, *, only_changed: bool = False) -> dict[str, Any]:
        """Every option (or only the non-default ones) as JSON values."""
        out: dict[str, Any] = {}
        for name, codec, _, _ in self.specs():
            value = getattr(self, name)
            if only_changed and value == self._baseline(name):
                continue
            out[name] = codec.to_json(value)
        return out

    def _baseline(self, name: str) -> Any:
        """What an option counts as "changed" from: the preset's value, or the rules' default."""
        if name == "preset":
            codec = self._codec(name)
            f = next(f for f in dataclasses.fields(self) if f.name == name)
            return codec.coerce(name, f.metadata["default"])
        return self.default_of(name)

    # -- text --------------------------------------------------------------------
    @classmethod
    def parse_assignments(cls, pairs: Sequence[str]) -> dict[str, Any]:
        """Parse ``name=value`` texts into Python values (names may use dashes or camelCase)."""
        values: dict[str, Any] = {}
        for pair in pairs:
            if "=" not in pair:
                raise OptionError(pair.strip() or "options", f"expected name=value, got {pair!r}")
            raw, text = pair.split("=", 1)
            name = _snake(raw.strip())
            if name in values:
                raise OptionError(name, "given twice")
            values[name] = cls._codec(name).parse_text(name, text)
        return values

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``game-id(k=v,...)``, ``k=v,...`` or the empty text.

        Commas inside braces or brackets do not separate options.
        """
        t = text.strip()
        m = re.fullmatch(r"([A-Za-z0-9_-]+)\s*\((.*)\)", t, re.S)
        if m:
            if m.group(1) != cls.game_id:
                raise OptionError("game", f"expected {cls.game_id}, got {m.group(1)!r}")
            t = m.group(2)
        elif t == cls.game_id:
            t = ""
        return cls(**cls.parse_assignments(split_options(t)))

    def to_text(self) -> str:
        """Canonical game string: the game id and the non-default options in declaration order.

        With every option at its default it is the bare game id.
        """
        parts = []
        for name, codec, _, _ in self.specs():
            value = getattr(self, name)
            if value != self._baseline(name):
                parts.append(f"{name}={codec.to_text(value)}")
        return f"{self.game_id}({','.join(parts)})" if parts else self.game_id

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed (validated again).

        Every option keeps its current value unless changed here, so changing
        ``preset`` this way does not reapply the preset's defaults.
        """
        return dataclasses.replace(self, **changes)


def _snake(name: str) -> str:
    name = name.replace("-", "_")
    return re.sub(r"(?<=[a-z0-9])([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def split_options(text: str) -> list[str]:
    """Split ``k=v,k=v`` at the commas outside braces and brackets."""
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p for p in (s.strip() for s in parts) if p]
