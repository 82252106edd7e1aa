"""The window's colours, one name per use, and the odds overlay's colour scale.

No pygame here either: colours are tuples, so the tests and the colour-vision
checks read them without a display.
"""

from __future__ import annotations

Colour = tuple[int, ...]

BACKGROUND = (232, 234, 238)
PANEL = (248, 248, 250)
INK = (25, 25, 30)
FAINT_INK = (95, 100, 110)
WHITE = (255, 255, 255)
HIDDEN = (178, 186, 200)
HIDDEN_LIGHT = (238, 242, 248)
HIDDEN_DARK = (112, 120, 136)
REVEALED = (224, 224, 224)
GRID = (168, 168, 168)
EXPLODED = (235, 40, 40)
BUTTON = (222, 226, 234)
BUTTON_ON = (60, 110, 220)
FACE = (240, 228, 66)  # the face button: the yellow of the classroom palette
WON_COLOUR = (20, 140, 60)
LOST_COLOUR = (200, 30, 30)
NUMBER_COLOURS = {
    1: (20, 60, 235),
    2: (10, 130, 30),
    3: (215, 20, 20),
    4: (20, 20, 130),
    5: (135, 20, 20),
    6: (0, 128, 128),
    7: (20, 20, 20),
    8: (110, 110, 110),
}

# Classroom highlights, one colour per role from the Okabe-Ito palette (told
# apart with every common colour-vision deficiency), and a shape for each:
# hidden cells get a translucent fill, revealed ones a frame (digits keep
# their classic colours, never tinted); a cell concluded safe gets a tick,
# a mine a cross.
PREMISE = (86, 180, 233, 220)  # sky blue
DERIVED = (240, 228, 66, 220)  # yellow
SAFE = (0, 158, 115, 220)  # bluish green
MINE = (213, 94, 0, 220)  # vermillion
# Selected: a dark purple, apart in lightness from every role above, so that it
# stays apart under protanopia, deuteranopia and tritanopia (the reddish purple
# it replaces turned grey beside the sky blue and the vermillion).
SELECTED = (70, 40, 90, 230)
SELECTED_ROW = (222, 214, 232)
STEP_OUTLINE = (20, 20, 20)
CURSOR = (0, 0, 0)  # the keyboard's cell
CHOICE_OUTLINE = (230, 159, 0)  # orange: the pick, an outline, seen on every odds tint
# The class's answers: a word on the cell, edged bluish green (right) or vermillion
# (wrong); the word carries the meaning, the colour only echoes it.
SAFE_EDGE = SAFE[:3]
MINE_EDGE = MINE[:3]
ROLE_COLOURS = {
    "premise": PREMISE,
    "new sentence": DERIVED,
    "safe": SAFE,
    "mine": MINE,
    "selected": SELECTED,
}
LEGEND = tuple((colour, role) for role, colour in ROLE_COLOURS.items())
# Drawn in the legend as marks: what the AI knew at the step on screen.
KNOWN_LEGEND = ((True, "knew: mine"), (False, "knew: safe"))
STATUS_COLOURS = {"won": WON_COLOUR, "lost": LOST_COLOUR}

# The overlay's colour scale: cividis (Nuñez, Anderton and Renslow 2018), dark blue to
# yellow, ordered in lightness for normal vision and every common colour-vision
# deficiency, so that 0% and 100% never meet. A cell's chance p is read at p ** 0.6,
# which spreads the low odds, where most cells are, so that 20% and 40% look different.
OVERLAY_STOPS = (
    (0.0, (0, 32, 77)),
    (0.25, (65, 77, 107)),
    (0.5, (124, 123, 120)),
    (0.75, (188, 175, 111)),
    (1.0, (250, 230, 90)),  # cividis ends at (255, 234, 70); this stays lighter than 99% for all
)
OVERLAY_ALPHA = 215


def _scale_colour(t: float) -> tuple[int, int, int, int]:
    """Return the tint at scale position t (0 to 1), mixed between the two stops around it."""
    for (t0, a), (t1, b) in zip(OVERLAY_STOPS, OVERLAY_STOPS[1:], strict=False):
        if t <= t1:
            s = (t - t0) / (t1 - t0)
            r, g, bl = (round(x + (y - x) * s) for x, y in zip(a, b, strict=True))
            return (r, g, bl, OVERLAY_ALPHA)
    return (*OVERLAY_STOPS[-1][1], OVERLAY_ALPHA)


OVERLAY_SCALE = [_scale_colour((k / 100) ** 0.6) for k in range(101)]


def overlay_colour(percentage: str) -> tuple[int, int, int, int]:
    """Return the overlay's tint for a percentage such as "18%": dark blue to yellow."""
    return OVERLAY_SCALE[int(percentage.lstrip("≈").rstrip("%"))]


def overlay_ink(percentage: str) -> tuple[int, int, int]:
    """Return the colour a percentage is written in on its tint: white on the dark end."""
    r, g, b, _ = overlay_colour(percentage)
    return WHITE if 0.299 * r + 0.587 * g + 0.114 * b < 110 else INK
