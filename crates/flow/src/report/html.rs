//! `index.html`: the Markdown report as one self-contained HTML page, the figures inline.
//! The Markdown this crate writes is read into blocks of inline spans ([`Block`], [`Span`]),
//! and the page is the template `index.html.j2` rendered by MiniJinja with auto-escaping on:
//! every string from the report (and so from a results file) is escaped by the engine, and
//! only the figures' SVG, drawn by `scripts/charts.py`, is marked safe.

use super::figure::Rendered;
use crate::md;
use serde::Serialize;

/// The page's template (auto-escaped: its name ends in `.html.j2`).
const TEMPLATE: &str = include_str!("index.html.j2");

/// HTML-escape text: `&`, `<`, `>` and `"` (what the page has always escaped; MiniJinja's
/// own HTML escaping would also write `'` and `/` as entities).
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A piece of a line of text.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Span {
    /// Plain text.
    Text { s: String },
    /// `code`.
    Code { s: String },
    /// **bold**.
    B { c: Vec<Span> },
    /// A link whose target passed [`md::safe_url`].
    A { href: String, c: Vec<Span> },
}

/// A block of the page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Block {
    Heading {
        level: u8,
        spans: Vec<Span>,
    },
    /// A paragraph; `em` when the whole line is `_emphasised_`.
    Paragraph {
        em: bool,
        spans: Vec<Span>,
    },
    List {
        items: Vec<Vec<Span>>,
    },
    /// A table: the first row is the header.
    Table {
        rows: Vec<Vec<Vec<Span>>>,
    },
    /// A drawn figure: its number, name, SVG and caption.
    Figure {
        n: usize,
        name: String,
        svg: String,
        caption: Vec<Span>,
    },
}

/// One line of Markdown text as spans: backslash escapes, `code`, **bold** and
/// [links](url) whose target is http(s) or relative ([`md::safe_url`]; any other is text).
fn spans(s: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut rest = s;
    let push = |out: &mut Vec<Span>, text: &mut String, span: Span| {
        if !text.is_empty() {
            out.push(Span::Text {
                s: std::mem::take(text),
            });
        }
        out.push(span);
    };
    while !rest.is_empty() {
        if let Some(t) = rest.strip_prefix('\\') {
            if let Some(c) = t.chars().next().filter(|c| c.is_ascii_punctuation()) {
                text.push(c);
                rest = &t[1..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix('`') {
            if let Some(e) = t.find('`') {
                push(&mut out, &mut text, Span::Code { s: t[..e].into() });
                rest = &t[e + 1..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix("**") {
            if let Some(e) = t.find("**") {
                push(&mut out, &mut text, Span::B { c: spans(&t[..e]) });
                rest = &t[e + 2..];
                continue;
            }
        }
        if let Some(t) = rest.strip_prefix('[') {
            if let Some(e) = t.find("](") {
                if let Some(u) = t[e + 2..].find(')') {
                    let url = &t[e + 2..e + 2 + u];
                    if md::safe_url(url) {
                        let c = spans(&t[..e]);
                        push(
                            &mut out,
                            &mut text,
                            Span::A {
                                href: url.into(),
                                c,
                            },
                        );
                        rest = &t[e + 3 + u..];
                        continue;
                    }
                }
            }
        }
        let c = rest.chars().next().expect("non-empty");
        text.push(c);
        rest = &rest[c.len_utf8()..];
    }
    if !text.is_empty() {
        out.push(Span::Text { s: text });
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

/// The Markdown this crate writes, as blocks; figure lines become the drawn figure with its
/// caption.
pub fn blocks(md: &str, figs: &Rendered) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    // whether the last block is still open (a table or a list takes the following lines)
    let mut open = false;
    for line in md.lines() {
        if line.starts_with('|') {
            if line.starts_with("|---") {
                continue;
            }
            let row: Vec<Vec<Span>> = table_cells(line).into_iter().map(spans).collect();
            match out.last_mut() {
                Some(Block::Table { rows }) if open => rows.push(row),
                _ => out.push(Block::Table { rows: vec![row] }),
            }
            open = true;
            continue;
        }
        if let Some(h) = line.strip_prefix("- ") {
            match out.last_mut() {
                Some(Block::List { items }) if open => items.push(spans(h)),
                _ => out.push(Block::List {
                    items: vec![spans(h)],
                }),
            }
            open = true;
            continue;
        }
        open = false;
        if let Some(img) = line.strip_prefix("![") {
            // ![Figure n](figures/<name>.svg)
            let name = img
                .split("(figures/")
                .nth(1)
                .and_then(|t| t.strip_suffix(".svg)"))
                .unwrap_or("");
            if let (Some((n, f)), Some(svg)) = (figs.figure(name), figs.svgs.get(name)) {
                out.push(Block::Figure {
                    n,
                    name: name.to_string(),
                    svg: svg.clone(),
                    caption: spans(&f.caption),
                });
            }
            continue;
        }
        if line.starts_with("_Figure ") && line.contains("[PDF](") {
            continue; // the caption, already in the figure
        }
        let heading = [("#### ", 4), ("### ", 3), ("## ", 2), ("# ", 1)]
            .into_iter()
            .find_map(|(p, level)| line.strip_prefix(p).map(|h| (level, h)));
        if let Some((level, h)) = heading {
            out.push(Block::Heading {
                level,
                spans: spans(h),
            });
        } else if !line.trim().is_empty() {
            let text = line.trim();
            let em = text.strip_prefix('_').and_then(|t| t.strip_suffix('_'));
            out.push(Block::Paragraph {
                em: em.is_some(),
                spans: spans(em.unwrap_or(text)),
            });
        }
    }
    out
}

/// The template environment: the page template, auto-escaping `.html.j2` templates with
/// [`esc`] (strings marked safe, the SVGs, are written as they are).
fn environment() -> minijinja::Environment<'static> {
    let mut env = minijinja::Environment::new();
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html.j2") {
            minijinja::AutoEscape::Html
        } else {
            minijinja::AutoEscape::None
        }
    });
    env.set_formatter(|out, state, value| {
        let s = value.to_string();
        if value.is_safe() || *state.auto_escape() == minijinja::AutoEscape::None {
            out.write_str(&s)?;
        } else {
            out.write_str(&esc(&s))?;
        }
        Ok(())
    });
    env.add_template("index.html.j2", TEMPLATE)
        .expect("the page template parses");
    env
}

/// What the template is rendered with: the blocks, and the newline it writes.
fn page_context(blocks: &[Block]) -> minijinja::Value {
    minijinja::context! { blocks => minijinja::value::Serde(blocks), nl => "\n" }
}

/// The HTML page: the Markdown report with the figures inline (self-contained but for the
/// PDF links).
pub fn html(md: &str, figs: &Rendered) -> String {
    environment()
        .get_template("index.html.j2")
        .and_then(|t| t.render(page_context(&blocks(md, figs))))
        .expect("the page template renders")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::table::md_table;

    /// The page's body for Markdown `md` (no figures).
    fn body(md: &str) -> String {
        let page = html(md, &Rendered::default());
        let b = page.find("<body>\n").expect("body") + "<body>\n".len();
        let e = page.rfind("</body>").expect("end of body");
        page[b..e].to_string()
    }

    /// One line of Markdown text as the page shows it (a paragraph's content).
    fn inline_html(s: &str) -> String {
        let p = body(s);
        p.strip_prefix("<p>")
            .and_then(|p| p.strip_suffix("</p>\n"))
            .unwrap_or_else(|| panic!("one paragraph: {p}"))
            .to_string()
    }

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
        assert_eq!(
            body("## H\n\n- one\n- two\n\n| a | b |\n|---|---|\n| `x` | 2 |\n"),
            "<h2>H</h2>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<div class=\"table\"><table><tr><th>a</th><th>b</th></tr><tr><td><code>x</code></td><td>2</td></tr></table></div>\n"
        );
        assert_eq!(
            body("_Figure 9 (x) not drawn: why_\n"),
            "<p><em>Figure 9 (x) not drawn: why</em></p>\n"
        );
        let page = html("# T\n", &Rendered::default());
        assert!(
            page.starts_with("<!DOCTYPE html>\n<html lang=\"en\"><head>"),
            "{page}"
        );
        assert!(page.ends_with("<h1>T</h1>\n</body></html>\n"), "{page}");
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
        let html = body(&md_table(
            &["x", "y"],
            &[vec![md::text("a | b"), md::code("<i>")]],
        ));
        assert!(
            html.contains("<td>a | b</td><td><code>&lt;i&gt;</code></td></tr>"),
            "{html}"
        );
        // the engine escapes what the blocks hold, even markup that never came from Markdown
        let b = vec![Block::Heading {
            level: 2,
            spans: vec![Span::Text {
                s: "<script>\"x\"</script>".into(),
            }],
        }];
        let page = environment()
            .get_template("index.html.j2")
            .unwrap()
            .render(page_context(&b))
            .unwrap();
        assert!(
            page.contains("<h2>&lt;script&gt;&quot;x&quot;&lt;/script&gt;</h2>"),
            "{page}"
        );
    }
}
