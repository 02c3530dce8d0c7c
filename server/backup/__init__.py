"""Backups while the event is served: at start, every few minutes and at the end of every
round, to a second path (a USB stick). The SQLite part is `server.store.backup`."""

from .schedule import BackupSchedule

__all__ = ["BackupSchedule"]
