"""Loaders: turn a file on disk into source text, detecting its encoding.

Supported: ``.txt`` (utf-8, utf-8 with BOM, utf-16/utf-32 with BOM, cp1252/latin-1 if the bytes
look like text), ``.pdf`` (pypdf, one page of text per PDF page; laid out when titles stand in a
margin column beside the text, `ingest.margins`; two columns drawn row by row across the page
read column by column, `ingest.columns`; slides with a side box of notes read text first,
`ingest.slides`; the ordinance set beside a translation of it read in its English column,
`ingest.translation`; the sheets of a booklet printed in imposition order read as its small pages,
one page of text each, in the order of their printed numbers, `ingest.imposed`), ``.md``,
``.rst`` and ``.html`` (`ingest.markup`; a code page printed from a website as ``.txt``:
`ingest.flattened`; a document comparison's export, its deleted and inserted text marked in
brackets, read as amended: `ingest.redline`; an e-mail thread, read as the ordinance its
messages hold: `ingest.mailthread`; a configuration file, one block per section, as ``.txt``,
``.yaml``, ``.yml`` or ``.json``: `ingest.configtext`), and ``.rtf`` or RTF source kept as
``.txt`` (a word processor's Rich Text Format, read as the text it prints: `ingest.rtf`).
Every failure raises an `IngestError` subclass whose message names the file and the fix.
"""

from __future__ import annotations

import codecs
import itertools
import logging
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import (
    DocumentTooLargeError,
    EmptyDocumentError,
    NeedsOCRError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from ingest.columns import PageDrawing, Piece, reading_order
from ingest.configtext import config_to_text, looks_like_config
from ingest.flattened import flattened_to_text, looks_flattened
from ingest.imposed import booklet_pages
from ingest.mailthread import looks_like_mail_thread, mail_to_text
from ingest.margins import has_margin_column
from ingest.markup import (
    html_to_text,
    looks_like_markdown,
    looks_like_rst,
    markdown_to_text,
    rst_to_text,
)
from ingest.recordrows import looks_like_rows, rows_to_text
from ingest.redline import looks_redlined, redline_to_text
from ingest.rtf import looks_like_rtf, rtf_to_text
from ingest.slides import side_box_order
from ingest.tabbed import tabbed_tables
from ingest.translation import translated_pages
from ingest.xmlexport import looks_like_markup_export, markup_export_to_text

log = logging.getLogger(__name__)

SUPPORTED_SUFFIXES = (
    ".txt",
    ".pdf",
    ".md",
    ".rst",
    ".html",
    ".htm",
    ".yaml",
    ".yml",
    ".json",
    ".csv",
    ".tsv",
    ".xml",
    ".rtf",
)
DEFAULT_MAX_MB = 64.0
"""Largest file read by default (the `max_document_mb` setting): parsing is linear, about
0.3-0.5 s per MB on one core."""
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class SourceText:
    """The text of one source file. For PDFs, `page_starts` holds the offset of each page."""

    path: Path
    text: str
    encoding: str
    page_starts: list[int] | None = None
    warnings: list[str] = field(default_factory=list)


def _looks_like_text(text: str) -> bool:
    if not text:
        return False
    controls = len(_CONTROL.findall(text))
    ascii_letters = sum(1 for c in text if c.isascii() and c.isalpha())
    letters = sum(1 for c in text if c.isalpha())
    return controls / len(text) < 0.005 and letters > 0 and ascii_letters / max(letters, 1) > 0.8


_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _decode_bom(data: bytes, path: Path) -> tuple[str, str] | None:
    """UTF-16/32 text that says so with a byte-order mark (Windows "Unicode" text files)."""
    for bom, enc in _BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(enc)
            except UnicodeDecodeError:
                return None
            if _looks_like_text(text):
                log.info("%s: decoded as %s (byte-order mark)", path, enc)
                return text, enc
            return None
    return None


def decode_text(data: bytes, path: Path) -> tuple[str, str]:
    """Decode `data`; return (text, encoding). Binary or undecodable bytes raise."""
    with_bom = _decode_bom(data, path)
    if with_bom is not None:
        return with_bom
    if b"\x00" in data:
        raise UnreadableDocumentError(
            f"{str(path)!r} contains NUL bytes: it is a binary file, not text (or UTF-16 text "
            "without a byte-order mark). Convert it to a UTF-8 .txt or text-layer .pdf file "
            "and ingest that.",
            path,
        )
    for enc in ("utf-8-sig", "utf-8"):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        if _CONTROL.search(text) and not _looks_like_text(text):
            break
        return text, "utf-8"
    for enc in ("cp1252", "latin-1"):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        if _looks_like_text(text):
            log.info("%s: decoded as %s", path, enc)
            return text, enc
    raise UnreadableDocumentError(
        f"{str(path)!r} is not readable text (not UTF-8, and not plausible cp1252/latin-1 text). "
        "Save it as UTF-8 text and ingest it again.",
        path,
    )


def _drawing(page: Any) -> tuple[str, PageDrawing | None]:
    """A page's plain text, and the pieces it was read from with where each was drawn and
    whether upside down (None for a rotated page, or where the pieces do not make up the
    text)."""
    pieces: list[Piece] = []

    def seen(text: str, cm: list[float], tm: list[float], _font: Any, size: float) -> None:
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
        across = tm[0] * cm[0] + tm[1] * cm[2]  # the way the text runs, across and up
        up = tm[0] * cm[1] + tm[1] * cm[3]
        pieces.append(Piece(text, x, y, abs(size * scale), across < -abs(up)))

    text = page.extract_text(visitor_text=seen) or ""
    if page.rotation % 360 or "".join(p.text for p in pieces) != text:
        return text, None
    box = page.mediabox
    return text, PageDrawing(
        pieces, float(box.left), float(box.width), float(box.height), float(box.bottom)
    )


def _extract_pages(
    pages: Any,
    path: Path,
    mode: str = "plain",
    said: list[str] | None = None,
    small: list[str] | None = None,
) -> tuple[list[str], list[int]]:
    """Text of each page, and the (1-based) numbers of pages whose extraction raised. Plain text
    of slides with a side box of notes beside the text is read text first (`ingest.slides`;
    what it leaves out is told to `said`), of pages set in two columns drawn row by row across
    them column by column (`ingest.columns`). Where the pages are the sheets of a booklet
    printed in imposition order, the text of its small pages in the order of their printed
    numbers is put in `small` (`ingest.imposed`), and the sheets' text is returned as it is."""
    out: list[str] = []
    failed: list[int] = []
    drawings: list[PageDrawing] = []
    for i, page in enumerate(pages, start=1):
        drawing = None
        try:
            if mode == "plain":
                text, drawing = _drawing(page)
            else:
                text = page.extract_text(extraction_mode=mode) or ""
        except Exception as exc:  # a broken page must not lose the others
            log.warning("%s: page %d could not be read (%s: %s)", path, i, type(exc).__name__, exc)
            text = ""
            failed.append(i)
        out.append(text)
        drawings.append(drawing or PageDrawing([], 0.0, 0.0))
    if mode == "plain" and small is not None:
        drawn = all(d.pieces or not t.strip() for t, d in zip(out, drawings, strict=True))
        booklet = booklet_pages(drawings) if drawn else None
        if booklet is not None:
            log.info("%s: sheets of a booklet in imposition order read page by page", path)
            small += booklet
            return out, failed
    if mode == "plain":
        boxes = side_box_order(drawings)
        read = boxes.pages
        translated = translated_pages(drawings) if all(r is None for r in read) else []
        if any(r is not None for r in read):
            log.info("%s: slides read text first, their side boxes' notes after it", path)
            if boxes.dropped and said is not None:
                said.append(
                    f"left out {boxes.dropped} side-box note(s) of commentary beside the text "
                    "(not provisions)"
                )
        elif any(r is not None for r in translated):
            read = translated
            log.info("%s: the ordinance beside a translation: its English column read", path)
            if said is not None:
                said.append("left out the column of a translation beside the text")
        else:
            read = reading_order(drawings)
            if any(r is not None for r in read):
                log.info("%s: pages set in two columns read column by column", path)
        out = [text if r is None else r for text, r in zip(out, read, strict=True)]
    return out, failed


_CELL = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?"
_TABLE_ROW = re.compile(
    rf"^(?P<label>\d+(?:\s*(?:,|or|-|to|through)\s*(?:or\s+)?\d+)*(?:\s+or\s+(?:more|less|fewer))?)"
    rf"(?P<cells>(?:\s(?:{_CELL}))+)\s*$"
)


def _head_cells(line: str, k: int) -> list[str] | None:
    """A table's single-spaced header split into its label head and `k` column heads, each
    column head opening with a capital ('Bedrooms Tank With garbage disposal' -> ['Bedrooms',
    'Tank', 'With garbage disposal']); None when the capitals do not give `k` heads."""
    words = line.split()
    starts = [i for i, w in enumerate(words) if i > 0 and w[:1].isupper()]
    if len(starts) != k:
        return None
    bounds = [0, *starts, len(words)]
    return [" ".join(words[a:b]) for a, b in itertools.pairwise(bounds)]


def space_table_rows(text: str) -> str:
    """A PDF table whose cells came out single-spaced ('3 1,300 1,950' under 'Bedrooms Tank
    With garbage disposal') set out in fixed-width columns, as a printed table reads: a run of
    three or more rows of a number label and the same count of figures, and the header line
    above it where its capitals give one head per column. Other lines are kept as they are."""
    lines = text.split("\n")
    rows = [_TABLE_ROW.match(line.strip()) for line in lines]
    i = 0
    while i < len(lines):
        m = rows[i]
        if m is None or "  " in lines[i].strip():
            i += 1
            continue
        k = len(m.group("cells").split())
        j = i
        while j < len(lines) and rows[j] is not None and len(rows[j].group("cells").split()) == k:  # type: ignore[union-attr]
            j += 1
        if j - i >= 3:
            grid = [[r.group("label"), *r.group("cells").split()] for r in rows[i:j] if r]
            head = _head_cells(lines[i - 1], k) if i > 0 else None
            if head is not None:
                grid.insert(0, head)
            widths = [max(len(r[c]) for r in grid) for c in range(k + 1)]
            out = ["    ".join(x.ljust(widths[c]) for c, x in enumerate(r)).rstrip() for r in grid]
            first = i - 1 if head is not None else i
            lines[first:j] = out
            rows[first:j] = [None] * len(out)
            i = first + len(out)
        else:
            i = max(j, i + 1)
    return "\n".join(lines)


def _load_pdf(path: Path) -> SourceText:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    warnings: list[str] = []
    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted and not reader.decrypt(""):
            raise UnreadableDocumentError(
                f"{str(path)!r} is an encrypted PDF. Save an unencrypted copy and ingest that.",
                path,
            )
        small: list[str] = []  # the small pages of a booklet in imposition order
        pages, failed = _extract_pages(reader.pages, path, said=warnings, small=small)
        if not failed and any(pages) and not small:  # a margin column of titles beside the text
            laid, broken = _extract_pages(reader.pages, path, "layout")
            if not broken and has_margin_column(laid, pages):
                pages = laid
    except UnreadableDocumentError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError, AttributeError) as exc:
        raise UnreadableDocumentError(
            f"{str(path)!r} is not a readable PDF ({type(exc).__name__}: {exc}). Check that the "
            "file is complete (re-download or re-export it) and ingest it again.",
            path,
        ) from exc
    if pages and len(failed) == len(pages):
        raise UnreadableDocumentError(
            f"{str(path)!r}: no page of this PDF could be read. Check that the file is complete "
            "(re-download or re-export it) and ingest it again.",
            path,
        )
    if not pages:
        raise EmptyDocumentError(f"{str(path)!r} has no pages. Use a PDF with content.", path)
    if not any(p.strip() for p in pages):
        raise NeedsOCRError(
            f"{str(path)!r} has no text layer (a scanned PDF): it needs OCR. Run OCR on it "
            "(e.g. `ocrmypdf in.pdf out.pdf`) and ingest the result.",
            path,
        )
    blank = [i + 1 for i, p in enumerate(pages) if not p.strip() and i + 1 not in failed]
    if failed:
        warnings.append(
            f"{len(failed)} of {len(pages)} PDF page(s) could not be read "
            f"(page {', '.join(map(str, failed))}): their text is missing. Re-export the PDF "
            "or ingest a text copy."
        )
    if blank:
        warnings.append(
            f"{len(blank)} of {len(pages)} PDF page(s) yielded no text (page "
            f"{', '.join(map(str, blank))}): a corrupt, blank or scanned page. Check them; "
            "run OCR or re-export the PDF if they hold provisions."
        )
    for w in warnings:
        log.warning("%s: %s", path, w)
    pages = small or pages
    starts: list[int] = []
    chunks: list[str] = []
    offset = 0
    for p in pages:
        starts.append(offset)
        chunk = space_table_rows(p.replace("\r\n", "\n")).rstrip("\n") + "\n\f"
        chunks.append(chunk)
        offset += len(chunk)
    return SourceText(
        path=path, text="".join(chunks), encoding="pdf", page_starts=starts, warnings=warnings
    )


def _check_size(path: Path, max_mb: float) -> None:
    size_mb = path.stat().st_size / 1_000_000
    if size_mb > max_mb:
        raise DocumentTooLargeError(
            f"{str(path)!r} is {size_mb:.1f} MB, over the {max_mb:g} MB limit for one document. "
            "Split it into one file per chapter, or raise the limit with "
            f"ORDINANCE_MAX_DOCUMENT_MB={int(size_mb) + 1}.",
            path,
        )


def _as_amended(text: str, path: Path) -> str:
    """A document comparison's export (a redline) as the text it amends to; any other text as
    it is."""
    if not looks_redlined(text):
        return text
    log.info("%s: read as a document comparison (redline), as amended", path)
    return redline_to_text(text)


def _unmailed(text: str, path: Path) -> str:
    """An e-mail thread as the ordinance its messages hold; any other text as it is."""
    if not looks_like_mail_thread(text):
        return text
    log.info("%s: read as an e-mail thread, the ordinance without the mail", path)
    return mail_to_text(text)


def load_source(path: Path, *, max_mb: float = DEFAULT_MAX_MB) -> SourceText:
    """Read `path` into `SourceText`; raise a named `IngestError` for anything unusable
    (including a file larger than `max_mb` megabytes)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        raise UnsupportedFormatError(
            f"{str(path)!r} has an unsupported extension {suffix or '(none)'!r}. Supported: "
            f"{', '.join(SUPPORTED_SUFFIXES)}. Convert the document to one of these.",
            path,
        )
    if not path.is_file():
        raise UnreadableDocumentError(
            f"{str(path)!r} does not exist or is not a file. Check the path.", path
        )
    _check_size(path, max_mb)
    data = path.read_bytes()
    if not data.strip():
        raise EmptyDocumentError(
            f"{str(path)!r} is empty. Put the ordinance text in it, or remove it from the manifest.",
            path,
        )
    if suffix == ".pdf":
        return _load_pdf(path)
    text, encoding = decode_text(data, path)
    if suffix == ".rtf" or looks_like_rtf(text):
        log.info("%s: read as RTF source, the text it prints", path)
        text = rtf_to_text(text)
    if suffix in (".html", ".htm"):
        text = _as_amended(html_to_text(text), path)
    else:
        text = _unmailed(_as_amended(text, path), path)
        if suffix == ".xml" or looks_like_markup_export(text):
            text = markup_export_to_text(text)  # the text as it is where it holds no sections
        elif suffix in (".csv", ".tsv") or looks_like_rows(text):
            text = rows_to_text(text)  # the text as it is where it holds no sections
        elif suffix in (".yaml", ".yml", ".json") or looks_like_config(text):
            text = config_to_text(text)  # the text as it is where it holds no sections
        elif suffix == ".md" or looks_like_markdown(text):
            text = markdown_to_text(text)
        elif suffix == ".rst" or looks_like_rst(text):
            text = rst_to_text(text)
        elif looks_flattened(text):
            text = flattened_to_text(text)
    text = tabbed_tables(text.replace("\r\n", "\n").replace("\r", "\n"))
    if not text.strip():
        raise EmptyDocumentError(
            f"{str(path)!r} holds no text. Put the ordinance text in it.", path
        )
    return SourceText(path=path, text=text, encoding=encoding)
