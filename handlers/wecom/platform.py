"""WeCom as a chat platform: a callback of the long connection goes through the same front door as Telegram.

A message (``aibot_msg_callback``) is, in turn:

1. read: the sender's userid and the group's chatid become internal ids (:class:`WeComDirectory`; a private chat's
   id is the person's, as on Telegram); the ``msgid`` becomes the update id (``wecom_update_id``);
2. admitted once by the dispatcher (``bot.services.intake.admit_update``): a message delivered again (after a
   reconnect) stops here, neither applied nor answered twice; its claim rides on the caller, so the change and
   "this message was applied" commit together and a SIGKILL loses nothing that was answered;
3. handed to the front door (``handlers.dispatch``) with the bot's @-mention stripped from a group message: every
   message it gets was meant for it, so a ``/command`` or a Chinese verb runs its command (an ``@name`` among its
   words — a userid, seen by the bot or not, never a chosen name — is the person it points at:
   :meth:`WeComPlatform.pointed_at`)
   and anything else is a rule question;
4. answered: everything the command says is collected (:class:`WeComChannel`) and sent as ONE stream reply
   (``aibot_respond_msg``, ``finish: true``, markdown of at most 20,480 bytes, pictures as images, the last
   buttons as a ``button_interaction`` template card); what does not fit is pushed (``aibot_send_msg``). Documents
   are uploaded (``handlers.wecom.media``) and pushed as files after it; one WeCom refuses is said in one line.

A file or picture someone sends is kept (:class:`FileDesk`) for the command that uses it — ``导入`` or ``规程`` sent
just before it (the file then runs that command in its chat) or just after it — and fetched and decrypted only when
the command asks for it (:meth:`WeComChannel.attachment`).

A press of a card's button (``aibot_event_callback``, ``template_card_event``) goes through the same door to the
button table; its answer is the card itself, updated within 5 s (:func:`card_update`): for everyone when the action
changed it (its outcome and the presser's note on it, no live buttons once its question is answered), for the
presser alone when it was refused. What the action announces (a result, a pair signed up) is pushed to the chat.
Someone opening a chat with the bot (``enter_chat``) is welcomed (:meth:`WeComPlatform.on_enter`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.errors import GuandanError, UsageError
from bot.i18n import CommandWords, Language, commands_written, t
from bot.pictures.picture import Picture
from bot.richtext import Keyboard, escape, to_plain
from bot.rules.notice_file import MAX_NOTICE_FILE_BYTES
from bot.services.names import ask_for_name_once
from bot.services.platform_ids import (
    WeComDirectory,
    is_wecom_user,
    remember_wecom_bot_name,
    wecom_bot_name,
    wecom_update_id,
)
from bot.sheets.roster_file import MAX_FILE_BYTES
from handlers.dispatch import (
    Addressing,
    Admitted,
    Arrival,
    Attachment,
    ButtonData,
    Caller,
    ChatKind,
    ChatUser,
    Dispatcher,
    ForgedButtonError,
    Incoming,
    Mentioned,
    Note,
    text_after_command,
)
from handlers.wecom.client import (
    EVENT_CALLBACK,
    MESSAGE_CALLBACK,
    RESPOND,
    RESPOND_UPDATE,
    RESPOND_WELCOME,
    SEND,
    Frame,
    LongConnection,
    NotConnected,
    WeComError,
)
from handlers.wecom.markdown import (
    button_card,
    fits_in_a_card,
    image_item,
    pictures_that_fit,
    split_content,
    wecom_markdown,
)
from handlers.wecom.media import (
    DOWNLOAD_SECONDS,
    IncomingFile,
    MediaRefused,
    UnreadableFile,
    fetch,
    upload,
)

log = logging.getLogger(__name__)

TEMPLATE_CARD_EVENT = "template_card_event"
ENTER_CHAT = "enter_chat"
FILE_WAIT = timedelta(minutes=10)
"""How long a file waits for its command, and a command for its file."""
INCOMING_BYTES_LIMIT = max(MAX_FILE_BYTES, MAX_NOTICE_FILE_BYTES)
"""The most a file people send is fetched to (the commands refuse what is over their own limit, with the reason)."""
CARDS_REMEMBERED = 1_000
"""Cards this process sent, kept to redraw one for the person whose press it refused (older ones: the note alone)."""
SEND_ATTEMPTS = 4
MAX_TEXT_CHARS = 20_000
"""A message's text is cut to this before anything reads it (a typed notice is a few thousand characters; frames
are at most ``MAX_FRAME_BYTES``, and cleaning a megabyte of text on the event loop delays every chat)."""
"""Tries of a reply or push that WeCom answers with a retryable errcode, or that meets no connection."""


class UnknownWeComPerson(UsageError):
    key = "wecom.unknown_person"


@dataclass(frozen=True, slots=True)
class Message:
    """A callback as the bot reads it: who, in which chat (``chatid`` for groups), what."""

    msgid: str
    userid: str
    chatid: str | None
    group: bool
    text: str
    file: IncomingFile | None = None
    """A file or picture the message carries (to fetch and decrypt)."""

    @classmethod
    def of(cls, body: dict[str, Any]) -> Message | None:
        sender = body.get("from")
        userid = sender.get("userid") if isinstance(sender, dict) else None
        msgid = body.get("msgid")
        if not isinstance(userid, str) or not userid or not isinstance(msgid, str) or not msgid:
            return None
        group = body.get("chattype") == "group"
        chatid = body.get("chatid")
        if group and (not isinstance(chatid, str) or not chatid):
            return None
        return cls(msgid, userid, chatid if group else None, group, _text_of(body)[:MAX_TEXT_CHARS],
                   IncomingFile.of(body))


def _text_of(body: dict[str, Any]) -> str:
    """The text of a text message, or the text items of a mixed one."""
    text = body.get("text")
    if isinstance(text, dict) and isinstance(text.get("content"), str):
        return str(text["content"])
    mixed = body.get("mixed")
    items = mixed.get("msg_item") if isinstance(mixed, dict) else None
    if isinstance(items, list):
        return " ".join(str(item["text"]["content"]) for item in items if isinstance(item, dict)
                        and isinstance(item.get("text"), dict) and isinstance(item["text"].get("content"), str))
    return ""


_MENTION_WORD = re.compile(r"@\S+")
_USERID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}")
"""What a WeCom userid can be: 1 to 64 letters, digits and ``_-@.``, starting with a letter or digit."""


class BotName:
    """The bot's name in members' @-mentions.

    ``WECOM_BOT_NAME``, else learned from the first group message that starts with a mention followed by a space and
    mentions nobody else (WeCom does not tell a bot its own name). Knowing it, the mention is taken out wherever it
    stands: ``@掼蛋助手排名``, ``排名 @掼蛋助手``."""

    def __init__(self, configured: str | None = None) -> None:
        self.name = configured

    def strip(self, text: str, names_a_person: Callable[[str], bool]) -> str:
        """A group message without the bot's @-mention (every group message the bot receives carries one)."""
        name = self.name
        if name:
            pattern = re.compile("@" + re.escape(name))
            if pattern.search(text):
                return pattern.sub(" ", text, count=1).strip()
        mentions = list(_MENTION_WORD.finditer(text))
        if not mentions:
            return text
        first, last = mentions[0], mentions[-1]
        if not text[:first.start()].strip():
            if self.name is None and len(mentions) == 1 and first.end() < len(text) and text[first.end()].isspace():
                self.name = first.group()[1:]
            return text[first.end():].strip()
        if not text[last.end():].strip() and not names_a_person(last.group()[1:]):
            return text[:last.start()].strip()  # 排名 @掼蛋助手: the mention at the end
        return text


@dataclass
class Answer:
    """What a command said, collected to go out as one reply: texts (markup, each with its buttons), pictures."""

    texts: list[tuple[str, Keyboard | None]] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    files: list[tuple[bytes, str]] = field(default_factory=list)
    """Documents (content, name), uploaded and sent after the text."""
    language: Language = Language.ZH
    words: CommandWords | None = None
    """How the chat's people type a command (``bot.i18n.CommandWords``), for the commands written when buttons
    cannot go on a card (:func:`buttons_as_text`); ``None``: as ``/command``."""

    def add(self, text: str, buttons: Keyboard | None = None) -> None:
        if text.strip() or buttons:
            self.texts.append((text, buttons))

    @property
    def empty(self) -> bool:
        return not self.texts and not self.pictures and not self.files

    def add_file(self, content: bytes, file_name: str, caption: str | None) -> None:
        if caption:
            self.add(caption)
        self.files.append((content, file_name))


class FileNotRead(GuandanError):
    """A file someone sent that could not be fetched or decrypted (a reason of ``wecom.unreadable``)."""

    key = "wecom.unreadable.download_failed"


class FileTooSlow(FileNotRead):
    key = "wecom.unreadable.too_slow"


class FileTooLarge(FileNotRead):
    key = "wecom.unreadable.too_large"


class FileUndecryptable(FileNotRead):
    key = "wecom.unreadable.bad_data"


_UNREADABLE: dict[str, type[FileNotRead]] = {"too_slow": FileTooSlow, "too_large": FileTooLarge,
                                             "bad_data": FileUndecryptable, "bad_key": FileUndecryptable}


@dataclass(frozen=True, slots=True)
class SentFile:
    """A file someone sent the bot, kept for the command that uses it (``导入`` / ``规程``, before or after it)."""

    file: IncomingFile
    at: datetime


@dataclass(frozen=True, slots=True)
class WaitingCommand:
    """A command that asked for a file and got none: the person's next file (within :data:`FILE_WAIT`) runs it."""

    command: str
    chatid: str | None
    at: datetime


class FileDesk:
    """The files people sent and the commands waiting for one, per person.

    In memory: a file is used within minutes or not at all."""

    def __init__(self) -> None:
        self.files: dict[str, SentFile] = {}
        self.waiting: dict[str, WaitingCommand] = {}

    def take_file(self, userid: str, now: datetime) -> IncomingFile | None:
        sent = self.files.pop(userid, None)
        return sent.file if sent is not None and now - sent.at <= FILE_WAIT else None

    def take_waiting(self, userid: str, now: datetime) -> WaitingCommand | None:
        waiting = self.waiting.pop(userid, None)
        return waiting if waiting is not None and now - waiting.at <= FILE_WAIT else None


class WeComChannel:
    """A command's answers, collected (:class:`Answer`) and sent by the platform when it is done.

    The file the person sent for it (:meth:`attachment`)."""

    carries_files = True
    """Documents go as files, uploaded over the long connection (``handlers.invocation.FileLimits``)."""

    def __init__(self, answer: Answer, text: str = "", *, files: Callable[[], Awaitable[Attachment | None]]
                 | None = None, mention: Callable[[Language], str] | None = None) -> None:
        self.answer = answer
        self.text = text
        self._files = files
        self._mention = mention
        self.asked_for_file = False
        self.got_file = False

    def speak(self, language: Language) -> None:
        self.answer.language = language

    def command_mention(self, language: Language) -> str:
        """What goes before a command here: the bot's @-mention in a group.

        WeCom people type a command's verb after the bot's @-mention in a group (``handlers.dispatch.TypesVerbs``);
        ``mention``: how they write it there (``None``: a private chat, no mention)."""
        return self._mention(language) if self._mention is not None else ""

    async def reply(self, text: str, buttons: Keyboard | None = None) -> None:
        self.answer.add(text, buttons)

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        self.answer.add_file(content, file_name, caption)

    async def send_pictures(self, pictures: Sequence[Picture], caption: str, stem: str, language: Language) -> None:
        fitting, left_out = pictures_that_fit([*self.answer.pictures, *pictures])
        self.answer.pictures = fitting
        if caption:
            self.answer.add(caption)
        if left_out:
            self.answer.add(t("wecom.pictures_not_carried", language, count=left_out))

    async def attachment(self) -> Attachment | None:
        """The file the person sent for this command (just before it, or the file that ran it), fetched and decrypted.

        ``None`` when there is none (the platform then waits for their next file)."""
        self.asked_for_file = True
        found = await self._files() if self._files is not None else None
        self.got_file = found is not None
        return found

    async def command_text(self) -> str:
        return text_after_command(self.text)


class WeComPressChannel:
    """A press's answers.

    The pressed card's new state (:attr:`edited`, :attr:`dropped`: sent as ONE update of the card), and new messages
    (:meth:`post`, collected, then pushed to the chat)."""

    def __init__(self, answer: Answer, mention: Callable[[Language], str] | None = None) -> None:
        self.answer = answer
        self.edited: tuple[str, Keyboard | None] | None = None
        self.dropped = False
        self._mention = mention

    def command_mention(self, language: Language) -> str:
        """As :meth:`WeComChannel.command_mention`: a card pressed in a group answers with the mention."""
        return self._mention(language) if self._mention is not None else ""

    async def post(self, text: str, buttons: Keyboard | None = None) -> None:
        self.answer.add(text, buttons)

    async def edit(self, text: str, buttons: Keyboard | None = None) -> None:
        self.edited = (text, buttons)

    async def drop_buttons(self) -> None:
        self.dropped = True

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        self.answer.add_file(content, file_name, caption)


@dataclass(frozen=True, slots=True)
class CardUpdate:
    """What ``aibot_respond_update_msg`` carries: the card, and the userids it changes for (``None``: everyone)."""

    card: dict[str, Any]
    userids: tuple[str, ...] | None = None

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"response_type": "update_template_card", "template_card": self.card}
        if self.userids is not None:
            body["userids"] = list(self.userids)
        return body


def card_update(task: str, shown: tuple[str, Keyboard | None] | None, channel: WeComPressChannel, note: Note,
                presser: str, presser_name: str) -> CardUpdate | None:
    """The pressed card after the press.

    Edited for everyone (its answered question without live buttons, the presser's note under it), or — when the press
    changed nothing on it (a refusal, "this invitation is for 唐伟") — for the presser alone, with the note. ``shown``:
    what the card showed, when this process sent it."""
    if channel.edited is not None:
        text, buttons = channel.edited
        labelled = f"{presser_name}：{note.text}" if note.text else None
        return CardUpdate(button_card(text, None if channel.dropped else buttons, task=task, note=labelled,
                                      outcome=note.text))
    if channel.dropped:
        text = shown[0] if shown is not None else (note.text or "")
        labelled = f"{presser_name}：{note.text}" if note.text else None
        return CardUpdate(button_card(text, None, task=task, note=labelled, outcome=note.text))
    if not note.text:
        return None
    text, buttons = shown if shown is not None else (note.text, None)
    return CardUpdate(button_card(text, buttons, task=task, note=note.text, outcome=note.text), (presser,))


def to_shown(card: dict[str, Any], channel: WeComPressChannel, shown: tuple[str, Keyboard | None] | None
             ) -> tuple[str, Keyboard | None]:
    """What a card updated for everyone shows now (for a later refusal to redraw it)."""
    if channel.edited is not None:
        text, buttons = channel.edited
        return text, None if channel.dropped else buttons
    if shown is not None:
        return shown[0], None
    return str(card["main_title"].get("desc") or card["main_title"]["title"]), None


def buttons_as_text(buttons: Keyboard, language: Language) -> str:
    """The commands that do what the buttons do, for buttons no card can carry."""
    commands = []
    for row in buttons:
        for button in row:
            try:
                action = ButtonData.decode(button.action).action
            except ForgedButtonError:
                continue
            key = f"wecom.command.{action}"
            commands.append(f"{escape(button.label)} → {t(key, language)}")
    return t("wecom.buttons_as_text", language, commands="；".join(commands)) if commands else ""


class WeComPlatform:
    """The command table, the buttons and the services, driven by the callbacks of one long connection."""

    def __init__(self, dispatcher: Dispatcher, directory: WeComDirectory) -> None:
        self.dispatcher = dispatcher
        self.services = dispatcher.services
        self.directory = directory
        self.connection: LongConnection | None = None
        self.bot_name = BotName(self.services.settings.wecom_bot_name)
        self.desk = FileDesk()
        self.asked_for_name: set[str] = set()
        """Userids this process knows were asked to choose the name the bot shows, or have one."""
        self.download_seconds = DOWNLOAD_SECONDS
        """How long a file people send may take to download."""
        self.cards: OrderedDict[str, tuple[str, Keyboard | None]] = OrderedDict()
        """task_id → what the card shows (markup, buttons), for the cards this process sent."""

    def names_a_person(self, name: str) -> bool:
        """Whether ``@name`` is a WeCom person the bot knows (a userid it has seen, a name chosen with /name)."""
        return self.directory.known_user(name) is not None or any(
            is_wecom_user(user_id) for user_id in self.services.names.user_ids_named(name))

    async def run(self, url: str, bot_id: str, secret: str) -> None:
        """Keep the long connection and serve its callbacks until :meth:`stop`.

        Raise :class:`~handlers.wecom.client.CredentialsRefused` or :class:`~handlers.wecom.client.Replaced`."""
        self.connection = LongConnection(url, bot_id, secret, self.on_callback)
        await self.connection.run()

    async def load_bot_name(self) -> None:
        """The name members @-mention the bot by, as an earlier process learned it (``WECOM_BOT_NAME`` wins).

        So that instructions pushed before anyone writes (a reminder after a restart) name it."""
        bot_id = self.services.settings.wecom_bot_id
        if self.bot_name.name is None and bot_id:
            self.bot_name.name = await wecom_bot_name(self.services.storage, bot_id)

    async def stop(self) -> None:
        if self.connection is not None:
            await self.connection.stop()

    # Callbacks.

    async def on_callback(self, connection: LongConnection, frame: Frame) -> None:
        if frame.cmd == MESSAGE_CALLBACK:
            await self.on_message(frame)
        elif frame.cmd == EVENT_CALLBACK and frame.event_type == TEMPLATE_CARD_EVENT:
            await self.on_press(frame)
        elif frame.cmd == EVENT_CALLBACK and frame.event_type == ENTER_CHAT:
            await self.on_enter(frame)

    async def _caller(self, userid: str, chatid: str | None) -> Caller:
        at = self.services.clock()
        storage = self.services.storage
        user_id = await self.directory.user_id(storage, userid, at)
        person = ChatUser(user_id, userid, None, self.services.settings.language.value)
        if chatid is None:
            return Caller(user_id, ChatKind.PRIVATE, person)
        return Caller(await self.directory.chat_id(storage, chatid, at), ChatKind.GROUP, person)

    async def on_message(self, frame: Frame) -> None:
        message = Message.of(frame.body)
        if message is None:
            log.info("WeCom: a message without sender or id was ignored")
            return
        caller = await self._caller(message.userid, message.chatid)
        assert caller.person is not None
        if message.file is not None:
            await self.on_file(frame, message, caller)
            return
        answer = Answer(language=self.services.settings.language)
        known = self.bot_name.name
        text = self.bot_name.strip(message.text, self.names_a_person) if message.group else message.text
        bot_id = self.services.settings.wecom_bot_id
        if known is None and self.bot_name.name is not None and bot_id:  # learned just now: kept for restarts
            await remember_wecom_bot_name(self.services.storage, bot_id, self.bot_name.name, self.services.clock())
        # Every message the bot receives was addressed to it (a group message @-mentions it).
        incoming = Incoming(Arrival(caller, wecom_update_id(message.msgid), (caller.person,)), text,
                            Addressing(private=not message.group, names_bot=True), words_name_people=self)
        channel = WeComChannel(answer, text, files=lambda: self._attachment(message.userid),
                               mention=self.mention if message.group else None)
        if not await self.dispatcher.message(incoming, channel):
            return  # delivered again, or applied meanwhile by another process
        answer.words = self.dispatcher.command_words(channel, answer.language)
        if channel.asked_for_file and not channel.got_file and not text_after_command(text):
            # 导入 before the file: the person's next file (in this chat or privately) runs it.
            self.desk.waiting[message.userid] = WaitingCommand(text, message.chatid, self.services.clock())
            answer.add(t("wecom.send_file_next", answer.language, minutes=int(FILE_WAIT.total_seconds() // 60)))
        if message.group and message.userid not in self.asked_for_name:
            # WeCom tells a bot no names: a person who never chose one is shown by their userid until then, and
            # asked once (recorded, so a restart does not ask again; this set spares the database the question).
            self.asked_for_name.add(message.userid)
            if await ask_for_name_once(self.services, caller):
                answer.add(t("wecom.name_hint", answer.language, mention=self.mention(answer.language),
                             userid=escape(message.userid)))
        await self.send_answer(answer, frame.req_id, message.chatid or message.userid)

    async def on_file(self, frame: Frame, message: Message, caller: Caller) -> None:
        """A file or picture.

        Kept for the command that uses it; it runs a command that waits for it (``导入`` sent before it, in this chat or
        a group), else the person is told how to use it."""
        assert message.file is not None and caller.person is not None
        now = self.services.clock()
        waiting = self.desk.take_waiting(message.userid, now)
        self.desk.files[message.userid] = SentFile(message.file, now)
        here = message.chatid or message.userid
        if waiting is None:
            async def received(admitted: Admitted) -> None:
                answer = Answer(language=await self.dispatcher.language(caller))
                answer.add(t("wecom.file_received", answer.language, mention=self.mention(answer.language),
                             minutes=int(FILE_WAIT.total_seconds() // 60)))
                await self.send_answer(answer, frame.req_id, here)

            await self.dispatcher.other(Arrival(caller, wecom_update_id(message.msgid), (caller.person,)), received)
            return
        target = caller if waiting.chatid == message.chatid else await self._caller(message.userid, waiting.chatid)
        assert target.person is not None
        answer = Answer(language=self.services.settings.language)
        channel = WeComChannel(answer, waiting.command, files=lambda: self._attachment(message.userid),
                               mention=self.mention if waiting.chatid is not None else None)
        incoming = Incoming(Arrival(target, wecom_update_id(message.msgid), (target.person,)), waiting.command,
                            Addressing(private=waiting.chatid is None, names_bot=True), words_name_people=self)
        if not await self.dispatcher.message(incoming, channel):
            return
        answer.words = self.dispatcher.command_words(channel, answer.language)
        if waiting.chatid == message.chatid:
            await self.send_answer(answer, frame.req_id, here)
            return
        await self.push(answer, waiting.chatid or message.userid)
        used = Answer(language=answer.language)
        used.add(t("wecom.file_used", answer.language))
        await self.send_answer(used, frame.req_id, here)

    async def _attachment(self, userid: str) -> Attachment | None:
        """The file ``userid`` sent last (within :data:`FILE_WAIT`), fetched and decrypted.

        A refusal with the reason when it cannot be read."""
        file = self.desk.take_file(userid, self.services.clock())
        if file is None:
            return None
        try:
            data, name = await fetch(file, INCOMING_BYTES_LIMIT, seconds=self.download_seconds)
        except UnreadableFile as error:
            raise _UNREADABLE.get(error.reason, FileNotRead)(
                limit_mb=INCOMING_BYTES_LIMIT // (1024 * 1024)) from None
        name = name or file.file_name or ("image.png" if file.kind == "image" else None)

        async def ready() -> bytes:
            return data

        return Attachment(name, len(data), ready)

    def mention(self, language: Language) -> str:
        """How a member writes the bot's @-mention (its name once known)."""
        return f"@{self.bot_name.name} " if self.bot_name.name else t("wecom.bot_mention", language)

    async def pointed_at(self, args: tuple[str, ...]) -> tuple[tuple[str, ...], Mentioned | None]:
        """The first ``@word`` among the words, as the person the command points at (taken out of the words).

        The WeCom account whose userid is ``word``, seen by the bot or not — never a name someone chose with ``/name``
        (a member once named himself ``lisi`` and became referee through ``/referee @lisi``)."""
        for index, word in enumerate(args):
            if not word.startswith("@") or len(word) < 2:
                continue
            userid = word[1:]
            if not _USERID.fullmatch(userid):
                raise UnknownWeComPerson(name=userid)
            found = await self.directory.user_id(self.services.storage, userid, self.services.clock())
            person = ChatUser(found, userid, None, self.services.settings.language.value)
            return (*args[:index], *args[index + 1:]), Mentioned(person, inline=True)
        return args, None

    async def on_press(self, frame: Frame) -> None:
        body = frame.body
        sender = body.get("from")
        userid = sender.get("userid") if isinstance(sender, dict) else None
        msgid = body.get("msgid")
        event = body.get("event")
        card = event.get(TEMPLATE_CARD_EVENT) if isinstance(event, dict) else None
        key = card.get("event_key") if isinstance(card, dict) else None
        task = card.get("task_id") if isinstance(card, dict) else None
        if not isinstance(userid, str) or not userid or not isinstance(msgid, str) or not msgid:
            return
        chatid = body.get("chatid") if body.get("chattype") == "group" else None
        if body.get("chattype") == "group" and not isinstance(chatid, str):
            return
        caller = await self._caller(userid, chatid if isinstance(chatid, str) else None)
        assert caller.person is not None
        answer = Answer(language=await self.dispatcher.language(caller))
        channel = WeComPressChannel(answer, self.mention if isinstance(chatid, str) else None)
        note = await self.dispatcher.press(Arrival(caller, wecom_update_id(msgid), (caller.person,)),
                                           key if isinstance(key, str) else None, channel)
        if note is None:
            return  # delivered again: already handled
        answer.words = self.dispatcher.command_words(channel, answer.language)
        if isinstance(task, str) and task:
            presser_name = self.services.names.of(caller.person.user_id) or userid
            shown = self.cards.get(task)
            update = card_update(task, shown, channel, note, userid, presser_name)
            if update is not None:
                if update.userids is None:
                    self._remember_card(task, to_shown(update.card, channel, shown))
                # Within 5 s of the press, under its req_id: the answer stays on the card, not in the chat.
                await self._send(RESPOND_UPDATE, update.body(), frame.req_id)
        await self.push(answer, chatid if isinstance(chatid, str) else userid)

    async def on_enter(self, frame: Frame) -> None:
        """Someone opened a chat with the bot (``enter_chat``).

        Within 5 s, a welcome — what the bot does and how to start — in the chat's language."""
        body = frame.body
        sender = body.get("from")
        userid = sender.get("userid") if isinstance(sender, dict) else None
        if not isinstance(userid, str) or not userid:
            return
        chatid = body.get("chatid") if body.get("chattype") == "group" and isinstance(body.get("chatid"), str) \
            else None
        caller = await self._caller(userid, chatid)
        assert caller.person is not None
        msgid = body.get("msgid")
        update_id = wecom_update_id(msgid) if isinstance(msgid, str) and msgid else None

        async def welcome(admitted: Admitted) -> None:
            language = await self.dispatcher.language(caller)
            text = t("wecom.welcome", language, mention=self.mention(language))
            await self._send(RESPOND_WELCOME, {"msgtype": "text", "text": {"content": to_plain(text)}},
                             frame.req_id)

        await self.dispatcher.other(Arrival(caller, update_id, (caller.person,)), welcome)

    def _remember_card(self, task: str, shown: tuple[str, Keyboard | None]) -> None:
        self.cards[task] = shown
        self.cards.move_to_end(task)
        while len(self.cards) > CARDS_REMEMBERED:
            self.cards.popitem(last=False)

    # Answering.

    def _markdown(self, answer: Answer) -> tuple[str, dict[str, Any] | None]:
        """The answer's markdown and the template card of its last buttons.

        Earlier buttons, or too many for a card, become the commands to send."""
        parts: list[str] = []
        card = None
        last_with_buttons = max((index for index, (_, buttons) in enumerate(answer.texts) if buttons), default=None)
        for index, (text, buttons) in enumerate(answer.texts):
            part = wecom_markdown(text, self.directory)
            if buttons:
                if index == last_with_buttons and fits_in_a_card(buttons):
                    card = button_card(text, buttons)
                    self._remember_card(str(card["task_id"]), (text, buttons))
                else:
                    with commands_written(answer.words):
                        hint = buttons_as_text(buttons, answer.language)
                    part = part + ("\n" + wecom_markdown(hint, self.directory) if hint else "")
            parts.append(part)
        return "\n\n".join(part for part in parts if part.strip()), card

    async def send_answer(self, answer: Answer, req_id: str, chat: str) -> None:
        """One stream reply to the callback ``req_id``; what does not fit it is pushed to ``chat``."""
        if answer.empty:
            return
        content, card = self._markdown(answer)
        pieces = split_content(content)
        stream: dict[str, Any] = {"id": f"stream_{req_id}", "finish": True, "content": pieces[0]}
        if answer.pictures:
            stream["msg_item"] = [image_item(picture) for picture in answer.pictures]
        body: dict[str, Any] = {"msgtype": "stream", "stream": stream}
        if card is not None:
            body = {"msgtype": "stream_with_template_card", "stream": stream, "template_card": card}
        if not await self._send(RESPOND, body, req_id):
            # The reply could not go (the connection dropped): push the text once connected again.
            await self._push_pieces(chat, pieces)
        else:
            await self._push_pieces(chat, pieces[1:])
        await self._send_files(answer, chat)

    async def push(self, answer: Answer, chat: str) -> None:
        """An answer without a callback to reply to: pushed (``aibot_send_msg``), a card after its text."""
        if answer.empty:
            return
        content, card = self._markdown(answer)
        await self._push_pieces(chat, split_content(content))
        if card is not None:
            await self._send(SEND, {"chatid": chat, "msgtype": "template_card", "template_card": card})
        await self._send_files(answer, chat)

    async def _send_files(self, answer: Answer, chat: str) -> None:
        """Each document uploaded over the long connection and pushed as a file.

        One that WeCom does not take is said in one line, with the way to the same file without WeCom."""
        for content, name in answer.files:
            reason = await self._send_file(chat, content, name, answer.language)
            if reason is None:
                continue
            line = t("wecom.file_refused", answer.language, name=escape(name), reason=escape(reason))
            way_round = "wecom.pdf_not_carried" if name.lower().endswith(".pdf") else "wecom.file_not_carried"
            with commands_written(answer.words):
                fallback = t(way_round, answer.language, name=escape(name))
            await self._push_pieces(chat, split_content(wecom_markdown(line + "\n" + fallback, self.directory)))

    async def _send_file(self, chat: str, content: bytes, name: str, language: Language) -> str | None:
        """Upload and push one file; ``None`` when it went, else why not (in ``language``)."""
        connection = self.connection
        if connection is None:
            return t("wecom.refused.no_connection", language)
        try:
            media_id = await upload(connection, "file", name, content)
        except MediaRefused as error:
            return t(f"wecom.refused.{error.reason}", language, detail=error.detail)
        except NotConnected:
            return t("wecom.refused.no_connection", language)
        if await self._send(SEND, {"chatid": chat, "msgtype": "file", "file": {"media_id": media_id}}):
            return None
        return t("wecom.refused.not_sent", language)

    async def _push_pieces(self, chat: str, pieces: Sequence[str]) -> None:
        for piece in pieces:
            if piece.strip():
                await self._send(SEND, {"chatid": chat, "msgtype": "markdown", "markdown": {"content": piece}})

    async def _send(self, cmd: str, body: dict[str, Any], req_id: str | None = None) -> bool:
        """Send a frame, retrying what may pass later (a busy server, no connection for a moment).

        Whether WeCom accepted it. A refusal is logged, never raised."""
        connection = self.connection
        if connection is None:
            log.warning("WeCom: no connection to send %s", cmd)
            return False
        for attempt in range(1, SEND_ATTEMPTS + 1):
            try:
                await connection.request(cmd, body, req_id)
                return True
            except WeComError as error:
                if not error.retryable or attempt == SEND_ATTEMPTS:
                    log.warning("WeCom refused %s: %s", cmd, error)
                    return False
            except NotConnected as error:
                if req_id is not None or attempt == SEND_ATTEMPTS:
                    # A reply belongs to its connection's callback: it cannot wait for the next one.
                    log.warning("WeCom: %s not sent (%s)", cmd, error)
                    return False
            await asyncio.sleep(float(2 ** (attempt - 1)))
        return False
