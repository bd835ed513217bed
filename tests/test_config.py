from datetime import timedelta
from pathlib import Path

import pytest

from bot.config import (
    DEFAULT_DB,
    DEFAULT_LATE_GRACE,
    BadEnvFile,
    BadEventLoopSetting,
    BadHttpClientSetting,
    BadLanguageSetting,
    BadNumberSetting,
    BadRateLimitSetting,
    BadTimezoneSetting,
    BadWebhookSecret,
    NoWebhookSecret,
    Settings,
    load_settings,
    parse_env_file,
    webhook_secret_of,
)
from bot.i18n import Language

TOKEN = "123456789:AAsecret-token"


def test_defaults_without_anything(tmp_path: Path) -> None:
    settings = load_settings({}, tmp_path / "missing.env")
    assert settings.token is None and not settings.has_token and settings.base_url is None
    assert settings.db_path == DEFAULT_DB and settings.language is Language.ZH
    assert settings.timezone.key == "Asia/Shanghai"


def test_everything_from_the_environment(tmp_path: Path) -> None:
    settings = load_settings(
        {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_BASE_URL": "http://127.0.0.1:8081/bot", "GUANDAN_DB": "x.db",
         "GUANDAN_LANG": "en", "GUANDAN_TZ": "Europe/Berlin"},
        None,
    )
    assert settings.token == TOKEN and settings.base_url == "http://127.0.0.1:8081/bot"
    assert settings.db_path == Path("x.db") and settings.language is Language.EN
    assert settings.timezone.key == "Europe/Berlin"


def test_env_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(f'# settings\nexport TELEGRAM_BOT_TOKEN="{TOKEN}"\nGUANDAN_LANG=en  # English\n\n'
                        "GUANDAN_DB=from_file.db\n", encoding="utf-8")
    settings = load_settings({"GUANDAN_DB": "from_env.db"}, env_file)
    assert settings.token == TOKEN and settings.language is Language.EN and settings.db_path == Path("from_env.db")


def test_empty_values_count_as_unset() -> None:
    assert load_settings({"TELEGRAM_BOT_TOKEN": "  ", "GUANDAN_LANG": ""}, None) == Settings()


@pytest.mark.parametrize(
    ("environ", "error"),
    [
        ({"GUANDAN_LANG": "fr"}, BadLanguageSetting),
        ({"GUANDAN_TZ": "Mars/Olympus"}, BadTimezoneSetting),
        ({"GUANDAN_TZ": "../../etc/passwd"}, BadTimezoneSetting),
        ({"GUANDAN_RATE_LIMIT": "sometimes"}, BadRateLimitSetting),
        ({"GUANDAN_HTTP_CLIENT": "requests"}, BadHttpClientSetting),
        ({"GUANDAN_EVENT_LOOP": "trio"}, BadEventLoopSetting),
    ],
)
def test_bad_settings_are_refused(environ: dict[str, str], error: type[Exception]) -> None:
    with pytest.raises(error):
        load_settings(environ, None)


def test_bad_env_line_names_its_number_not_its_content() -> None:
    with pytest.raises(BadEnvFile) as raised:
        parse_env_file(f"GUANDAN_LANG=zh\n{TOKEN}\n")
    assert raised.value.params == {"line": 2}
    assert TOKEN not in str(raised.value)


def test_the_token_is_never_shown() -> None:
    settings = load_settings({"TELEGRAM_BOT_TOKEN": TOKEN}, None)
    assert TOKEN not in repr(settings) and TOKEN not in str(settings) and TOKEN not in f"{settings}"
    assert "token=<set>" in repr(settings)


def test_late_grace_and_clock_offset_defaults() -> None:
    settings = load_settings({}, None)
    assert settings.late_grace == DEFAULT_LATE_GRACE == timedelta(minutes=10)
    assert settings.clock_offset == timedelta(0)


def test_late_grace_and_clock_offset_from_the_environment() -> None:
    settings = load_settings({"GUANDAN_LATE_GRACE_MINUTES": "2.5", "GUANDAN_TEST_CLOCK_OFFSET_SECONDS": "-90"}, None)
    assert settings.late_grace == timedelta(minutes=2.5) and settings.clock_offset == timedelta(seconds=-90)
    assert "late_grace" in repr(settings)


@pytest.mark.parametrize("environ", [{"GUANDAN_LATE_GRACE_MINUTES": "ten"}, {"GUANDAN_LATE_GRACE_MINUTES": "-1"},
                                     {"GUANDAN_LATE_GRACE_MINUTES": "nan"},
                                     {"GUANDAN_TEST_CLOCK_OFFSET_SECONDS": "inf"}])
def test_bad_numbers_are_refused_by_name(environ: dict[str, str]) -> None:
    with pytest.raises(BadNumberSetting) as refused:
        load_settings(environ, None)
    assert refused.value.params["name"] in environ


@pytest.mark.parametrize(
    ("base_url", "file_url"),
    [
        (None, None),
        ("http://127.0.0.1:8081/bot", "http://127.0.0.1:8081/file/bot"),
        ("https://tg.example.org/api/bot{token}", "https://tg.example.org/api/file/bot{token}"),
        ("http://127.0.0.1:8081/", None),  # no Bot API layout to follow: PTB's default stays
    ],
)
def test_files_come_from_the_same_server(base_url: str | None, file_url: str | None) -> None:
    assert Settings(base_url=base_url).base_file_url == file_url


@pytest.mark.parametrize(
    ("value", "expected"), [("off", False), ("OFF", False), ("0", False), ("on", True), ("", True)],
)
def test_the_rate_limiter_is_on_unless_switched_off(value: str, expected: bool) -> None:
    assert load_settings({"GUANDAN_RATE_LIMIT": value}, None).rate_limit is expected


def test_the_http_client_and_the_event_loop_are_the_fast_ones_unless_asked() -> None:
    assert (load_settings({}, None).http_client, load_settings({}, None).event_loop) == ("aiohttp", "uvloop")
    chosen = load_settings({"GUANDAN_HTTP_CLIENT": "HTTPX", "GUANDAN_EVENT_LOOP": "asyncio"}, None)
    assert (chosen.http_client, chosen.event_loop) == ("httpx", "asyncio")


def test_wecom_settings_are_read_and_the_secret_never_shows() -> None:
    settings = load_settings({"WECOM_BOT_ID": "aib123", "WECOM_BOT_SECRET": "s3cret-value",
                              "WECOM_ORGANISERS": " laowang, xiaoli ,,"}, None)
    assert settings.has_wecom and not settings.has_token
    assert settings.wecom_organisers == frozenset({"laowang", "xiaoli"})
    assert settings.wecom_ws_url == "wss://openws.work.weixin.qq.com"
    assert "s3cret-value" not in repr(settings) and "wecom_secret=<set>" in repr(settings)
    assert not load_settings({"WECOM_BOT_ID": "aib123"}, None).has_wecom
    assert load_settings({"WECOM_WS_URL": "ws://127.0.0.1:9"}, None).wecom_ws_url == "ws://127.0.0.1:9"


def test_a_postgresql_url_is_the_database_and_its_password_is_never_shown() -> None:
    url = "postgresql://bot:s3cret@db.internal:5432/club?search_path=guandan"
    settings = load_settings({"GUANDAN_DB": url}, None)
    assert settings.db_url == url and settings.database == url
    assert settings.database_shown == "postgresql://bot@db.internal:5432/club?search_path=guandan"
    assert "s3cret" not in repr(settings) and "s3cret" not in str(settings)
    assert load_settings({"GUANDAN_DB": "postgres://bot@db/club"}, None).db_url == "postgres://bot@db/club"
    file = load_settings({"GUANDAN_DB": "club.sqlite3"}, None)
    assert (file.db_url, file.database, file.database_shown) == (None, Path("club.sqlite3"), "club.sqlite3")


def test_the_webhook_secret_is_read_checked_and_never_shown() -> None:
    settings = load_settings({"TELEGRAM_WEBHOOK_SECRET": "hook_S3cret-1"}, None)
    assert webhook_secret_of(settings) == "hook_S3cret-1"
    assert "hook_S3cret-1" not in repr(settings) and "webhook_secret=<set>" in repr(settings)
    with pytest.raises(NoWebhookSecret):
        webhook_secret_of(load_settings({}, None))
    for bad in ("with space", "ümlaut", "x" * 257, "semi;colon"):
        with pytest.raises(BadWebhookSecret):
            webhook_secret_of(Settings(webhook_secret=bad))
