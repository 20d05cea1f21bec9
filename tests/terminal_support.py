"""Shared pieces of the terminal-table tests."""

from __future__ import annotations


def random_table(players: int) -> str:
    """``--seats`` for the human at seat 0 and seeded random bots elsewhere: the scripted
    terminal games were found with random opponents, while ``stikk play`` now seats
    heuristic bots by default."""
    return ",".join(["human"] + ["random"] * (players - 1))
