"""Duplicate-deal schedules: which agent sits in which seat for each replay of a deal.

Every deal is played once per *seat map*.  The maps are all the distinct ways of
cycling the agents round the table and rotating the table, so each agent sits in
every seat equally often and, in partnership games, the partnerships are swapped:
the cards' luck cancels inside a deal group.
"""

from __future__ import annotations


def seat_maps(num_agents: int, players: int) -> list[tuple[int, ...]]:
    """Seat maps (agent index per seat) for one deal group.

    >>> seat_maps(2, 4)          # partnerships A-C and B-D, then swapped
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> seat_maps(2, 3)
    [(0, 1, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 0)]
    >>> seat_maps(4, 4)[:2]
    [(0, 1, 2, 3), (1, 2, 3, 0)]
    """
    if num_agents < 1 or players < 1:
        raise ValueError("need at least one agent and one seat")
    if num_agents > players:
        raise ValueError(f"{num_agents} agents cannot all sit at a table of {players}")
    out: list[tuple[int, ...]] = []
    for offset in range(num_agents):
        base = tuple((s + offset) % num_agents for s in range(players))
        for r in range(players):
            m = base[r:] + base[:r]
            if m not in out:
                out.append(m)
    return out
