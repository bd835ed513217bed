"""References into the rule documents (``002 篇11 第八条``): read, and matched against the article an answer cites."""

import pytest

from bot.rules.references import chinese_number, read_reference, reference_matches


@pytest.mark.parametrize(("text", "number"), [("八", 8), ("十", 10), ("十二", 12), ("二十", 20), ("三十七", 37),
                                              ("12", 12), ("百", 100), ("第", None)])
def test_chinese_numbers(text: str, number: int | None) -> None:
    assert chinese_number(text) == number


def test_a_reference_is_read_into_document_part_and_items() -> None:
    reference = read_reference("002 篇11 第八条")
    assert reference is not None
    assert (reference.document, reference.part, reference.items) == ("002", 11, (("item", "8"),))
    nested = read_reference("002 篇1 六、1")
    assert nested is not None and nested.items == (("item", "6"), ("sub", "1"))
    assert read_reference("004 第二章 第二十条") == read_reference("004 第2章 第20条")
    assert read_reference("篇11 第八条") is None


@pytest.mark.parametrize(
    ("cited", "named", "same"),
    [
        ("002 篇11 第八条", "002 篇11 第八条", True),
        ("002 篇1 六、 1、", "002 篇1 六、1", True),
        ("002 篇1 六、", "002 篇1 六、1", True),  # the article holding the item named
        ("002 篇2 六、", "002 篇1 六、1", False),
        ("004 第三章 第八条", "004 第八条", True),
        ("004 第九条", "004 第八条", False),
        ("000 第四篇", "000 第四篇", True),
        ("000 第四篇 三、", "000 第四篇", True),  # a part named as a whole
        ("001 三、", "002 三、", False),
    ],
)
def test_a_cited_article_matches_the_reference_naming_it(cited: str, named: str, same: bool) -> None:
    assert reference_matches(cited, named) is same
