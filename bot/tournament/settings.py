"""A tournament's settings and the table of keys ``/set <key> <value>`` understands.

:class:`TournamentSettings` gathers what an organiser may choose: the bracket options (third place, final format),
the rule variant fields a tournament changes (scoring scale, A-failure limit, walkover points), the capacity in
pairs, the time limit per match and the time zone its times are shown in. It is stored as JSON
(:meth:`TournamentSettings.to_json`); reading back is tolerant, so a field added later simply takes its default.

Adding a key (remind, check-in …): add a field with a default to :class:`TournamentSettings` and one
:class:`SettingKey` line to :data:`SETTING_KEYS`, with its locale label ``tournament.setting.<key>``.

The format keys (``format``, ``rounds``, ``groups``, ``advance``; :mod:`bot.tournament.format`) are
:data:`FORMAT_SETTING_KEYS`, part of :data:`SETTING_KEYS`; they shape the draw, so they are set before it.

``tribute`` (进贡) turns tribute between deals off for an event that plays without it (seed 002 安庆).

``equal_levels`` (级数相同) says what equal levels at time mean: a draw in a points stage (the default) or the rule that
names the winner, as the notices differ (seed 002 安庆 and 通州湾: the pair that reached the level first; 篇14: the
pair playing its own level, 主打方; 合肥电大: the pair that took first place in the last deal).

Rules behind the defaults: notice 000 (季军两组 — two shared third places unless a playoff is chosen; 冠亚军三局两胜
is offered as ``final bo3``), notice 002 (级差积分 26 scale; 弃权 16 points), notice 001 (28分制; a pair that does
not come within 15 minutes forfeits and the other pair scores 20), the national rules' 场分 (``scoring 3-2-1``:
win 3, draw 2, loss 1, walkover 3 : 0; NOTES-EVENTS.md). ``walkover`` overrides those defaults.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.errors import TournamentError, UsageError
from bot.ruleset.variants import DEFAULT_VARIANT, RankingCriterion, RuleVariant, ScoringScale, TieBreak
from bot.tournament.bracket import BracketOptions, FinalFormat, ThirdPlace
from bot.tournament.format import DEFAULT_ADVANCE, MAX_ADVANCE, MAX_ROUNDS, FormatOptions, TournamentFormat
from bot.tournament.registration import MIN_CAPACITY
from bot.tournament.round_robin import WithdrawnResults
from bot.tournament.seeding import Seeding

DEFAULT_TIMEZONE = "Asia/Shanghai"
MAX_CAPACITY = 10_000
MIN_TIME_LIMIT, MAX_TIME_LIMIT = 5, 24 * 60
MIN_A_FAILURES, MAX_A_FAILURES = 1, 10
MIN_REMIND, MAX_REMIND, DEFAULT_REMIND = 1, 24 * 60, 30
MIN_CHECKIN, MAX_CHECKIN = 1, 4 * 60
MIN_WALKOVER, MAX_WALKOVER = 0, 28
DEFAULT_WORDS = frozenset({"default", "默认", "auto"})


class UnknownSettingError(UsageError):
    key = "tournament.unknown_setting"


class BadSettingValueError(UsageError):
    key = "tournament.bad_setting_value"


class SettingLockedError(TournamentError):
    """The key shapes the draw or the scores, so it cannot change once the draw is made."""

    key = "tournament.setting_locked"


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    third_place: ThirdPlace = ThirdPlace.SHARED
    final: FinalFormat = FinalFormat.SINGLE
    scoring: ScoringScale = DEFAULT_VARIANT.scoring
    a_failure_limit: int = DEFAULT_VARIANT.a_failure_limit
    walkover_points: int | None = DEFAULT_VARIANT.walkover_points
    capacity: int | None = None
    """Pairs (``bot.tournament.registration``); ``None``: no limit."""
    time_limit: int | None = None
    """Minutes per match; ``None``: play until a pair passes A."""
    timezone: str = DEFAULT_TIMEZONE
    remind: int = DEFAULT_REMIND
    """Minutes before a scheduled round's start that its tables are announced (``bot.match_clock.plan``)."""
    checkin: int | None = None
    """Check-in grace in minutes (seed 000: 15): pairs check in with /here and the missing ones are listed this
    long after the start; ``None``: no check-in."""
    format: TournamentFormat = TournamentFormat.KNOCKOUT
    rounds: int | None = None
    """Swiss rounds; ``None``: ⌈log₂ pairs⌉ (``bot.tournament.format``)."""
    groups: int | None = None
    """Round-robin groups; ``None``: groups of four or five."""
    advance: int = DEFAULT_ADVANCE
    """Pairs of each group that go on to the knockout; 0: the groups are the whole tournament."""
    seeding: Seeding = Seeding.LOT
    """Knockout seeds and Swiss round-1 halves by the pairs' summed ratings, or by lot (``bot.tournament.seeding``)."""
    equal_levels: TieBreak = TieBreak.DRAW
    """What equal levels at time mean: a draw in a points stage (no deciding rule), or the rule that names the
    winner — reached first (安庆, 通州湾), the pair playing its own level (主打方, 篇14), the last deal's first place
    (合肥电大)."""
    tiebreak: str | None = None
    """The standings' order (``points,head_to_head,…``, :class:`RankingCriterion` values); ``None``: the scale's."""
    withdrawn_results: WithdrawnResults = WithdrawnResults.KEEP
    """Round robin: the results against a pair that withdraws within the group stage stay (``keep``) or count for
    nobody (``void``, seed 002: 取消在同一阶段的比赛过程中各队与弃权队比赛的成绩)."""
    tribute: bool = DEFAULT_VARIANT.tribute
    """Tribute is paid between deals (``on``) or not at all, first place leading (``off``; seed 002 安庆:
    本次比赛规则为不进贡)."""

    def variant(self) -> RuleVariant:
        return replace(DEFAULT_VARIANT, scoring=self.scoring, a_failure_limit=self.a_failure_limit,
                       walkover_points=self.walkover_points, ranking=self.ranking(), tie_break=self.equal_levels,
                       tribute=self.tribute)

    def ranking(self) -> tuple[RankingCriterion, ...] | None:
        """The organiser's standings order, ``None`` for the scale's (an unreadable stored word is left out)."""
        if self.tiebreak is None:
            return None
        return tuple(RankingCriterion(word) for word in self.tiebreak.split(",") if word in _CRITERIA_VALUES)

    def bracket_options(self) -> BracketOptions:
        return BracketOptions(third_place=self.third_place, final=self.final)

    def format_options(self) -> FormatOptions:
        return FormatOptions(format=self.format, rounds=self.rounds, groups=self.groups, advance=self.advance)

    def to_json(self) -> dict[str, Any]:
        return {field.name: _plain(getattr(self, field.name)) for field in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, timezone: str = DEFAULT_TIMEZONE) -> TournamentSettings:
        """Read what :meth:`to_json` wrote; a missing or unreadable field takes its default."""
        defaults = cls(timezone=timezone)
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            if field.name in data:
                value = _revive(getattr(defaults, field.name), field.type, data[field.name])
                if value is not _UNREADABLE:
                    values[field.name] = value
        return replace(defaults, **values)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


_UNREADABLE = object()


def _revive(default: Any, annotation: object, stored: Any) -> Any:
    """``stored`` as the field's type, or ``_UNREADABLE`` (annotations are strings: ``int | None`` …)."""
    if isinstance(default, enum.Enum):
        try:
            return type(default)(stored)
        except ValueError:
            return _UNREADABLE
    text = str(annotation)
    if stored is None:
        return None if "None" in text else _UNREADABLE
    for name, kind in (("bool", bool), ("int", int), ("str", str)):
        if name in text and type(stored) is kind:
            return stored
    return _UNREADABLE


@dataclass(frozen=True, slots=True)
class SettingKey:
    """One ``/set`` key: the settings field it writes, how its value is read and shown, and when it may change."""

    name: str
    field: str
    parse: Callable[[str], Any]
    """Raise :class:`BadSettingValueError` (with ``key``, ``value`` and ``expected``)."""
    show: Callable[[Any], str]
    """The value as ``/set`` takes it, so people can copy it."""
    expected: str
    """The accepted values, as the usage line shows them."""
    before_draw_only: bool = False
    aliases: tuple[str, ...] = ()
    """Other names ``/set`` accepts for the key: the Chinese one ``/settings`` shows in a Chinese chat (决赛)."""
    words: bool = False
    """The value may be several words (a list: ``/set tiebreak wins level_difference``)."""


def _bad(key: str, value: str, expected: str) -> BadSettingValueError:
    return BadSettingValueError(key=key, value=value if len(value) <= 40 else value[:39] + "…", expected=expected)


def _choice(key: str, words: Mapping[str, Any]) -> Callable[[str], Any]:
    expected = "|".join(dict.fromkeys(words))

    def parse(text: str) -> Any:
        found = words.get(text.strip().casefold())
        if found is None:
            raise _bad(key, text, expected)
        return found

    return parse


def _number(key: str, low: int, high: int, *, off: bool) -> Callable[[str], int | None]:
    expected = f"{low}–{high}" + ("|off" if off else "")

    def parse(text: str) -> int | None:
        word = text.strip().casefold()
        if off and word in {"off", "none", "no", "关", "关闭", "不限", "无"}:
            return None
        if not word.isascii() or not word.isdigit() or not low <= int(word) <= high:
            raise _bad(key, text, expected)
        return int(word)

    return parse


def _zone(text: str) -> str:
    name = text.strip()
    try:
        if not name or name.startswith(("/", ".")) or ".." in name:
            raise ValueError(name)
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise _bad("tz", text, "Asia/Shanghai, Europe/London …") from None
    return name


def _show_number(value: Any) -> str:
    return "off" if value is None else str(value)


_AUTO_WORDS = frozenset({"auto", "default", "自动", "默认"})


def _number_or_auto(key: str, low: int, high: int) -> Callable[[str], int | None]:
    """A number in ``low … high``, or ``auto`` (``None``: the default for the pairs drawn)."""
    number = _number(key, low, high, off=False)

    def parse(text: str) -> int | None:
        if text.strip().casefold() in _AUTO_WORDS:
            return None
        try:
            return number(text)
        except BadSettingValueError:
            raise _bad(key, text, f"{low}–{high}|auto") from None

    return parse


def _show_auto(value: Any) -> str:
    return "auto" if value is None else str(value)


def _walkover(text: str) -> int | None:
    """Points of a pair whose opponent forfeits, or ``default`` (16 on the 26 scale, 20 on 28, 1 win/loss)."""
    word = text.strip().casefold()
    if word in DEFAULT_WORDS:
        return None
    if not word.isascii() or not word.isdigit() or not MIN_WALKOVER <= int(word) <= MAX_WALKOVER:
        raise _bad("walkover", text, f"{MIN_WALKOVER}–{MAX_WALKOVER}|default")
    return int(word)


def _show_walkover(value: Any) -> str:
    return "default" if value is None else str(value)


_FINAL_WORDS = {FinalFormat.SINGLE: "bo1", FinalFormat.BEST_OF_THREE: "bo3"}
_CRITERIA_VALUES = frozenset(criterion.value for criterion in RankingCriterion)
_CRITERION_WORDS: dict[str, RankingCriterion] = {
    **{criterion.value: criterion for criterion in RankingCriterion},
    "积分": RankingCriterion.POINTS, "总积分": RankingCriterion.POINTS, "场分": RankingCriterion.POINTS,
    "相互胜负": RankingCriterion.HEAD_TO_HEAD, "胜负关系": RankingCriterion.HEAD_TO_HEAD,
    "对手分": RankingCriterion.OPPONENT_POINTS, "胜场": RankingCriterion.WINS, "胜局": RankingCriterion.WINS,
    "净积小分": RankingCriterion.LEVEL_DIFFERENCE, "级差": RankingCriterion.LEVEL_DIFFERENCE,
    "累积小分": RankingCriterion.LEVELS_REACHED, "抽签": RankingCriterion.LOT,
}
_TIEBREAK_EXPECTED = ",".join(criterion.value for criterion in RankingCriterion) + "|default"


_EQUAL_LEVELS_WORDS = {TieBreak.DRAW: "draw", TieBreak.REACHED_FIRST: "first", TieBreak.DECLARER: "leading",
                       TieBreak.LAST_DEAL_FIRST: "last_deal"}


def _tiebreak(text: str) -> str | None:
    """A standings order.

    Criteria (English or Chinese names) separated by commas, spaces, 、 or →; points, if named, first and the lot, if
    named, last (they always are); each once. ``default``: the scale's order."""
    cleaned = text.strip().casefold()
    if cleaned in DEFAULT_WORDS:
        return None
    for separator in ("，", "、", "→", "->", ">", ";", "；", " "):
        cleaned = cleaned.replace(separator, ",")
    words = [word for word in cleaned.split(",") if word]
    criteria = [_CRITERION_WORDS.get(word) for word in words]
    if not criteria or None in criteria or len(set(criteria)) != len(criteria):
        raise _bad("tiebreak", text, _TIEBREAK_EXPECTED)
    if (RankingCriterion.POINTS in criteria and criteria[0] is not RankingCriterion.POINTS) or (
            RankingCriterion.LOT in criteria and criteria[-1] is not RankingCriterion.LOT):
        raise _bad("tiebreak", text, _TIEBREAK_EXPECTED)
    named = [criterion for criterion in criteria if criterion is not None]
    order = [RankingCriterion.POINTS] + [criterion for criterion in named
                                         if criterion not in (RankingCriterion.POINTS, RankingCriterion.LOT)]
    return ",".join(criterion.value for criterion in (*order, RankingCriterion.LOT))


def _show_tiebreak(value: Any) -> str:
    return "default" if value is None else str(value)

SETTING_KEYS: tuple[SettingKey, ...] = (
    SettingKey("third_place", "third_place",
               _choice("third_place", {"playoff": ThirdPlace.PLAYOFF, "shared": ThirdPlace.SHARED,
                                       "季军赛": ThirdPlace.PLAYOFF, "并列": ThirdPlace.SHARED}),
               lambda value: str(_plain(value)), "playoff|shared", before_draw_only=True, aliases=("季军",)),
    SettingKey("final", "final",
               _choice("final", {"bo1": FinalFormat.SINGLE, "bo3": FinalFormat.BEST_OF_THREE,
                                 "一局": FinalFormat.SINGLE, "三局两胜": FinalFormat.BEST_OF_THREE}),
               lambda value: _FINAL_WORDS[value], "bo1|bo3", before_draw_only=True, aliases=("决赛",)),
    SettingKey("scoring", "scoring",
               _choice("scoring", {"26": ScoringScale.SCALE_26, "28": ScoringScale.SCALE_28,
                                   "winloss": ScoringScale.WIN_LOSS, "3-2-1": ScoringScale.MATCH_POINTS,
                                   "胜负": ScoringScale.WIN_LOSS, "场分": ScoringScale.MATCH_POINTS,
                                   "321": ScoringScale.MATCH_POINTS}),
               lambda value: str(_plain(value)), "26|28|winloss|3-2-1", before_draw_only=True,
               aliases=("积分", "计分")),
    SettingKey("walkover", "walkover_points", _walkover, _show_walkover, f"{MIN_WALKOVER}–{MAX_WALKOVER}|default",
               before_draw_only=True, aliases=("弃权分", "不战而胜")),
    SettingKey("time_limit", "time_limit", _number("time_limit", MIN_TIME_LIMIT, MAX_TIME_LIMIT, off=True),
               _show_number, f"{MIN_TIME_LIMIT}–{MAX_TIME_LIMIT}|off", aliases=("限时", "时限")),
    SettingKey("a_failures", "a_failure_limit", _number("a_failures", MIN_A_FAILURES, MAX_A_FAILURES, off=False),
               _show_number, f"{MIN_A_FAILURES}–{MAX_A_FAILURES}", before_draw_only=True,
               aliases=("打a失败", "打a次数")),
    SettingKey("capacity", "capacity", _number("capacity", MIN_CAPACITY, MAX_CAPACITY, off=True),
               _show_number, f"{MIN_CAPACITY}–{MAX_CAPACITY}|off", before_draw_only=True, aliases=("名额", "上限")),
    SettingKey("tz", "timezone", _zone, str, "Asia/Shanghai, Europe/London …", aliases=("时区",)),
    SettingKey("remind", "remind", _number("remind", MIN_REMIND, MAX_REMIND, off=False), _show_number,
               f"{MIN_REMIND}–{MAX_REMIND}", aliases=("提醒",)),
    SettingKey("checkin", "checkin", _number("checkin", MIN_CHECKIN, MAX_CHECKIN, off=True), _show_number,
               f"{MIN_CHECKIN}–{MAX_CHECKIN}|off", aliases=("签到",)),
    SettingKey("seeding", "seeding",
               _choice("seeding", {"lot": Seeding.LOT, "rating": Seeding.RATING, "抽签": Seeding.LOT,
                                   "等级分": Seeding.RATING}),
               lambda value: str(_plain(value)), "lot|rating", before_draw_only=True, aliases=("种子",)),
    SettingKey("equal_levels", "equal_levels",
               _choice("equal_levels", {**{word: rule for rule, word in _EQUAL_LEVELS_WORDS.items()},
                                        "平局": TieBreak.DRAW, "先到": TieBreak.REACHED_FIRST,
                                        "主打方": TieBreak.DECLARER, "末副上游": TieBreak.LAST_DEAL_FIRST}),
               lambda value: _EQUAL_LEVELS_WORDS[value], "draw|first|leading|last_deal", before_draw_only=True,
               aliases=("级数相同", "同级")),
    SettingKey("tiebreak", "tiebreak", _tiebreak, _show_tiebreak, _TIEBREAK_EXPECTED, before_draw_only=True,
               aliases=("排名顺序", "同分", "破同分"), words=True),
    SettingKey("withdrawn_results", "withdrawn_results",
               _choice("withdrawn_results", {"keep": WithdrawnResults.KEEP, "void": WithdrawnResults.VOID,
                                             "保留": WithdrawnResults.KEEP, "取消": WithdrawnResults.VOID,
                                             "作废": WithdrawnResults.VOID}),
               lambda value: str(_plain(value)), "keep|void", before_draw_only=True,
               aliases=("退赛成绩", "弃权成绩")),
    SettingKey("tribute", "tribute",
               _choice("tribute", {"on": True, "off": False, "进贡": True, "不进贡": False, "yes": True, "no": False}),
               lambda value: "on" if value else "off", "on|off", aliases=("进贡",)),
)
FORMAT_SETTING_KEYS: tuple[SettingKey, ...] = (
    SettingKey("format", "format",
               _choice("format", {"knockout": TournamentFormat.KNOCKOUT, "swiss": TournamentFormat.SWISS,
                                  "groups": TournamentFormat.GROUPS, "ko": TournamentFormat.KNOCKOUT,
                                  "淘汰": TournamentFormat.KNOCKOUT, "淘汰赛": TournamentFormat.KNOCKOUT,
                                  "积分": TournamentFormat.SWISS, "积分编排": TournamentFormat.SWISS,
                                  "积分赛": TournamentFormat.SWISS, "瑞士制": TournamentFormat.SWISS,
                                  "group": TournamentFormat.GROUPS, "循环": TournamentFormat.GROUPS,
                                  "循环赛": TournamentFormat.GROUPS, "分组": TournamentFormat.GROUPS,
                                  "小组赛": TournamentFormat.GROUPS, "分组循环": TournamentFormat.GROUPS}),
               lambda value: str(_plain(value)), "knockout|swiss|groups", before_draw_only=True, aliases=("赛制",)),
    SettingKey("rounds", "rounds", _number_or_auto("rounds", 1, MAX_ROUNDS), _show_auto, f"1–{MAX_ROUNDS}|auto",
               before_draw_only=True, aliases=("轮数",)),
    SettingKey("groups", "groups", _number_or_auto("groups", 1, MAX_CAPACITY // 3), _show_auto,
               f"1–{MAX_CAPACITY // 3}|auto", before_draw_only=True, aliases=("小组个数", "小组")),
    SettingKey("advance", "advance", _number("advance", 0, MAX_ADVANCE, off=False), _show_number,
               f"0–{MAX_ADVANCE}", before_draw_only=True, aliases=("出线", "晋级")),
)
"""The format keys (``bot.tournament.format``)."""
SETTING_KEYS += FORMAT_SETTING_KEYS
_BY_NAME = {name: key for key in SETTING_KEYS for name in (key.name, *key.aliases)}


def setting_key(name: str) -> SettingKey:
    """The key called ``name`` (any case); raise :class:`UnknownSettingError`."""
    found = _BY_NAME.get(name.strip().casefold())
    if found is None:
        shown = name if len(name) <= 40 else name[:39] + "…"
        raise UnknownSettingError(key=shown, keys=", ".join(key.name for key in SETTING_KEYS))
    return found


def apply_setting(settings: TournamentSettings, key: SettingKey, text: str, *, drawn: bool) -> TournamentSettings:
    """``settings`` with ``key`` set from ``text``.

    Raise the parse error, or :class:`SettingLockedError` after the draw for keys that shape it."""
    value = key.parse(text)
    if drawn and key.before_draw_only:
        raise SettingLockedError(key=key.name)
    return replace(settings, **{key.field: value})


def shown_settings(settings: TournamentSettings) -> tuple[tuple[str, str], ...]:
    """Every key with its current value, as ``/set`` would take it."""
    return tuple((key.name, key.show(getattr(settings, key.field))) for key in SETTING_KEYS)
