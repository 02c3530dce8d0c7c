"""A whole competition at the venue, in one event file, stage after stage.

The pure model (`server.competition`) says where a competition stands from what was played and
decided; this package reads that from the event file (`inputs`), shows it (`view`), puts the
next matches and sessions in play when the director advances (`schedule`, `actions`: new
rounds of the event's schedule, new tables where needed, the boards numbered on), records the
decisions a person takes (choices of opponent, wild cards, entries joining) and takes an
advance back while nothing of it is played. Everything else of the live loop (tables, results,
clocks, line-ups, captains) works on the rounds it creates as on any others.
"""
