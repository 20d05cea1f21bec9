"""Statistics over deal groups: means with 95% intervals, and Elo.

The deal group (one deal played under every seat map) is the unit of
independence, as the game pair is in Fishtest: intervals are computed over
groups, never over single deals.  Normal quantiles come from the standard
library's :class:`statistics.NormalDist`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist, fmean, stdev

Z95 = NormalDist().inv_cdf(0.975)


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """``(lower, mean, upper)``: the mean and its 95% normal interval.

    >>> mean_ci([1.0, 2.0, 3.0, 4.0])
    (1.234..., 2.5, 3.765...)
    """
    if not xs:
        return (math.nan, math.nan, math.nan)
    m = fmean(xs)
    if len(xs) < 2:
        return (math.nan, m, math.nan)
    half = Z95 * stdev(xs) / math.sqrt(len(xs))
    return (m - half, m, m + half)


def elo_of(p: float) -> float:
    """The Elo difference that gives expected score ``p`` (clamped away from 0 and 1).

    >>> round(elo_of(0.75), 1)
    190.8
    """
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / p - 1.0)


def elo_ci(points: Sequence[float]) -> tuple[float, float, float]:
    """``(lower, elo, upper)`` from per-group expected scores in [0, 1] (OpenBench's ``Elo``).

    >>> lo, elo, hi = elo_ci([1.0, 0.5, 1.0, 0.0, 1.0, 1.0])
    >>> lo < 0 < round(elo) == 191 < hi
    True
    """
    lo, m, hi = mean_ci(points)
    if math.isnan(lo):
        return (math.nan, elo_of(m) if points else math.nan, math.nan)
    # A clean sweep has no spread: keep the scores half a group away from 0 and 1.
    edge = 0.5 / len(points)
    lo, m, hi = (min(max(x, edge), 1 - edge) for x in (lo, m, hi))
    return (elo_of(lo), elo_of(m), elo_of(hi))
