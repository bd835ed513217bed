"""The rules of Guandan (掼蛋) as pure code: cards, plays, levels, tribute, scoring and rule knowledge.

Nothing here does I/O, reads a clock or uses global randomness. Every rule function names in its docstring the
rule it implements (quoting the seed documents' terms) and the variant chosen where the documents disagree;
the variants themselves are fields of :class:`bot.ruleset.variants.RuleVariant`.
"""
