"""Replies of ``/notice``: a notice attached, its sections, removed (neutral markup of :mod:`bot.richtext`)."""

from __future__ import annotations

from bot.i18n import Language, t
from bot.richtext import escape
from bot.services.tournament.notice import ClubNotice, NoticeAttached, NoticeView

MAX_LISTED_SECTIONS = 60
"""``/notice show`` lists this many sections and counts the rest: a chat message is no place for 300 lines."""


def _source(view: NoticeView, lang: Language) -> str:
    name = view.notice.file_name
    return t("notice.from_file", lang, name=name) if name else t("notice.from_text", lang)


def attached_text(attached: NoticeAttached, lang: Language) -> str:
    view = attached.view
    key = "notice.replaced" if attached.replaced else "notice.attached"
    return escape(t(key, lang, tournament=view.tournament_name, source=_source(view, lang),
                    sections=len(view.articles), characters=len(view.notice.text)))


def sections_text(view: NoticeView, lang: Language) -> str:
    lines = [f"<b>{escape(t('notice.sections_header', lang, tournament=view.tournament_name))}</b>",
             escape(t("notice.sections_summary", lang, source=_source(view, lang), sections=len(view.articles)))]
    lines += [escape(f"{article.number}. {article.title}") for article in view.articles[:MAX_LISTED_SECTIONS]]
    if len(view.articles) > MAX_LISTED_SECTIONS:
        lines.append(escape(t("notice.more_sections", lang, count=len(view.articles) - MAX_LISTED_SECTIONS)))
    lines.append(escape(t("notice.how_to_ask", lang)))
    return "\n".join(lines)


def removed_text(tournament: str, lang: Language) -> str:
    return escape(t("notice.removed", lang, tournament=tournament))


def club_notice_text(notice: ClubNotice, lang: Language) -> str:
    """``/notice club``: the club's standing notice now (set, removed, or shown) and its sections."""
    if notice.text is None:
        return escape(t("club.notice_removed" if notice.changed else "club.notice_none", lang))
    key = "club.notice_set" if notice.changed else "club.notice_shown"
    lines = [escape(t(key, lang, sections=len(notice.articles)))]
    lines += [escape(f"{article.number}. {article.title}") for article in notice.articles[:MAX_LISTED_SECTIONS]]
    if len(notice.articles) > MAX_LISTED_SECTIONS:
        lines.append(escape(t("notice.more_sections", lang, count=len(notice.articles) - MAX_LISTED_SECTIONS)))
    return "\n".join(lines)
