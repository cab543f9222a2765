"""How cardkit's apps are served to a class: Voilà's kernels and websockets, made classroom-safe.

The folder is ``serving/``; the import name is ``cardkit_serving`` (installed with the project).
The root ``voila.json`` names these classes, so ``./dev app``, a plain ``voila lessons/...`` run
from the repository root, and the tests all serve the same way:

- :class:`cardkit_serving.kernels.ClassroomKernelManager` (``VoilaConfiguration.
  multi_kernel_manager_class``): a cap on live kernels (pool plus students) with a "the class is
  full" page and a pool that survives it, a start that gives up with a "the game could not
  start" page instead of streaming heartbeats, each kernel recorded as its page load's, kernels
  that no page connected to shut down after ``unclaimed_timeout`` seconds, a limit on such
  page loads per network address, and a memory ceiling per kernel.
- :class:`cardkit_serving.connection.StudentConnection` (``Voila.kernel_websocket_connection_class``):
  one student per kernel (the kernel id is not a password), claimed only by an accepted
  websocket; only well-formed messages to the comms a table uses, rate-limited; a closed or
  reloaded page frees its kernel ``close_grace`` seconds later, a kernel that died is shut down
  and its page told so, and no traceback or stderr text ever reaches the browser (it goes to the
  server's log).
- :class:`cardkit_serving.connection.StudentIdentityProvider` (``Voila.identity_provider_class``):
  only a kernel's student can read or stop it over HTTP (``GET``/``DELETE /api/kernels/<id>``,
  Voilà's page-close request), whatever ``_xsrf`` cookie a script makes up; page loads are
  admitted by :mod:`cardkit_serving.gate`, whose refusals (odd template paths, ``/logout``,
  ``/voila/query``, unknown kernels) stand in front of Voilà's routes; it also installs
  :mod:`cardkit_serving.delivery` (gzip, as ``compress_response`` in ``voila.json`` asks, each
  static file compressed once; caching headers for Voilà's static files).

For tests and benchmarks: :mod:`cardkit_serving.launch` (start and stop a standalone Voilà from
the repository root). The raw client that speaks the widget protocol as a student's page does
is ``tests/voila_client.py`` (it needs the test-only ``websocket-client``, so it is not shipped).

These run in the Voilà server process, never in a kernel. The one exception is
:mod:`cardkit_serving.store`, the table store every match lives in (SQLite or Redis), which the
kernels of a table's seats share. The page template ``cardkit`` (in
``serving/templates/cardkit``, installed under ``share/jupyter/voila/templates``) adds the notice
shown when a page's game has stopped, and the error pages; after an editable install, which does
not install it, Voilà stops at start-up saying to run ``python -m cardkit_serving.page_template``
(:mod:`cardkit_serving.page_template`). See docs/architecture.md "Serving".
"""

from cardkit.i18n import N_

__all__ = [
           "BAD_PAGE_ARGUMENT_MESSAGE",
           "FULL_MESSAGE",
           "LINKS_OFF_MESSAGE",
           "PAGE_SENTENCES",
           "PRINT",
           "RELOAD",
           "START_FAILED_MESSAGE",
           "STOPPED_MESSAGE",
           "TOO_MANY_PAGES_MESSAGE",
           "TRY_AGAIN",
]

# What a student reads (the error pages and the notice in the page template say the same, in
# every language the kit ships: tools/catalogues.py writes their translations into the templates)
FULL_MESSAGE = N_("The class is full: every game on this server is in use. Try again in a minute.")
START_FAILED_MESSAGE = N_("The game could not start (the server is too busy or something went "
                          "wrong). Reload the page in a minute to try again.")
STOPPED_MESSAGE = N_("This game has stopped: the server ended it (the page was idle too long, or "
                     "it crashed). Reload the page to start a new game.")
TOO_MANY_PAGES_MESSAGE = N_("Too many pages were opened from your computer or network without "
                            "starting to play. Wait half a minute, then reload this page.")
BAD_PAGE_ARGUMENT_MESSAGE = N_("This page cannot be opened with that address: remove the part "
                               "after '?'.")
#: a lesson served on its own (``voila lessons/01_ecarte.ipynb``): its links to other notebooks
LINKS_OFF_MESSAGE = N_("This page was served on its own, so its links to other lessons and apps are "
                       "off: ask your teacher for the link to all the lessons.")
#: the rule cards' printable pages' button (tools/rule_cards.py)
PRINT = N_("Print")
#: the error pages' and the notice's buttons
TRY_AGAIN, RELOAD = N_("Try again"), N_("Reload")
#: every sentence of the serving pages, in the order the templates' translations list them
PAGE_SENTENCES = (FULL_MESSAGE, START_FAILED_MESSAGE, STOPPED_MESSAGE, TOO_MANY_PAGES_MESSAGE,
                  BAD_PAGE_ARGUMENT_MESSAGE, LINKS_OFF_MESSAGE, TRY_AGAIN, RELOAD)
