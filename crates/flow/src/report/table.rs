//! Cells and tables of the Markdown renderers: number formats and the table layout.

use std::fmt::Write;

pub fn f0(v: f64) -> String {
    format!("{v:.0}")
}
pub fn f1(v: f64) -> String {
    format!("{v:.1}")
}
pub fn f2(v: f64) -> String {
    format!("{v:.2}")
}

/// A figure in format `f`, or "-" when there is none.
pub fn or_dash(v: Option<f64>, f: fn(f64) -> String) -> String {
    v.map(f).unwrap_or_else(|| "-".into())
}

/// An integer, or "-" when there is none.
pub fn int_or_dash<T: ToString>(v: Option<T>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "-".into())
}

/// A ratio of the model (`model::ratio`): "n/a" when its base is 0.
pub fn ratio_cell(r: Option<f64>) -> String {
    r.map(f2).unwrap_or_else(|| "n/a".into())
}

/// A ratio that may be missing: "-" when a figure is missing, "n/a" when its base is 0.
pub fn opt_ratio_cell(r: Option<Option<f64>>) -> String {
    r.map(ratio_cell).unwrap_or_else(|| "-".into())
}

/// A Markdown table from a header and string cells.
pub fn md_table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "| {} |", head.join(" | "));
    let _ = writeln!(
        s,
        "|{}|",
        head.iter().map(|_| "---").collect::<Vec<_>>().join("|")
    );
    for r in rows {
        let _ = writeln!(s, "| {} |", r.join(" | "));
    }
    s
}

/// A place-and-route Fmax cell: the figure, or why there is none.
pub fn pnr_fmax_cell(fmax: Option<f64>, has_rtl: bool) -> String {
    match fmax {
        Some(f) => f1(f),
        None if has_rtl => "P&R not run (make pnr)".into(),
        None => "no RTL".into(),
    }
}

/// A place-and-route Fmax cell from the target's record: the figure, "did not route ..."
/// where P&R of today's sources ran and did not route, or why there is none.
/// A seed that did not route while the others did is named after the figure.
pub fn pnr_cell(p: Option<&crate::results::PnrRecord>, has_rtl: bool) -> String {
    match p.and_then(|p| p.unrouted.as_deref()) {
        Some(why) => crate::md::text(why),
        None => {
            let cell = pnr_fmax_cell(p.and_then(|p| p.fmax_mhz), has_rtl);
            match p.map(|p| &p.unrouted_seeds[..]) {
                Some(gone @ [_, ..]) if p.is_some_and(|p| p.fmax_mhz.is_some()) => {
                    let names: Vec<String> = gone.iter().map(|s| s.to_string()).collect();
                    let s = if gone.len() > 1 { "s" } else { "" };
                    format!("{cell} (seed{s} {} did not route)", names.join(", "))
                }
                _ => cell,
            }
        }
    }
}

/// Helpers of the renderers' unit tests.
#[cfg(test)]
pub mod test_support {
    /// The row of `design` in the table that follows `heading`.
    pub fn row<'a>(md: &'a str, heading: &str, design: &str) -> Vec<&'a str> {
        let t = &md[md.find(heading).expect("heading")..];
        let line = t
            .lines()
            .find(|l| l.contains(&format!("`{design}`")))
            .expect("row");
        line.trim_matches('|').split(" | ").map(str::trim).collect()
    }
}
