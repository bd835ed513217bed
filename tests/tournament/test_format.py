"""Formats: defaults and limits of Swiss rounds and groups, and their ``/set`` keys in the tournament settings."""

from __future__ import annotations

import pytest

from bot.errors import GuandanError
from bot.tournament.bracket import TooFewTeamsError
from bot.tournament.format import (
    AdvanceTooLargeError,
    FormatOptions,
    GroupsPlan,
    GroupsTooSmallError,
    KnockoutPlan,
    RoundsOutOfRangeError,
    SwissPlan,
    TooFewQualifiersError,
    TournamentFormat,
    default_rounds,
    group_sizes,
    plan_format,
)
from bot.tournament.settings import (
    FORMAT_SETTING_KEYS,
    BadSettingValueError,
    SettingLockedError,
    TournamentSettings,
    apply_setting,
)

SWISS, GROUPS = TournamentFormat.SWISS, TournamentFormat.GROUPS
KEYS = {key.name: key for key in FORMAT_SETTING_KEYS}


@pytest.mark.parametrize(("pairs", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (40, 6), (41, 6),
                                               (64, 6), (65, 7), (1000, 10)])
def test_default_rounds_are_those_of_a_knockout(pairs: int, rounds: int) -> None:
    assert default_rounds(pairs) == rounds
    assert plan_format(FormatOptions(SWISS), pairs) == SwissPlan(pairs, rounds)


@pytest.mark.parametrize(
    ("options", "pairs", "plan"),
    [
        (FormatOptions(), 9, KnockoutPlan(9)),
        (FormatOptions(SWISS, rounds=1), 2, SwissPlan(2, 1)),
        (FormatOptions(SWISS, rounds=40), 41, SwissPlan(41, 40)),
        (FormatOptions(GROUPS, groups=4), 14, GroupsPlan(14, 4, 2)),
        (FormatOptions(GROUPS), 14, GroupsPlan(14, 3, 2)),  # default: groups of four or five
        (FormatOptions(GROUPS), 5, GroupsPlan(5, 1, 2)),
        (FormatOptions(GROUPS, groups=2, advance=0), 6, GroupsPlan(6, 2, 0)),
        (FormatOptions(GROUPS, groups=3, advance=3), 9, GroupsPlan(9, 3, 3)),
        (FormatOptions(GROUPS, groups=1, advance=2), 3, GroupsPlan(3, 1, 2)),
    ],
)
def test_plans(options: FormatOptions, pairs: int, plan: object) -> None:
    assert plan_format(options, pairs) == plan


@pytest.mark.parametrize(
    ("options", "pairs", "error", "params"),
    [
        (FormatOptions(SWISS, rounds=8), 8, RoundsOutOfRangeError, {"rounds": 8, "pairs": 8, "maximum": 7}),
        (FormatOptions(SWISS, rounds=0), 8, RoundsOutOfRangeError, {"maximum": 7}),
        (FormatOptions(GROUPS, groups=5), 14, GroupsTooSmallError, {"groups": 5, "maximum": 4}),
        (FormatOptions(GROUPS, groups=1), 2, GroupsTooSmallError, {"maximum": 0}),
        (FormatOptions(GROUPS, groups=4, advance=4), 14, AdvanceTooLargeError, {"advance": 4, "smallest": 3}),
        (FormatOptions(GROUPS, groups=1, advance=1), 5, TooFewQualifiersError, {"groups": 1, "advance": 1}),
        (FormatOptions(SWISS), 1, TooFewTeamsError, {"count": 1}),
    ],
)
def test_bad_choices_are_refused_with_the_reason(options: FormatOptions, pairs: int, error: type[GuandanError],
                                                 params: dict[str, int]) -> None:
    with pytest.raises(error) as caught:
        plan_format(options, pairs)
    assert params.items() <= caught.value.params.items()


@pytest.mark.parametrize(("pairs", "groups", "sizes"), [(14, 4, (4, 4, 3, 3)), (12, 4, (3, 3, 3, 3)),
                                                         (41, 8, (6, 5, 5, 5, 5, 5, 5, 5))])
def test_group_sizes_differ_by_one_at_most(pairs: int, groups: int, sizes: tuple[int, ...]) -> None:
    assert group_sizes(pairs, groups) == sizes


@pytest.mark.parametrize(
    ("key", "text", "field", "value"),
    [("format", "swiss", "format", SWISS), ("format", "GROUPS", "format", GROUPS),
     ("format", "积分编排", "format", SWISS), ("format", "循环赛", "format", GROUPS),
     ("format", "淘汰赛", "format", TournamentFormat.KNOCKOUT), ("rounds", "6", "rounds", 6),
     ("rounds", "auto", "rounds", None), ("rounds", "自动", "rounds", None), ("groups", "4", "groups", 4),
     ("groups", "auto", "groups", None), ("advance", "0", "advance", 0), ("advance", "4", "advance", 4)],
)
def test_format_keys_read_their_values(key: str, text: str, field: str, value: object) -> None:
    changed = apply_setting(TournamentSettings(), KEYS[key], text, drawn=False)
    assert getattr(changed, field) == value
    assert KEYS[key].parse(KEYS[key].show(value)) == value


@pytest.mark.parametrize(("key", "text"), [("format", "ladder"), ("rounds", "0"), ("rounds", "100"),
                                           ("rounds", "six"), ("groups", "0"), ("advance", "-1"),
                                           ("advance", "65"), ("advance", "auto")])
def test_bad_format_values_are_refused(key: str, text: str) -> None:
    with pytest.raises(BadSettingValueError) as caught:
        apply_setting(TournamentSettings(), KEYS[key], text, drawn=False)
    assert caught.value.params["key"] == key
    if key == "rounds":
        assert caught.value.params["expected"] == "1–99|auto"


@pytest.mark.parametrize("key", sorted(KEYS))
def test_format_keys_are_locked_after_the_draw(key: str) -> None:
    value = KEYS[key].show(getattr(TournamentSettings(), KEYS[key].field))
    with pytest.raises(SettingLockedError):
        apply_setting(TournamentSettings(), KEYS[key], value, drawn=True)


def test_settings_carry_the_format_and_read_back() -> None:
    chosen = TournamentSettings(format=GROUPS, rounds=None, groups=4, advance=0)
    assert chosen.format_options() == FormatOptions(GROUPS, None, 4, 0)
    assert TournamentSettings.from_json(chosen.to_json()) == chosen
    stored_before = {name: value for name, value in TournamentSettings().to_json().items()
                     if name not in {"format", "rounds", "groups", "advance"}}
    assert TournamentSettings.from_json(stored_before).format_options() == FormatOptions()
    damaged = chosen.to_json() | {"format": "ladder", "rounds": "six", "advance": None}
    assert TournamentSettings.from_json(damaged).format_options() == FormatOptions(groups=4)
