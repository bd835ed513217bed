"""The club through the chat: /members, /member rename|merge|unit, /rating, /season boundaries and rules, /ladder,
/tournaments; bad input changes nothing."""

from __future__ import annotations

import csv
import io
import random
import re

from bot.clock import ManualClock
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def knockout(club: Club, name: str, *entries: str, singles: int = 0, seed: int = 1) -> None:
    await club.say(club.admin, f"/new {name}")
    for entry in entries:
        await club.say(club.admin, f"/signup {entry}")
    if singles:
        await club.sign_up_singles(singles)
    await club.say(club.admin, "/draw")
    await club.play_to_the_end(random.Random(seed), by_players=False)


async def ladder_rows(club: Club) -> list[list[str]]:
    [document] = [call for call in await club.calls(club.member, "/ladder export") if call.kind == "file"]
    return list(csv.reader(io.StringIO(document.content.decode("utf-8-sig"))))[1:]


async def test_members_rename_merge_unit_and_rating(club: Club) -> None:
    await knockout(club, "一号杯", "张叁 李四", "王五 赵六")
    await knockout(club, "二号杯", "张三 李四", "王五 赵六", seed=2)
    [listed] = await club.say(club.member, "/members")
    assert "张叁" in listed and "张三" in listed and "未绑定" in listed or "no account" in listed
    [merged] = await club.say(club.admin, "/member merge 张三 张叁")
    assert "张叁" in merged and "张三" in merged
    [listed] = await club.say(club.member, "/members")
    assert "张叁" not in listed and "2 次比赛" in listed or "2 events" in listed
    [rating] = await club.say(club.member, "/rating 张叁")  # the folded spelling still finds the member
    assert "2 局" in rating or "2 tables" in rating
    [renamed] = await club.say(club.admin, "/member rename 张三 张老三")
    assert "张老三" in renamed
    [unit] = await club.say(club.admin, "/member unit 张老三 财务处")
    assert "财务处" in unit
    [listed] = await club.say(club.member, "/members")
    assert "张老三" in listed and "财务处" in listed
    names = [row[1] for row in await ladder_rows(club)]
    assert "张老三" in names and "张叁" not in names and len(names) == 4


async def test_bad_member_input_changes_nothing(club: Club) -> None:
    await knockout(club, "一号杯", "张三 李四", "王五 赵六")
    before = await club.fingerprint()
    [unknown] = await club.say(club.admin, "/member merge 张三 没有这人")
    assert "没有这人" in unknown
    [same] = await club.say(club.admin, "/member merge 张三 张三")
    assert "张三" in same
    [usage] = await club.say(club.admin, "/member frobnicate")
    assert "/member rename" in usage
    [refused] = await club.say(club.member, "/member rename 张三 李三")
    assert "张三" not in refused or "organis" in refused.lower() or "组织者" in refused
    [bad_table] = await club.say(club.admin, "/season points table 10,x,3")
    assert "10,x,3" in bad_table
    [bad_best] = await club.say(club.admin, "/season best 0")
    assert "0" in bad_best
    [no_id] = await club.say(club.admin, "/result #99 1-1 K A+")
    assert "#99" in no_id
    [bad_id] = await club.say(club.admin, "/result #x 1-1 K A+")
    assert "#x" in bad_id
    assert await club.fingerprint() == before


async def test_season_boundaries_rules_and_the_calendar_year(club: Club, clock: ManualClock) -> None:
    await knockout(club, "一号杯", "张三 李四", "王五 赵六")
    clock.advance(days=1)
    [started] = await club.say(club.admin, "/season new 春季赛")
    assert "春季赛" in started
    [again] = await club.say(club.admin, "/season new 夏季赛")
    assert "春季赛" in again  # one season open at a time
    [empty] = await club.say(club.member, "/ladder")
    assert "春季赛" in empty  # the first tournament ended before the season began
    clock.advance(days=1)
    await knockout(club, "二号杯", "张三 王五", "李四 赵六", "甲 乙", "丙 丁", seed=3)
    rows = await ladder_rows(club)
    assert sorted(int(row[2]) for row in rows) == [1, 1, 1, 1, 3, 3, 4, 4]
    [shown] = await club.say(club.member, "/season")
    assert "春季赛" in shown and "1" in shown
    await club.say(club.admin, "/season points table 10,6,3")
    rows = await ladder_rows(club)
    assert sorted(int(row[2]) for row in rows) == [3, 3, 3, 3, 6, 6, 10, 10]
    [ended] = await club.say(club.admin, "/season end")
    assert "春季赛" in ended
    clock.advance(days=1)
    await knockout(club, "三号杯", "张三 李四", "王五 赵六", seed=4)
    rows = await ladder_rows(club)  # the calendar year again: all three tournaments
    events = {row[1]: int(row[3]) for row in rows}
    assert events["张三"] == 3 and events["甲"] == 1
    clock.advance(days=365)
    [next_year] = await club.say(club.member, "/ladder")
    assert "2027" in next_year
    [tournaments] = await club.say(club.member, "/tournaments")
    assert tournaments.index("#3") < tournaments.index("#2") < tournaments.index("#1")
    assert "三号杯" in tournaments and "冠军" in tournaments


async def test_season_best_counts_only_the_best_results(club: Club) -> None:
    await club.say(club.admin, "/season new 全年")
    await club.say(club.admin, "/season best 1")
    await knockout(club, "一号杯", "张三 李四", "王五 赵六", "甲 乙", "丙 丁")
    await knockout(club, "二号杯", "张三 李四", "王五 赵六", "甲 乙", "丙 丁", seed=5)
    rows = await ladder_rows(club)
    assert all(int(row[2]) <= 4 and int(row[3]) == 2 for row in rows)
    assert max(int(row[2]) for row in rows) == 4


async def test_export_adds_ladder_csv_while_the_group_keeps_a_season(club: Club) -> None:
    await knockout(club, "一号杯", "张三 李四", "王五 赵六")
    names = [call.file_name for call in await club.calls(club.member, "/export")
             if call.kind == "file"]
    assert "ladder.csv" not in names
    await club.say(club.admin, "/season new 春季赛")
    names = [call.file_name for call in await club.calls(club.member, "/export")
             if call.kind == "file"]
    assert names[-1] == "ladder.csv" and len(names) == 5


async def test_seeding_by_rating_is_drawn_recorded_and_verified(club: Club) -> None:
    import json

    from bot.services.season import read_club
    from bot.tournament.draw_file import verify

    await knockout(club, "一号杯", "张三 李四", "王五 赵六", "甲 乙", "丙 丁", seed=7)
    await club.say(club.admin, "/new 二号杯")
    [seeding] = await club.say(club.admin, "/set seeding rating")
    assert "rating" in seeding or "等级分" in seeding
    for entry in ("张三 李四", "王五 赵六", "甲 乙", "丙 丁"):
        await club.say(club.admin, f"/signup {entry}")
    calls = await club.calls(club.admin, "/draw")
    [document] = [call for call in calls
                  if call.kind == "file" and call.file_name.endswith(".json")]
    drawn = json.loads(document.content)
    assert drawn["seeding"]["by"] == "rating"
    assert verify(document.content).matches
    # The two pairs that met in the first tournament's final are the strongest: they can meet only in the final.
    first = (await club.state())
    ratings = drawn["seeding"]["ratings"]
    strengths = sorted(((sum(ratings[key] for key in team.members), team.team_id) for team in first.teams),
                       reverse=True)
    lines = [None if team is None else team.team_id for team in first.require_bracket().lines]
    top, second = strengths[0][1], strengths[1][1]
    assert lines.index(top) < 2 <= lines.index(second)
    club_now = await read_club(club.bot.services, club.chat_id)
    assert ratings["name:张三"] == round(club_now.rating("name:张三").ordinal * 1_000_000) != 0


async def test_units_and_genders_carry_over_as_defaults(club: Club) -> None:
    await club.say(club.admin, "/new 一号杯")
    await club.say(club.admin, "/signup 张三 李四 unit=财务处")
    await club.say(club.admin, "/gender 张三 男")
    await club.say(club.admin, "/cancel 一号杯")
    await club.say(club.admin, "/new 二号杯")
    await club.say(club.admin, "/signup 张三 王五")
    await club.say(club.admin, "/signup 李四 赵六 unit=工会")
    people = {person.name: person for person in (await club.state()).people().values()}
    assert people["张三"].unit == "财务处" and people["张三"].gender is not None
    assert people["王五"].unit is None and people["李四"].unit == "工会"  # what is typed wins


async def test_the_club_notice_is_attached_to_every_new_tournament(club: Club) -> None:
    notice = "一、比赛时间\n每局限时50分钟，时间到以级数高者胜。\n二、进贡\n本次比赛不进贡。"
    [none] = await club.say(club.member, "/notice club")
    assert "还没有" in none
    before = await club.fingerprint()
    [refused] = await club.say(club.member, f"/notice club {notice}")
    assert "组织者" in refused and await club.fingerprint() == before
    [saved] = await club.say(club.admin, f"/notice club {notice}")
    assert "2 节" in saved
    await club.say(club.admin, "/new 一号杯")
    [listed] = await club.say(club.member, "/notice show")
    assert "比赛时间" in listed and "进贡" in listed
    [answer] = await club.say(club.member, "/rule 要进贡吗")
    assert "不进贡" in answer
    await club.say(club.admin, "/cancel 一号杯")
    [removed] = await club.say(club.admin, "/notice club remove")
    assert "删除" in removed
    await club.say(club.admin, "/new 二号杯")
    [nothing] = await club.say(club.member, "/notice show")
    assert "比赛时间" not in nothing


async def test_a_name_claimed_once_is_the_account_in_the_next_tournament(club: Club) -> None:
    claimer = club.person(9, "阿三")
    await club.say(club.admin, "/new 一号杯")
    await club.say(club.admin, "/signup 张三 李四")
    await club.say(claimer, "/claim 张三")
    await club.say(club.admin, "/claim 张三 confirm")
    await club.say(club.admin, "/cancel 一号杯")
    await club.say(club.admin, "/new 二号杯")
    await club.say(club.admin, "/signup 张三 王五")
    keys = {person.name: key for key, person in (await club.state()).people().items()}
    assert keys["张三"] == f"tg:{claimer.user_id}"
    [again] = await club.say(claimer, "/signup")
    assert "张三" in again or "已" in again  # already entered, as the account
    assert len([entry for entry in (await club.state()).registration.entries if entry.is_current]) == 1


async def test_a_name_the_club_knows_is_claimed_between_tournaments(club: Club) -> None:
    """No tournament open, or one without the name: /claim reaches the club's people. A member's claim waits for an
    organiser; an organiser's own links at once; either way the name is the account from then on, past and future."""
    await knockout(club, "一号杯", "张三 李四", "王五 赵六")
    claimer = club.person(9, "阿三")
    [waiting] = await club.say(claimer, "/claim 张三")
    assert "阿三" in waiting and "/claim 张三 confirm" in waiting
    [before] = await club.say(club.member, "/members")
    assert re.search("张三 · .+ · 未绑定", before)
    [mine] = await club.say(claimer, "/rating")
    assert "阿三" in mine and "张三" not in mine  # not linked before an organiser confirms: unknown to the club
    [refused] = await club.say(claimer, "/claim 张三 confirm")
    assert "组织者" in refused
    [linked] = await club.say(club.admin, "/claim 张三 confirm")
    assert linked.startswith("🔗") and "张三" in linked and "阿三" in linked
    [again] = await club.say(club.admin, "/claim 张三 confirm")
    assert "张三" in again and not again.startswith("🔗")
    [own] = await club.say(club.admin, "/claim 李四")  # an organiser's own claim: at once
    assert own.startswith("🔗") and "老王" in own
    [unknown] = await club.say(claimer, "/claim 无名氏")
    assert "无名氏" in unknown and not unknown.startswith("🔗")
    [after] = await club.say(club.member, "/members")
    assert re.search("张三 · .+ · 已绑定账号", after) and re.search("李四 · .+ · 已绑定账号", after)
    assert re.search("王五 · .+ · 未绑定", after)
    [mine] = await club.say(claimer, "/rating")
    assert mine.startswith("<b>张三") and "一号杯" in mine  # the name's past results are the account's

    await club.say(club.admin, "/new 二号杯")
    [other] = await club.say(claimer, "/claim 王五")  # a tournament is open, but 王五 is not in it: the club's
    assert "/claim 王五 confirm" in other
    await club.say(club.admin, "/signup 张三 王五")
    keys = {person.name: key for key, person in (await club.state()).people().items()}
    assert keys["张三"] == f"tg:{claimer.user_id}"  # the next tournament enters the name as the account
    [nobody] = await club.say(claimer, "/claim 赵七")  # in neither: the tournament's answer
    assert "赵七" in nobody and not nobody.startswith("🔗")


async def test_help_shows_examples_of_the_club_s_commands(club: Club) -> None:
    for command, example in (("ladder", "<code>/ladder export</code>"), ("rating", "<code>/rating 小红</code>"),
                             ("season", "<code>/season best 8</code>"), ("members", "<code>/members</code>"),
                             ("member", "<code>/member merge 张三 张叁</code>"),
                             ("tournaments", "<code>/result #12 2-3 K A+</code>"),
                             ("claim", "<code>/claim 小红 confirm</code>")):
        [shown] = await club.say(club.admin, f"/help {command}")
        assert "<b>例子：</b>" in shown and example in shown, command



async def test_the_ladder_of_a_season_by_its_name_or_a_year(club: Club, clock: ManualClock) -> None:
    """After /season end the season's table is still there by its name; a year gives that calendar year's."""
    year = clock().year
    clock.advance(days=1)
    await club.say(club.admin, "/season new Spring Cup")
    await knockout(club, "一号杯", "张三 李四", "王五 赵六")
    clock.advance(hours=1)
    await club.say(club.admin, "/season end")
    clock.advance(days=1)
    await knockout(club, "二号杯", "甲 乙", "丙 丁", seed=2)
    spring = "\n".join(await club.say(club.member, "/ladder spring  cup"))  # any case, spaces as typed
    assert "Spring Cup" in spring and "张三" in spring and "甲" not in spring
    [document] = [call for call in await club.calls(club.member, "/ladder Spring Cup export")
                  if call.kind == "file"]
    rows = list(csv.reader(io.StringIO(document.content.decode("utf-8-sig"))))[1:]
    assert sorted(row[1] for row in rows) == ["张三", "李四", "王五", "赵六"]
    this_year = "\n".join(await club.say(club.member, f"/ladder {year}"))
    assert str(year) in this_year and "张三" in this_year and "甲" in this_year
    last_year = "\n".join(await club.say(club.member, f"/ladder {year - 1}"))
    assert str(year - 1) in last_year and "张三" not in last_year
    [unknown] = await club.say(club.member, "/ladder 夏季赛")
    assert "夏季赛" in unknown and "Spring Cup" in unknown
