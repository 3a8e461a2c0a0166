"""Fit the reader's weights on the tune split (`python -m evals.fit_reader`); report them on blind.

For every case of a split that names one city and expects a value, the reader's candidate pool is
built exactly as the answerer builds it (`QuotingMixin.search_hits` then `pool`), each provision's
features are computed (`app.reader.features`), and a provision counts as right when it lies in an
expected section and holds an expected value. A grid search picks the weights whose best-scored
provision is right most often on tune; the script prints that rate on tune and blind and the
relevance floor (`reader.min_similarity`) that best separates tune's refusals from its answers.
Copy the printed weights into `app/lexicon.yaml`. Never fit on blind.
"""

from __future__ import annotations

import argparse
import itertools
from typing import Any

import numpy as np

from evals.answers import _ref_key, group_present, value_present
from evals.dataset import EvalCase, load_split

FEATURES = ("similarity", "lexical", "type", "rank", "title")
GRID = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0)


def _right(case: EvalCase, provision: Any, sections_only: bool = False) -> bool:
    s = provision.section
    keys = {_ref_key(e.jurisdiction, e.ref) for e in case.expected_sections}
    if keys and _ref_key(s.jurisdiction, s.section or s.title) not in keys:
        return False
    if sections_only:
        return bool(keys)
    text = provision.text
    return all(value_present(v, text) for v in case.expected_values) and all(
        group_present(g, text) for g in case.value_groups
    )


Row = tuple[np.ndarray, np.ndarray, float, bool]


def collect(assistant: Any, cases: list[EvalCase], sections_only: bool = False) -> list[Row]:
    """(features matrix, right flags, best similarity, should refuse) per single-city case;
    `sections_only`: a case without expected values counts a provision of an expected section
    as right."""
    from app.answerer import DefaultAnswerer
    from app.reader import asked_types, features
    from app.verify import VerificationContext

    names = assistant.names()
    out = []
    for case in cases:
        cities = [case.city] if case.city else list(case.jurisdictions)
        if len(cities) != 1 or cities[0] not in names:
            continue
        u = assistant._understand(" ".join(case.question.split()), names, ())
        worker = DefaultAnswerer(
            assistant.retriever, names, assistant.sources(),
            VerificationContext(asked={cities[0]}), threshold=assistant.settings.refusal_threshold,
            top_k=assistant.settings.top_k,
        )  # fmt: skip
        hits = worker.search_hits(u.topic, u, cities[0], u.corrected or case.question)
        pool = worker.pool(hits)
        if not pool:
            continue
        question = u.corrected or case.question
        matrix = np.array(
            [[f[k] for k in FEATURES] for f in features(question, pool, asked_types(question))]
        )
        bare = sections_only and not (case.expected_values or case.value_groups)
        right = np.array([_right(case, p, bare) for p in pool])
        out.append((matrix, right, float(matrix[:, 0].max()), case.should_refuse))
    return out


def top1(data: list[Row], w: np.ndarray) -> float:
    answerable = [(m, r) for m, r, _, refuse in data if not refuse and r.any()]
    if not answerable:
        return 0.0
    return sum(bool(r[int(np.argmax(m @ w))]) for m, r in answerable) / len(answerable)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", default="blind", help="Split to report on (never fitted).")
    parser.add_argument(
        "--fit", action="append", help="Split(s) to fit on (repeatable; default: tune)."
    )
    parser.add_argument(
        "--sections",
        action="store_true",
        help="Also fit on cases without expected values: a provision of an expected section is right.",
    )
    args = parser.parse_args()
    from app.assistant import Assistant
    from app.lexicon import lexicon
    from app.settings import get_settings
    from evals.home import build_eval_home

    settings = get_settings()
    home, _ = build_eval_home(settings.home, with_zoo=True)
    assistant = Assistant(home=home, settings=settings)
    assistant.warm()
    fit = [c for split in args.fit or ["tune"] for c in load_split(split)]
    tune = collect(assistant, fit, args.sections)
    best = max(itertools.product(GRID, repeat=len(FEATURES)), key=lambda w: top1(tune, np.array(w)))
    w = np.array(best)
    print("weights:", dict(zip(FEATURES, best, strict=True)))
    print(f"fit top-1 right provision: {top1(tune, w):.2f} ({len(tune)} cases)")
    now = np.array([getattr(lexicon().weights, k) for k in FEATURES])
    print(f"fit top-1 with the current weights {now.tolist()}: {top1(tune, now):.2f}")
    report = collect(assistant, load_split(args.report), args.sections)
    print(f"{args.report} top-1 right provision: {top1(report, w):.2f} ({len(report)} cases)")
    print(f"{args.report} top-1 with the current weights: {top1(report, now):.2f}")
    sims = sorted((s, refuse) for _, _, s, refuse in tune)
    floors = [(sum((s < t) == refuse for s, refuse in sims), t) for t in np.arange(0.1, 0.6, 0.02)]
    acc, floor = max(floors)
    print(f"min_similarity: {floor:.2f} (separates {acc}/{len(sims)} tune cases)")


if __name__ == "__main__":
    main()
