"""paperchat's front door: `python app.py [--port P] [--host H] [--config FILE]`.

Builds the engine from config (models loaded once, the index built from data/
if missing) and launches the Gradio app; the same as `paperchat serve`.
"""

from __future__ import annotations

import sys

from paperchat.cli import main

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))
