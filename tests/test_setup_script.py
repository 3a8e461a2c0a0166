"""scripts/find_torch_wheel.py: the set-up finds the CPU torch wheel wherever pip or uv look,
and stops with a how-to where no place has it (never falling through to a CUDA build)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "find_torch_wheel.py"
WHEEL = "torch-2.13.0+cpu-cp311-cp311-manylinux_2_28_x86_64.whl"


def _run(home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PIP_", "UV_")) and k not in ("XDG_CONFIG_HOME", "XDG_CONFIG_DIRS")
    }
    clean.update(HOME=str(home), XDG_CONFIG_DIRS=str(home / "etc-xdg"), **env)
    return subprocess.run(
        [sys.executable, str(SCRIPT)], env=clean, capture_output=True, text=True, check=False
    )


@pytest.fixture
def wheels(tmp_path: Path) -> Path:
    folder = tmp_path / "wheels"
    folder.mkdir()
    (folder / WHEEL).write_bytes(b"")
    (folder / "torch-2.13.0-cp311-cp311-manylinux_2_28_x86_64.whl").write_bytes(b"")  # CUDA
    return folder


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    "how",
    ["PIP_FIND_LINKS", "UV_FIND_LINKS", "pip.conf", "pip.conf-install", "uv.toml", "uv.toml-pip"],
)
def test_the_cpu_wheel_is_found_wherever_pip_or_uv_is_told_to_look(
    tmp_path: Path, wheels: Path, how: str
) -> None:
    home = tmp_path / "home"
    env: dict[str, str] = {}
    if how.endswith("FIND_LINKS"):
        env[how] = str(wheels)
    elif how == "pip.conf":
        _write(home / ".config/pip/pip.conf", f"[global]\nfind-links = {wheels}\n")
    elif how == "pip.conf-install":
        _write(home / ".pip/pip.conf", f"[install]\nfind-links = file://{wheels}\n")
    elif how == "uv.toml":
        _write(home / ".config/uv/uv.toml", f'find-links = ["{wheels}"]\n')
    else:
        _write(home / ".config/uv/uv.toml", f'[pip]\nfind-links = ["{wheels}"]\n')
    run = _run(home, **env)
    if sys.version_info[:2] != (3, 11) or not sys.platform.startswith("linux"):
        pytest.skip("the fixture wheel is for CPython 3.11 on Linux")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["--find-links", str(wheels)]
    assert WHEEL in run.stderr


def test_no_cpu_wheel_anywhere_stops_with_how_to_provide_one(tmp_path: Path) -> None:
    cuda_only = tmp_path / "cuda"
    cuda_only.mkdir()
    (cuda_only / "torch-2.13.0-cp311-cp311-manylinux_2_28_x86_64.whl").write_bytes(b"")
    run = _run(tmp_path / "home", PIP_FIND_LINKS=str(cuda_only))
    assert run.returncode == 1
    assert run.stdout == ""
    assert "no CPU build of torch 2.13.0+cpu" in run.stderr
    assert str(cuda_only) in run.stderr and "PIP_FIND_LINKS=" in run.stderr
