"""Database URLs without their credentials, in every form asyncpg accepts a password."""

from __future__ import annotations

import pytest

from bot.config import load_settings
from bot.redaction import UNREADABLE, redacted_url, without_credentials
from storage.postgres import redacted


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://bot:s3cret@db:5432/club", "postgresql://bot@db:5432/club"),
        ("postgresql://bot@db/club", "postgresql://bot@db/club"),
        ("postgresql://bot@db/club?password=s3cret", "postgresql://bot@db/club"),
        ("postgresql://bot@db/club?sslmode=require&password=s3cret&application_name=x",
         "postgresql://bot@db/club?sslmode=require&application_name=x"),
        ("postgresql://bot@db/club?PASSWORD=s3cret", "postgresql://bot@db/club"),
        ("postgresql://bot@db/club?pass%77ord=s3cret", "postgresql://bot@db/club"),
        ("postgresql://bot@db/club?sslpassword=s3cret&sslkey=/k", "postgresql://bot@db/club?sslkey=/k"),
        ("postgresql://bot:p@ss:w@rd@db/club", "postgresql://bot@db/club"),
        ("postgresql://bot:s3cret@db:notaport/club", "postgresql://bot@db:notaport/club"),
        ("postgresql://bot:s3cret@[::1/club", UNREADABLE),
    ],
)
def test_no_credential_is_shown(url: str, shown: str) -> None:
    assert redacted_url(url) == shown
    assert redacted(url) == shown
    assert "s3cret" not in shown and "rd@" not in shown


def test_settings_show_no_query_password() -> None:
    settings = load_settings({"GUANDAN_DB": "postgresql://bot@db/club?password=s3cret"}, None)
    assert settings.database_shown == "postgresql://bot@db/club"
    assert "s3cret" not in repr(settings)


def test_a_drivers_message_quoting_a_secret_is_scrubbed() -> None:
    url = "postgresql://bot:a%2Fb@db/club?password=c+d"
    assert without_credentials("bad password a/b, a%2Fb or c d", url) == "bad password ***, *** or ***"


@pytest.mark.parametrize("url", ["postgresql://nobody@127.0.0.1:9/x?password=TopS3cret",
                                 "postgresql://nobody:TopS3cret@127.0.0.1:notaport/x"])
def test_migrate_refuses_without_printing_the_password(
    url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The probe: ``migrate`` printed a query password; a port that is no number was a traceback quoting it."""
    import argparse

    from bot.cli import migrate

    monkeypatch.delenv("GUANDAN_DB", raising=False)
    assert migrate.run(argparse.Namespace(db=url, lang="en")) == 2
    out, err = capsys.readouterr()
    assert "TopS3cret" not in out + err
    assert err.startswith("The database postgresql://nobody@127.0.0.1:")
