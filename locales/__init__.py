"""Message catalogs: ``locales/zh/*.toml`` and ``locales/en/*.toml`` (read by ``bot.i18n``)."""
