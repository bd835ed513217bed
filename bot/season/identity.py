"""Who is who in a club: a person entered by name in one tournament and by account in another is one member.

A person key (``tg:…``/``wecom:…`` an account, ``name:<folded name>`` a name an organiser typed: trimmed, case and
full width folded, ``bot.tournament.entries``) already names the same person across the group's tournaments. The
club adds links on top (club-season notice: "/claim links a name to an account once for all tournaments, past and
future"; "/member merge: two spellings of one person; history follows"): each link says one key is another, and a
member is the key every link chain ends at. The latest link of a key wins; a link that would close a loop is ignored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.tournament.entries import ACCOUNT_PREFIXES


@dataclass(frozen=True, slots=True)
class ClubRecord:
    """One appended club record about a person.

    ``kind`` ``link`` (``value`` is the key it is the same as), ``name`` (the name the club shows) or ``unit`` (the
    default unit, ``""`` none)."""

    person_key: str
    kind: str
    value: str


@dataclass(frozen=True, slots=True)
class ClubIdentity:
    """The club's links, names and units, as of the latest record of each."""

    links: Mapping[str, str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    units: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_records(cls, records: Iterable[ClubRecord]) -> ClubIdentity:
        """The identity after ``records`` in the order they were appended."""
        links: dict[str, str] = {}
        names: dict[str, str] = {}
        units: dict[str, str] = {}
        for record in records:
            if record.kind == "link":
                if record.value == record.person_key or _reaches(links, record.value, record.person_key):
                    continue
                links[record.person_key] = record.value
            elif record.kind == "name":
                names[record.person_key] = record.value
            elif record.kind == "unit":
                units[record.person_key] = record.value
        return cls(links, names, units)

    def member(self, key: str) -> str:
        """The member ``key`` is: the end of its chain of links."""
        seen = 0
        while key in self.links and seen <= len(self.links):
            key = self.links[key]
            seen += 1
        return key

    def aliases(self, member: str) -> tuple[str, ...]:
        """Every key that ends at ``member`` (itself first)."""
        return (member, *sorted(key for key in self.links if self.member(key) == member and key != member))


def _reaches(links: Mapping[str, str], start: str, target: str) -> bool:
    key, steps = start, 0
    while steps <= len(links):
        if key == target:
            return True
        if key not in links:
            return False
        key = links[key]
        steps += 1
    return True


def has_account(key: str) -> bool:
    return key.startswith(ACCOUNT_PREFIXES)
