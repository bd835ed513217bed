"""The one front door: every platform hands its messages and button presses to a :class:`Dispatcher`.

A platform reduces what arrived to a neutral value — an :class:`Incoming` message (who, which chat, the text, the
person it points at, whether a file came with it, how it reaches the bot, the delivery's id) or an
:class:`Arrival` with the data of a pressed button — and gives it, with its :class:`~handlers.invocation.Channel`,
to one function that does the rest, the same everywhere:

1. **admit**: claim the delivery's id once (``bot.services.intake``: a re-delivery stops here) and remember the chat
   and the people it shows; a platform that never delivers twice (the console) only remembers them;
2. **language**: the chat's;
3. **read**: what the message is (``handlers.reading.read_message``, the one parser);
4. **invoke** the command through its :class:`~handlers.registry.CommandSpec` (or answer the rule question, or
   say the command is unknown);
5. **fail** one way (:meth:`Dispatcher.failure_text`): a refusal (:class:`~bot.errors.GuandanError`) with its
   text and the command's usage line, anything else with an apology that says whether the change was committed;
6. **settle**: record the delivery as handled when nothing recorded it, so it is never answered twice.

What is said goes to the channel; the platform sends it its own way.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, cast, runtime_checkable

from bot.claims import UpdateClaim
from bot.errors import GuandanError, StorageError, UpdateAlreadyApplied
from bot.i18n import CommandWords, Language, commands_written
from bot.services import Services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.chats import language_of
from bot.services.console import remember_visit
from bot.services.intake import admit_update, settle_update, update_applied
from handlers.buttons import ButtonData, ButtonSpec, ButtonTable, ForgedButtonError, Note, PressChannel
from handlers.commands import COMMANDS
from handlers.commands.buttons import BUTTONS
from handlers.commands.rules.rule_questions import answer_question
from handlers.invocation import (
    Acknowledgement,
    Attachment,
    Channel,
    Mentioned,
    NoTimers,
    Timers,
    TypesVerbs,
    provides,
)
from handlers.reading import (
    Addressing,
    CommandCall,
    NotForUs,
    Reading,
    RuleQuestion,
    UnknownCommand,
    read_message,
)
from handlers.registry import (
    CommandSpec,
    CommandTable,
    error_text,
    failure_text,
    mistyped_verb_text,
    unknown_command_text,
)
from handlers.verbs import VERB_OF_COMMAND, VERBS, VERBS_WITH_WORDS, text_after_command

log = logging.getLogger(__name__)

__all__ = [  # what a platform may use of the handlers: the neutral values, the dispatcher, the channels' protocols
    "Acknowledgement", "Addressing", "Admitted", "AnswerKey", "Arrival", "Attachment", "ButtonData", "ButtonSpec",
    "Caller", "Channel", "ChatKind", "ChatUser", "CommandSpec", "CommandTable", "Dispatcher", "ForgedButtonError",
    "Incoming", "Mentioned", "Note", "PressChannel", "ReadOnlyAnswers", "SpeaksLanguage", "TypesVerbs",
    "WordsNamePeople",
    "text_after_command",
]


@dataclass(frozen=True, slots=True)
class Arrival:
    """One delivery from a platform: its id, who sent it from which chat, and everyone it shows."""

    caller: Caller | None
    """``None`` for a delivery without a chat (Telegram's inline queries, polls)."""
    update_id: int | None = None
    """The platform's id of the delivery, claimed once; ``None`` where nothing is delivered twice (the console)."""
    people: tuple[ChatUser, ...] = ()
    """Everyone it shows (the sender, the author of the message it replies to): remembered when it is admitted."""
    on_recorded: Callable[[int], None] | None = None
    """Told the id once the delivery is recorded (Telegram's polling may then confirm it)."""


@dataclass(frozen=True, slots=True)
class Admitted:
    """A delivery let in: its caller carrying the claim, and the claim (``None`` where nothing is claimed)."""

    caller: Caller | None
    claim: UpdateClaim | None


TYPED_VERBS = VERB_OF_COMMAND | {command: verb for verb, command in VERBS_WITH_WORDS.items()}
"""The verb a person types for a command (``/set 赛制 …`` is ``设置 赛制 …``)."""


class WordsNamePeople(Protocol):
    """A platform whose messages name people as words of the text (WeCom's ``@userid``)."""

    async def pointed_at(self, args: tuple[str, ...]) -> tuple[tuple[str, ...], Mentioned | None]:
        """The words without the first ``@name`` and the person it names; a refusal when nobody has that name."""


@dataclass(frozen=True, slots=True)
class Incoming:
    """A message as its platform reduced it."""

    arrival: Arrival
    text: str
    """The text, or the caption of the file that came with it."""
    addressing: Addressing
    mentioned: Mentioned | None = None
    """The person the message points at (a mention without username, the author of the message it replies to)."""
    with_file: bool = False
    marked_length: int | None = None
    """The command the platform marked at the start (``Addressing.marks_commands``)."""
    words_name_people: WordsNamePeople | None = None
    """How the platform finds the person a command's words name (WeCom), when it points at people that way."""


@runtime_checkable
class SpeaksLanguage(Protocol):
    """A channel that words some of its own notes (WeCom: "files cannot go here") in the chat's language."""

    def speak(self, language: Language) -> None:
        """The chat's language, known once the message is admitted."""


AnswerKey = tuple[int, str, tuple[str, ...]]
"""A read-only command's answer is the same when these are: the chat, the command, its words."""


@runtime_checkable
class ReadOnlyAnswers(Protocol):
    """A channel that may point to an earlier identical answer instead of repeating it.

    For a command that only shows something, given again with the same words (Telegram's quiet groups,
    ``handlers.telegram.quiet``)."""

    async def answer_read_only(self, key: AnswerKey, run: Callable[[Channel], Awaitable[Language]]) -> None:
        """Run the command (``run`` with the channel to answer on) and send or point to its answer."""


class Dispatcher:
    """The command table, the buttons and the services behind every platform's front door."""

    def __init__(self, services: Services, *, commands: Iterable[CommandSpec] | None = None,
                 buttons: Iterable[ButtonSpec] | None = None, timers: Timers | None = None,
                 own_errors: tuple[type[BaseException], ...] = ()) -> None:
        """The dispatcher of one process, over its services and the command and button tables.

        The product's tables unless a test adds its own; ``timers``: the process's scheduler of announcement jobs;
        ``own_errors``: the platform's own errors, which it answers itself (Telegram: a chat that moved)."""
        self.services = services
        self.commands = CommandTable(COMMANDS if commands is None else commands)
        self.buttons = ButtonTable(BUTTONS if buttons is None else buttons)
        self.timers = timers or NoTimers()
        self.own_errors = own_errors
        self._command_words: dict[str, CommandWords] = {}
        self._in_hand: set[int] = set()
        """Update ids admitted and not yet done: a copy delivered meanwhile (WeCom redelivers a msgid) is dropped
        unanswered; once done, the update is recorded and the database stops later copies."""

    # Admit and settle.

    async def admit(self, arrival: Arrival) -> Admitted | None:
        """Claim the delivery and remember its chat and people.

        ``None``: delivered again, already handled or being handled. A claimed delivery must be let go with :meth:`done`
        when it is handled."""
        services = self.services
        caller = arrival.caller
        update_id = arrival.update_id
        if update_id is None:
            if caller is not None:
                await remember_visit(services, caller)
            return Admitted(caller, None)
        if update_id in self._in_hand:
            log.info("update %s was delivered again while it is being handled: dropped", update_id)
            return None
        self._in_hand.add(update_id)  # before the first await: a copy right behind finds it
        try:
            claim = await admit_update(services.storage, update_id, caller, arrival.people, services.clock(),
                                       arrival.on_recorded, services.acquaintances)
        except BaseException:
            self._in_hand.discard(update_id)
            raise
        if claim is None:
            self._in_hand.discard(update_id)
            log.info("update %s was delivered again: already handled", update_id)
            return None
        return Admitted(None if caller is None else replace(caller, claim=claim), claim)

    def done(self, arrival: Arrival) -> None:
        """The delivery admitted by :meth:`admit` is handled (settled, or left for a re-delivery to apply)."""
        if arrival.update_id is not None:
            self._in_hand.discard(arrival.update_id)

    async def settle(self, claim: UpdateClaim | None) -> None:
        """Record the delivery as handled if no change recorded it."""
        await settle_update(self.services.storage, claim)

    async def other(self, arrival: Arrival,
                    action: Callable[[Admitted], Awaitable[None]] | None = None) -> None:
        """A delivery that is neither a message nor a press (a member update, a chat's move).

        Admitted, ``action`` run, settled. A failure is the platform's (raised)."""
        admitted = await self.admit(arrival)
        if admitted is None:
            return
        try:
            if action is not None:
                await action(admitted)
            await self.settle(admitted.claim)
        finally:
            self.done(arrival)

    async def language(self, caller: Caller) -> Language:
        """The chat's language; the default when the database cannot say (it may be what failed)."""
        default = self.services.settings.language
        try:
            return await language_of(self.services.storage, caller, default)
        except Exception:
            return default

    # Messages.

    def read(self, incoming: Incoming) -> Reading:
        """What the message asks of the bot (``handlers.reading``)."""
        return read_message(incoming.text, self.commands, incoming.addressing, with_file=incoming.with_file,
                            marked_length=incoming.marked_length)

    def reads_as_command(self, incoming: Incoming) -> bool:
        """Whether the message calls one of the commands (a file is read only with such a caption)."""
        return isinstance(self.read(incoming), CommandCall)

    async def message(self, incoming: Incoming, channel: Channel) -> bool:
        """Admit, read, run and answer one message (module docstring).

        ``False`` when it was not handled after all (delivered again, or applied meanwhile by another process: what the
        channel was given must not go)."""
        admitted = await self.admit(incoming.arrival)
        if admitted is None:
            return False
        try:
            return await self._handle(admitted, incoming, channel)
        finally:
            self.done(incoming.arrival)

    def command_words(self, channel: object, language: Language) -> CommandWords | None:
        """How the channel's people type commands, when not as ``/command``.

        WeCom: ``@掼蛋助手 报名``. The catalog's texts write them so in its answers (``bot.i18n.CommandWords``)."""
        if not provides(channel, TypesVerbs):
            return None
        mention = cast(TypesVerbs, channel).command_mention(language)
        words = self._command_words.get(mention)
        if words is None:  # one per way of mentioning the bot, so each keeps the texts it wrote
            words = self._command_words[mention] = CommandWords(mention, TYPED_VERBS, self.commands.names())
        return words

    async def _handle(self, admitted: Admitted, incoming: Incoming, channel: Channel) -> bool:
        if admitted.caller is None:
            return False
        language = await self.language(admitted.caller)
        with commands_written(self.command_words(channel, language)):
            return await self._answer(admitted.caller, language, incoming, channel)

    async def _answer(self, caller: Caller, language: Language, incoming: Incoming, channel: Channel) -> bool:
        if provides(channel, SpeaksLanguage):
            cast(SpeaksLanguage, channel).speak(language)
        reading = self.read(incoming)
        spec = reading.spec if isinstance(reading, CommandCall) else None
        try:
            await self._run(reading, caller, incoming, channel, language)
        except self.own_errors:
            raise
        except UpdateAlreadyApplied:
            log.info("update %s was applied meanwhile; this handling was rolled back", incoming.arrival.update_id)
            return False
        except Exception as error:
            if not isinstance(error, GuandanError):
                log.error("update %s failed (%s)", incoming.arrival.update_id,
                          f"/{spec.name}" if spec else type(reading).__name__, exc_info=error)
            text = await self.failure_text(error, caller, spec)
            if not isinstance(error, StorageError):  # a re-delivery may apply what the database refused
                await self.settle(caller.claim)
            await channel.reply(text)
            return True
        await self.settle(caller.claim)
        return True

    async def _run(self, reading: Reading, caller: Caller, incoming: Incoming, channel: Channel,
                   language: Language) -> None:
        if isinstance(reading, NotForUs):
            return
        if isinstance(reading, RuleQuestion):
            await answer_question(self.services, caller, reading.text, channel, addressed=reading.addressed)
            return
        if isinstance(reading, UnknownCommand):
            if reading.meant_verb is not None:
                await channel.reply(mistyped_verb_text(self.commands, reading.name, reading.meant_verb,
                                                       VERBS[reading.meant_verb], language))
                return
            await channel.reply(unknown_command_text(self.commands, reading.name, language))
            return
        args, mentioned = reading.args, incoming.mentioned
        if incoming.words_name_people is not None and mentioned is None:
            args, mentioned = await incoming.words_name_people.pointed_at(args)
        await self.invoke(reading.spec, caller, args, mentioned, channel)

    async def invoke(self, spec: CommandSpec, caller: Caller, args: Sequence[str], mentioned: Mentioned | None,
                     channel: Channel) -> None:
        """Run one command through its :class:`~handlers.registry.CommandSpec`."""

        async def run(answer_on: Channel) -> Language:
            return await spec.invoke(self.services, self.commands, caller, args, answer_on, mentioned=mentioned,
                                     timers=self.timers)

        if spec.read_only and caller.chat_kind.is_group and provides(channel, ReadOnlyAnswers):
            await cast(ReadOnlyAnswers, channel).answer_read_only((caller.chat_id, spec.name, tuple(args)), run)
        else:
            await run(channel)

    # Presses.

    async def press(self, arrival: Arrival, data: str | None, channel: PressChannel) -> Note | None:
        """Admit a press of a button, run its action (``handlers.buttons``), settle.

        The note for the presser, or ``None`` for a re-delivery."""
        admitted = await self.admit(arrival)
        if admitted is None:
            return None
        try:
            words = None
            if provides(channel, TypesVerbs) and admitted.caller is not None:
                words = self.command_words(channel, await self.language(admitted.caller))
            with commands_written(words):
                note = await self.buttons.press(self.services, admitted.caller, data, channel)
            await self.settle(admitted.claim)
        finally:
            self.done(arrival)
        return note

    # Failing.

    async def failure_text(self, error: BaseException, caller: Caller, spec: CommandSpec | None) -> str:
        """What the person is told when a message failed.

        A refusal's text (with ``spec``'s usage line for a usage error), or an apology that says whether the change was
        committed before the failure."""
        language = await self.language(caller)
        if isinstance(error, GuandanError):
            return error_text(error, language, spec.usage_key if spec else None)
        claim = caller.claim
        committed = claim is not None and (claim.recorded or await update_applied(self.services.storage,
                                                                                   claim.update_id))
        return failure_text(error, language, None, committed=committed)
