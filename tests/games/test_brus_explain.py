"""The Danish Brus explanation layer (issue 15 §1): labels, refusals, the deal beside the table,
what the rules do on their own, the score in parts, the sheet; each scenario names the rules
section of ``rules/brus.md`` it checks.  The kit of :mod:`stikk.testing.explanations` holds
the refusals to the engine's legal sets and shows the words leak nothing, over whole matches
of several option sets; here every multiple play and every risk of each position is tried as
well, since random ids seldom hit them."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from stikk.cards import cards_of, parse_card
from stikk.cli import main
from stikk.core.errors import ActionParseError, IllegalActionError
from stikk.core.explain import Msg, Voice
from stikk.core.game import State
from stikk.core.record import replay
from stikk.games import make_game
from stikk.games.brus import NPLAY, Brus, BrusState, play_index
from stikk.games.brus.actions import decode
from stikk.testing.explanations import check_no_leak, check_refusals, check_words
from stikk.testing.tensors import match_positions

from .brus_helpers import new, no_stock_deck, play, stock_deck
from .test_brus_variants import (
    FIRST_FIVE,
    FIRST_FIVE_PLAYS,
    FOUR_FOUR_FOUR,
    JAN,
    OVER,
    PLAYS_444,
    VOID,
    VOID_PLAYS,
)

P = parse_card

OPTION_SETS = [
    "brus",
    "brus(players=3,target=6)",
    "brus(automatic_risk=true,whistle=true,target=5)",
    "brus(players=3,no_stock=true,risk_nonwinning_honour=true,oversmaek=true,target=4)",
    "brus(oversmaek=true,risk_nonwinning_honour=true,no_risk_after_stock_empty=true,"
    "no_risk_on_game_point=true,target=3)",
    "brus(four_card_brus=true,risk_king_of_clubs=true,honour_beats_ks_fourth=true,whistle=true)",
    "brus(no_stock=true,jan_replaces_storm=true,tens_instead_of_fives=true,whistle=true)",
]


def risky(state: State, rng: random.Random) -> int:
    """A random playout that risks whenever it may (most of the time), so that risks, their
    awards and what they imply come up."""
    legal = state.legal_actions()
    risks = [a for a in legal if a >= NPLAY]
    return rng.choice(risks) if risks and rng.random() < 0.7 else rng.choice(legal)


def check_every_play(game: Brus, states: list[State]) -> int:
    """At each decision, every set of the hand (up to 3 cards; 4 under ``four_card_brus``)
    with every risk: ``why_not`` allows exactly the legal ones, and the engine refuses the
    others with its very reason (DK-5.2, DK-5.3, DK-9.2, DK-12.3 - DK-12.8)."""
    explainer = game.explainer
    checked = 0
    for state in states:
        seat = state.to_act
        if seat is None:
            continue
        assert isinstance(state, BrusState)
        view = state.view(seat)
        legal = set(state.legal_actions())
        hand = cards_of(state.hands[seat])[:7]
        for k in range(1, min(game.max_lead, len(hand)) + 1):
            for cs in combinations(hand, k):
                pid = play_index(cs)
                for bits in range(8):
                    a = bits * NPLAY + pid
                    try:
                        decode(a)
                    except ActionParseError:
                        continue
                    why = explainer.why_not(view, a)
                    assert (why is None) == (a in legal), (state.action_text(a), why)
                    if why is not None:
                        with pytest.raises(IllegalActionError) as e:
                            state.clone().apply(a)
                        assert e.value.explanation == why
                    checked += 1
    return checked


@pytest.mark.parametrize("text", OPTION_SETS)
def test_the_words_agree_with_the_engine_and_leak_nothing(text: str) -> None:
    """Over a whole match: ``why_not`` allows exactly the legal set and the engine refuses with
    its reason; every view is put in words; each deal's parts add up to its score; sampled
    worlds the seat cannot tell apart give it the same words (and a leaky control differs)."""
    game = make_game(text)
    assert isinstance(game, Brus)
    states = match_positions(game, random.Random(text), deals=5, choose=risky)
    assert check_refusals(game, states, seed=1) > 10 * len(states)
    assert check_every_play(game, states[::3]) > 2 * len(states[::3])
    assert check_words(game, states) == len(states) * (game.players + 1)
    report = check_no_leak(game, states[::5], seed=2)
    assert report.positions > 5 and report.caught > 0


@pytest.mark.parametrize("text", ["brus(players=3,four_card_brus=true)",
                                  "brus(honour_beats_ks_fourth=true,whistle=true)"])
def test_the_rules_the_state_inlines_agree_with_their_one_source(text: str) -> None:
    """The state works out the draws (``rules.draw_share``, DK-7.3, DK-7.4) and the trick's
    winner (``rules.beats_now``, DK-6.5, DK-12.2) inline for speed; the views it makes agree
    with the rules module at every position (the risk conditions, ``rules.risk_closed`` and
    ``rules.risk_bits``, are held to the legal sets by the kit above)."""
    from stikk.games.brus.implies import stock_before_tricks
    from stikk.games.brus.rules import winning_flags

    game = make_game(text)
    assert isinstance(game, Brus)
    for state in match_positions(game, random.Random(text), deals=4, choose=risky):
        view = state.public_view()
        assert stock_before_tricks(view, game)[-1] == view.stock
        for trick in view.tricks:
            sets = [(p,) if isinstance(p, int) else tuple(p) for _, p in trick.plays]
            flags = winning_flags(game, sets)
            last = max(i for i, won in enumerate(flags) if won)
            assert trick.plays[last][0] == trick.winner


# -- helpers --------------------------------------------------------------------------------------

def _st(spec: str, packets: dict[int, str], stock: str = "", dealer: int = 0,
        sticks: tuple[int, ...] | None = None) -> BrusState:
    players = 3 if "players=3" in spec else 4
    return new(spec, stock_deck(dealer, packets, stock, players=players,
                                tens="tens_instead" in spec), dealer, sticks)


def voice_of(state: BrusState, seat: int | None = None) -> tuple[Any, Voice]:
    seat = state.to_act if seat is None else seat
    assert seat is not None
    view = state.view(seat)
    return view, state.game.explainer.voice(view)


def refusal(state: BrusState, text: str) -> Msg:
    """The engine's refusal of ``text`` (by the seat to act): the explainer's ``why_not``,
    word for word."""
    view, voice = voice_of(state)
    a = state.parse_action(text)
    why = state.game.explainer.why_not(view, a)
    assert why is not None, text
    with pytest.raises(IllegalActionError) as e:
        state.apply(a)
    assert e.value.explanation == why and e.value.reason == why.text(voice)
    return why


NOBODY = Voice()


def said(msg: Msg | None, voice: Voice = NOBODY) -> str:
    assert msg is not None
    return msg.text(voice)


# -- refusals -------------------------------------------------------------------------------------

def test_dk_5_5_refusals_name_the_fault() -> None:
    """DK-5.5: a card not held, the wrong number of cards (DK-5.3), a multiple lead of mixed
    ranks (DK-5.2), a card outside the pack (DK-1.2), a play out of turn; each refusal of the
    engine is the explainer's, word for word."""
    s = _st("brus", {0: "9C 9S 9H", 1: "5C QC QS", 2: "QH QD KD", 3: "8C 8H 8D"})
    why = refusal(s, "PLAY 5C")
    assert said(why, Voice(0)) == "You do not hold 5♣"
    why = refusal(s, "PLAY 9C+QH")
    assert said(why, Voice(0)) == "You do not hold Q♥"
    mixed = _st("brus", {0: "9C 8C 9S", 1: "5C QC QS", 2: "QH QD KD", 3: "8H 8D 5S"})
    why = refusal(mixed, "PLAY 9C+8C")
    assert (why.id, why.section) == ("brus.lead_rank", "DK-5.2")
    assert why.text() == "a multiple lead is two or more cards of one rank: 9♣ 8♣ are not " \
                         "(DK-5.2)"
    play(s, "PLAY 9C+9S")
    why = refusal(s, "PLAY QS")
    assert why.text() == "every player plays exactly 2 cards to this trick, not 1 (DK-5.3)"
    tens = _st("brus(tens_instead_of_fives=true)",
               {0: "TC QC QS", 1: "TS QH QD", 2: "TH KD 8C", 3: "TD 8H 8D"})
    assert said(tens.game.explainer.why_not(tens.view(0), play_index([P("5C")]))) == \
        "5♣ not in this pack (DK-1)"
    with pytest.raises(IllegalActionError) as e:
        tens.act("PLAY QH", seat=1)
    assert e.value.reason == "it is seat 0's turn, not yours"


def test_dk_5_2_a_lead_has_at_most_three_cards_of_a_rank() -> None:
    """DK-5.2, DK-12.12: four of a rank may be led only under ``four_card_brus``."""
    s = _st("brus(four_card_brus=true)", {0: "9C 9S 9H 9D", 1: "5C QC QS 5S",
                                          2: "QH QD KD 5H", 3: "8C 8H 8D 5D"})
    assert "PLAY 9C+9S+9H+9D" in s.legal_texts()
    plain = make_game("brus")
    assert isinstance(plain, Brus)
    view = s.view(0)
    why = plain.explainer.why_not(view, s.parse_action("PLAY 9C+9S+9H+9D"))
    assert said(why) == "a lead has at most 3 cards of one rank, not 4 (DK-5.2, DK-12.12)"


@pytest.mark.parametrize(("spec", "packets", "stock", "sticks", "before", "text", "words",
                          "section"), [
    ("brus", {0: "5C QC QS", 1: "5S QH QD", 2: "5H KD 8C", 3: "KH 8H 8D"}, "", None,
     ["PLAY 5C", "PLAY 5S", "PLAY 5H"], "PLAY KH RISK KH",
     "You may not risk K♥: your play is the last of the trick", "DK-9.2 condition 1"),
    ("brus", {0: "KH JC 5C", 1: "5S QH QD", 2: "5H KD 8C", 3: "QC 8H 8D"}, "", None, [],
     "PLAY KH RISK", "You may not risk K♥: J♣ is in your hand", "DK-9.2 condition 2"),
    ("brus", {0: "JC 5C 8S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}, "KH 6C 6S 6H",
     None, ["PLAY JC", "PLAY 5D", "PLAY 5H", "PLAY 8D"], "PLAY 8S RISK 8S",
     "You may not risk 8♠: J♣ has been played and K♥ is in your hand", "DK-9.2 condition 2"),
    ("brus", {0: "JC 5C 5S", 1: "8S QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}, "", None,
     ["PLAY JC"], "PLAY 8S RISK",
     "You may not risk 8♠: your play does not become the winning set", "DK-9.2 condition 3"),
    ("brus(no_risk_on_game_point=true)", {0: "KH 5C 5S", 1: "8S QD 5D", 2: "5H KD 8C",
                                          3: "QC 8H 8D"}, "", (1, 12), [], "PLAY KH RISK",
     "You may not risk K♥: your side has one stick left", "DK-9.2 condition 5, DK-12.5"),
])
def test_dk_9_2_each_condition_is_named(spec: str, packets: dict[int, str], stock: str,
                                        sticks: tuple[int, int] | None, before: list[str],
                                        text: str, words: str, section: str) -> None:
    """DK-9.2: a risk refused says which of its conditions fails, for which card, to the
    player; the engine refuses with the same words."""
    s = _st(spec, packets, stock, sticks=sticks)
    play(s, *before)
    why = refusal(s, text)
    _, voice = voice_of(s)
    assert why.section == section
    assert why.text(voice) == f"{words} ({section})"


def test_dk_9_2_condition_4_the_stock_is_empty() -> None:
    """DK-12.3: once the stock is empty, no risk (the short-stock deal: seat 1 draws K♥ from
    the last four cards)."""
    from .test_brus_variants import SHORT_KH, SHORT_PLAYS

    s = new("brus(no_risk_after_stock_empty=true)", SHORT_KH)
    play(s, *SHORT_PLAYS)
    assert s.stock_size == 0 and s.to_act == 1
    why = refusal(s, "PLAY KH RISK")
    assert why.section == "DK-9.2 condition 4, DK-12.3"
    assert said(why, Voice(1)) == "You may not risk K♥: the stock is empty (DK-9.2 condition 4, " \
                                  "DK-12.3)"


def test_dk_9_1_dk_12_7_the_king_of_clubs() -> None:
    """K♣ can be risked only under ``risk_king_of_clubs`` (DK-9.1), and then only to a
    seven-led trick (DK-12.7) while K♠ is live."""
    s = _st("brus", {0: "7D 5C 5S", 1: "KC QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D")
    assert said(refusal(s, "PLAY KC RISK KC")) == \
        "K♣ can be risked only under risk_king_of_clubs (DK-9.1, DK-12.7)"
    s = _st("brus(risk_king_of_clubs=true)", {0: "5C KC 5S", 1: "KH QD 5D", 2: "5H KD 8C",
                                              3: "QC 8H 8D"})
    play(s, "PLAY 5C")
    s2 = _st("brus(risk_king_of_clubs=true)", {0: "5C 6C 5S", 1: "KC QD 5D", 2: "5H KD 8C",
                                               3: "QC 8H 8D"})
    play(s2, "PLAY 5C")
    assert said(refusal(s2, "PLAY KC RISK KC")) == \
        "K♣ can be risked only when it is played to a seven-led trick (DK-12.7)"
    s3 = _st("brus(risk_king_of_clubs=true)", {0: "7D 5C 5S", 1: "KC KS 5D", 2: "5H KD 8C",
                                               3: "QC 8H 8D"})
    play(s3, "PLAY 7D")
    assert said(refusal(s3, "PLAY KC RISK KC"), Voice(1)) == \
        "You may not risk K♣: K♠ is in your hand (DK-12.7)"


def test_dk_12_8_automatic_risk_names_the_form_to_play() -> None:
    """DK-12.8, Engine decision 2: the plain play of a riskable K♥ is refused, naming the
    play with its risk."""
    s = _st("brus(automatic_risk=true)", {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C",
                                          3: "QC 8H 8D"})
    assert said(refusal(s, "PLAY KH")) == \
        "under automatic_risk every legal risk is declared: PLAY KH RISK (DK-12.8, Engine " \
        "decision 2)"


def test_a_finished_deal_and_a_finished_game_refuse_every_play() -> None:
    """DK-8: no play after the deal; DK-10.4: none after the game either."""
    s = new("brus(players=3)", FOUR_FOUR_FOUR)
    play(s, *PLAYS_444)
    explainer = s.game.explainer
    assert said(explainer.why_not(s.public_view(), 0)) == "the deal is over: no more plays (DK-8)"
    s = _st("brus(whistle=true)", {0: "5C 5S 5H", 1: "QH QD 5D", 2: "KD 8C 8H",
                                   3: "QC QS 8D"}, sticks=(1, 12))
    play(s, "PLAY 5C+5S+5H")
    assert said(explainer.why_not(s.public_view(), 0)) == \
        "the game is over: no more plays (DK-10.4)"


def test_parse_errors_of_multiple_plays_and_risks_name_the_fault() -> None:
    """Issue 15 §6: a mistyped play or risk is told what is wrong, with the card at fault
    and the rule: only K♥ and 8♠ can be risked (DK-9.1), a risk names a card of the play
    (DK-5.4), a play has 1 to 4 cards (DK-5.2); a table's shorthand (``5c+5s risk``) is
    told the same."""
    s = _st("brus", {0: "5C 5S KH", 1: "5H QH QD", 2: "5D KD 8C", 3: "QC 8H 8D"})
    cases = {
        "PLAY 5C+5S RISK": "nothing in 5♣ 5♠ can be risked: only K♥ and 8♠ can be (DK-9.1)",
        "5c+5s risk": "nothing in 5♣ 5♠ can be risked: only K♥ and 8♠ can be (DK-9.1)",
        "PLAY 5C+5S RISK 5C": "5♣ cannot be risked: only K♥ and 8♠ can be (DK-9.1)",
        "5c 5s risk 5c": "5♣ cannot be risked: only K♥ and 8♠ can be (DK-9.1)",
        "PLAY KH RISK 5C": "5♣ is risked but not in the play K♥ (DK-5.4)",
        "PLAY 9C+9C": "9♣ is named twice",
        "PLAY 5C+6C+7C+8C+9C": "a play has 1 to 4 cards, not 5 (DK-5.2, DK-12.12)",
        "5c+5s": "a Brus action begins with PLAY: PLAY 5C+5S (CONFORMANCE.md §2)",
    }
    for text, reason in cases.items():
        with pytest.raises(ActionParseError) as e:
            s.parse_action(text)
        assert e.value.reason == reason, text
    with pytest.raises(ActionParseError) as e:
        s.parse_action("xyz")
    assert e.value.reason.startswith("not a Brus action: a play is written PLAY <card>")


# -- moves and sentences --------------------------------------------------------------------------

def test_labels_name_the_multiple_play_and_the_risk() -> None:
    """DK-5.2: a multiple lead says its worth; DK-6.4: a follow that takes the lead says so;
    DK-9.2 and Engine decision 1: K♥ + 8♠ following 5♣ + 5♦ may risk both, either or none."""
    s = _st("brus", {0: "5C 5D 9C", 1: "8S KH QC", 2: "JC 7H 6D", 3: "QS QH QD"})
    view, voice = voice_of(s)
    moves = s.game.explainer.moves(view, s.legal_actions())
    labels = [m.label.text(voice) for m in moves]
    assert labels == ["9♣", "5♣", "5♦", "5♣ + 5♦ (worth 2 tricks)"]
    assert moves[3].detail is not None and moves[3].detail.text(voice) == \
        "5♣ + 5♦: a multiple lead; everyone plays 2 cards and the trick counts 2 tricks " \
        "(DK-5.2, DK-7.1)"
    play(s, "PLAY 5C+5D")
    view, voice = voice_of(s)
    labels = [m.label.text(voice) for m in s.game.explainer.moves(view, s.legal_actions())]
    assert labels == ["K♥ + 8♠ (takes the lead)",
                      "K♥ + 8♠ (takes the lead) and risk the Brus and the Galhund",
                      "K♥ + 8♠ (takes the lead) and risk the Brus only",
                      "K♥ + 8♠ (takes the lead) and risk the Galhund only",
                      "K♥ + Q♣", "8♠ + Q♣"]


def test_said_names_the_multiple_play_and_the_risk() -> None:
    """Issue 15 §6 (the readable log left out risks): each history entry names the whole
    play and what it risked, for its player and for everybody else (DK-5.2, DK-9.1)."""
    s = _st("brus", {0: "5C 5D 9C", 1: "8S KH QC", 2: "JC 7H 6D", 3: "QS QH QD"})
    play(s, "PLAY 5C+5D", "PLAY 8S+KH RISK 8S")
    explainer = s.game.explainer
    public = s.public_view()
    lines = [said(explainer.said(public, seat, text)) for seat, text in public.history]
    assert lines == ["Seat 0 leads 5♣ + 5♦: a multiple trick worth 2, everyone plays 2 cards "
                     "(DK-5.2)",
                     "Seat 1 plays K♥ + 8♠ and risks the Galhund (DK-9.1)"]
    mine = s.view(1)
    assert said(explainer.said(mine, 1, mine.history[1][1]), Voice(1)) == \
        "You play K♥ + 8♠ and risk the Galhund (DK-9.1)"
    play(s, "PLAY JC+7H", "PLAY QS+QH")
    assert said(explainer.trick_taken(s.public_view(), 0), Voice(None, True)) == \
        "Seat 1 takes trick 1, worth 2, with K♥ + 8♠ · tricks: side A 0 · side B 2"


def test_dk_2_the_hand_as_held() -> None:
    """DK-2.1 - DK-2.4: the beating cards by power (the honours named), then the sevens and the
    black kings, then the worthless cards; without a stock the low cards beat too (DK-12.13)."""
    s = _st("brus(four_card_brus=true)", {0: "5D 7H KH JC", 1: "9S QC KC QS",
                                          2: "QH QD KD 5H", 3: "8C 8H 8D 5S"})
    hand = s.game.explainer.hand(s.view(0))
    assert [(h.card, h.note and h.note.text(), h.group and h.group.text()) for h in hand] == [
        ("JC", "Spids (DK-2.1)", "beating cards"), ("KH", "Brus (DK-2.1)", "beating cards"),
        ("7H", None, "beat only when a 7 is led"), ("5D", None, "worthless")]
    hand = s.game.explainer.hand(s.view(1))
    assert [h.card for h in hand] == ["9S", "KC", "QC", "QS"]
    ns = new("brus(no_stock=true)", no_stock_deck(0, FIRST_FIVE))
    assert [h.card for h in ns.game.explainer.hand(ns.view(0))] == \
        ["JC", "KH", "8S", "9C", "9S", "5C", "5S", "5H", "5D"]


# -- the panel ------------------------------------------------------------------------------------

def _panel(state: BrusState, seat: int) -> tuple[list[str], list[str], list[str]]:
    view = state.view(seat)
    voice = state.game.explainer.voice(view)
    panel = state.game.explainer.panel(view, {"sticks": list(view.sticks_start)})
    return ([m.text(voice) for m in panel.deal], [m.text(voice) for m in panel.now],
            [m.text(voice) for m in panel.knows])


def test_the_panel_says_what_the_deal_is_worth_and_the_trick_in_play() -> None:
    """DK-8.1, DK-8.2: the deal's worth; DK-10.5: a side near the end of its sticks; DK-6.4:
    how a multiple trick is taken; DK-9.3: the risks so far; DK-10.1: the sticks thrown."""
    s = _st("brus", {0: "5C 5D 9C", 1: "8S KH QC", 2: "JC 7H 6D", 3: "QS QH QD"},
            sticks=(2, 12))
    play(s, "PLAY 5C+5D", "PLAY 8S+KH RISK 8S")
    deal, now, _ = _panel(s, 2)
    assert deal[0] == "Two sides: seat 0 and you (side A) against seat 1 and seat 3 (side B) " \
                      "(DK-3.1)"
    assert "The deal is worth a stick to the first side to 5 tricks, 2 if the others have " \
           "none (DK-8.1, DK-8.2)" in now
    assert "Your side needs to throw only 2 sticks more to win the game (DK-10.5)" in now
    assert "Trick 1: seat 0 led a multiple trick: everyone plays 2 cards and it counts 2 " \
           "tricks; best so far K♥ + 8♠ (seat 1) (DK-5.3, DK-7.1)" in now
    assert "To take it, play 2 cards that each beat a different card of seat 1's set (DK-6.4)" \
        in now
    assert "Risks this deal: seat 1 8♠ (trick 1): in play (DK-9.3)" in now
    play(s, "PLAY JC+7H", "PLAY QS+QH")  # J♣ + 7♥ pairs off only one card: K♥ + 8♠ stands
    _, now, _ = _panel(s, 2)
    assert "Sticks left: your side 2 · side B 11 (1 thrown this deal) (DK-10.1)" in now
    assert "Risks this deal: seat 1 8♠ (trick 1): held, side B +1 (DK-9.3)" in now


def test_the_panel_of_the_variants() -> None:
    """DK-12.13 (all awards at the end), DK-12.5 (no risk with one stick), DK-6.3 (a led
    seven), and the variants in force."""
    s = new("brus(no_stock=true,no_risk_on_game_point=true)", no_stock_deck(0, FIRST_FIVE),
            sticks=(1, 12))
    deal, now, _ = _panel(s, 0)
    assert "Variants: no risking with one stick left (DK-12.5) · no stock: every card dealt, " \
           "every trick played (DK-12.13)" in deal
    assert deal[3] == "Then, without a stock: 5♣ 5♠ 5♥ 5♦ 8♣ 8♥ 8♦ Q♣ Q♠ Q♥ Q♦ K♦; the 7s, K♣ " \
                      "and K♠ beat only when a 7 is led (DK-12.13)"
    assert "Your side has one stick left: no risks for your side (DK-12.5)" in now
    assert any(line.startswith("The deal is worth a stick to the side with the most tricks")
               for line in now)
    seven = _st("brus", {0: "7D 5C 5S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(seven, "PLAY 7D")
    _, now, _ = _panel(seven, 1)
    assert "A 7 was led: only a higher 7, K♣ (over a 7) or K♠ (over K♣) beats (DK-6.3)" in now


def test_the_panel_says_what_a_risk_said_of_the_hand() -> None:
    """DK-9.2 condition 2 (implies.risk_clauses): seat 1's risk on K♥ says J♣ was neither
    played nor in his hand; the risker himself is not told his own hand, and nothing is said
    once J♣ has been seen."""
    s = _st("brus", {0: "5C 6C 6S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 5C", "PLAY KH RISK")
    _, _, knows = _panel(s, 2)
    assert "Seat 1 risked K♥ in trick 1, so J♣ (Spids) was then neither played nor in seat 1's " \
           "hand (DK-9.2)" in knows
    assert "Honours still out (neither played nor in your hand): J♣ (Spids), 8♠ (Galhund) " \
           "(DK-9.2)" in knows
    _, _, own = _panel(s, 1)
    assert not any("risked" in line for line in own)


# -- what the rules do on their own ---------------------------------------------------------------

def _events(state: BrusState, seat: int, *texts: str) -> list[str]:
    out = []
    explainer = state.game.explainer
    voice = Voice(seat, explainer.partnership)
    for text in texts:
        before = state.view(seat)
        state.apply_text(text)
        out += [m.text(voice) for m in explainer.events(before, state.view(seat))]
    return out


def test_events_risks_draws_and_the_deal() -> None:
    """DK-9.3: a risk's stick to the side that takes the trick, as soon as the trick ends;
    DK-7.3: the draws, with the cards the seat drew; DK-8.2: the storm."""
    s = _st("brus", {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"},
            "9C 9S 9H 9D")
    lines = _events(s, 0, "PLAY KH RISK", "PLAY QH", "PLAY 5H", "PLAY QC")
    assert lines == ["Risk: your Brus (K♥) held: your side throws 1 stick (DK-9.3)",
                     "Everyone draws 1, you first: you draw 9♣ · 20 cards left in the stock "
                     "(DK-7.3)"]
    s = _st("brus", {0: "JC 5C 5S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 5C")
    lines = _events(s, 2, "PLAY KH RISK", "PLAY 5H", "PLAY QC")
    assert lines[0] == "Risk: seat 1's Brus (K♥) held: side B throws 1 stick (DK-9.3)"


def test_events_of_the_short_stock_and_the_end_of_the_deal() -> None:
    """DK-7.4: a short stock is shared out equally, winner first; DK-7.5: then play goes on
    with the cards in hand; DK-8.1: the first side to five tricks throws a stick."""
    from .test_brus_rules import SHORT

    s = new(deck=SHORT)
    lines = _events(s, 0, "PLAY 9C+9S+9H", "PLAY QC+QS+5C", "PLAY QH+QD+KD", "PLAY 8C+8H+8D",
                    "PLAY 6C+6S", "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S",
                    "PLAY JS+JH", "PLAY 6H+6D", "PLAY 7D+JD", "PLAY AH+5D")
    assert lines[-2:] == ["Everyone draws 1, seat 1 first: you draw 9♦ · 0 cards left in the "
                          "stock (DK-7.4)",
                          "The stock is empty: play on with the cards in hand (DK-7.5)"]
    lines = _events(s, 0, "PLAY JC", "PLAY 8S", "PLAY KH", "PLAY 9D")
    assert lines == ["Side B takes five tricks first, 5–3: side B throws 1 stick (DK-8.1)"]


def test_events_of_a_whistle_that_ends_the_game() -> None:
    """DK-12.9: a lead of three whistles at once; Engine decision 5, DK-10.4: when that
    throws the last stick the deal ends there."""
    s = _st("brus(whistle=true)", {0: "5C 5S 5H", 1: "QH QD 5D", 2: "KD 8C 8H",
                                   3: "QC QS 8D"}, sticks=(1, 12))
    assert _events(s, 1, "PLAY 5C+5S+5H") == [
        "Seat 0 whistles with a lead of 3: side A throws 1 stick (DK-12.9)",
        "The deal ends at once: the whistle point ended the game, side A has no stick left "
        "(DK-10.4)"]


def test_events_without_a_stock_wait_for_the_end_of_the_deal() -> None:
    """DK-12.13: a risk is settled with the deal's other awards at its end; a three-player
    tie voids them all."""
    s = new("brus(no_stock=true,players=3)", no_stock_deck(0, VOID, players=3))
    lines = _events(s, 0, *VOID_PLAYS[:3])
    assert lines == ["Risk: your Brus (K♥): settled with the deal's other awards at its end "
                     "(DK-12.13)"]
    lines = _events(s, 0, *VOID_PLAYS[3:])
    assert lines == ["Risk: your Brus (K♥): no stick, the deal is void (DK-12.13)",
                     "A tie at 6 tricks: the deal is void, nobody scores (DK-12.13)"]


# -- the deal's score -----------------------------------------------------------------------------

def _parts(state: BrusState) -> list[list[tuple[str, str | None, int]]]:
    result = state.result()
    assert result is not None
    score = state.game.explainer.deal_score(state.public_view(), result,
                                           {"sticks": list(state.public_view().sticks)})
    out = []
    for side in score.sides:
        assert sum(p for _, p in side.parts) == side.total == result.score[side.side]
        out.append([(m.id, m.section, p) for m, p in side.parts])
    return out


def test_deal_score_parts_of_risks_and_the_deal() -> None:
    """DK-9.3 (risk), DK-8.2 (storm), DK-8.1 (deal); each part with its section, adding up to
    the engine's score."""
    from .test_brus_rules import SHORT

    s = _st("brus", {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"},
            "9C 9S 9H 9D JC JH JD JS 7C 7S 7H 7D 6C 6S 6H 6D")
    play(s, "PLAY KH RISK", "PLAY QH", "PLAY 5H", "PLAY QC")
    rng = random.Random(3)
    while not s.terminal:
        s.apply(rng.choice(s.legal_actions()))
    assert _parts(s) == [[("brus.part_risk", "DK-9.3", 1), ("brus.part_deal", "DK-8.1", 1)], []]
    storm = _st("brus", {0: "9C 9S 9H", 1: "5C QC QS", 2: "QH QD KD", 3: "8C 8H 8D"},
                "AC AS 5D 5S KC KS 5H 7C 7S 7H 7D 6D")
    play(storm, "PLAY 9C+9S+9H", "PLAY QC+QS+5C", "PLAY QH+QD+KD", "PLAY 8C+8H+8D",
         "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S", "PLAY 7H+7D")
    assert _parts(storm) == [[("brus.part_storm", "DK-8.2", 2)], []]
    short = new(deck=SHORT)
    play(short, "PLAY 9C+9S+9H", "PLAY QC+QS+5C", "PLAY QH+QD+KD", "PLAY 8C+8H+8D",
         "PLAY 6C+6S", "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S", "PLAY JS+JH", "PLAY 6H+6D",
         "PLAY 7D+JD", "PLAY AH+5D", "PLAY JC", "PLAY 8S", "PLAY KH", "PLAY 9D")
    assert _parts(short) == [[], [("brus.part_deal", "DK-8.1", 1)]]


@pytest.mark.parametrize(("spec", "want"), [
    ("brus(oversmaek=true,target=4)", [[("brus.part_oversmaek", "DK-12.6", 4)], []]),
    ("brus(target=2)", [[("brus.part_risk", "DK-9.3", 1), ("brus.part_risk", "DK-9.3", 1)], []]),
])
def test_deal_score_parts_of_oversmaek(spec: str, want: list[Any]) -> None:
    """DK-12.6 (b): Galhund and Brus both risked, the Galhund's partner takes the trick with
    Spids: one award of 4; without the option DK-9.3, a stick per risked card.  The sticks
    are few, so the trick's awards end the game (DK-10.4) and the deal with it."""
    s = _st(spec, OVER)
    play(s, "PLAY 8S RISK", "PLAY KH RISK", "PLAY JC", "PLAY QC")
    assert s.terminal
    assert _parts(s) == want


def test_deal_score_parts_without_a_stock() -> None:
    """DK-12.13: the first-five bonus and the deal; DK-12.14: Jan; a void tie scores nothing."""
    s = new("brus(no_stock=true)", no_stock_deck(0, FIRST_FIVE))
    play(s, *FIRST_FIVE_PLAYS)
    assert _parts(s) == [[("brus.part_first_five", "DK-12.13", 1),
                          ("brus.part_most", "DK-12.13", 1)], []]
    s = new("brus(no_stock=true,jan_replaces_storm=true)", no_stock_deck(0, JAN))
    split = {seat: JAN[seat].split() for seat in range(4)}
    for i in range(9):
        play(s, *(f"PLAY {split[seat][i]}" for seat in range(4)))
    assert _parts(s) == [[("brus.part_jan", "DK-12.14", 2)], []]
    void = new("brus(no_stock=true,players=3)", no_stock_deck(0, VOID, players=3))
    play(void, *VOID_PLAYS)
    assert _parts(void) == [[], [], []]


def test_deal_score_parts_of_a_whistle_and_a_nonwinning_risk() -> None:
    """DK-12.9: a whistle at the lead; DK-12.4: a Brus risked on a led seven scores for the
    risker; DK-8.3, DK-10.3: 4–4–4 gives no deal award but the whistles stand."""
    s = new("brus(players=3,whistle=true)", FOUR_FOUR_FOUR)
    play(s, *PLAYS_444)
    parts = _parts(s)
    assert parts[0] == [("brus.part_whistle", "DK-12.9", 1)] * 2
    result = s.result()
    assert result is not None
    score = s.game.explainer.deal_score(s.public_view(), result, {"sticks": [10, 11, 12]})
    assert [n.text() for n in score.notes] == [
        "4–4–4: nobody reached five tricks, nobody scores for the deal; risk points stand "
        "(DK-8.3, DK-10.3)"]
    nw = _st("brus(risk_nonwinning_honour=true)", {0: "7D 5C 5S", 1: "KH QD 5D",
                                                   2: "5H KD 8C", 3: "QC 8H 8D"}, sticks=(12, 1))
    play(nw, "PLAY 7D", "PLAY KH RISK", "PLAY 5H", "PLAY QC")
    assert nw.terminal and _parts(nw) == [[], [("brus.part_risk", "DK-12.4", 1)]]


# -- the sheet ------------------------------------------------------------------------------------

def test_the_verdict_and_the_settlement() -> None:
    """DK-10.5: the first side to throw every stick wins; each loser pays his side's sticks
    still held, plus the game bonus."""
    explainer = make_game("brus(game_bonus=2)").explainer
    over = {"sticks": [0, 4], "over": True, "winner": ["A"]}
    assert said(explainer.verdict(over), Voice(1, True)) == \
        "Side A wins the game: all 12 sticks thrown first (DK-10.5)"
    notes = [m.text(Voice(1, True)) for m in explainer.sheet_notes(over)]
    assert notes[-1] == "Settlement (sticks still held + 2 game bonus): your side (you and " \
                        "seat 3) pay 6 each (DK-10.5)"
    assert explainer.verdict({**over, "over": False, "winner": None}) is None
    three = make_game("brus(players=3)").explainer
    sheet = {"sticks": [3, 0, 5], "over": True, "winner": [1]}
    assert said(three.verdict(sheet), Voice(1)) == \
        "You win the game: all 12 sticks thrown first (DK-10.5)"
    assert [m.text() for m in three.sheet_notes(sheet)][-1] == \
        "Settlement (sticks still held): seat 0 pays 3; seat 2 pays 5 (DK-10.5)"
    assert said(three.standing(sheet), Voice(0)) == \
        "Sticks left: you 3 · seat 1 0 · seat 2 5 (DK-10.1)"


def test_sheet_data_for_the_drawing() -> None:
    """DK-10.1: the sticks each side started with, held when the deal began and holds now,
    with the sides' names and seats (DK-3.1) and the winner (DK-10.5)."""
    s = _st("brus", {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"},
            sticks=(5, 7))
    play(s, "PLAY KH RISK", "PLAY QH", "PLAY 5H", "PLAY QC")
    data = s.game.explainer.sheet_data(s.view(1), {"sticks": [4, 7], "over": False,
                                                   "winner": None})
    assert data == {"target": 12, "start": [5, 7], "left": [4, 7], "winner": None,
                    "names": ["Side A", "Your side"], "seats": [[0, 2], [1, 3]]}
    json.dumps(data)


# -- the replay log and the sheet of an unfinished deal -------------------------------------------

RISKY_DECK = stock_deck(0, {0: "8S 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
RISKY_PLAYS = ["PLAY 8S RISK", "PLAY QH", "PLAY 5H", "PLAY QC", "PLAY 5C"]
RISKY_DEAL = {"dealer": 0, "deck": RISKY_DECK, "actions": RISKY_PLAYS}


def test_the_replay_log_tells_the_risks(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 15 §6: ``stikk replay FILE`` printed ``PLAY 8S RISK`` as ``8S``; it names the
    risk, what came of it and the stick thrown (DK-9.3), and the multiple plays."""
    deal = {"dealer": 0, "deck": stock_deck(0, {0: "8S 8D 5C", 1: "QH QD 5D",
                                                2: "5H KD 8C", 3: "QC QS 8H"}),
            "actions": ["PLAY 8S+8D RISK", "PLAY QH+QD", "PLAY 5H+KD", "PLAY QC+QS",
                        "PLAY 5C"]}
    path = tmp_path / "risk.json"
    path.write_text(json.dumps({"game": "brus", "deals": [deal]}))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Seat 0 leads 8♠ + 8♦ and risks the Galhund: a multiple trick worth 2, everyone " \
           "plays 2 cards (DK-5.2)" in out
    assert "Seat 1 plays Q♥ + Q♦" in out
    assert "Seat 0 takes trick 1, worth 2, with 8♠ + 8♦ · tricks: side A 2 · side B 0" in out
    assert "Risk: seat 0's Galhund (8♠) held: side A throws 1 stick (DK-9.3)" in out
    assert "Sticks left: side A 11 · side B 12 (DK-10.1)" in out


def test_the_sheet_of_an_unfinished_deal_shows_the_sticks_thrown() -> None:
    """Issue 15 §8, DK-10.4: in the stock game a risk's stick is thrown as soon as its trick
    ends, so the replay's ``match`` (CONFORMANCE.md §4: the sheet after the last action) and
    the tables' sheet show it at once; DK-12.13: without a stock the awards wait for the end
    of the deal."""
    cut = replay({"game": "brus", "deals": [RISKY_DEAL]})
    assert cut["deals"][0]["result"] is None and not cut["state"]["terminal"]
    assert cut["match"] == {"sticks": [11, 12], "over": False, "winner": None}
    before = replay({"game": "brus", "deals": [{**RISKY_DEAL, "actions": RISKY_PLAYS[:3]}]})
    assert before["match"]["sticks"] == [12, 12]  # the trick is not over yet
    match = make_game("brus").new_match(0)
    state = match.start_deal(RISKY_DECK)
    assert isinstance(state, BrusState)
    for text in RISKY_PLAYS:
        match.apply(text)
    assert match.sheet()["sticks"] == [11, 12] == list(state.view(0).sticks)

    spec = "brus(no_stock=true,players=3)"
    game = make_game(spec)
    deck = no_stock_deck(0, VOID, players=3)
    record: dict[str, Any] = {"game": "brus", "options": game.options.to_json(only_changed=True),
                              "deals": [{"dealer": 0, "deck": deck, "actions": VOID_PLAYS[:6]}]}
    assert replay(record)["match"]["sticks"] == [12, 12, 12]  # K♥'s trick is over: deferred
    plays = [*VOID_PLAYS[:18], "PLAY QC", "PLAY 7C", "PLAY KS", "PLAY QS", "PLAY AC",
             "PLAY KC", "PLAY AS", "PLAY 7S", "PLAY QH", "PLAY AH", "PLAY 7H", "PLAY QD",
             "PLAY AD", "PLAY 7D", "PLAY KD", "PLAY JS", "PLAY JC", "PLAY 5C"]
    record["deals"][0]["actions"] = plays[:-1]
    assert replay(record)["match"]["sticks"] == [12, 12, 12]
    record["deals"][0]["actions"] = plays
    assert replay(record)["match"]["sticks"] == [9, 12, 12]  # risk, first five, deal
