//! `sha3-asip profile`: where a design's kernel spends its cycles, and the constant-time check.

use crate::bench::{alg_shape, run_harness};
use crate::design::Design;
use crate::error::FlowError;
use crate::exec::{self, ExecOptions};
use crate::results::{ClassShare, ConstantTimeRecord, Hotspot, MnemonicCount, ProfileRecord};
use std::path::Path;

/// Message length of the standard profile: a few blocks of every rate.
pub const PROFILE_LEN: usize = 1024;

/// Address range `[start, end)` of the kernel's code, from the linker-script symbols.
pub fn kernel_range(prog: &asip_sim::Program) -> Option<(u32, u32)> {
    let s = prog.symbols();
    Some((s.addr("__kernel_text_start")?, s.addr("__kernel_text_end")?))
}

/// The instruction word at `pc` in a program's loaded segments.
fn word_at(prog: &asip_sim::Program, pc: u32) -> Option<u32> {
    prog.segments.iter().find_map(|s| {
        let o = pc.checked_sub(s.vaddr)? as usize;
        let b = s.data.get(o..o + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    })
}

/// Profile a design's firmware hashing one `len`-byte message with `alg`. Class shares and
/// mnemonic counts count only instructions inside the kernel's text (the harness's message
/// generator, printing and the start-up `.bss` loop are left out); the hottest functions
/// and blocks too, unless `whole_program`.
pub fn profile(root: &Path, d: &Design, alg: &str, len: usize) -> Result<ProfileRecord, FlowError> {
    profile_scoped(root, d, alg, len, false)
}

/// [`profile`] with the hottest functions and blocks of the whole program when
/// `whole_program`.
pub fn profile_scoped(
    root: &Path,
    d: &Design,
    alg: &str,
    len: usize,
    whole_program: bool,
) -> Result<ProfileRecord, FlowError> {
    alg_shape(alg)?;
    let elf = crate::firmware::build(root, d)?;
    let prog = exec::load(&elf)?;
    let out = exec::run_program(
        d,
        &prog,
        ExecOptions {
            argv: vec!["bench.elf".into(), alg.into(), len.to_string(), "0".into()],
            profile: true,
            ..ExecOptions::default()
        },
    )?
    .exited_zero()?;
    let p = out
        .profile
        .ok_or_else(|| FlowError::Missing("the simulator returned no profile".into()))?;
    let (lo, hi) = kernel_range(&prog).ok_or_else(|| {
        FlowError::Missing(format!("{} has no __kernel_text_* symbols", elf.display()))
    })?;
    let mut per_class: Vec<(asip_sim::InstrClass, u64, u64)> = asip_sim::InstrClass::ALL
        .iter()
        .map(|&c| (c, 0, 0))
        .collect();
    for s in p.pcs.iter().filter(|s| s.pc >= lo && s.pc < hi) {
        let e = &mut per_class[s.class.index()];
        e.1 += s.cycles;
        e.2 += s.count;
    }
    let total: u64 = per_class.iter().map(|c| c.1).sum();
    let share = |c: u64| {
        if total == 0 {
            0.0
        } else {
            c as f64 / total as f64
        }
    };
    let classes = per_class
        .iter()
        .map(|(c, cyc, n)| ClassShare {
            class: c.name().to_string(),
            cycles: *cyc,
            instructions: *n,
            share: share(*cyc),
        })
        .collect();
    let isa = asip_extensions::registry()
        .parse_isa(&d.isa)
        .map_err(|e| FlowError::Usage(format!("design '{}': {e}", d.name)))?;
    let mut ops: std::collections::BTreeMap<&'static str, (u64, u64)> = Default::default();
    for s in p.pcs.iter().filter(|s| s.pc >= lo && s.pc < hi) {
        let name = word_at(&prog, s.pc)
            .and_then(|w| isa.decode(w))
            .map(|i| i.info.name)
            .unwrap_or("?");
        let e = ops.entry(name).or_default();
        e.0 += s.count;
        e.1 += s.cycles;
    }
    let mut mnemonics: Vec<MnemonicCount> = ops
        .into_iter()
        .map(|(name, (count, cycles))| MnemonicCount {
            name: name.to_string(),
            count,
            cycles,
        })
        .collect();
    mnemonics.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.name.cmp(&b.name)));
    let in_scope = |a: u32| whole_program || (a >= lo && a < hi);
    let all = if whole_program { p.total_cycles } else { total }.max(1) as f64;
    let functions = hottest(
        p.functions
            .iter()
            .map(|f| (f.addr, f.name.clone(), f.cycles)),
        in_scope,
        all,
    );
    let blocks = hottest(
        p.blocks.iter().map(|b| {
            let name = format!("{}:{:#x}-{:#x}", b.function, b.start, b.end);
            (b.start, name, b.cycles)
        }),
        in_scope,
        all,
    );
    Ok(ProfileRecord {
        design: d.name.clone(),
        alg: alg.to_string(),
        len,
        scope: "kernel text (__kernel_text_start..end)".into(),
        total_cycles: total,
        classes,
        mnemonics,
        hotspot_scope: if whole_program { "program" } else { "kernel" }.into(),
        functions,
        blocks,
    })
}

/// The first ten `(address, name, cycles)` of a profile list (hottest first) whose address
/// is in scope, with their share of `all` cycles.
fn hottest(
    spots: impl Iterator<Item = (u32, String, u64)>,
    in_scope: impl Fn(u32) -> bool,
    all: f64,
) -> Vec<Hotspot> {
    spots
        .filter(|s| in_scope(s.0))
        .take(10)
        .map(|(_, name, cycles)| Hotspot {
            name,
            cycles,
            share: cycles as f64 / all,
        })
        .collect()
}

/// Hash `messages` random messages of `len` bytes (seeds 1..=messages) and compare the
/// cycles of the whole hash call: a constant-time kernel gives one value.
pub fn constant_time(
    root: &Path,
    d: &Design,
    alg: &str,
    len: usize,
    messages: usize,
) -> Result<ConstantTimeRecord, FlowError> {
    let (_, out_len) = alg_shape(alg)?;
    let elf = crate::firmware::build(root, d)?;
    let mut cycles = Vec::with_capacity(messages);
    for seed in 1..=messages as u32 {
        let h = run_harness(d, &elf, alg, &[len], seed, 0)?;
        let r = h
            .hashes
            .first()
            .ok_or_else(|| FlowError::Missing(format!("no hash line for seed {seed}")))?;
        if r.digest != crate::bench::golden_digest(alg, seed, len, out_len) {
            return Err(FlowError::Missing(format!(
                "design '{}': wrong {alg} digest for seed {seed}, len {len}",
                d.name
            )));
        }
        cycles.push(r.cycles);
    }
    let mut distinct = cycles.clone();
    distinct.sort_unstable();
    distinct.dedup();
    Ok(ConstantTimeRecord {
        design: d.name.clone(),
        alg: alg.to_string(),
        len,
        messages,
        min_cycles: *distinct.first().unwrap_or(&0),
        max_cycles: *distinct.last().unwrap_or(&0),
        distinct_cycle_counts: distinct.len(),
        ok: distinct.len() == 1,
    })
}
