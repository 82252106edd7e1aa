"""The window's pygame side: layout and scale, palette, paint(Frame), input, the loop, pictures."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module here imports pygame
