"""What ``/ladder``, ``/rating``, ``/members``, ``/member`` and ``/season`` say (markup), in the chat's language."""

from __future__ import annotations

from bot.i18n import Language, t
from bot.presenters.tournaments import say
from bot.richtext import escape
from bot.services.club_claims import ClubClaimResult
from bot.services.season import Club, Member, RatingView, Season, SeasonChange, SeasonLadder, TournamentLine

LADDER_LINES = 20
"""The text shows the top of the ladder; the picture and ``ladder.csv`` every row."""
MEMBER_LINES = 60


def rating_text(value: float) -> str:
    """A rating as people read it: one decimal."""
    return f"{value:.1f}"


def tier_label(club: Club, member: str, lang: Language) -> str:
    """`` · 金`` beside a name: the member's tier within the club (display only)."""
    tier = club.tiers.get(member)
    return "" if tier is None else " · " + t(f"club.tier_{tier}", lang)


def rules_text(season: Season, lang: Language) -> str:
    scoring = season.scoring
    lines = [say("club.ladder_rules_default", lang) if scoring.points_table is None
             else say("club.ladder_rules_table", lang, table=",".join(str(p) for p in scoring.points_table))]
    if scoring.best is not None:
        lines.append(say("club.ladder_best", lang, best=scoring.best))
    return "\n".join(lines)


def ladder_text(view: SeasonLadder, lang: Language, limit: int | None = LADDER_LINES) -> str:
    """The short text of ``/ladder``: title, the points rule, and the top rows."""
    club, season = view.club, view.season
    if not view.rows:
        return say("club.no_ladder", lang, season=season.name)
    lines = [f"<b>{say('club.ladder_title', lang, season=season.name)}</b>", rules_text(season, lang), ""]
    shown = view.rows if limit is None else view.rows[:limit]
    for row in shown:
        lines.append(say("club.ladder_line", lang, rank=row.rank, name=club.name(row.member),
                         tier=tier_label(club, row.member, lang), points=row.points, events=row.events,
                         best=row.best_place, rating=rating_text(club.rating(row.member).ordinal)))
    if len(shown) < len(view.rows):
        lines.append(say("club.ladder_more", lang, count=len(view.rows) - len(shown)))
    return "\n".join(lines)


def ladder_summary(view: SeasonLadder, lang: Language) -> str:
    return say("club.ladder_summary", lang, season=view.season.name, count=len(view.rows))


def rating_view_text(view: RatingView, lang: Language) -> str:
    club, member, rating = view.club, view.member, view.rating
    title = say("club.rating_title", lang, name=member.name, tier=tier_label(club, member.key, lang),
                rating=rating_text(rating.ordinal))
    lines = [f"<b>{title}</b>",
             say("club.rating_numbers", lang, mu=f"{rating.mu:.2f}", sigma=f"{rating.sigma:.2f}", games=rating.games)]
    if not rating.games:
        lines.append(say("club.no_rating", lang, name=member.name))
    else:
        changes = list(rating.changes)[::-1]
        lines.append(say("club.rating_changes", lang, count=len(changes)))
        for change in changes:
            outcome = "club.rating_draw" if change.won is None else "club.rating_won" if change.won else \
                "club.rating_lost"
            lines.append(say("club.rating_change", lang, tournament=change.tournament_id,
                             tournament_name=club.tournament_names.get(change.tournament_id, ""),
                             round=change.round, table="-" if change.table is None else change.table,
                             outcome=t(outcome, lang), delta=f"{change.delta:+.2f}"))
    lines.append(say("club.rating_explained", lang))
    return "\n".join(lines)


def sorted_members(club: Club) -> list[Member]:
    """Members by rating (best first), then name."""
    return sorted(club.members.values(), key=lambda member: (-club.rating(member.key).ordinal, member.name))


def members_text(club: Club, lang: Language, limit: int | None = MEMBER_LINES) -> str:
    members = sorted_members(club)
    shown = members if limit is None else members[:limit]
    lines = [f"<b>{say('club.members_title', lang, count=len(members))}</b>"]
    for member in shown:
        lines.append(say("club.members_line", lang, name=member.name, tier=tier_label(club, member.key, lang),
                         account=t("club.members_linked" if member.linked else "club.members_unlinked", lang),
                         unit=member.unit or t("club.members_no_unit", lang), events=member.events,
                         rating=rating_text(club.rating(member.key).ordinal)))
    if len(shown) < len(members):
        lines.append(say("club.members_more", lang, count=len(members) - len(shown)))
    return "\n".join(lines)


def club_claim_text(result: ClubClaimResult, lang: Language) -> str:
    """A claim of a name the club knows: linked now, or waiting for an organiser."""
    key = "club.claim_linked" if result.linked else "club.claim_waiting"
    return t(key, lang, name=escape(result.member.name), account=escape(result.display_name))


def member_text(key: str, lang: Language, **params: str) -> str:
    return t(f"club.{key}", lang, **{name: escape(value) for name, value in params.items()})


def season_text(view: SeasonLadder, lang: Language) -> str:
    season = view.season
    if season.named:
        head = say("club.season_named", lang, name=season.name, start=season.window.start.date().isoformat())
    else:
        head = say("club.season_year", lang, name=season.name)
    counted = {result.tournament_id for row in view.rows for result in row.results}
    return "\n".join((head, rules_text(season, lang),
                      say("club.season_counted", lang, count=len(counted), players=len(view.rows))))


def season_change_text(change: SeasonChange, lang: Language) -> str:
    season = change.season
    if change.changed == "new":
        return say("club.season_started", lang, name=season.name)
    if change.changed == "end":
        return say("club.season_ended", lang, name=change.ended or season.name)
    if change.changed == "points":
        return say("club.season_points", lang, name=season.name) + "\n" + rules_text(season, lang)
    best = t("club.season_best_all", lang) if season.scoring.best is None else \
        t("club.ladder_best", lang, best=season.scoring.best)
    return say("club.season_best", lang, name=season.name, best=best)


TOURNAMENT_LINES = 30


def tournament_line_text(line: TournamentLine, lang: Language) -> str:
    champion = say("club.tournaments_champion", lang, name=line.champion) if line.champion else \
        t(f"club.tournaments_status_{line.status}", lang)
    return say("club.tournaments_line", lang, id=line.tournament_id, name=line.name,
               date=line.created_at.date().isoformat(), format=t(f"club.format_{line.format}", lang),
               pairs=line.pairs, raw={"outcome": champion})


def tournaments_text(club: Club, lang: Language, limit: int | None = TOURNAMENT_LINES) -> str:
    """``/tournaments``: the group's tournaments, newest first, with the id ``/result #<id>`` takes."""
    lines = club.tournaments
    shown = lines if limit is None else lines[:limit]
    text = [f"<b>{say('club.tournaments_title', lang, count=len(lines))}</b>"]
    text.extend(tournament_line_text(line, lang) for line in shown)
    if len(shown) < len(lines):
        text.append(say("club.members_more", lang, count=len(lines) - len(shown)))
    text.append(say("club.tournaments_hint", lang))
    return "\n".join(text)
