"""Reading who sent an update and from where, as the services' plain values."""

from __future__ import annotations

from telegram import Chat, Update, User

from bot.claims import UpdateClaim
from bot.services.caller import Caller, ChatKind, ChatUser

_CHAT_KINDS = {
    Chat.PRIVATE: ChatKind.PRIVATE, Chat.GROUP: ChatKind.GROUP, Chat.SUPERGROUP: ChatKind.SUPERGROUP,
    Chat.CHANNEL: ChatKind.CHANNEL,
}


def person_of(user: User) -> ChatUser:
    return ChatUser(user.id, user.full_name, user.username, user.language_code)


def caller_of(update: Update, claim: UpdateClaim | None = None) -> Caller | None:
    """The sender and chat of ``update``; ``None`` for updates without a chat (inline queries, polls). ``claim``:
    the update's claim, for the services that change something (the dispatcher puts it on when it admits)."""
    chat = update.effective_chat
    if chat is None:
        return None
    message = update.effective_message
    sender_chat = message.sender_chat if message is not None and update.callback_query is None else None
    user = update.effective_user
    person = person_of(user) if user is not None and sender_chat is None else None
    return Caller(
        chat_id=chat.id,
        chat_kind=_CHAT_KINDS.get(chat.type, ChatKind.GROUP),
        person=person,
        sender_chat_id=sender_chat.id if sender_chat is not None else None,
        chat_title=chat.title,
        claim=claim,
    )


def people_of(update: Update) -> tuple[ChatUser, ...]:
    """Every real user an update shows: its sender and the author of the message it replies to."""
    found: dict[int, ChatUser] = {}
    message = update.effective_message
    candidates = [update.effective_user]
    if message is not None:
        if message.sender_chat is not None and update.callback_query is None:
            candidates = []
        if message.reply_to_message is not None:
            candidates.append(message.reply_to_message.from_user)
    for user in candidates:
        if user is not None and not user.is_bot:
            found.setdefault(user.id, person_of(user))
    return tuple(found.values())
