"""Updates Telegram would never send, refused before anything reads them.

Anyone can post any JSON to a bot's webhook or feed a local Bot API server, and a fuzzer does; the bot must not
crash on it or store it. What Telegram guarantees, and this module holds every update to:

- ids fit in 52 bits (Telegram: "at most 52 significant bits"), so SQLite's 64-bit integers always hold them;
  user ids and update ids are positive, chat ids are not zero;
- every account has a first name;
- a bot never receives another bot's messages or button presses (the anonymous administrator and a linked channel
  post through service bots, but always with ``sender_chat``);
- a button can only be pressed under a message this bot sent.

:func:`forgery` names the first broken promise, or ``None`` for an update as Telegram sends them.
"""

from __future__ import annotations

from collections.abc import Iterator

from telegram import Message, Update, User

ID_LIMIT = 2**52
"""Telegram's ids have at most 52 significant bits."""


def _fits(number: int) -> bool:
    return -ID_LIMIT < number < ID_LIMIT


def _users(update: Update) -> Iterator[User]:
    """Every account the update shows: its sender, the author of the message it replies to, people it names."""
    if update.effective_user is not None:
        yield update.effective_user
    message = update.effective_message
    if message is None:
        return
    if message.reply_to_message is not None and message.reply_to_message.from_user is not None:
        yield message.reply_to_message.from_user
    for entity in (*message.entities, *message.caption_entities):
        if entity.user is not None:
            yield entity.user


def _bot_sender(update: Update, message: Message | None) -> bool:
    user = update.effective_user
    if user is None or not user.is_bot:
        return False
    return update.callback_query is not None or message is None or message.sender_chat is None


def forgery(update: Update, bot_id: int) -> str | None:
    """Why Telegram could not have sent ``update`` (a short reason for the log), or ``None``."""
    if not 0 < update.update_id < ID_LIMIT:
        return "update id out of range"
    chat = update.effective_chat
    if chat is not None and (chat.id == 0 or not _fits(chat.id)):
        return "chat id out of range"
    for user in _users(update):
        if not 0 < user.id < ID_LIMIT:
            return "user id out of range"
        if not user.first_name:
            return "account without a name"
    message = update.effective_message
    if message is not None and message.sender_chat is not None and not _fits(message.sender_chat.id):
        return "sender chat id out of range"
    if _bot_sender(update, message):
        return "sent by a bot account"
    query = update.callback_query
    if query is not None:
        pressed = query.message
        author = getattr(pressed, "from_user", None)
        if pressed is None or author is None or author.id != bot_id:
            return "button pressed under a message this bot did not send"
    return None
