"""The package as installed: its stubs describe the compiled module, its markers are there."""

import ast
from importlib import resources

import dip
from dip import _dip


def stub_names():
    text = (resources.files("dip") / "_dip.pyi").read_text()
    names = set()
    for node in ast.parse(text).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def test_stubs_name_everything_the_module_has():
    public = {n for n in dir(_dip) if not n.startswith("_")} | {"__version__"}
    # Type aliases of the stub only.
    assert stub_names() - {"Rules", "OrderInput"} == public


def test_stubs_list_each_class_method():
    text = (resources.files("dip") / "_dip.pyi").read_text()
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not issubclass(getattr(_dip, node.name), Exception):
            # Methods and properties, and attributes declared by annotation.
            declared = {n.name for n in node.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
            declared |= {
                n.target.id
                for n in node.body
                if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and not n.target.id.startswith("_")
            }
            actual = {n for n in dir(getattr(_dip, node.name)) if not n.startswith("_")}
            assert declared == actual, node.name
            # The private methods a stub declares exist too.
            private = {n.name for n in node.body if isinstance(n, ast.FunctionDef) and n.name.startswith("_")}
            assert private - {"__init__", "__eq__"} <= set(dir(getattr(_dip, node.name))), node.name


def test_typed_package_and_docstrings():
    assert (resources.files("dip") / "py.typed").is_file()
    for name in dip.__all__:
        assert getattr(dip, name).__doc__ or name == "__version__", name
    assert dip.__version__
