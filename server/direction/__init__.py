"""What the director does: set the event up or create it, run the clocks, watch the live grid
and its alerts, rule on slow play and late starts, correct results, adjust scores and give
procedural penalties.

Every ruling is checked here and written in one transaction with its audit row (who, when,
old, new, why); each function takes the store and `now_ms` from its caller.
"""
