//! `sha3-asip bench`: run a design's firmware on the simulator, check every digest against the
//! golden model, and derive cycles per byte, cycles per permutation and code size.

use crate::design::Design;
use crate::error::FlowError;
use crate::exec::{self, ExecOptions};
use crate::harness::{self, HarnessOutput};
use crate::msg::harness_message;
use crate::results::{BenchRecord, RunRecord};
use sha3_golden::{Algorithm, Params};
use std::path::Path;

/// The SHA-3 functions the firmware harness implements.
pub const HARNESS_ALGS: [&str; 6] = [
    "sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256",
];

/// Default message lengths of `sha3-asip bench`.
pub const DEFAULT_LENS: [usize; 5] = [0, 64, 136, 1024, 16384];

/// Blocks between the two long messages that give the steady-state cost of one block.
pub const STEADY_BLOCKS: usize = 8;

/// Rate in bytes and digest length in bytes of a harness function (from the golden
/// model's table, `sha3_golden::tables::ALGS`, which the firmware harness is generated from).
pub fn alg_shape(alg: &str) -> Result<(usize, usize), FlowError> {
    sha3_golden::tables::ALGS
        .iter()
        .find(|a| a.name() == alg)
        .map(|a| (a.rate_bytes(), a.default_output_len()))
        .ok_or_else(|| {
            FlowError::Usage(format!(
                "unknown algorithm '{alg}' for the firmware harness; known: {}",
                HARNESS_ALGS.join(", ")
            ))
        })
}

/// The two long-message lengths whose difference is `STEADY_BLOCKS` absorbed blocks.
pub fn steady_lens(rate: usize) -> (usize, usize) {
    (2 * rate, (2 + STEADY_BLOCKS) * rate)
}

/// Golden digest of the harness message of `len` bytes for `seed`.
pub fn golden_digest(alg: &str, seed: u32, len: usize, out_len: usize) -> Vec<u8> {
    let a = Algorithm::from_name(alg).expect("harness algorithm known to the golden model");
    sha3_golden::hash(a, &Params::default(), &harness_message(seed, len), out_len)
        .expect("golden model hashes harness functions")
}

/// Which engine runs the firmware.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// The instruction-set simulator with the design's timing model.
    #[default]
    Sim,
    /// The design's processor in RTL (Verilator), `crate::rtl`.
    Rtl,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Sim => "sim",
            Engine::Rtl => "rtl",
        }
    }
}

#[derive(Debug, Clone)]
pub struct BenchOptions {
    pub alg: String,
    pub lens: Vec<usize>,
    pub seed: u32,
    pub max_cycles: u64,
    pub engine: Engine,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            alg: "sha3-256".into(),
            lens: DEFAULT_LENS.to_vec(),
            seed: 0,
            max_cycles: 2_000_000_000,
            engine: Engine::Sim,
        }
    }
}

/// Run the harness on the simulator for a list of lengths and parse what it printed.
pub fn run_harness(
    d: &Design,
    elf: &Path,
    alg: &str,
    lens: &[usize],
    seed: u32,
    max_cycles: u64,
) -> Result<HarnessOutput, FlowError> {
    run_harness_on(Engine::Sim, d, elf, alg, lens, seed, max_cycles)
}

/// The benchmark harness's argv for a function, lengths and seed.
pub fn harness_argv(alg: &str, lens: &[usize], seed: u32) -> Vec<String> {
    let lens_arg = lens
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(",");
    vec![
        "bench.elf".to_string(),
        alg.to_string(),
        lens_arg,
        seed.to_string(),
    ]
}

/// Run the harness on an engine (simulator or RTL) and parse what it printed.
pub fn run_harness_on(
    engine: Engine,
    d: &Design,
    elf: &Path,
    alg: &str,
    lens: &[usize],
    seed: u32,
    max_cycles: u64,
) -> Result<HarnessOutput, FlowError> {
    if engine == Engine::Rtl {
        let prog = exec::load(elf)?;
        let out = crate::rtl::run_program(
            &crate::project::root(),
            d,
            &prog,
            crate::rtl::RtlOptions {
                argv: harness_argv(alg, lens, seed),
                max_cycles,
                ..Default::default()
            },
        )?;
        if out.exit_code != 0 {
            return Err(FlowError::ProgramExit {
                code: out.exit_code,
                stderr: out.stderr,
            });
        }
        return Ok(harness::parse(&out.stdout)?);
    }
    let opts = ExecOptions {
        argv: harness_argv(alg, lens, seed),
        max_cycles,
        profile: false,
        trace: None,
    };
    let out = exec::run_design(d, elf, opts)?;
    if out.exit_code != 0 {
        return Err(FlowError::ProgramExit {
            code: out.exit_code,
            stderr: out.stderr,
        });
    }
    Ok(harness::parse(&out.stdout)?)
}

/// Benchmark one design for one function.
pub fn bench(root: &Path, d: &Design, o: &BenchOptions) -> Result<BenchRecord, FlowError> {
    let (rate, out_len) = alg_shape(&o.alg)?;
    let elf = crate::firmware::build(root, d)?;
    let (l1, l2) = steady_lens(rate);
    let mut lens: Vec<usize> = o.lens.clone();
    for l in [l1, l2] {
        if !lens.contains(&l) {
            lens.push(l);
        }
    }
    let h = run_harness_on(o.engine, d, &elf, &o.alg, &lens, o.seed, o.max_cycles)?;
    let (perm_cycles, perm_instret) = h
        .perm
        .ok_or_else(|| FlowError::Missing("the harness printed no 'perm' line".to_string()))?;
    let mut runs = Vec::new();
    for &len in &lens {
        let r = h
            .hashes
            .iter()
            .find(|r| r.len == len && r.alg == o.alg)
            .ok_or_else(|| {
                FlowError::Missing(format!("the harness printed no result for len={len}"))
            })?;
        let want = golden_digest(&o.alg, o.seed, len, out_len);
        runs.push(RunRecord {
            len,
            seed: o.seed,
            cycles: r.cycles,
            instret: r.instret,
            cycles_per_byte: if len > 0 {
                Some(r.cycles as f64 / len as f64)
            } else {
                None
            },
            digest_ok: r.digest == want,
        });
    }
    let c = |len: usize| {
        runs.iter()
            .find(|r| r.len == len)
            .map(|r| r.cycles)
            .unwrap_or(0)
    };
    let cycles_per_block = (c(l2) as f64 - c(l1) as f64) / STEADY_BLOCKS as f64;
    let code_size_bytes = exec::kernel_code_size(&elf)?;
    Ok(BenchRecord {
        design: d.name.clone(),
        arch: d.arch.name().to_string(),
        isa: d.isa.clone(),
        kernel: d.kernel.clone(),
        timing: d.timing.clone(),
        engine: o.engine.name().to_string(),
        alg: o.alg.clone(),
        rate_bytes: rate,
        cycles_per_byte: cycles_per_block / rate as f64,
        cycles_per_block,
        cycles_per_permutation: perm_cycles,
        instret_per_permutation: perm_instret,
        code_size_bytes,
        digest_ok: runs.iter().all(|r| r.digest_ok),
        runs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_follow_fips202() {
        // rate = 200 - 2 * digest bytes for SHA3; SHAKE128/256 capacities 256/512 bits.
        for (alg, d) in [
            ("sha3-224", 28),
            ("sha3-256", 32),
            ("sha3-384", 48),
            ("sha3-512", 64),
        ] {
            assert_eq!(alg_shape(alg).unwrap(), (200 - 2 * d, d));
        }
        assert_eq!(alg_shape("shake128").unwrap().0, 168);
        assert_eq!(alg_shape("shake256").unwrap().0, 136);
        let gen: Vec<&str> = sha3_golden::tables::ALGS.iter().map(|a| a.name()).collect();
        assert_eq!(
            gen, HARNESS_ALGS,
            "the harness runs the generated table's functions"
        );
        let e = alg_shape("md5").unwrap_err().to_string();
        assert!(
            e.contains("unknown algorithm 'md5'") && e.contains("sha3-512"),
            "{e}"
        );
    }

    #[test]
    fn golden_digest_of_empty_sha3_256() {
        let d = golden_digest("sha3-256", 0, 0, 32);
        let hex: String = d.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"
        );
    }
}
