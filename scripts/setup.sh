#!/usr/bin/env bash
# One-command set-up: a venv in .venv with the pinned, CPU-only stack.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
stamp=.venv/.installed
want=$(cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi
.venv/bin/pip install -q --disable-pip-version-check uv==0.13.9
# uv ignores pip.conf: hand it the local wheel folder, or torch resolves to a multi-GB CUDA build.
FIND_LINKS=$(pip config get global.find-links 2>/dev/null || true)
args=()
[ -n "$FIND_LINKS" ] && for d in $FIND_LINKS; do args+=(--find-links "$d"); done
.venv/bin/uv pip install -q --python .venv/bin/python "${args[@]}" --compile-bytecode \
    -c constraints.txt -e '.[dev]'
.venv/bin/python -c "import torch; assert torch.version.cuda is None, torch.__version__; print('torch', torch.__version__, 'CPU OK')"
echo "$want" > "$stamp"
