//! Subcommands, one module each, plus the hash-parameter options they share.

pub mod bench;
pub mod bench_host;
pub mod bench_sim;
pub mod designs;
pub mod firmware;
pub mod flow_support;
pub mod fuzz;
pub mod hash;
pub mod hash_aead;
pub mod hash_args;
pub mod hw;
pub mod profile;
pub mod report;
pub mod reproduce;
pub mod riscv_tests;
pub mod rtl;
pub mod run;
pub mod sweep;
pub mod trace;
pub mod vectors;

use crate::error::{CliError, Result};
use clap::Args;
use sha3_golden::{Algorithm, Params};

/// The largest output length `-l` accepts (the digest is one line of hex).
pub const MAX_OUTPUT_LEN: usize = 1 << 20;

/// Options selecting a function and its parameters (shared by `hash` and `vectors`).
#[derive(Args, Debug, Clone)]
pub struct AlgArgs {
    /// Function name (see the list below; e.g. sha3-256, shake128, kmac256, kt128).
    #[arg(short = 'a', long = "alg", alias = "algorithm", value_name = "NAME")]
    pub alg: String,
    #[command(flatten)]
    pub p: FnParamArgs,
}

/// A function's parameters and output length (shared by `hash`, `vectors` and `bench`).
#[derive(Args, Debug, Clone, Default)]
pub struct FnParamArgs {
    /// Output length in bytes: for XOFs, and L for KMAC/TupleHash/ParallelHash.
    /// Default: the digest size for SHA3-n, 32 for *128 functions, 64 for *256. At most 1 MiB.
    #[arg(short = 'l', long = "length", value_name = "BYTES")]
    pub length: Option<usize>,
    /// Customization string S (cSHAKE, KMAC, TupleHash, ParallelHash) or C (KT128/KT256).
    #[arg(long, value_name = "STR")]
    pub customization: Option<String>,
    /// Function-name string N (cSHAKE only).
    #[arg(long, value_name = "STR")]
    pub function_name: Option<String>,
    /// Key in hex (KMAC, Keyak and Ketje; required).
    #[arg(long, value_name = "HEX")]
    pub key: Option<String>,
    /// Block size B in bytes (ParallelHash; default 8192).
    #[arg(long, value_name = "BYTES")]
    pub block_size: Option<usize>,
    /// Domain-separation byte D in hex, 01..7F (TurboSHAKE; default 1F).
    #[arg(long, value_name = "HEX")]
    pub domain: Option<String>,
}

/// The list of valid function names, for error messages and help.
pub fn names_list() -> String {
    Algorithm::ALL
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Help of an `--alg` option: `what`, then the names of `Algorithm::ALL` (those of the
/// plain sponge family only with `sponge_only`, what the Keccak hardware cases implement),
/// so the list follows the golden model.
pub fn alg_help(what: &str, sponge_only: bool, tail: &str) -> String {
    let names: Vec<&str> = Algorithm::ALL
        .iter()
        .filter(|a| !sponge_only || a.family() == sha3_golden::Family::Sponge)
        .map(|a| a.name())
        .collect();
    format!("{what}: {}{tail}", names.join(", "))
}

pub fn parse_alg(name: &str) -> Result<Algorithm> {
    Algorithm::from_name(name).ok_or_else(|| {
        CliError::usage(format!(
            "unknown algorithm '{name}'; valid names: {}",
            names_list()
        ))
    })
}

pub fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let s = s.strip_prefix("0x").unwrap_or(&s);
    if s.len() % 2 != 0 || !s.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(CliError::usage(format!(
            "{what}: expected an even number of hex digits, got '{s}'"
        )));
    }
    Ok((0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect())
}

impl AlgArgs {
    /// Resolve the algorithm, its parameters and the output length; rejects options the
    /// function does not use; KMAC needs a key.
    pub fn resolve(&self) -> Result<(Algorithm, Params, usize)> {
        let alg = parse_alg(&self.alg)?;
        let (p, len) = self.p.resolve_for(alg, true)?;
        Ok((alg, p, len))
    }
}

impl FnParamArgs {
    /// The parameters and output length for `alg`; rejects options the function does not
    /// use; with `key_required`, KMAC without `--key` is an error (otherwise the key is empty).
    pub fn resolve_for(&self, alg: Algorithm, key_required: bool) -> Result<(Params, usize)> {
        use Algorithm::*;
        let mut p = Params::default();
        let takes_custom = !matches!(
            alg,
            Sha3_224
                | Sha3_256
                | Sha3_384
                | Sha3_512
                | Shake128
                | Shake256
                | TurboShake128
                | TurboShake256
        );
        let is_kmac = matches!(alg, Kmac128 | Kmac256 | KmacXof128 | KmacXof256);
        let is_ph = matches!(
            alg,
            ParallelHash128 | ParallelHash256 | ParallelHashXof128 | ParallelHashXof256
        );
        let reject = |opt: &str| {
            Err(CliError::usage(format!(
                "{opt} does not apply to {}",
                alg.name()
            )))
        };
        if let Some(c) = &self.customization {
            if !takes_custom {
                return reject("--customization");
            }
            p.customization = c.as_bytes().to_vec();
        }
        if let Some(n) = &self.function_name {
            if !matches!(alg, CShake128 | CShake256) {
                return reject("--function-name");
            }
            p.function_name = n.as_bytes().to_vec();
        }
        match &self.key {
            Some(k) if is_kmac => p.key = parse_hex("--key", k)?,
            Some(_) => return reject("--key"),
            None if is_kmac && key_required => {
                return Err(CliError::usage(format!(
                    "{} requires a key: --key HEX (--key '' for the empty key)",
                    alg.name()
                )))
            }
            None => {}
        }
        if let Some(b) = self.block_size {
            if !is_ph {
                return reject("--block-size");
            }
            p.block_size = b;
        }
        if let Some(d) = &self.domain {
            if !matches!(alg, TurboShake128 | TurboShake256) {
                return reject("--domain");
            }
            let v = parse_hex("--domain", d)?;
            if v.len() != 1 {
                return Err(CliError::usage("--domain takes one byte, e.g. 1F"));
            }
            p.domain = v[0];
        }
        let len = match (self.length, alg.fixed_output_len()) {
            (Some(l), Some(f)) if l != f => {
                return Err(CliError::usage(format!(
                    "{} has a fixed output length of {f} bytes; drop -l/--length",
                    alg.name()
                )))
            }
            (Some(l), _) if l > MAX_OUTPUT_LEN => {
                return Err(CliError::usage(format!(
                "-l/--length: {l} bytes is more than the limit of {MAX_OUTPUT_LEN} bytes (1 MiB)"
            )))
            }
            (Some(l), _) => l,
            (None, _) => alg.default_output_len(),
        };
        // Let the library check the rest (block size 0, domain range).
        sha3_golden::new_hasher(alg, &p)?;
        Ok((p, len))
    }
}
