//! The report's figures as files: each [`Figure`] (name, caption, what to draw) is drawn by
//! `scripts/charts.py` with matplotlib in `build/venv` (docs/report.md says why) into
//! `<out>/figures/<name>.svg` and `.pdf`; [`Rendered`] holds the SVG texts the HTML page
//! inlines, or why none were drawn. What each figure shows is decided in `charts`.

use crate::design::{Design, Family};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};

/// One figure: its file name (without extension), caption and what `charts.py` draws.
#[derive(Debug, Clone)]
pub struct Figure {
    pub name: &'static str,
    pub caption: String,
    pub spec: Value,
}

/// The figures after drawing: each one's SVG text, or why none was drawn.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub figures: Vec<Figure>,
    pub svgs: BTreeMap<String, String>,
    /// Why the figures are missing (no matplotlib in build/venv, the script failed).
    pub error: Option<String>,
}

impl Rendered {
    /// The figure named `name` if it was planned (drawn or not).
    pub fn figure(&self, name: &str) -> Option<(usize, &Figure)> {
        self.figures
            .iter()
            .enumerate()
            .find(|(_, f)| f.name == name)
            .map(|(i, f)| (i + 1, f))
    }
}

/// The families present among `designs`, in legend order.
fn families(designs: &[Design]) -> Value {
    Value::Array(
        Family::ALL
            .iter()
            .filter(|f| designs.iter().any(|d| d.family == **f))
            .map(|f| json!({"key": f.key(), "label": f.label()}))
            .collect(),
    )
}

/// The Python of `build/venv` (where `scripts/setup` installs matplotlib).
pub fn venv_python(root: &Path) -> std::path::PathBuf {
    root.join("build").join("venv").join("bin").join("python3")
}

/// Draw `figs` into `dir` with `scripts/charts.py`; the SVG texts, or why not.
pub fn draw(root: &Path, dir: &Path, designs: &[Design], figs: Vec<Figure>) -> Rendered {
    let mut out = Rendered {
        figures: figs,
        ..Rendered::default()
    };
    if out.figures.is_empty() {
        return out;
    }
    let py = venv_python(root);
    if !py.is_file() {
        out.error = Some(format!(
            "figures not drawn: {} is missing (run scripts/setup: it installs matplotlib into build/venv)",
            py.display()
        ));
        return out;
    }
    let spec = json!({
        "families": families(designs),
        "figures": out.figures.iter().map(|f| {
            let mut s = f.spec.clone();
            s["name"] = json!(f.name);
            s
        }).collect::<Vec<_>>(),
    });
    let run = || -> Result<(), String> {
        let mut child = Command::new(&py)
            .arg(root.join("scripts").join("charts.py"))
            .arg("--out")
            .arg(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("running {}: {e}", py.display()))?;
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("piped stdin");
            stdin
                .write_all(spec.to_string().as_bytes())
                .map_err(|e| format!("writing to scripts/charts.py: {e}"))?;
        }
        let o = child
            .wait_with_output()
            .map_err(|e| format!("waiting for scripts/charts.py: {e}"))?;
        if !o.status.success() {
            return Err(format!(
                "scripts/charts.py failed ({}): {}",
                o.status,
                crate::error::last_lines(&String::from_utf8_lossy(&o.stderr), 8)
            ));
        }
        Ok(())
    };
    if let Err(e) = run() {
        out.error = Some(format!("figures not drawn: {e}"));
        return out;
    }
    for f in &out.figures {
        let p = dir.join(format!("{}.svg", f.name));
        match std::fs::read_to_string(&p) {
            Ok(t) => {
                out.svgs.insert(f.name.to_string(), inline_svg(&t));
            }
            Err(e) => {
                out.error = Some(format!("figures not drawn: reading {}: {e}", p.display()));
            }
        }
    }
    out
}

/// An SVG file's `<svg>` element alone, for inlining: no XML declaration, doctype or
/// `<metadata>` (RDF about the generator).
pub fn inline_svg(text: &str) -> String {
    let Some(i) = text.find("<svg") else {
        return String::new();
    };
    let mut s = text[i..].trim_end().to_string();
    if let (Some(a), Some(b)) = (s.find("<metadata"), s.find("</metadata>")) {
        if a < b {
            s.replace_range(a..b + "</metadata>".len(), "");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_svg_drops_the_prolog() {
        let t = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg a=\"1\">\n <metadata>\n  <rdf:RDF><dc:format>x</dc:format></rdf:RDF>\n </metadata>\n<g/></svg>\n";
        assert_eq!(inline_svg(t), "<svg a=\"1\">\n \n<g/></svg>");
    }
}
