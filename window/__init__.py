"""The window's side: what runner.py draws and says (pygame is used here and in runner.py)."""
