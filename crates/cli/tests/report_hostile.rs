//! `sha3-asip report --from` on a hostile results.json: every string field of every record
//! kind and of the metadata holds script tags, javascript:/data: links, Markdown link and
//! image syntax, HTML entities, table-cell breaks, line breaks or a very long string. The
//! README.md must parse (CommonMark + GFM, as code hosts render it) to no raw HTML and no
//! link or image but http(s)/relative ones, with every payload shown as text; index.html
//! must hold only the tags the report writes, no event-handler attribute and no link but
//! http(s)/relative ones; the figures drawn from the data hold no script.

use pulldown_cmark::{Event, Options, Parser, Tag};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;

fn payloads() -> Vec<String> {
    vec![
        "<script>alert(1)</script>".into(),
        "[click](javascript:alert(1))".into(),
        "![img](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)".into(),
        "<img src=x onerror=alert(1)>".into(),
        "&lt;script&gt;alert(1)&#x3C;/script&#x3E;".into(),
        "<a href=\"javascript:alert(1)\">x</a>".into(),
        "`code` | cell | break \\| [x]: javascript:alert(1)".into(),
        "line\n# heading\n<script>alert(2)</script>\n| a | b |".into(),
        "<javascript:alert(1)> <data:text/html,x> **bold** _em_ ~~s~~ $x$".into(),
        "[ref]: javascript:alert(3)".into(),
        format!("{}<script>late</script>", "long ".repeat(20_000)),
    ]
}

/// Each payload as the report may show it: control characters as spaces, at most 200
/// characters (`asip_flow::md::MAX_CHARS`; the rest is cut).
fn shown(p: &str) -> String {
    p.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(asip_flow::md::MAX_CHARS)
        .collect()
}

/// One of every record kind, every string field `h`; bench and profile records also for real
/// designs so that the tables, findings and figures keyed by design show the data.
fn records(h: &str) -> Vec<Value> {
    let run = json!({"len": 136, "seed": 0, "cycles": 1000, "instret": 900,
                     "cycles_per_byte": 7.4, "digest_ok": true});
    let bench = |design: &str, cpb: f64| {
        json!({"kind": "bench", "design": design, "arch": h, "isa": h, "kernel": h,
               "timing": h, "engine": h, "alg": "sha3-256", "rate_bytes": 136,
               "cycles_per_byte": cpb, "cycles_per_block": cpb * 136.0, "instr_per_byte": 1.0,
               "cpb_lens": [272, 1360], "cycles_per_permutation": 5000,
               "instret_per_permutation": 4000, "code_size_bytes": 1000, "digest_ok": true,
               "runs": [run], "aead": {"width": 800, "route": h, "calls": [1, 0, 0]}})
    };
    let class = json!({"class": h, "cycles": 10, "instructions": 5, "share": 0.6});
    let spot = json!({"name": h, "cycles": 10, "share": 0.5});
    vec![
        bench("rv32-ref", 1000.0),
        bench("rv32-zbkb", 66.0),
        bench(h, 50.0),
        json!({"kind": "bench", "design": "rv32-sw", "arch": "rv32", "isa": "rv32im",
               "kernel": "k", "timing": "zscale", "engine": "sim", "alg": h, "rate_bytes": 136,
               "cycles_per_byte": 90.0, "cycles_per_block": 12240.0, "cpb_lens": [272, 1360],
               "cycles_per_permutation": 1, "instret_per_permutation": 1,
               "code_size_bytes": 1, "digest_ok": false, "runs": []}),
        json!({"kind": "profile", "design": "rv32-ref", "alg": "sha3-256", "len": 136,
               "scope": h, "total_cycles": 100, "classes": [class.clone()],
               "mnemonics": [{"name": h, "count": 1, "cycles": 1}], "hotspot_scope": h,
               "functions": [spot.clone()], "blocks": [spot.clone()]}),
        json!({"kind": "profile", "design": h, "alg": h, "len": 136, "scope": h,
               "total_cycles": 100, "classes": [class], "functions": [spot.clone()],
               "blocks": [spot]}),
        json!({"kind": "area", "unit": format!("isa/{h}"), "flow": h, "luts": 1, "ffs": 1,
               "slices_est": 1.0, "lut_levels": 1, "fmax_mhz_est": 1.0, "ge_est": 1.0}),
        json!({"kind": "area", "unit": "processor rv32-ref", "flow": h, "luts": 1, "ffs": 1,
               "slices_est": 600.0, "lut_levels": 1, "fmax_mhz_est": 1.0, "ge_est": 1.0}),
        json!({"kind": "hw_perf", "case": h, "alg": h, "cycles_per_block": 24.0,
               "latency_cycles": 1.0, "gbps": 1.0, "mbps_per_slice": 1.0, "digests_ok": false}),
        json!({"kind": "constant_time", "design": h, "alg": h, "len": 1, "messages": 2,
               "min_cycles": 1, "max_cycles": 2, "distinct_cycle_counts": 2, "ok": false}),
        json!({"kind": "rtl", "design": h, "alg": h, "lens": [1], "lockstep_ok": false,
               "instructions": 1, "cycles": 1, "error": h}),
        json!({"kind": "pnr", "target": h, "target_kind": h, "device": h, "flow": h,
               "fmax_mhz": 1.0, "seeds": [1], "lut4": 1, "ff": 1, "dsp": 0}),
        json!({"kind": "asic", "target": h, "target_kind": "unit", "flow": h, "cells": 1,
               "area_um2": 1.0, "ge": 1000.0, "ffs": 1, "critical_path_ns": 1.0,
               "fmax_mhz": 1.0, "start": h, "end": h, "gbps": null}),
        json!({"kind": "failure", "step": h, "error": h}),
    ]
}

fn hostile_results() -> Value {
    let ps = payloads();
    json!({
        "schema": "sha3-asip/results/v1",
        "metadata": {
            "generated_unix": 0,
            "tools": ps.iter().map(|p| json!([p, p])).collect::<Vec<_>>(),
            "quick": false,
            "commit": ps[0],
            "dirty": true,
        },
        "records": ps.iter().flat_map(|p| records(p)).collect::<Vec<_>>(),
    })
}

/// Whether a link target is http(s) or relative.
fn http_or_relative(url: &str) -> bool {
    let end = url.find(['/', '?', '#']).unwrap_or(url.len());
    match url[..end].find(':') {
        None => !url.chars().any(|c| c.is_whitespace() || c.is_control()),
        Some(i) => matches!(&url[..i], "http" | "https"),
    }
}

/// README.md's structure: no raw HTML, math or unsafe link; the text it shows.
fn check_markdown(md: &str) -> String {
    let mut visible = String::new();
    for ev in Parser::new_ext(md, Options::all()) {
        match ev {
            Event::Html(h) | Event::InlineHtml(h) => panic!("raw HTML in README.md: {h:?}"),
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => {
                assert!(
                    http_or_relative(&dest_url),
                    "link to {dest_url:?} in README.md"
                );
            }
            Event::Text(t) | Event::Code(t) => visible.push_str(&t),
            Event::InlineMath(t) | Event::DisplayMath(t) => {
                panic!("math from data in README.md: {t:?}")
            }
            Event::SoftBreak | Event::HardBreak => visible.push(' '),
            _ => {}
        }
    }
    visible
}

/// The tags `report::html` writes outside the figures.
const HTML_TAGS: &[&str] = &[
    "!doctype",
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "a",
    "code",
    "b",
    "em",
    "ul",
    "li",
    "div",
    "table",
    "tr",
    "th",
    "td",
    "figure",
    "figcaption",
    "svg",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Every tag of `html` (closing or not, name lower-cased, attributes as written); `<` only
/// ever opens a tag.
fn tags(html: &str) -> Vec<(bool, String, String)> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        let t = &rest[i + 1..];
        let end = t.find('>').expect("unclosed tag");
        let body = &t[..end];
        if let Some(c) = body.strip_prefix("!--") {
            // an SVG comment: skip to its end
            let e = t.find("-->").expect("unclosed comment");
            assert!(!c.is_empty() || e > 0);
            rest = &t[e + 3..];
            continue;
        }
        let closing = body.starts_with('/');
        let body = body.strip_prefix('/').unwrap_or(body);
        let name: String = body
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '/')
            .collect::<String>()
            .to_lowercase();
        out.push((
            closing,
            name.clone(),
            body[name.len().min(body.len())..].to_string(),
        ));
        rest = &t[end + 1..];
    }
    out
}

fn check_html(html: &str) {
    let lower = html.to_lowercase();
    assert!(!lower.contains("<script"), "a script tag in index.html");
    assert!(!lower.contains("<iframe") && !lower.contains("<object") && !lower.contains("<embed"));
    let mut in_svg = 0;
    for (closing, name, attrs) in tags(html) {
        if name == "svg" && !closing {
            in_svg += 1;
        }
        if name == "svg" && closing {
            in_svg -= 1;
        }
        if in_svg == 0 {
            assert!(
                HTML_TAGS.contains(&name.as_str()),
                "tag <{name}{attrs}> in index.html"
            );
        } else {
            assert!(name != "foreignobject", "foreignObject in a figure");
        }
        let a = attrs.to_lowercase();
        for w in a.split(|c: char| c.is_whitespace() || c == '"' || c == '\'') {
            assert!(
                !(w.starts_with("on") && w.contains('=')),
                "event handler in <{name}{attrs}>"
            );
        }
        for key in ["href=\"", "src=\"", "xlink:href=\""] {
            for (i, _) in attrs.match_indices(key) {
                let v = &attrs[i + key.len()..];
                let v = &v[..v.find('"').unwrap_or(v.len())];
                assert!(
                    http_or_relative(v) || v.starts_with('#'),
                    "{key}{v}\" in index.html"
                );
            }
        }
    }
}

#[test]
fn a_hostile_results_file_renders_inert_reports() {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report-hostile");
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let from = d.join("results.json");
    std::fs::write(&from, serde_json::to_string(&hostile_results()).unwrap()).unwrap();
    let out = d.join("report");
    let o = Command::new(env!("CARGO_BIN_EXE_sha3-asip"))
        .args(["report", "--from"])
        .arg(&from)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let visible = check_markdown(&std::fs::read_to_string(out.join("README.md")).unwrap());
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    check_html(&html);
    for p in payloads() {
        let p = shown(&p);
        assert!(
            visible.contains(&p),
            "{p:?} is not shown as text in README.md"
        );
        assert!(
            html.contains(&esc(&p)),
            "{p:?} is not shown as escaped text in index.html"
        );
    }
    // the figures the data reached (drawn when build/venv has matplotlib)
    for e in std::fs::read_dir(out.join("figures")).into_iter().flatten() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "svg") {
            let svg = std::fs::read_to_string(&p).unwrap().to_lowercase();
            assert!(
                !svg.contains("<script") && !svg.contains("<foreignobject"),
                "{p:?}"
            );
        }
    }
}

/// The checks above catch what they are for: a README.md with a data link or raw HTML, an
/// index.html with a javascript: link or a script tag, fails them.
#[test]
fn the_checks_fail_on_live_markup() {
    for bad in [
        "x [click](javascript:alert(1))\n",
        "x <script>alert(1)</script>\n",
        "![i](data:text/html,x)\n",
    ] {
        assert!(
            std::panic::catch_unwind(|| check_markdown(bad)).is_err(),
            "{bad}"
        );
    }
    for bad in [
        "<p><a href=\"javascript:alert(1)\">x</a></p>",
        "<p><script>alert(1)</script></p>",
        "<p><img src=x onerror=alert(1)></p>",
    ] {
        assert!(
            std::panic::catch_unwind(|| check_html(bad)).is_err(),
            "{bad}"
        );
    }
}
