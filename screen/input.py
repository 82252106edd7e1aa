"""Input: pygame events become commands, through tables; nothing here decides if they may run.

A command is a name in window/commands.py's table, an argument, and for a
key what it types (the custom-board line takes it). A key means one command
everywhere: the modes that read it otherwise (the arrows in class, in the
records view and in a review; every key while a line is typed) say so in
the command table, and the App's one door (App.do) guards and runs it.
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from screen.layout import Layout
from screen.records_paint import records_places
from window.frame import Frame

Command = tuple[str, Any, Optional[str]]  # name, argument, what a key types

AUTOPLAY_EVENT = pygame.USEREVENT + 1

KEYS = {
    pygame.K_a: "ai",
    pygame.K_g: "auto",
    pygame.K_p: "pause",
    pygame.K_i: "stats",
    pygame.K_k: "first-click",
    pygame.K_q: "marks",
    pygame.K_m: "ai-flags",
    pygame.K_h: "hint",
    pygame.K_DELETE: "reset-records",
    pygame.K_v: "arrangements",
    pygame.K_w: "custom",
    pygame.K_SPACE: "reveal-cursor",
    pygame.K_f: "flag-cursor",
    pygame.K_d: "chord-cursor",
    pygame.K_n: "new",
    pygame.K_F2: "new",
    pygame.K_r: "restart",
    pygame.K_u: "undo",
    pygame.K_t: "think",
    pygame.K_o: "overlay",
    pygame.K_c: "classroom",
    pygame.K_s: "save",
    pygame.K_l: "edit",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_e: "expand",
    pygame.K_RETURN: "jump",
    pygame.K_KP_ENTER: "jump",
    pygame.K_x: "export",
    pygame.K_ESCAPE: "quit",
    pygame.K_F11: "fullscreen",
    pygame.K_QUESTION: "keys",
    pygame.K_SLASH: "keys",  # "?" is Shift and "/" on most keyboards
}
ZOOM_KEYS = {
    pygame.K_PLUS: 1.15,
    pygame.K_EQUALS: 1.15,
    pygame.K_KP_PLUS: 1.15,
    pygame.K_MINUS: 1 / 1.15,
    pygame.K_KP_MINUS: 1 / 1.15,
}
ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
SCROLL_KEYS = {pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
SPECIAL_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
TYPING_KEYS = {
    pygame.K_ESCAPE: "escape",
    pygame.K_BACKSPACE: "backspace",
    pygame.K_RETURN: "enter",
    pygame.K_KP_ENTER: "enter",
    pygame.K_x: "x",
    **DIGIT_KEYS,
}


def commands(event: pygame.event.Event, frame: Frame, view: Layout) -> list[Command]:
    """Return the commands one event stands for (none, one, or a release and a click)."""
    if event.type == pygame.QUIT:
        return [("close", None, None)]
    if event.type == pygame.KEYDOWN:
        found = key_command(event, view)
        typed = TYPING_KEYS.get(event.key, "")
        if event.key not in SPECIAL_KEYS and len(getattr(event, "unicode", "")) == 1:
            typed = event.unicode  # a line of words takes what the key writes ("Q", "?", "é")
        if found is None:  # a key with no command of its own may still type (Backspace)
            return [("key", None, typed)] if typed else []
        return [(*found, typed)]
    if event.type == pygame.MOUSEWHEEL:
        return [("scroll", (-3 * event.y, view.list_rows()), None)]
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        cell = view.cell_at(event.pos)
        return [("flag", cell, None)] if cell is not None else []
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2):
        return [("press", (view.cell_at(event.pos), event.button == 2), None)]
    if event.type == pygame.MOUSEMOTION and frame.highlights.pressed:
        held = any(event.buttons[:3])  # the right button too: a stroke in the position editor
        cell = view.cell_at(event.pos) if held else None
        return [("press", (cell, bool(event.buttons[1])), None)]
    if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
        found = click(frame, view, event.pos, event.button)
        return [("press", (None, False), None), *([(*found, None)] if found else [])]
    if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
        return [("press", (None, False), None)]  # a right-button stroke ends (the editor's)
    if event.type == AUTOPLAY_EVENT:
        return [("tick", None, None)]
    return []


def key_command(event: pygame.event.Event, view: Layout) -> Optional[tuple[str, Any]]:
    """Return the command of a key, or None for a key with none."""
    key = event.key
    if key in ARROWS and event.mod & pygame.KMOD_SHIFT:  # the arrows, but in the editor: size
        return ("resize", (*ARROWS[key], view.list_rows()))
    if key in ARROWS:
        return ("cursor", (*ARROWS[key], view.list_rows()))
    if key in KEYS:
        return (KEYS[key], None)
    if key == pygame.K_0 and event.mod & pygame.KMOD_CTRL:
        return ("zoom", None)
    if key in DIGIT_KEYS:
        return ("digit", DIGIT_KEYS[key])
    if key in ZOOM_KEYS:
        return ("zoom", ZOOM_KEYS[key])
    if key in SCROLL_KEYS:
        return ("scroll", (SCROLL_KEYS[key], view.list_rows()))
    return None


def click(
    frame: Frame, view: Layout, pos: tuple[int, int], button: int
) -> Optional[tuple[str, Any]]:
    """Return the command of a released left or middle button: a cell, a button, a sentence."""
    if frame.records is not None and button == 1:  # a board's row, or a game's: its review
        places = records_places(frame.records, view)
        if places.board_at(pos) >= 0:
            return ("records-row", places.board_at(pos))
        if places.game_at(pos) >= 0:
            return ("records-open", places.game_at(pos))
        if places.area.collidepoint(pos):
            return None
    cell = view.cell_at(pos)
    if cell is not None:
        return ("chord" if button == 2 else "reveal", cell)
    if button != 1:
        return None
    name = "face" if view.face().collidepoint(pos) else view.button_at(pos)
    if name is not None and name.startswith("board:"):
        return ("new", name.split(":", 1)[1])
    if name is not None:
        return (name, None)
    if frame.knowledge is not None and not frame.knowledge.withheld:
        index = view.sentence_at(pos, frame.knowledge.top(view.list_rows()))
        return ("select", index) if index is not None else None
    return None
