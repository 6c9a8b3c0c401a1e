//! `sha3-asip bench`: run a design's firmware on the simulator, check every digest against the
//! golden model, and derive cycles per byte, cycles per permutation and code size.

use crate::design::Design;
use crate::error::FlowError;
use crate::exec::{self, ExecOptions};
use crate::harness::{self, HarnessOutput};
use crate::msg::harness_message;
use crate::results::{BenchRecord, RunRecord};
use sha3_golden::aead::Aead;
use sha3_golden::encoding::hex;
use sha3_golden::{Algorithm, Family, Params};
use std::path::Path;

/// The FIPS 202 functions (SHA3-n, SHAKE), which `reproduce` benchmarks at every length of
/// [`DEFAULT_LENS`]; the harness runs every function of [`family_algs`].
pub const HARNESS_ALGS: [&str; 6] = [
    "sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256",
];

/// Every SHA-3-family function the firmware harness runs (`sha3_golden::Algorithm::ALL`).
pub fn family_algs() -> Vec<&'static str> {
    Algorithm::ALL.iter().map(|a| a.name()).collect()
}

/// ParallelHash's default block size B and KangarooTwelve's chunk, in bytes.
pub const TREE_UNIT: usize = 8192;

/// The harness's message buffer, the longest message (bytes).
pub const MSG_MAX: usize = 65536;

/// The harness's limits on output length and on each parameter string (bytes).
pub const OUT_MAX: usize = 4096;
pub const PARAM_MAX: usize = 512;

/// Each named parameter string is at most [`PARAM_MAX`] bytes, or a usage error names it.
fn within_param_max(params: &[(&str, &Vec<u8>)]) -> Result<(), FlowError> {
    for (what, v) in params {
        if v.len() > PARAM_MAX {
            return Err(FlowError::Usage(format!(
                "the {what} has {} bytes; the firmware harness takes at most {PARAM_MAX}",
                v.len()
            )));
        }
    }
    Ok(())
}

/// The parameters of a function call beyond the message: key, customisation string, cSHAKE's
/// function name, ParallelHash's block size, TurboSHAKE's domain byte (all in
/// `sha3_golden::Params`), and the output length L (`None`: the function's default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FnArgs {
    pub params: Params,
    pub out_len: Option<usize>,
}

impl FnArgs {
    /// The output length in bytes for `alg`.
    pub fn out_len(&self, alg: &str) -> Result<usize, FlowError> {
        let (_, default) = alg_shape(alg)?;
        Ok(self.out_len.unwrap_or(default))
    }

    /// Check the arguments against the function and the harness's limits: a parameter the
    /// function does not take, an out-of-range one, or a fixed output length asked to change
    /// is an error naming it.
    pub fn check(&self, alg: &str) -> Result<(), FlowError> {
        let a = algorithm(alg)?;
        let fam = a.family();
        let p = &self.params;
        let d = Params::default();
        let bad = |what: &str, takers: &str| {
            Err(FlowError::Usage(format!(
                "{what} is not a parameter of {alg} (only of {takers})"
            )))
        };
        if !p.key.is_empty() && fam != Family::Kmac {
            return bad("a key", "kmac*");
        }
        if !p.customization.is_empty() && matches!(fam, Family::Sponge | Family::TurboShake) {
            return bad(
                "a customisation string",
                "cshake*, kmac*, tuplehash*, parallelhash*, kt*",
            );
        }
        if !p.function_name.is_empty() && fam != Family::CShake {
            return bad("a function name", "cshake*");
        }
        if p.block_size != d.block_size && fam != Family::ParallelHash {
            return bad("a block size", "parallelhash*");
        }
        if p.domain != d.domain && fam != Family::TurboShake {
            return bad("a domain byte", "turboshake*");
        }
        within_param_max(&[
            ("key", &p.key),
            ("customisation string", &p.customization),
            ("function name", &p.function_name),
        ])?;
        if let Some(n) = self.out_len {
            if n == 0 || n > OUT_MAX {
                return Err(FlowError::Usage(format!(
                    "output length {n} out of range 1..={OUT_MAX}"
                )));
            }
            if let Some(fixed) = a.fixed_output_len() {
                if n != fixed {
                    return Err(FlowError::Usage(format!(
                        "{alg} has a fixed output length of {fixed} bytes, not {n}"
                    )));
                }
            }
        }
        if p.block_size > u32::MAX as usize {
            return Err(FlowError::Usage(format!(
                "block size {} does not fit the harness's u32",
                p.block_size
            )));
        }
        // the golden model's own checks (block size >= 1, domain byte 0x01..=0x7F)
        sha3_golden::new_hasher(a, p)
            .map(|_| ())
            .map_err(|e| FlowError::Usage(e.to_string()))
    }

    /// The harness's arguments after LENS: SEED, OUTLEN if set, then `name=value` for every
    /// parameter that differs from its default.
    fn argv_tail(&self, seed: u32) -> Vec<String> {
        let p = &self.params;
        let d = Params::default();
        let mut v = vec![seed.to_string()];
        if let Some(n) = self.out_len {
            v.push(n.to_string());
        }
        if !p.key.is_empty() {
            v.push(format!("key={}", hex(&p.key)));
        }
        if !p.customization.is_empty() {
            v.push(format!("custom={}", hex(&p.customization)));
        }
        if !p.function_name.is_empty() {
            v.push(format!("name={}", hex(&p.function_name)));
        }
        if p.block_size != d.block_size {
            v.push(format!("block={}", p.block_size));
        }
        if p.domain != d.domain {
            v.push(format!("domain={}", p.domain));
        }
        v
    }
}

fn algorithm(alg: &str) -> Result<Algorithm, FlowError> {
    Algorithm::from_name(alg)
        .filter(|a| a.name() == alg)
        .ok_or_else(|| {
            FlowError::Usage(format!(
                "unknown algorithm '{alg}' for the firmware harness; known: {}",
                family_algs().join(", ")
            ))
        })
}

/// Default message lengths of `sha3-asip bench`.
pub const DEFAULT_LENS: [usize; 5] = [0, 64, 136, 1024, 16384];

/// Blocks between the two long messages that give the steady-state cost of one block.
pub const STEADY_BLOCKS: usize = 8;

/// Rate in bytes and default output length in bytes of a harness function (from the golden
/// model's `sha3_golden::Algorithm`, which the firmware harness's table is generated from).
pub fn alg_shape(alg: &str) -> Result<(usize, usize), FlowError> {
    algorithm(alg).map(|a| (a.rate_bytes(), a.default_output_len()))
}

/// The two long-message lengths whose difference is `STEADY_BLOCKS` absorbed blocks.
pub fn steady_lens(rate: usize) -> (usize, usize) {
    (2 * rate, (2 + STEADY_BLOCKS) * rate)
}

/// The two long-message lengths of a function's cycles per byte: for the tree functions
/// (ParallelHash with block size B, KangarooTwelve with its 8192-byte chunks) one and three
/// tree units (so the difference is two whole leaves and every message is in tree mode),
/// when three units fit the harness's buffer; otherwise [`steady_lens`].
pub fn cpb_lens(alg: &str, a: &FnArgs) -> Result<(usize, usize), FlowError> {
    let (rate, _) = alg_shape(alg)?;
    let unit = match algorithm(alg)?.family() {
        Family::ParallelHash => Some(a.params.block_size),
        Family::Kt => Some(TREE_UNIT),
        _ => None,
    };
    Ok(match unit {
        Some(u) if u >= 1 && 3 * u <= MSG_MAX => (u, 3 * u),
        _ => steady_lens(rate),
    })
}

/// Golden digest of the harness message of `len` bytes for `seed`.
pub fn golden_digest(alg: &str, seed: u32, len: usize, out_len: usize) -> Vec<u8> {
    golden_digest_with(
        alg,
        seed,
        len,
        &FnArgs {
            out_len: Some(out_len),
            ..FnArgs::default()
        },
    )
}

/// Golden digest of the harness message of `len` bytes for `seed`, with parameters.
pub fn golden_digest_with(alg: &str, seed: u32, len: usize, a: &FnArgs) -> Vec<u8> {
    let g = Algorithm::from_name(alg).expect("harness algorithm known to the golden model");
    let out_len = a.out_len.unwrap_or(g.default_output_len());
    sha3_golden::hash(g, &a.params, &harness_message(seed, len), out_len)
        .expect("golden model hashes harness functions")
}

/// The AEADs the firmware runs (`firmware/aead/`): Keyak with one piston (River, Lake) and
/// every Ketje; not Sea/Ocean/Lunar Keyak (2, 4, 8 pistons).
pub const FIRMWARE_AEADS: [Aead; 6] = [
    Aead::LakeKeyak,
    Aead::RiverKeyak,
    Aead::KetjeJr,
    Aead::KetjeSr,
    Aead::KetjeMinor,
    Aead::KetjeMajor,
];

/// The firmware AEAD named `alg`, if it is one.
pub fn firmware_aead(alg: &str) -> Option<Aead> {
    FIRMWARE_AEADS.iter().copied().find(|a| a.name() == alg)
}

/// The bytes of plaintext per permutation call in a long message: Keyak's Rs (Lake 168,
/// River 68: W * floor((b/8 - 32) / W)), Ketje's block size rho.
pub fn aead_block(a: Aead) -> usize {
    match a.ketje_block() {
        Some(rho) => rho,
        None => {
            let w = if a.width() == 1600 { 8 } else { 4 };
            w * ((a.width() / 8 - 32) / w)
        }
    }
}

/// An AEAD session's parameters beyond the message. `bench` defaults: the key 00 01 .. 0f
/// (16 bytes), the nonce 10 11 .. of 16 bytes or as many as the instance allows with that
/// key (Ketje Jr: 6), no associated data, a 16-byte tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AeadArgs {
    pub key: Vec<u8>,
    pub nonce: Vec<u8>,
    pub ad: Vec<u8>,
    pub tag_len: usize,
}

impl AeadArgs {
    /// The defaults above for `a`.
    pub fn default_for(a: Aead) -> AeadArgs {
        let key: Vec<u8> = (0..16).collect();
        let n = a.max_nonce_len(key.len()).min(16) as u8;
        AeadArgs {
            nonce: (0x10..0x10 + n).collect(),
            key,
            ad: Vec::new(),
            tag_len: 16,
        }
    }

    /// Check against the instance's and the harness's limits.
    pub fn check(&self, a: Aead) -> Result<(), FlowError> {
        within_param_max(&[("key", &self.key), ("nonce", &self.nonce), ("ad", &self.ad)])?;
        sha3_golden::aead::encrypt(a, &self.key, &self.nonce, &self.ad, &[], self.tag_len)
            .map(|_| ())
            .map_err(|e| FlowError::Usage(e.to_string()))?;
        if self.tag_len > 64 {
            return Err(FlowError::Usage(format!(
                "tag length {} exceeds the harness's 64 bytes",
                self.tag_len
            )));
        }
        Ok(())
    }

    /// The harness's argv for `a` (`firmware/harness/bench_aead.c`); with `msg`, that
    /// plaintext (then `lens` must be its length) instead of the generated message.
    pub fn argv(&self, a: Aead, lens: &[usize], seed: u32, msg: Option<&[u8]>) -> Vec<String> {
        let mut v = harness_argv(a.name(), lens, seed);
        for (k, x) in [("key", &self.key), ("nonce", &self.nonce), ("ad", &self.ad)] {
            if !x.is_empty() {
                v.push(format!("{k}={}", hex(x)));
            }
        }
        if let Some(m) = msg {
            v.push(format!("msg={}", hex(m)));
        }
        v.push(format!("tag={}", self.tag_len));
        v
    }

    /// The golden ciphertext || tag of `plaintext`.
    pub fn golden(&self, a: Aead, plaintext: &[u8]) -> Vec<u8> {
        let (mut c, t) = sha3_golden::aead::encrypt(
            a,
            &self.key,
            &self.nonce,
            &self.ad,
            plaintext,
            self.tag_len,
        )
        .expect("AEAD arguments checked");
        c.extend(t);
        c
    }
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

/// The cycle limit of a benchmark run (also `rtl run`'s default).
pub const MAX_CYCLES: u64 = 2_000_000_000;

#[derive(Debug, Clone)]
pub struct BenchOptions {
    pub alg: String,
    pub lens: Vec<usize>,
    pub seed: u32,
    pub max_cycles: u64,
    pub engine: Engine,
    /// Key, customisation string, ..., output length.
    pub args: FnArgs,
    /// For an AEAD: key, nonce, associated data, tag length (`None`: [`AeadArgs::default_for`]).
    pub aead: Option<AeadArgs>,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            alg: "sha3-256".into(),
            lens: DEFAULT_LENS.to_vec(),
            seed: 0,
            max_cycles: MAX_CYCLES,
            engine: Engine::Sim,
            args: FnArgs::default(),
            aead: None,
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
    let args = FnArgs::default();
    run_harness_with(Engine::Sim, d, elf, alg, &args, lens, seed, max_cycles)
}

/// The benchmark harness's argv for a function, lengths and seed.
pub fn harness_argv(alg: &str, lens: &[usize], seed: u32) -> Vec<String> {
    harness_argv_with(alg, lens, seed, &FnArgs::default())
}

/// The benchmark harness's argv for a function with parameters, lengths and seed.
pub fn harness_argv_with(alg: &str, lens: &[usize], seed: u32, a: &FnArgs) -> Vec<String> {
    let lens_arg = lens
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut v = vec!["bench.elf".to_string(), alg.to_string(), lens_arg];
    v.extend(a.argv_tail(seed));
    v
}

/// Run the harness for a function with parameters on an engine and parse what it printed.
#[allow(clippy::too_many_arguments)]
pub fn run_harness_with(
    engine: Engine,
    d: &Design,
    elf: &Path,
    alg: &str,
    args: &FnArgs,
    lens: &[usize],
    seed: u32,
    max_cycles: u64,
) -> Result<HarnessOutput, FlowError> {
    if let Some(&l) = lens.iter().find(|&&l| l > MSG_MAX) {
        return Err(FlowError::Usage(format!(
            "message length {l} exceeds the harness's {MSG_MAX}-byte buffer"
        )));
    }
    run_harness_argv(
        engine,
        d,
        elf,
        harness_argv_with(alg, lens, seed, args),
        max_cycles,
    )
}

/// Run the harness with `argv` on an engine and parse what it printed.
pub fn run_harness_argv(
    engine: Engine,
    d: &Design,
    elf: &Path,
    argv: Vec<String>,
    max_cycles: u64,
) -> Result<HarnessOutput, FlowError> {
    if engine == Engine::Rtl {
        let prog = exec::load(elf)?;
        let out = crate::rtl::run_program(
            &crate::project::root(),
            d,
            &prog,
            crate::rtl::RtlOptions {
                argv: argv.clone(),
                max_cycles,
                ..Default::default()
            },
        )?
        .exited_zero()?;
        return Ok(harness::parse(&out.stdout)?);
    }
    let opts = ExecOptions {
        argv,
        max_cycles,
        profile: false,
        trace: None,
    };
    let out = exec::run_design(d, elf, opts)?.exited_zero()?;
    let mut h = harness::parse(&out.stdout)?;
    harness::fill_instret(&mut h, &out.cycle_reads)
        .map_err(|e| FlowError::Sim(format!("counting the harness's instructions: {e}")))?;
    Ok(h)
}

/// Benchmark one design for one function.
///
/// An AEAD ([`FIRMWARE_AEADS`]) runs one encryption per length with [`BenchOptions::aead`];
/// its "digest" is ciphertext || tag, right only if the firmware's decryption also gave the
/// plaintext back; its rate is [`aead_block`] and its permutation Keccak-p[b, 12].
pub fn bench(root: &Path, d: &Design, o: &BenchOptions) -> Result<BenchRecord, FlowError> {
    let aead = firmware_aead(&o.alg);
    let aead_args = aead.map(|a| o.aead.clone().unwrap_or_else(|| AeadArgs::default_for(a)));
    let (rate, (l1, l2)) = match (aead, &aead_args) {
        (Some(a), Some(x)) => {
            x.check(a)?;
            (aead_block(a), steady_lens(aead_block(a)))
        }
        _ => {
            o.args.check(&o.alg)?;
            (alg_shape(&o.alg)?.0, cpb_lens(&o.alg, &o.args)?)
        }
    };
    let elf = crate::firmware::build(root, d)?;
    let mut lens: Vec<usize> = o.lens.clone();
    for l in [l1, l2] {
        if !lens.contains(&l) {
            lens.push(l);
        }
    }
    if let Some(&l) = lens.iter().find(|&&l| l > MSG_MAX) {
        return Err(FlowError::Usage(format!(
            "message length {l} exceeds the harness's {MSG_MAX}-byte buffer"
        )));
    }
    let argv = match (aead, &aead_args) {
        (Some(a), Some(x)) => x.argv(a, &lens, o.seed, None),
        _ => harness_argv_with(&o.alg, &lens, o.seed, &o.args),
    };
    let h = run_harness_argv(o.engine, d, &elf, argv, o.max_cycles)?;
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
        let want = match (aead, &aead_args) {
            (Some(a), Some(x)) => x.golden(a, &harness_message(o.seed, len)),
            _ => golden_digest_with(&o.alg, o.seed, len, &o.args),
        };
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
            digest_ok: r.digest == want && r.verify != Some(false),
        });
    }
    let at = |len: usize| runs.iter().find(|r| r.len == len);
    let c = |len: usize| at(len).map_or(0, |r| r.cycles);
    let i = |len: usize| at(len).map_or(0, |r| r.instret);
    let cycles_per_byte = (c(l2) as f64 - c(l1) as f64) / (l2 - l1) as f64;
    let instr_per_byte = (i(l2) as f64 - i(l1) as f64) / (l2 - l1) as f64;
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
        cycles_per_byte,
        cycles_per_block: cycles_per_byte * rate as f64,
        instr_per_byte,
        cpb_lens: [l1, l2],
        cycles_per_permutation: perm_cycles,
        instret_per_permutation: perm_instret,
        code_size_bytes,
        digest_ok: runs.iter().all(|r| r.digest_ok),
        runs,
        aead: aead.map(|a| crate::results::AeadPerm {
            width: a.width(),
            route: h.perm_route.clone().unwrap_or_default(),
            calls: h
                .hashes
                .iter()
                .find(|r| r.len == l2)
                .and_then(|r| r.perms)
                .unwrap_or_default(),
        }),
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
        let gen: Vec<&str> = sha3_golden::tables::algs().map(|a| a.name()).collect();
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
        assert_eq!(
            hex(&d),
            "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"
        );
    }
}
