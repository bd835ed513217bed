"""THE command table: one line per command, in the order help and menus list them.

``read_only=True`` marks the commands that only show something (a repeat within a minute with the same answer gets a
pointer in a group: ``handlers.telegram.quiet``); ``/export`` is deliberately not one: it always sends its files."""

from __future__ import annotations

from handlers.commands.clock.schedule import here_command, schedule_command
from handlers.commands.club.ladder import (
    ladder_command,
    member_command,
    members_command,
    rating_command,
    season_command,
    tournaments_command,
)
from handlers.commands.draw.draw import (
    bracket_command,
    draw_command,
    export_command,
    pair_command,
    standings_command,
    tables_command,
    undraw_command,
)
from handlers.commands.entries.edits import (
    claim_command,
    gender_command,
    rename_command,
    substitute_command,
    unit_command,
)
from handlers.commands.entries.roster import import_command
from handlers.commands.entries.signup import (
    accept_command,
    entries_command,
    reinstate_command,
    signup_command,
    swap_command,
    withdraw_command,
)
from handlers.commands.people.help import help_command, start_command
from handlers.commands.people.name import name_command
from handlers.commands.results.results import confirm_command, dispute_command, mytable_command, result_command
from handlers.commands.rules.calculators import levelup_command, score_command, tribute_command
from handlers.commands.rules.play import play_command
from handlers.commands.rules.rule_questions import rule_command
from handlers.commands.rules.tournament_notice import notice_command
from handlers.commands.settings.language import lang_command
from handlers.commands.settings.setup import (
    cancel_command,
    mode_command,
    new_command,
    referee_command,
    set_command,
    settings_command,
)
from handlers.commands.views.print_pack import print_command
from handlers.commands.views.web_link import web_command
from handlers.registry import GROUPS, Audience, CommandSpec

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("start", start_command, max_argument_length=64),
    CommandSpec("help", help_command, read_only=True),
    CommandSpec("lang", lang_command, audience=Audience.ORGANISER, aliases=("language",)),
    CommandSpec("name", name_command, max_argument_length=64, free_text=True),
    CommandSpec("signup", signup_command, chat_kinds=GROUPS, aliases=("join", "baoming")),
    CommandSpec("accept", accept_command, chat_kinds=GROUPS),
    CommandSpec("withdraw", withdraw_command, chat_kinds=GROUPS, aliases=("leave", "tuisai")),
    CommandSpec("reinstate", reinstate_command, chat_kinds=GROUPS, audience=Audience.ORGANISER,
                aliases=("huifu",)),
    CommandSpec("swap", swap_command, chat_kinds=GROUPS, audience=Audience.ORGANISER, aliases=("jiaohuan",)),
    CommandSpec("entries", entries_command, chat_kinds=GROUPS, aliases=("list",), read_only=True),
    CommandSpec("tables", tables_command, chat_kinds=GROUPS, read_only=True),
    CommandSpec("pair", pair_command, chat_kinds=GROUPS, read_only=True),
    CommandSpec("mytable", mytable_command, chat_kinds=GROUPS, read_only=True),
    CommandSpec("web", web_command, aliases=("live",)),
    CommandSpec("schedule", schedule_command, chat_kinds=GROUPS, aliases=("timetable",)),
    CommandSpec("here", here_command, chat_kinds=GROUPS, aliases=("checkin",)),
    CommandSpec("result", result_command, chat_kinds=GROUPS),
    CommandSpec("confirm", confirm_command, chat_kinds=GROUPS),
    CommandSpec("dispute", dispute_command, chat_kinds=GROUPS),
    CommandSpec("claim", claim_command, chat_kinds=GROUPS),
    CommandSpec("bracket", bracket_command, chat_kinds=GROUPS, read_only=True),
    CommandSpec("standings", standings_command, chat_kinds=GROUPS, aliases=("ranking",), read_only=True),
    CommandSpec("settings", settings_command, chat_kinds=GROUPS, read_only=True),
    CommandSpec("referee", referee_command, chat_kinds=GROUPS, aliases=("referees",)),
    CommandSpec("export", export_command, chat_kinds=GROUPS),
    CommandSpec("print", print_command, aliases=("dayin",)),  # in a private chat with #<id>
    CommandSpec("play", play_command, max_argument_length=200, read_only=True),
    CommandSpec("rule", rule_command, aliases=("rules",), max_argument_length=300, free_text=True, read_only=True),
    # Chinese names cannot be command names (Telegram allows [a-z0-9_]); pinyin aliases as for /baoming.
    CommandSpec("notice", notice_command, chat_kinds=GROUPS, aliases=("guicheng",), max_argument_length=4096,
                documents=True, free_text=True),
    CommandSpec("levelup", levelup_command, aliases=("shengji",), max_argument_length=200, read_only=True),
    CommandSpec("tribute", tribute_command, aliases=("jingong",), max_argument_length=200, read_only=True),
    # /score <left> <right> is the score calculator; /score <table> … is still /result (its alias before).
    CommandSpec("score", score_command, aliases=("jifen",)),
    CommandSpec("new", new_command, audience=Audience.ORGANISER, chat_kinds=GROUPS, free_text=True),
    CommandSpec("mode", mode_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("set", set_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("rename", rename_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("gender", gender_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("unit", unit_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("draw", draw_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("undraw", undraw_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("substitute", substitute_command, audience=Audience.ORGANISER, chat_kinds=GROUPS, aliases=("sub",)),
    CommandSpec("cancel", cancel_command, audience=Audience.ORGANISER, chat_kinds=GROUPS, free_text=True),
    CommandSpec("import", import_command, audience=Audience.ORGANISER, chat_kinds=GROUPS, documents=True),
    CommandSpec("ladder", ladder_command, chat_kinds=GROUPS, aliases=("paihang",)),  # may send ladder.csv
    CommandSpec("rating", rating_command, chat_kinds=GROUPS, free_text=True, read_only=True),
    CommandSpec("season", season_command, chat_kinds=GROUPS, max_argument_length=200),
    CommandSpec("members", members_command, chat_kinds=GROUPS, read_only=True),
    CommandSpec("member", member_command, audience=Audience.ORGANISER, chat_kinds=GROUPS),
    CommandSpec("tournaments", tournaments_command, chat_kinds=GROUPS, aliases=("saishi",), read_only=True),
)
