import pytest

from bot.i18n import Language
from bot.rules.rulebook import RULE_SECTIONS
from bot.rules.variant_notes import note
from bot.ruleset.variants import (
    AFailureOutcome,
    APass,
    DoubleDownTribute,
    EqualTributes,
    RuleVariant,
    ScoringScale,
    TieBreak,
)


@pytest.mark.parametrize("lang", list(Language))
@pytest.mark.parametrize(
    "variant",
    [RuleVariant(), RuleVariant(tribute=False), RuleVariant(scoring=ScoringScale.WIN_LOSS, tie_break=TieBreak.DECLARER),
     RuleVariant(double_down_tribute=DoubleDownTribute.BY_PLACE, equal_tributes=EqualTributes.LAST_PLACE_TO_FIRST,
                 a_pass=APass.ANY_FIRST, a_failure_outcome=AFailureOutcome.OPPONENTS_WIN)],
)
def test_every_variant_has_a_note(variant: RuleVariant, lang: Language) -> None:
    notes = {section_id: note(section_id, variant, lang) for section_id in RULE_SECTIONS}
    assert notes["level_up"] is None
    assert all(notes[section_id] for section_id in ("a_rule", "tribute", "who_leads", "scoring", "forfeits",
                                                      "time_limit"))
    assert (notes["anti_tribute"] is None) == variant.tribute


def test_what_a_win_is_worth_here_is_this_tournaments_scale() -> None:
    variant = RuleVariant(scoring=ScoringScale.WIN_LOSS)
    assert note("ranking", variant, Language.ZH) == note("scoring", variant, Language.ZH)
