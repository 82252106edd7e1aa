"""The house read from its own source: what the design promises, held by tests (issue 42).

- No module takes another's private name (`from x import _name`).
- window/ touches no file itself: the store (store/) reads and writes the data folder.
- At most 10 functions outside the command table (window/commands.py) take the whole App:
  build_frame and the views take the moment, the session or what they draw.
- No import loop of more than two files, imports under TYPE_CHECKING counted.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = ("tests", ".venv", "docs", "assets", ".git", "build")
FILES = sorted(
    p
    for p in ROOT.rglob("*.py")
    if not p.relative_to(ROOT).parts[0].startswith(SKIP) and "__pycache__" not in p.parts
)
OURS = {p.relative_to(ROOT).parts[0].removesuffix(".py") for p in FILES}
FILE_CALLS = {
    "open", "makedirs", "write_text", "write_bytes", "read_text", "read_bytes", "mkdir",
    "unlink", "rmdir", "fsync", "flock", "locking", "NamedTemporaryFile", "mkstemp",
}  # fmt: skip
FILE_MODULES = {"tempfile", "fcntl", "msvcrt", "hmac", "shutil"}


def module_name(path: Path) -> str:
    """Return a file's module name: window/app.py -> window.app, store/__init__.py -> store."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in FILES}


def imports(path: Path) -> set[str]:
    """Return the project modules a file imports (the deepest module each import names)."""
    found: set[str] = set()
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for name in names:
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
                break
    return found - {module_name(path)}


def test_no_module_takes_another_s_private_name():
    taken = []
    for path in FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in OURS:
                taken += [
                    f"{path.relative_to(ROOT)}: {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    assert not taken


def test_the_window_touches_no_file_itself():
    touched = []
    for path in sorted((ROOT / "window").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = {alias.name.split(".")[0] for alias in node.names}
                names |= {(getattr(node, "module", None) or "").split(".")[0]}
                touched += [f"{path.name} imports {n}" for n in names & FILE_MODULES]
            if isinstance(node, ast.Call):
                func = node.func
                name = getattr(func, "attr", getattr(func, "id", ""))
                on_os = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "os"
                if name in FILE_CALLS or on_os and name in ("replace", "rename", "remove"):
                    touched.append(f"{path.name}:{node.lineno} calls {name}")
    assert not touched


def test_at_most_ten_functions_outside_the_command_table_take_the_whole_app():
    taking = []
    for path in FILES:
        if path.name == "commands.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                if any(
                    a.arg == "app"
                    or a.annotation is not None
                    and ast.unparse(a.annotation).strip("'\"") in ("App", "window.app.App")
                    for a in args
                ):
                    taking.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert len(taking) <= 10, taking


def test_no_import_loop_holds_more_than_two_files():
    edges = {name: imports(path) for name, path in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            loop = []
            while True:
                w = stack.pop()
                loop.append(w)
                if w == v:
                    break
            loops.append(loop)

    for name in edges:
        if name not in index:
            visit(name)
    largest = max(loops, key=len)
    assert len(largest) <= 2, sorted(largest)
