#!/usr/bin/env bash
# One-command set-up: a venv in .venv with the pinned, CPU-only stack.
#
# torch is pinned to a CPU build (constraints.txt: torch==X+cpu), which PyPI does not carry.
# scripts/find_torch_wheel.py finds it wherever pip or uv are configured to look (environment and
# config files) and hands that place to uv, which reads no pip config; where no place has it, the
# set-up stops before installing anything and says how to provide it. A failed install removes
# the half-built venv.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv
stamp=$VENV/.installed
want=$(cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi

step() { printf '\n==> %s\n' "$*"; }

cleanup() {
  status=$?
  if [ "$status" -ne 0 ] && [ -d "$VENV" ] && ! { [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; }; then
    rm -rf "$VENV"
    echo "setup failed: removed the half-built $VENV; fix the error above and run \`make setup\` again." >&2
  fi
  exit "$status"
}

step "Looking for the CPU build of torch (pip and uv find-links and indexes)"
if ! "$PY" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
  echo "error: $PY is not Python 3.11 ($("$PY" --version 2>&1 || echo missing)); set PYTHON=/path/to/python3.11." >&2
  exit 1
fi
uv_args=()
while IFS= read -r line; do uv_args+=("$line"); done < <("$PY" scripts/find_torch_wheel.py)
[ "${#uv_args[@]}" -gt 0 ] || exit 1

trap cleanup EXIT
rm -f "$stamp"
step "Creating $VENV with $("$PY" --version)"
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"

step "Installing uv (the installer)"
"$VENV/bin/python" -m pip install --disable-pip-version-check --progress-bar off uv==0.13.9

step "Installing the pinned packages (about 2.5 GB; a few minutes on a fresh machine)"
"$VENV/bin/uv" pip install --python "$VENV/bin/python" "${uv_args[@]}" --compile-bytecode \
    -c constraints.txt -e '.[dev]'

step "Checking that torch is the CPU build"
"$VENV/bin/python" -c "import torch; assert torch.version.cuda is None, torch.__version__; print('torch', torch.__version__, 'CPU OK')"
echo "$want" > "$stamp"
echo "Set-up done: the \`ordinance\` command is in $VENV/bin/."
