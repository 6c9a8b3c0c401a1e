//! "What this shows": the report's findings, written from the report model by fixed rules,
//! so they stay true when the numbers change. Each rule is one function returning its
//! sentences (none when the data for it is missing). A renderer of the report (it lives here,
//! not in `report/`, because the report names this file as where its rules are).

use crate::design::{Arch, Family};
use crate::md;
use crate::report::model::{DesignFigures, Model, SEED_ALG};

/// A measured/published ratio within this factor of 1 counts as reproducing the paper.
pub const AGREES_WITHIN: f64 = 1.10;

fn arch_name(a: Arch) -> &'static str {
    match a {
        Arch::Rv32 => "RV32",
        Arch::Mips32 => "MIPS",
    }
}

/// Designs (of one architecture) with their SHA3-256 c/B, fastest first.
fn ranked<'m>(m: &'m Model, arch: Option<Arch>) -> Vec<(&'m DesignFigures<'m>, f64)> {
    m.ranked(arch)
        .filter_map(|f| f.cpb.map(|c| (f, c)))
        .collect()
}

/// The fastest design overall and on each architecture.
pub fn fastest(m: &Model) -> Vec<String> {
    let mut out = Vec::new();
    let all = ranked(m, None);
    let Some((best, c)) = all.first() else {
        return out;
    };
    let best = best.design;
    let mut s = format!(
        "**Fastest:** {} ({}), {:.1} cycles/byte for long {SEED_ALG} messages",
        md::code(&best.name),
        best.family.label(),
        c
    );
    if let Some((second, c2)) = all.get(1) {
        s.push_str(&format!(
            "; next {} ({}), {:.1} ({:.2}x slower)",
            md::code(&second.design.name),
            second.design.family.label(),
            c2,
            c2 / c
        ));
    }
    out.push(s + ".");
    for arch in [Arch::Rv32, Arch::Mips32] {
        let v = ranked(m, Some(arch));
        if let Some((f, c)) = v.first() {
            let d = f.design;
            if d.arch != best.arch {
                out.push(format!(
                    "**Fastest on {}:** {} ({}), {c:.1} cycles/byte.",
                    arch_name(arch),
                    md::code(&d.name),
                    d.family.label()
                ));
            }
        }
    }
    out
}

/// Per architecture and per family that is neither a baseline nor a seed ISE (standard
/// extension, our own): its best design against the best seed ISE.
pub fn seed_ise_vs_others(m: &Model) -> Vec<String> {
    let mut out = Vec::new();
    for arch in [Arch::Rv32, Arch::Mips32] {
        let v = ranked(m, Some(arch));
        let Some((i, ci)) = v.iter().find(|(f, _)| f.design.family == Family::SeedIse) else {
            continue;
        };
        for fam in [Family::Standard, Family::Own] {
            let Some((o, co)) = v.iter().find(|(f, _)| f.design.family == fam) else {
                continue;
            };
            let (faster, fc, slower, sc) = if co < ci {
                (o.design, co, i.design, ci)
            } else {
                (i.design, ci, o.design, co)
            };
            out.push(format!(
                "**{}, {} against seed ISE:** {} ({}, {fc:.1} c/B) is {:.2}x as fast as {} ({}, {sc:.1} c/B).",
                arch_name(arch),
                fam.label(),
                md::code(&faster.name),
                faster.family.label(),
                sc / fc,
                md::code(&slower.name),
                slower.family.label(),
            ));
        }
    }
    out
}

/// Per architecture: the designs on the Pareto front of c/B against processor area, and
/// the one with the smallest area x cycles/byte product.
pub fn best_for_area(m: &Model) -> Vec<String> {
    let mut out = Vec::new();
    for arch in [Arch::Rv32, Arch::Mips32] {
        let pts: Vec<(&DesignFigures, f64, f64)> = ranked(m, Some(arch))
            .into_iter()
            .filter_map(|(f, c)| f.proc_slices.map(|s| (f, s, c)))
            .collect();
        if pts.is_empty() {
            continue;
        }
        let on: Vec<String> = pts
            .iter()
            .filter(|p| p.0.on_front == Some(true))
            .map(|p| {
                format!(
                    "{} ({:.0} slices, {:.1} c/B)",
                    md::code(&p.0.design.name),
                    p.1,
                    p.2
                )
            })
            .collect();
        let best = pts
            .iter()
            .min_by(|a, b| (a.1 * a.2).total_cmp(&(b.1 * b.2)))
            .expect("non-empty");
        let missing: Vec<String> = ranked(m, Some(arch))
            .iter()
            .filter(|(f, _)| f.proc_slices.is_none())
            .map(|(f, _)| md::code(&f.design.name))
            .collect();
        let mut s = format!(
            "**Most speed for its silicon ({}):** {} has the smallest area x cycles/byte ({:.0} slices est. x {:.1} c/B); Pareto front (no design both smaller and faster): {}.",
            arch_name(arch),
            md::code(&best.0.design.name),
            best.1,
            best.2,
            on.join(", ")
        );
        if !missing.is_empty() {
            s.push_str(&format!(
                " Processor area not measured: {}.",
                missing.join(", ")
            ));
        }
        out.push(s);
    }
    out
}

/// Per baseline design with a profile: the instruction class that takes most of its
/// cycles, since every speed-up is measured over it.
pub fn baseline_costs(m: &Model) -> Vec<String> {
    let mut out = Vec::new();
    for d in m.designs.iter().filter(|d| d.family == Family::Baseline) {
        let Some(p) = m.results.profiles().find(|p| p.design == d.name) else {
            continue;
        };
        let Some(top) = p.classes.iter().max_by(|a, b| a.share.total_cmp(&b.share)) else {
            continue;
        };
        let n_instr: u64 = p.classes.iter().map(|c| c.instructions).sum();
        let instr_share = if n_instr > 0 {
            format!(
                " from {:.1} % of its instructions",
                100.0 * top.instructions as f64 / n_instr as f64
            )
        } else {
            String::new()
        };
        let users: Vec<String> = m
            .designs
            .iter()
            .filter(|x| x.baseline.as_deref() == Some(d.name.as_str()))
            .map(|x| md::code(&x.name))
            .collect();
        out.push(format!(
            "**Baseline {}** spends {:.0} % of its kernel cycles in {}{}{}.",
            md::code(&d.name),
            100.0 * top.share,
            md::text(&top.class),
            instr_share,
            if users.is_empty() {
                String::new()
            } else {
                format!("; the speed-ups of {} are over it", users.join(", "))
            }
        ));
    }
    out
}

/// GitHub's anchor of a Markdown heading.
pub fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The section of docs/reproduction-notes.md about a design: the `## <design> ...` heading,
/// else the first section whose text names it in backticks. Its anchor.
pub fn documented_reason(notes: &str, design: &str) -> Option<String> {
    let mut sections: Vec<(&str, String)> = Vec::new();
    for l in notes.lines() {
        if let Some(h) = l.strip_prefix("## ") {
            sections.push((h, String::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push_str(l);
            body.push('\n');
        }
    }
    let named = format!("`{design}`");
    sections
        .iter()
        .find(|(h, _)| h.split_whitespace().next() == Some(design))
        .or_else(|| sections.iter().find(|(_, b)| b.contains(&named)))
        .map(|(h, _)| anchor(h))
}

/// Every design reproducing a published row whose c/B is off by more than
/// [`AGREES_WITHIN`]: by how much, and where the reason is written down (in the model's
/// reproduction notes). `docs` is the link prefix of the docs folder as seen from the page.
pub fn seed_gaps(m: &Model, docs: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut agree = Vec::new();
    for f in &m.software {
        let d = f.design;
        let Some(p) = &d.published else { continue };
        let (Some(pc), Some(mc)) = (f.published_cpb, f.cpb) else {
            continue;
        };
        let ratio = mc / pc;
        let row = md::text(p.row.as_deref().unwrap_or(&d.name));
        if (1.0 / AGREES_WITHIN..=AGREES_WITHIN).contains(&ratio) {
            agree.push(format!("{} ({row}, {ratio:.2}x)", md::code(&d.name)));
            continue;
        }
        let why = match documented_reason(&m.inputs.notes, &d.name) {
            Some(a) => format!("why: [reproduction notes]({docs}/reproduction-notes.md#{a})"),
            None => format!(
                "no reason written down yet in [reproduction notes]({docs}/reproduction-notes.md)"
            ),
        };
        out.push(format!(
            "{} against {} \"{row}\": {mc:.1} c/B measured, {pc:.1} published ({:.2}x, {}); {why}.",
            md::code(&d.name),
            md::text(&p.source),
            ratio,
            if ratio > 1.0 { "slower" } else { "faster" },
        ));
    }
    if !agree.is_empty() {
        out.push(format!(
            "Within {:.0} % of the paper: {}.",
            100.0 * (AGREES_WITHIN - 1.0),
            agree.join(", ")
        ));
    }
    out
}

/// The findings section (Markdown), `docs` as in [`seed_gaps`].
pub fn section(m: &Model, docs: &str) -> String {
    let mut s = String::from("## What this shows\n\nWritten by rules from the numbers below (`crates/flow/src/findings.rs`); cycles/byte are SHA3-256, long messages, on the cycle model; areas are our Yosys estimates of whole processors.\n\n");
    let main: Vec<String> = [
        fastest(m),
        best_for_area(m),
        seed_ise_vs_others(m),
        baseline_costs(m),
    ]
    .concat();
    if main.is_empty() {
        return String::new();
    }
    for l in main {
        s.push_str(&format!("- {l}\n"));
    }
    let gaps = seed_gaps(m, docs);
    if !gaps.is_empty() {
        s.push_str("\nWhere our figures differ from the papers':\n\n");
        for l in gaps {
            s.push_str(&format!("- {l}\n"));
        }
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::Inputs;
    use crate::results::test_support::{bench_rec, proc_area, results_of, tree, tree_designs};
    use crate::results::{ClassShare, ProfileRecord, Record};

    /// `f` of the model of `recs` with the tree's designs and reproduction notes.
    fn with<T>(recs: Vec<Record>, f: impl FnOnce(&Model) -> T) -> T {
        let (r, ds) = (results_of(recs), tree_designs());
        let inputs = Inputs {
            notes: notes(),
            ..Inputs::default()
        };
        f(&Model::new(&r, &ds, inputs))
    }

    fn notes() -> String {
        std::fs::read_to_string(tree().join("docs/reproduction-notes.md")).unwrap()
    }

    fn today() -> Vec<Record> {
        vec![
            bench_rec("rv32-ref", 1040.9),
            bench_rec("rv32-ref-eo", 629.7),
            bench_rec("rv32-sw", 99.5),
            bench_rec("rv32-zbkb", 66.2),
            bench_rec("rv32-oasip", 222.2),
            bench_rec("rv32-dasip", 77.5),
            bench_rec("mips-ref", 581.2),
            bench_rec("mips-sw", 111.1),
            bench_rec("mips-coproc", 319.9),
            proc_area("rv32-ref", 615.0),
            proc_area("rv32-sw", 615.0),
            proc_area("rv32-ref-eo", 592.0),
            proc_area("rv32-zbkb", 738.0),
            proc_area("rv32-dasip", 1447.0),
            proc_area("rv32-oasip", 939.0),
        ]
    }

    #[test]
    fn fastest_follows_the_numbers() {
        let f = with(today(), fastest);
        assert!(
            f[0].starts_with("**Fastest:** `rv32-zbkb` (standard extension), 66.2"),
            "{f:?}"
        );
        assert!(
            f[0].contains("next `rv32-dasip` (seed ISE), 77.5 (1.17x slower)"),
            "{f:?}"
        );
        assert_eq!(
            f[1],
            "**Fastest on MIPS:** `mips-sw` (our own), 111.1 cycles/byte."
        );
        // make DASIP the fastest: the sentence follows
        let mut recs = today();
        recs.push(bench_rec("rv32-dasip", 50.0));
        recs.retain(|r| !matches!(r, Record::Bench(b) if b.design == "rv32-dasip" && b.cycles_per_byte > 60.0));
        let f = with(recs, fastest);
        assert!(
            f[0].starts_with("**Fastest:** `rv32-dasip` (seed ISE), 50.0"),
            "{f:?}"
        );
    }

    #[test]
    fn standard_and_own_designs_are_weighed_against_the_best_seed_ise() {
        let s = with(today(), seed_ise_vs_others);
        assert_eq!(s.len(), 3, "{s:?}");
        assert_eq!(s[0], "**RV32, standard extension against seed ISE:** `rv32-zbkb` (standard extension, 66.2 c/B) is 1.17x as fast as `rv32-dasip` (seed ISE, 77.5 c/B).");
        assert!(s[1].starts_with("**RV32, our own against seed ISE:** `rv32-dasip` (seed ISE, 77.5 c/B) is 1.28x as fast as `rv32-sw` (our own, 99.5 c/B)"), "{s:?}");
        assert!(s[2].starts_with("**MIPS, our own against seed ISE:** `mips-sw` (our own, 111.1 c/B) is 2.88x as fast as `mips-coproc`"), "{s:?}");
    }

    #[test]
    fn best_for_area_lists_the_front_and_unmeasured_designs() {
        let s = with(today(), best_for_area);
        // rv32-ref ties rv32-sw in area and is slower: not on the front
        assert!(s[0].contains("Pareto front (no design both smaller and faster): `rv32-zbkb` (738 slices, 66.2 c/B), `rv32-sw` (615 slices, 99.5 c/B), `rv32-ref-eo` (592 slices, 629.7 c/B)."), "{s:?}");
        assert!(
            s[0].contains("`rv32-zbkb` has the smallest area x cycles/byte"),
            "{s:?}"
        );
        // no MIPS processor area in these records: the MIPS sentence is absent
        assert_eq!(s.len(), 1, "{s:?}");
        let mut recs = today();
        recs.push(proc_area("mips-ref", 726.0));
        let s = with(recs, best_for_area);
        assert!(
            s[1].contains("Processor area not measured: `mips-sw`, `mips-coproc`."),
            "{s:?}"
        );
    }

    #[test]
    fn baseline_cost_names_its_largest_class() {
        let mut recs = today();
        recs.push(Record::Profile(ProfileRecord {
            design: "rv32-ref".into(),
            alg: SEED_ALG.into(),
            len: 1024,
            scope: "kernel".into(),
            total_cycles: 1000,
            classes: vec![
                ClassShare {
                    class: "mul/div/rem".into(),
                    cycles: 490,
                    instructions: 20,
                    share: 0.49,
                },
                ClassShare {
                    class: "logic".into(),
                    cycles: 510 - 100,
                    instructions: 400,
                    share: 0.41,
                },
                ClassShare {
                    class: "add/sub".into(),
                    cycles: 100,
                    instructions: 80,
                    share: 0.10,
                },
            ],
            mnemonics: Vec::new(),
            hotspot_scope: "kernel".into(),
            functions: Vec::new(),
            blocks: Vec::new(),
        }));
        let s = with(recs, baseline_costs);
        assert_eq!(s.len(), 1);
        assert!(s[0].starts_with("**Baseline `rv32-ref`** spends 49 % of its kernel cycles in mul/div/rem from 4.0 % of its instructions; the speed-ups of "), "{s:?}");
        assert!(s[0].contains("`rv32-dasip`"), "{s:?}");
    }

    #[test]
    fn seed_gaps_link_the_documented_reason() {
        let g = with(today(), |m| seed_gaps(m, "../docs"));
        let line = |d: &str| {
            g.iter()
                .find(|l| l.starts_with(&format!("`{d}` ")))
                .cloned()
                .unwrap_or_default()
        };
        assert!(line("rv32-ref").contains("1040.9 c/B measured, 497.5 published (2.09x, slower); why: [reproduction notes](../docs/reproduction-notes.md#rv32-ref-against-seed-001s-z-scale-row)"), "{g:?}");
        assert!(line("rv32-dasip").contains("(0.59x, faster)"), "{g:?}");
        // no heading of its own: the section that names it
        assert!(
            line("rv32-ref-eo").contains("#rv32-ref-against-seed-001s-z-scale-row"),
            "{g:?}"
        );
        // every link points at a heading that exists
        for l in &g {
            if let Some(i) = l.find("reproduction-notes.md#") {
                let a = &l[i + 22..l[i..].find(')').unwrap() + i];
                assert!(
                    notes()
                        .lines()
                        .filter_map(|h| h.strip_prefix("## "))
                        .any(|h| anchor(h) == a),
                    "{a}"
                );
            }
        }
        // a design within 10 % of its paper is listed as agreeing
        let mut recs = today();
        recs.retain(|r| !matches!(r, Record::Bench(b) if b.design == "rv32-oasip"));
        recs.push(bench_rec("rv32-oasip", 300.0));
        let g = with(recs, |m| seed_gaps(m, "docs"));
        assert!(
            g.last().unwrap().contains("`rv32-oasip` (OASIP, 1.03x)"),
            "{g:?}"
        );
    }

    #[test]
    fn anchors_match_github() {
        assert_eq!(
            anchor("rv32-ref against seed 001's Z-scale row"),
            "rv32-ref-against-seed-001s-z-scale-row"
        );
    }
}
