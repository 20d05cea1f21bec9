"""One rule-based player per game, playing the way a sensible human plays.

Each module holds one agent class (registered in :mod:`stikk.agents.registry`)
whose decisions follow the tactics in the rules files; ``explain`` gives the
reason for a choice in one line (the ``stikk play`` hint).
"""
