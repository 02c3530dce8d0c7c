"""Teams events: matches from the two rooms, K12.1 locks, captains' confirmations (KD1),
line-ups and rosters (D8.2, D2.1), the director's team rulings, team set-up, standings and the
Swiss.

A teams event keeps its two rooms as two sections (`server.event.create.ROOMS`): match k of a
round is table k of the open room, where the home team sits North-South, and table k of the
closed room, where it sits East-West. Everything here is derived from the stored results, the
clocks and the director's team rulings by the pure scoring packages; nothing derived is stored.
"""
