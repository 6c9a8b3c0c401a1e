//! The Markdown reports: the whole `report/README.md` and the results block of the project
//! README, assembled from the sections the other renderers write.

use super::figure::Rendered;
use super::model::Model;
use super::table::{f1, f2, md_table};
use super::{asic, hw_tables, seed003, seed_tables};
use crate::findings;
use crate::md;
use crate::results::Results;
use std::fmt::Write;

/// The software-design summary table.
pub fn designs_table(m: &Model) -> String {
    let mut rows = Vec::new();
    for f in &m.software {
        let (d, Some(b)) = (f.design, f.bench) else {
            continue;
        };
        rows.push(vec![
            md::code(&d.name),
            md::code(&d.isa),
            md::text(&d.timing),
            f1(b.cycles_per_byte),
            f.cpb_512.map(f1).unwrap_or_else(|| "-".into()),
            b.cycles_per_permutation.to_string(),
            // 0 = not counted: MIPS32 has no user-readable instruction counter; the simulator
            // counts the harness's intervals (harness::fill_instret), the RTL does not.
            if b.instret_per_permutation == 0 {
                "n/a".into()
            } else {
                b.instret_per_permutation.to_string()
            },
            b.code_size_bytes.to_string(),
            f.speedup.map(f2).unwrap_or_else(|| "-".into()),
            if f.digests_ok {
                "yes".into()
            } else {
                "**NO**".into()
            },
        ]);
    }
    md_table(
        &[
            "design",
            "ISA",
            "timing",
            "SHA3-256 c/B",
            "SHA3-512 c/B",
            "cycles/perm",
            "instr/perm",
            "code bytes",
            "speed-up",
            "digests ok",
        ],
        &rows,
    )
}

/// Cycles per byte of every function measured (rows, in `sha3_golden::Algorithm::ALL`
/// order) on every design (columns), with the two message lengths the figure comes from
/// (`BenchRecord::cpb_lens`); a wrong digest marks the cell.
pub fn functions_table(m: &Model) -> String {
    let r = m.results;
    let algs: Vec<&str> = sha3_golden::Algorithm::ALL
        .iter()
        .map(|a| a.name())
        .filter(|a| r.benches().any(|b| b.alg == *a))
        .collect();
    let cols: Vec<&crate::design::Design> = m
        .designs
        .iter()
        .filter(|d| r.benches().any(|b| b.design == d.name))
        .collect();
    let mut head = vec!["function".to_string(), "c/B from (bytes)".to_string()];
    head.extend(cols.iter().map(|d| md::code(&d.name)));
    let rows: Vec<Vec<String>> = algs
        .iter()
        .map(|a| {
            let lens = r
                .benches()
                .find(|b| b.alg == *a)
                .map(|b| format!("{}..{}", b.cpb_lens[0], b.cpb_lens[1]))
                .unwrap_or_default();
            let mut row = vec![a.to_string(), lens];
            for d in &cols {
                row.push(match r.bench(&d.name, a) {
                    Some(b) if b.digest_ok => f1(b.cycles_per_byte),
                    Some(b) => format!("{} **wrong digest**", f1(b.cycles_per_byte)),
                    None => "-".into(),
                });
            }
            row
        })
        .collect();
    let head: Vec<&str> = head.iter().map(|s| s.as_str()).collect();
    md_table(&head, &rows)
}

/// Instruction-class shares per profiled design.
pub fn profile_table(r: &Results) -> String {
    let mut classes: Vec<String> = Vec::new();
    for p in r.profiles() {
        for c in &p.classes {
            if !classes.contains(&c.class) {
                classes.push(c.class.clone());
            }
        }
    }
    let classes_md: Vec<String> = classes.iter().map(|c| md::text(c)).collect();
    let mut head = vec!["design", "scope"];
    head.extend(classes_md.iter().map(|s| s.as_str()));
    let rows: Vec<Vec<String>> = r
        .profiles()
        .map(|p| {
            let mut row = vec![md::code(&p.design), md::text(&p.scope)];
            for c in &classes {
                row.push(
                    p.classes
                        .iter()
                        .find(|x| &x.class == c)
                        .map(|x| format!("{:.1}%", x.share * 100.0))
                        .unwrap_or_else(|| "0.0%".into()),
                );
            }
            row
        })
        .collect();
    md_table(&head, &rows)
}

/// The constant-time check of every design.
pub fn constant_time_table(r: &Results) -> String {
    let rows: Vec<Vec<String>> = r
        .constant_times()
        .map(|c| {
            vec![
                md::code(&c.design),
                md::text(&c.alg),
                c.len.to_string(),
                c.messages.to_string(),
                c.min_cycles.to_string(),
                c.max_cycles.to_string(),
                c.distinct_cycle_counts.to_string(),
                if c.ok { "yes".into() } else { "**NO**".into() },
            ]
        })
        .collect();
    md_table(
        &[
            "design",
            "alg",
            "len",
            "messages",
            "min cycles",
            "max cycles",
            "distinct",
            "constant",
        ],
        &rows,
    )
}

/// Processors in RTL (RV32 and MIPS): lockstep with the simulator.
pub fn rtl_table(r: &Results) -> String {
    let rows: Vec<Vec<String>> = r
        .rtls()
        .map(|x| {
            vec![
                md::code(&x.design),
                md::text(&x.alg),
                x.lens
                    .iter()
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                if x.lockstep_ok {
                    "yes".into()
                } else {
                    format!(
                        "**NO**: {}",
                        md::text(
                            x.error
                                .as_deref()
                                .unwrap_or("")
                                .lines()
                                .next()
                                .unwrap_or("")
                        )
                    )
                },
                x.instructions.to_string(),
                x.cycles.to_string(),
            ]
        })
        .collect();
    md_table(
        &[
            "design",
            "alg",
            "message lengths",
            "RTL cycles == simulator",
            "instructions compared",
            "cycles",
        ],
        &rows,
    )
}

/// A figure's place in the Markdown: the image, its numbered caption and the PDF beside it;
/// or, when no figure was drawn, why (nothing when the results give no such figure).
pub fn figure_md(figs: &Rendered, name: &str) -> String {
    let Some((n, f)) = figs.figure(name) else {
        return String::new();
    };
    if figs.svgs.contains_key(name) {
        format!(
            "![Figure {n}](figures/{name}.svg)\n\n_Figure {n}._ {} ([PDF](figures/{name}.pdf))\n\n",
            f.caption
        )
    } else {
        format!(
            "_Figure {n} ({name}) not drawn: {}_\n\n",
            md::text(figs.error.as_deref().unwrap_or("unknown reason"))
        )
    }
}

/// Seconds since the Unix epoch as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // civil-from-days (Howard Hinnant's algorithm)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{m:02} UTC")
}

/// Where the numbers come from: commit, tree state, date, tool versions.
pub fn provenance(r: &Results) -> String {
    let m = &r.metadata;
    let commit = match (&m.commit, m.dirty) {
        (Some(c), Some(true)) => format!("{} with uncommitted changes", md::code(c)),
        (Some(c), _) => md::code(c),
        (None, _) => "not recorded (not a git checkout)".into(),
    };
    let mut rows = vec![
        vec!["commit".to_string(), commit],
        vec!["generated".into(), utc_date(m.generated_unix)],
        vec![
            "run".into(),
            if m.quick {
                "quick (`--quick`: fewer functions and lengths, no synthesis)".into()
            } else {
                "full".into()
            },
        ],
    ];
    for (t, v) in &m.tools {
        rows.push(vec![md::text(t), md::text(v)]);
    }
    md_table(&["provenance", "value"], &rows)
}

/// The generated block of the project README: method, design table, seed tables.
pub fn readme_block(m: &Model) -> String {
    let r = m.results;
    let mut body = findings::section(m, "docs").replacen("## ", "### ", 1);
    body += &format!(
        "Method: each design's firmware built with the distro's cross compiler and run on the project's simulator with the design's timing model; digests checked against the golden model; c/B = long-message cycles per byte; code = kernel text + rodata + data; speed-up over the design's baseline (`rv32-ref` / `mips-ref`).\n\n{}\n{}",
        designs_table(m),
        seed_tables::seed_tables(m)
    );
    if r.hw_perfs().next().is_some() && !m.inputs.hw_pub.is_empty() {
        body.push_str("#### seed 004, Table II (SHA3-512, Virtex-6)\n\n");
        body.push_str(hw_tables::SEED004_METHOD);
        body.push_str(&hw_tables::seed004_table(m));
        body.push_str("\n#### seed 004, ratios to Case I (published, ECP5 P&R, ASIC flow)\n\n");
        body.push_str(hw_tables::SEED004_RATIO_METHOD);
        body.push_str(&hw_tables::seed004_ratio_table(m));
        body.push_str("\n#### Throughput per area against Case V (ECP5 P&R, ASIC flow)\n\n");
        body.push_str(hw_tables::SEED004_VS_V_METHOD);
        body.push_str(&hw_tables::seed004_vs_v_table(m));
        if let Some(a) = &m.seed004_asic {
            body.push_str("\n#### seed 004, Table IV (ASIC, Case V)\n\nMethod: published = TSMC 65 nm; measured = our Case V through the ASIC flow (sky130 GE; Fmax OSU 0.18 um, typical corner, ideal clock, no wire load, pre-layout), raw; the node-scaled rows use seed 004's x1.43 per node step (section ASIC says how).\n\n");
            body.push_str(&asic::seed004_asic_table(a));
        }
    }
    body.push_str("\n#### Provenance\n\n");
    body.push_str(&provenance(r));
    body
}

/// The whole Markdown report (`report/README.md`; index.html is made from it).
pub fn markdown(m: &Model, figs: &Rendered) -> String {
    let r = m.results;
    let mut s = String::from("# sha3-asip results\n\nGenerated by `sha3-asip reproduce`; every number below is measured by this run or, where marked published, quoted from the seed paper the design's TOML cites.\n\n");
    s.push_str(&findings::section(m, "../docs"));
    s.push_str(&figure_md(figs, "cycles-per-byte"));
    s.push_str(&figure_md(figs, "pareto"));
    s.push_str("## Software designs\n\nMethod: firmware built with the distro's cross compiler, run on the project's instruction-set simulator with the design's timing model; every digest checked against the golden model. c/B = long-message cycles per byte (steady state).\n\n");
    s.push_str(&designs_table(m));
    s.push_str("\n### Cycles per byte, every function\n\nMethod: every SHA-3-family function through the one sponge layer (`firmware/sponge/`) over each design's kernel, default parameters (empty key and strings, ParallelHash B = 8192, TurboSHAKE D = 0x1F, default output length); c/B = (cycles(l2) - cycles(l1)) / (l2 - l1) for the two message lengths l1..l2 given: 8 absorbed blocks apart, for ParallelHash and KangarooTwelve one and three 8192-byte tree units (serial leaves), so every message is in tree mode.\n\n");
    s.push_str(&functions_table(m));
    s.push_str("\n## Seed tables, published beside measured\n\n");
    s.push_str(&seed_tables::seed_tables(m));
    if m.inputs.seed003.is_some() {
        s.push_str(&seed003::section(m, &figure_md(figs, "seed003")));
        s.push('\n');
    }
    if r.profiles().next().is_some() {
        s.push_str("## Instruction-class profile\n\n");
        s.push_str(&figure_md(figs, "instruction-classes"));
        s.push_str("Share of the kernel's cycles per instruction class (seed 001 Fig. 5 classes), SHA3-256.\n\n");
        s.push_str(&profile_table(r));
    }
    if r.areas().any(|a| a.unit.starts_with("isa/")) {
        s.push_str("\n## Extension functional units\n\nMethod: each extension's Verilog unit alone (`hw/scripts/synth_unit.py`), Yosys `synth_xilinx -family xc6v`; slices estimated as max(LUT/4, FF/8); GE (sky130) and Fmax = the ASIC flow (section ASIC below; whole units only); GE (generic-gate est.) = NAND2-equivalent weights of an abc generic-gate mapping, not a cell library. `isa/<ext>` is the whole unit, `isa/<ext>/<part>` its parts. Whole processors: the seed tables above (slices est.).\n\n");
        s.push_str(&hw_tables::units_table(m));
    }
    if r.hw_perfs().next().is_some() {
        s.push_str("\n## Keccak hardware cases\n\nMethod: Verilator testbench cycles against golden vectors; Yosys `synth_xilinx -family xc6v` LUTs/FFs, slices estimated as max(LUT/4, FF/8), Fmax estimated from LUT levels (docs/hardware.md); Gbps by seed 004 eq. (5). Published: Xilinx ISE place and route on the XC6VLX75T, which this flow cannot reproduce: compare the ratios between cases.\n\n");
        s.push_str(&figure_md(figs, "seed004"));
        s.push_str(&hw_tables::hw_table(m));
        if !m.inputs.hw_pub.is_empty() {
            s.push_str("\n#### seed 004, Table II (SHA3-512, Virtex-6)\n\n");
            s.push_str(hw_tables::SEED004_METHOD);
            s.push_str(&hw_tables::seed004_table(m));
            s.push_str("\n#### seed 004, ratios to Case I (published, ECP5 P&R, ASIC flow)\n\n");
            s.push_str(hw_tables::SEED004_RATIO_METHOD);
            s.push_str(&hw_tables::seed004_ratio_table(m));
            s.push_str("\n#### Throughput per area against Case V (ECP5 P&R, ASIC flow)\n\n");
            s.push_str(hw_tables::SEED004_VS_V_METHOD);
            s.push_str(&hw_tables::seed004_vs_v_table(m));
        }
    }
    s.push_str(&asic::asic_section(m));
    if r.rtls().next().is_some() {
        s.push_str("\n## Processors in RTL\n\nMethod: each design's processor (the core of its architecture, `hw/cores/rv32` or `hw/cores/mips`, + the units in its `[rtl]` table; docs/rv32-core.md, docs/mips-core.md) simulated with Verilator runs the design's benchmark firmware; its commit log (retire cycle, pc, word, register and memory writes of every instruction) is compared line by line with the simulator's (`sha3-asip rtl lockstep`).\n\n");
        s.push_str(&rtl_table(r));
    }
    if r.constant_times().next().is_some() {
        s.push_str("\n## Constant time\n\nCycles of the whole hash call over random messages of one length (seeds 1..=N); a constant-time kernel shows one distinct count.\n\n");
        s.push_str(&constant_time_table(r));
    }
    let fails: Vec<_> = r.failures().collect();
    if !fails.is_empty() {
        s.push_str("\n## Failures\n\n");
        for f in fails {
            let _ = writeln!(
                s,
                "- **{}**: {}",
                md::text(&f.step),
                md::text(f.error.lines().next().unwrap_or(""))
            );
        }
    }
    s.push_str("\n## Provenance\n\n");
    s.push_str(&provenance(r));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_the_venv_the_figures_say_how_to_get_them() {
        let f = crate::report::figure::Figure {
            name: "x",
            caption: "c".into(),
            spec: serde_json::json!({"kind": "bars", "bars": []}),
        };
        let dir = std::env::temp_dir().join(format!("charts-novenv-{}", std::process::id()));
        let r = crate::report::figure::draw(&dir, &dir.join("figures"), &[], vec![f]);
        assert!(r.svgs.is_empty());
        let e = r.error.clone().unwrap();
        assert!(
            e.contains("build/venv/bin/python3 is missing") && e.contains("scripts/setup"),
            "{e}"
        );
        let md = figure_md(&r, "x");
        assert!(
            md.starts_with("_Figure 1 (x) not drawn: figures not drawn:"),
            "{md}"
        );
        assert_eq!(
            figure_md(&r, "other"),
            "",
            "an unplanned figure leaves no trace"
        );
    }
}
