"""Which modules a bundle's .py files import, so a bundle never misses one (host/ship/bundle.py).

    closure(seeds, builtins) -> sorted repository paths ("boards/st7789.py", ...)

Starting from the seed files, every import of a module of this repository (engine,
firmware, boards) is followed and its file added; one that is imported but not in the
repository is a BundleError naming the importing file. A module from outside the
repository imported at the top of a file, not guarded by `except ImportError`, must be
one of the runtime's built-in modules (the device has nothing else); imports inside
functions are taken as runtime-specific paths (CircuitPython's pwmio in boards/base.py)
and not held to that. Dynamic imports (__import__ with a computed name) are not seen:
what they load (the profile, the rules pages) is seeded.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ("engine", "firmware", "boards")


class ImportProblem(Exception):
    pass


def module_path(name):
    """The repository path of a module name ("boards.st7789" -> "boards/st7789.py"), or None."""
    base = name.replace(".", "/")
    for rel in (base + ".py", base + "/__init__.py"):
        if os.path.isfile(os.path.join(ROOT, rel)):
            return rel
    return None


def _guarded(node, parents):
    """Is node inside a try whose handlers catch ImportError (an optional import)?"""
    child = node
    for parent in reversed(parents):
        if isinstance(parent, ast.Try) and child in parent.body:
            for h in parent.handlers:
                names = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
                if h.type is None or any(isinstance(n, ast.Name) and n.id == "ImportError" for n in names):
                    return True
        child = parent
    return False


def imports(source, rel):
    """[(module name, top_level, guarded)] of one file's import statements."""
    out = []

    def visit(node, parents, in_function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                visit(child, parents + [node], True)
                continue
            names = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    raise ImportProblem("%s: relative import (line %d): use the full name" % (rel, child.lineno))
                names = [child.module]
                for a in child.names:  # "from firmware import keys": keys may be a module
                    sub = "%s.%s" % (child.module, a.name)
                    if module_path(sub):
                        names.append(sub)
            guarded = _guarded(child, parents + [node]) if names else False
            for name in names:
                out.append((name, not in_function, guarded))
            visit(child, parents + [node], in_function)

    visit(ast.parse(source, rel), [], False)
    return out


def closure(seeds, builtins):
    """Sorted repository paths of the seeds and every repository module they import."""
    todo = list(seeds)
    seen = set()
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        path = os.path.join(ROOT, rel)
        if not os.path.isfile(path):
            raise ImportProblem("%s: not in the repository" % rel)
        seen.add(rel)
        with open(path, encoding="utf-8") as f:
            found = imports(f.read(), rel)
        for name, top, guarded in found:
            top_name = name.split(".")[0]
            if top_name in PACKAGES:
                target = module_path(name)
                if target is None:
                    if guarded:
                        continue
                    raise ImportProblem("%s imports %s, which is not in the repository" % (rel, name))
                todo.append(target)
                parts = name.split(".")  # a package's __init__ runs before its module
                for i in range(1, len(parts)):
                    init = "/".join(parts[:i]) + "/__init__.py"
                    if os.path.isfile(os.path.join(ROOT, init)):
                        todo.append(init)
            elif top and not guarded and top_name not in builtins:
                raise ImportProblem(
                    "%s imports %s at the top, which is neither in the bundle nor built into the runtime" % (rel, name)
                )
    return sorted(seen)
