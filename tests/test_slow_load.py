"""Three /ask calls and two people in browsers at the same moment, on the real app and model.

The reproduction of the crash (segfault in libggml-cpu when two answers ran at
once): every question must be answered, in turn, each session must see only
its own conversation, and the process must stay alive. `make soak` runs the
long form (8 sessions for 2 minutes) with the same driver, tests/load.py.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from . import load
from .conftest import free_port, serve_process

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_simultaneous_api_and_browser_questions_are_all_answered(real_settings, tmp_path) -> None:
    if not Path(load.CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: `make browser` installs Debian's chromium")
        pytest.skip("no /usr/bin/chromium (make browser installs it)")
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    env = {**os.environ, "PAPERCHAT_INDEX": str(real_settings.index_dir)}
    with serve_process([sys.executable, str(load.ROOT / "app.py"), "--port", str(port)], url,
                       tmp_path / "app.log", env=env) as proc:
        result = load.run(url, proc.pid, api=3, browser_count=2, seconds=900, rounds=1)
        alive = proc.poll() is None
    print(result)
    assert alive and result["alive"], (tmp_path / "app.log").read_text()[-3000:]
    assert result["errors"] == [] and result["crosstalk"] == []
    assert result["answers"] == 3 + 2 * 2  # each browser asks a question and a follow-up
