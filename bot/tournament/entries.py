"""Who signs up: people, their gender and unit, and entries (a pair, or one person waiting to be paired by lot).

Person keys are opaque strings that identify one person across the whole tournament:

- ``tg:<telegram user id>`` for someone with a Telegram account, ``wecom:<n>`` for someone with a WeCom account
  (``Person.account``; :func:`account_key` chooses the prefix by the range of the internal user id);
- ``name:<normalized display name>`` for a member an organiser enters by name only (``Person.named``); two
  spellings that differ only in case, width or spacing (``Bob``, ``ＢＯＢ``, `` bob ``) are the same person, so
  two members who share a name must be entered distinguishably (``张伟（财务）``, ``张伟（工会）``).

An entry's ``entry_id`` counts sign-ups from 1 and is never reused, so it is also the sign-up order that decides
who is in and who waits when places are limited (``bot.tournament.registration``).
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bot.errors import TournamentError
from bot.tournament.names import clean_name, clean_unit, fit_name, name_key

ACCOUNT_PREFIX = "tg:"
"""Person keys: ``tg:<user id>`` a Telegram account (the one scheme of history, entries and mentions),
``wecom:<n>`` a WeCom account, ``name:<key>`` a member entered by name."""
WECOM_PREFIX = "wecom:"
WECOM_FIRST_USER_ID = 1 << 60
"""Internal user ids of WeCom people start here: ``wecom:<n>`` is user id ``WECOM_FIRST_USER_ID + n``. WeCom names
people by strings (userids); ``bot.services.platform_ids`` gives each one the next number of this range, which lies
far beyond Telegram's user ids (at most 52 bits) and below SQLite's 64-bit limit, so the two never meet."""
ACCOUNT_PREFIXES = (ACCOUNT_PREFIX, WECOM_PREFIX)
NAME_PREFIX = "name:"
TEAM_NAME_SEPARATOR = " / "


class UnknownGenderError(TournamentError):
    key = "entries.unknown_gender"


class UnknownModeError(TournamentError):
    key = "entries.unknown_mode"


class RegistrationMode(enum.StrEnum):
    """How pairs form (notice 002: 员工自行配对 / 无配对者现场抽签; 男女分开抽签 1号男与1号女组成一对)."""

    PAIRS = "pairs"  # 自由组合: pairs sign up together; singles are paired by lot
    MIXED = "mixed"  # 男女配对: everyone signs up alone with a gender; man #k partners woman #k

    @classmethod
    def parse(cls, text: str) -> RegistrationMode:
        """``pairs`` (also ``free``, 自由组合) or ``mixed`` (also 男女, 男女配对); raise :class:`UnknownModeError`."""
        mode = _MODE_WORDS.get(text.strip().casefold())
        if mode is None:
            raise UnknownModeError(mode=text)
        return mode


_MODE_WORDS = {
    word: RegistrationMode.PAIRS for word in ("pairs", "pair", "free", "自由组合", "自由配对", "自由组队", "自由")
} | {word: RegistrationMode.MIXED for word in ("mixed", "mix", "男女", "男女配对", "男女搭配", "男女混合", "混合")}


class Gender(enum.StrEnum):
    MALE = "m"
    FEMALE = "f"

    @classmethod
    def parse(cls, text: str) -> Gender:
        """``m``/``f`` (any case), ``male``/``female``, 男/女, ♂/♀ and the like; raise :class:`UnknownGenderError`."""
        gender = _GENDER_WORDS.get(unicodedata.normalize("NFKC", text).strip().casefold())
        if gender is None:
            raise UnknownGenderError(gender=text)
        return gender


_GENDER_WORDS = {
    word: Gender.MALE for word in ("m", "male", "man", "men", "boy", "男", "男性", "男生", "先生", "♂")
} | {word: Gender.FEMALE for word in ("f", "female", "woman", "women", "w", "girl", "女", "女性", "女生", "女士", "♀")}


@dataclass(frozen=True, slots=True)
class Person:
    """One player. Build with :meth:`account` or :meth:`named`, which clean the name and unit."""

    key: str
    name: str
    gender: Gender | None = None
    unit: str | None = None

    @classmethod
    def account(cls, user_id: int, name: str, *, gender: Gender | None = None, unit: str | None = None) -> Person:
        """A chat account (Telegram or WeCom).

        Their profile name cannot be retyped, so it is shortened or replaced, never refused."""
        return cls(account_key(user_id), fit_name(name, fallback=f"#{user_id}"), gender, clean_unit(unit))

    @classmethod
    def named(cls, name: str, *, gender: Gender | None = None, unit: str | None = None) -> Person:
        """A member without an account, entered by an organiser; a bad name is refused (the organiser retypes)."""
        cleaned = clean_name(name)
        return cls(f"{NAME_PREFIX}{name_key(cleaned)}", cleaned, gender, clean_unit(unit))

    @property
    def has_account(self) -> bool:
        return self.key.startswith(ACCOUNT_PREFIXES)

    @property
    def user_id(self) -> int | None:
        """The internal user id of a person with an account; ``None`` for one entered by name."""
        return account_id(self.key)


def account_key(user_id: int) -> str:
    """The person key of a chat account: ``tg:42`` (Telegram), ``wecom:7`` (the seventh WeCom person)."""
    if user_id >= WECOM_FIRST_USER_ID:
        return f"{WECOM_PREFIX}{user_id - WECOM_FIRST_USER_ID}"
    return f"{ACCOUNT_PREFIX}{user_id}"


def account_id(key: str) -> int | None:
    """The internal user id an account key names (``tg:42`` → 42, ``wecom:7`` → ``WECOM_FIRST_USER_ID + 7``).

    ``None`` for any other key."""
    if key.startswith(ACCOUNT_PREFIX):
        local = key.removeprefix(ACCOUNT_PREFIX)
        return int(local) if local.lstrip("-").isdecimal() else None
    if key.startswith(WECOM_PREFIX):
        local = key.removeprefix(WECOM_PREFIX)
        return WECOM_FIRST_USER_ID + int(local) if local.isdecimal() else None
    return None


def is_person_key(text: str) -> bool:
    """Whether ``text`` has the shape of a person key (for data read back from files)."""
    if text.startswith(ACCOUNT_PREFIX):
        return text.removeprefix(ACCOUNT_PREFIX).isdecimal()
    if text.startswith(WECOM_PREFIX):
        return text.removeprefix(WECOM_PREFIX).isdecimal()
    return text.startswith(NAME_PREFIX) and len(text) > len(NAME_PREFIX)


def common_unit(people: Iterable[Person]) -> str | None:
    """The unit every one of ``people`` belongs to, or ``None`` if one has none or two differ.

    Units compare as spelled: a registration gives every spelling of one unit its first spelling
    (``bot.tournament.registration``), so ``IT`` and ``it`` are already alike here.
    """
    units = {person.unit for person in people}
    return units.pop() if len(units) == 1 else None


def team_name(people: Sequence[Person]) -> str:
    return TEAM_NAME_SEPARATOR.join(person.name for person in people)


class EntryStatus(enum.StrEnum):
    ACTIVE = "active"  # has a place in the draw
    WAITING = "waiting"  # over capacity: on the reserve list, moves up when a place frees
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class Entry:
    """A sign-up: a pair (two members) or a single waiting to be paired by lot (one member)."""

    entry_id: int
    members: tuple[Person, ...]
    status: EntryStatus = EntryStatus.ACTIVE

    def __post_init__(self) -> None:
        if len(self.members) not in (1, 2):
            raise ValueError(f"an entry has one or two members, not {len(self.members)}")

    @property
    def is_single(self) -> bool:
        return len(self.members) == 1

    @property
    def is_current(self) -> bool:
        """Active or waiting: the entry still holds its members."""
        return self.status is not EntryStatus.WITHDRAWN

    @property
    def name(self) -> str:
        return team_name(self.members)

    @property
    def unit(self) -> str | None:
        return common_unit(self.members)

    @property
    def person_keys(self) -> tuple[str, ...]:
        return tuple(person.key for person in self.members)

    @property
    def canonical_key(self) -> str:
        """Sorts entries independently of when they signed up.

        The smallest member key (a person holds one entry, so two entries never share it)."""
        first = self.members[0].key
        if len(self.members) == 1:
            return first
        second = self.members[1].key
        return first if first < second else second


def canonical_order(entries: Iterable[Entry], key: Callable[[str], str] | None = None) -> tuple[Entry, ...]:
    """``entries`` in the order the draw starts from.

    ``entries`` sorted by their members' person keys (or by ``key`` of them: the draw sorts by the keys its file
    publishes, ``bot.tournament.draw.public_key``): the order the draw starts from."""
    if key is None:
        return tuple(sorted(entries, key=lambda entry: entry.canonical_key))
    return tuple(sorted(entries, key=lambda entry: min(key(person_key) for person_key in entry.person_keys)))
