"""Who is who: links (claims, merges) end at one member; a loop is refused; the latest name and unit win."""

from __future__ import annotations

from bot.season.identity import ClubIdentity, ClubRecord


def test_links_chain_to_one_member_and_a_loop_is_ignored() -> None:
    identity = ClubIdentity.from_records([
        ClubRecord("name:张叁", "link", "name:张三"), ClubRecord("name:张三", "link", "tg:7"),
        ClubRecord("tg:7", "link", "name:张叁"),  # would close a loop
    ])
    assert identity.member("name:张叁") == identity.member("name:张三") == identity.member("tg:7") == "tg:7"
    assert identity.aliases("tg:7") == ("tg:7", "name:张三", "name:张叁")


def test_the_latest_name_and_unit_win() -> None:
    identity = ClubIdentity.from_records([
        ClubRecord("tg:7", "name", "小红"), ClubRecord("tg:7", "name", "小虹"), ClubRecord("tg:7", "unit", "财务处"),
        ClubRecord("tg:7", "unit", ""),
    ])
    assert identity.names["tg:7"] == "小虹" and identity.units["tg:7"] == ""
