"""The answers to ``/withdraw``, ``/reinstate`` and ``/swap``: a command they tell people to send is written as the
chat's people type it (WeCom: the bot's @-mention and the verb)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from bot.i18n import CommandWords, Language, commands_written
from bot.presenters.pair_changes import pair_changed_text
from bot.services.tournament.pair_changes import PairChanged
from bot.tournament.swiss import PairingFlaw
from handlers.commands import COMMANDS
from handlers.dispatch import TYPED_VERBS


def swap_pending() -> PairChanged:
    teams = cast(Any, (SimpleNamespace(name="张三 / 李四"), SimpleNamespace(name="王五 / 赵六")))
    return PairChanged(cast(Any, None), "swap_pending", teams, 2, flaws=((3, PairingFlaw.REMATCH),))


def test_a_swap_to_confirm_names_its_command_as_the_chat_types_it() -> None:
    assert "/swap " in pair_changed_text(swap_pending(), Language.ZH)  # Telegram: the slash command
    names = {name: spec.name for spec in COMMANDS for name in spec.names}
    with commands_written(CommandWords("@掼蛋助手 ", TYPED_VERBS, names)):
        typed = pair_changed_text(swap_pending(), Language.ZH)
    assert "@掼蛋助手 交换 " in typed and "/swap" not in typed and typed.count("confirm") == 1
