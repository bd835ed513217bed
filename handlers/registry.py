"""The command registry.

One :class:`CommandSpec` per command gives its handler on every platform, its help line and its menus.

Adding a command: write ``async def my_command(call: Invocation) -> None`` in a handler module, add one
``CommandSpec`` to ``handlers.commands.COMMANDS`` and its texts (``commands.describe.<name>``,
``commands.usage.<name>``) to ``locales/*/commands.toml``. :meth:`CommandSpec.invoke` does the common work before
the callback runs, the same on every platform: it reads the chat's language, refuses the wrong kind of chat and
callers without the audience's role, and cleans the arguments. The front door (``handlers.dispatch``) finds the
spec and calls it; :func:`failure_text` is what every platform answers a failure with.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from bot.errors import GuandanError, UsageError
from bot.i18n import Language, command_text, has, t
from bot.richtext import escape_params
from bot.services import Services
from bot.services.caller import Caller, ChatKind
from bot.services.chats import language_of
from bot.services.roles import Role
from handlers.arguments import clean_arguments, clean_text
from handlers.invocation import Channel, Invocation, Mentioned, NoTimers, Timers

_COMMAND_NAME = re.compile(r"^[a-z0-9_]{1,32}$")

ALL_CHATS = frozenset({ChatKind.PRIVATE, ChatKind.GROUP, ChatKind.SUPERGROUP})
GROUPS = frozenset({ChatKind.GROUP, ChatKind.SUPERGROUP})
PRIVATE = frozenset({ChatKind.PRIVATE})


class Audience(enum.StrEnum):
    EVERYONE = "everyone"
    ORGANISER = "organiser"
    """Group owner and administrators (and, with tournaments, the creator); anyone in their private chat."""


class GroupsOnly(UsageError):
    key = "registry.groups_only"


class PrivateOnly(UsageError):
    key = "registry.private_only"


CommandCallback = Callable[[Invocation], Awaitable[None]]


def error_text(error: GuandanError, language: Language, usage_key: str | None = None) -> str:
    """A refusal in the chat's language (markup); a usage error is followed by the command's usage line."""
    text = t(error.key, language, **escape_params(error.params))
    if isinstance(error, UsageError) and usage_key and has(usage_key, language):
        text += "\n" + t(usage_key, language)
    return text


def failure_text(error: BaseException, language: Language, usage_key: str | None = None, *,
                 committed: bool = False) -> str:
    """What a person is told when their message or press failed (markup).

    A refusal's text (:func:`error_text`), or an apology without internals that says whether the change was
    ``committed`` before the failure."""
    if isinstance(error, GuandanError):
        return error_text(error, language, usage_key)
    return t("registry.apology_after_change" if committed else "registry.apology", language)


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str
    callback: CommandCallback
    audience: Audience = Audience.EVERYONE
    chat_kinds: frozenset[ChatKind] = ALL_CHATS
    aliases: tuple[str, ...] = ()
    max_argument_length: int = 64
    """Longest accepted argument (after cleaning); longer gets a short explanation."""
    listed: bool = True
    """Shown in /help and the menus (which need its ``commands.describe.<name>`` text)."""
    documents: bool = False
    """Also run for a document sent with the command as its caption (``/import`` with a roster file)."""
    free_text: bool = False
    """The arguments are text (a name, a question) that keeps its punctuation; otherwise commas and the like
    separate words (:func:`~handlers.arguments.separate_words`)."""
    read_only: bool = False
    """The command only shows something and changes nothing: repeated in a group within a minute with the same
    answer, it gets a pointer to the earlier answer instead (``handlers.telegram.quiet``). ``/export`` is not
    marked: it always sends its files."""

    def __post_init__(self) -> None:
        for name in (self.name, *self.aliases):
            if not _COMMAND_NAME.match(name):
                raise ValueError(f"command name {name!r} must be 1-32 characters of [a-z0-9_]")

    @property
    def description_key(self) -> str:
        return f"commands.describe.{self.name}"

    @property
    def usage_key(self) -> str:
        return f"commands.usage.{self.name}"

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    def allowed_in(self, kind: ChatKind) -> bool:
        return kind in self.chat_kinds

    async def invoke(
        self, services: Services, commands: CommandTable, caller: Caller, raw_args: Sequence[str], channel: Channel,
        *, mentioned: Mentioned | None = None, timers: Timers | None = None,
    ) -> Language:
        """Run the command for ``caller``: language, chat kind, audience and arguments checked, then the callback.
        A refusal raises its :class:`~bot.errors.GuandanError` (the platform answers it with :func:`error_text`).
        The chat's language (what the answers were written in)."""
        # The names people chose with /name win over their platform's, for the caller and whom they point at.
        await services.names.refresh(services.storage, caller.claim)
        caller = services.names.caller(caller)
        if mentioned is not None:
            mentioned = replace(mentioned, user=services.names.person(mentioned.user))
        language = await language_of(services.storage, caller, services.settings.language)
        if not self.allowed_in(caller.chat_kind):
            raise GroupsOnly() if ChatKind.PRIVATE not in self.chat_kinds else PrivateOnly()
        if self.audience is Audience.ORGANISER:
            await services.roles.require(caller, Role.ORGANISER)
        # Quoted names keep their commas; elsewhere commas separate words unless the command takes free text.
        args = clean_arguments(raw_args, self.max_argument_length, separate=not self.free_text)
        await self.callback(Invocation(services, commands, self, caller, language, args, channel, mentioned,
                                       timers or NoTimers()))
        return language


def unknown_command_text(table: CommandTable, name: str, language: Language) -> str:
    """The answer to ``/name`` that no command has.

    "did you mean /result?" with that command's usage when a registered name is one typo away, otherwise a pointer to
    /help (markup)."""
    shown = escape_params({"command": name[:40]})["command"]
    suggestion = table.closest(name)
    if suggestion is None:
        return t("registry.unknown", language, command=shown)
    text = t("registry.did_you_mean", language, command=shown,
             suggestion=escape_params({"command": command_text("/" + suggestion, language)})["command"])
    spec = table.find(suggestion)
    if spec is not None and has(spec.usage_key, language):
        text += "\n" + t(spec.usage_key, language)
    return text


def mistyped_verb_text(table: CommandTable, typed: str, verb: str, command: str, language: Language) -> str:
    """The answer to a verb one character off (``成级``): "did you mean 成绩?" with that command's usage."""
    shown = escape_params({"typed": typed[:40]})["typed"]
    text = t("registry.did_you_mean_verb", language, typed=shown, verb=verb)
    spec = table.find(command)
    if spec is not None and has(spec.usage_key, language):
        text += "\n" + t(spec.usage_key, language)
    return text


@dataclass(frozen=True, slots=True)
class TypedCommand:
    """A command found in plain text.

    ``／ｒｅｓｕｌｔ ２ Ａ＋`` (a full-width slash, which Telegram does not mark as a command) read as ``/result 2 A+``.
    """

    name: str
    addressee: str | None
    args: tuple[str, ...]


_TYPED_COMMAND = re.compile(r"/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]*))?(?![A-Za-z0-9_@])")


def typed_command(text: str | None) -> TypedCommand | None:
    """The command a text starts with once cleaned, ``None`` when it does not start with one.

    NFKC folds ``／`` into ``/`` and full-width letters into plain ones. The arguments are the words after the command,
    even when punctuation is glued to it (``/signup。``)."""
    if not text:
        return None
    cleaned = clean_text(text).lstrip()
    found = _TYPED_COMMAND.match(cleaned)
    if found is None:
        return None
    return TypedCommand(found.group(1).lower(), found.group(2), tuple(cleaned[found.end():].split()))


def _edits(first: str, second: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours."""
    previous_row: list[int] = []
    row = list(range(len(second) + 1))
    for i, left in enumerate(first, start=1):
        before, previous_row, row = previous_row, row, [i] + [0] * len(second)
        for j, right in enumerate(second, start=1):
            row[j] = min(previous_row[j] + 1, row[j - 1] + 1, previous_row[j - 1] + (left != right))
            if i > 1 and j > 1 and left == second[j - 2] and first[i - 2] == right:
                row[j] = min(row[j], before[j - 2] + 1)
    return row[-1]


class CommandTable:
    """The commands in order; names and aliases must be unique."""

    def __init__(self, specs: Iterable[CommandSpec]) -> None:
        self.specs: tuple[CommandSpec, ...] = tuple(specs)
        self._by_name: dict[str, CommandSpec] = {}
        for spec in self.specs:
            for name in spec.names:
                if name in self._by_name:
                    raise ValueError(f"command name /{name} is registered twice")
                self._by_name[name] = spec

    def names(self) -> dict[str, str]:
        """Every command name and alias → its command's name."""
        return {name: spec.name for name, spec in self._by_name.items()}

    def find(self, name: str | None) -> CommandSpec | None:
        return None if name is None else self._by_name.get(name.lower())

    def closest(self, name: str, *, reach: int | None = None) -> str | None:
        """The registered name a typo most likely meant (``reslut`` → ``result``, ``standing`` → ``standings``):
        at most ``reach`` edits (a swap of neighbours is one), by default one for names of up to four letters and two
        for longer ones; ``None`` when none is that close or two commands are equally close."""
        typed = name.lower()
        if not typed or typed in self._by_name:
            return None
        if reach is None:
            reach = 1 if len(typed) <= 4 else 2
        scored = sorted((_edits(typed, known), known) for known in self._by_name)
        best = [known for distance, known in scored if distance == scored[0][0]]
        if scored[0][0] > reach or len({self._by_name[known].name for known in best}) > 1:
            return None
        return best[0]

    def visible(self, kind: ChatKind, *, organiser: bool) -> list[CommandSpec]:
        """What a caller may use in a chat of this kind (organiser commands only for organisers)."""
        return [
            spec for spec in self.specs
            if spec.listed and spec.allowed_in(kind) and (organiser or spec.audience is Audience.EVERYONE)
        ]
