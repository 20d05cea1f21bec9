"""Tournaments over duplicate deals, with confidence intervals over deal groups.

>>> run = run_arena("romanian-whist", ["random", "random"], deals=3, seed=1)
>>> [len(g.plays) for g in run.groups]                 # each deal played twice, seats swapped
[2, 2, 2]
>>> report_json(run)["comparison"]["deal_groups"]
3
"""

from .report import comparison, report_json, report_text, standings
from .runner import ArenaRun, GroupResult, derive_seed, play_deal, run_arena
from .schedule import seat_maps

__all__ = ["ArenaRun", "GroupResult", "comparison", "derive_seed", "play_deal", "report_json",
           "report_text", "run_arena", "seat_maps", "standings"]
