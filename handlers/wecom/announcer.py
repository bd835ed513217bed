"""Announcements on WeCom: the :class:`~handlers.announcer.Courier` that pushes them with ``aibot_send_msg``.

The text goes as markdown of at most 20,480 bytes a message (WeCom people mentioned as ``<@userid>``). A busy
server (a retryable ``errcode``) or no live connection for the moment delays it with the scheduler's backoff;
any other refusal (the bot left the group, a chat WeCom does not know) drops it, logged.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import CommandWords, Language
from bot.services.platform_ids import WeComDirectory
from handlers.announcer import GiveUp, RetryLater
from handlers.wecom.client import SEND, NotConnected, WeComError
from handlers.wecom.markdown import split_content, wecom_markdown
from handlers.wecom.platform import WeComPlatform


class WeComCourier:
    def __init__(self, platform: WeComPlatform, directory: WeComDirectory) -> None:
        self.platform = platform
        self.directory = directory

    def command_words(self, language: Language) -> CommandWords | None:
        """WeCom people type a command after the bot's @-mention (``handlers.announcer.WritesCommands``)."""
        return self.platform.dispatcher.command_words(self, language)

    def command_mention(self, language: Language) -> str:
        return self.platform.mention(language)

    def split(self, text: str) -> Sequence[str]:
        return split_content(wecom_markdown(text, self.directory))

    async def send(self, chat_id: int, piece: str) -> None:
        chat = self.directory.wecom_id(chat_id)
        if chat is None:
            raise GiveUp(f"no WeCom chat is known under id {chat_id}")
        connection = self.platform.connection
        if connection is None or not connection.connected:
            raise RetryLater("WeCom: not connected")
        try:
            await connection.request(SEND, {"chatid": chat, "msgtype": "markdown", "markdown": {"content": piece}})
        except NotConnected as error:
            raise RetryLater(f"WeCom: {error}") from error
        except WeComError as error:
            if error.retryable:
                raise RetryLater(f"WeCom {error}") from error
            raise GiveUp(f"WeCom {error}") from error
