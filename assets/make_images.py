"""Draw the window's images with pygame and save them as PNGs in assets/images/.

Run `python assets/make_images.py` from any folder. The images are made by
the project (no outside artwork), so they ship under the project's terms.
Each is drawn four times larger than saved and scaled down, which smooths
the edges. screen/paint.py scales them again to the cell size.

`python assets/make_images.py --screens` draws the documents' pictures in
assets/screens/ again, from the window as it is now (SCREENS says how each
is made), with no window opened and nothing written to the data folder.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (the variable above must be set first)

SIZE = 256  # drawn large: cells grow with a projector, and scaling down stays sharp
SCALE = 4
IMAGES = Path(__file__).resolve().parent / "images"
SCREENS_DIR = Path(__file__).resolve().parent / "screens"
POSITIONS = Path(__file__).resolve().parent / "positions"

MINE_BODY = (24, 24, 28)
MINE_SHINE = (235, 235, 240)
FLAG_RED = (214, 32, 32)
POLE = (30, 30, 30)
CROSS_RED = (200, 0, 0)
TILE = (189, 189, 189)
TILE_LIGHT = (250, 250, 250)
TILE_DARK = (123, 123, 123)


def canvas() -> pygame.Surface:
    """Return a clear surface to draw one image on, SCALE times too large."""
    return pygame.Surface((SIZE * SCALE, SIZE * SCALE), pygame.SRCALPHA)


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Return the drawing scaled down to its saved size."""
    return pygame.transform.smoothscale(surface, (SIZE, SIZE))


def draw_mine(surface: pygame.Surface) -> None:
    """Draw a round mine with eight spikes and a highlight, centred."""
    s = surface.get_width()
    centre = (s // 2, s // 2)
    for k in range(8):
        angle = k * math.pi / 4
        dx, dy = math.cos(angle) * s * 0.40, math.sin(angle) * s * 0.40
        start = (centre[0] - dx, centre[1] - dy)
        end = (centre[0] + dx, centre[1] + dy)
        pygame.draw.line(surface, MINE_BODY, start, end, max(1, s // 16))
    pygame.draw.circle(surface, MINE_BODY, centre, int(s * 0.28))
    pygame.draw.circle(surface, MINE_SHINE, (int(s * 0.42), int(s * 0.42)), int(s * 0.07))


def draw_flag(surface: pygame.Surface) -> None:
    """Draw a red triangular flag on a black pole with a two-step base."""
    s = surface.get_width()
    pole_x = int(s * 0.56)
    pygame.draw.rect(surface, POLE, (pole_x, int(s * 0.18), max(1, s // 16), int(s * 0.56)))
    cloth = [
        (pole_x + s // 32, int(s * 0.16)),
        (pole_x + s // 32, int(s * 0.50)),
        (int(s * 0.2), int(s * 0.33)),
    ]
    pygame.draw.polygon(surface, FLAG_RED, cloth)
    pygame.draw.rect(surface, POLE, (int(s * 0.40), int(s * 0.70), int(s * 0.36), int(s * 0.07)))
    pygame.draw.rect(surface, POLE, (int(s * 0.26), int(s * 0.76), int(s * 0.62), int(s * 0.08)))


def draw_cross(surface: pygame.Surface) -> None:
    """Draw a thick red X over the whole image: "this flag was wrong"."""
    s = surface.get_width()
    width = max(1, s // 11)
    pygame.draw.line(surface, CROSS_RED, (s * 0.14, s * 0.14), (s * 0.86, s * 0.86), width)
    pygame.draw.line(surface, CROSS_RED, (s * 0.86, s * 0.14), (s * 0.14, s * 0.86), width)


def draw_tile(surface: pygame.Surface) -> None:
    """Draw a raised grey tile, the look of a hidden cell (for the window icon)."""
    s = surface.get_width()
    edge = s // 8
    surface.fill(TILE_DARK)
    pygame.draw.polygon(surface, TILE_LIGHT, [(0, 0), (s, 0), (0, s)])
    pygame.draw.rect(surface, TILE, (edge, edge, s - 2 * edge, s - 2 * edge))


def make_all() -> dict[str, pygame.Surface]:
    """Return every image by file name."""
    mine, flag, wrong, icon = canvas(), canvas(), canvas(), canvas()
    draw_mine(mine)
    draw_flag(flag)
    draw_mine(wrong)
    draw_cross(wrong)
    draw_tile(icon)
    draw_mine(icon)
    return {
        "mine.png": finish(mine),
        "flag.png": finish(flag),
        "wrong_flag.png": finish(wrong),
        "icon.png": finish(icon),
    }


# The documents' pictures: runner.py's handout options for each (with --export FILE added),
# or a function that draws a view the command line does not (a game played, the editor).
SCREEN_SIZE = "1280x720"
SCREENS: dict[str, str] = {
    "subset-question.png": "--position 03-subset.txt --step 1 --question",
    "subset-answer.png": "--position 03-subset.txt --step 1",
    "single-neighbour-answer.png": "--position 01-single-neighbour.txt --step 1",
    "counter-arrangement.png": "--position 07-counter-settles.txt --step 3 --arrangement 2",
}
# The 1-2-1 as a teacher draws it in the editor (docs/teaching.md).
ONE_TWO_ONE = """# The 1-2-1
# Question: Which closed cells hold the two mines?
# Answer: A2 and A4: the 2 needs two mines and each 1 allows only one.
# Total: hidden
.*.*.
.121.
"""


def play_expert(out: Path, size: tuple[int, int]) -> None:
    """Draw an expert game 90 AI moves in, seed 3, as the window shows it (a steady clock)."""
    from screen.layout import layout, scale_for
    from screen.paint import Painter, paint
    from sweeper import BOARDS
    from window.app import App

    now = [0.0]
    app = App.new(BOARDS["expert"], seed=3, clock=lambda: now[0])
    app.session.keeps_files = False  # a picture: no record, no setting
    for _ in range(90):
        app.do("ai")
        now[0] += 0.4
    draw_view(app.frame(), out, size, layout, scale_for, Painter, paint)


def editor_view(out: Path, size: tuple[int, int]) -> None:
    """Draw the position editor on the 1-2-1 lesson, as a teacher sees it drawn and worded."""
    from screen.layout import layout, scale_for
    from screen.paint import Painter, paint
    from sweeper import BOARDS
    from window.app import App
    from window.commands import start_editing
    from window.editor import Editor

    app = App.new(BOARDS["cs50"])
    app.session.keeps_files = False
    start_editing(app, Editor.from_text(ONE_TWO_ONE, Path("the-1-2-1.txt")))
    app.message = ""
    draw_view(app.frame(), out, size, layout, scale_for, Painter, paint)


def draw_view(frame, out, size, layout, scale_for, painter_class, paint) -> None:  # noqa: ANN001
    """Paint a frame at a size into a PNG, as the window would show it."""
    screen = pygame.display.set_mode(size)
    painter = painter_class()
    paint(screen, frame, layout(size, frame, scale_for(size), painter.font), painter)
    pygame.image.save(screen, str(out))


def draw_screens(folder: Path = SCREENS_DIR) -> list[Path]:
    """Draw every picture of assets/screens/ into folder from the window as it is now."""
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import runner

    written = []
    for name, args in SCREENS.items():
        given = [str(POSITIONS / a) if a.endswith(".txt") else a for a in args.split()]
        out = folder / name
        if runner.main([*given, "--size", SCREEN_SIZE, "--export", str(out)]) != 0:
            raise SystemExit(f"could not draw {name}")
        written.append(out)
    size = tuple(int(n) for n in SCREEN_SIZE.split("x"))
    for name, draw in (("play-expert.png", play_expert), ("editor.png", editor_view)):
        pygame.display.init()
        pygame.font.init()
        try:
            draw(folder / name, size)
        finally:
            pygame.quit()
        written.append(folder / name)
    return written


def main() -> None:
    """Draw the images and save them in assets/images/ (--screens: the documents' pictures)."""
    if sys.argv[1:] == ["--screens"]:
        for path in draw_screens():
            print(f"wrote {path}")
        return
    IMAGES.mkdir(parents=True, exist_ok=True)
    for name, surface in make_all().items():
        pygame.image.save(surface, str(IMAGES / name))
        print(f"wrote {IMAGES / name}")


if __name__ == "__main__":
    main()
