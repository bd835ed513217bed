"""The fair draw of a Swiss tournament or a group stage: the pairs by lot, then round 1 or the groups, from one seed.

As a knockout's draw (:func:`bot.tournament.draw.draw_pairs`): the drawable active entries in canonical order
(:class:`bot.tournament.draw.DrawOrder`) are paired with the seed's ``b"pairing"`` stream, so the pairs and reserves
of a draw do not depend on the format. Then the format plan (:func:`bot.tournament.format.plan_format`, refusing a
number of rounds or groups that does not fit the pairs drawn) and, from the seed's own stream for the format, the
points stage: a Swiss tournament's lot and round 1 (``b"swiss"``, :func:`bot.tournament.swiss.start_swiss`) or a group
stage's lot, groups and schedule (``b"groups"``, :func:`bot.tournament.round_robin.start_groups`). Everything is a pure
function of the entries, the seed and the format options, so ``verify-draw`` recomputes it
(:mod:`bot.tournament.points_draw_file`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from bot.ruleset.variants import RuleVariant
from bot.tournament.bracket import BracketOptions
from bot.tournament.draw import DrawOrder, default_order, draw_pairs, public_key
from bot.tournament.entries import Entry, Person, RegistrationMode
from bot.tournament.format import FormatOptions, GroupsPlan, KnockoutPlan, SwissPlan, plan_format
from bot.tournament.registration import Registration
from bot.tournament.round_robin import GROUPS_STREAM, GroupStage, start_groups
from bot.tournament.seed import DrawSeed
from bot.tournament.seeding import team_strength
from bot.tournament.swiss import SWISS_STREAM, SwissStage, start_swiss
from bot.tournament.teams import Team


@dataclass(frozen=True, slots=True)
class PointsDraw:
    """Everything the draw of a points stage decided, with everything needed to recompute it."""

    mode: RegistrationMode
    entries: tuple[Entry, ...]
    seed: DrawSeed
    options: BracketOptions
    """For the knockout after the groups."""
    plan: SwissPlan | GroupsPlan
    teams: tuple[Team, ...]
    reserves: tuple[Person, ...]
    stage: SwissStage | GroupStage
    ratings: Mapping[str, int] | None = None
    """A Swiss tournament seeded by rating: each drawn person's rating in millionths (``bot.tournament.seeding``)."""
    order: DrawOrder = DrawOrder.PUBLIC_KEYS
    """How the entries were put in canonical order, so which draw file version shows this draw (2 or 3)."""
    account_secret: bytes | None = dataclasses.field(default=None, repr=False)
    """The secret the accounts' public keys are keyed by (version 3); never published."""

    @property
    def commitment(self) -> str:
        return self.seed.commitment

    def public_key(self, key: str) -> str:
        """A person key as the draw file shows it (``bot.tournament.draw.public_key``)."""
        return public_key(self.seed, key, self.account_secret)


def draw_points_stage(registration: Registration, seed: DrawSeed, options: BracketOptions,
                      format_options: FormatOptions, variant: RuleVariant, ratings: Mapping[str, int] | None = None,
                      *, order: DrawOrder | None = None, account_secret: bytes | None = None) -> PointsDraw:
    """Pair the closed registration by lot and start the Swiss tournament or group stage, all from ``seed``.

    Raise as :func:`bot.tournament.draw.draw` does, and the format errors of
    :func:`bot.tournament.format.plan_format` when the options do not fit the pairs drawn. A knockout's options
    are not for this function (``ValueError``). ``ratings``: a Swiss round 1 pairs the stronger half against the
    weaker (``bot.tournament.seeding``); a group stage keeps its lot and ignores them. ``order`` and
    ``account_secret`` as for :func:`bot.tournament.draw.draw` (a points stage has no version 1).
    """
    order = order or default_order(account_secret)
    if order is DrawOrder.PERSON_KEYS:
        raise ValueError("a points stage's draw file has no version 1")
    pairing = draw_pairs(registration, seed, order=order, account_secret=account_secret)
    plan = plan_format(format_options, len(pairing.teams))
    stage: SwissStage | GroupStage
    if isinstance(plan, KnockoutPlan):
        raise ValueError("a knockout is drawn by bot.tournament.draw.draw")
    if isinstance(plan, SwissPlan):
        strengths = None if ratings is None else {team.team_id: team_strength(team, ratings)
                                                  for team in pairing.teams}
        stage = start_swiss(pairing.teams, plan.rounds, variant, seed.stream(SWISS_STREAM), strengths=strengths)
    else:
        stage = start_groups(pairing.teams, plan.groups, plan.advance, variant, seed.stream(GROUPS_STREAM))
        ratings = None
    return PointsDraw(registration.mode, pairing.entries, seed, options, plan, pairing.teams, pairing.reserves, stage,
                     ratings, order, account_secret)
