"""Spreadsheets for organisers: ``tournament.xlsx`` for ``/export`` and the roster import of ``/import``.

Built on openpyxl. Nothing here talks to Telegram or the database: handlers pass rows in and get bytes or
validated rows back.
"""
