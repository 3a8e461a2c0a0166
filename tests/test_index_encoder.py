"""The numpy query encoder gives sentence-transformers' embeddings (real bundled model)."""

from __future__ import annotations

import numpy as np
import pytest

from index.embed import get_embedder
from index.encoder import get_query_encoder

pytestmark = pytest.mark.slow

LONG = " ".join(f"septic tank {i} shall be pumped every three years" for i in range(80))

TEXTS = [
    pytest.param("Section 98", id="section-ref"),
    pytest.param("how often must the tank be pumped", id="question"),
    pytest.param("What does East Bethel say about drip systems?", id="city-question"),
    pytest.param("what does 404.09(1)b say", id="subsection"),
    pytest.param("", id="empty"),
    pytest.param("  SEPTIC   Tank\tcapacity\n", id="case-and-whitespace"),
    pytest.param("Übergröße café naïve — «quotes» § 404.04", id="accents-and-symbols"),
    pytest.param("drainfield" * 30, id="one-long-word"),
    pytest.param(LONG, id="truncated-at-256-tokens"),
]


@pytest.fixture(scope="module")
def reference() -> dict[str, np.ndarray]:
    """sentence-transformers' embeddings of every text, in one batch (padded)."""
    texts = [p.values[0] for p in TEXTS]
    return dict(zip(texts, get_embedder().embed(texts, batch_size=16), strict=True))


@pytest.mark.parametrize("text", TEXTS)
def test_numpy_encoder_matches_sentence_transformers(text, reference) -> None:
    mine = get_query_encoder().encode_one(text)
    theirs = reference[text]
    assert mine.dtype == np.float32 and mine.shape == theirs.shape == (384,)
    assert float(np.abs(mine - theirs).max()) <= 1e-4
    assert float(np.dot(mine, theirs)) >= 0.9999
    assert abs(float(np.linalg.norm(mine)) - 1.0) <= 1e-5


def test_batch_with_padding_matches_one_by_one() -> None:
    encoder = get_query_encoder()
    texts = ["Section 98", LONG, "how often must the tank be pumped"]
    batch = encoder.encode(texts, batch_size=3)
    single = np.stack([encoder.encode_one(t) for t in texts])
    assert float(np.abs(batch - single).max()) <= 1e-5


def test_long_text_is_cut_at_the_models_256_tokens() -> None:
    encoder = get_query_encoder()
    assert encoder.max_seq_length == 256
    assert len(encoder.tokenizer.encode(LONG).ids) == 256
    changed_tail = LONG + " completely different words about wells and pumps at the end"
    assert float(np.abs(encoder.encode_one(LONG) - encoder.encode_one(changed_tail)).max()) == 0.0


def test_no_torch_or_llama_index_on_the_query_path(indexed_home) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from index.retrieve import Retriever\n"
        f"Retriever.open(__import__('pathlib').Path({str(indexed_home)!r}))"
        ".search('how often must the tank be pumped', ['east-bethel'])\n"
        "print(sorted(m for m in ('torch', 'sentence_transformers', 'transformers', "
        "'llama_index') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
