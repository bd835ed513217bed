"""Pairs who leave, arrive late or change places after the draw, as localized chat text."""

from __future__ import annotations

from bot.i18n import Language, command_text
from bot.presenters.tournaments import listed, say
from bot.services.tournament.pair_changes import PairChanged
from bot.services.tournament.signup import SignedUp
from bot.tournament.round_robin import WithdrawnResults


def pair_changed_text(changed: PairChanged, lang: Language) -> str:
    """The answer to ``/withdraw`` (after the draw), ``/reinstate`` and ``/swap``."""
    names = [team.name for team in changed.teams]
    if changed.kind == "withdrawn" and changed.unplayed is not None:
        stage = changed.state.points_stage
        void = stage is not None and stage.groups is not None and \
            stage.groups.withdrawn_results is WithdrawnResults.VOID
        results = say("pair_changes.results_void" if void else "pair_changes.results_keep", lang)
        return say("pair_changes.withdrawn_group", lang, name=names[0], unplayed=changed.unplayed, results=results,
                   group=changed.group)
    if changed.kind == "reinstated" and changed.unplayed is not None:
        return say("pair_changes.reinstated_group", lang, name=names[0], round=changed.from_round,
                   count=changed.unplayed)
    if changed.kind == "withdrawn":
        stage = changed.state.points_stage
        later = stage is not None and changed.from_round <= stage.rounds
        key = "pair_changes.withdrawn" if later else "pair_changes.withdrawn_last"
        return say(key, lang, name=names[0], round=changed.from_round)
    if changed.kind == "reinstated":
        return say("pair_changes.reinstated", lang, name=names[0], round=changed.from_round)
    flaws = listed((say(f"pair_changes.flaw_{flaw.value}", lang, table=table) for table, flaw in changed.flaws), lang)
    if changed.kind == "swap_pending":
        return say("pair_changes.swap_pending", lang, first=names[0], second=names[1], flaws=flaws,
                   command=command_text(f"/swap {_quoted(names[0])} {_quoted(names[1])} confirm", lang))
    text = say("pair_changes.swapped", lang, first=names[0], second=names[1], round=changed.from_round)
    return text + ("\n" + say("pair_changes.swap_flaws", lang, flaws=flaws) if changed.flaws else "")


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name else name


def late_entry_text(result: SignedUp, lang: Language) -> str:
    """An organiser's ``/signup`` after the draw of a Swiss tournament: the pair and from which round it plays."""
    assert result.late_from_round is not None
    return say("pair_changes.joined", lang, name=result.entry.name, round=result.late_from_round,
               missed=result.late_from_round - 1)
