#!/usr/bin/env python3
"""Find the CPU build of torch pinned in constraints.txt wherever pip and uv are told to look.

Run by scripts/setup.sh with the interpreter the venv is made from (standard library only).
Prints the uv options that make the wheel reachable (one per line, e.g. ``--find-links`` then
``/opt/wheels``) on stdout and what it found on stderr; exits 1 with a message saying how to
provide the wheel when no place has it, so the install never falls through to a CUDA build.

Places looked at, in this order:
  - the environment: PIP_FIND_LINKS, UV_FIND_LINKS, PIP_INDEX_URL, PIP_EXTRA_INDEX_URL,
    UV_INDEX_URL, UV_EXTRA_INDEX_URL, UV_INDEX;
  - pip's config files: PIP_CONFIG_FILE, $XDG_CONFIG_DIRS/pip/pip.conf (/etc/xdg/pip/pip.conf),
    /etc/pip.conf, ~/.pip/pip.conf, $XDG_CONFIG_HOME/pip/pip.conf (~/.config/pip/pip.conf) and
    the interpreter's own pip.conf, sections [global] and [install];
  - uv's config files: UV_CONFIG_FILE, $XDG_CONFIG_DIRS/uv/uv.toml (/etc/uv/uv.toml),
    $XDG_CONFIG_HOME/uv/uv.toml (~/.config/uv/uv.toml), top level and [pip].
"""

from __future__ import annotations

import configparser
import os
import re
import sys
import sysconfig
import tomllib
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pinned_version() -> str:
    """``2.13.0+cpu`` from constraints.txt."""
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"\s*torch==(\S+)\s*", line)
        if m:
            return m.group(1)
    sys.exit("error: constraints.txt pins no torch version (expected a line torch==X.Y.Z+cpu)")


def _split(value: str) -> list[str]:
    return [v for v in re.split(r"[\s,]+", value.strip()) if v]


def _xdg_dirs(var: str, default: str) -> list[Path]:
    return [Path(d) for d in (os.environ.get(var) or default).split(":") if d]


def _home_config() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")


def pip_config_files() -> list[Path]:
    if os.environ.get("PIP_CONFIG_FILE") == os.devnull:
        return []
    files = [d / "pip" / "pip.conf" for d in _xdg_dirs("XDG_CONFIG_DIRS", "/etc/xdg")]
    files += [Path("/etc/pip.conf"), Path.home() / ".pip" / "pip.conf"]
    files += [_home_config() / "pip" / "pip.conf", Path(sys.prefix) / "pip.conf"]
    if os.environ.get("PIP_CONFIG_FILE"):
        files.append(Path(os.environ["PIP_CONFIG_FILE"]))
    return files


def uv_config_files() -> list[Path]:
    if os.environ.get("UV_CONFIG_FILE"):
        return [Path(os.environ["UV_CONFIG_FILE"])]
    files = [d / "uv" / "uv.toml" for d in _xdg_dirs("XDG_CONFIG_DIRS", "/etc/xdg")]
    files += [Path("/etc/uv/uv.toml"), _home_config() / "uv" / "uv.toml"]
    return files


def configured() -> list[tuple[str, str, str]]:
    """Every configured place: (kind 'links' or 'index', location, where it was configured)."""
    out: list[tuple[str, str, str]] = []
    for var, kind in [
        ("PIP_FIND_LINKS", "links"),
        ("UV_FIND_LINKS", "links"),
        ("PIP_INDEX_URL", "index"),
        ("PIP_EXTRA_INDEX_URL", "index"),
        ("UV_INDEX_URL", "index"),
        ("UV_EXTRA_INDEX_URL", "index"),
        ("UV_INDEX", "index"),
    ]:
        for loc in _split(os.environ.get(var, "")):
            out.append((kind, loc.split("=", 1)[-1] if var == "UV_INDEX" else loc, var))
    for path in pip_config_files():
        if not path.is_file():
            continue
        parser = configparser.RawConfigParser()
        try:
            parser.read(path, encoding="utf-8")
        except (configparser.Error, UnicodeDecodeError) as exc:
            print(f"  (skipping unreadable pip config {path}: {exc})", file=sys.stderr)
            continue
        for section in ("global", "install"):
            for key, kind in [
                ("find-links", "links"),
                ("index-url", "index"),
                ("extra-index-url", "index"),
            ]:
                if parser.has_option(section, key):
                    for loc in _split(parser.get(section, key)):
                        out.append((kind, loc, f"{path} [{section}] {key}"))
    for path in uv_config_files():
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            print(f"  (skipping unreadable uv config {path}: {exc})", file=sys.stderr)
            continue
        for table, label in [(data, ""), (data.get("pip") or {}, "[pip] ")]:
            for key, kind in [
                ("find-links", "links"),
                ("index-url", "index"),
                ("extra-index-url", "index"),
            ]:
                value = table.get(key)
                for loc in [value] if isinstance(value, str) else value or []:
                    out.append((kind, str(loc), f"{path} {label}{key}"))
        for index in data.get("index") or []:
            if isinstance(index, dict) and index.get("url"):
                out.append(("index", str(index["url"]), f"{path} [[index]]"))
    return out


def wheel_pattern(version: str) -> re.Pattern[str]:
    """A torch wheel of ``version`` for this interpreter and this machine's platform."""
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform()  # e.g. linux-x86_64
    system, _, machine = platform.partition("-")
    plat = rf"(?:many)?{re.escape(system)}[^-]*_{re.escape(machine)}"
    ver = re.escape(version).replace(r"\+", r"(?:\+|%2[Bb])")
    return re.compile(rf"torch-{ver}-{tag}-{tag}-{plat}\.whl")


def _local_dir(location: str) -> Path | None:
    if location.startswith("file:"):
        return Path(urllib.parse.unquote(urllib.parse.urlparse(location).path))
    if "://" in location:
        return None
    return Path(location).expanduser()


def _listing(location: str, kind: str) -> str:
    """The names a location offers: a folder's file names, or an HTML page's text."""
    local = _local_dir(location)
    if local is not None:
        folder = local / "torch" if kind == "index" else local
        if folder.is_dir():
            return "\n".join(p.name for p in folder.iterdir())
        if local.is_file():
            return local.name
        return ""
    url = location.rstrip("/") + "/torch/" if kind == "index" else location
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            return str(resp.read(20_000_000).decode("utf-8", "replace"))
    except (OSError, ValueError) as exc:
        print(f"  (could not read {url}: {exc})", file=sys.stderr)
        return ""


def main() -> int:
    version = pinned_version()
    pattern = wheel_pattern(version)
    places = configured()
    seen: set[tuple[str, str]] = set()
    options: list[str] = []
    found = None
    for kind, location, origin in places:
        if (kind, location) in seen:
            continue
        seen.add((kind, location))
        m = pattern.search(_listing(location, kind))
        if m is None:
            continue
        print(f"torch CPU wheel: {m.group(0)} in {location} (from {origin})", file=sys.stderr)
        found = found or m.group(0)
        local = _local_dir(location)
        options += ["--find-links" if kind == "links" else "--extra-index-url"]
        options += [str(local) if local is not None and kind == "links" else location]
    if found is None:
        looked = "\n".join(f"    {loc}  ({origin})" for _, loc, origin in places) or (
            "    nowhere: no find-links or package index is configured for pip or uv"
        )
        tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
        system, _, machine = sysconfig.get_platform().partition("-")
        wheel = f"torch-{version}-{tag}-{tag}-many{system}_*_{machine}.whl"
        print(
            f"error: no CPU build of torch {version} for this Python "
            f"({sys.version_info.major}.{sys.version_info.minor}, {sysconfig.get_platform()}) "
            f"was found. Looked in:\n{looked}\n"
            "Ordinance Assistant installs torch only as a CPU build, never a CUDA one. Provide it:\n"
            f"  1. get the wheel (a file matching {wheel}),\n"
            "     e.g. from PyTorch's CPU wheel index, into a folder such as ~/wheels;\n"
            "  2. point pip or uv at that folder, in one of these ways:\n"
            "       PIP_FIND_LINKS=~/wheels make setup\n"
            "       or in ~/.config/pip/pip.conf:  [global]  find-links = /home/you/wheels\n"
            '       or in ~/.config/uv/uv.toml:    find-links = ["/home/you/wheels"]\n'
            "     then run `make setup` again.",
            file=sys.stderr,
        )
        return 1
    if any(o == "--extra-index-url" for o in options):
        options += ["--index-strategy", "unsafe-best-match"]
    print("\n".join(options))
    return 0


if __name__ == "__main__":
    sys.exit(main())
