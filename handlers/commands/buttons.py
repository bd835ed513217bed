"""The tournament's inline buttons.

Sign up (alone; or 男 / 女), accept an invitation, confirm or dispute a report, confirm a correction, draw after a
warning, approve a claim.

Callback data ``t:<tournament id>:<action>[:<arg>…]``: ``su`` sign up alone, ``sm``/``sf`` sign up as a man /
woman, ``ac:<invitation>`` accept, ``cf:<match>:<revision>`` confirm, ``dp:<match>:<revision>`` dispute,
``cc:<match>:<revision>:<result>`` confirm a correction after the final (``result`` in the text form of
``bot.tournament.outcome``) — ``pc``, ``pd`` and ``pk`` the same three at a Swiss or group table (whose match ids are
the tournament's own) —, ``dw:<version>`` draw in spite of the warnings (made for that version of the tournament),
``cl:<claim>`` approve a claim, ``ww:<match>:l|r`` (``pw`` at a Swiss or group table) answer "who won?" after two
mirrored reports: the left or right pair. The services check each press against the chat's current tournament (and the
match's current revision), so a forged or stale press changes nothing and is answered with the reason.
"""

from __future__ import annotations

from bot.presenters import tournaments as entries_text
from bot.ruleset.scoring import Side
from bot.services.tournament.draw import DrawWarnings, make_draw
from bot.services.tournament.name_claims import approve_claim
from bot.services.tournament.results import TableRef, confirm_result, dispute_result, record_result
from bot.services.tournament.signup import SignedUp, SignUpRequest, accept, sign_up
from bot.tournament.entries import Gender
from bot.tournament.outcome import Outcome, WhoWon
from handlers.buttons import ButtonSpec, ForgedButtonError, Press
from handlers.commands.draw.draw import announce_draw
from handlers.commands.keyboards import AREA, signup_buttons
from handlers.commands.results.results import announce_result


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
    points = press.data.action in {"pc", "pd", "pk"}
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


async def confirm_correction(press: Press) -> str:
    ref, revision = _match_ref(press)
    if len(press.data.args) != 3:
        raise ForgedButtonError()
    outcome = Outcome.parse(press.data.args[2])
    # The tournament the button was made for, even when it is no longer the chat's latest (an earlier one corrected).
    recorded = await record_result(press.services, press.caller, ref, outcome, confirmed=True,
                                   tournament_id=press.data.target, revision=revision, chosen=press.data.target)
    await press.drop_buttons()
    await announce_result(press.post, recorded, press.language, press.services)
    return press.text("tables.button_done")


async def answer_who_won(press: Press) -> str:
    """A "who won?" button under two mirrored reports: the pair it names won, with the reports' levels."""
    if len(press.data.args) != 2 or press.data.args[1] not in {"l", "r"}:
        raise ForgedButtonError()
    ref = TableRef(0, match_id=press.data.number(0), points=press.data.action == "pw")
    winner = Side.LEFT if press.data.args[1] == "l" else Side.RIGHT
    recorded = await record_result(press.services, press.caller, ref, WhoWon(winner=winner),
                                   tournament_id=press.data.target)
    await announce_result(press.post, recorded, press.language, press.services)
    return press.text("tables.button_done")


async def draw_anyway(press: Press) -> str:
    made = await make_draw(press.services, press.caller, confirmed=True, tournament_id=press.data.target,
                           version=press.data.number(0))
    assert not isinstance(made, DrawWarnings)  # confirmed: the draw is made
    await press.drop_buttons()
    await announce_draw(press.post, press.send_document, made, press.language)
    return press.text("tables.button_done")


async def approve_claim_button(press: Press) -> str:
    result = await approve_claim(press.services, press.caller, claim_id=press.data.number(0),
                                 tournament_id=press.data.target)
    await press.drop_buttons()
    await press.post(entries_text.claim_text(result, press.language))
    return press.text("tables.button_done")


BUTTONS: tuple[ButtonSpec, ...] = (
    ButtonSpec(AREA, "su", sign_up_alone),
    ButtonSpec(AREA, "sm", sign_up_man),
    ButtonSpec(AREA, "sf", sign_up_woman),
    ButtonSpec(AREA, "ac", accept_invitation),
    ButtonSpec(AREA, "cf", confirm_report),
    ButtonSpec(AREA, "dp", dispute_report),
    ButtonSpec(AREA, "cc", confirm_correction),
    ButtonSpec(AREA, "pc", confirm_report),
    ButtonSpec(AREA, "pd", dispute_report),
    ButtonSpec(AREA, "pk", confirm_correction),
    ButtonSpec(AREA, "ww", answer_who_won),
    ButtonSpec(AREA, "pw", answer_who_won),
    ButtonSpec(AREA, "dw", draw_anyway),
    ButtonSpec(AREA, "cl", approve_claim_button),
)
