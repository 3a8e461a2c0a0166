"""Index stage: sections -> chunks -> embeddings in Chroma (+ BM25) -> Evidence.

Public API (the only package that imports llama_index and chromadb):

    index.chunk.chunk_sections(sections, max_tokens=256) -> list[Chunk]
    index.build.update_index(docs, home, *, chroma_url=None, batch_size=64, progress=None,
                             max_tokens=256) -> IndexStats
    index.retrieve.Retriever.open(home, *, chroma_url=None, max_chars=2000) -> Retriever
        .search(query, jurisdictions=None, k=5) -> list[Evidence]
        .lookup(jurisdiction, ref) -> list[Evidence]
        .section_text(jurisdiction, ref) -> Section
        .jurisdictions() -> dict[str, str]
    index.vectors: a generation's Chroma collections (an ingest writes only the cities it adds
        or changes, into one new collection; at most MAX_COLLECTIONS, small ones merged)
    index.refs.find_section_refs(text, tables=None) / detect_jurisdictions(text, known)
    index.embed.get_embedder() -> Embedder   (ingest: sentence-transformers, batched)
    index.encoder.get_query_encoder() -> NumpyEncoder   (queries: the same model in numpy)
        .encode(texts, batch_size=16) -> ndarray / .encode_one(text) -> ndarray

The query path (index.retrieve) imports neither torch, sentence-transformers nor llama-index:
it embeds with index.encoder and queries the Chroma collection with chromadb directly. Ingest
(index.build) embeds through sentence-transformers and writes through llama-index.
"""
