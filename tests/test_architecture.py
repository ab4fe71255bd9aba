"""The dependency rule of docs/architecture.md, checked on the source tree.

- Every module under api/, worker/ and scheduler/ imports on its own, in a fresh interpreter.
- ``api/common`` imports no feature; features import each other without a cycle, and only features of
  their own row of the layer picture in docs/architecture.md or of rows below it; nothing in
  ``api/`` imports the composition roots (app.py, cli.py, web.py, wsgi.py) or ``worker``/``scheduler``.
- No hand-written module is over 500 lines.
- In frontend/src: no feature imports another feature or app/; lib/ imports neither components/,
  features/ nor app/; components/ imports neither features/ nor app/; no import cycle; no component
  (.tsx) is over 300 lines. Tests (*.test.ts[x], test/) render pieces together and are left out.
"""
import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("api", "worker", "scheduler")
NOT_FEATURES = {"common", "app", "cli", "web", "wsgi", "config", "extensions", "celery_app"}
COMPOSITION_ROOTS = {"api.app", "api.cli", "api.web", "api.wsgi"}
MAX_LINES = 500
FRONTEND = ROOT / "frontend" / "src"
MAX_COMPONENT_LINES = 300
GENERATED = {ROOT / "frontend" / "src" / "lib" / "api-types.ts"}


def _python_files():
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def _module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path):
    """Every ``api.…``, ``worker.…`` or ``scheduler.…`` module this file imports, wherever the import is."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.split(".")[0] in PACKAGES}


def _feature(module):
    """The top-level part of ``api`` a module belongs to (``api.products.models`` → ``products``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "api" and len(parts) > 1 else None


def feature_graph():
    graph = {}
    for path in _python_files():
        source = _feature(_module_name(path))
        if source is None:
            continue
        targets = {_feature(module) for module in _imported_modules(path)} - {source, None}
        graph.setdefault(source, set()).update(targets)
    return graph


def find_cycle(graph):
    """One cycle of ``graph`` as a list of nodes, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target, path + [target])
                if cycle:
                    return cycle
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node, [node])
            if cycle:
                return cycle
    return None


def test_find_cycle_sees_a_cycle_and_its_absence():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


# Run in a child interpreter that loads the third-party libraries once and then forks one process
# per module: each fork starts with no module of ours imported, as a fresh interpreter would.
IMPORT_EACH_ALONE = """
import os, sys, traceback
import celery, flask, flask_smorest, flask_sqlalchemy, marshmallow, sqlalchemy  # noqa: F401 (shared by the forks)
for name in sys.argv[1:]:
    pid = os.fork()
    if pid == 0:
        try:
            __import__(name)
        except BaseException as error:
            print(f"{name}: {type(error).__name__}: {error}", flush=True)
            os._exit(1)
        os._exit(0)
    os.waitpid(pid, 0)
"""


def test_every_module_imports_on_its_own():
    modules = [_module_name(path) for path in _python_files()]
    assert len(modules) > 50
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH_ALONE, *modules], cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert result.stdout == "", f"modules that fail to import on their own:\n{result.stdout}"


def test_a_module_that_needs_another_imported_first_is_caught(tmp_path):
    package = tmp_path / "tangled"
    package.mkdir()
    (package / "__init__.py").write_text("from tangled import b\n")
    (package / "a.py").write_text("from tangled.b import B\nA = 1\n")
    (package / "b.py").write_text("from tangled.a import A\nB = 2\n")
    result = subprocess.run([sys.executable, "-c", IMPORT_EACH_ALONE, "tangled.a"], cwd=tmp_path, capture_output=True, text=True)
    assert result.stdout.startswith("tangled.a: ImportError")


def test_feature_init_files_have_no_imports():
    offenders = [
        str(path.relative_to(ROOT)) for path in (ROOT / "api").glob("*/__init__.py")
        if any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in ast.walk(ast.parse(path.read_text())))
    ]
    assert offenders == []


def test_common_depends_on_no_feature():
    graph = feature_graph()
    assert graph["common"] <= NOT_FEATURES - {"app", "cli", "web", "wsgi"}


def test_features_import_each_other_without_a_cycle():
    graph = {
        feature: targets - NOT_FEATURES for feature, targets in feature_graph().items() if feature not in NOT_FEATURES
    }
    assert find_cycle(graph) is None, f"import cycle between features: {' -> '.join(find_cycle(graph))}"


ARCHITECTURE_DOC = ROOT / "docs" / "architecture.md"


def layer_picture(text):
    """The rows of the layer picture under "Dependencies point one way", top first, each the features
    it names: [["reports", "dashboards"], ...]. A row ending in a comma goes on on the next line."""
    block = text.split("## Dependencies point one way", 1)[1].split("```")[1]
    rows = []
    for line in block.splitlines():
        branch = re.match(r"\s*[├└]─ (.*?\S)(?:\s{2,}|$)", line)
        if branch:
            rows.append(branch.group(1))
        elif rows and rows[-1].endswith(","):
            rows[-1] += " " + re.match(r"[\s│]*(.*?\S)(?:\s{2,}|$)", line).group(1)
    return [[name.strip() for name in row.split(",") if name.strip()] for row in rows]


def upward_imports(rows, graph):
    """The imports of ``graph`` from a feature of the picture's ``rows`` to one of a higher row."""
    height = {feature: level for level, row in enumerate(reversed(rows)) for feature in row}
    return sorted(f"{source} imports {target}" for source, targets in graph.items() if source in height
                  for target in targets if height.get(target, -1) > height[source])


def test_the_layer_picture_is_read_row_by_row():
    rows = layer_picture(ARCHITECTURE_DOC.read_text())
    assert rows[0] == ["reports", "dashboards"]
    assert rows.index(["shipments", "freight", "shop_orders"]) < rows.index(["orders"]) < rows.index(["inventory"])
    assert upward_imports(rows, {"orders": {"shipments", "inventory"}, "shipments": {"orders"}}) == [
        "orders imports shipments"]


def test_features_import_only_their_own_row_of_the_picture_or_those_below():
    rows = layer_picture(ARCHITECTURE_DOC.read_text())
    pictured = {feature for row in rows for feature in row}
    features = {path.parent.name for path in (ROOT / "api").glob("*/__init__.py")} - NOT_FEATURES
    assert features - pictured == set(), "features missing from the picture in docs/architecture.md"
    assert upward_imports(rows, feature_graph()) == []


def test_nothing_in_api_imports_the_composition_roots_or_the_entry_points():
    offenders = []
    for path in (ROOT / "api").rglob("*.py"):
        name = _module_name(path)
        for module in _imported_modules(path):
            if module.split(".")[0] in ("worker", "scheduler") or (module in COMPOSITION_ROOTS and name not in COMPOSITION_ROOTS):
                offenders.append(f"{name} imports {module}")
    assert offenders == []


@pytest.mark.parametrize("pattern", ["api/**/*.py", "worker/*.py", "scheduler/*.py", "frontend/src/**/*.ts*"])
def test_no_hand_written_module_is_over_500_lines(pattern):
    long = {
        str(path.relative_to(ROOT)): count for path in ROOT.glob(pattern)
        if path not in GENERATED and (count := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


FRONTEND_IMPORT = re.compile(r"""(?:^import|^export)[^;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)""", re.M | re.S)


def _frontend_files():
    return sorted(
        path for path in FRONTEND.rglob("*.ts*")
        if ".test." not in path.name and "test" not in path.relative_to(FRONTEND).parts[:1] and path not in GENERATED
    )


def _resolve(importer, specifier):
    base = (importer.parent / specifier).resolve()
    for candidate in (base.with_name(base.name + ".ts"), base.with_name(base.name + ".tsx"), base / "index.ts", base):
        if candidate.is_file():
            return candidate
    raise AssertionError(f"{importer.relative_to(ROOT)} imports {specifier}, which is no file")


def frontend_imports():
    """Each frontend source file and the files of frontend/src it imports (relative imports only)."""
    return {
        path: {_resolve(path, match.group(1) or match.group(2)) for match in FRONTEND_IMPORT.finditer(path.read_text())}
        for path in _frontend_files()
    }


def _area(path):
    """``features/<name>``, ``lib``, ``components``, ``app``, ``config`` or the file of frontend/src."""
    parts = path.relative_to(FRONTEND).parts
    return "/".join(parts[:2]) if parts[0] == "features" else parts[0]


FORBIDDEN = {
    "lib": ("components", "features/", "app"),
    "components": ("features/", "app"),
    "features/": ("app", "features/"),
}


def test_frontend_layers_import_only_downwards():
    offenders = []
    for path, targets in frontend_imports().items():
        source = _area(path)
        rule = next((forbidden for layer, forbidden in FORBIDDEN.items() if source.startswith(layer)), ())
        for target in targets:
            area = _area(target)
            if area != source and area.startswith(rule):
                offenders.append(f"{path.relative_to(FRONTEND)} imports {target.relative_to(FRONTEND)}")
    assert offenders == []


def test_frontend_has_no_import_cycle():
    graph = {str(path.relative_to(FRONTEND)): {str(target.relative_to(FRONTEND)) for target in targets} for path, targets in frontend_imports().items()}
    assert find_cycle(graph) is None, f"import cycle in frontend/src: {' -> '.join(find_cycle(graph))}"


# Components still over the limit while they are being split (issue 25): remove each once it is.
LONG_COMPONENTS_BEING_SPLIT: set[str] = set()


def test_no_component_is_over_300_lines():
    long = {
        name: count for path in _frontend_files() if path.suffix == ".tsx"
        if (name := str(path.relative_to(FRONTEND))) not in LONG_COMPONENTS_BEING_SPLIT
        and (count := len(path.read_text().splitlines())) > MAX_COMPONENT_LINES
    }
    assert long == {}
    split = [name for name in LONG_COMPONENTS_BEING_SPLIT
             if len((FRONTEND / name).read_text().splitlines()) <= MAX_COMPONENT_LINES]
    assert split == [], "split under the limit: take it off LONG_COMPONENTS_BEING_SPLIT"
