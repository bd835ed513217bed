"""What a rule answer in a chat is given of the open tournament: its choices, its notice, its time limit."""

from bot.rules.variant_notes import UNTIMED
from bot.ruleset.variants import RuleVariant
from bot.services.tournament.notice import RuleContext


def test_the_time_limit_a_rule_answer_takes() -> None:
    assert RuleContext().minutes is None  # no tournament: nothing to say about one
    assert RuleContext(RuleVariant()).minutes == UNTIMED  # a tournament played until a pair passes A
    assert RuleContext(RuleVariant(), None, 45).minutes == 45
