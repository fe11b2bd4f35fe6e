"""Charts: matplotlib figures written as PNG, SVG or PDF, the same bytes on every run."""

from __future__ import annotations

from pathlib import Path

from .errors import OutputError
from .files import write_file
from .targets import check_file

CHART_FORMATS = ("png", "svg", "pdf")


def chart_bytes(fig, fmt: str, dpi: float | None = None) -> bytes:
    """A matplotlib figure as PNG, SVG or PDF bytes, the same on every run: no dates, ids from a fixed
    salt, and printkit's mark (so a later run may replace the file)."""
    import io

    import matplotlib

    meta = {"png": {"Software": "printkit"},
            "svg": {"Date": None, "Creator": "printkit"},
            "pdf": {"Creator": "printkit", "Producer": "printkit", "CreationDate": None, "ModDate": None}}[fmt]
    buf = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "printkit"}):
        fig.savefig(buf, format=fmt, metadata=meta, **({"dpi": dpi} if dpi else {}))
    return buf.getvalue()


def check_chart(path: str | Path, *, force: bool = False, key: str | None = "--chart") -> str:
    """Check a chart's target before the games are played: a .png, .svg or .pdf name that can be written."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in CHART_FORMATS:
        raise OutputError(path, "the chart must be a .png, .svg or .pdf file", key)
    return check_file(path, force=force, key=key)


def write_chart(fig, path: str | Path, *, force: bool = False, key: str | None = "--chart",
                dpi: float | None = None) -> None:
    """Draw ``fig`` into ``path`` (format from the suffix) the way every command writes a file, and close it
    (a figure is drawn once)."""
    import matplotlib.pyplot as plt

    try:
        check_chart(path, force=force, key=key)
        write_file(path, chart_bytes(fig, Path(path).suffix.lower().lstrip("."), dpi), force=force, key=key)
    finally:
        plt.close(fig)
