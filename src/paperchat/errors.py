"""Errors written for the person at the keyboard.

Every error paperchat raises on purpose is a `PaperchatError`: its message says
what was wrong, where (file:line or the field), and what to do. The CLI and the
app print the message alone, without a traceback. Bugs stay ordinary exceptions.
"""

from __future__ import annotations


class PaperchatError(Exception):
    """An error which will be displayed to the user as it is."""


class CorpusError(PaperchatError):
    """A corpus file that cannot be read: names the file and line or field."""

    def __init__(self, where: str, problem: str, fix: str = "") -> None:
        self.where = where
        message = f"{where}: {problem}"
        if fix:
            message += f" ({fix})"
        super().__init__(message)


class IndexMismatchError(PaperchatError):
    """The index was built with another embedder or chunking than asked for now."""


class IndexMissingError(PaperchatError):
    """No index where one was expected."""


class ModelUnavailableError(PaperchatError):
    """Model weights or a backend library that is not installed here."""


class QuestionError(PaperchatError):
    """A question that cannot be answered as typed (empty, too long)."""
