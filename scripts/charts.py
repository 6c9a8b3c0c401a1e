#!/usr/bin/env python3
"""The report's figures, drawn with matplotlib (docs/report.md says why matplotlib).

Reads one JSON object on stdin, written by the Rust flow (crates/flow/src/report/charts.rs): every
number, label, colour family and the Pareto front come from there; this script only draws.
Writes <out>/<name>.svg and <out>/<name>.pdf for every figure and prints one JSON line,
{"figures": [names]}. Output is deterministic: no dates in the files, SVG ids salted with
the figure's name (the report inlines several SVGs into one page).

  build/venv/bin/python3 scripts/charts.py --out report/figures < charts.json
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402

# Colour-blind-safe (Okabe-Ito) colours per design family and for measured/published.
FAMILY_COLOURS = {
    "baseline": "#7f7f7f",
    "seed-ise": "#0072B2",
    "standard": "#009E73",
    "own": "#D55E00",
}
CLASS_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9",
                 "#F0E442", "#000000", "#999999"]
PUBLISHED = "#222222"


def plain(v, _pos=None):
    """Tick labels as plain numbers (1000, not 10^3)."""
    if v >= 1:
        return f"{v:.0f}"
    return f"{v:g}"


def log_axis(axis):
    axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    axis.set_major_formatter(FuncFormatter(plain))
    axis.set_minor_formatter(NullFormatter())


def log_limits(values, pad=1.35):
    lo = min(values) / pad
    hi = max(values) * pad
    return lo, hi


def spread_labels(fig, ax, texts, iterations=200):
    """Move annotation labels (offset points) apart until no two overlap. An annotation's
    extent follows its offset without redrawing the figure (update_positions), so each
    pass measures every label once."""
    if len(texts) < 2:
        return
    renderer = fig.canvas.get_renderer()
    px_per_pt = fig.dpi / 72.0
    for _ in range(iterations):
        boxes = [t.get_window_extent(renderer).expanded(1.02, 1.15) for t in texts]
        moved = False
        for i in range(len(texts)):
            for j in range(i + 1, len(texts)):
                a, b = boxes[i], boxes[j]
                if not a.overlaps(b):
                    continue
                # push the upper one up and the lower one down by half the overlap
                dy = (min(a.y1, b.y1) - max(a.y0, b.y0)) / 2 + 1
                up, down = (i, j) if a.y0 + a.y1 >= b.y0 + b.y1 else (j, i)
                for k, sign in ((up, 1), (down, -1)):
                    x, y = texts[k].xyann
                    texts[k].xyann = (x, y + sign * dy / px_per_pt)
                    boxes[k] = texts[k].get_window_extent(renderer).expanded(1.02, 1.15)
                moved = True
        if not moved:
            return


def annotate(ax, label, xy, colour="#222222"):
    return ax.annotate(label, xy, xytext=(7, 4), textcoords="offset points", fontsize=8.5,
                       color=colour, va="bottom",
                       arrowprops=dict(arrowstyle="-", color="#aaaaaa", lw=0.5,
                                       shrinkA=0, shrinkB=4))


def family_legend(families, extra=()):
    handles = [Patch(facecolor=FAMILY_COLOURS.get(f["key"], "#444444"), label=f["label"])
               for f in families]
    return handles + list(extra)


def pareto(fig_spec, families):
    panels = fig_spec["panels"]
    fig, axes = plt.subplots(1, len(panels), figsize=(6.2 * len(panels), 5.0), squeeze=False)
    for ax, p in zip(axes[0], panels):
        pts = p["points"]
        xs = [q["x"] for q in pts] + [q["published"]["x"] for q in pts if q.get("published")]
        ys = [q["y"] for q in pts] + [q["published"]["y"] for q in pts if q.get("published")]
        ys += [q["y"] for q in p.get("unmeasured", [])]
        ys += [q["published"]["y"] for q in p.get("unmeasured", []) if q.get("published")]
        ax.set_xscale("log")
        ax.set_yscale("log")
        xs += [q["published"]["x"] for q in p.get("unmeasured", []) if q.get("published")]
        ax.set_xlim(*(log_limits(xs, 1.5) if xs else (100, 10000)))
        if ys:
            ax.set_ylim(*log_limits(ys, 1.4))
        log_axis(ax.xaxis)
        log_axis(ax.yaxis)
        ax.grid(True, which="major", color="#e5e5e5", lw=0.6)
        ax.set_axisbelow(True)
        texts = []
        for q in pts:
            c = FAMILY_COLOURS.get(q["family"], "#444444")
            pub = q.get("published")
            if pub:
                ax.plot([pub["x"], q["x"]], [pub["y"], q["y"]], color=c, lw=0.8, ls=":",
                        zorder=1)
                ax.scatter([pub["x"]], [pub["y"]], s=42, facecolor="white", edgecolor=c,
                           lw=1.4, marker="D", zorder=3)
            ax.scatter([q["x"]], [q["y"]], s=55, color=c, edgecolor="black" if q["front"]
                       else "none", lw=1.2, zorder=4)
            texts.append(annotate(ax, q["label"], (q["x"], q["y"])))
        front = sorted((q for q in pts if q["front"]), key=lambda q: q["x"])
        if front:
            fx = [q["x"] for q in front] + [ax.get_xlim()[1]]
            fy = [q["y"] for q in front] + [front[-1]["y"]]
            ax.step(fx, fy, where="post", color="black", lw=1.0, ls="--", zorder=2)
        for q in p.get("unmeasured", []):
            c = FAMILY_COLOURS.get(q["family"], "#444444")
            x = ax.get_xlim()[0] * 1.05
            ax.scatter([x], [q["y"]], s=60, marker="x", color=c, zorder=4)
            texts.append(annotate(ax, q["label"] + " (area not measured)", (x, q["y"])))
            pub = q.get("published")
            if pub:
                ax.scatter([pub["x"]], [pub["y"]], s=42, facecolor="white", edgecolor=c,
                           lw=1.4, marker="D", zorder=3)
        ax.set_title(p["title"], fontsize=11)
        ax.set_xlabel(p["xlabel"])
        ax.set_ylabel(p["ylabel"])
        fig.canvas.draw()
        spread_labels(fig, ax, texts)
    extra = [
        Line2D([], [], marker="o", ls="none", color="#777777", markeredgecolor="black",
               label="measured, on the Pareto front"),
        Line2D([], [], marker="o", ls="none", color="#777777", label="measured, dominated"),
        Line2D([], [], marker="D", ls="none", color="#777777", markerfacecolor="white",
               label="published (paper), dotted line to ours"),
        Line2D([], [], ls="--", color="black", label="Pareto front (measured)"),
    ]
    fig.legend(handles=family_legend(families, extra), loc="lower center", ncol=4,
               fontsize=8.5, frameon=False)
    fig.tight_layout(rect=(0, 0.12, 1, 1))
    return fig


def bars(fig_spec, families):
    rows = fig_spec["bars"]
    fig, ax = plt.subplots(figsize=(9.0, 0.42 * len(rows) + 1.9))
    ys = list(range(len(rows)))[::-1]  # first row (fastest) at the top
    vals = [r["value"] for r in rows]
    pubs = [r["published"] for r in rows if r.get("published")]
    ax.set_xscale("log")
    lo, hi = log_limits(vals + pubs, 1.25)
    ax.set_xlim(lo, hi * 1.3)
    log_axis(ax.xaxis)
    ax.grid(True, axis="x", which="major", color="#e5e5e5", lw=0.6)
    ax.set_axisbelow(True)
    for y, r in zip(ys, rows):
        c = FAMILY_COLOURS.get(r["family"], "#444444")
        ax.barh(y, r["value"] - lo, left=lo, height=0.62, color=c)
        ax.text(r["value"] * 1.03, y, f"{r['value']:.1f}", va="center", fontsize=8.5)
        if r.get("published"):
            ax.scatter([r["published"]], [y], marker="D", s=38, facecolor="white",
                       edgecolor=PUBLISHED, lw=1.3, zorder=3)
    ax.set_yticks(ys)
    ax.set_yticklabels([r["label"] for r in rows])
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel(fig_spec["xlabel"])
    extra = [Line2D([], [], marker="D", ls="none", markerfacecolor="white",
                    markeredgecolor=PUBLISHED, label="published (paper)")]
    height = fig.get_size_inches()[1]
    fig.legend(handles=family_legend(families, extra), loc="lower center", ncol=5,
               fontsize=8.5, frameon=False)
    fig.tight_layout(rect=(0, 0.45 / height, 1, 1))
    return fig


def stacked(fig_spec, _families):
    rows = fig_spec["rows"]
    classes = fig_spec["classes"]
    fig, ax = plt.subplots(figsize=(9.0, 0.42 * len(rows) + 2.2))
    ys = list(range(len(rows)))[::-1]
    left = [0.0] * len(rows)
    for ci, cls in enumerate(classes):
        w = [r["values"][ci] for r in rows]
        ax.barh(ys, w, left=left, height=0.62, color=CLASS_COLOURS[ci % len(CLASS_COLOURS)],
                label=cls)
        left = [a + b for a, b in zip(left, w)]
    for y, total in zip(ys, left):
        ax.text(total + max(left) * 0.008, y, f"{total:,.0f}", va="center", fontsize=8.5)
    ax.set_yticks(ys)
    ax.set_yticklabels([r["label"] for r in rows])
    ax.set_xlim(0, max(left) * 1.12 if left else 1)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: f"{v:,.0f}"))
    ax.grid(True, axis="x", color="#e5e5e5", lw=0.6)
    ax.set_axisbelow(True)
    ax.set_xlabel(fig_spec["xlabel"])
    height = fig.get_size_inches()[1]
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=min(len(classes), 5), fontsize=8.5,
               frameon=False)
    fig.tight_layout(rect=(0, 0.6 / height, 1, 1))
    return fig


def grouped(fig_spec, _families):
    panels = fig_spec["panels"]
    width = max(4.3 * len(panels), max(0.75 * len(p["categories"]) + 1.5 for p in panels))
    fig, axes = plt.subplots(1, len(panels), figsize=(width, 4.2), squeeze=False)
    styles = {"published (paper)": dict(color="white", edgecolor=PUBLISHED, hatch="///"),
              "measured": dict(color="#0072B2", edgecolor="#0072B2")}
    absent = []
    for ax, p in zip(axes[0], panels):
        cats = p["categories"]
        n = len(p["series"])
        width = 0.8 / n
        hatches = iter(["xxx", "///", "\\\\\\", "..."])
        for si, s in enumerate(p["series"]):
            xs = [i - 0.4 + width * (si + 0.5) for i in range(len(cats))]
            pairs = [(x, v) for x, v in zip(xs, s["values"]) if v is not None]
            st = styles.get(s["label"], {})
            if "colour" in s:
                st = dict(color=CLASS_COLOURS[s["colour"] % len(CLASS_COLOURS)])
            if s.get("published"):
                st = dict(color="white", edgecolor=PUBLISHED, hatch=next(hatches))
            if not pairs:  # nothing measured: in the legend only, as an empty box
                absent.append(Patch(facecolor="white", edgecolor="#999999", ls="--",
                                    label=s["label"]))
                continue
            ax.bar([x for x, _ in pairs], [v for _, v in pairs], width=width * 0.95,
                   label=s["label"], lw=0.8, **st)
        ax.set_xticks(range(len(cats)))
        ax.set_xticklabels(cats, rotation=30, ha="right", fontsize=8.5)
        if p.get("log"):
            ax.set_yscale("log")
            log_axis(ax.yaxis)
        ax.set_title(p["title"], fontsize=10)
        ax.set_ylabel(p["ylabel"])
        ax.grid(True, axis="y", color="#e5e5e5", lw=0.6)
        ax.set_axisbelow(True)
    handles, labels = axes[0][0].get_legend_handles_labels()
    handles += absent
    labels += [h.get_label() for h in absent]
    ncol = min(len(labels), 2 if len(labels) > 3 else 3)
    fig.legend(handles, labels, loc="lower center", ncol=ncol, fontsize=8.5, frameon=False)
    fig.tight_layout(rect=(0, 0.07 * -(-len(labels) // ncol), 1, 1))
    return fig


KINDS = {"pareto": pareto, "bars": bars, "stacked": stacked, "grouped": grouped}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="folder for <name>.svg and <name>.pdf")
    args = ap.parse_args()
    spec = json.load(sys.stdin)
    plt.rcParams.update({
        "font.family": "DejaVu Sans",
        "font.size": 9.5,
        "svg.fonttype": "path",
        "axes.spines.top": False,
        "axes.spines.right": False,
    })
    os.makedirs(args.out, exist_ok=True)
    names = []
    for f in spec["figures"]:
        draw = KINDS.get(f["kind"])
        if draw is None:
            sys.exit(f"charts.py: unknown figure kind {f['kind']!r} ({', '.join(KINDS)})")
        plt.rcParams["svg.hashsalt"] = f["name"]
        fig = draw(f, spec["families"])
        base = os.path.join(args.out, f["name"])
        fig.savefig(base + ".svg", metadata={"Date": None})
        fig.savefig(base + ".pdf", metadata={"CreationDate": None})
        plt.close(fig)
        names.append(f["name"])
    print(json.dumps({"figures": names}))


if __name__ == "__main__":
    main()
