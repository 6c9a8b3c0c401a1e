//! `index.html`: the Markdown report as one self-contained HTML page, the figures inline.

use super::figure::Rendered;
use crate::md;
use std::fmt::Write;

/// HTML-escape text.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One line of Markdown text as HTML: escaped, with backslash escapes, `code`, **bold**,
/// _emphasis_ and [links](url) whose target is http(s) or relative ([`md::safe_url`]; any
/// other is shown as text).
fn inline_html(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(t) = rest.strip_prefix('\\') {
            if let Some(c) = t.chars().next().filter(|c| c.is_ascii_punctuation()) {
                out.push_str(&esc(&c.to_string()));
                rest = &t[1..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix('`') {
            if let Some(e) = t.find('`') {
                let _ = write!(out, "<code>{}</code>", esc(&t[..e]));
                rest = &t[e + 1..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix("**") {
            if let Some(e) = t.find("**") {
                let _ = write!(out, "<b>{}</b>", inline_html(&t[..e]));
                rest = &t[e + 2..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix('[') {
            if let Some(e) = t.find("](") {
                if let Some(u) = t[e + 2..].find(')') {
                    let url = &t[e + 2..e + 2 + u];
                    if md::safe_url(url) {
                        let _ =
                            write!(out, "<a href=\"{}\">{}</a>", esc(url), inline_html(&t[..e]));
                        rest = &t[e + 3 + u..];
                        continue;
                    }
                }
            }
        }
        let c = rest.chars().next().expect("non-empty");
        out.push_str(&esc(&c.to_string()));
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The cells of a Markdown table row: split at every `|` not escaped by a backslash (as
/// GFM does), trimmed.
fn table_cells(line: &str) -> Vec<&str> {
    let inner = line.trim().strip_prefix('|').unwrap_or(line);
    let mut cells = Vec::new();
    let (mut start, mut escaped) = (0, false);
    for (i, c) in inner.char_indices() {
        match c {
            '|' if !escaped => {
                cells.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        escaped = c == '\\' && !escaped;
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        cells.push(last);
    }
    cells
}

/// The Markdown this module writes, as HTML; figure lines become the inline SVG with its
/// caption.
fn md_to_html(md: &str, figs: &Rendered) -> String {
    let mut out = String::new();
    let mut in_table = false;
    let mut header_done = false;
    let mut in_list = false;
    for line in md.lines() {
        if line.starts_with('|') {
            let cells = table_cells(line);
            if line.starts_with("|---") {
                continue;
            }
            if !in_table {
                out.push_str("<div class=\"table\"><table>");
                in_table = true;
                header_done = false;
            }
            let tag = if header_done { "td" } else { "th" };
            out.push_str("<tr>");
            for c in cells {
                let _ = write!(out, "<{tag}>{}</{tag}>", inline_html(c));
            }
            out.push_str("</tr>");
            header_done = true;
            continue;
        }
        if in_table {
            out.push_str("</table></div>\n");
            in_table = false;
        }
        if let Some(h) = line.strip_prefix("- ") {
            if !in_list {
                out.push_str("<ul>\n");
                in_list = true;
            }
            let _ = writeln!(out, "<li>{}</li>", inline_html(h));
            continue;
        }
        if in_list {
            out.push_str("</ul>\n");
            in_list = false;
        }
        if let Some(img) = line.strip_prefix("![") {
            // ![Figure n](figures/<name>.svg)
            let name = img
                .split("(figures/")
                .nth(1)
                .and_then(|t| t.strip_suffix(".svg)"))
                .unwrap_or("");
            if let (Some((n, f)), Some(svg)) = (figs.figure(name), figs.svgs.get(name)) {
                let _ = writeln!(
                    out,
                    "<figure id=\"{name}\" data-view=\"{name}\">{svg}<figcaption><b>Figure {n}.</b> {} (<a href=\"figures/{name}.pdf\">PDF</a>, <a href=\"figures/{name}.svg\">SVG</a>)</figcaption></figure>",
                    inline_html(&f.caption)
                );
            }
            continue;
        }
        if line.starts_with("_Figure ") && line.contains("[PDF](") {
            continue; // the caption, already in the <figure>
        }
        if let Some(h) = line.strip_prefix("#### ") {
            let _ = writeln!(out, "<h4>{}</h4>", inline_html(h));
        } else if let Some(h) = line.strip_prefix("### ") {
            let _ = writeln!(out, "<h3>{}</h3>", inline_html(h));
        } else if let Some(h) = line.strip_prefix("## ") {
            let _ = writeln!(out, "<h2>{}</h2>", inline_html(h));
        } else if let Some(h) = line.strip_prefix("# ") {
            let _ = writeln!(out, "<h1>{}</h1>", inline_html(h));
        } else if !line.trim().is_empty() {
            let text = line.trim();
            let text = text
                .strip_prefix('_')
                .and_then(|t| t.strip_suffix('_'))
                .map(|t| format!("<em>{}</em>", inline_html(t)))
                .unwrap_or_else(|| inline_html(text));
            let _ = writeln!(out, "<p>{text}</p>");
        }
    }
    if in_table {
        out.push_str("</table></div>\n");
    }
    if in_list {
        out.push_str("</ul>\n");
    }
    out
}

/// The HTML page: the Markdown report with the figures inline (self-contained but for the
/// PDF links).
pub fn html(md: &str, figs: &Rendered) -> String {
    let mut s = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>sha3-asip results</title><style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}div.table{overflow-x:auto}table{border-collapse:collapse;margin:1em 0;font-size:90%}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}figure{margin:1.5em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:90%;color:#444}code{font-size:95%}</style></head><body>\n");
    s.push_str(&md_to_html(md, figs));
    s.push_str("</body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::table::md_table;

    #[test]
    fn markdown_lines_become_html_with_links_code_and_bold() {
        assert_eq!(
            inline_html("**Fastest:** `a<b` see [notes](../docs/x.md#y) & more"),
            "<b>Fastest:</b> <code>a&lt;b</code> see <a href=\"../docs/x.md#y\">notes</a> &amp; more"
        );
        assert_eq!(
            inline_html("unclosed `tick and [bracket"),
            "unclosed `tick and [bracket"
        );
        let html = md_to_html(
            "## H\n\n- one\n- two\n\n| a | b |\n|---|---|\n| `x` | 2 |\n",
            &Rendered::default(),
        );
        assert_eq!(
            html,
            "<h2>H</h2>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<div class=\"table\"><table><tr><th>a</th><th>b</th></tr><tr><td><code>x</code></td><td>2</td></tr></table></div>\n"
        );
    }

    /// Escaped data stays text in the HTML, a cell break escaped with a backslash stays in
    /// its cell, and a link to anything but http(s) or a relative path is shown as text.
    #[test]
    fn escaped_data_and_unsafe_links_stay_text_in_html() {
        let data = "[a](javascript:x) <script>&amp; | `b` *c*";
        assert_eq!(
            inline_html(&md::text(data)),
            "[a](javascript:x) &lt;script&gt;&amp;amp; | `b` *c*"
        );
        assert_eq!(
            inline_html("[a](javascript:alert(1)) [b](data:text/html,x) [c](https://x.org/)"),
            "[a](javascript:alert(1)) [b](data:text/html,x) <a href=\"https://x.org/\">c</a>"
        );
        assert_eq!(
            table_cells(&format!("| {} | 2 |", md::text("a | b"))),
            vec!["a \\| b", "2"]
        );
        let html = md_to_html(
            &md_table(&["x", "y"], &[vec![md::text("a | b"), md::code("<i>")]]),
            &Rendered::default(),
        );
        assert!(
            html.contains("<td>a | b</td><td><code>&lt;i&gt;</code></td></tr>"),
            "{html}"
        );
    }
}
