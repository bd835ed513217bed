"""Entries that change.

``/claim`` (a name becomes an account), ``/rename``, ``/gender``, ``/unit`` (organisers fix an entry before the draw)
and ``/substitute`` (a reserve plays for a member after the draw). Names with spaces are quoted: ``/rename "Mary Jane"
"Mary Jones"``."""

from __future__ import annotations

from bot.errors import UsageError
from bot.presenters import season as season_text
from bot.presenters import tournaments as text
from bot.services.club_claims import NoClubClaimError, approve_club_claim, claim_club_name
from bot.services.season import UnknownMemberError
from bot.services.tournament.entries_edit import rename, set_gender, set_unit
from bot.services.tournament.lineup import substitute
from bot.services.tournament.name_claims import NoNameClaimError, approve_claim, claim
from bot.services.tournament.signup import NoEntryNamedError
from bot.services.tournament.state import NoTournamentError, NoTournamentYetError
from bot.tournament.entries import Gender, UnknownGenderError
from handlers.arguments import MissingArgument, at_most
from handlers.commands.keyboards import claim_buttons
from handlers.commands.tournament_arguments import is_confirmation
from handlers.invocation import Invocation

_NO_UNIT = frozenset({"off", "none", "-", "无", "没有", "清除"})


class BadGenderError(UsageError):
    key = "signup.bad_gender"


def _two(call: Invocation) -> tuple[str, str]:
    args = at_most(call.args, 2)
    if len(args) < 2:
        raise MissingArgument()
    return args[0], args[1]


async def claim_command(call: Invocation) -> None:
    """``/claim 小红``: the caller is 小红; ``/claim 小红 confirm``: an organiser approves the claim on 小红.

    小红 is an entry of the group's open tournament, or else a person the club knows from its earlier tournaments
    (``bot.services.club_claims``): either way the name becomes the account for every tournament of the group."""
    args = call.args
    if not args:
        raise MissingArgument()
    confirming = len(args) > 1 and is_confirmation(args[-1])
    name = " ".join(args[:-1] if confirming else args)
    try:
        result = await (approve_claim(call.services, call.caller, name=name) if confirming
                        else claim(call.services, call.caller, name))
    except (NoTournamentError, NoTournamentYetError, NoEntryNamedError, NoNameClaimError) as missing:
        try:
            known = await (approve_club_claim(call.services, call.caller, name) if confirming
                           else claim_club_name(call.services, call.caller, name))
        except (UnknownMemberError, NoClubClaimError):
            if isinstance(missing, NoTournamentError | NoTournamentYetError):
                raise  # no tournament open: that the club does not know the name (either) is the answer
            raise missing from None
        await call.reply(season_text.club_claim_text(known, call.language))
        return
    await call.reply(text.claim_text(result, call.language), claim_buttons(result, call.language))


async def rename_command(call: Invocation) -> None:
    old, new = _two(call)
    await call.reply(text.member_edited(await rename(call.services, call.caller, old, new), call.language))


async def gender_command(call: Invocation) -> None:
    name, word = _two(call)
    try:
        gender = Gender.parse(word)
    except UnknownGenderError:
        raise BadGenderError(gender=word[:40]) from None
    await call.reply(text.member_edited(await set_gender(call.services, call.caller, name, gender), call.language))


async def unit_command(call: Invocation) -> None:
    name, unit = _two(call)
    cleared = None if unit.casefold() in _NO_UNIT else unit
    await call.reply(text.entry_unit_set(await set_unit(call.services, call.caller, name, cleared), call.language))


async def substitute_command(call: Invocation) -> None:
    leaving, reserve = _two(call)
    await call.reply(text.substituted_text(await substitute(call.services, call.caller, leaving, reserve),
                                           call.language))
