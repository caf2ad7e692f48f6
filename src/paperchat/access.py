"""Who may use a served app: loopback by default, a login when it listens wider.

`credentials` reads `--auth USER:PASSWORD` or the file named by
PAPERCHAT_AUTH_FILE (one `user:password` a line; `#` comments), for Gradio's
own login page (`launch(auth=...)`); a file keeps the password out of the
process list and the shell history. `exposure_warning` is what `serve` prints
when the host is not loopback and no login is set.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from pathlib import Path

from paperchat.errors import PaperchatError


def _pair(text: str, where: str) -> tuple[str, str]:
    user, sep, password = text.partition(":")
    if not sep or not user.strip() or not password:
        raise PaperchatError(f"{where}: expected USER:PASSWORD, with a non-empty user and password")
    return user.strip(), password


def credentials(auth: str | None, env: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """The logins from `--auth` and PAPERCHAT_AUTH_FILE; empty: no login."""
    env = os.environ if env is None else env
    pairs = [_pair(auth, "--auth")] if auth else []
    name = env.get("PAPERCHAT_AUTH_FILE", "")
    if name:
        path = Path(name)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise PaperchatError(f"{path}: cannot read the PAPERCHAT_AUTH_FILE ({e})") from None
        pairs += [_pair(line.strip(), f"{path}:{n}") for n, line in enumerate(lines, 1)
                  if line.strip() and not line.lstrip().startswith("#")]
        if not pairs:
            raise PaperchatError(f"{path}: PAPERCHAT_AUTH_FILE holds no USER:PASSWORD line")
    return pairs


def loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, port: int, logins: list[tuple[str, str]]) -> str:
    """A warning when the app is reachable beyond this machine without a login ("" if not)."""
    if loopback(host) or logins:
        return ""
    return (f"paperchat: warning: serving on {host}:{port} without a login: anyone who can reach this machine "
            "can ask questions and read the collection. Add --auth USER:PASSWORD (or PAPERCHAT_AUTH_FILE), "
            "or serve on 127.0.0.1 (the default).")
