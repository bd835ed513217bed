"""The neutral markup and its three renderings (Telegram HTML, WeCom markdown, plain text)."""

import pytest

from bot.richtext import (
    Button,
    MarkupError,
    Span,
    Style,
    escape,
    escape_params,
    keyboard,
    mention,
    spans,
    to_markdown,
    to_plain,
    to_telegram_html,
)

RENDERINGS = [
    # markup, plain, telegram, markdown
    ("plain", "plain", "plain", "plain"),
    ("<b>第 3 桌</b>：A+ vs K", "第 3 桌：A+ vs K", "<b>第 3 桌</b>：A+ vs K", "**第 3 桌**：A+ vs K"),
    ("<i>note</i>", "note", "<i>note</i>", "*note*"),
    ("<code>/result 3 A+ K</code>", "/result 3 A+ K", "<code>/result 3 A+ K</code>", "`/result 3 A+ K`"),
    ("a &lt;b&gt; &amp; c", "a <b> & c", "a &lt;b&gt; &amp; c", "a <\u200bb> & c"),  # a < of text is no tag
    ("x_y *z*", "x_y *z*", "x_y *z*", "x_y ∗z∗"),  # WeCom shows a backslash escape as it is: a look-alike
    ("[left|right] [t](u)", "[left|right] [t](u)", "[left|right] [t](u)", "[left|right] [t]\u200b(u)"),
    ("line 1\nline 2", "line 1\nline 2", "line 1\nline 2", "line 1\nline 2"),
]


@pytest.mark.parametrize(("markup", "plain", "telegram", "markdown"), RENDERINGS)
def test_each_platform_renders_the_markup(markup: str, plain: str, telegram: str, markdown: str) -> None:
    assert to_plain(markup) == plain
    assert to_telegram_html(markup) == telegram
    assert to_markdown(markup) == markdown


def test_people_text_is_escaped_so_it_stays_text() -> None:
    markup = f"<b>{escape('<b>张三</b> & co')}</b>"
    assert to_plain(markup) == "<b>张三</b> & co"
    assert to_telegram_html(markup) == "<b>&lt;b&gt;张三&lt;/b&gt; &amp; co</b>"


def test_mentions_notify_on_their_own_platform_and_name_elsewhere() -> None:
    markup = "hi " + mention("tg:42", "张<三>")
    assert to_telegram_html(markup) == 'hi <a href="tg://user?id=42">张&lt;三&gt;</a>'
    assert to_plain(markup) == "hi 张<三>"
    assert to_markdown(markup) == "hi 张<\u200b三>"
    assert to_markdown(mention("wecom:zhangsan", "张三"), mention_prefix="wecom:") == "<@zhangsan>"
    assert to_telegram_html(mention("wecom:zhangsan", "张三")) == "张三"


def test_spans_carry_nested_styles() -> None:
    assert list(spans("<b>a <code>b</code></b>c")) == [
        Span("a ", frozenset({Style.BOLD})), Span("b", frozenset({Style.BOLD, Style.CODE})), Span("c"),
    ]


@pytest.mark.parametrize("bad", ["<blink>x</blink>", "<b>x", "x</b>", "<b><i>x</b></i>"])
def test_bad_markup_is_a_presenter_bug(bad: str) -> None:
    with pytest.raises(MarkupError):
        to_plain(bad)


def test_keyboards_drop_empty_rows() -> None:
    assert keyboard([Button("Join", "t:1:su")], []) == ((Button("Join", "t:1:su"),),)


def test_names_in_a_list_are_escaped_one_by_one() -> None:
    assert escape_params({"names": ("<b>", "A&B"), "count": 3}) == {"names": ("&lt;b&gt;", "A&amp;B"), "count": 3}


@pytest.mark.parametrize("typed", ["<@laowang>", "<@all>", '<font color="warning">红</font>', "<@all"])
def test_peoples_text_never_becomes_wecom_markup(typed: str) -> None:
    """The probe: ``/name <@all>`` made every list carry a live mention of everyone."""
    for markup in (escape(typed), f"<b>{escape(typed)}</b>", f"<code>{escape(typed)}</code>",
                   mention("tg:42", typed), mention("wecom:x", typed)):
        shown = to_markdown(markup)
        assert "<@" not in shown and "<font" not in shown
        assert shown.replace("\u200b", "").replace("\\", "").strip("*`") == typed
    assert to_markdown(escape("<@all> ") + mention("wecom:laowang", "<@all>"), mention_prefix="wecom:") == \
        "<\u200b@all> <@laowang>"
