"""The tournament's buttons, platform-neutral (what each one does: ``handlers.commands.buttons``)."""

from __future__ import annotations

from bot.i18n import Language, t
from bot.richtext import Button, Keyboard, keyboard
from bot.ruleset.scoring import Side
from bot.services.tournament.draw import DrawWarnings
from bot.services.tournament.name_claims import NameClaimResult
from bot.services.tournament.results import ResultKind, ResultRecorded
from bot.services.tournament.signup import Invited
from bot.services.tournament.state import TournamentState
from bot.tournament.entries import RegistrationMode
from bot.tournament.record import TournamentStatus
from bot.tournament.teams import Team
from handlers.buttons import ButtonData

AREA = "t"
BUTTON_NAME_LENGTH = 24
"""A pair's name on a button is cut to this many characters (two such buttons share a row)."""


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
    """Confirm / Dispute under a report.

    Confirm (the other pair's report) under a mirrored one; Confirm the correction under a correction that waits for it.
    """
    tid, args = recorded.state.tournament_id, (str(recorded.match.match_id), str(recorded.revision))
    # A Swiss or group table's buttons say so: its match ids are the points stage's own, apart from a knockout's.
    confirm, dispute, correct = ("pc", "pd", "pk") if recorded.at_points_table else ("cf", "dp", "cc")
    if recorded.kind is ResultKind.REPORTED:
        return keyboard([_button(t("tables.button.confirm", lang), ButtonData(AREA, tid, confirm, args)),
                         _button(t("tables.button.dispute", lang), ButtonData(AREA, tid, dispute, args))])
    if recorded.kind is ResultKind.MIRRORED:
        # No revision: an answer stays meaningful after the other pair's (it confirms it, or contradicts it).
        answer = "pw" if recorded.at_points_table else "ww"
        match_id = str(recorded.match.match_id)
        return keyboard([_button(t("tables.button.winner", lang, name=_short_name(recorded.match.team(side))),
                                 ButtonData(AREA, tid, answer, (match_id, side.value[0])))
                         for side in Side])
    if recorded.kind is ResultKind.CORRECTION_PENDING and recorded.attempted is not None:
        data = ButtonData(AREA, tid, correct, (*args, recorded.attempted.text))
        return keyboard([_button(t("tables.button.confirm_correction", lang), data)])
    return None


def draw_buttons(warnings: DrawWarnings, lang: Language) -> Keyboard:
    """Draw anyway: made for this tournament in this version (any change since makes it stale)."""
    data = ButtonData(AREA, warnings.state.tournament_id, "dw", (str(warnings.state.record.version),))
    return keyboard([_button(t("tables.button.draw_anyway", lang), data)])


def claim_buttons(result: NameClaimResult, lang: Language) -> Keyboard | None:
    """An organiser approves a claim that waits."""
    if result.linked:
        return None
    data = ButtonData(AREA, result.state.tournament_id, "cl", (str(result.claim.claim_id),))
    return keyboard([_button(t("name_claims.button", lang), data)])


def _short_name(team: Team | None) -> str:
    """A pair's name short enough for a button."""
    name = "?" if team is None else team.name
    return name if len(name) <= BUTTON_NAME_LENGTH else name[: BUTTON_NAME_LENGTH - 1] + "…"
