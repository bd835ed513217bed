"""What a correction of a points stage changed, as chat text.

The table's old and new result, and each pair whose points or rank moved — added to the one message that announces the
correction."""

from __future__ import annotations

from bot.i18n import Language, t
from bot.presenters.tournaments import say
from bot.services.tournament.results import ResultRecorded
from bot.tournament.matches import Match
from bot.tournament.outcome import Outcome, OutcomeKind


def _outcome(match: Match, outcome: Outcome, lang: Language) -> str:
    if outcome.kind is OutcomeKind.DOUBLE_FORFEIT:
        return t("tables.outcome.double_forfeit", lang)
    if outcome.kind is OutcomeKind.FORFEIT:
        assert outcome.winner is not None
        loser = match.team(outcome.winner.other)
        return say("tables.outcome.forfeit", lang, name=loser.name if loser is not None else "?")
    return say("tables.outcome.levels", lang, left=str(outcome.left_level), right=str(outcome.right_level))


def correction_detail(recorded: ResultRecorded, lang: Language) -> str:
    """``old → new`` and the pairs whose points or rank moved (old → new); empty when there is nothing to add."""
    match, previous = recorded.match, recorded.previous
    if previous is None or not match.games:
        return ""
    lines = [say("corrections.was", lang, raw={"before": _outcome(match, previous, lang),
                                                "after": _outcome(match, match.games[-1].outcome, lang)})]
    if recorded.moved:
        lines.append(t("corrections.moved_title", lang))
        lines.extend(say("corrections.moved", lang, name=moved.team.name, points_before=moved.points_before,
                         points_after=moved.points_after, rank_before=moved.rank_before, rank_after=moved.rank_after)
                     for moved in recorded.moved)
    else:
        lines.append(t("corrections.nobody_moved", lang))
    return "\n".join(lines)
