import pytest

from tests.support.html_check import html_problem


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("<b>张三</b> &amp; 李四 &lt;3 &#128512; &#x1F600;", None),
        ('<a href="https://t.me/x">link</a> <code>a</code>', None),
        ("a < b", "unescaped '<'"),
        ("Tom & Jerry", "unescaped '&'"),
        ("<b>bold", "unclosed <b>"),
        ("<b><i>x</b></i>", "unexpected end tag </b> at 7"),
        ("<script>x</script>", "unescaped '<'"),
    ],
)
def test_what_telegram_would_refuse(text: str, problem: str | None) -> None:
    assert html_problem(text) == problem
