"""The one translation function for every text a person sees.

``_("text")`` looks the text up in the ``cardkit`` gettext catalogue and falls back to English,
the only language shipped so far. Tables, ``explain()`` sentences and messages all go through it,
so a catalogue in ``cardkit/locale/<lang>/LC_MESSAGES/cardkit.mo`` is all a translation needs.
"""
from __future__ import annotations

import gettext
import os

_LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
_translation = gettext.translation("cardkit", localedir=_LOCALE_DIR, fallback=True)


def set_language(language: str | None) -> None:
    """Switch every later ``_()`` call to ``language`` (e.g. ``"pa"``); ``None`` means English."""
    global _translation
    langs = [language] if language else []
    _translation = gettext.translation("cardkit", localedir=_LOCALE_DIR, languages=langs or None,
                                       fallback=True)


def _(text: str) -> str:
    """Translate ``text`` (English source string) into the current language."""
    return _translation.gettext(text)


def N_(text: str) -> str:
    """Mark ``text`` (an English template) for the catalogue without translating it now: the
    template is stored (e.g. in an :class:`~cardkit.core.Event`) and ``_()`` translates it when
    someone reads it."""
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """Plural-aware translation: ``ngettext("1 card", "{n} cards", n)``."""
    return _translation.ngettext(singular, plural, n)
