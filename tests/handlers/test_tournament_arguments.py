import pytest

from bot.errors import UsageError
from bot.services.caller import ChatUser
from bot.services.tournament.results import TableRef
from bot.services.tournament.signup import Partner, SignUpRequest
from bot.tournament.entries import Gender, RegistrationMode
from bot.tournament.outcome import Outcome
from handlers.arguments import MissingArgument, TooManyArguments
from handlers.commands.tournament_arguments import (
    BadLevelError,
    BadModeError,
    BadSideError,
    BadTableError,
    BadUsernameError,
    WinnerContradictionError,
    WinnerMissingError,
    parse_mode,
    parse_outcome,
    parse_signup,
    parse_table,
    username_of,
)
from handlers.invocation import Mentioned

LILY = ChatUser(7, "Lily", "lily")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("3", TableRef(3)), ("12", TableRef(12)), ("1-3", TableRef(3, 1)), ("2.1", TableRef(1, 2)),
     ("r1t3", TableRef(3, 1)), ("R2T4", TableRef(4, 2)), ("1:2", TableRef(2, 1)), ("1/2", TableRef(2, 1))],
)
def test_tables(text: str, expected: TableRef) -> None:
    assert parse_table(text) == expected


@pytest.mark.parametrize("text", ["0", "-1", "x", "３", "1-0x", "0-3", "1--3", "9999999", "t3", "", "桌3"])
def test_bad_tables(text: str) -> None:
    with pytest.raises(BadTableError):
        parse_table(text)


@pytest.mark.parametrize(
    ("words", "expected"),
    [(("K", "A+"), "K A+"), (("a", "a", "left"), "A A left"), (("10", "10", "右"), "10 10 right"),
     (("过A", "2"), "A+ 2"), (("forfeit", "left"), "forfeit left"), (("弃权", "both"), "forfeit both"),
     (("FF", "R"), "forfeit right"), (("打K", "A"), "K A")],
)
def test_outcomes(words: tuple[str, ...], expected: str) -> None:
    assert parse_outcome(words) == Outcome.parse(expected)


@pytest.mark.parametrize(
    ("words", "error"),
    [((), MissingArgument), (("K",), MissingArgument), (("K", "Z"), BadLevelError), (("1", "K"), BadLevelError),
     (("K", "K"), WinnerMissingError), (("A+", "2", "right"), WinnerContradictionError),
     (("K", "A", "up"), BadSideError), (("forfeit", "middle"), BadSideError),
     (("forfeit", "left", "now"), TooManyArguments), (("K", "A", "left", "x"), TooManyArguments),
     (("🀄", "🀄"), BadLevelError)],
)
def test_bad_outcomes(words: tuple[str, ...], error: type[UsageError]) -> None:
    with pytest.raises(error):
        parse_outcome(words)


@pytest.mark.parametrize(
    ("args", "mentioned", "expected"),
    [
        ((), None, SignUpRequest()),
        ((), Mentioned(LILY), SignUpRequest(partner=Partner(7, "lily", "Lily"))),
        (("Lily",), Mentioned(LILY, inline=True), SignUpRequest(partner=Partner(7, "lily", "Lily"))),
        (("@Lily_2",), None, SignUpRequest(partner=Partner(None, "Lily_2", "@Lily_2"))),
        (("m",), None, SignUpRequest(gender=Gender.MALE)),
        (("女",), None, SignUpRequest(gender=Gender.FEMALE)),
        (("female",), Mentioned(LILY), SignUpRequest(gender=Gender.FEMALE)),  # words decide over a reply
        (("张三",), None, SignUpRequest(names=("张三",))),
        (("张三", "李四"), None, SignUpRequest(names=("张三", "李四"))),
        (("张三", "男"), None, SignUpRequest(names=("张三",), gender=Gender.MALE)),
    ],
)
def test_signup_forms(args: tuple[str, ...], mentioned: Mentioned | None, expected: SignUpRequest) -> None:
    assert parse_signup(args, mentioned) == expected


@pytest.mark.parametrize(
    ("args", "error"),
    [(("@bad-name",), BadUsernameError), (("@",), BadUsernameError), (("a", "b", "c"), TooManyArguments),
     (("@lily", "m"), TooManyArguments), (("张三", "@lily"), TooManyArguments)],
)
def test_bad_signups(args: tuple[str, ...], error: type[UsageError]) -> None:
    with pytest.raises(error):
        parse_signup(args, None)


def test_modes_and_usernames() -> None:
    assert parse_mode("男女") is RegistrationMode.MIXED and parse_mode("pairs") is RegistrationMode.PAIRS
    with pytest.raises(BadModeError):
        parse_mode("teams")
    assert username_of("@laowang") == "laowang"
    with pytest.raises(BadUsernameError):
        username_of("laowang")
