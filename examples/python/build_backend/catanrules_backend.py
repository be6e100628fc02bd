# catanrules_backend: the PEP 517 build backend of the Python package (standard library only).
# SPDX-License-Identifier: MIT
"""Builds the pure-Python wheel of the catanrules package, and its source
archive, with the standard library alone, so that `pip install
./examples/python` needs no network (setuptools would have to be fetched
into pip's isolated build environment). The name and version are those of
pyproject.toml's [project] table; the package is the catanrules/ directory.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PACKAGE = "catanrules"
_TAG = "py3-none-any"


def _project():
    """name, version, description and python requirement of pyproject.toml."""
    with open(os.path.join(_HERE, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"^\[project\]\n(.*?)(?=^\[|\Z)", text, re.S | re.M)
    if not section:
        raise RuntimeError("pyproject.toml has no [project] table")
    fields = dict(re.findall(r'^([a-z-]+) = "([^"]*)"$', section.group(1), re.M))
    for key in ("name", "version"):
        if key not in fields:
            raise RuntimeError(f"pyproject.toml: [project] lacks {key}")
    return fields


def _metadata(fields):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {fields['name']}",
        f"Version: {fields['version']}",
        f"Summary: {fields.get('description', '')}",
        "License: MIT",
    ]
    if "requires-python" in fields:
        lines.append(f"Requires-Python: {fields['requires-python']}")
    readme = os.path.join(_HERE, "README.md")
    body = ""
    if os.path.exists(readme):
        lines.append("Description-Content-Type: text/markdown")
        with open(readme, encoding="utf-8") as f:
            body = "\n" + f.read()
    return "\n".join(lines) + "\n" + body


def _package_files():
    """(path in the archive, path on disk) of every module of the package."""
    out = []
    root = os.path.join(_HERE, _PACKAGE)
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(d, name)
                out.append((os.path.relpath(path, _HERE).replace(os.sep, "/"), path))
    return out


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"{arcname},sha256={digest.decode()},{len(data)}"


def _write_wheel(directory, entries):
    """Write a wheel of (arcname, bytes) entries plus its dist-info; return its name."""
    fields = _project()
    dist = f"{fields['name']}-{fields['version']}"
    info = f"{dist}.dist-info"
    entries = list(entries) + [
        (f"{info}/METADATA", _metadata(fields).encode()),
        (f"{info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: catanrules_backend\n"
                           f"Root-Is-Purelib: true\nTag: {_TAG}\n").encode()),
        (f"{info}/top_level.txt", f"{_PACKAGE}\n".encode()),
    ]
    record = [_record_line(name, data) for name, data in entries]
    record.append(f"{info}/RECORD,,")
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    name = f"{dist}-{_TAG}.whl"
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for arcname, data in entries:
            # A fixed date: the same sources give the same wheel.
            zi = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data, zipfile.ZIP_DEFLATED)
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for arcname, path in _package_files():
        with open(path, "rb") as f:
            entries.append((arcname, f.read()))
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # A path file naming this directory: the installed package is the
    # working copy (PEP 660).
    return _write_wheel(wheel_directory,
                        [(f"_{_PACKAGE}_editable.pth", (_HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    fields = _project()
    dist = f"{fields['name']}-{fields['version']}"
    name = f"{dist}.tar.gz"
    files = [("pyproject.toml", os.path.join(_HERE, "pyproject.toml")),
             ("build_backend/catanrules_backend.py", os.path.abspath(__file__))]
    if os.path.exists(os.path.join(_HERE, "README.md")):
        files.append(("README.md", os.path.join(_HERE, "README.md")))
    files += _package_files()
    pkg_info = _metadata(fields).encode()
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        for arcname, path in files:
            t.add(path, arcname=f"{dist}/{arcname}", recursive=False)
        ti = tarfile.TarInfo(f"{dist}/PKG-INFO")
        ti.size = len(pkg_info)
        t.addfile(ti, io.BytesIO(pkg_info))
    return name
