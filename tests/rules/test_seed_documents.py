"""The seed documents cited article by article: cut into parts and articles, named as players know them, and
answering what only they hold — before the rulebook only where the rulebook does not."""

import re
from dataclasses import replace

import pytest

from bot.i18n import Language
from bot.presenters.rules import answer_text
from bot.richtext import to_plain
from bot.rules.answers import ask
from bot.rules.references import reference_matches
from bot.rules.rulebook import document_index
from bot.rules.seed_documents import DOCUMENTS, _articles, _english, named_documents, seed_documents, without_names
from bot.ruleset.variants import RuleVariant, TieBreak


def test_every_cited_part_of_the_seeds_has_its_text_and_articles() -> None:
    documents = seed_documents()
    keys = [document.key for document in documents]
    assert keys[:6] == ["000 第一篇", "000 第二篇", "000 第三篇", "000 第四篇", "000 第五篇", "001"]
    assert "002 篇5" not in keys and len([key for key in keys if key.startswith("002")]) == 13  # 篇5 is a drill contest
    assert keys[-1] == "004"
    for document in documents:
        assert document.text.strip(), document.key
        assert document.names[Language.ZH] and document.names[Language.EN]
    assert sorted(path.name for path in DOCUMENTS.glob("seed_*.txt")) == [
        "seed_000.txt", "seed_001.txt", "seed_002.txt", "seed_004.txt"]


def test_articles_are_cited_by_their_documents_name_and_their_own_numbering() -> None:
    articles = document_index().articles
    prizes = next(article for article in articles if "奖金800元" in article.text)
    assert prizes.source(Language.ZH) == "安庆师范学院工会 2015 掼蛋游戏比赛规程 六、"
    assert prizes.source(Language.EN).endswith("staff union 2015 Guandan tournament rules, section 6 (六、)")
    assert reference_matches(prizes.reference, "002 篇1 六、")
    hefei = next(article for article in articles if article.text.startswith("第二条"))
    assert hefei.source(Language.ZH) == "合肥电大掼蛋竞赛规则 第一章 第二条"
    assert hefei.source(Language.EN).endswith("Guandan competition rules, Chapter 1, Article 2 (第一章 第二条)")
    report = next(article for article in articles if article.reference == "002 篇4 ¶2")
    assert report.source(Language.ZH).endswith(" 第2段")
    assert report.source(Language.EN).endswith("(news report), paragraph 2")
    assert reference_matches(hefei.reference, "004 第二条")
    forfeit = next(article for article in articles if article.text.startswith("1.弃权"))
    assert forfeit.label == "违规的判罚 1."  # an unnumbered heading names the items under it
    roles = next(article for article in articles if "三种角色" in article.text)
    assert roles.label == "3.1" and reference_matches(roles.reference, "002 篇3 3 系统设计")
    # Never the compilation's internal numbering as a name.
    assert not [article for article in articles if re.search(r"篇\d|第.篇", article.source(Language.ZH))]


@pytest.mark.parametrize(
    ("question", "reference", "phrase"),
    [
        ("青阳路社区那个比赛奖品都有啥 一共花多少钱", "000 第四篇 四、", "4900元"),
        ("what was the total budget of the Qingyang Road community new year event?", "000 第四篇 四、", "4900元"),
        ("how much prize money did the Anqing union tournament give the winners?", "002 篇1 六、", "奖金800元"),
        ("加拿大那个比赛打了多久", "002 篇4", "经过5个小时的激战"),
        ("那篇论文里的判分系统有哪几种角色", "002 篇3 3.1", "管理员、主裁判、裁判助理"),
    ],
)
def test_a_fact_only_one_notice_holds_is_answered_from_it(question: str, reference: str, phrase: str) -> None:
    found = ask(question, Language.EN)
    part = found.each_part[0]
    assert part.documents_first and reference_matches(part.sources[0].removeprefix("seed:"), reference)
    assert phrase in part.documents[0].text
    assert phrase in to_plain(answer_text(found))


def test_the_rulebook_answers_first_where_it_covers_the_question() -> None:
    found = ask("合肥电大7副牌打完都没过A谁赢", Language.ZH)
    assert not found.each_part[0].documents_first and found.answers[0].section_id == "match_formats"
    # The 28-point scale is a rule the scoring section covers, not the name of one document.
    found = ask("28分制里级差怎么折成分数", Language.ZH)
    assert not found.each_part[0].documents_first and found.answers[0].section_id == "scoring"


@pytest.mark.parametrize(("question", "reference"), [
    ("what format did the Jiangsu association in Canada play?", "002 篇4 ¶1"),
    ("安庆那次比赛是什么赛制", "002 篇1 五、"),
])
def test_an_events_format_is_its_own_fact(question: str, reference: str) -> None:
    part = ask(question, Language.EN).each_part[0]
    assert part.documents_first and reference_matches(part.sources[0].removeprefix("seed:"), reference), part.sources


@pytest.mark.parametrize("question", ["奖金多少", "社区医院几点开门", "is canada colder than jiangsu in winter?",
                                      "my score on the quiz was 26 lol"])
def test_another_events_facts_do_not_answer_a_question_that_names_no_event(question: str) -> None:
    assert ask(question, Language.ZH).off_topic


def test_a_later_part_keeps_the_event_the_message_named() -> None:
    found = ask("who organised the Anqing tournament and when was it?", Language.EN)
    assert [part.sources[0] for part in found.each_part] == ["seed:002 篇1 一、", "seed:002 篇1 二、"]


def test_with_a_notice_that_answers_no_built_in_line_contradicts_it() -> None:
    notice = ("1、本次大赛采取一局定胜负，每局限时一小时。\n"
              "2、到点后以双方级数高者赢得本轮比赛，如双方级数相同，以主打方赢得本轮比赛。")
    variant = RuleVariant(tie_break=TieBreak.DRAW)  # a tournament's default: no deciding rule set
    found = ask("到点了级数一样谁赢", Language.ZH, variant, notice=notice)
    text = to_plain(answer_text(found))
    assert text.startswith("本次比赛规程：") and "以主打方赢得本轮比赛" in text
    assert "本赛事：时间到时级数相同" not in text and "其他比赛的做法（规则书）：" in text
    # The organiser's /set equal_levels is the setting in force: said after the notice, never a default.
    chosen = to_plain(answer_text(ask("到点了级数一样谁赢", Language.ZH, RuleVariant(tie_break=TieBreak.DECLARER),
                                      notice=notice)))
    assert "本赛事：时间到时级数相同，主打方（正在打自己级数的一方）获胜。" in chosen
    # Without the notice the tournament's setting is said first, the rulebook after it.
    variant = RuleVariant(tie_break=TieBreak.REACHED_FIRST)
    alone = to_plain(answer_text(ask("到点了级数一样谁赢", Language.ZH, variant, time_limit=45)))
    assert alone.split("\n\n")[1:3] == ["本赛事：每场限时 45 分钟。\n本赛事：时间到时级数相同，先到达该级的一方获胜。",
                                       "其他比赛的做法（规则书）："]


def test_a_papers_section_gets_its_own_english_words_and_its_chapters() -> None:
    catalog = next(document for document in seed_documents() if document.key == "002 篇3")
    nested = replace(catalog, english={"3": "chapter words", "3.3": "layer words"})
    labels = {article.label: _english(article) for article in _articles(nested)}
    assert labels["3.3.4"] == ("chapter words", "layer words")  # 3.3.4 stands under 3 and 3.3
    assert labels["4.1"] == ()
    found = ask("in that paper, who imports the player list and from what?", Language.EN)
    assert found.each_part[0].sources[0] == "seed:002 篇3 3.1"


def test_an_item_under_a_heading_of_words_gets_only_that_headings_english() -> None:
    catalog = next(document for document in seed_documents() if document.key == "000 第一篇")
    keyed = replace(catalog, english={"1、": "schedule words", "竞赛方法 1、": "method words", "竞赛方法": "methods"})
    labels = {article.label: _english(article) for article in _articles(keyed)}
    assert labels["1、"] == ("schedule words",)
    assert set(labels["竞赛方法 1、"]) == {"method words", "methods"}
    assert labels["竞赛规则 1、"] == ()  # not the schedule's 1、


@pytest.mark.parametrize(
    ("question", "article"),
    [
        ("where was the Anqing staff tournament held?", "seed:002 篇1 三、"),
        ("Dongtai: where was the final played?", "seed:000 第一篇 3、"),
        ("where did the Tongzhou Bay contest take place?", "seed:002 篇10 二、"),
        ("what day was the Heshi school contest?", "seed:002 篇8 一、"),
        ("when did the Anqing union tournament take place?", "seed:002 篇1 二、"),  # 'take place' is no venue
        # Every notice's own facts have English words (the catalog), not only the ones asked before.
        ("what date was the Tianxing company contest?", "seed:002 篇6 二、"),
        ("who was in charge of the Heshi school contest?", "seed:002 篇8 四、"),
        ("who could enter the Tianxing tournament?", "seed:002 篇6 四、"),
        ("in the Nanjing institute contest who explains the rules?", "seed:002 篇2 7、"),
        ("in the playing-card rules, what does the other side get if a pair pulls out before the match?",
         "seed:001 八、 1."),
        ("at Hefei TVU, what happens after three fouls?", "seed:004 第九章 第三十五条"),  # named by all its words
    ],
)
def test_an_events_venue_or_date_in_english_is_its_notices_article(question: str, article: str) -> None:
    assert ask(question, Language.EN).each_part[0].sources[0] == article


@pytest.mark.parametrize("question", [
    "天星公司生产什么产品",  # 天星 and 公司 are in its venue's article: the name, not what is asked
    "电大食堂几点开饭",  # 电大's rules hold no date; another event's date is not 电大's
    "加拿大江苏联谊会的会费多少钱",
    "瓦坊中学校长是谁",  # a rule section that mentions 瓦坊 is not about its headmaster
])
def test_a_question_naming_an_event_that_none_of_its_articles_answers_is_declined(question: str) -> None:
    assert ask(question, Language.ZH).off_topic


@pytest.mark.parametrize(("question", "documents"), [
    ("the Hefei electronics company's contest: what did the champion win?", ("002 篇9",)),  # not Hefei TVU's rules
    ("合肥电大的比赛申诉找谁", ("004",)),
    ("补充规则里八强以后怎么打", ("002 篇14",)),
    ("the tournament with its own add-ons on top of the website rules", ("002 篇14",)),
    ("通州湾快速通道工程那次的奖金", ("002 篇10",)),
    ("the design school contest in room 74-213", ("000 第三篇",)),
    ("at Hefei TVU what happens after three fouls?", ("004",)),
])
def test_an_event_is_named_the_way_players_say_it(question: str, documents: tuple[str, ...]) -> None:
    assert named_documents(question) == documents


def test_the_events_name_alone_finds_no_article() -> None:
    assert without_names("天星公司生产什么产品", ("002 篇6",)) == "生产什么产品"
    asked = without_names("what did the runner-up get at Tongzhou Bay?", ("002 篇10",))
    assert asked == "what did the runner-up get at ?"
    assert without_names("天星公司生产什么产品", ("002 篇1",)) == "天星公司生产什么产品"  # another event's name stays


def test_the_named_events_own_article_answers_before_a_weak_section() -> None:
    part = ask("通州湾比赛每局限时多少", Language.ZH).each_part[0]
    assert part.documents_first and reference_matches(part.sources[0].removeprefix("seed:"), "002 篇10 五、")


def test_the_named_events_fact_is_answered_by_its_article_found_by_what_is_asked() -> None:
    part = ask("河失那次比赛几等奖各几组", Language.ZH).each_part[0]
    assert part.documents_first and reference_matches(part.sources[0].removeprefix("seed:"), "002 篇8 六、")


def test_a_follow_up_with_it_is_read_with_the_question_before() -> None:
    found = ask("can the heart level card stand in for a joker? and can it make a straight flush?", Language.EN)
    assert [part.sources[0] for part in found.each_part] == ["wild_card", "wild_card"]


def test_a_report_in_paragraphs_is_cited_paragraph_by_paragraph() -> None:
    report = [article for article in _articles(next(d for d in seed_documents() if d.key == "002 篇4"))]
    assert len(report) > 1 and all(article.label.startswith("¶") for article in report)
    part = ask("加拿大那个比赛是什么赛制", Language.ZH).each_part[0]
    assert part.documents_first and "五轮大循环" in part.documents[0].text


def test_a_documents_name_in_every_article_does_not_rank_its_articles() -> None:
    # The paper's name (自动分组判分系统) spoke of pairing in every one of its parts; its grouping algorithm answers.
    part = ask("how does the paper's system pair teams in the first round?", Language.EN).each_part[0]
    assert part.documents_first and reference_matches(part.sources[0].removeprefix("seed:"), "002 篇3 4.1")


def test_tribute_turned_off_by_the_organiser_is_said_beside_a_notice_that_answers() -> None:
    notice = "一、比赛规则\n本次比赛双下时两个输家各进贡一张最大的牌。"
    found = ask("这次比赛要进贡吗", Language.ZH, RuleVariant(tribute=False), notice=notice)
    text = to_plain(answer_text(found))
    assert text.index("各进贡一张最大的牌") < text.index("组织者的设置") < text.index("本赛事不进贡")
    # Played with tribute (the default), the built-in details are not set by anyone: the notice alone speaks.
    text = to_plain(answer_text(ask("这次比赛要进贡吗", Language.ZH, RuleVariant(), notice=notice)))
    assert "本赛事" not in text and "组织者的设置" not in text


def test_walkover_points_the_organiser_set_are_said_beside_a_notice_that_answers() -> None:
    notice = "五、计分\n有弃权的，胜方得2分，弃权方不得分。"
    text = to_plain(answer_text(ask("对方弃权我们得几分", Language.ZH, RuleVariant(walkover_points=10), notice=notice)))
    assert text.index("胜方得2分") < text.index("组织者的设置") < text.index("对方得 10 分")
    default = to_plain(answer_text(ask("对方弃权我们得几分", Language.ZH, RuleVariant(), notice=notice)))
    assert "组织者的设置" not in default and "本赛事" not in default  # the scale's default 16 is no one's choice
