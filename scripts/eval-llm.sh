#!/usr/bin/env bash
# The answer eval in LLM mode against a real small local model, when one is installed
# (scripts/install-llm.sh): starts llama-cpp-python's OpenAI-compatible server on a free
# loopback port, runs `ordinance eval answers` with ORDINANCE_LLM_* pointing at it, stops it.
#
#   EVAL_LLM_LIMIT=40 bash scripts/eval-llm.sh     # an even sample of 40 blind questions
#   EVAL_LLM_SPLIT=blind (default), EVAL_LLM_MODEL=/path/model.gguf (default: the first *.gguf)
set -euo pipefail
VENV="${ORDINANCE_LLM_VENV:-$HOME/.local/share/ordinance-llm/venv}"
MODELS="$(dirname "$VENV")/models"
GGUF="${EVAL_LLM_MODEL:-$(ls "$MODELS"/*.gguf 2>/dev/null | head -1 || true)}"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import llama_cpp.server" 2>/dev/null \
   || [ -z "$GGUF" ] || [ ! -f "$GGUF" ]; then
  echo "eval-llm: no local LLM installed (run scripts/install-llm.sh; see docs/llm.md): skipped"
  exit 0
fi
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
LOG="$(mktemp -t llm-server.XXXXXX.log)"
# A GGUF without a chat template makes the server fall back to llama-2's; Gemma's is named here.
FORMAT="${EVAL_LLM_CHAT_FORMAT:-}"
case "$(basename "$GGUF")" in gemma*) FORMAT="${FORMAT:-gemma}" ;; esac
# One thread and passive OpenMP waits: on a busy 2-core machine two spinning threads ran 8x slower.
OMP_WAIT_POLICY=passive "$VENV/bin/python" -m llama_cpp.server --model "$GGUF" --host 127.0.0.1 \
  --port "$PORT" --n_ctx 4096 --n_threads "${EVAL_LLM_THREADS:-1}" ${FORMAT:+--chat_format "$FORMAT"} \
  >"$LOG" 2>&1 &
SERVER=$!
stop() {  # uvicorn finishes the generation in flight before it exits: give it 10 s, then end it
  kill "$SERVER" 2>/dev/null || return 0
  for _ in $(seq 1 10); do kill -0 "$SERVER" 2>/dev/null || return 0; sleep 1; done
  kill -9 "$SERVER" 2>/dev/null || true
}
cleanup() { stop; rm -f "$LOG" "${CASES:-}"; }
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$PORT/v1/models" >/dev/null 2>&1 && break
  kill -0 "$SERVER" 2>/dev/null || { echo "eval-llm: the server died:"; tail -20 "$LOG"; exit 1; }
  sleep 1
done
ARGS=(--split "${EVAL_LLM_SPLIT:-blind}")
if [ -n "${EVAL_LLM_LIMIT:-}" ]; then
  CASES="$(mktemp -t llm-cases.XXXXXX.json)"
  .venv/bin/python - "$EVAL_LLM_LIMIT" "$CASES" <<'PY'
import json, sys
from pathlib import Path
from evals.dataset import BLIND_DIR
items = [q for f in sorted(BLIND_DIR.glob("batch-*.json")) for q in json.loads(f.read_text())]
n = int(sys.argv[1])  # every k-th question: all kinds and both writers, not the first n
Path(sys.argv[2]).write_text(json.dumps(items[:: max(1, len(items) // n)][:n]))
PY
  ARGS=(--cases "$CASES")
fi
echo "eval-llm: $(basename "$GGUF") on 127.0.0.1:$PORT, ${EVAL_LLM_LIMIT:-all} ${EVAL_LLM_SPLIT:-blind} questions"
ORDINANCE_LLM_PROVIDER=openai-compatible ORDINANCE_LLM_BASE_URL="http://127.0.0.1:$PORT/v1" \
ORDINANCE_LLM_MODEL="$(basename "$GGUF" .gguf)" \
  .venv/bin/ordinance eval answers "${ARGS[@]}" --no-baseline ${EVAL_LLM_OUT:+--out "$EVAL_LLM_OUT"}
