"""Printed paperwork: the PDF documents ``/print`` sends and ``python -m bot print`` writes.

:mod:`bot.paperwork.document` holds the values a document is made of (tables, names, cards, slips, standings,
certificates, the check-in list, the booklet), already in the order and words they are printed in;
:mod:`bot.paperwork.render` lays them out with Jinja2 templates (``templates/``) and WeasyPrint, an HTML/CSS-to-PDF
engine, with Noto Sans CJK embedded. Rendering imports WeasyPrint, Jinja2 and segno only when a document is made:
importing this package, or the command table, costs nothing.
"""
