"""Players that choose actions from views (never from states)."""

from .base import Agent, make_agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]
