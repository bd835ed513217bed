"""``/ladder``, ``/rating``, ``/season``, ``/members``, ``/member``: the club a group chat is, and its season."""

from __future__ import annotations

from bot.presenters import season as text
from bot.services.season import (
    change_season,
    ladder_pictures,
    ladder_view,
    members_view,
    merge_members,
    rating_view,
    rename_member,
    set_member_unit,
    tournaments_view,
)
from handlers.arguments import at_most
from handlers.invocation import Invocation
from handlers.long_replies import reply_or_file, reply_with_pictures

LADDER_EXPORT = frozenset({"export", "导出", "csv"})
OFF = frozenset({"off", "none", "无", "关闭", "删除"})


async def ladder_command(call: Invocation) -> None:
    """``/ladder [season|year]``: the season's table as a picture and a short text.

    The season shown now, or the one named (``/ladder 春季赛``, ``/ladder 2025``); ``/ladder [season|year] export``
    sends ``ladder.csv``."""
    export = any(arg.lower() in LADDER_EXPORT for arg in call.args)
    season = " ".join(arg for arg in call.args if arg.lower() not in LADDER_EXPORT) or None
    view = await ladder_view(call.services, call.caller, season)
    if export:
        await call.send_document(view.csv(), "ladder.csv",
                                 call.text("club.ladder_csv_caption", season=view.season.name))
        return
    markup = text.ladder_text(view, call.language)
    if not view.rows:
        await call.reply(markup)
        return
    await reply_with_pictures(call, markup, text.ladder_text(view, call.language, None),
                              await ladder_pictures(view, call.language),
                              caption=call.text("club.ladder_caption", season=view.season.name), stem="ladder",
                              file_name="ladder.txt", summary=text.ladder_summary(view, call.language))


async def rating_command(call: Invocation) -> None:
    """``/rating [name]``: a member's rating with mu, sigma, games and the last ten changes.

    Without a name, the caller's own."""
    name = " ".join(call.args) or None
    view = await rating_view(call.services, call.caller, name)
    await call.reply(text.rating_view_text(view, call.language))


async def members_command(call: Invocation) -> None:
    """``/members``: the club's people, best rating first."""
    at_most(call.args, 0)
    club = await members_view(call.services, call.caller)
    await reply_or_file(call, text.members_text(club, call.language), text.members_text(club, call.language, None),
                        file_name="members.txt", summary=call.text("club.members_title", count=len(club.members)))


async def member_command(call: Invocation) -> None:
    """``/member rename <old> <new>``, ``/member merge <name> <name>``, ``/member unit <name> <unit>|off``."""
    args = call.args
    action = args[0].lower() if args else ""
    if action in ("rename", "改名") and len(args) == 3:
        member, new = await rename_member(call.services, call.caller, args[1], args[2])
        await call.reply(text.member_text("member_renamed", call.language, old=member.name, new=new))
    elif action in ("merge", "合并") and len(args) == 3:
        kept, folded = await merge_members(call.services, call.caller, args[1], args[2])
        await call.reply(text.member_text("member_merged", call.language, kept=kept.name, folded=folded.name))
    elif action in ("unit", "单位") and len(args) >= 3:
        unit = " ".join(args[2:])
        member, cleaned = await set_member_unit(call.services, call.caller, args[1],
                                                None if unit.lower() in OFF else unit)
        if cleaned is None:
            await call.reply(text.member_text("member_unit_off", call.language, name=member.name))
        else:
            await call.reply(text.member_text("member_unit", call.language, name=member.name, unit=cleaned))
    else:
        await call.reply(call.text("club.member_usage"))


async def season_command(call: Invocation) -> None:
    """``/season``: the season shown by ``/ladder``.

    Organisers also: ``new <name>``, ``end``, ``points table <p1,p2,…>|default``, ``best <n>|all``."""
    args = call.args
    action = args[0].lower() if args else ""
    if not args:
        view = await ladder_view(call.services, call.caller)
        await call.reply(text.season_text(view, call.language))
        return
    if action in ("new", "新") and len(args) >= 2:
        change = await change_season(call.services, call.caller, "new", " ".join(args[1:]))
    elif action in ("end", "结束") and len(args) == 1:
        change = await change_season(call.services, call.caller, "end")
    elif action in ("points", "积分") and len(args) >= 2:
        words = args[2:] if args[1].lower() in ("table", "表") else args[1:]
        if not words:
            await call.reply(call.text("club.season_usage"))
            return
        change = await change_season(call.services, call.caller, "points", ",".join(words))
    elif action in ("best", "最好") and len(args) == 2:
        change = await change_season(call.services, call.caller, "best", args[1].lower())
    else:
        await call.reply(call.text("club.season_usage"))
        return
    await call.reply(text.season_change_text(change, call.language))


async def tournaments_command(call: Invocation) -> None:
    """``/tournaments`` (赛事列表): the group's tournaments, newest first, with their ids."""
    at_most(call.args, 0)
    club = await tournaments_view(call.services, call.caller)
    await reply_or_file(call, text.tournaments_text(club, call.language),
                        text.tournaments_text(club, call.language, None), file_name="tournaments.txt",
                        summary=call.text("club.tournaments_title", count=len(club.tournaments)))
