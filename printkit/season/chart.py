"""The season's standings page with charts (``printkit season --picture``): the table, the games won over the
evenings per player, and each game's scores per player, drawn with matplotlib on one page of the paper.

Players keep one colour (Okabe-Ito, as the kits) with a marker and a line style, so a greyscale print still
tells them apart."""

from __future__ import annotations

from ..sheet import DASHES, PAPERS, players as seats
from .text import game_title, leader_text, rows, short_title, summary

MM = 1 / 25.4  # inches
MARKERS = {"circle": "o", "square": "s", "triangle": "^", "diamond": "D", "cross": "x", "plus": "P",
           "star": "*", "bar": "_"}


def style(k: int, names: list[str]) -> dict:
    """The line colour, marker and dashes of the ``k``-th player (in the table's order)."""
    seat = seats(names)[k]
    dash = DASHES[k % len(DASHES)]
    return {"color": seat.color, "marker": MARKERS[seat.shape], "markersize": 5,
            "linestyle": (0, tuple(d * 2 for d in dash)) if dash else "-", "linewidth": 1.3}


def figure(season, paper: str = "letter"):
    """The standings page as a matplotlib figure (one page of ``paper``, taller for a long table)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = season.table
    w, h = PAPERS[paper]
    main = rows(t)
    games = t.games
    table_h = 6 + 4.6 * len(main)
    best = best_rows(t)
    best_h = 6 + 4.6 * len(best) if games else 0
    charts_h = 82 + 62 * ((len(games) + 1) // 2)
    height = max(h, 24 + 14 + table_h + best_h + charts_h + 12)
    fig = plt.figure(figsize=(w * MM, height * MM))
    left, right = 12 / w, 1 - 12 / w
    y = 1 - 12 / height

    def top(mm: float) -> float:
        return mm / height

    fig.text(left, y, f"The season so far: {season.title}", fontsize=14, weight="bold", va="top")
    y -= top(8)
    fig.text(left, y, summary(t) + ". " + leader_text(t), fontsize=9, va="top")
    y -= top(8)
    if not t.lines:  # no game counted yet: the page says so, and has no table or chart
        fig.text(left, y, "No game has been counted yet.", fontsize=10, va="top")
        return fig
    y = draw_table(fig, main, left, right, y, top, "Standings (a game won in a tie is shared)")
    if games:
        y = draw_table(fig, best, left, right, y - top(4), top, "Best score per game, and the evening it was set")
    names = [ln.name for ln in t.lines]
    y -= top(12)
    ax = fig.add_axes((left + 0.06, y - top(60), right - left - 0.08, top(60)))
    wins_chart(ax, season, names)
    y -= top(60 + 22)
    for i, gid in enumerate(games):
        col, row = i % 2, i // 2
        gx = left + 0.06 + col * (right - left) / 2
        ax = fig.add_axes((gx, y - top(38) - row * top(62), (right - left) / 2 - 0.1, top(38)))
        scores_chart(ax, season, gid, names)
    return fig


def best_rows(t) -> list[list[str]]:
    """Player by game: the best score and the evening it was set, as in each game's table."""
    out = [["Player"] + [short_title(g) for g in t.games]]
    for ln in t.lines:
        out.append([ln.name] + [f"{g.best} ({g.best_evening})" if (g := ln.games.get(gid)) and g.best is not None
                                else "-" for gid in t.games])
    return out


def draw_table(fig, data: list[list[str]], left: float, right: float, y: float, top, caption: str) -> float:
    """A table of text rows under a caption, from ``y`` down; returns the y below it."""
    fig.text(left, y, caption, fontsize=9, weight="bold", va="top")
    y -= top(5)
    row_h = top(4.6)
    n = len(data)
    ax = fig.add_axes((left, y - n * row_h, right - left, n * row_h))
    ax.axis("off")
    tab = ax.table(cellText=data[1:], colLabels=data[0], loc="upper left", cellLoc="left", colLoc="left",
                   bbox=(0, 0, 1, 1))
    tab.auto_set_font_size(False)
    tab.set_fontsize(7.5 if len(data[0]) <= 7 else 7)
    for (r, _), cell in tab.get_celld().items():
        cell.set_linewidth(0.3)
        if r == 0:
            cell.set_text_props(weight="bold")
    return y - n * row_h


def wins_chart(ax, season, names: list[str]) -> None:
    t = season.table
    x = list(range(1, len(t.nights) + 1))
    for k, ln in enumerate(t.lines):
        ax.plot(x, [float(v) for v in ln.wins_after], label=ln.name, **style(k, names))
    ax.set_title("Games won over the evenings", fontsize=9, weight="bold")
    ax.set_ylabel("games won (in all)", fontsize=8)
    ticks(ax, t)
    whole_numbers(ax)
    if t.lines:
        ax.legend(fontsize=7, ncol=min(4, len(t.lines)), loc="upper left", frameon=False)
    ax.grid(True, linewidth=0.3, color="0.8")


def scores_chart(ax, season, gid: str, names: list[str]) -> None:
    t = season.table
    for k, ln in enumerate(t.lines):
        xs, ys = [], []
        for i, night in enumerate(t.nights, 1):
            for play in night.plays:
                if play.counted and play.game == gid and ln.name in play.scores:
                    xs.append(i)
                    ys.append(play.scores[ln.name])
        if xs:
            st = style(k, names)
            ax.plot(xs, ys, label=ln.name, **{**st, "linestyle": "none"})
    ax.set_title(f"{game_title(gid)}: scores", fontsize=8, weight="bold")
    ticks(ax, t)
    ax.grid(True, linewidth=0.3, color="0.8")
    ax.tick_params(labelsize=7)
    whole_numbers(ax)


def whole_numbers(ax) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


def ticks(ax, t) -> None:
    """The evenings along the bottom, by name (every few where there are many)."""
    n = len(t.nights)
    step = max(1, -(-n // 12))
    at = list(range(1, n + 1, step))
    ax.set_xticks(at, [t.nights[i - 1].name for i in at], rotation=30, ha="right", fontsize=7)
    ax.set_xlim(0.5, n + 0.5)
    ax.tick_params(axis="y", labelsize=7)

