"""What the event shows and prints: the pairs' rankings, travellers and scorecards, the teams'
standings, cards and matches, the projector's ranking, the print jobs; and another program's
results file scored again (`rescore`).

Everything here is derived from the stored entries and rulings by the pure scoring packages;
nothing derived is the only copy of anything. The spool's worker prints a job in the
background, so printing never blocks scoring.
"""
