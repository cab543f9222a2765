"""The one translation function for every text a person sees, in English, Punjabi or Kannada.

``_("text")`` looks the English text up in the ``cardkit`` gettext catalogue of the language in
force and falls back to English. The catalogues are ``cardkit/locale/<lang>/LC_MESSAGES/
cardkit.po`` (what translators edit) and the ``cardkit.mo`` compiled from it (what is read here;
``python tools/catalogues.py`` rebuilds both from the sources, and a test fails if either is
stale). Card ranks and suit symbols (``K♥``) and digits stay as they are in every language.

Which language is in force is a :class:`contextvars.ContextVar`, so two tables in one notebook,
one in Punjabi and one in Kannada, never fight over it: each table draws inside
``with language(table.language):``. Outside any ``with``, the kernel's default is used, which
:func:`set_language` sets (a lesson in Punjabi starts with ``set_language("pa")``; tables built
afterwards start in it).

>>> with language("pa"):
...     _("New game") != "New game"
True
>>> _("New game")
'New game'
>>> with language("qps"):        # the pseudo-locale of the tests: every message marked
...     _("New game")
'⟦New game⟧'
"""
from __future__ import annotations

import contextvars
import gettext
import os
import re
import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

_LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")

#: The languages the kit ships, each by its own name (for a language menu).
LANGUAGES: dict[str, str] = {"en": "English", "pa": "ਪੰਜਾਬੀ", "kn": "ಕನ್ನಡ"}

#: The pseudo-locale: not for people. Every message comes back between ⟦ and ⟧, so a test can
#: see text that did not go through ``_()`` (tests/i18n/test_pseudo_locale.py).
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


class UnknownLanguage(ValueError):
    """A language code the kit does not ship (the message lists the ones it does)."""


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return PSEUDO_OPEN + message + PSEUDO_CLOSE

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return PSEUDO_OPEN + (msgid1 if n == 1 else msgid2) + PSEUDO_CLOSE


_CATALOGUES: dict[str, gettext.NullTranslations] = {}

#: the languages that group large numbers the Indian way, by thousands and then by hundreds
#: (CLDR's ``#,##,##0``: 1,00,000 for a lakh): Punjabi and Kannada
INDIAN_GROUPING = ("pa", "kn")


def indian_grouping(digits: str) -> str:
    """``digits`` (a run of digits with ``,`` every three, as ``format(n, ",")`` gives) grouped
    the Indian way:

    >>> indian_grouping("100,000"), indian_grouping("65,780"), indian_grouping("12,345,678")
    ('1,00,000', '65,780', '1,23,45,678')
    """
    plain = digits.replace(",", "")
    head, tail = plain[:-3], plain[-3:]
    pairs: list[str] = []
    while head:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    return ",".join([*pairs, tail])


class _IndianFormatter(string.Formatter):
    """``str.format`` as Punjabi and Kannada write numbers: ``{n:,}`` groups a lakh as
    1,00,000. Everything else is formatted exactly as ``str.format`` does."""

    def format_field(self, value: object, format_spec: str) -> str:
        text: str = super().format_field(value, format_spec)
        if "," in format_spec and isinstance(value, (int, float)) and not isinstance(value, bool):
            text = re.sub(r"\d{1,3}(?:,\d{3})+", lambda m: indian_grouping(m.group()), text, count=1)
        return text


_FORMATTER = _IndianFormatter()


class Said(str):
    """A translated template (what :func:`_` and :func:`ngettext` give in Punjabi and Kannada):
    a ``str`` whose ``format`` and ``format_map`` group large numbers the Indian way.

    >>> Said("{n:,} games").format(n=100000)
    '1,00,000 games'
    """

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        text: str = _FORMATTER.vformat(str(self), args, kwargs)
        return text

    def format_map(self, mapping: Mapping[str, object]) -> str:   # type: ignore[override]
        text: str = _FORMATTER.vformat(str(self), (), mapping)
        return text


def check_language(code: str | None) -> str:
    """``code`` as a shipped language code (``None`` and ``""`` mean English); raises
    :class:`UnknownLanguage` for anything else (a link's ``?lang=`` is attacker-written text)."""
    if code is None or code == "":
        return "en"
    if not isinstance(code, str) or (code not in LANGUAGES and code != PSEUDO):
        raise UnknownLanguage(f"no language {code!r}: choose one of {', '.join(LANGUAGES)}")
    return code


def catalogue(code: str | None) -> gettext.NullTranslations:
    """The translations of language ``code`` (read once per process), English's are none."""
    code = check_language(code)
    found = _CATALOGUES.get(code)
    if found is None:
        if code == PSEUDO:
            found = _Pseudo()
        elif code == "en":
            found = gettext.NullTranslations()
        else:
            found = gettext.translation("cardkit", localedir=_LOCALE_DIR, languages=[code])
        _CATALOGUES[code] = found
    return found


_default: list[str] = ["en"]
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("cardkit_language",
                                                                     default=None)


def set_language(code: str | None) -> None:
    """Make ``code`` (``"en"``, ``"pa"``, ``"kn"``; ``None`` is English) this kernel's default
    language: text outside any table, and tables built afterwards without ``language=``. A table
    keeps its own language (its ⚙ Settings change it). Raises :class:`UnknownLanguage`."""
    _default[0] = check_language(code)


def get_language() -> str:
    """The language code in force here (the innermost :func:`language`, else the default)."""
    return _current.get() or _default[0]


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Translate into ``code`` inside the ``with`` block only (this thread or task alone);
    yields the code. Raises :class:`UnknownLanguage`."""
    token = _current.set(check_language(code) if code is not None else None)
    try:
        yield get_language()
    finally:
        _current.reset(token)


def _(text: str) -> str:
    """Translate ``text`` (English source string) into the language in force (in Punjabi and
    Kannada a :class:`Said`, whose ``format`` groups a lakh as 1,00,000)."""
    code = get_language()
    said = catalogue(code).gettext(text)
    return Said(said) if code in INDIAN_GROUPING else said


def N_(text: str) -> str:
    """Mark ``text`` (an English template) for the catalogue without translating it now: the
    template is stored (e.g. in an :class:`~cardkit.core.Event`) and ``_()`` translates it when
    someone reads it, in the reader's language."""
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for the catalogue (as one plural message) without
    translating it now: ``ngettext(*pair, n)`` translates it when read."""
    return singular, plural


def ngettext(singular: str, plural: str, n: int) -> str:
    """Plural-aware translation: ``ngettext("{n} card", "{n} cards", n).format(n=n)`` (Punjabi
    and Kannada: the singular for 0 and 1, as their catalogues' Plural-Forms say)."""
    code = get_language()
    said = catalogue(code).ngettext(singular, plural, n)
    return Said(said) if code in INDIAN_GROUPING else said


_PLAYER_N = re.compile(r"Player (\d+)\Z")
_COMPUTER_N = re.compile(r"Computer (\d+)\Z")


def shown_name(name: str) -> str:
    """A seat's name as the reader's language says it: the kit's own names ("Player 2", "You",
    "Computer", the computers' "Ada", "Ben" …) are translated, a name a person chose is kept.
    Observations and event sentences hold shown names; the game keeps the English.

    >>> with language("qps"):
    ...     shown_name("Player 2"), shown_name("Computer"), shown_name("Computer 2"), shown_name("")
    ('⟦Player 2⟧', '⟦Computer⟧', '⟦Computer 2⟧', '')
    """
    m = _PLAYER_N.match(name)
    if m:
        return _("Player {n}").format(n=int(m.group(1)))
    m = _COMPUTER_N.match(name)
    if m:
        return _("Computer {n}").format(n=int(m.group(1)))
    return _(name) if name else name
