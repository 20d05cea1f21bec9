"""The conformance suite over every registered game and preset (DESIGN.md "Testing").

Every game runs :mod:`stikk.testing` unchanged; a game adds its presets to ``PRESETS``.
Every replay object the suite produces is validated against ``replay.schema.json``
(CONFORMANCE.md §4: "the project's tests validate every replay they produce against it").
The second half proves that each check can fail: a deliberately broken engine (a
monkeypatched Romanian Whist) must make the corresponding check raise AssertionError.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from stikk import testing
from stikk.cards import cards_of, format_card
from stikk.core import record as record_module
from stikk.core.errors import ActionParseError
from stikk.core.game import DealResult, Game, State, Trick
from stikk.games import game_class, game_ids
from stikk.games.romanian_whist import RomanianWhist, RomanianWhistState
from stikk.testing import redaction, support

ROOT = Path(__file__).resolve().parent.parent
SHARED_SCHEMA = ROOT.parent / "shared" / "replay.schema.json"
REPO_SCHEMA = Path(__file__).resolve().parent / "data" / "replay.schema.json"


@dataclass(frozen=True)
class Preset:
    """One configuration of a game for the conformance suite."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    """Options as in a record (JSON values, only the non-default ones)."""
    deals: int = 24
    """Deals of random play checked at every decision (a new match starts when one ends)."""
    positions: int = 8
    """Positions of the view-redaction check."""


# Romanian Whist: a match is 3N + 12 rounds (rules §3), plus the final special rounds
# (§10.6); most presets play one whole match, so the end of the schedule, the final
# sheet and the record of a finished match are checked too.
PRESETS: dict[str, list[Preset]] = {
    # Icelandic Brús: a game of five comb lines per side lasts about six deals, so 24 deals
    # cross several game ends (no deal may follow a won game: a new match starts), cut-point
    # entries (about one deal in 18) and risks.
    # Danish Brus: small targets make games end (a finished match, no deal after it) within
    # the deals checked; every option that changes play has a row.
    "brus": [
        Preset("players-4", {"players": 4}, deals=24),
        Preset("players-3", {"players": 3}, deals=24),
        Preset("target-3-game-bonus", {"target": 3, "game_bonus": 2}, deals=24),
        Preset("players-3-target-2", {"players": 3, "target": 2}, deals=24),
        Preset("tens-instead-of-fives", {"tens_instead_of_fives": True}, deals=16),
        Preset("honour-beats-ks-fourth", {"honour_beats_ks_fourth": True}, deals=16),
        Preset("no-risk-after-stock-empty", {"no_risk_after_stock_empty": True}, deals=16),
        Preset("risk-nonwinning-honour", {"risk_nonwinning_honour": True}, deals=16),
        Preset("no-risk-on-game-point", {"no_risk_on_game_point": True, "target": 3},
               deals=16),
        Preset("oversmaek", {"oversmaek": True}, deals=16),
        Preset("risk-king-of-clubs", {"risk_king_of_clubs": True}, deals=16),
        Preset("automatic-risk", {"automatic_risk": True}, deals=16),
        Preset("whistle", {"whistle": True, "target": 2}, deals=16),
        Preset("four-card-brus", {"four_card_brus": True}, deals=16),
        # every card is played by the end of a no-stock deal, so its end positions hide
        # nothing: more positions are needed for enough view comparisons
        Preset("no-stock", {"no_stock": True}, deals=12, positions=12),
        Preset("no-stock-3", {"players": 3, "no_stock": True}, deals=8, positions=6),
        Preset("no-stock-jan-replaces-storm", {"no_stock": True, "jan_replaces_storm": True},
               deals=8, positions=6),
        Preset("jan-replaces-storm-stock", {"jan_replaces_storm": True}, deals=8, positions=6),
    ],
    # Styrivolt: a session that never ends (rules §10.3); every option that changes play.
    "styrivolt": [
        Preset("defaults", {}, deals=24),
        Preset("open-suit-selection", {"open_suit_selection": True}, deals=12),
        Preset("allow-and-penalize-any-trick", {"illegal_stock": "allow_and_penalize",
                                                "first_take_window": "any_trick"}, deals=16),
        Preset("cut-two-queen-bird-forced", {"cut_for_stikkar": "up_to_fourth_two",
                                             "cut_queen_substitute": True,
                                             "kh_claims_bird": True, "forced_beating": True},
               deals=16),
        Preset("cut-bottom", {"cut_for_stikkar": "bottom"}, deals=12),
        Preset("cut-up-to-fourth", {"cut_for_stikkar": "up_to_fourth"}, deals=12),
        Preset("flat-jack", {"capture_model": "flat_jack"}, deals=12),
        Preset("postur-k-higher-face", {"postur_reach": "K",
                                        "exposure_tie_autopolicy": "higher_face"}, deals=12),
        # rules §12.9: the defaults offer DISCARD <card> PILE beside DISCARD <card>; dead not
        Preset("stock-discard-dead", {"stock_discard_to": "dead"}, deals=12),
    ],
    "icelandic-brus": [
        Preset("defaults", {}, deals=24),
        Preset("allow-illegal-risk", {"allow_illegal_risk": True}, deals=24),
        Preset("no-risk-last-trick", {"no_risk_last_trick": True}, deals=24),
        Preset("both-options", {"allow_illegal_risk": True, "no_risk_last_trick": True},
               deals=16),
    ],
    "romanian-whist": [
        Preset("players-3", {"players": 3}, deals=21),
        Preset("players-4", {"players": 4}, deals=24),
        Preset("players-5", {"players": 5}, deals=16),  # up to the 8-card rounds
        Preset("players-6", {"players": 6}, deals=16),
        Preset("schedule-8-1-8", {"schedule": "8-1-8"}, deals=24),
        Preset("zero-play", {"zero_play": True}, deals=24),
        Preset("final-special-rounds",
               {"final_special_rounds": ["blind8", "zero8", "eight8"]}, deals=27, positions=14),
        Preset("blind-all-rounds", {"blind_all_rounds": True}, deals=24),
        Preset("forehead-one-card-rounds", {"players": 3, "forehead_one_card_rounds": True},
               deals=21),
        Preset("streaks", {"success_streak": {"length": 2, "points": 10},
                           "failure_streak": {"length": 2, "points": 3}}, deals=24),
        Preset("cards-plus-bid", {"score_formula": "cardsPlusBid"}, deals=24),
    ],
    # Sjavs: a session of rubbers that never finishes (Engine decision 10); 24 deals cross
    # at least one rubber end in most configurations.
    "sjavs": [
        Preset("players-4", {"players": 4}, deals=24),
        Preset("players-3", {"players": 3}, deals=24, positions=10),
        Preset("players-2", {"players": 2}, deals=24),
        Preset("suduroy-deal", {"suduroy_deal": True}, deals=16),
        Preset("suduroy-tie-bonus", {"players": 2, "suduroy_tie_bonus": True}, deals=24),
        Preset("no-double-victory", {"double_victory": False}, deals=24),
        Preset("no-single-player-vol-bonus", {"players": 3, "single_player_vol_bonus": False},
               deals=16),
        Preset("voluntary-announcements", {"voluntary_announcements": True}, deals=16),
        Preset("voluntary-announcements-3", {"players": 3, "voluntary_announcements": True},
               deals=16),
        Preset("three-player-cut-4-2-4", {"players": 3, "three_player_cut_packets": "4-2-4"},
               deals=16),
        Preset("suduroy-custom", {"suduroy_deal": True, "suduroy_tie_bonus": True,
                                  "double_victory": False, "single_player_vol_bonus": False},
               deals=16),
    ],
    # Bauernstoss: a session of games that never finishes (Engine decision 11); small targets
    # make games end (and new games with first deals start) within the deals checked.
    "bauernstoss": [
        Preset("defaults", {}, deals=24),
        Preset("preset-alter-schoofkopp", {"preset": "alterSchoofkopp"}, deals=24),
        Preset("no-chance-rule", {"equal_bid_requires_chance": False}, deals=16),
        Preset("compare-cards", {"partner_tie_resolution": "compareCards"}, deals=16),
        Preset("four-jacks-may-bid", {"four_jacks_may_bid_number": True}, deals=16),
        Preset("no-jack-overtake", {"jack_overtake_rule": False}, deals=16),
        Preset("trump-lead-must-beat", {"trump_lead_must_beat": True}, deals=16),
        Preset("solo-in-first-deal", {"no_solo_in_first_deal": False}, deals=16),
        Preset("no-small-solo", {"small_solo_allowed": False}, deals=16),
        Preset("sixty-one", {"first_deal_rule": "sixtyOne", "target_marks": 3}, deals=24),
        Preset("solo-decides-game", {"solo_decides_game": True}, deals=24),
        Preset("target-3", {"target_marks": 3}, deals=24),
        Preset("scoring-values", {"chalk_holder_threshold": 50, "schneider_threshold": 80,
                                  "schwarz_marks": 5, "solo_value_small": 6,
                                  "solo_value_big": 10, "target_marks": 12}, deals=16),
    ],
}
DEFAULT_PRESETS = [Preset("defaults", {}, deals=12, positions=6)]
"""What a registered game without rows in PRESETS runs (test_every_game_has_presets fails)."""


def _cases() -> Iterator[Any]:
    for gid in game_ids():
        for preset in PRESETS.get(gid, DEFAULT_PRESETS):
            yield pytest.param(gid, preset, id=f"{gid}-{preset.name}")


def _game(gid: str, options: dict[str, Any]) -> Game[Any]:
    cls = game_class(gid)
    return cls(cls.options_class.from_json(options))


def _schema() -> dict[str, Any]:
    path = SHARED_SCHEMA if SHARED_SCHEMA.exists() else REPO_SCHEMA
    data: dict[str, Any] = json.loads(path.read_text())
    return data


_VALIDATOR = jsonschema.Draft202012Validator(_schema())


def _assert_valid(replays: list[dict[str, Any]]) -> None:
    for obj in replays:
        errors = sorted(_VALIDATOR.iter_errors(obj), key=lambda e: list(e.absolute_path))
        assert not errors, "replay does not match replay.schema.json: " + "; ".join(
            f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])


# -- the suite ---------------------------------------------------------------------------------


def test_every_game_has_presets() -> None:
    """A newly registered game must add its rows to PRESETS (its variants are its own)."""
    assert sorted(PRESETS) == game_ids()


@pytest.mark.parametrize(("gid", "preset"), list(_cases()))
def test_options_and_pack(gid: str, preset: Preset) -> None:
    game = _game(gid, preset.options)
    testing.option_checks(game)
    resolved = game.options.to_json()
    assert {k: resolved[k] for k in preset.options} == preset.options


@pytest.mark.parametrize(("gid", "preset"), list(_cases()))
def test_random_playouts(gid: str, preset: Preset) -> None:
    game = _game(gid, preset.options)
    report = testing.random_playout_checks(game, seed=1, deals=preset.deals)
    assert report.deals == preset.deals
    assert report.decisions > preset.deals  # every deal has decisions before its end
    assert report.illegal_tried > 0 and report.leak_scans > 0
    # one replay of every match at least, and every one of them matches the schema
    assert len(report.replays) >= report.matches
    _assert_valid(report.replays)


@pytest.mark.parametrize(("gid", "preset"), list(_cases()))
def test_view_redaction(gid: str, preset: Preset) -> None:
    game = _game(gid, preset.options)
    report = testing.view_redaction_checks(game, seed=2, positions=preset.positions,
                                           per_match=preset.positions)
    assert report.positions == preset.positions
    assert report.comparisons >= preset.positions and report.controls >= 1


@pytest.mark.parametrize("gid", game_ids())
def test_every_unused_action_id_is_refused(gid: str) -> None:
    """DESIGN.md: an illegal action raises an error saying why, listing what is legal.

    Every id in range(num_actions) that is not legal (not a sample) at every decision
    of a few deals, including ids that name no action at all.
    """
    game = _game(gid, PRESETS.get(gid, DEFAULT_PRESETS)[0].options)
    every = min(game.num_actions, 2000)  # all of them, unless the action space is huge
    report = testing.random_playout_checks(game, seed=3, deals=3, illegal_samples=every,
                                           snapshot_rate=0.0)
    assert report.illegal_tried >= report.decisions * min(every, game.num_actions // 2)


@pytest.mark.parametrize(("options", "piled"), [({}, True), ({"stock_discard_to": "dead"}, False)])
def test_styrivolt_pile_discard_spelling(options: dict[str, Any], piled: bool) -> None:
    """CONFORMANCE.md §2 (Stýrivolt): ``DISCARD <card> PILE`` (onto the pile, rules §12.9) is
    parsed case-insensitively and written canonically; random play under the default
    ``stock_discard_to = choice`` offers it, always beside ``DISCARD <card>``, and its record
    replays (traced) with it in the legal sets and actions; under ``dead`` it is never
    offered."""
    game = _game("styrivolt", options)
    assert game.action_text(game.parse_action(" discard 7h  pile ")) == "DISCARD 7H PILE"
    assert game.parse_action("DISCARD 7H PILE") != game.parse_action("DISCARD 7H")
    pack = {format_card(c) for c in game.pack()}
    rng = random.Random(11)
    match = game.new_match(0)
    offered: set[str] = set()
    for _ in range(12):
        state = match.start_deal(rng=rng)
        while not state.terminal:
            legal = state.legal_texts()
            offered.update(legal)
            # lean towards taking and keeping, so that the discards are reached
            lean = [a for a in legal if a in ("TAKE_STOCK", "KEEP", "REVERT")
                    or a.endswith(" PILE")]
            match.apply(rng.choice(lean) if lean and rng.random() < 0.7 else rng.choice(legal))
    spelled = {a for a in offered if a.startswith("DISCARD ") and a.endswith(" PILE")}
    assert all(len(a.split()) == 3 and a.split()[1] in pack for a in spelled)
    assert bool(spelled) is piled
    assert {a.removesuffix(" PILE") for a in spelled} <= offered  # always beside DISCARD <card>
    out = record_module.replay(json.dumps(record_module.record_of(match).to_json()), trace=True)
    _assert_valid([out])
    taken = {s["action"] for d in out["deals"] for s in d["steps"]}
    traced = {a for d in out["deals"] for s in d["steps"] for a in s["legal"]}
    assert traced == offered
    assert bool(taken & spelled) is piled


def test_check_game_runs_everything() -> None:
    report = testing.check_game(_game("romanian-whist", {"players": 3}), seed=4, deals=4,
                                positions=3)
    assert report.playout.deals == 4 and report.redaction.positions == 3
    _assert_valid(report.playout.replays)


# -- the schema --------------------------------------------------------------------------------


def test_repo_copy_of_the_schema_is_current() -> None:
    """tests/data holds a copy for clones without ../shared; it must not drift."""
    jsonschema.Draft202012Validator.check_schema(json.loads(REPO_SCHEMA.read_text()))
    if SHARED_SCHEMA.exists():
        assert json.loads(REPO_SCHEMA.read_text()) == json.loads(SHARED_SCHEMA.read_text())


def test_schema_validation_rejects_a_broken_replay() -> None:
    """The validator has teeth: a replay with an empty legal set in a step is refused."""
    report = testing.random_playout_checks(_game("romanian-whist", {"players": 3}), seed=5,
                                           deals=1, illegal_samples=0)
    good = next(r for r in report.replays if "deals" in r and "steps" in r["deals"][0])
    _assert_valid([good])
    bad = json.loads(json.dumps(good))
    bad["deals"][0]["steps"][0]["legal"] = []
    with pytest.raises(AssertionError, match="legal"):
        _assert_valid([bad])
    bad = json.loads(json.dumps(good))
    bad["deals"][0]["tricks"][0]["plays"][0][1] = "QX"
    with pytest.raises(AssertionError, match="plays"):
        _assert_valid([bad])


# -- every check can fail ----------------------------------------------------------------------

# A small but complete configuration: three players, eight-card rounds first (8-1-8).
SMALL = {"players": 3, "schedule": "8-1-8"}


def _playout(**kw: Any) -> testing.PlayoutReport:
    args: dict[str, Any] = {"seed": 7, "deals": 2, "illegal_samples": 0, "snapshot_rate": 0.0,
                            "deep_rate": 1.0}
    args.update(kw)
    return testing.random_playout_checks(_game("romanian-whist", SMALL), **args)


def _redaction(**kw: Any) -> testing.RedactionReport:
    args: dict[str, Any] = {"seed": 7, "positions": 4, "per_match": 4}
    args.update(kw)
    return testing.view_redaction_checks(_game("romanian-whist", SMALL), **args)


def test_the_unbroken_engine_passes_the_small_checks() -> None:
    """The positive control for the tests below: the same calls pass on the real engine."""
    assert _playout().deals == 2
    assert _redaction().comparisons >= 4


Patch = Callable[[pytest.MonkeyPatch], None]


def _patch(name: str, make: Callable[[Any], Any]) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(RomanianWhistState, name, make(getattr(RomanianWhistState, name)))
    return apply


def _legal_reversed(orig: Any) -> Any:
    return lambda self: tuple(reversed(orig(self)))


def _texts_reversed(orig: Any) -> Any:
    return lambda self: sorted(orig(self), reverse=True)


def _view_hand_keeps_played(orig: Any) -> Any:
    def view(self: RomanianWhistState, seat: int) -> Any:
        v = orig(self, seat)
        played = 0
        for t in self.tricks:
            for s, c in t.plays:
                if s == seat:
                    played |= 1 << c
        return dataclasses.replace(v, hand=(v.hand or 0) | played)
    return view


def _view_shows_all_hands(orig: Any) -> Any:
    def view(self: RomanianWhistState, seat: int) -> Any:
        return dataclasses.replace(orig(self, seat), seen_hands=tuple(self.hands))
    return view


def _hidden_includes_own_hand(orig: Any) -> Any:
    return lambda self, seat: orig(self, seat) | self.hands[seat]


def _result_tricks_rotated(orig: Any) -> Any:
    def result(self: RomanianWhistState) -> Any:
        r = orig(self)
        if r is None:
            return None
        return DealResult(r.tricks[1:] + r.tricks[:1], r.score, r.extras)
    return result


def _result_always(orig: Any) -> Any:
    def result(self: RomanianWhistState) -> Any:
        r = orig(self)
        return r if r is not None else DealResult((0,) * self.n, (0,) * self.n, {})
    return result


def _tricks_wrong_leader(orig: Any) -> Any:
    def tricks(self: RomanianWhistState) -> list[Trick]:
        return [Trick((t.leader + 1) % self.n, t.plays, t.winner) for t in orig.fget(self)]
    return property(tricks)


def _apply_accepts_minus_one(orig: Any) -> Any:
    def apply(self: RomanianWhistState, action: int) -> None:
        if action == -1:
            return
        orig(self, action)
    return apply


def _apply_dirty_refusal(orig: Any) -> Any:
    def apply(self: RomanianWhistState, action: int) -> None:
        if action not in self.legal_actions():
            self.won[0] += 1  # the state is touched before the refusal
        orig(self, action)
    return apply


def _clone_shares_lists(orig: Any) -> Any:
    def clone(self: RomanianWhistState) -> RomanianWhistState:
        c = orig(self)
        c.hands, c.history, c.won = self.hands, self.history, self.won
        return c
    return clone


def _initial_other_dealer(orig: Any) -> Any:
    def initial(self: RomanianWhistState) -> RomanianWhistState:
        fresh: RomanianWhistState = orig(self)
        fresh.dealer = (fresh.dealer + 1) % self.n
        return fresh
    return initial


def _act_ignores_seat(orig: Any) -> Any:
    return lambda self, action, *, seat=None: orig(self, action)


def _parse_upper_only(mp: pytest.MonkeyPatch) -> None:
    orig = RomanianWhist.parse_action

    def parse_action(self: RomanianWhist, text: str) -> int:
        if text != text.upper():
            raise ActionParseError(text, "lower case refused (a broken engine)")
        return orig(self, text)
    mp.setattr(RomanianWhist, "parse_action", parse_action)


def _replay_changes_a_score(mp: pytest.MonkeyPatch) -> None:
    orig = record_module.replay

    def replay(rec: Any, *, trace: bool = False) -> dict[str, Any]:
        out = orig(rec, trace=trace)
        res = out["deals"][0]["result"]
        if res is not None:
            res["score"][0] += 1
        return out
    mp.setattr(record_module, "replay", replay)


def _replay_changes_a_legal_set(mp: pytest.MonkeyPatch) -> None:
    orig = record_module.replay

    def replay(rec: Any, *, trace: bool = False) -> dict[str, Any]:
        out = orig(rec, trace=trace)
        if trace:
            out["deals"][0]["steps"][0]["legal"] = out["deals"][0]["steps"][0]["legal"][:-1]
        return out
    mp.setattr(record_module, "replay", replay)


PLAYOUT_MUTANTS: list[tuple[str, Patch, str]] = [
    ("legal ids unsorted", _patch("legal_actions", _legal_reversed), "ascending"),
    ("legal texts unsorted", _patch("legal_texts", _texts_reversed), "plain string order"),
    ("parse is case-sensitive", _parse_upper_only, "refused the text of legal action"),
    ("illegal id accepted", _patch("apply", _apply_accepts_minus_one), "was accepted"),
    ("refusal touches the state", _patch("apply", _apply_dirty_refusal), "changed the state"),
    ("clone shares lists", _patch("clone", _clone_shares_lists),
     "changed the original|to a clone its history"),
    ("played card stays in hand", _patch("view", _view_hand_keeps_played),
     "still holds|back in the hand"),
    ("view shows every hand", _patch("view", _view_shows_all_hands), "names hidden cards"),
    ("own hand listed as hidden", _patch("hidden_from", _hidden_includes_own_hand),
     "both in the visible hand and hidden_from"),
    ("trick counts wrong", _patch("result", _result_tricks_rotated),
     "disagree with the tricks' winners"),
    ("result before the end", _patch("result", _result_always), "before the deal is over"),
    ("trick leader wrong", _patch("tricks", _tricks_wrong_leader), "is not the first to play"),
    ("initial() is another deal", _patch("initial", _initial_other_dealer),
     "initial\\(\\) is not the same deal"),
    ("out-of-turn action accepted", _patch("act", _act_ignores_seat), "could take seat"),
    ("replay disagrees on a result", _replay_changes_a_score, "deal 0 of the replay: result"),
    ("replay disagrees on a legal set", _replay_changes_a_legal_set, "traced step 0"),
]


@pytest.mark.parametrize(("patch", "message"), [pytest.param(p, m, id=name)
                                                for name, p, m in PLAYOUT_MUTANTS])
@pytest.mark.pure_engine  # monkeypatches or inspects engine classes
def test_a_broken_engine_fails_the_playout_checks(monkeypatch: pytest.MonkeyPatch, patch: Patch,
                                                  message: str) -> None:
    patch(monkeypatch)
    with pytest.raises(AssertionError, match=message):
        _playout()


def _view_leaks_a_mask(orig: Any) -> Any:
    """A leak the JSON scan cannot see: the next seat's hand as a number in an int field."""
    def view(self: RomanianWhistState, seat: int) -> Any:
        return dataclasses.replace(orig(self, seat), round_index=self.hands[(seat + 1) % self.n])
    return view


def _hidden_nothing(orig: Any) -> Any:
    return lambda self, seat: 0


def _rebuild_ignores_the_deck(mp: pytest.MonkeyPatch) -> None:
    """Break the suite itself: rebuilt states keep the original deck, so nothing can differ."""
    orig = redaction._rebuild
    first: dict[Any, Any] = {}

    def rebuild(game: Any, dealer: int, prior: Any, deck: Any, actions: Any) -> Any:
        key = (len(prior), tuple(actions))
        return orig(game, dealer, prior, first.setdefault(key, list(deck)), actions)
    mp.setattr(redaction, "_rebuild", rebuild)


REDACTION_MUTANTS: list[tuple[str, Patch, str]] = [
    ("view shows every hand", _patch("view", _view_shows_all_hands), "names hidden cards"),
    ("view leaks a mask", _patch("view", _view_leaks_a_mask), "changed its view: round_index"),
    ("hidden_from is empty", _patch("hidden_from", _hidden_nothing),
     "only 0 view comparisons"),
    ("the rebuild keeps the deck", _rebuild_ignores_the_deck, "negative control"),
]


@pytest.mark.parametrize(("patch", "message"), [pytest.param(p, m, id=name)
                                                for name, p, m in REDACTION_MUTANTS])
def test_a_broken_engine_fails_the_redaction_checks(monkeypatch: pytest.MonkeyPatch,
                                                    patch: Patch, message: str) -> None:
    patch(monkeypatch)
    with pytest.raises(AssertionError, match=message):
        _redaction()


def test_redaction_needs_comparisons() -> None:
    """min_comparisons is enforced: asking for more comparisons than possible fails."""
    with pytest.raises(AssertionError, match="view comparisons"):
        _redaction(positions=1, per_match=1, min_comparisons=10_000)


def test_the_leak_scan_finds_card_tokens_only() -> None:
    """The scan matches a card's text as a token ("QH", PLAY QH, 8S+QH), not inside words."""
    game = _game("romanian-whist", SMALL)
    state = game.new_match().start_deal(deck=list(game.pack()))
    view = state.view(0)
    hidden = state.hidden_from(0)
    some = cards_of(hidden)[0]
    assert support._leaked_cards(view, hidden) == []
    leaky = dataclasses.replace(view, hand=(view.hand or 0) | 1 << some)
    assert support._leaked_cards(leaky, hidden) == [format_card(some)]
    name = format_card(some)
    for text, found in ((f"x{name}x", []), (f"9{name}", []), (f"{name}9", []),
                        (f"PLAY {name}", [name]), (f"8S+{name}", [name]), (f"{name}+8S", [name])):
        wordy = dataclasses.replace(view, game=text)
        assert support._leaked_cards(wordy, 1 << some) == found, text


def test_illegal_ids_outside_the_action_space_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """-1 and num_actions are always tried, even with no sampled ids."""
    seen: list[int] = []
    orig = RomanianWhistState.apply

    def apply(self: State, action: int) -> None:
        seen.append(action)
        orig(self, action)  # type: ignore[arg-type]
    monkeypatch.setattr(RomanianWhistState, "apply", apply)
    _playout(deals=1)
    assert -1 in seen and RomanianWhist.num_actions in seen
