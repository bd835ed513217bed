"""Reading the arguments of the tournament commands into the services' values.

Bad input raises a :class:`UsageError` leaf whose text shows an example (the error handler adds the command's usage
line)."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.errors import UsageError
from bot.ruleset.scoring import MatchLevel, Side, UnknownLevelError, WinnerContradictsLevelsError, WinnerNeededError
from bot.services.tournament.results import TableRef
from bot.services.tournament.signup import Partner, SignUpRequest
from bot.tournament.entries import Gender, RegistrationMode, UnknownGenderError, UnknownModeError
from bot.tournament.outcome import BothPassedAError, Outcome, OwnResult, WhoWon
from handlers.arguments import MissingArgument, TooManyArguments, at_most
from handlers.invocation import Mentioned

MAX_TABLE = 100_000
_TABLE = re.compile(r"^(?:r?(?P<round>\d{1,3})[-.:/t])?(?P<table>\d{1,6})$")
_USERNAME = re.compile(r"^@(?P<name>[A-Za-z0-9_]{1,32})$")
_FORFEIT_WORDS = frozenset({"forfeit", "ff", "弃权"})
_WON_WORDS = frozenset({"赢", "胜", "赢了", "won", "win", "we-won"})
_LOST_WORDS = frozenset({"输", "负", "输了", "lost", "lose", "we-lost"})
_CONFIRM_WORDS = frozenset({"confirm", "confirmed", "确认", "确定"})
_UNIT_PREFIXES = ("unit=", "unit:", "单位=", "单位:", "部门=", "部门:")
_SIDE_WORDS = {"left": Side.LEFT, "l": Side.LEFT, "左": Side.LEFT, "right": Side.RIGHT, "r": Side.RIGHT,
               "右": Side.RIGHT}


class BadTableError(UsageError):
    key = "tables.bad_table"


class BadTournamentIdError(UsageError):
    key = "club.bad_tournament_id"


class NoSuchTableError(UsageError):
    key = "tables.no_such_table"


class BadLevelError(UsageError):
    key = "tables.bad_level"


class BadSideError(UsageError):
    key = "tables.bad_side"


class WinnerMissingError(UsageError):
    key = "tables.winner_missing"


class WinnerContradictionError(UsageError):
    key = "tables.winner_contradiction"


class OwnResultContradictionError(UsageError):
    """``/result 3 赢 K A+``: a pair that won cannot end on the lower level (nor lose on the higher)."""

    key = "tables.own_result_contradiction"


class BadModeError(UsageError):
    key = "tournament.bad_mode"


class BadUsernameError(UsageError):
    key = "signup.bad_username"


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:39] + "…"


def parse_tournament_id(text: str) -> int:
    """``#12``: tournament 12 of the group, as ``/tournaments`` and the export folders number them."""
    digits = text.strip().removeprefix("#")
    if not digits.isascii() or not digits.isdecimal() or not 0 < int(digits) < 2**62:
        raise BadTournamentIdError(value=_short(text))
    return int(digits)


def parse_table(text: str) -> TableRef:
    """``3`` (a table of the current round) or ``1-3`` / ``1.3`` / ``r1t3`` (round 1, table 3)."""
    found = _TABLE.match(text.strip().lower())
    if found is None or not text.isascii():
        raise BadTableError(value=_short(text))
    table = int(found["table"])
    round_number = None if found["round"] is None else int(found["round"])
    if not 1 <= table <= MAX_TABLE or round_number == 0:
        raise BadTableError(value=_short(text))
    return TableRef(table, round_number)


def _side(text: str) -> Side:
    side = _SIDE_WORDS.get(text.casefold())
    if side is None:
        raise BadSideError(value=_short(text))
    return side


def _level(text: str) -> MatchLevel:
    try:
        return MatchLevel.parse(text)
    except UnknownLevelError:
        raise BadLevelError(level=_short(text)) from None


def parse_outcome(words: tuple[str, ...]) -> Outcome:
    """``<left> <right> [left|right]`` (final levels, the left pair's first) or ``forfeit left|right|both``."""
    if len(words) < 2:
        raise MissingArgument()
    if words[0].casefold() in _FORFEIT_WORDS:
        at_most(words, 2)
        if words[1].casefold() in {"both", "双方", "all"}:
            return Outcome.double_forfeit()
        return Outcome.forfeit(_side(words[1]))
    at_most(words, 3)
    left, right = _level(words[0]), _level(words[1])
    if left.passed_a and right.passed_a:
        raise BothPassedAError()  # not "add the winner": no match ends with both pairs past A
    stated = _side(words[2]) if len(words) == 3 else None
    try:
        return Outcome.played(left, right, stated)
    except WinnerNeededError:
        raise WinnerMissingError(level=str(left)) from None
    except WinnerContradictsLevelsError:
        raise WinnerContradictionError(left=str(left), right=str(right)) from None


_DRAW_WORDS = frozenset({"draw", "平", "平局", "和"})


def parse_outcome_or_draw(words: tuple[str, ...]) -> Outcome:
    """:func:`parse_outcome`, where equal levels with no winner named are a draw.

    Also with ``draw`` / 平局: what a Swiss or group round records. A knockout refuses a draw with the reply it always
    gave (:class:`WinnerMissingError`, raised where the refusal is mapped)."""
    if len(words) in (2, 3) and words[0].casefold() not in _FORFEIT_WORDS:
        stated = words[2] if len(words) == 3 else None
        if stated is None or stated.casefold() in _DRAW_WORDS:
            left, right = _level(words[0]), _level(words[1])
            if left.value == right.value:
                return Outcome.draw(left)
            if stated is not None:
                raise WinnerContradictionError(left=str(left), right=str(right))
    return parse_outcome(words)


def is_confirmation(word: str) -> bool:
    """``confirm`` (also 确认): go ahead with what the bot asked about."""
    return word.casefold() in _CONFIRM_WORDS


def parse_result(words: tuple[str, ...]) -> tuple[Outcome | OwnResult | WhoWon, bool]:
    """What follows the table in ``/result``.

    An outcome (:func:`parse_outcome_or_draw`), or the reporter's own side's result (``赢 A+ K`` / ``won A+ K``: we won,
    our level first; ``输 K A+`` / ``lost K A+``), or ``赢``/``输`` alone (the answer to "who won?" after two mirrored
    reports); and whether it ends with ``confirm`` (an organiser's correction after the champion was announced)."""
    confirmed = bool(words) and words[-1].casefold() in _CONFIRM_WORDS
    if confirmed:
        words = words[:-1]
    if len(words) == 1 and words[0].casefold() in _WON_WORDS | _LOST_WORDS:
        return WhoWon(won=words[0].casefold() in _WON_WORDS), confirmed
    if words and words[0].casefold() in _WON_WORDS | _LOST_WORDS:
        return parse_own_result(words), confirmed
    return parse_outcome_or_draw(words), confirmed


def parse_own_result(words: tuple[str, ...]) -> OwnResult:
    """``赢 A+ K`` (we won; our final level first, then theirs) or ``输 K A+`` (we lost)."""
    if len(words) < 3:
        raise MissingArgument()
    at_most(words, 3)
    won = words[0].casefold() in _WON_WORDS
    own, theirs = _level(words[1]), _level(words[2])
    if (own.value < theirs.value) if won else (own.value > theirs.value):
        raise OwnResultContradictionError(word=_short(words[0]), own=str(own), theirs=str(theirs))
    return OwnResult(won, own, theirs)


def unit_of(args: tuple[str, ...]) -> tuple[tuple[str, ...], str | None]:
    """``unit=财务处`` (also ``单位=``) taken out of the arguments: the other arguments and the unit."""
    rest: list[str] = []
    unit = None
    for word in args:
        folded = word.casefold()
        prefix = next((prefix for prefix in _UNIT_PREFIXES if folded.startswith(prefix)), None)
        if prefix is None:
            rest.append(word)
        else:
            unit = word[len(prefix):] or None
    return tuple(rest), unit


def parse_mode(text: str) -> RegistrationMode:
    try:
        return RegistrationMode.parse(text)
    except UnknownModeError:
        raise BadModeError(mode=_short(text)) from None


def _gender(text: str) -> Gender | None:
    try:
        return Gender.parse(text)
    except UnknownGenderError:
        return None


def username_of(text: str) -> str:
    """``@name`` → ``name``; anything else is :class:`BadUsernameError`."""
    found = _USERNAME.match(text)
    if found is None:
        raise BadUsernameError(value=_short(text))
    return found["name"]


def partner_of(mentioned: Mentioned) -> Partner:
    """The person a message points at, as the partner ``/signup`` invites."""
    user = mentioned.user
    return Partner(user.user_id, user.username, user.display_name, mentioned.is_bot)


def parse_signup(args: tuple[str, ...], mentioned: Mentioned | None) -> SignUpRequest:
    """Every form of ``/signup`` (see ``bot.services.tournament.signup``):

    ``/signup`` (alone; as a reply: invite the replied-to author), ``/signup @partner``, ``/signup m`` (and
    ``f 男 女 male female``), organisers ``/signup 张三 李四`` (a pair), ``/signup 张三`` and ``/signup 张三 m`` (also
    written ``/signup m 张三``); ``unit=财务处`` anywhere gives the people signed up (or the caller) a unit.
    """
    if mentioned is not None and (mentioned.inline or not args):
        # The mention's words are the partner's name; a unit= among them is kept, to be refused with the reason.
        return SignUpRequest(partner=partner_of(mentioned), unit=unit_of(args)[1])
    args, unit = unit_of(args)
    return replace(_parse_signup(args), unit=unit)


def _parse_signup(args: tuple[str, ...]) -> SignUpRequest:
    at_most(args, 2)
    if not args:
        return SignUpRequest()
    first = args[0]
    if len(args) == 1:
        if first.startswith("@"):
            name = username_of(first)
            return SignUpRequest(partner=Partner(None, name, "@" + name))
        gender = _gender(first)
        if gender is not None:
            return SignUpRequest(gender=gender)
        return SignUpRequest(names=(first,))
    if first.startswith("@") or args[1].startswith("@"):
        raise TooManyArguments(extra=_short(args[1]))
    gender = _gender(args[1])
    if gender is not None:
        return SignUpRequest(names=(first,), gender=gender)
    gender = _gender(first)
    if gender is not None:  # the gender first (/signup 女 刘奶奶): read as /signup 刘奶奶 女
        return SignUpRequest(names=(args[1],), gender=gender)
    return SignUpRequest(names=args)
