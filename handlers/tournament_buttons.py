"""The tournament's inline buttons: sign up (alone; or 男 / 女), accept an invitation, confirm or dispute a report.

Callback data ``t:<tournament id>:<action>[:<arg>…]``: ``su`` sign up alone, ``sm``/``sf`` sign up as a man /
woman, ``ac:<invitation>`` accept, ``cf:<match>:<revision>`` confirm, ``dp:<match>:<revision>`` dispute (``pc``/``pd``
the same at a Swiss or group table). The
services check each press against the chat's current tournament (and the match's current revision), so a forged or
stale press changes nothing and is answered with the reason.
"""

from __future__ import annotations

from bot.presenters import tournaments as entries_text
from bot.services.tournament.results import TableRef, confirm_result, dispute_result
from bot.services.tournament.signup import SignedUp, SignUpRequest, accept, sign_up
from bot.tournament.entries import Gender
from handlers.buttons import ButtonSpec, Press
from handlers.tournament_keyboards import AREA, signup_buttons
from handlers.tournament_results import announce_result


async def _sign_up(press: Press, gender: Gender | None) -> str:
    result = await sign_up(press.services, press.caller, SignUpRequest(gender=gender),
                           tournament_id=press.data.target)
    assert isinstance(result, SignedUp)  # no partner, no names: the caller alone
    state = result.state
    await press.edit(entries_text.announcement(state, press.language) + "\n" + entries_text.counts(
        state, press.language), signup_buttons(state, press.language))
    position = result.waiting_position
    if position is not None:
        return press.text("signup.waiting", position=position)
    return press.text("signup.button_done")


async def sign_up_alone(press: Press) -> str:
    return await _sign_up(press, None)


async def sign_up_man(press: Press) -> str:
    return await _sign_up(press, Gender.MALE)


async def sign_up_woman(press: Press) -> str:
    return await _sign_up(press, Gender.FEMALE)


async def accept_invitation(press: Press) -> str:
    accepted = await accept(press.services, press.caller, invitation_id=press.data.number(0),
                            tournament_id=press.data.target)
    await press.drop_buttons()
    await press.post(entries_text.signed_up(accepted, press.language))
    return press.text("signup.button_done")


def _match_ref(press: Press) -> tuple[TableRef, int]:
    points = press.data.action in {"pc", "pd"}
    return TableRef(0, match_id=press.data.number(0), points=points), press.data.number(1)


async def confirm_report(press: Press) -> str:
    ref, revision = _match_ref(press)
    recorded = await confirm_result(press.services, press.caller, ref, tournament_id=press.data.target,
                                    revision=revision)
    await press.drop_buttons()
    await announce_result(press.post, recorded, press.language, press.services)
    return press.text("tables.button_done")


async def dispute_report(press: Press) -> str:
    ref, revision = _match_ref(press)
    recorded = await dispute_result(press.services, press.caller, ref, tournament_id=press.data.target,
                                    revision=revision)
    await press.drop_buttons()
    await announce_result(press.post, recorded, press.language, press.services)
    return press.text("tables.button_done")


BUTTONS: tuple[ButtonSpec, ...] = (
    ButtonSpec(AREA, "su", sign_up_alone),
    ButtonSpec(AREA, "sm", sign_up_man),
    ButtonSpec(AREA, "sf", sign_up_woman),
    ButtonSpec(AREA, "ac", accept_invitation),
    ButtonSpec(AREA, "cf", confirm_report),
    ButtonSpec(AREA, "dp", dispute_report),
    ButtonSpec(AREA, "pc", confirm_report),
    ButtonSpec(AREA, "pd", dispute_report),
)
