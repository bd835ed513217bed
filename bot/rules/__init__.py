"""Rule questions answered from the rulebook — the one place for them, used by the chat and ``python -m bot rules``.

* :mod:`bot.rules.answers`: the use case, with the one language policy — ``ask(question, fallback)`` answers in the
  question's language when it shows one, else in the asker's (the chat's language; English on the command line).
* :mod:`bot.rules.rulebook`: the rule texts (the ``rulebook`` catalogs) and the index over them, built once.
* :mod:`bot.rules.variant_notes`: what a tournament chose where the rule documents differ.

The search itself is pure core (:mod:`bot.ruleset.knowledge`, :mod:`bot.ruleset.glossary`); the one renderer is
:mod:`bot.presenters.rules` (neutral markup: the chat sends it, the command line prints it as plain text). Not to be
confused with :mod:`bot.ruleset`, the game's rules as code. Nothing here touches storage, so the command line's first
answer does not pay for importing it.
"""
