import pytest

from bot.ruleset.variants import RankingCriterion, ScoringScale, TieBreak
from bot.tournament.bracket import BracketOptions, FinalFormat, ThirdPlace
from bot.tournament.settings import (
    SETTING_KEYS,
    BadSettingValueError,
    SettingLockedError,
    TournamentSettings,
    UnknownSettingError,
    apply_setting,
    setting_key,
    shown_settings,
)

DEFAULTS = TournamentSettings()


@pytest.mark.parametrize(
    ("key", "text", "field", "value"),
    [
        ("third_place", "playoff", "third_place", ThirdPlace.PLAYOFF),
        ("third_place", "SHARED", "third_place", ThirdPlace.SHARED),
        ("final", "bo3", "final", FinalFormat.BEST_OF_THREE),
        ("final", "bo1", "final", FinalFormat.SINGLE),
        ("scoring", "28", "scoring", ScoringScale.SCALE_28),
        ("scoring", "winloss", "scoring", ScoringScale.WIN_LOSS),
        ("scoring", "3-2-1", "scoring", ScoringScale.MATCH_POINTS),
        ("积分", "场分", "scoring", ScoringScale.MATCH_POINTS),
        ("tiebreak", "head_to_head level_difference", "tiebreak", "points,head_to_head,level_difference,lot"),
        ("tiebreak", "points, wins, lot", "tiebreak", "points,wins,lot"),
        ("排名顺序", "积分→对手分→胜场→净积小分→抽签", "tiebreak", "points,opponent_points,wins,level_difference,lot"),
        ("tiebreak", "累积小分、相互胜负", "tiebreak", "points,levels_reached,head_to_head,lot"),
        ("tiebreak", "default", "tiebreak", None),
        ("equal_levels", "first", "equal_levels", TieBreak.REACHED_FIRST),
        ("级数相同", "主打方", "equal_levels", TieBreak.DECLARER),
        ("equal_levels", "LAST_DEAL", "equal_levels", TieBreak.LAST_DEAL_FIRST),
        ("equal_levels", "平局", "equal_levels", TieBreak.DRAW),
        ("time_limit", "90", "time_limit", 90),
        ("time_limit", "off", "time_limit", None),
        ("a_failures", "2", "a_failure_limit", 2),
        ("capacity", "16", "capacity", 16),
        ("capacity", "不限", "capacity", None),
        ("tz", "Europe/London", "timezone", "Europe/London"),
        ("tribute", "off", "tribute", False),
        ("进贡", "不进贡", "tribute", False),
        ("tribute", "ON", "tribute", True),
        ("TZ", "UTC", "timezone", "UTC"),
    ],
)
def test_each_key_reads_its_values(key: str, text: str, field: str, value: object) -> None:
    changed = apply_setting(DEFAULTS, setting_key(key), text, drawn=False)
    assert getattr(changed, field) == value


@pytest.mark.parametrize(
    ("key", "text"),
    [("third_place", "maybe"), ("final", "bo5"), ("scoring", "27"), ("time_limit", "-3"), ("time_limit", "１２"),
     ("time_limit", "2"), ("a_failures", "0"), ("a_failures", "off"), ("capacity", "1"), ("capacity", "x" * 400),
     ("tz", "Mars/Olympus"), ("tz", "../../etc/passwd"), ("tz", ""), ("tiebreak", ""), ("tiebreak", "wins wins"),
     ("tiebreak", "lot wins"), ("tiebreak", "wins points"), ("tiebreak", "height"), ("tiebreak", "wins,,x" * 60),
     ("tribute", "sometimes")],
)
def test_bad_values_are_refused(key: str, text: str) -> None:
    with pytest.raises(BadSettingValueError) as caught:
        apply_setting(DEFAULTS, setting_key(key), text, drawn=False)
    assert caught.value.params["key"] == setting_key(key).name
    assert len(caught.value.params["value"]) <= 40


def test_an_unknown_key_lists_the_known_ones() -> None:
    with pytest.raises(UnknownSettingError) as caught:
        setting_key("colour")
    assert caught.value.params["keys"].split(", ") == [key.name for key in SETTING_KEYS]


@pytest.mark.parametrize("key", ["third_place", "final", "scoring", "a_failures", "capacity"])
def test_keys_that_shape_the_draw_are_locked_after_it(key: str) -> None:
    value = dict(shown_settings(DEFAULTS))[key]
    with pytest.raises(SettingLockedError):
        apply_setting(DEFAULTS, setting_key(key), "16" if key == "capacity" else value, drawn=True)


@pytest.mark.parametrize(("key", "text"), [("time_limit", "45"), ("tz", "Asia/Tokyo")])
def test_other_keys_may_change_after_the_draw(key: str, text: str) -> None:
    assert dict(shown_settings(apply_setting(DEFAULTS, setting_key(key), text, drawn=True)))[key] == text


def test_shown_values_read_back_as_the_same_settings() -> None:
    chosen = TournamentSettings(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE, ScoringScale.WIN_LOSS, 2, None, 12,
                                60, "Europe/Berlin")
    rebuilt = DEFAULTS
    for key_name, text in shown_settings(chosen):
        rebuilt = apply_setting(rebuilt, setting_key(key_name), text, drawn=False)
    assert rebuilt == chosen


def test_json_round_trip_and_tolerant_reading() -> None:
    chosen = TournamentSettings(third_place=ThirdPlace.PLAYOFF, capacity=8, time_limit=None, timezone="UTC")
    assert TournamentSettings.from_json(chosen.to_json()) == chosen
    damaged = chosen.to_json() | {"third_place": "sometimes", "capacity": "eight", "unknown": 1}
    assert TournamentSettings.from_json(damaged) == TournamentSettings(timezone="UTC")
    assert TournamentSettings.from_json({}, timezone="Asia/Tokyo").timezone == "Asia/Tokyo"


def test_variant_and_bracket_options() -> None:
    chosen = TournamentSettings(third_place=ThirdPlace.PLAYOFF, final=FinalFormat.BEST_OF_THREE,
                                scoring=ScoringScale.SCALE_28, a_failure_limit=2)
    assert chosen.bracket_options() == BracketOptions(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE)
    variant = chosen.variant()
    assert (variant.scoring, variant.a_failure_limit) == (ScoringScale.SCALE_28, 2)


def test_the_tiebreak_setting_reaches_the_variant_and_survives_storage() -> None:
    chosen = apply_setting(DEFAULTS, setting_key("tiebreak"), "wins level_difference", drawn=False)
    assert chosen.variant().ranking == (RankingCriterion.POINTS, RankingCriterion.WINS,
                                        RankingCriterion.LEVEL_DIFFERENCE, RankingCriterion.LOT)
    assert TournamentSettings.from_json(chosen.to_json()) == chosen
    assert DEFAULTS.variant().ranking is None
    with pytest.raises(SettingLockedError):
        apply_setting(DEFAULTS, setting_key("tiebreak"), "wins", drawn=True)


def test_equal_levels_is_the_variants_tie_break_and_draw_by_default() -> None:
    assert DEFAULTS.variant().tie_break is TieBreak.DRAW
    chosen = apply_setting(DEFAULTS, setting_key("equal_levels"), "last_deal", drawn=False)
    assert chosen.variant().tie_break is TieBreak.LAST_DEAL_FIRST
    assert TournamentSettings.from_json(chosen.to_json()) == chosen
    assert dict(shown_settings(chosen))["equal_levels"] == "last_deal"


def test_tribute_off_reaches_the_variant_and_may_change_after_the_draw() -> None:
    assert DEFAULTS.variant().tribute is True
    chosen = apply_setting(DEFAULTS, setting_key("tribute"), "off", drawn=True)  # a playing rule, not the draw's
    assert chosen.variant().tribute is False
    assert TournamentSettings.from_json(chosen.to_json()) == chosen
    assert TournamentSettings.from_json({}).tribute is True  # a tournament stored before the key plays with tribute
    assert dict(shown_settings(chosen))["tribute"] == "off"
