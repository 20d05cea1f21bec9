"""The games as a lobby presents them: where each is played and what it is like
(``game.<id>.home``, ``game.<id>.about``), each option's short name (``optlabel.<id>.<option>``)
and the values of the options that are names, in words (``optval.<id>.<option>.<value>``).

The option's help (``opt.<id>.<option>``) comes from its declaration in the game's options;
these are the words around it.  ``tests/test_i18n.py`` holds them complete: every option of
every game has a label, every named value its words.
"""

from __future__ import annotations

from ..core.explain import define

define("game.styrivolt", {
    "home": "Kvívík, Faroe Islands",
    "about": "Four players in two partnerships, with a ladder of permanent trumps (Karnifl, "
             "Postur, Lamb …) and two suits chosen at each deal. Five tricks win the deal; the "
             "score is kept in lines and crosses on a chalk board.",
})
define("game.sjavs", {
    "home": "Faroe Islands",
    "about": "The Faroese national card game: two partnerships announce how many trumps they "
             "hold, with the queen of clubs and the jacks always trumps. Each side counts down "
             "from 24; three or two can play too.",
})
define("game.brus", {
    "home": "Denmark",
    "about": "A quick game of beating cards (Spids, Brus, Galhund …) and a stock, where cards "
             "of one rank may be led together and honours risked. The first side to five tricks "
             "throws away a matchstick; the first side rid of all its sticks wins.",
})
define("game.icelandic-brus", {
    "home": "Iceland",
    "about": "Brús, Iceland's cousin of Brus: J♣, K♥ and 8♠ lead a fixed order of beating "
             "cards, the K♥ may be risked, and each side's wins are crossed off a comb down to "
             "its rá line.",
})
define("game.bauernstoss", {
    "home": "Erfweiler, Palatinate, Germany",
    "about": "Four players, two teams: the players bid how many trumps they would hold, the "
             "jacks (Bauern) are the highest trumps, and a Solo plays alone. Card points win "
             "deals, chalk marks win the game at 20.",
})
define("game.romanian-whist", {
    "home": "Romania",
    "about": "Three to six players, each for himself, bid exactly how many tricks they will "
             "take; the dealer may not make the bids add up. The hands grow from one card to "
             "eight and shrink again.",
})

# The allowed values of an option that lists none (stikk.core.options.bounds): a number's
# range, or the form a value is typed in (named by its codec's text_form).
define("optform", {
    "range": "a whole number from {lo} to {hi}",
    "min": "a whole number, {lo} or more",
    "streak": "off, or length:points (length 1 or more, points 0 or more), e.g. 5:10",
})

define("optlabel.romanian-whist", {
    "players": "Players",
    "schedule": "Order of the rounds",
    "score_formula": "Score of an exact bid",
    "success_streak": "Bonus for a run of exact bids",
    "failure_streak": "Penalty for a run of misses",
    "zero_play": "Zero Play",
    "final_special_rounds": "Special rounds at the end",
    "blind_all_rounds": "Bid before seeing the cards",
    "blind_one_card_rounds": "Bid the one-card rounds blind",
    "forehead_one_card_rounds": "One-card rounds on the forehead",
})
define("optval.romanian-whist", {
    "schedule.1-8-1": "1 card up to 8 and back to 1",
    "schedule.8-1-8": "8 cards down to 1 and back to 8",
    "score_formula.fivePlusBid": "5 + the bid",
    "score_formula.cardsPlusBid": "cards dealt + the bid",
    "final_special_rounds.blind8": "an 8-card round bid before seeing the cards",
    "final_special_rounds.zero8": "an 8-card round where everyone bids 0",
    "final_special_rounds.eight8": "an 8-card round where everyone bids 8",
})
define("optlabel.bauernstoss", {
    "players": "Players",
    "preset": "Village rules",
    "target_marks": "Marks to win the game",
    "no_solo_in_first_deal": "No Solo in the first deal",
    "small_solo_allowed": "Small Solo allowed",
    "solo_value_small": "Marks for a Small Solo",
    "solo_value_big": "Marks for a Big Solo",
    "solo_decides_game": "A Big Solo decides the game",
    "four_jacks_may_bid_number": "Four jacks bid like other jacks",
    "equal_bid_requires_chance": "Mit only with a chance to win",
    "partner_tie_resolution": "Partners with equal bids",
    "jack_overtake_rule": "Jacks must be overtaken",
    "trump_lead_must_beat": "Beat a led trump",
    "chalk_holder_threshold": "Card points the chalk needs",
    "schneider_threshold": "Card points for Schneider",
    "schwarz_marks": "Marks for Schwarz",
    "first_deal_rule": "First deal of a game",
})
define("optval.bauernstoss", {
    "preset.erfweiler": "Erfweiler",
    "preset.alterSchoofkopp": "Alter Schoofkopp",
    "partner_tie_resolution.partnersAgree": "the partners agree who plays",
    "partner_tie_resolution.compareCards": "the lower trumps decide",
    "first_deal_rule.jackOfClubsHasChalk": "the team dealt J♣ has the chalk",
    "first_deal_rule.sixtyOne": "61 card points win",
})
define("optlabel.sjavs", {
    "players": "Players",
    "suduroy_deal": "Suðuroy deal",
    "suduroy_tie_bonus": "Suðuroy tie bonus",
    "double_victory": "Double victory",
    "single_player_vol_bonus": "A vol alone scores more",
    "voluntary_announcements": "Announcing is voluntary",
    "three_player_cut_packets": "Packets of a three-player cut",
})
define("optval.sjavs", {
    "three_player_cut_packets.3-4-3": "3, 4, 3",
    "three_player_cut_packets.4-2-4": "4, 2, 4",
})
define("optlabel.brus", {
    "players": "Players",
    "tens_instead_of_fives": "Tens instead of fives",
    "honour_beats_ks_fourth": "An honour beats K♠ fourth",
    "no_risk_after_stock_empty": "No risks once the stock is empty",
    "risk_nonwinning_honour": "Risk an honour that cannot win",
    "no_risk_on_game_point": "No risks on the last stick",
    "oversmaek": "Oversmæk",
    "risk_king_of_clubs": "Risk the K♣",
    "automatic_risk": "Risks made automatically",
    "whistle": "Whistle",
    "game_bonus": "Game bonus",
    "target": "Matchsticks per side",
    "four_card_brus": "Four-card Brus",
    "no_stock": "No stock",
    "jan_replaces_storm": "Jan instead of storming",
})
define("optlabel.icelandic-brus", {
    "players": "Players",
    "allow_illegal_risk": "Illegal risks are penalised",
    "no_risk_last_trick": "No risk in the last trick",
})
define("optlabel.styrivolt", {
    "players": "Players",
    "capture_model": "What the capture cards beat",
    "postur_reach": "Highest card the Postur takes",
    "illegal_stock": "Taking the stock without the right",
    "open_suit_selection": "Chosen suits shown to all",
    "forced_beating": "Forced beating",
    "first_take_window": "When the stock may be taken",
    "cut_for_stikkar": "Cut for stikkar",
    "cut_queen_substitute": "A queen may stand for a king",
    "kh_claims_bird": "K♥ claims the Fuglurin",
    "exposure_tie_autopolicy": "Ties when exposing",
    "stock_discard_to": "Where the taker's discard goes",
})
define("optval.styrivolt", {
    "capture_model.graded": "graded reach",
    "capture_model.flat_jack": "up to the jack",
    "postur_reach.A": "the ace",
    "postur_reach.K": "the king",
    "illegal_stock.forbid": "forbidden",
    "illegal_stock.allow_and_penalize": "allowed, with a monk's cross",
    "first_take_window.trick1": "in trick 1",
    "first_take_window.any_trick": "in any trick",
    "cut_for_stikkar.off": "no cut",
    "cut_for_stikkar.bottom": "the bottom card",
    "cut_for_stikkar.up_to_fourth": "up to the fourth card",
    "cut_for_stikkar.up_to_fourth_two": "up to the fourth card, up to two stikkar",
    "exposure_tie_autopolicy.ask": "the dealer decides",
    "exposure_tie_autopolicy.higher_face": "the higher card",
    "stock_discard_to.choice": "onto the pile or out of play",
    "stock_discard_to.dead": "out of play only",
})
