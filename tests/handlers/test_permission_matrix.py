"""Every command × every kind of caller, in a group whose tournament has been drawn (two tables, a referee, a
pending report at table 1): allowed, or refused for who they are or where they ask.

"Refused" means one of the permission answers (not an organiser, not a referee, not at this table, groups only,
no tournament in this chat) and nothing changed; "allowed" means the command got past every permission check (it
may still answer that the state does not allow it, e.g. ``/mode`` after the draw). Driven through the dispatcher
(``tests.support.dispatched``): who may do what is the commands' decision, the same on every platform.
"""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.i18n import Language, t
from bot.richtext import to_plain
from bot.ruleset.scoring import Side
from bot.services.caller import ChatUser
from bot.services.tournament.state import read_state
from bot.tournament.matches import Match
from tests.handlers.tournament_helpers import fingerprint
from tests.support.dispatched import Chat, DispatchedBot

ROLES = ("organiser", "referee", "player at the table", "player elsewhere", "outsider", "other chat",
         "private chat")
GROUP = Chat.group(-4_000_123, "周五掼蛋")
OTHER_GROUP = Chat.group(-4_000_998, "隔壁群")
ORGANISER = ChatUser(101, "老王", "laowang", "zh-hans")
OUTSIDER = ChatUser(202, "Lily", "lily", "en")
REFEREE = ChatUser(3100, "裁判", "caipan")
PLAYERS = tuple(ChatUser(3000 + number, f"选手{number}", None, "zh") for number in range(1, 9))


def refusal_texts() -> tuple[str, ...]:
    zh = Language.ZH
    return tuple(to_plain(text) for text in (
        t("roles.not_organiser", zh), t("roles.not_referee", zh), t("registry.groups_only", zh),
        t("tournament.none_open", zh), t("tournament.none_yet", zh), "你不在这张桌比赛",
        t("print.which_tournament", zh), t("print.unknown_tournament", zh, id=1),
    ))


A = "allow"
D = "deny"
# Columns as in ROLES. Table 1 has a report from its left pair waiting; "player at the table" is its right pair.
MATRIX: dict[str, tuple[str, ...]] = {
    "/start": (A, A, A, A, A, A, A),
    "/help": (A, A, A, A, A, A, A),
    "/play S3 D3 C3": (A, A, A, A, A, A, A),
    "/rule 抗贡": (A, A, A, A, A, A, A),
    "/lang": (A, D, D, D, D, A, A),
    "/lang en": (A, D, D, D, D, A, A),
    "/name": (A, A, A, A, A, A, A),
    "/name 小王": (A, A, A, A, A, A, A),
    "/entries": (A, A, A, A, A, D, D),
    "/tables": (A, A, A, A, A, D, D),
    "/pair 1": (A, A, A, A, A, D, D),
    "/bracket": (A, A, A, A, A, D, D),
    "/standings": (A, A, A, A, A, D, D),
    "/settings": (A, A, A, A, A, D, D),
    "/referee": (A, A, A, A, A, D, D),
    "/export": (A, A, A, A, A, D, D),
    "/print tables": (A, A, D, D, D, D, D),
    # By the tournament's number (#1: the drawn one): in a private chat too, for the group's officials only.
    "/print #1 tables": (A, A, D, D, D, D, A),
    "/result 1 K A+": (A, A, A, D, D, D, D),
    "/confirm 1": (A, A, A, D, D, D, D),
    "/dispute 1": (A, A, A, D, D, D, D),
    "/signup": (A, A, A, A, A, D, D),
    "/accept": (A, A, A, A, A, D, D),
    "/withdraw": (A, A, A, A, A, D, D),
    "/new 新杯": (A, D, D, D, D, A, D),
    "/mode mixed": (A, D, D, D, D, D, D),
    "/set final bo3": (A, D, D, D, D, D, D),
    "/draw": (A, D, D, D, D, D, D),
    "/cancel 周五杯": (A, D, D, D, D, D, D),
    "/referee @lily": (A, D, D, D, D, D, D),
    "/signup 张三 李四": (A, D, D, D, D, D, D),
    "/withdraw 选手1": (A, D, D, D, D, D, D),
    "/schedule": (A, A, A, A, A, D, D),
    "/schedule 2 2030-01-05 10:00": (A, D, D, D, D, D, D),
    "/here": (A, A, A, A, A, D, D),
    "/import": (A, D, D, D, D, A, D),  # an organiser elsewhere hears how to send a roster file
    "/notice": (A, A, A, A, A, D, D),  # no notice attached yet: everyone hears so
    "/notice 第一条 每局限时50分钟。": (A, D, D, D, D, D, D),
    "/notice remove": (A, D, D, D, D, D, D),
    "/levelup 1 3": (A, A, A, A, A, A, A),
    "/tribute N S E W": (A, A, A, A, A, A, A),
    "/score K A+": (A, A, A, A, A, A, A),
    "/mytable": (A, A, A, A, A, D, D),
    "/web": (A, A, A, A, A, D, A),  # in a private chat: the caller's own tournaments (none here)
    "/web tables": (A, D, D, D, D, D, D),
    "/web off": (A, D, D, D, D, D, D),
    # Everyone may claim (选手1 has an account: nothing to claim); in another group, a name its club knows.
    "/claim 选手1": (A, A, A, A, A, A, D),
    "/rename 选手1 选手九": (A, D, D, D, D, D, D),
    "/gender 选手1 女": (A, D, D, D, D, D, D),
    "/unit 选手1 财务处": (A, D, D, D, D, D, D),
    "/undraw": (A, D, D, D, D, D, D),
    "/substitute 选手1 选手2": (A, D, D, D, D, D, D),
    "/reinstate 选手1": (A, D, D, D, D, D, D),
    "/swap 选手1 选手2": (A, D, D, D, D, D, D),
    # The club's season: shown to everyone in a group (another group has its own, empty); changed by organisers.
    "/ladder": (A, A, A, A, A, A, D),
    "/ladder export": (A, A, A, A, A, A, D),
    "/rating 选手1": (A, A, A, A, A, A, D),
    "/season": (A, A, A, A, A, A, D),
    "/season new 春季赛": (A, D, D, D, D, A, D),
    "/members": (A, A, A, A, A, A, D),
    "/member rename 选手1 选手九": (A, D, D, D, D, A, D),
    "/tournaments": (A, A, A, A, A, A, D),
}


def test_the_matrix_covers_every_command() -> None:
    from handlers.commands import COMMANDS

    covered = {line.split()[0].removeprefix("/") for line in MATRIX}
    assert covered == {spec.name for spec in COMMANDS}


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[DispatchedBot]:
    async with DispatchedBot.running(Settings(db_path=tmp_path / "bot.sqlite3"), clock=ManualClock()) as running:
        running.set_admins(GROUP, ORGANISER)
        running.set_admins(OTHER_GROUP, ORGANISER)
        yield running


def seated(match: Match, side: Side) -> ChatUser:
    team = match.team(side)
    assert team is not None
    return next(player for player in PLAYERS if f"tg:{player.user_id}" == team.members[0])


async def drawn_tournament(bot: DispatchedBot) -> tuple[ChatUser, ChatUser]:
    """The player waiting to confirm at table 1 and a player of table 2."""
    await bot.say(GROUP, ORGANISER, "/new 周五杯")
    for player in PLAYERS:
        await bot.say(GROUP, player, "/signup")
    await bot.say(GROUP, REFEREE, "/help")  # the bot has now seen @caipan
    await bot.say(GROUP, ORGANISER, "/referee @caipan")
    await bot.say(GROUP, ORGANISER, "/draw")
    state = await read_state(bot.services, GROUP.chat_id)
    tables: dict[int, Match] = {match.table or 0: match for match in state.require_bracket().playable()}
    assert await bot.say(GROUP, seated(tables[1], Side.LEFT), "/result 1 K A")
    return seated(tables[1], Side.RIGHT), seated(tables[2], Side.LEFT)


@pytest.mark.parametrize("line", sorted(MATRIX))
async def test_permissions(bot: DispatchedBot, line: str) -> None:
    at_table, elsewhere = await drawn_tournament(bot)
    speakers: dict[str, tuple[Chat, ChatUser]] = {
        "organiser": (GROUP, ORGANISER),
        "referee": (GROUP, REFEREE),
        "player at the table": (GROUP, at_table),
        "player elsewhere": (GROUP, elsewhere),
        "outsider": (GROUP, OUTSIDER),
        "other chat": (OTHER_GROUP, ORGANISER),
        "private chat": (Chat.private(ORGANISER), ORGANISER),
    }
    refusals = refusal_texts()
    outcomes: dict[str, str] = {}
    # The least privileged first: a change allowed to an organiser or referee must not decide what the others see.
    for role in reversed(ROLES):
        chat, speaker = speakers[role]
        before = await fingerprint(bot.services.storage)
        replies = await bot.say(chat, speaker, line)
        assert replies, (line, role)  # every command answers, allowed or not
        refused = any(refusal in text for text in replies for refusal in refusals)
        if refused:
            assert await fingerprint(bot.services.storage) == before, (line, role)
        outcomes[role] = D if refused else A
    assert outcomes == dict(zip(ROLES, MATRIX[line], strict=True))
