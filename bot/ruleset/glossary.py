"""What players call things: the synonym data the rule-question index (``bot.ruleset.knowledge``) is built from.

Every synonym of ``shared/GLOSSARY.md`` appears in :data:`CONCEPTS`, together with the spellings found in the rule
documents (抗供, 扛供, 炸蛋, 双中, 惯蛋) and the English names the bot uses. A question and a rule section that name
the same concept in different words (百搭 / 逢人配 / wild card) then share one search token.

:data:`SECTION_HINTS` adds the words questions use but rule texts rarely do ("how many levels", 升几级, 谁先出).
:data:`CONFUSABLE` folds characters that pinyin input methods commonly swap for the domain characters
(供 for 贡, 陪 for 配, 惯 for 掼) so that a homophone typo of a two-character term still finds the term.
"""

from __future__ import annotations

from collections.abc import Mapping

CONCEPTS: Mapping[str, tuple[str, ...]] = {
    # Players, places, deals
    "partner": ("对家", "搭档", "一组", "对门", "队友", "partner", "teammate", "team"),
    "first_place": ("头游", "上游", "头家", "第一名", "first place", "1st place", "winner of the deal"),
    "second_place": ("二游", "第二名", "second place", "2nd place"),
    "third_place": ("三游", "第三名", "third place", "3rd place"),
    "last_place": ("末游", "下游", "尾家", "第四名", "末家", "last place", "4th place", "fourth place"),
    "double_down": ("双下", "双上", "双扣", "双中", "double down", "double win", "double victory"),
    "single_down": ("单下", "single down"),
    "deal": ("一副牌", "一牌", "一副", "一局", "deal"),  # 一局 is ambiguous; most documents mean one deal
    "match": ("一场", "一局决胜", "match"),
    "best_of_three": ("三局两胜", "best of three", "bo3"),
    "table_number": ("桌号", "table number"),
    "draw_lots": ("抽签", "draw lots", "drawing lots", "by lot"),
    "bye": ("轮空", "bye"),
    "forfeit": ("弃权", "没来", "不来", "缺席", "forfeit", "walkover", "walk over", "withdraw", "no show",
                "not show up", "not turn up"),
    "referee": ("裁判", "裁判长", "referee", "chief referee", "umpire"),
    "signup": ("报名", "registration", "sign up", "signup", "register"),
    "mixed_pairing": ("男女配对", "男女分开抽签", "male female pairing", "mixed pair"),
    "free_pairs": ("自由组合", "free signup", "self formed pair"),
    # Cards and levels
    "two_decks": ("两副牌", "108张", "two deck", "108 card", "how many deck", "deck"),
    "hand_size": ("每人27张", "27张", "每人几张", "每人多少张", "每人", "27 card", "each player", "per player"),
    "big_joker": ("大王", "红王", "大鬼", "big joker", "red joker"),
    "small_joker": ("小王", "黑王", "小鬼", "small joker", "black joker"),
    "joker": ("王", "大小王", "王牌", "鬼牌", "joker"),
    "level": ("级", "级数", "level"),
    "level_card": ("级牌", "主牌", "打几", "level card", "trump", "trump card", "trump rank"),
    "level_up": ("升级", "升几级", "升多少级", "升1级", "升2级", "升3级", "升一级", "升两级", "升二级", "升三级",
                 "level up", "go up", "move up", "gain", "promotion", "1 level", "2 level", "3 level", "one level",
                 "two level", "three level"),
    "play_a": ("打A", "过A", "A必打", "打过A", "打到A", "跳过A", "skip A", "pass A", "at A", "on A", "reach A",
               "reached A", "passing A", "passed A", "level A", "the A rule", "ace level",
               "play A", "playing A"),
    "wild": ("逢人配", "百搭", "红心级牌", "红桃主牌", "任意配", "配子", "红桃级牌", "红心主牌", "万能牌",
             "wild card", "wildcard", "wild", "heart level card"),
    "ace": ("ace", "A"),
    "guandan": ("掼蛋", "guandan", "guan dan"),
    # Plays (牌型)
    "single": ("单张", "单牌", "single", "single card"),
    "pair": ("对子", "对牌", "一对", "pair"),
    "triple": ("三张", "三同张", "三条", "triple", "three of a kind", "trip"),
    "full_house": ("三带二", "三带两", "三带一对", "full house", "three with two"),
    "straight": ("顺子", "straight"),
    "tube": ("三连对", "连对", "两连对", "木板", "tube", "three pair", "consecutive pair"),
    "plate": ("钢板", "三顺", "滚筒", "飞机", "plate", "steel plate", "two triple", "consecutive triple", "airplane"),
    "bomb": ("炸弹", "炸", "炸蛋", "几个头", "四个头", "五个头", "六个头", "七个头", "八个头", "九个头", "十个头",
             "bomb"),
    "straight_flush": ("同花顺", "同花炸", "straight flush"),
    "four_jokers": ("四王", "天王炸", "通天炸", "四鬼", "天王炸弹", "four joker", "4 joker", "joker bomb"),
    # Between deals
    "tribute": ("进贡", "上贡", "贡", "tribute", "pay tribute"),
    "return": ("还贡", "回贡", "return", "give back"),
    "anti_tribute": ("抗贡", "拒贡", "抗供", "扛供", "anti tribute", "refuse tribute", "refusing tribute"),
    "jiefeng": ("接风", "jiefeng", "take over the lead", "takes over the lead", "partner take the lead"),
    "card_count": ("报牌", "报张", "报数", "剩几张", "还剩几张", "剩下", "还剩", "剩余", "card count", "announce",
                   "announcement", "card left",
                   "how many card i hold", "how many card i have", "how many card remain"),
    # Scoring
    "level_difference": ("级差", "level difference"),
    "points": ("积分", "大分", "小分", "场分", "计分", "得分", "point", "score", "scoring"),
    "scale_28": ("28分制", "28 point", "28 scale"),
    "scale_26": ("26分制", "26 point", "26 scale"),
    "opponents_score": ("对手分", "opponents score", "buchholz"),
    # Other rule words
    "lead": ("先出", "先出牌", "出牌权", "领出", "首出", "lead", "leader", "go first", "play first", "start first",
             "who start"),
    "time_limit": ("限时", "时间到", "到时", "到点", "封牌", "time limit", "time run out", "time is up", "out of time"),
    "late": ("迟到", "late", "lateness", "arrive late"),
    "signal": ("暗示", "暗号", "打暗号", "手势", "眼神", "作弊", "signal", "signalling", "cheat", "cheating", "hint"),
    "wrong_count": ("多牌", "少牌", "多牌少牌", "wrong card count", "too many card", "too few card", "miscount"),
    "penalty": ("违规", "犯规", "判罚", "罚", "penalty", "foul", "violation", "punish", "punishment"),
    "pass_turn": ("不要", "不出", "过牌", "pass", "passes"),
    "compare": ("比较", "哪个大", "谁大", "谁更大", "大还是", "能压", "可以压", "压得过", "能不能压", "管得住", "大过",
                "beat", "bigger", "stronger", "higher", "smaller", "lower", "larger", "greater", "compare",
                "comparison", "versus", "vs"),
    "attach": ("带", "带牌", "attach", "attached", "carry", "kicker"),
    "strongest_play": ("最大的牌", "最大的牌型", "strongest play", "biggest play", "best play", "highest play"),
    "go_out": ("出完", "出完牌", "打完牌", "走了", "goes out", "go out", "went out", "gone out", "play out",
               "played out",
               "out of cards"),
    "nobody_beats": ("没人要", "没人压", "没人管", "都不要", "nobody", "no one", "everyone passes"),
    "strongest": ("最大", "最大的", "strongest", "biggest", "highest", "largest"),
    "place_combo": ("头游和二游", "头游和三游", "头游和末游", "头游加二游", "头游加三游", "头游加末游",
                    "first and second", "first and third", "first and last", "first and fourth", "1st and 2nd",
                    "1st and 3rd", "1st and 4th"),
    "move_time": ("每手", "出牌时间", "30秒", "per move", "each move", "thinking time", "30 second"),
    "stand_for": ("能当", "当作", "当成", "代替", "替代", "配成", "stand for", "substitute", "used as", "act as"),
    "direction": ("逆时针", "顺时针", "counterclockwise", "anticlockwise", "clockwise"),
    # Words that only dress a question up; they are dropped (a concept starting with "_" makes no token).
    "_filler": ("规则", "条件", "需要", "怎么办", "怎么算", "什么意思", "是什么", "可以吗", "能不能", "请问", "问一下",
                "一回事", "是不是", "要不要", "what happen", "how doe it work", "the rule for"),
}

SECTION_HINTS: Mapping[str, tuple[str, ...]] = {
    "cards_and_deal": ("几副牌", "多少张牌", "每人几张", "洗牌", "切牌", "抓牌", "发牌", "座位", "怎么玩",
                       "how many cards", "how many decks", "shuffle", "cut", "seating", "how to play"),
    "card_order": ("单张大小", "哪张最大", "单张排序", "谁大", "哪个大", "card order", "highest card", "rank order",
                   "ranking of cards", "which card is higher"),
    "wild_card": ("红桃", "当什么", "hearts", "any card"),
    "basic_plays": ("三带一", "一大一小", "three with one", "joker pair"),
    "sequences": ("六张顺子", "顺子几张", "几对", "连几对", "能带牌吗", "带翅膀", "six card straight", "how long",
                  "how many pairs", "plate with cards"),
    "bombs": ("几张算炸", "炸弹几张", "how many cards in a bomb", "ten card bomb"),
    "comparisons": ("炸弹大小", "炸弹顺序", "哪个大", "bomb order", "order of bombs", "which is bigger"),
    "ace_in_sequences": ("a2345", "jqka2", "10jqka", "当1", "绕", "ace low", "ace high", "wrap around", "wraparound"),
    "level_up": ("升几级", "升多少级", "几级", "头游和二游", "头游和三游", "头游和末游", "how many levels", "levels",
                 "how far", "first and second", "first and third", "first and last", "past A",
                 "beyond A"),
    "a_rule": ("几次", "不过", "退回", "打不过", "必打", "skip", "fail", "failed", "attempt", "back to 2", "back to j"),
    "tribute": ("进贡哪张", "贡什么", "还什么", "还牌", "which card", "highest card", "give back"),
    "anti_tribute": ("两个大王", "两张大王", "几个大王", "both big joker", "two big joker", "how many big joker"),
    "who_leads": ("谁先出", "谁先", "先手", "who lead", "who goes first", "who plays first", "who start"),
    "turns": ("轮流", "跟牌", "出牌顺序", "再出", "还能出", "每手", "出牌方向", "顺时针还是逆时针", "30秒",
              "play again", "play after passing", "per move", "turn", "follow", "in turn",
              "which direction", "direction of play", "clockwise or counterclockwise"),
    "jiefeng": ("最后一手", "nobody beat", "last card"),
    "card_count": ("几张要报", "how many card left", "remaining"),
    "finishing_names": ("叫什么", "名次", "第几名", "what is it called", "places", "finishing order"),
    "match_formats": ("赛制", "淘汰", "淘汰赛", "循环", "决赛", "比几局", "knockout", "round robin", "format", "final"),
    "time_limit": ("时间", "级数相同", "平级", "同级", "打平", "tie", "equal level", "same level", "time"),
    "scoring": ("几分", "多少分", "26分", "28分", "算分", "how many point", "points", "score"),
    "forfeits": ("不来", "缺席", "几分钟", "退出", "no show", "how late", "minutes late", "absent", "walkover points"),
    "penalties": ("藏牌", "抢出", "抢抓", "超时", "hide card", "hiding card", "out of turn", "slow play"),
}

CONFUSABLE: Mapping[str, str] = {
    # typed character → the domain character it is usually a homophone typo for
    "供": "贡", "共": "贡", "攻": "贡",
    "陪": "配", "佩": "配",
    "惯": "掼", "贯": "掼",
    "缝": "逢",
    "扛": "抗",
    "疯": "风", "峰": "风", "锋": "风",
    "刚": "钢",
    "瞬": "顺",
    "诈": "炸",
    "蛋": "弹",
    "极": "级",
    "油": "游",
    "暴": "报",
    "墨": "末",
}  # fmt: skip
