"""An official's result, on Telegram and on WeCom alike: over a report waiting for confirmation it says that it
replaces it and shows both; "⚖️ 裁定" only where the pairs disputed; entered at an untouched table it is a result
entered, not a ruling."""

from __future__ import annotations

from tests.support.two_platforms import Evening, drawn_final, evening, parts

__all__ = ["evening"]  # the fixture, run on each platform

async def test_an_officials_result_over_a_pending_report_replaces_it(evening: Evening) -> None:
    left, _right = await drawn_final(evening)
    await evening.say(left, "/result 1 A+ 9")
    [entered] = [part for part in parts(await evening.say(0, "/result 1 A+ 10")) if "第 1 桌" in part]
    assert "代替了待确认的报告" in entered and "裁定" not in entered and "⚖️" not in entered
    assert "A+ : 10" in entered and "A+ : 9" in entered  # both: the official's result and the report it replaces


async def test_a_ruling_only_over_a_dispute(evening: Evening) -> None:
    left, right = await drawn_final(evening)
    await evening.say(left, "/result 1 A+ 9")
    await evening.say(right, "/result 1 A+ 5")  # the other pair reports other levels: a dispute
    [ruled] = [part for part in parts(await evening.say(0, "/result 1 A+ 10")) if "第 1 桌" in part]
    assert ruled.startswith("⚖️") and "裁定" in ruled


async def test_an_officials_result_at_an_untouched_table_is_entered(evening: Evening) -> None:
    await drawn_final(evening)
    [entered] = [part for part in parts(await evening.say(0, "/result 1 A+ 10")) if "第 1 桌" in part]
    assert entered.startswith("✅") and "组织者或裁判录入" in entered and "代替" not in entered


async def test_a_dispute_sent_as_a_command_is_ruled(evening: Evening) -> None:
    """``/dispute 1`` (有异议 1) does what the Dispute button does: where no button can be pressed, it is typed."""
    left, right = await drawn_final(evening)
    [refused] = await evening.say(right, "/dispute 1")  # nothing reported yet
    assert "无需提出异议" in refused
    await evening.say(left, "/result 1 A+ 9")
    [own] = await evening.say(left, "/dispute 1")  # the reporting pair cannot dispute its own report
    assert "⚠️" not in own
    [disputed] = [part for part in parts(await evening.say(right, "/dispute 1")) if "第 1 桌" in part]
    assert disputed.startswith("⚠️") and "有争议" in disputed
    [ruled] = [part for part in parts(await evening.say(0, "/result 1 A+ 10")) if "第 1 桌" in part]
    assert ruled.startswith("⚖️") and "裁定" in ruled
