"""A window shaped like CS50's runner.py, written for the tests: it plays minesweeper.py alone.

Like CS50's, it builds Minesweeper(height=8, width=8, mines=8) and
MinesweeperAI(height=8, width=8), draws the board every frame (asking
is_mine of every cell), plays a cell on a left click, flags on a right
click, asks make_safe_move then make_random_move on "AI Move", tells the AI
with add_knowledge, and shows "Won" when the flags are the mines.

    python cs50_window.py            a window to play in
    python cs50_window.py --auto 20  20 games by the AI button (clicks posted as events);
                                     prints what happened as one JSON line
"""

import json
import sys

import pygame

from minesweeper import Minesweeper, MinesweeperAI

SIZE, CELL, TOP = 8, 48, 20
AI_BUTTON = pygame.Rect(SIZE * CELL + 40, 120, 180, 50)
RESET = pygame.Rect(SIZE * CELL + 40, 190, 180, 50)
asked = {"is_mine": 0}


class Table:
    """One game on the table: the game, the AI, and what the player sees."""

    def __init__(self) -> None:
        self.game = Minesweeper(height=SIZE, width=SIZE, mines=SIZE)
        self.ai = MinesweeperAI(height=SIZE, width=SIZE)
        self.revealed, self.flags, self.lost = set(), set(), False

    def play(self, cell) -> None:
        """Reveal cell as the player or the AI chose it."""
        if self.game.is_mine(cell):
            self.lost = True
        else:
            self.revealed.add(cell)
            self.ai.add_knowledge(cell, self.game.nearby_mines(cell))

    def ai_move(self) -> None:
        """What CS50's AI Move button does."""
        move = self.ai.make_safe_move() or self.ai.make_random_move()
        if move is None:
            self.flags = self.ai.mines.copy()
        else:
            self.play(move)

    def won(self) -> bool:
        return not self.lost and self.game.mines == self.flags


def cell_at(pos):
    """Return the board cell under a point, or None."""
    i, j = (pos[1] - TOP) // CELL, (pos[0] - TOP) // CELL
    return (i, j) if 0 <= i < SIZE and 0 <= j < SIZE else None


def draw(screen, font, table) -> None:
    """Draw the board, asking is_mine of every cell as CS50's runner does, and the buttons."""
    screen.fill((40, 40, 40))
    for i in range(SIZE):
        for j in range(SIZE):
            rect = pygame.Rect(TOP + j * CELL, TOP + i * CELL, CELL, CELL)
            asked["is_mine"] += 1
            mine = table.game.is_mine((i, j))
            shade = (220, 220, 220) if (i, j) in table.revealed else (150, 150, 150)
            pygame.draw.rect(screen, shade, rect)
            pygame.draw.rect(screen, (255, 255, 255), rect, 2)
            text = ""
            if mine and table.lost:
                text = "*"
            elif (i, j) in table.flags:
                text = "F"
            elif (i, j) in table.revealed:
                text = str(table.game.nearby_mines((i, j)))
            if text:
                screen.blit(font.render(text, True, (0, 0, 0)), rect.move(16, 10))
    for rect, label in ((AI_BUTTON, "AI Move"), (RESET, "Reset")):
        pygame.draw.rect(screen, (255, 255, 255), rect)
        screen.blit(font.render(label, True, (0, 0, 0)), rect.move(40, 12))
    said = "Lost" if table.lost else "Won" if table.won() else f"engine: {table.ai.engine}"
    screen.blit(font.render(said, True, (255, 255, 255)), (AI_BUTTON.x, 60))
    pygame.display.flip()


def click(rect, button=1) -> None:
    """Post a mouse click on the middle of rect."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=button))


def main(auto: int) -> None:
    pygame.init()
    screen = pygame.display.set_mode((SIZE * CELL + 260, SIZE * CELL + 2 * TOP))
    font = pygame.font.Font(None, 36)
    table, ended = Table(), []
    while auto == 0 or len(ended) < auto:
        if auto and (table.lost or table.won()):
            ended.append("won" if table.won() else "lost")
            click(RESET)
        elif auto:
            click(AI_BUTTON)
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type != pygame.MOUSEBUTTONDOWN:
                continue
            cell = cell_at(event.pos)
            if RESET.collidepoint(event.pos):
                table = Table()
            elif table.lost or table.won():
                continue
            elif AI_BUTTON.collidepoint(event.pos):
                table.ai_move()
            elif cell and event.button == 3:
                table.flags ^= {cell}
            elif cell and cell not in table.revealed:
                table.play(cell)
        draw(screen, font, table)
    print(json.dumps({"games": ended, "is_mine": asked["is_mine"], "engine": table.ai.engine}))


if __name__ == "__main__":
    main(int(sys.argv[2]) if sys.argv[1:2] == ["--auto"] else 0)
