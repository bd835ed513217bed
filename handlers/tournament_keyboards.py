"""The tournament's buttons, platform-neutral (what each one does: ``handlers.tournament_buttons``)."""

from __future__ import annotations

from bot.i18n import Language, t
from bot.richtext import Button, Keyboard, keyboard
from bot.services.tournament.results import ResultKind, ResultRecorded
from bot.services.tournament.signup import Invited
from bot.services.tournament.state import TournamentState
from bot.tournament.entries import RegistrationMode
from bot.tournament.record import TournamentStatus
from handlers.buttons import ButtonData

AREA = "t"


def _button(label: str, data: ButtonData) -> Button:
    return Button(label, data.encode())


def signup_buttons(state: TournamentState, lang: Language) -> Keyboard | None:
    if state.record.status is not TournamentStatus.REGISTRATION:
        return None
    tid = state.tournament_id
    if state.record.mode is RegistrationMode.MIXED:
        return keyboard([_button(t("signup.button.male", lang), ButtonData(AREA, tid, "sm")),
                         _button(t("signup.button.female", lang), ButtonData(AREA, tid, "sf"))])
    return keyboard([_button(t("signup.button.alone", lang), ButtonData(AREA, tid, "su"))])


def accept_buttons(invited: Invited, lang: Language) -> Keyboard:
    data = ButtonData(AREA, invited.state.tournament_id, "ac", (str(invited.invitation.invitation_id),))
    return keyboard([_button(t("signup.button.accept", lang), data)])


def report_buttons(recorded: ResultRecorded, lang: Language) -> Keyboard | None:
    if recorded.kind is not ResultKind.REPORTED:
        return None
    tid, args = recorded.state.tournament_id, (str(recorded.match.match_id), str(recorded.revision))
    # A Swiss or group table's buttons say so: its match ids are the event's own, apart from a knockout's.
    confirm, dispute = ("pc", "pd") if recorded.at_points_table else ("cf", "dp")
    return keyboard([_button(t("tables.button.confirm", lang), ButtonData(AREA, tid, confirm, args)),
                     _button(t("tables.button.dispute", lang), ButtonData(AREA, tid, dispute, args))])
