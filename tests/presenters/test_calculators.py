"""The calculators' replies under rule choices a chat cannot set yet (no tribute, pairing by place, equal tributes
to last place) and in English."""

from dataclasses import replace

from bot.i18n import Language
from bot.presenters.calculators import levelup_text, tribute_text
from bot.richtext import to_plain
from bot.ruleset.deal_request import parse_deal_request
from bot.ruleset.variants import DEFAULT_VARIANT, APass, DoubleDownTribute, EqualTributes


def tribute(words: str, lang: Language = Language.ZH, **choices: object) -> list[str]:
    variant = replace(DEFAULT_VARIANT, **choices)  # type: ignore[arg-type]
    request = parse_deal_request(words.split(), hands=True, seats_needed=True)
    return to_plain(tribute_text(request, variant, lang, from_tournament=True)).splitlines()


def test_no_tribute() -> None:
    assert "本赛事不进贡；上一副的头游 北 先出。" in tribute("北 东 南 西", tribute=False)


def test_double_down_paired_by_place() -> None:
    by_place = DoubleDownTribute.BY_PLACE
    assert ("双下：末游 西 贡头游 北，三游 东 贡二游 南（都是手里最大的牌，红桃级牌不用贡）；"
            "各还一张不大于 10 的牌给贡给自己的人；西 先出。") in tribute("N S E W", double_down_tribute=by_place)
    paid = tribute("N S E W E:3 W:A", double_down_tribute=by_place)[2:7]
    assert paid == ["西 → 北：进贡 A", "北 → 西：还一张不大于 10 的牌", "东 → 南：进贡 3",
                    "南 → 东：还一张不大于 10 的牌", "西 先出。"]


def test_equal_tributes_to_last_place() -> None:
    lines = tribute("N S E W", equal_tributes=EqualTributes.LAST_PLACE_TO_FIRST)
    assert any("两张一样大时头游 北 拿末游 西 的贡，头游的下家 西 先出" in line for line in lines)


def test_a_return_limit_of_j() -> None:
    from bot.ruleset.cards import Rank

    assert any("不大于 J" in line for line in tribute("北 东 南 西", max_return_rank=Rank.JACK))


def test_english_tribute() -> None:
    assert tribute("N E S W", Language.EN)[2] == (
        "Single down: last place W pays first place N the highest card in hand (never a wild heart level card); "
        "N returns a card no higher than 10 to W; W leads.")


def test_levelup_under_the_double_down_a_rule() -> None:
    variant = replace(DEFAULT_VARIANT, a_pass=APass.DOUBLE_DOWN)
    text = to_plain(levelup_text(parse_deal_request(["1", "3", "A"]), variant, Language.ZH, from_tournament=True))
    assert "如果这副打的是赢方自己的A：必须双下才算过A，这副不算过A" in text
