"""What a table does: its terminals and their secrets, its state, the results it enters and
East-West confirms, the players it seats, its director calls and the travellers it may read.

The socket handlers (`server.realtime`), the robots and the command line all go through these
functions, so a result is checked the same way whichever door it comes in by. Each function
takes the store and `now_ms` from its caller.
"""
