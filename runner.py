"""The window's command line and wiring: play Minesweeper, hand any move to the AI, teach.

    python runner.py [--board beginner|intermediate|expert|cs50|HxWxM] [--seed N]
                     [--first-click safe|opening|none|no-guess] [--position FILE]
                     [--classroom] [--student PATH/minesweeper.py] [--review FILE|last]

The parts, each with one job: window/ knows, decides and says (a Session
plays the game, a Classroom holds the moment on screen, build_frame derives
what is shown, one command table guards every command) and imports no
pygame; screen/ draws a frame and turns events into commands. This file
reads the command line, builds the App and starts the window or draws a
picture (--export).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from screen.ready import EXPORT_SIZE, export_size, no_display, pygame_missing
from store.places import saves_dir, saves_problem
from store.settings import Settings
from sweeper import FIRST_CLICK_RULES, BoardSize, parse_board_size, read_board_file
from sweeper.cli import OneLineParser, Option, option, run
from sweeper.review import read_record, review
from window.answers import answer_at, parse_answer
from window.app import App
from window.commands import edit_file, open_review, review_at
from window.ledger import count_left
from window.review_view import review_target
from window.student import CS50_FIRST_CLICK, STUDENT_HELP
from words.records import folder_words
from words.review import report

# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def board_argument(text: str) -> BoardSize:
    """Return the Board that a --board value names; argparse reports a bad one."""
    try:
        return parse_board_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


# Where the game comes from: one of these two.
WHERE: tuple[Option, ...] = (
    option(
        "--board",
        help="beginner (9x9, 10), intermediate (16x16, 40), expert (16x30, 99), cs50 (8x8, 8) or "
        "HxWxM such as 10x12x20; default: the board last played, else cs50",
    ),
    option("--position", help="start from a board in the text notation", type=Path),
)
# Every other option.
OPTIONS: tuple[Option, ...] = (
    option("--seed", help="seed of the first game (Restart replays it)", type=int),
    option(
        "--first-click",
        help="safe (CS50's rule: never a mine), opening (no mine around it either), none, or "
        "no-guess (it opens, and logic alone clears the board); default: the rule last "
        "chosen in the window with K, else safe",
        choices=FIRST_CLICK_RULES,
    ),
    option("--classroom", help="start with the knowledge panel open", action="store_true"),
    option(
        "--export",
        help="draw the view to a PNG and exit, with no window (a handout); see --step, --size",
        type=Path,
        metavar="OUT.png",
    ),
    option(
        "--step",
        help="with --export: lesson step N (1 = the first, or 'last'), its conclusion shown",
        metavar="N",
    ),
    option(
        "--ai-moves",
        help="with --export: let the AI play N moves first (a live game's handout)",
        type=int,
        metavar="N",
    ),
    option(
        "--arrangement",
        help="with --export and --step on an enumeration step: draw its K-th arrangement (or, "
        "when there are too many to draw, the table by number of mines: K = 1)",
        type=int,
        metavar="K",
    ),
    option(
        "--question",
        help="with --export and --step: the step's question, before its conclusion",
        action="store_true",
    ),
    option(
        "--size",
        help="with --export: the picture's size in pixels (default 1920x1080)",
        metavar="WxH",
    ),
    option(
        "--answer",
        help="the class's answer, CELL:safe or CELL:mine (such as B2:safe), on the question of "
        "--step N (else on the board as it is): prints right, wrong or uncertain, why, and a "
        "counter-arrangement where the claim can fail; with --export it draws that view",
        metavar="CELL:CLAIM",
    ),
    option(
        "--deck",
        help="write every beat of the lesson as numbered PNG pages (see --size) and an index.html "
        "that prints one page per beat, then the teacher's note, into DIR",
        type=Path,
        metavar="DIR",
    ),
    option(
        "--questions-only",
        help="with --deck: a sheet for the class, the question beats only (no answer, no "
        "teacher's page)",
        action="store_true",
    ),
    option(
        "--review",
        help="a finished game's record, or 'last' (the last game finished): its review in the "
        "window, every click judged (--export with --step N: a picture of click N)",
        metavar="FILE|last",
    ),
    option(
        "--report",
        help="with --review: print a line per click (cell, safe/risk/guess, chances) and exit",
        action="store_true",
    ),
    option("--student", help=STUDENT_HELP, type=Path, metavar="FILE"),
    option(
        "--edit",
        help="open the position editor: draw a lesson, word it, save it to FILE (a new file in the "
        "saves folder without one), C teaches it",
        nargs="?",
        const="",
        metavar="FILE",
    ),
    option(
        "--save-dir",
        help="folder for key S (default: a 'saved' folder in the user's data folder)",
        type=Path,
    ),
)


def build_parser() -> OneLineParser:
    """Return the command-line parser, from the option tables above."""
    parser = OneLineParser(
        prog="runner.py",
        description="Play Minesweeper, let the AI move, and step through its inferences.",
    )
    parser.add_options(WHERE, one_of=True)
    parser.add_options(OPTIONS)
    return parser


# The options only a handout (--export) reads, and the ones --answer reads too: it prints its
# verdict with no picture, so with it --step and --question need no --export.
HANDOUT_ONLY = {
    "size": "--size",
    "step": "--step",
    "question": "--question",
    "arrangement": "--arrangement",
    "ai_moves": "--ai-moves",
}
# What --answer reads without --export (the moment it judges: a step, after AI moves),
# and what --deck reads (the size of its pages).
ANSWER_READS = ("step", "question", "ai_moves")
DECK_READS = ("size",)


def handout_misuse(args: argparse.Namespace) -> str:
    """Return the one-line refusal of handout options given without --export, or ""."""
    if args.questions_only and args.deck is None:
        return "--questions-only goes with --deck DIR: a sheet of the lesson's questions"
    if args.export is not None:
        return ""
    answering = getattr(args, "answer", None) is not None
    reads = ANSWER_READS if answering else DECK_READS if args.deck is not None else ()
    given = [
        flag
        for name, flag in HANDOUT_ONLY.items()
        if getattr(args, name) is not None and getattr(args, name) is not False
        if name not in reads
    ]
    if not given:
        return ""
    them = "it" if len(given) == 1 else "them"
    goes = "goes" if len(given) == 1 else "go"
    return (
        f"{' and '.join(given)} {goes} with --export (a picture, no window): add "
        f"--export OUT.png, or leave {them} out"
    )


def app_from_args(argv: Optional[list[str]]) -> App:
    """Return an App for the command line; exits 2 with a message when it is bad.

    The window's start (no handout): the games left when a window went
    without a word are counted as losses now, and the window says so.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    app = build_app(parser, args)
    if args.student is not None and (problem := app.attach_student(args.student)):
        parser.error(f"--student: {problem}")
    app.lesson_path = args.position  # where the editor (L in class) saves the lesson back
    if args.edit is not None and (problem := edit_file(app, args.edit)):
        parser.error(f"--edit: {problem}")
    if args.export is None and args.answer is None and args.deck is None:
        said = count_left(app.session)
        if said:
            app.message = f"{said} {app.message}" if app.sheet is not None else said
    return app


def build_app(parser: OneLineParser, args: argparse.Namespace) -> App:
    """Return the App the parsed command line asks for; exits 2 with a message when it is bad."""
    settings = Settings()
    if args.student is not None:  # CS50's rules unless asked otherwise, as benchmark.py's
        args.board, args.first_click = args.board or "cs50", args.first_click or CS50_FIRST_CLICK
    if args.first_click is None:
        args.first_click = settings.first_click
    if (problem := saves_problem(args.save_dir)) is not None:
        parser.error(folder_words(problem))  # it names what chose the folder
    save_dir = args.save_dir if args.save_dir is not None else saves_dir()
    if args.position is not None:
        try:
            text = read_board_file(args.position)
        except ValueError as error:
            parser.error(f"--position: {error}")
        try:
            return App.from_position(text, args.first_click, save_dir, args.position.name, settings)
        except ValueError as error:
            parser.error(f"{args.position}: {error}")
    if args.board is None:
        board = last_board(settings.board, args.first_click)
    else:
        try:
            board = parse_board_size(args.board, rule=args.first_click)
        except ValueError as error:
            parser.error(f"argument --board: {error}")
    return App.new(
        board,
        classroom=args.classroom,
        seed=args.seed,
        chosen_seed=args.seed is not None,
        first_click=args.first_click,
        save_dir=save_dir,
        settings=settings,
    )


def last_board(remembered: Optional[str], rule: str) -> BoardSize:
    """Return the board last played (kept in the settings), or CS50's when it will not do."""
    try:
        return parse_board_size(remembered or "cs50", rule=rule)
    except ValueError:
        return parse_board_size("cs50")


def complain(problem: str) -> int:
    """Print a bad argument's one line, as the parser words its own, and return status 2."""
    print(f"runner.py: error: {problem} (see --help)", file=sys.stderr)
    return 2


def picture(app: App, args: argparse.Namespace, kept: bool = False) -> int:
    """Draw the view asked for by --export (or the lesson's deck, --deck); return the status.

    kept: the view is already where it should be (an answer on its question).
    """
    if pygame_missing():
        print(pygame_missing(), file=sys.stderr)
        return 2
    from screen.picture import deck, export  # pygame only when a picture is drawn

    if args.deck is not None and (args.export or args.step or args.question):
        return complain("--deck writes every beat: it goes without --export, --step, --question")
    if args.deck is None and args.export.suffix.lower() != ".png":
        return complain(f"--export: {args.export.name} is not a .png file name")
    try:
        size = export_size(args.size or EXPORT_SIZE)
    except ValueError as error:
        return complain(f"--size: {error}")
    moves = args.ai_moves or 0
    if not 0 <= moves <= 100_000:
        return complain("--ai-moves: 0 to 100,000 moves")
    for _ in range(0 if kept else moves):
        if app.game.is_over() or app.student is not None and app.student.showing is not None:
            break  # a student's AI stops at its first problem, as auto-play does
        app.do("ai")
    app.room.on = True
    if args.deck is not None:
        problem = deck(app, args.deck, size, args.questions_only)
        wrote = f"{args.deck / 'index.html'} and its pages"
    elif kept:
        problem, wrote = export(app, args.export, size, None, False), str(args.export)
    else:
        problem = export(app, args.export, size, args.step, args.question, args.arrangement)
        wrote = str(args.export)
    if problem:
        return complain(problem)
    print(f"wrote {wrote} ({size[0]}x{size[1]})")
    return 0


def class_answer(app: App, args: argparse.Namespace) -> int:
    """Judge the class's answer asked for by --answer, print it (and draw it); return the status."""
    if args.deck is not None or args.arrangement is not None:
        return complain("--answer goes without --deck and --arrangement: it draws its own view")
    if args.export is not None and args.export.suffix.lower() != ".png":
        return complain(f"--export: {args.export.name} is not a .png file name")
    for _ in range(args.ai_moves or 0):
        if app.game.is_over():
            break
        app.do("ai")
    parsed, problem = parse_answer(args.answer)
    if parsed is None:
        return complain(problem)
    app.room.on = True
    if args.step is not None:
        problem = app.at_lesson(args.step, True)  # an answer is given on a question
        if problem:
            return complain(problem)
    problem, lines, given = answer_at(app.moment(), *parsed)
    if given is None:
        return complain(problem)
    app.room.answer(given)  # kept on the question, for a picture of it
    print("\n".join(lines))
    return 0 if args.export is None else picture(app, args, kept=True)


def main(argv: Optional[list[str]] = None, max_iterations: Optional[int] = None) -> int:
    """Run the window with command-line arguments; bad ones exit 2 with a message."""
    args = build_parser().parse_args(argv)
    if args.report and args.review is None:
        return complain("--report goes with --review FILE")
    path = None
    if args.review is not None:
        path, problem = review_target(args.review)
        if path is None:
            return complain(f"--review: {problem}")
        if args.report:
            try:
                lines = report(review(read_record(read_board_file(path))))
            except ValueError as error:  # a record whose clicks cannot be replayed
                return complain(f"--review: {path}: {error}")
            print("\n".join(lines))
            return 0
    misuse = handout_misuse(args)
    if misuse:
        return complain(misuse)  # before anything is read or written
    if args.edit is not None and (args.export or args.deck or args.answer or args.review):
        return complain("--edit opens the editor in the window: it goes without a handout")
    app = app_from_args(argv)
    if args.answer is not None:
        app.session.keeps_files = False  # an answer is judged; nothing is played or kept
        return class_answer(app, args)
    if args.export is not None or args.deck is not None:
        app.session.keeps_files = False  # a handout never touches the records or settings
        if path is not None:  # --step is the review's click, not a lesson step
            problem, args.step = review_at(app, path, args.step), None
            if problem:
                return complain(problem)
        return picture(app, args)
    if path is not None:
        app.message = open_review(app, path).said or app.message
    missing = pygame_missing() or no_display()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    from screen.loop import show  # pygame only when a window opens

    show(app, max_iterations)
    return 0


if __name__ == "__main__":
    sys.exit(run(main))
