"""The UI's login check, with simple throttling of wrong passwords.

`ordinance serve` with `auth_user` and `auth_password` set shows Gradio's login form (a page
with a form; a session cookie afterwards), not HTTP basic auth. Gradio calls `LoginCheck` with
what was typed. After `max_failures` wrong attempts within `window_s` seconds, every attempt is
refused (even a right one) until the oldest of them is `window_s` old: guessing is slowed to a
handful of tries a minute, and a locked-out user waits at most that window.
"""

from __future__ import annotations

import hmac
import logging
import threading
import time
from collections import deque
from collections.abc import Callable

log = logging.getLogger(__name__)


class LoginCheck:
    """`(username, password) -> bool` for Gradio's `auth=`, refusing bursts of wrong tries."""

    def __init__(
        self,
        user: str,
        password: str,
        *,
        max_failures: int = 5,
        window_s: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._user = user.encode()
        self._password = password.encode()
        self.max_failures = max_failures
        self.window_s = window_s
        self._clock = clock
        self._failures: deque[float] = deque()
        self._lock = threading.Lock()

    def __call__(self, username: str, password: str) -> bool:
        with self._lock:
            now = self._clock()
            while self._failures and now - self._failures[0] >= self.window_s:
                self._failures.popleft()
            if len(self._failures) >= self.max_failures:
                log.warning("login refused: %d wrong passwords in the last %.0f s",
                            len(self._failures), self.window_s)  # fmt: skip
                return False
            ok = hmac.compare_digest(username.encode(), self._user) & hmac.compare_digest(
                password.encode(), self._password
            )
            if not ok:
                self._failures.append(now)
                log.warning("wrong login for user %r", username)
            return bool(ok)
