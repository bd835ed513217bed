"""WeCom (企业微信) as a chat platform, through the 智能机器人 (AI bot, API mode) long connection.

``python -m bot run`` serves it when ``WECOM_BOT_ID`` and ``WECOM_BOT_SECRET`` are set (``handlers.runner``; with
``TELEGRAM_BOT_TOKEN`` too, both in one process). Modules: ``client`` the long connection on ``websockets``,
``platform`` callbacks → the front door, ``markdown`` the neutral markup as WeCom markdown and cards,
``announcer`` the courier that pushes scheduled announcements, ``media`` files in and out. The design decisions
(ids, person keys, names, messages once, answers, mentions, organisers, the connection, files): docs/design.md,
"WeCom as a chat platform".
"""
