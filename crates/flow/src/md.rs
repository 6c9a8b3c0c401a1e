//! Strings from a results file (or any data) placed into the report's Markdown so that they
//! stay text: no link, image, raw HTML, table cell break or emphasis can come from data,
//! whichever renderer shows the file (a code host's CommonMark/GFM, or `report::html`).
//!
//! Two small functions rather than a template engine: the report's Markdown is written by
//! `format!` in one function per section, and what data may contain is only ever one cell or
//! one phrase of it. [`text`] backslash-escapes the ASCII punctuation that starts Markdown
//! or HTML syntax (CommonMark lets any ASCII punctuation be escaped; everything else is
//! left as it is, so ordinary names and tool versions read the same in the raw file);
//! [`code`] keeps a name in backticks when it can hold no backtick or cell break.

/// The longest data string shown; longer ones are cut with an ellipsis, so a hostile
/// results file cannot make a table unreadable.
pub const MAX_CHARS: usize = 200;

/// Characters [`text`] escapes wherever they are: code spans (`` ` ``), emphasis (`*`, `_`,
/// `~`), links, images and footnotes (`[`, `]`), raw HTML and autolinks (`<`, `>`), entities
/// (`&`), table cells (`|`), math (`$`) and escapes themselves (`\`).
const ALWAYS: &[char] = &['\\', '`', '*', '_', '~', '[', ']', '<', '>', '&', '|', '$'];

/// Characters that start a block (heading, list, quote, thematic break) at a line's start.
const AT_START: &[char] = &['#', '-', '+', '=', '!', ':'];

/// Data as inline Markdown text (a table cell, a phrase; never the start of a line, where
/// `1. ` would begin a list: the report puts none there): control characters (line breaks
/// included) become spaces, at most [`MAX_CHARS`] characters, and Markdown/HTML syntax
/// escaped.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for (i, c) in s.chars().enumerate() {
        if i == MAX_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.push(' ');
            continue;
        }
        if ALWAYS.contains(&c) || (i == 0 && AT_START.contains(&c)) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Whether `s` can stand in a code span as it is: not empty, at most [`MAX_CHARS`], and no
/// backtick (ends the span), `|` (ends a table cell even inside a span), backslash (GFM
/// tables treat `\|` specially) or control character. Inside a code span nothing else is
/// markup in CommonMark, and `report::html` escapes it.
fn code_safe(s: &str) -> bool {
    !s.is_empty()
        && s.chars().count() <= MAX_CHARS
        && !s.trim().is_empty()
        && !s
            .chars()
            .any(|c| c == '`' || c == '|' || c == '\\' || c.is_control())
}

/// A name (design, unit) as inline code; a name that cannot be a code span safely is shown
/// as escaped [`text`] instead.
pub fn code(s: &str) -> String {
    if code_safe(s) {
        format!("`{s}`")
    } else {
        text(s)
    }
}

/// Whether a link target may appear in the report: `http:`/`https:` or relative (no scheme),
/// and no whitespace, control character or angle bracket.
pub fn safe_url(url: &str) -> bool {
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '<' || c == '>' || c == '"')
    {
        return false;
    }
    // a scheme is letters, digits, + - . before the first ':' that precedes any / ? #
    let end = url.find(['/', '?', '#']).unwrap_or(url.len());
    match url[..end].find(':') {
        None => true,
        Some(i) => {
            let scheme = url[..i].to_ascii_lowercase();
            scheme == "http" || scheme == "https"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_markup_and_keeps_plain_names() {
        assert_eq!(text("rv32-ref"), "rv32-ref");
        assert_eq!(
            text("Yosys 0.23 (git sha1 7ce5011c24b, gcc 12.2.0 -fPIC -Os)"),
            "Yosys 0.23 (git sha1 7ce5011c24b, gcc 12.2.0 -fPIC -Os)"
        );
        assert_eq!(
            text("[click](javascript:alert(1))"),
            "\\[click\\](javascript:alert(1))"
        );
        assert_eq!(
            text("<script>a&b</script>"),
            "\\<script\\>a\\&b\\</script\\>"
        );
        assert_eq!(text("![x](data:x)"), "\\!\\[x\\](data:x)");
        assert_eq!(text("a | b\n# c"), "a \\| b # c");
        assert_eq!(text("# h"), "\\# h");
        assert_eq!(text("- item"), "\\- item");
        assert_eq!(text("0.1.0"), "0.1.0");
        assert_eq!(
            text("`x` *y* _z_ ~w~ $m$ \\"),
            "\\`x\\` \\*y\\* \\_z\\_ \\~w\\~ \\$m\\$ \\\\"
        );
        let long = "a".repeat(10_000);
        assert_eq!(text(&long).chars().count(), MAX_CHARS + 1);
        assert!(text(&long).ends_with('…'));
    }

    #[test]
    fn code_spans_only_hold_names_that_cannot_break_out() {
        assert_eq!(code("rv32-ref"), "`rv32-ref`");
        assert_eq!(code("isa/oasip"), "`isa/oasip`");
        assert_eq!(code("<script>"), "`<script>`");
        assert_eq!(code("a`b"), "a\\`b");
        assert_eq!(code("a|b"), "a\\|b");
        assert_eq!(code(""), "");
        assert_eq!(code(" "), " ");
        assert_eq!(code("a\nb"), "a b");
    }

    #[test]
    fn only_http_and_relative_urls_are_safe() {
        for ok in [
            "https://example.org/x",
            "HTTP://example.org",
            "../docs/reproduction-notes.md#rv32-ref",
            "figures/pareto.svg",
            "#anchor",
            "x.md?a=b:c",
        ] {
            assert!(safe_url(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,<script>",
            "vbscript:x",
            "file:///etc/passwd",
            "java script:x",
            "java\tscript:x",
            "a\"onmouseover=\"x",
        ] {
            assert!(!safe_url(bad), "{bad}");
        }
    }
}
