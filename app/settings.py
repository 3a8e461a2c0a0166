"""One Settings object. Every field has a default and a description; environment variables
``ORDINANCE_<FIELD>`` (upper case) override them. ``docs/settings.md`` documents each one and a
test keeps the two in step."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
BUNDLED_MANIFEST = PROJECT_ROOT / "data" / "ordinances" / "manifest.yaml"
RULES_DIR = PROJECT_ROOT / "data" / "rules"


def _default_home() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ordinance-assistant"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ORDINANCE_", extra="forbid")

    home: Path = Field(
        default_factory=_default_home,
        description="Folder holding the parsed sections, the Chroma index and the BM25 index.",
    )
    manifest: Path = Field(
        default=BUNDLED_MANIFEST,
        description="Manifest of the bundled ordinances, ingested by `ordinance ingest` with no paths.",
    )
    rules_dir: Path = Field(
        default=RULES_DIR,
        description="Folder of curated calculator rules, one YAML file per jurisdiction.",
    )
    chroma_url: str | None = Field(
        default=None,
        description="URL of a Chroma server (e.g. http://127.0.0.1:8000). Unset: embedded Chroma on disk under `home`.",
    )
    embed_batch_size: int = Field(default=64, ge=1, description="Texts per embedding batch.")
    chunk_size_tokens: int = Field(
        default=256, ge=32, description="Largest chunk, in model tokens."
    )
    top_k: int = Field(default=5, ge=1, le=50, description="Hits returned by a search.")
    max_query_chars: int = Field(default=2000, ge=10, description="Longest question accepted.")
    all_cities_limit: int = Field(
        default=12,
        ge=1,
        description="A question naming no city is answered for every city when the index holds at most this many; beyond that, for the cities (at most this many) whose provisions one search across all cities ranks first.",
    )
    max_document_mb: float = Field(
        default=64.0,
        gt=0,
        description="Largest ordinance file `ordinance ingest` reads, in megabytes; a larger file is refused with a message (split it, or raise this).",
    )
    refusal_threshold: float = Field(
        default=0.3,
        description="Lowest vector similarity of the best hit for the default answerer to answer; below it, it refuses. Questions without sewer/septic vocabulary need at least 0.45.",
    )
    llm_provider: Literal["none", "ollama", "openai-compatible"] = Field(
        default="none",
        description="Optional LLM that reads the default answer's provisions and writes the direct answer (verified, part by part); `none` uses the deterministic answerer alone.",
    )
    llm_model: str = Field(default="llama3.1", description="Model name passed to the LLM backend.")
    llm_base_url: str | None = Field(
        default=None,
        description="LLM server URL (Ollama: http://127.0.0.1:11434; OpenAI-compatible: http://host:port/v1).",
    )
    llm_api_key_env: str = Field(
        default="OPENAI_API_KEY",
        description="Name of the environment variable holding the LLM API key.",
    )
    llm_timeout_s: float = Field(
        default=180.0,
        gt=0,
        description="Seconds to wait for one LLM reply. A small model on a CPU server needs tens of seconds to read a prompt; past this the part keeps the default answer.",
    )
    llm_max_tokens: int = Field(
        default=128,
        ge=16,
        le=4096,
        description="Most tokens the LLM may write for one part (the answer asked for is one to three sentences).",
    )
    llm_extra_provisions: int = Field(
        default=3,
        ge=0,
        le=10,
        description="Provisions from the asked city's retrieved sections shown to the LLM besides those the default answer cites.",
    )
    host: str = Field(default="127.0.0.1", description="Address `ordinance serve` binds.")
    port: int = Field(
        default=7860, ge=1, le=65535, description="Port `ordinance serve` listens on."
    )
    auth_user: str | None = Field(
        default=None,
        description="User name for the UI's login form (with auth_password); unset: no login.",
    )
    auth_password: str | None = Field(
        default=None,
        description="Password for the UI's login form (Gradio's form login, not HTTP basic auth); after 5 wrong passwords in a minute, logins are refused for the rest of that minute.",
    )

    @property
    def chroma_dir(self) -> Path:
        return self.home / "chroma"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
