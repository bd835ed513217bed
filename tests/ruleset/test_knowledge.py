"""The rule-question index: its steps on a small made-up corpus, then the real question set on the real sections."""

import pytest

from bot.rules.rulebook import rule_index
from bot.ruleset.glossary import CONCEPTS, CONFUSABLE, SECTION_HINTS
from bot.ruleset.knowledge import RuleIndex, SectionSource, asks_arithmetic, has_cjk, play_shapes, words
from tests.ruleset.rule_questions import EN_QUESTIONS, OFF_TOPIC, ZH_QUESTIONS

TOY_SECTIONS = [
    SectionSource("wild", ("逢人配", "Wild card"), ("红桃级牌可以当任何牌。", "Heart level cards stand for any card.")),
    SectionSource("tribute", ("进贡", "Tribute"), ("末游给头游最大的牌。", "Last place pays first place.")),
    SectionSource("ace", ("顺子里的A", "The ace"), ("A2345 是最小的顺子。", "A-2-3-4-5 is the lowest straight."),
                  hints=("ace low",)),
    SectionSource("plates", ("钢板", "Plate"), ("两个相连的三张。", "Two triples in a row.")),
]
TOY_CONCEPTS = {
    "wild": ("逢人配", "百搭", "红心级牌", "wild card", "wild"),
    "tribute": ("进贡", "上贡", "tribute"),
    "first_place": ("头游", "上游", "first place"),
    "ace": ("A", "ace"),
    "straight": ("顺子", "straight"),
    "plate": ("钢板", "三顺", "飞机", "plate"),
    "four_jokers": ("天王炸弹", "four jokers"),
    "_filler": ("是什么",),
}


@pytest.fixture(scope="module")
def toy_index() -> RuleIndex:
    return RuleIndex(TOY_SECTIONS, TOY_CONCEPTS, {"供": "贡", "陪": "配"})


@pytest.mark.parametrize(
    ("question", "section"),
    [
        ("百搭", "wild"),  # a synonym the section never uses
        ("what is a wild card", "wild"),
        ("上贡给谁", "tribute"),  # 上贡 = 进贡
        ("上供给谁", "tribute"),  # homophone typo
        ("逢人陪", "wild"),  # homophone typo
        ("how does tribue work", "tribute"),  # one letter missing
        ("tirbute", "tribute"),  # two letters swapped
        ("三顺是什么", "plates"),
        ("飞机 plate", "plates"),  # mixed languages
        ("A能当1吗", "ace"),
        ("is A low", "ace"),
        ("JQKA2", "ace"),  # a run of ranks with an ace
    ],
)
def test_questions_reach_their_section(toy_index: RuleIndex, question: str, section: str) -> None:
    matches = toy_index.search(question)
    assert matches and matches[0].section_id == section, (question, matches, toy_index.tokens(question))


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("红心级牌", {"§wild"}),
        ("wild cards", {"§wild"}),  # plural
        ("天王诈弹", {"§four_jokers"}),  # four-character term, one character wrong
        ("是什么", set()),  # filler alone
        ("is a card", {"card"}),  # a lower-case "a" is the article, not the ace
        ("打a", {"打", "§ace"}),  # next to Chinese it is the ace
        ("10-J-Q-K-A", {"acerun", "§ace", "§straight"}),  # a run of ranks with an ace, and the play it makes
    ],
)
def test_tokens(toy_index: RuleIndex, question: str, expected: set[str]) -> None:
    assert set(toy_index.tokens(question)) == expected


def test_off_topic_questions_get_no_section(toy_index: RuleIndex) -> None:
    assert toy_index.search("what's the weather like") == ()
    assert toy_index.search("今天天气怎么样") == ()
    assert toy_index.search("") == ()


def test_confidence_is_bounded_and_sorted(toy_index: RuleIndex) -> None:
    matches = toy_index.search("逢人配 进贡", limit=4)
    assert [match.section_id for match in matches] == ["wild", "tribute"] or [
        match.section_id for match in matches
    ] == ["tribute", "wild"]
    assert all(0 < match.score <= 1 for match in matches)
    assert toy_index.search("逢人配", limit=1) == toy_index.search("逢人配")[:1]


def test_a_repaired_word_alone_is_not_full_confidence(toy_index: RuleIndex) -> None:
    (exact,) = toy_index.search("tribute")
    (repaired,) = toy_index.search("tribue")
    assert repaired.section_id == exact.section_id and repaired.score < exact.score


def test_a_question_naming_only_the_game_gets_the_overview() -> None:
    assert rule_index().search("掼蛋规则")[0].section_id == "cards_and_deal"
    assert rule_index().search("what is guandan?")[0].section_id == "cards_and_deal"
    assert RuleIndex(TOY_SECTIONS, CONCEPTS).search("掼蛋") == ()  # no overview given: nothing to say


def test_a_loose_term_weighs_like_a_guess() -> None:
    # "team" is the glossary's word for a pair of partners, but a team that does not show up is a forfeit question.
    assert "§partner" in rule_index().tokens("team")
    assert rule_index().search("what if a team doesn't show up for the match?")[0].section_id == "forfeits"
    strict = RuleIndex(TOY_SECTIONS, {"tribute": ("tribute", "tax")})
    loose = RuleIndex(TOY_SECTIONS, {"tribute": ("tribute", "tax")}, loose_terms=("tax",))
    assert loose.search("tax")[0].score < strict.search("tax")[0].score


def test_an_index_needs_sections() -> None:
    with pytest.raises(ValueError):
        RuleIndex([], TOY_CONCEPTS)


@pytest.mark.parametrize(("text", "expected"), [("双下", True), ("what is 逢人配", True), ("double down", False)])
def test_has_cjk(text: str, expected: bool) -> None:
    assert has_cjk(text) is expected


# Every synonym of shared/GLOSSARY.md, with the concept it must be read as.
GLOSSARY_TERMS = {
    "partner": "对家 搭档 一组 partner team",
    "first_place": "头游 上游 头家 第一名 first_place",
    "second_place": "二游 第二名 second_place",
    "third_place": "三游 第三名 third_place",
    "last_place": "末游 下游 尾家 第四名 last_place",
    "double_down": "双下 双上 双扣 double_down double_win",
    "single_down": "单下 single_down",
    "deal": "一副牌 一牌 一局 deal",
    "match": "一场 一局决胜 match",
    "best_of_three": "三局两胜 best_of_three",
    "table_number": "桌号 table_number",
    "draw_lots": "抽签 by_lot",
    "bye": "轮空 bye",
    "forfeit": "弃权 forfeit",
    "referee": "裁判 裁判长 referee chief_referee",
    "signup": "报名 registration sign_up",
    "mixed_pairing": "男女配对 男女分开抽签 male-female_pairing",
    "free_pairs": "自由组合 free_signup",
    "two_decks": "两副牌 108张 two_decks",
    "hand_size": "每人27张",
    "big_joker": "大王 红王 大鬼 big_joker red_joker",
    "small_joker": "小王 黑王 小鬼 small_joker black_joker",
    "level": "级",
    "level_card": "级牌 主牌 打几 level_card trump_rank",
    "level_up": "升级 level_up",
    "play_a": "打A 过A playing_level_A passing_A",
    "wild": "逢人配 百搭 红心级牌 红桃主牌 任意配 配子 wild_card",
    "single": "单张 单牌 single",
    "pair": "对子 对牌 pair",
    "triple": "三张 三同张 三条 triple",
    "full_house": "三带二 三带两 三带一对 full_house",
    "straight": "顺子 straight",
    "tube": "三连对 连对 两连对 木板 tube three_consecutive_pairs",
    "plate": "钢板 三顺 滚筒 飞机 plate two_consecutive_triples",
    "bomb": "炸弹 炸 几个头 bomb",
    "straight_flush": "同花顺 同花炸 straight_flush",
    "four_jokers": "四王 天王炸 通天炸 四鬼 four_jokers",
    "tribute": "进贡 上贡 tribute",
    "return": "还贡 return",
    "anti_tribute": "抗贡 拒贡 anti-tribute refusing_tribute",
    "jiefeng": "接风 partner_takes_the_lead",
    "card_count": "报牌 报张 card-count_announcement",
    "level_difference": "级差 level_difference",
    "points": "积分 大分 小分 场分 points small_points",
    "scale_28": "28分制 28-point_scale",
    "scale_26": "26分制",
    "opponents_score": "对手分 opponents'_score",
}


@pytest.mark.parametrize(
    ("term", "concept"),
    [(term.replace("_", " "), concept) for concept, terms in GLOSSARY_TERMS.items() for term in terms.split()],
)
def test_every_glossary_synonym_is_understood(term: str, concept: str) -> None:
    assert "§" + concept in rule_index().tokens(term)


def test_glossary_data_is_consistent() -> None:
    assert set(SECTION_HINTS) <= set(rule_index().section_ids)
    assert all(len(source) == 1 and len(target) == 1 for source, target in CONFUSABLE.items())
    assert all(terms for terms in CONCEPTS.values())


def _accuracy(questions: list[tuple[str, str]]) -> tuple[float, list[str]]:
    misses = []
    for question, expected in questions:
        matches = rule_index().search(question)
        if not matches or matches[0].section_id not in expected.split("|"):
            misses.append(f"{question} → {matches[0].section_id if matches else None} (expected {expected})")
    return 1 - len(misses) / len(questions), misses


def test_question_set_accuracy() -> None:
    assert len(ZH_QUESTIONS) >= 40 and len(EN_QUESTIONS) >= 40
    zh, zh_misses = _accuracy(ZH_QUESTIONS)
    en, en_misses = _accuracy(EN_QUESTIONS)
    overall, misses = _accuracy(ZH_QUESTIONS + EN_QUESTIONS)
    print(f"\nrule questions: top-1 accuracy {overall:.1%} ({len(ZH_QUESTIONS) + len(EN_QUESTIONS)} questions; "
          f"zh {zh:.1%} of {len(ZH_QUESTIONS)}, en {en:.1%} of {len(EN_QUESTIONS)})")
    for miss in misses:
        print("  miss:", miss)
    assert overall >= 0.95, misses
    assert zh >= 0.9 and en >= 0.9, zh_misses + en_misses


@pytest.mark.parametrize("question", OFF_TOPIC)
def test_off_topic_questions_are_refused(question: str) -> None:
    assert rule_index().search(question) == ()


def test_number_question_finds_the_number() -> None:
    matches = rule_index().search("双下升几级")
    assert matches[0].section_id == "level_up"


@pytest.mark.parametrize(
    "question",
    [
        "26乘4等于几",
        "26乘以2是多少",
        "what's 26 times 2",
        "quick one: what's 28 minus 26 times 3?",
        "what is 13 plus 13",
        "斗地主飞机能带翅膀吗",
        "斗地主炸弹能带两张单牌不",
        "in texas holdem does a flush beat a straight?",
        "德州扑克同花大还是顺子大",
        "how many cards in a dou dizhu hand",
        "二十六乘以二是多少",  # numbers in Chinese numerals and in words
        "what's twenty six times two",
        "打拖拉机的时候主牌咋定 亮主要亮几张 跟掼蛋级牌一样吗",  # the other game first, Guandan only compared
        "升级和掼蛋哪个好玩",
        "what's the bomb in fortnite",  # video games share words with the rules (bomb, level up)
        "how do I level up my character faster",
        "炸弹人游戏怎么玩",
    ],
)
def test_sums_and_other_games_are_declined(question: str) -> None:
    assert rule_index().search(question) == ()


def test_another_game_next_to_guandan_is_still_a_rule_question() -> None:
    matches = rule_index().search("斗地主的飞机和掼蛋的钢板一样吗")  # both in one breath: a comparison
    assert matches and matches[0].section_id == "sequences"
    matches = rule_index().search("掼蛋的钢板 跟斗地主的飞机一样吗")  # Guandan named first
    assert matches and matches[0].section_id == "sequences"


@pytest.mark.parametrize(
    ("question", "sum_asked"),
    [
        ("二十六乘以二是多少", True),
        ("what's twenty six times two", True),
        ("14 times 2?", True),
        ("三带一加一张行不行", False),  # a count of cards after it: a rule question
        ("升三级加一级", False),
        ("3+2可以吗", False),  # a full house, not a sum
    ],
)
def test_sums_in_any_numerals(question: str, sum_asked: bool) -> None:
    assert asks_arithmetic(question) is sum_asked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("can't I pay?", {"can", "not"}),  # contractions, with or without the apostrophe
        ("dont pay", {"do", "not"}),
        ("i told him", {"tell"}),  # irregular forms and chat spellings read as the word
        ("u paid", {"you", "pay"}),
        ("shuffling", {"shuffle"}),  # one stem for shuffle, shuffles, shuffling, shuffled
        ("shuffled", {"shuffle"}),
        ("making", {"mak"}),
        ("make", {"mak"}),
        ("cutting", {"cut"}),
        ("swap my partner", {"swap", "partner"}),  # determiners dropped
        ("二十八张", {"28", "张"}),  # Chinese numbers above ten as digits (the term 28张); a lone 十 is the rank
        ("三十秒", {"30", "秒"}),
        ("打十", {"打", "十"}),
    ],
)
def test_english_words_are_read_as_their_base(question: str, expected: set[str]) -> None:
    assert expected <= set(words(question))
    assert not {"my", "the", "a"} & set(words(question))


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        ("don't have to give tribute", "anti_tribute"),  # the term "not have to give", through the contraction
        ("can i swap my partner", "substitute"),  # the term "swap partner", through the dropped "my"
        ("we both have 1 red joker each", "two_big_jokers"),
        ("有没有种子队", "pairing"),
        ("are there separate men's and ladies divisions", "gender_groups"),
        ("I told them I had 5 cards but I had 6", "card_count"),
        ("摸牌摸多了咋办", "wrong_count"),
        ("这一圈打完了还能翻回去看吗", "look_back"),
        ("这一圈打完了还能翻回去看吗", "trick"),  # a trick over, not a player gone out
        ("do we have to play A, or is it enough to level up past it?", "play_a"),
        ("A一定要打吗", "play_a"),
        ("what level does everybody start at", "start_level"),
        ("对家走完了 我的牌能给他看吗", "expose"),
        ("who did the refereeing at the final?", "referee"),
        ("同花顺最小的是哪个", "strongest"),  # either end of a kind, not the single-card order
        ("按28分那个算法 打到Q对过A怎么算", "scale_28"),
    ],
)
def test_questions_name_their_concept(question: str, concept: str) -> None:
    assert "§" + concept in rule_index().tokens(question)


@pytest.mark.parametrize(
    ("question", "condition", "asked"),
    [
        ("who starts after tribute is paid", {"§tribute"}, {"§lead"}),
        ("after paying the tribute who starts the next hand", {"§tribute"}, {"§lead"}),
        ("进贡后谁先出", {"§tribute"}, {"§lead"}),
        ("抗贡了以后谁先出", {"§anti_tribute"}, {"§lead"}),
        ("do you get any points if you lose", set(), {"§loss_points"}),  # a term spanning the condition stays whole
        ("what happens if time runs out", set(), {"§time_limit"}),  # all of it a condition: nothing weighs less
    ],
)
def test_conditions_weigh_less(question: str, condition: set[str], asked: set[str]) -> None:
    conditions = rule_index().condition_tokens(question)
    assert condition <= conditions and not asked & conditions and asked <= set(rule_index().tokens(question))


@pytest.mark.parametrize(
    ("question", "implied", "not_implied"),
    [
        ("五个头能管同花顺不", "bomb_order", "type_compare"),  # two kinds of bomb: the bomb order
        ("顺子能管三带二吗", "type_compare", "bomb_order"),  # two five-card plays: the play types compared
        ("钢板能带对子吗", None, "type_compare"),  # attached: no comparison
        ("炸弹能不能拆开当对子出", None, "compare"),  # a bomb and a pair: nothing implied
        ("头游和末游是一家升几级", "place_combo", "finishing_places"),
        ("上游下游是啥意思", "finishing_places", "place_combo"),  # the names asked, not a combination
        ("我们打A 我头游对家末游 这把算啥", None, "place_combo"),  # at A: whether A is passed
        ("三个八带一个九行不行", "full_house", "type_compare"),  # a triple with a card attached
        ("四王算炸弹吗", None, "bomb_order"),  # whether it is a bomb, not which bomb is bigger
        ("炸弹能管顺子吗", "type_compare", "bomb_order"),  # a bomb against another play type: the types compared
        ("A2345同花顺能管10JQKA同花顺吗", None, "type_compare"),  # the written straight is the straight flush
        ("is a straight flush a bomb?", None, "bomb_order"),
        ("8 card bomb or four jokers who wins", "bomb_order", "type_compare"),  # two bombs compared without 管
        ("我们拿了一二名 升几级", "place_combo", "finishing_places"),  # 一二名: first and second place
        ("我出完了 三家都不要 接下来谁出", "jiefeng", "place_combo"),  # out, nobody beat the last play
        ("the losers hold both big jokers between them, do they pay tribute?", "anti_tribute", "place_combo"),
    ],
)
def test_what_a_question_names_together(question: str, implied: str | None, not_implied: str) -> None:
    tokens = rule_index().tokens(question)
    assert implied is None or "§" + implied in tokens
    assert "§" + not_implied not in tokens


def test_numbers_above_ten_are_counts_not_ranks() -> None:
    assert rule_index().tokens("26") == {}
    assert set(rule_index().tokens("26 cards")) == {"§wrong_count"}  # one short of 27: a wrong card count
    assert "334455" in rule_index().tokens("334455是连对吗")  # a run of ranks stays
    matches = rule_index().search("what if I have 26 cards")
    assert matches and matches[0].section_id == "penalties"


@pytest.mark.parametrize(
    ("question", "shapes"),
    [
        ("5566能出吗", ["tube"]),  # two pairs in a row: asked as a run of pairs
        ("334455是连对吗", ["tube"]),
        ("10 J Q K A", ["straight"]),
        ("JQKA2", ["straight"]),  # wrapping runs are asked about too
        ("333444带5566", ["plate", "tube"]),
        ("88888", ["bomb"]),
        ("55577", ["full_house"]),
        ("三个A带一对2", ["triple", "pair", "full_house"]),
        ("三个八带一个九", ["triple"]),  # ranks in Chinese numerals; the attached card makes it a full house (implied)
        ("五个五", ["bomb"]),
        ("5个3能压4个A不", ["bomb", "bomb", "bomb_order"]),  # two bombs written out are compared
        ("guy slapped down like 10 sevens", ["bomb"]),
        ("all four of my jacks against their five 3s", ["bomb", "bomb", "bomb_order"]),  # four of my Js: a count
        ("do 6 of a kind beat a straight flush", ["bomb"]),
        ("we're playing 7s", ["level_card"]),
        ("打10的时候", ["level_card"]),
        ("打八的时候八比A大不", ["level_card", "compare"]),  # 打八 names the level, X比Y大 compares
        ("剩六张牌能主动报吗", ["card_count"]),
        ("打三局", []),
        ("打八十分", []),
        ("27张牌", []),  # counts of cards, minutes and years are no runs
        ("108张", []),
        ("2016年", []),
        ("30秒", []),
        ("two as well", []),
    ],
)
def test_cards_written_out_name_their_play(question: str, shapes: list[str]) -> None:
    assert play_shapes(question) == shapes


def test_counts_and_spelled_ranks_read_as_ranks_not_numbers() -> None:
    tokens = rule_index().tokens("5个3能压4个A不")
    # The counts are no ranks, and the rank of a counted group only says which bomb: what is asked is the comparison.
    assert tokens["§bomb"] == 2 and "§compare" in tokens and not {"3", "5", "4", "A"} & set(tokens)
    assert "k" in rule_index().tokens("is a 7 bigger than a king")
    assert "acerun" in rule_index().tokens("A 2 3 4 5 legal?")  # a spaced run reads as the run


def test_chinese_terms_do_not_span_a_space() -> None:
    assert "§pass_turn" not in rule_index().tokens("明天下雨不 要带伞")
    assert "§pass_turn" in rule_index().tokens("不要了还能再出吗")


@pytest.mark.parametrize(
    ("question", "sections"),
    [
        # A Guandan or event word among many chat words: about the rules all the same.
        ("how big can a bomb even get?? guy at table 3 just slapped down like 10 sevens", {"bombs", "comparisons"}),
        ("打一半我对加要去接孩子 能换个人接着打伐", {"pairs_and_seats"}),
        ("I came alone, no partner. can I still play tonight?", {"entry", "pairs_and_seats"}),
        ("can our union chairman play? he's really good", {"entry"}),
        ("2 teams lost in the semis, is there a 3rd place playoff or do they share it?", {"ranking"}),
        ("does everyone start at 2? someone said 2 doesnt even need to be played", {"level_up", "a_rule"}),
        ("安庆那个比赛 输了还有分不", {"ranking", "scoring"}),
        ("第二轮咋分对手 会不会又碰到打过的", {"pairings"}),
        ("单数对 多出来一对咋弄", {"pairings", "match_formats"}),
        ("newbie q: first hand of the match, is there tribute??", {"tribute"}),
        ("does any tournament skip tribute completely?", {"tribute"}),
        ("can you play just two pairs in a row like 5566? or must be 3 pairs", {"sequences"}),
        ("how many poker cards does each player get", {"cards_and_deal"}),  # playing cards, not the game
        ("after a double down how does the next hand start?", {"who_leads"}),
        ("how are opponents chosen for the second round?", {"pairings"}),
        ("what do you call whoever goes out last?", {"finishing_names"}),
        ("报名的有11对 落单的那一对怎么办", {"pairings"}),  # the odd pair out: a bye
    ],
)
def test_event_and_beginner_questions_find_their_section(question: str, sections: set[str]) -> None:
    matches = rule_index().search(question)
    assert matches and matches[0].section_id in sections, (question, matches)


@pytest.mark.parametrize(
    "question",
    [
        "who's bringing the tribute cake for Mei's birthday after the games?",  # a Guandan word in chat
        "老王的生日蛋糕谁去买",
        "what's the final score of the world cup",
        "打升级的时候主牌怎么定",
        "拖拉机的主怎么定",
        "跑得快能不能三带一",
        "锄大地怎么玩",
        "in hearts do you have to follow suit",
        "is the queen of spades worth 13 points",
        "how do you score in Hearts, is the queen of spades 13?",
        "rummy: can I lay off on other people's melds",
        "poker: does a full house beat a flush?",
        "in bridge how many points for a grand slam",
        "my score on the quiz was 26 lol",  # chat with only an everyday rule word (score)
        "what's the score in the cricket",
        "今天湖人打勇士几比几",
        "how much is the weekend trip, and do I bring trips snacks",  # a trip, not trips (a triple)
    ],
)
def test_chat_and_other_card_games_are_declined(question: str) -> None:
    assert rule_index().search(question) == ()


# Another game named only as a comparison, beside a Guandan question: answered. The game is "only compared" when a
# comparison word stands by it (like, unlike, as in, compared to, 跟…一样, 像…那样) or when the Guandan question came
# first and the other game follows as a remark; "here" after the other game turns the question back to Guandan.
@pytest.mark.parametrize(
    ("question", "sections"),
    [
        ("is it played with two decks like canasta?", {"cards_and_deal"}),
        ("how many cards each, same as in bridge?", {"cards_and_deal"}),
        ("do partners sit opposite each other like in bridge", {"cards_and_deal", "pairs_and_seats"}),
        ("unlike poker, do suits matter at all when comparing?", {"comparisons", "card_order", "bombs"}),
        ("compared to big two is a straight flush a bomb", {"bombs", "comparisons"}),
        ("who pays tribute to whom? in tractor it's different", {"tribute"}),
        ("in poker four aces is huge. here does a 5 card bomb of 3s beat it?", {"comparisons", "bombs"}),
        ("跟斗地主一样 炸弹能带牌吗", {"bombs", "sequences", "basic_plays"}),
        ("像打升级那样 输了要进贡吗", {"tribute"}),
        ("和桥牌似的 南北一家东西一家吗", {"cards_and_deal", "pairs_and_seats"}),
        ("比起斗地主 掼蛋用几副牌", {"cards_and_deal"}),
        ("同花顺算炸弹吗 德州扑克里同花顺最大", {"bombs", "comparisons"}),
    ],
)
def test_another_game_as_a_comparison_is_still_a_rule_question(question: str, sections: set[str]) -> None:
    matches = rule_index().search(question)
    assert matches and matches[0].section_id in sections, (question, matches)


# The other game is the subject: named with no comparison word before any Guandan question, the asker says it is
# the game meant (I mean…, 我说的是…), or Guandan is named only as the comparison.
@pytest.mark.parametrize(
    "question",
    [
        "in bridge do partners sit across?",
        "how many cards does each player get in canasta",
        "big two: can a 2 beat an ace?",
        "in tractor who pays tribute to whom",
        "how long to reach level 10? I mean in minecraft",
        "斗地主几副牌 一人几张",
        "打拖拉机要进贡吗",
        "桥牌谁先出牌 跟掼蛋一样吗",
        "升级最高打到几 我说的是王者荣耀",
        "德州扑克同花顺最大吗",
    ],
)
def test_a_question_about_another_game_itself_is_declined(question: str) -> None:
    assert rule_index().search(question) == ()


# Rule answers, round 4: English as club members type it, by family: the deal's size, seats, seeing or showing cards,
# who may enter, the first-round draw, the card exchange of the tribute, time per card, replacing a partner.
@pytest.mark.parametrize(
    ("question", "sections"),
    [
        ("how many cards we each get at start", {"cards_and_deal"}),
        ("everybody gets how many cards", {"cards_and_deal"}),
        ("how many card for one player", {"cards_and_deal"}),
        ("where me and partner sit, next to or across", {"pairs_and_seats", "cards_and_deal"}),
        ("who decide which team sit north south", {"pairs_and_seats"}),
        ("can we choose our seats or they assign", {"pairs_and_seats"}),
        ("opponent keep showing his cards by accident, what now", {"penalties"}),
        ("i accidentally showed my hand to the other team", {"penalties"}),
        ("partner can see my cards cause I hold them bad. penalty?", {"penalties"}),
        ("guy next to me peeking at my hand", {"penalties"}),
        ("we are from different schools can we still be a team", {"entry"}),
        ("my partner is not from our company, ok?", {"entry"}),
        ("is it allowed to bring outside player", {"entry"}),
        ("who we face first round, is it random", {"pairings"}),
        ("will we meet team from own unit in round 1", {"pairings"}),
        ("as in hearts, do we pass cards before play", {"tribute"}),
        ("how many card max straight", {"sequences"}),
        ("is 2 the smallest card or the biggest", {"card_order", "level_up"}),
        ("stuck on A too many times what happen", {"a_rule"}),
        ("can my partner and me use signs", {"signals"}),
        ("how long i have to play each card", {"move_time"}),
        ("my partner need to leave, can someone replace", {"pairs_and_seats"}),
    ],
)
def test_casual_english_families_find_their_section(question: str, sections: set[str]) -> None:
    matches = rule_index().search(question)
    assert matches and matches[0].section_id in sections, (question, matches)
