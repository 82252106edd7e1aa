"""The layers: every module's imports against the table in docs/ai.md's architecture section.

Imports point one way, down the table; within a layer modules import each
other freely. The table is read from docs/ai.md, so the rule and its check
cannot drift apart.
"""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def layer_table() -> dict[str, set[str]]:
    """Return the documented layer table: a layer's path and the top-level names it may import."""
    text = (ROOT / "docs" / "ai.md").read_text(encoding="utf-8")
    section = text.split("\n## Architecture", 1)[1].split("\n## ", 1)[0]
    table = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            names = set(re.findall(r"`([\w.]+)`", cells[2]))
            table[cells[0].strip("`")] = {name.removesuffix(".py") for name in names}
    return table


def modules(layer: str) -> list[Path]:
    """Return the Python files of a layer (a folder or one file); none when it does not exist."""
    path = ROOT / layer.rstrip("/")
    return sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else []


def imported(path: Path) -> set[str]:
    """Return the top-level names a module imports (relative imports stay in its package)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def own_name(layer: str) -> str:
    """Return the name a layer is imported by: sweeper/ -> sweeper, runner.py -> runner."""
    return layer.rstrip("/").removesuffix(".py")


def test_the_table_names_every_layer():
    table = layer_table()
    wanted = ["sweeper/", "minesweeper.py", "store/", "words/", "window/", "screen/", "runner.py"]
    assert all(layer in table for layer in [*wanted, "benchmark.py", "bench/", "student/"]), table
    assert table["sweeper/"] == set()  # the standard library only
    assert table["store/"] == {"sweeper"}  # the data folder: no window, no screen, no yardstick
    # Sentences made from the data the rooms hand out: words/ reads their data types.
    assert table["words/"] <= {"sweeper", "store", "student"}
    assert "pygame" in table["screen/"] and "pygame" not in table["window/"]
    # The student check is a layer of its own: the window and the benchmark both use it,
    # and neither imports the other.
    assert "bench" not in table["window/"] and "window" not in table["bench/"]
    assert "student" in table["window/"] and "student" in table["benchmark.py"]
    assert table["student/"] == {"sweeper"}


@pytest.mark.parametrize("layer", list(layer_table()))
def test_every_module_imports_only_what_its_layer_may(layer):
    table = layer_table()
    files = modules(layer)
    assert files, f"{layer} has no modules"
    for path in files:
        allowed = table[layer] | {own_name(layer)} | set(sys.stdlib_module_names)
        name = path.relative_to(ROOT).as_posix()
        wrong = imported(path) - allowed
        assert not wrong, f"{name} imports {sorted(wrong)}; its layer allows {sorted(table[layer])}"


def test_the_store_words_window_and_command_line_import_with_pygame_blocked():
    names = [
        f"{layer.rstrip('/')}.{p.stem}"
        for layer in ("store/", "words/", "window/")
        for p in modules(layer)
        if p.stem != "__init__"
    ]
    code = "import sys\nsys.modules['pygame'] = None\n" + "".join(
        f"import {name}\n" for name in [*names, "runner"]
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


# Issue 22's size rule: a class past 300 lines has two jobs, and is split along its seam.
SIZED = ("window", "screen", "bench", "student")


@pytest.mark.parametrize("folder", SIZED)
def test_no_class_in_window_screen_or_bench_is_over_300_lines(folder):
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                found.append(node.name)
                lines = node.end_lineno - node.lineno + 1
                assert lines <= 300, f"{path.relative_to(ROOT)}: class {node.name}, {lines} lines"
    assert found  # the folder has classes: the rule is checked on something



def test_runner_is_the_command_line_and_wiring_only():
    # Issue 22: runner.py reads the command line and wires window/ to screen/;
    # past 400 lines it is doing a layer's work.
    lines = len((ROOT / "runner.py").read_text(encoding="utf-8").splitlines())
    assert lines < 400, lines


def test_the_map_of_files_names_every_module():
    # docs/ai.md's "Where things are" is the newcomer's map: a module it leaves out is a
    # room nobody can find. Each module is named by its file's name, under its folder:
    # first on a line of its own, or as "name:" beside another's.
    text = (ROOT / "docs" / "ai.md").read_text(encoding="utf-8")
    section = text.split("\n## Where things are", 1)[1]
    block = section.split("```", 2)[1]
    folders = re.split(r"\n(?=\S)", block)  # a folder's entry: its line and the indented ones
    entries = {entry.split()[0]: entry for entry in folders if entry.strip()}
    missing = []
    for layer in layer_table():
        for path in modules(layer):
            if path.stem == "__init__":
                continue
            name = path.relative_to(ROOT).as_posix()
            folder = name.split("/")[0] + "/" if "/" in name else name
            entry = entries.get(folder, "")
            if folder == name and entry:  # a file at the top: its entry is its name
                continue
            stem = re.escape(path.stem)  # a line of its own, or "name:" beside another's
            if not re.search(rf"(^\s+{stem}\s)|(\b{stem}: )", entry, re.M):
                missing.append(name)
    assert not missing, f"docs/ai.md's map leaves out {missing}"
