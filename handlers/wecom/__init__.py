"""WeCom (企业微信) through the 智能机器人 long connection: ``python -m bot run`` with ``WECOM_BOT_ID`` and
``WECOM_BOT_SECRET``. See ``handlers.wecom.platform``."""
