"""A tournament's sign-up side as localized chat text (Telegram HTML).

Announcements, sign-ups, the entry list, settings and referees. Every user-supplied name is escaped; lists longer than
:data:`LIST_LIMIT` lines end with a pointer to ``/export``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.i18n import Language, has, t
from bot.richtext import escape
from bot.richtext import mention as person_mention
from bot.services.tournament.entries_edit import EntryUnitSet, MemberEdited
from bot.services.tournament.lineup import Substituted
from bot.services.tournament.name_claims import NameClaimResult
from bot.services.tournament.setup import SettingsView
from bot.services.tournament.signup import Accepted, Invited, SignedUp, Withdrawn
from bot.services.tournament.state import TournamentState
from bot.tournament.entries import (
    ACCOUNT_PREFIXES,
    TEAM_NAME_SEPARATOR,
    Entry,
    Gender,
    Person,
    RegistrationMode,
    account_key,
)
from bot.tournament.people import Referee
from bot.tournament.record import TournamentStatus
from bot.tournament.registration import open_places
from bot.tournament.settings import SETTING_KEYS
from bot.tournament.teams import Team

LIST_LIMIT = 100
"""Lines of a list shown in the chat; the full lists are in ``/export``."""


def say(key: str, lang: Language, /, raw: Mapping[str, str] | None = None, **params: Any) -> str:
    """``t`` with every string parameter HTML-escaped (names come from users).

    ``raw`` values are HTML already (mentions, composed lines)."""
    escaped = {name: escape(value) if isinstance(value, str) else value
               for name, value in params.items()}
    return t(key, lang, **escaped, **(raw or {}))


def listed(items: Iterable[str], lang: Language) -> str:
    """Names one after the other as the language writes a list: ``张三、李四`` / ``Zhang, Li``."""
    return t("tournament.list_separator", lang).join(items)


def capped(lines: Sequence[str], lang: Language, limit: int | None = LIST_LIMIT) -> list[str]:
    """``lines``, at most ``limit`` of them and a pointer to ``/export`` (``None``: all, for a document)."""
    if limit is None or len(lines) <= limit:
        return list(lines)
    return [*lines[:limit], say("tournament.more", lang, count=len(lines) - limit)]


def mention(user_id: int | None, username: str | None, name: str) -> str:
    """Markup that notifies the person where the platform can (escaped)."""
    if user_id is not None:
        return person_mention(account_key(user_id), name)
    if username:
        return "@" + escape(username)
    return escape(name)


MENTIONS_PER_MESSAGE = 64
"""The most people one posted message @-mentions: Telegram shows at most 100 entities of a message (a mention is
one, so is each bold run) and each mention's markup is longer than the name; a round with more players than this is
posted with their names."""


def has_account(team: Team | None) -> bool:
    """Whether a member of the pair can be reached (a Telegram or WeCom account), not only entered by name."""
    return team is not None and any(key.startswith(ACCOUNT_PREFIXES) for key in team.members)


def called(team: Team, *, mentions: bool = True) -> str:
    """The pair's name with its members who have an account @-mentioned.

    The name is escaped; the mentions make the platform notify them (a ``tg://user`` link on Telegram, ``<@userid>`` on
    WeCom). ``mentions=False``: the name alone."""
    names = team.name.split(TEAM_NAME_SEPARATOR)
    if not mentions or len(names) != len(team.members) or not has_account(team):
        return escape(team.name)
    return TEAM_NAME_SEPARATOR.join(person_mention(key, name) if key.startswith(ACCOUNT_PREFIXES) else escape(name)
                                    for key, name in zip(team.members, names, strict=True))


def mentions_fit(teams: Iterable[Team | None]) -> bool:
    """Whether one message may @-mention every account of ``teams``.

    Whether a message naming ``teams`` may @-mention all their members with an account
    (:data:`MENTIONS_PER_MESSAGE`)."""
    return sum(1 for team in teams if team is not None
               for key in team.members if key.startswith(ACCOUNT_PREFIXES)) <= MENTIONS_PER_MESSAGE


def mode_text(mode: RegistrationMode, lang: Language) -> str:
    return t(f"entries.mode.{mode.value}", lang)


def how_to_sign_up(mode: RegistrationMode, lang: Language) -> str:
    return t(f"tournament.how.{mode.value}", lang)


def announcement(state: TournamentState, lang: Language) -> str:
    """The sign-up announcement (also kept by the sign-up buttons' edits).

    Name, mode, how to sign up and the draw seed's commitment, public from the opening on."""
    record = state.record
    text = say("tournament.created", lang, name=record.name, mode=mode_text(record.mode, lang)) + "\n" + (
        how_to_sign_up(record.mode, lang))
    if record.commitment is not None and record.status is TournamentStatus.REGISTRATION:
        text += "\n" + say("tournament.commitment", lang, commitment=record.commitment)
    return text


def mode_changed(state: TournamentState, lang: Language) -> str:
    record = state.record
    lines = [say("tournament.mode_changed", lang, name=record.name, mode=mode_text(record.mode, lang)),
             how_to_sign_up(record.mode, lang), counts(state, lang)]
    return "\n".join(lines)


def counts(state: TournamentState, lang: Language) -> str:
    """How many are in, and the pairs that makes so far (men and women by lot, or pairs plus singles by lot)."""
    registration = state.registration
    active = registration.active
    if registration.mode is RegistrationMode.MIXED:
        men = sum(1 for entry in active if entry.members[0].gender is Gender.MALE)
        women = len(active) - men
        text = say("signup.counts.mixed", lang, men=men, women=women, teams=min(men, women))
    else:
        pairs = sum(1 for entry in active if not entry.is_single)
        singles = len(active) - pairs
        text = say("signup.counts.pairs", lang, pairs=pairs, singles=singles, teams=pairs + singles // 2)
    if registration.waiting:
        text += say("signup.counts.waiting", lang, waiting=len(registration.waiting))
    return text + _places(state, lang)


def _places(state: TournamentState, lang: Language) -> str:
    """With a capacity, the places the next sign-ups get: the same count that admits them (``open_places``)."""
    if state.drawn:
        return ""
    places = open_places(state.registration)
    if places.capacity is None:
        return ""
    if places.men is not None and places.women is not None:
        return "\n" + say("signup.counts.places_mixed", lang, capacity=places.capacity, men=places.men,
                          women=places.women)
    if not places.places:
        return "\n" + say("signup.counts.full", lang, capacity=places.capacity)
    return "\n" + say("signup.counts.places", lang, capacity=places.capacity, places=places.places)


def _entry_line(entry: Entry, lang: Language) -> str:
    units = tuple(dict.fromkeys(person.unit for person in entry.members if person.unit is not None))
    unit = say("signup.line.unit", lang, unit=" / ".join(units)) if units else ""
    if len(entry.members) == 2:
        return say("signup.line.pair", lang, number=entry.entry_id, name=entry.name) + unit
    gender = entry.members[0].gender
    if gender is not None:
        return say("signup.line.gendered", lang, number=entry.entry_id, name=entry.name,
                   gender=t(f"entries.gender.{gender.value}", lang)) + unit
    return say("signup.line.single", lang, number=entry.entry_id, name=entry.name) + unit


def _waiting_note(position: int | None, lang: Language) -> str:
    return "" if position is None else "\n" + say("signup.waiting", lang, position=position)


def signed_up(result: SignedUp | Accepted, lang: Language) -> str:
    entry = result.entry
    if isinstance(result, SignedUp) and result.by_organiser:
        key = "signup.entered"
    elif len(entry.members) == 2:
        key = "signup.pair"
    elif entry.members[0].gender is not None and result.state.registration.mode is RegistrationMode.MIXED:
        key = "signup.gendered"
    else:
        key = "signup.single"
    gender = entry.members[0].gender
    text = say(key, lang, name=entry.name, gender=t(f"entries.gender.{gender.value}", lang) if gender else "")
    return text + _waiting_note(result.waiting_position, lang) + "\n" + counts(result.state, lang)


def invited(result: Invited, lang: Language) -> str:
    invitation = result.invitation
    partner = mention(invitation.invitee_user_id, invitation.invitee_username, invitation.invitee_name)
    text = say("signup.invited", lang, raw={"partner": partner}, inviter=invitation.inviter_name,
               tournament=result.state.record.name)
    return text + ("\n" + say("signup.invited_unit", lang, unit=invitation.unit) if invitation.unit else "")


def withdrawn(result: Withdrawn, lang: Language) -> str:
    if result.entry is None:
        return say("signup.invitation_withdrawn", lang)
    lines = [say("signup.withdrawn", lang, name=result.entry.name)]
    if result.promoted:
        lines.append(say("signup.promoted", lang, names=listed((entry.name for entry in result.promoted), lang)))
    lines.append(counts(result.state, lang))
    return "\n".join(lines)


def entries_text(state: TournamentState, lang: Language, limit: int | None = LIST_LIMIT) -> str:
    """The entry list (``limit`` lines of each list at most; ``None``: every line, for a document)."""
    record = state.record
    if state.drawn:
        lines = [say("signup.list.drawn_title", lang, name=record.name, count=len(state.teams))]
        lines += capped([say("signup.line.team", lang, number=team.team_id, name=team.name) for team in state.teams],
                        lang, limit)
        reserves = [entry.name for entry in state.registration.waiting] + [person.name for person in state.reserves]
        if reserves:
            lines.append(say("signup.list.reserves", lang, count=len(reserves), names=listed(reserves, lang)))
        return "\n".join(lines)
    lines = [say("signup.list.title", lang, name=record.name, mode=mode_text(record.mode, lang)), counts(state, lang)]
    active = state.registration.active
    if not active and not state.registration.waiting:
        lines.append(say("signup.list.empty", lang))
    lines += capped([_entry_line(entry, lang) for entry in active], lang, limit)
    if state.registration.waiting:
        lines.append(say("signup.list.waiting", lang))
        lines += capped([_entry_line(entry, lang) for entry in state.registration.waiting], lang, limit)
    return "\n".join(lines)


def entries_summary(state: TournamentState, lang: Language) -> str:
    """The caption of the entry list sent as a document: too long for one message."""
    registration = state.registration
    count = len(state.teams) if state.drawn else len(registration.active) + len(registration.waiting)
    return say("tables.long.entries", lang, name=state.record.name, count=count)


def status_text(status: TournamentStatus, lang: Language) -> str:
    return t(f"tournament.status.{status.value}", lang)


def setting_name(key: str, lang: Language) -> str:
    """A ``/set`` key as the chat's language names it (决赛 for ``final``); ``/set`` accepts that name too."""
    localized = f"tournament.key.{key}"
    return t(localized, lang) if has(localized, lang) else key


def setting_value(key: str, value: str, lang: Language) -> str:
    """A value as ``/set`` takes it, in the chat's language where it has words (三局两胜 for ``bo3``)."""
    if "," in value:  # a list (the tiebreak order): each word as the language has it
        return ",".join(setting_value(key, word, lang) for word in value.split(","))
    localized = f"tournament.value.{key}.{value}"
    return t(localized, lang) if has(localized, lang) else value


def settings_text(view: SettingsView, lang: Language) -> str:
    record = view.state.record
    names = listed((referee.display_name for referee in view.referees), lang) or "—"
    lines = [say("tournament.settings.title", lang, name=record.name),
             say("tournament.settings.state", lang, status=status_text(record.status, lang),
                 mode=mode_text(record.mode, lang), referees=names)]
    for key in SETTING_KEYS:
        value = setting_value(key.name, key.show(getattr(record.settings, key.field)), lang)
        lines.append(say("tournament.settings.line", lang, key=setting_name(key.name, lang), value=value,
                         label=t(f"tournament.setting.{key.name}", lang)))
    lines.append(t("tournament.settings.hint", lang))
    return "\n".join(lines)


def setting_changed(state: TournamentState, key: str, value: str, lang: Language) -> str:
    text = say("tournament.setting_changed", lang, key=setting_name(key, lang), value=setting_value(key, value, lang))
    if key == "capacity":
        text += "\n" + counts(state, lang)
    return text


def referees_text(tournament: str, referees: Iterable[Referee], lang: Language) -> str:
    names = [escape(referee.display_name) for referee in referees]
    if not names:
        return say("tournament.referee.none", lang, tournament=tournament)
    return say("tournament.referee.list", lang, raw={"names": listed(names, lang)}, tournament=tournament)



def _person_line(person: Person, lang: Language) -> str:
    """A member as the entry list shows them: name, gender, unit."""
    parts = [person.name]
    if person.gender is not None:
        parts.append(t(f"entries.gender.{person.gender.value}", lang))
    if person.unit is not None:
        parts.append(person.unit)
    return escape(" · ".join(parts))


def entry_unit_set(done: EntryUnitSet, lang: Language) -> str:
    """The pair's unit before and after ``/unit``."""
    none = t("signup.no_unit", lang)
    return say("signup.unit_set", lang, number=done.entry.entry_id, name=done.entry.name,
               before=" / ".join(done.before) or none, after=done.entry.unit or none)


def member_edited(edited: MemberEdited, lang: Language) -> str:
    return say("signup.edited", lang, raw={"before": _person_line(edited.before, lang),
                                           "after": _person_line(edited.after, lang)}, number=edited.entry.entry_id)


def claim_text(result: NameClaimResult, lang: Language) -> str:
    claim = result.claim
    who = mention(claim.user_id, None, claim.display_name)
    key = "name_claims.linked" if result.linked else "name_claims.waiting"
    return say(key, lang, raw={"who": who}, name=claim.name)


def substituted_text(result: Substituted, lang: Language) -> str:
    return say("signup.substituted", lang, out=result.leaving.name, reserve=result.reserve.name,
               number=result.team.team_id, name=result.team.name)
