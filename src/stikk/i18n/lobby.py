"""The lobby's words for choosing a game and its house rules (``web.lobby.*``)."""

from ..core.explain import define

define("web", {
    "lobby.choose_game": "Choose a game…",
    "lobby.choose_intro": "Which game would you like to play? Each one is a traditional game "
                          "from its own corner of Europe.",
    "lobby.home": "Played in {home}",
    "lobby.house_rules": "House rules",
    "lobby.house_rules_changed": "House rules ({n} changed)",
    "lobby.house_rules_note": "The table plays the standard rules of the game unless you change "
                              "them here.",
    "lobby.reset_rules": "Reset to standard rules",
    "lobby.yes": "Yes",
    "lobby.no": "No",
    "lobby.standard_value": "{value} (standard)",
    "lobby.none": "none",
    "lobby.no_game": "Choose a game first.",
    "lobby.finished_after": "finished after {n:count:deal:deals}",
})
