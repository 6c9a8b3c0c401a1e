//! Minimal inline-SVG charts for the HTML report (no scripts, no network).

use std::fmt::Write;

pub const PALETTE: [&str; 8] = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#9c755f",
];

pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open(view: &str, w: u32, h: u32, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" data-view=\"{}\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\
<title>{}</title><rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\
<text x=\"{}\" y=\"18\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">{}</text>",
        esc(view),
        esc(title),
        esc(title),
        w / 2,
        esc(title)
    )
}

/// An empty chart that says why it is empty.
pub fn empty(view: &str, title: &str, why: &str) -> String {
    let mut s = open(view, 640, 80, title);
    let _ = write!(
        s,
        "<text x=\"320\" y=\"50\" text-anchor=\"middle\" fill=\"#666\">{}</text></svg>",
        esc(why)
    );
    s
}

fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut v = Vec::new();
    let mut p = 10f64.powf(lo.log10().floor());
    while p <= hi * 1.0001 {
        for m in [1.0, 2.0, 5.0] {
            let t = p * m;
            if t >= lo * 0.9999 && t <= hi * 1.0001 {
                v.push(t);
            }
        }
        p *= 10.0;
    }
    v
}

fn fmt_num(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// Horizontal bars on a log axis: (label, value).
pub fn bars_log(view: &str, title: &str, unit: &str, data: &[(String, f64)]) -> String {
    let data: Vec<&(String, f64)> = data.iter().filter(|d| d.1 > 0.0).collect();
    if data.is_empty() {
        return empty(view, title, "no data");
    }
    let (left, right, top, row) = (150.0, 40.0, 36.0, 26.0);
    let w = 720.0;
    let h = top + row * data.len() as f64 + 40.0;
    let lo_v = data.iter().map(|d| d.1).fold(f64::MAX, f64::min);
    let hi_v = data.iter().map(|d| d.1).fold(0.0, f64::max);
    let lo = 10f64.powf(lo_v.log10().floor());
    let hi = 10f64.powf(hi_v.log10().ceil()).max(lo * 10.0);
    let x =
        |v: f64| left + (v.log10() - lo.log10()) / (hi.log10() - lo.log10()) * (w - left - right);
    let mut s = open(view, w as u32, h as u32, title);
    let axis_y = top + row * data.len() as f64 + 4.0;
    for t in log_ticks(lo, hi) {
        let _ = write!(
            s,
            "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{1}\" y2=\"{2:.1}\" stroke=\"#ddd\"/><text x=\"{0:.1}\" y=\"{3:.1}\" text-anchor=\"middle\">{4}</text>",
            x(t), top - 4.0, axis_y, axis_y + 14.0, fmt_num(t)
        );
    }
    for (i, (label, v)) in data.iter().enumerate() {
        let y = top + row * i as f64;
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text><rect x=\"{left}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"><title>{}: {} {}</title></rect><text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            left - 6.0, y + row * 0.65, esc(label), y + 3.0, (x(*v) - left).max(1.0), row - 6.0,
            PALETTE[i % PALETTE.len()], esc(label), fmt_num(*v), esc(unit),
            x(*v) + 4.0, y + row * 0.65, fmt_num(*v)
        );
    }
    let _ = write!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">{} (log scale)</text></svg>",
        (left + w - right) / 2.0,
        h - 6.0,
        esc(unit)
    );
    s
}

/// Stacked 100% bars: rows of (label, [(segment, share in 0..1)]).
pub fn stacked_shares(view: &str, title: &str, rows: &[(String, Vec<(String, f64)>)]) -> String {
    if rows.is_empty() {
        return empty(view, title, "no profile data");
    }
    let mut segs: Vec<String> = Vec::new();
    for (_, r) in rows {
        for (k, _) in r {
            if !segs.contains(k) {
                segs.push(k.clone());
            }
        }
    }
    let (left, right, top, row) = (150.0, 30.0, 36.0, 28.0);
    let w = 720.0;
    let legend_rows = segs.len().div_ceil(4) as f64;
    let h = top + row * rows.len() as f64 + 20.0 + 18.0 * legend_rows;
    let span = w - left - right;
    let mut s = open(view, w as u32, h as u32, title);
    for (i, (label, r)) in rows.iter().enumerate() {
        let y = top + row * i as f64;
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 6.0,
            y + row * 0.6,
            esc(label)
        );
        let mut x0 = left;
        for (k, share) in r {
            let ci = segs.iter().position(|x| x == k).unwrap_or(0);
            let wd = share.max(0.0) * span;
            let _ = write!(
                s,
                "<rect x=\"{x0:.1}\" y=\"{:.1}\" width=\"{wd:.1}\" height=\"{:.1}\" fill=\"{}\"><title>{}: {}: {:.1}%</title></rect>",
                y + 3.0, row - 8.0, PALETTE[ci % PALETTE.len()], esc(label), esc(k), share * 100.0
            );
            x0 += wd;
        }
    }
    let ly = top + row * rows.len() as f64 + 14.0;
    for (i, k) in segs.iter().enumerate() {
        let lx = left + (i % 4) as f64 * 140.0;
        let y = ly + (i / 4) as f64 * 18.0;
        let _ = write!(
            s,
            "<rect x=\"{lx:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            y - 9.0, PALETTE[i % PALETTE.len()], lx + 14.0, y, esc(k)
        );
    }
    s.push_str("</svg>");
    s
}

/// Points on a log-log plane with the Pareto front (smaller x and smaller y are better) joined.
pub fn scatter_pareto(
    view: &str,
    title: &str,
    xlabel: &str,
    ylabel: &str,
    pts: &[(String, f64, f64)],
    smaller_y_better: bool,
) -> String {
    scatter(view, title, xlabel, ylabel, pts, smaller_y_better, false)
}

/// Like [`scatter_pareto`], with a linear x axis from 0 (x = 0 allowed).
pub fn scatter_pareto_linx(
    view: &str,
    title: &str,
    xlabel: &str,
    ylabel: &str,
    pts: &[(String, f64, f64)],
    smaller_y_better: bool,
) -> String {
    scatter(view, title, xlabel, ylabel, pts, smaller_y_better, true)
}

/// Smallest 1-2-5 x 10^k at or above `v`.
fn nice_ceil(v: f64) -> f64 {
    let p = 10f64.powf(v.max(1e-9).log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * p)
        .find(|c| *c >= v)
        .unwrap_or(10.0 * p)
}

fn scatter(
    view: &str,
    title: &str,
    xlabel: &str,
    ylabel: &str,
    pts: &[(String, f64, f64)],
    smaller_y_better: bool,
    linear_x: bool,
) -> String {
    let pts: Vec<&(String, f64, f64)> = pts
        .iter()
        .filter(|p| (p.1 > 0.0 || (linear_x && p.1 == 0.0)) && p.2 > 0.0)
        .collect();
    if pts.is_empty() {
        return empty(view, title, "no points with both measurements yet");
    }
    let (left, right, top, bottom) = (70.0, 30.0, 36.0, 50.0);
    let (w, h) = (720.0, 420.0);
    let lx = |v: f64| v.log10();
    let fx = |v: f64| if linear_x { v } else { v.log10() };
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in &pts {
        x0 = x0.min(fx(p.1));
        x1 = x1.max(fx(p.1));
        y0 = y0.min(lx(p.2));
        y1 = y1.max(lx(p.2));
    }
    let (x0, x1) = if linear_x {
        (0.0, nice_ceil(x1.max(1.0)))
    } else {
        (x0.floor(), x1.ceil().max(x0.floor() + 1.0))
    };
    let (y0, y1) = (y0.floor(), y1.ceil().max(y0.floor() + 1.0));
    let px = |v: f64| left + (fx(v) - x0) / (x1 - x0) * (w - left - right);
    let py = |v: f64| h - bottom - (lx(v) - y0) / (y1 - y0) * (h - top - bottom);
    let mut s = open(view, w as u32, h as u32, title);
    let xticks: Vec<f64> = if linear_x {
        (0..=5).map(|i| x1 * i as f64 / 5.0).collect()
    } else {
        log_ticks(10f64.powf(x0), 10f64.powf(x1))
    };
    for t in xticks {
        let _ = write!(s, "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#eee\"/><text x=\"{0:.1}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>", px(t), top, h - bottom, h - bottom + 14.0, fmt_num(t));
    }
    for t in log_ticks(10f64.powf(y0), 10f64.powf(y1)) {
        let _ = write!(s, "<line x1=\"{1}\" x2=\"{2}\" y1=\"{0:.1}\" y2=\"{0:.1}\" stroke=\"#eee\"/><text x=\"{3}\" y=\"{4:.1}\" text-anchor=\"end\">{5}</text>", py(t), left, w - right, left - 4.0, py(t) + 4.0, fmt_num(t));
    }
    // Pareto front: sort by x; keep points that improve y.
    let mut sorted: Vec<&&(String, f64, f64)> = pts.iter().collect();
    sorted.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
    let better = |a: f64, b: f64| if smaller_y_better { a < b } else { a > b };
    let mut front: Vec<&(String, f64, f64)> = Vec::new();
    for p in sorted {
        if front.last().map(|l| better(p.2, l.2)).unwrap_or(true) {
            front.push(p);
        }
    }
    if front.len() > 1 {
        let path: Vec<String> = front
            .iter()
            .map(|p| format!("{:.1},{:.1}", px(p.1), py(p.2)))
            .collect();
        let _ = write!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#e15759\" stroke-dasharray=\"4 3\"/>",
            path.join(" ")
        );
    }
    for (i, p) in pts.iter().enumerate() {
        let on_front = front.iter().any(|f| f.0 == p.0);
        let _ = write!(
            s,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"><title>{}: {} / {}</title></circle><text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            px(p.1), py(p.2), PALETTE[i % PALETTE.len()], if on_front { "#e15759" } else { "none" },
            if on_front { 2 } else { 0 }, esc(&p.0), fmt_num(p.1), fmt_num(p.2),
            px(p.1) + 7.0, py(p.2) - 6.0, esc(&p.0)
        );
    }
    let xscale = if linear_x { "" } else { " (log)" };
    let _ = write!(s, "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}{xscale}</text><text x=\"14\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {:.1})\">{} (log)</text></svg>",
        (left + w - right) / 2.0, h - 10.0, esc(xlabel), (top + h - bottom) / 2.0, (top + h - bottom) / 2.0, esc(ylabel));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_are_single_svg_elements_with_their_view() {
        let b = bars_log(
            "v1",
            "t",
            "cycles/byte",
            &[("a".into(), 100.0), ("b<".into(), 20.0)],
        );
        assert!(b.starts_with("<svg") && b.ends_with("</svg>"));
        assert_eq!(b.matches("<svg").count(), 1);
        assert!(b.contains("data-view=\"v1\""));
        assert!(b.contains("b&lt;"), "labels are escaped");
        let e = bars_log("v2", "t", "u", &[]);
        assert!(e.contains("no data"));
    }

    #[test]
    fn pareto_front_joins_only_non_dominated_points() {
        let pts = vec![
            ("a".to_string(), 1.0, 100.0),
            ("b".to_string(), 2.0, 50.0),
            ("c".to_string(), 3.0, 80.0), // dominated by b
            ("d".to_string(), 10.0, 5.0),
        ];
        let s = scatter_pareto("p", "t", "x", "y", &pts, true);
        let poly = s.split("<polyline points=\"").nth(1).unwrap();
        let poly = poly.split('"').next().unwrap();
        assert_eq!(poly.split(' ').count(), 3, "front is a, b, d: {poly}");
    }
}
