"""An event's own notice: split into articles under their headings, and searched for questions (seed notices as
fixtures: 安庆 (002 篇1), 合肥电大 (004), the 篇14 tournament rules (002 篇14))."""

from functools import cache
from pathlib import Path

import pytest

from bot.i18n import Language
from bot.rules.answers import ask
from bot.rules.notice import MAX_ARTICLE_CHARS, NOTICE_THRESHOLD, search_notice, split_articles

FIXTURES = Path(__file__).parent / "fixtures"


@cache
def notice(name: str) -> str:
    text = (FIXTURES / f"notice_{name}.txt").read_text(encoding="utf-8")
    return text.split("\n", 1)[1]  # without the fixture's own comment line


def test_articles_follow_the_numbering_and_keep_their_headings() -> None:
    articles = split_articles(notice("hefei"))
    assert len(articles) == 38
    first = articles[0]
    assert first.headings == ("第一章赛制",) and first.text == "第一条 本次比赛以“掼蛋”游戏方式进行。"
    appeal = next(article for article in articles if article.text.startswith("第三十七条"))
    assert appeal.headings == ("第十章申诉",)
    assert appeal.title == "第十章申诉 › 第三十七条 申诉时效为本桌比赛结束10分钟内。"
    assert [article.number for article in articles] == list(range(1, 39))


def test_nested_numbering_and_items_inside_a_line() -> None:
    articles = split_articles(notice("anqing"))
    timing = next(article for article in articles if "每局比赛时间为50分钟" in article.text)
    assert timing.headings == ("附件2", "七、竞赛规则")
    assert timing.text.startswith("8、积分规则/时间规定\n")
    tie = next(article for article in articles if article.text.startswith("（2）比赛时间内"))
    assert tie.headings == ("附件2", "七、竞赛规则", "8、积分规则/时间规定")
    inline = split_articles("第一条 报名。第二条 比赛。\n第三条 申诉。")
    assert [article.text for article in inline] == ["第一条 报名。", "第二条 比赛。", "第三条 申诉。"]


def test_text_without_numbering_is_cut_into_paragraphs() -> None:
    articles = split_articles("Matches last 50 minutes.\n\nNo tribute is paid.\n\n\nAppeals within 10 minutes.")
    assert [article.text for article in articles] == [
        "Matches last 50 minutes.", "No tribute is paid.", "Appeals within 10 minutes."]
    assert split_articles("  \n\n ") == ()
    long = split_articles("第一条 " + "每局限时五十分钟。" * 300 + "\n第二条 不进贡。")
    assert all(len(article.text) <= MAX_ARTICLE_CHARS for article in long) and len(long) > 2


# (notice, question, a phrase of the article that must come first)
NOTICE_QUESTIONS = [
    ("anqing", "每局限时多久", "每局比赛时间为50分钟"),
    ("anqing", "每手出牌多长时间", "每手出牌时间为30秒内"),
    ("anqing", "迟到多久算弃权", "迟到10分钟按弃权处理"),
    ("anqing", "要进贡吗", "本次比赛规则为不进贡"),
    ("anqing", "报牌是几张", "6张及以下"),
    ("anqing", "申诉什么时候提", "30分钟内提出"),
    ("anqing", "时间到了级数一样谁赢", "首先取得该级别的一方获胜"),
    ("anqing", "双下升几级", "赢家升3级"),
    ("anqing", "奖金多少", "奖金800元"),
    ("anqing", "打A怎么算过", "过A即为获胜"),
    ("anqing", "谁洗牌", "末游洗牌"),
    ("anqing", "多牌少牌怎么罚", "对方直接升三级"),
    ("anqing", "同分怎么排名", "按对手积分高低决定排名"),
    ("hefei", "申诉怎么提", "申诉"),
    ("hefei", "双下谁先出", "进贡"),
    ("hefei", "打A几次不过退回2", "累计两牌未过"),
    ("hefei", "报牌几张", "7张以下"),
    ("hefei", "亮牌犯规吗", "暴露张"),
    ("hefei", "几副牌", "两副牌，共108张牌"),
    ("hefei", "顺子可以六张吗", "只限5张"),
    ("hefei", "王能放连对吗", "王不能参与到连对中"),
    ("hefei", "切牌几次", "每次抬牌不得超过两次"),
    ("hefei", "能看上一轮的牌吗", "仅能查看上一轮的牌"),
    ("pian14", "到点了级数一样谁赢", "以主打方赢得本轮比赛"),
    ("pian14", "迟到怎么办", "自动晋级"),
    ("pian14", "出牌时间多少秒", "30秒内"),
    ("pian14", "打A头游加三游算过吗", "一方头游一方三游"),
    ("pian14", "剩几张要报牌", "10张（包括10张）以内"),
    ("pian14", "打暗号怎么处理", "作弊行为一次口头警告"),
]


@pytest.mark.parametrize(("name", "question", "phrase"), NOTICE_QUESTIONS)
def test_the_notice_article_that_answers_comes_first(name: str, question: str, phrase: str) -> None:
    matches = search_notice(notice(name), question)
    assert matches, question
    assert phrase in matches[0].article.text, [match.article.text for match in matches]
    assert all(match.score >= NOTICE_THRESHOLD for match in matches)


@pytest.mark.parametrize("question", ["今天天气怎么样", "26乘4等于几", "斗地主飞机能带翅膀吗", "hello", ""])
def test_questions_the_notice_does_not_answer(question: str) -> None:
    assert search_notice(notice("anqing"), question) == ()


def test_ask_puts_the_notice_first_and_keeps_the_rulebook() -> None:
    found = ask("每局限时多久", Language.EN, notice=notice("anqing"))
    assert found.lang is Language.ZH and not found.off_topic
    assert "每局比赛时间为50分钟" in found.notice[0].article.text
    assert found.answers and found.answers[0].section_id in {"match_formats", "time_limit"}
    # Asked without the notice, only the rulebook answers; a question only the notice answers is off-topic then.
    assert ask("每局限时多久", Language.ZH).notice == ()
    assert ask("奖金多少", Language.ZH).off_topic
    assert not ask("奖金多少", Language.ZH, notice=notice("anqing")).off_topic


@pytest.mark.parametrize("text", ["M", "x", "。", "1"])
def test_a_notice_of_one_stray_character_is_indexed_without_dividing_by_zero(text: str) -> None:
    """Found by the chat fuzzer: ``/notice M`` made every section empty of words, and BM25's length norm divided
    by their average length, 0."""
    from bot.rules.notice import notice_index

    notice_index(text)
