"""No standings with two 🥈 and no champion, ever — checked after every correction an official can make.

Hypothesis plays brackets of every size and shape to the end (forfeits and double forfeits included), then applies
a sequence of corrections to any decided game, with any result (a double forfeit in the final too). A correction
the engine refuses changes nothing; after every accepted one the standings, as the group reads them, must hold:
at most one 🥇 and one 🥈, a 🥈 only beside a 🥇, and a champion exactly when the final has a winner; places never
above a pair's and the bracket consistent (``tests.support.bracket_invariants``).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import TournamentError
from bot.i18n import Language
from bot.presenters.tournament_tables import standings_text
from bot.ruleset.scoring import MatchLevel, Side
from bot.services.tournament.state import TournamentState
from bot.tournament.bracket import Bracket, BracketOptions, FinalFormat, MatchId, ThirdPlace
from bot.tournament.bracket_layout import match_id
from bot.tournament.entries import RegistrationMode
from bot.tournament.outcome import Outcome
from bot.tournament.record import TournamentRecord, TournamentStatus
from bot.tournament.registration import Registration
from bot.tournament.results import correct
from bot.tournament.settings import TournamentSettings
from bot.tournament.standings import Finish, standings
from tests.tournament.bracket_helpers import AT, REFEREE, VARIANT, assert_valid, make_bracket, play_out

LEVELS = [MatchLevel.parse(text) for text in ("2", "9", "K", "A", "A+")]
RECORD = TournamentRecord(1, -1, "Cup", TournamentStatus.FINISHED, RegistrationMode.PAIRS, "tg:1", 1,
                          TournamentSettings(), None, None, 1, datetime(2026, 1, 1, tzinfo=UTC), None, None)


def outcomes() -> st.SearchStrategy[Outcome]:
    played = st.tuples(st.sampled_from(LEVELS), st.sampled_from(LEVELS), st.sampled_from(list(Side))).map(
        lambda drawn: Outcome.played(drawn[0], drawn[1], drawn[2] if drawn[0] == drawn[1] else None))
    return st.one_of(played, st.sampled_from(list(Side)).map(Outcome.forfeit), st.just(Outcome.double_forfeit()))


def check_podium(bracket: Bracket) -> None:
    table = standings(bracket)
    text = standings_text(TournamentState(RECORD, Registration()), table, Language.ZH)
    assert text.count("🥇") <= 1 and text.count("🥈") <= 1, text
    assert "🥈" not in text or "🥇" in text, text
    final = bracket.match(match_id(bracket.size, bracket.rounds, 0))
    assert (table.champion is not None) == (final.state.decided and final.winner is not None)
    assert (table.runner_up is not None) == (table.champion is not None and final.losing_team is not None)
    champions = [line for line in table.placings if line.finish is Finish.CHAMPION]
    assert len(champions) == (1 if table.champion is not None else 0)
    assert all(line.place is None or line.place >= 1 for line in table.placings)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pairs=st.integers(min_value=2, max_value=12),
    third_place=st.sampled_from(list(ThirdPlace)),
    final=st.sampled_from(list(FinalFormat)),
    seed=st.integers(min_value=0, max_value=10_000),
    corrections=st.lists(st.tuples(st.integers(min_value=0, max_value=10_000), st.integers(min_value=1, max_value=3),
                                   outcomes()), max_size=12),
)
def test_no_correction_leaves_two_runners_up_and_no_champion(
    pairs: int, third_place: ThirdPlace, final: FinalFormat, seed: int,
    corrections: list[tuple[int, int, Outcome]],
) -> None:
    bracket = make_bracket(pairs, seed, BracketOptions(third_place=third_place, final=final))
    bracket, _ = play_out(bracket, random.Random(seed), forfeit_rate=0.3)
    check_podium(bracket)
    for pick, game, outcome in corrections:
        decided = [match for match in bracket.matches() if match.games]
        if not decided:
            break
        target = decided[pick % len(decided)]
        try:
            bracket = correct(bracket, MatchId(target.match_id), REFEREE, outcome, AT, VARIANT,
                              game=min(game, len(target.games))).stage
        except TournamentError:
            continue  # refused: nothing changed
        assert_valid(bracket)
        check_podium(bracket)


def test_a_double_forfeit_in_the_final_has_no_medal_and_no_champion() -> None:
    """The case the club saw: the final corrected to a double forfeit placed both pairs second, shown as two 🥈."""
    bracket = make_bracket(4, 3)
    bracket, _ = play_out(bracket, random.Random(3))
    final = bracket.match(match_id(bracket.size, bracket.rounds, 0))
    bracket = correct(bracket, MatchId(final.match_id), REFEREE, Outcome.double_forfeit(), AT, VARIANT).stage
    table = standings(bracket)
    text = standings_text(TournamentState(RECORD, Registration()), table, Language.ZH)
    assert table.champion is None and "🥈" not in text and "🥇" not in text
    assert [line.place for line in table.placings[:2]] == [2, 2]

