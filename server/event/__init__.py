"""The event as every use case reads it: its file built from a preset, its players list, its
clocks as they stand, and the outcome a change hands to the terminals and the console.

This is the lowest package of the application layer: the others (`server.teams`,
`server.table`, `server.direction`, `server.publish`) build on it, and it imports none of them.
"""
