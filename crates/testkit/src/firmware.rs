//! A design's firmware on the simulator, checked against the golden model; everything is
//! delegated to `asip_flow` (the same code `sha3-asip bench` and `reproduce` run).

use asip_flow::bench::{alg_shape, golden_digest, run_harness};
use asip_flow::design::Design;
use asip_flow::harness::{HarnessOutput, HashRun};
use asip_flow::results::ConstantTimeRecord;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// A design with its built benchmark ELF.
#[derive(Debug, Clone)]
pub struct Firmware {
    pub design: Design,
    pub elf: PathBuf,
}

/// Build `designs/<name>.toml`'s firmware (`asip_flow::firmware::build`) once per test
/// process; `None` after a loud SKIPPED line when the design's cross compiler is missing.
pub fn firmware(name: &str) -> Option<Firmware> {
    static BUILT: OnceLock<Mutex<HashMap<String, Option<PathBuf>>>> = OnceLock::new();
    let root = crate::root();
    let design = asip_flow::design::find(&root.join("designs"), name)
        .unwrap_or_else(|e| panic!("design {name}: {e}"));
    // the lock is held while building: tests of one binary share one build
    let mut built = BUILT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let elf = built
        .entry(name.to_string())
        .or_insert_with(|| {
            let cc = asip_flow::firmware::compiler_for(design.arch);
            if let Err(e) = asip_flow::project::require(cc) {
                crate::skip(cc.program, &format!("the {name} firmware test ({e})"));
                return None;
            }
            Some(
                asip_flow::firmware::build(&root, &design)
                    .unwrap_or_else(|e| panic!("firmware of {name}: {e}")),
            )
        })
        .clone()?;
    Some(Firmware { design, elf })
}

impl Firmware {
    /// The same ELF on another ISA string (e.g. without an extension the kernel does not use).
    pub fn on_isa(&self, isa: &str) -> Firmware {
        let mut f = self.clone();
        f.design.isa = isa.to_string();
        f
    }

    /// Run the harness (`bench.elf ALG LENS SEED`) on the design's core and timing model.
    pub fn run(&self, alg: &str, lens: &[usize], seed: u32) -> HarnessOutput {
        run_harness(&self.design, &self.elf, alg, lens, seed, 0)
            .unwrap_or_else(|e| panic!("{} {alg}: {e}", self.design.name))
    }

    /// Run `alg` for `lens` with `seed` and assert one result per length, in order, each
    /// with the golden model's digest of the harness message; returns the results.
    pub fn check_digests(&self, alg: &str, lens: &[usize], seed: u32) -> Vec<HashRun> {
        let (_, out_len) = alg_shape(alg).expect("harness algorithm");
        let h = self.run(alg, lens, seed);
        let got: Vec<usize> = h.hashes.iter().map(|r| r.len).collect();
        assert_eq!(got, lens, "{} {alg}: lengths printed", self.design.name);
        for r in &h.hashes {
            assert_eq!(r.alg, alg);
            assert_eq!(r.seed, seed);
            assert_eq!(
                r.digest,
                golden_digest(alg, seed, r.len, out_len),
                "{} (isa {}) {alg} len {} seed {seed}",
                self.design.name,
                self.design.isa,
                r.len
            );
        }
        h.hashes
    }

    /// `asip_flow::profile::constant_time`: `messages` random `len`-byte messages (seeds
    /// 1..=messages, every digest checked against the golden model); asserts that all took
    /// the same number of cycles and returns the record.
    pub fn constant_time(&self, alg: &str, len: usize, messages: usize) -> ConstantTimeRecord {
        let r = asip_flow::profile::constant_time(&crate::root(), &self.design, alg, len, messages)
            .unwrap_or_else(|e| panic!("{} constant time: {e}", self.design.name));
        assert_eq!(r.messages, messages);
        assert!(
            r.ok && r.distinct_cycle_counts == 1 && r.min_cycles == r.max_cycles,
            "{} {alg} len {len}: cycles differ: {r:?}",
            self.design.name
        );
        r
    }

    /// The ELF file as little-endian 32-bit words (to look for instruction encodings).
    pub fn words(&self) -> Vec<u32> {
        let bytes = std::fs::read(&self.elf).expect("read elf");
        bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// Every operation in `names` is in the ELF as an encoding `spec` decodes (the firmware
    /// really executes the extension's instructions, not an emulation).
    pub fn assert_uses(&self, spec: &asip_sim::spec::ExtSpec, names: &[&str]) {
        let words = self.words();
        for name in names {
            assert!(
                words
                    .iter()
                    .any(|&w| spec.decode(w).map(|d| d.name()) == Some(*name)),
                "no {name} in the ELF"
            );
        }
    }
}

/// Every length 0..=300 of `alg` with seed 0 against the golden model (skips loudly
/// without the design's compiler).
pub fn check_lengths_0_to_300(design: &str, alg: &str) {
    let Some(fw) = firmware(design) else {
        return;
    };
    let lens: Vec<usize> = (0..=300).collect();
    fw.check_digests(alg, &lens, 0);
}

/// 50 random 200-byte SHA3-256 messages take identical cycles, more than `min_cycles`.
pub fn check_constant_time(design: &str, min_cycles: u64) {
    let Some(fw) = firmware(design) else {
        return;
    };
    let r = fw.constant_time("sha3-256", 200, 50);
    assert!(r.min_cycles > min_cycles, "{r:?}");
}

/// The end-to-end tests every extension's design gets: SHA3-256/512 and SHAKE128/256 for
/// lengths 0..=300 against the golden model, and constant time over 50 messages (with a
/// lower bound on the cycles, default 0).
#[macro_export]
macro_rules! firmware_tests {
    (@lengths $design:expr; $($name:ident = $alg:literal),*) => {
        $(
            #[test]
            fn $name() {
                $crate::firmware::check_lengths_0_to_300($design, $alg);
            }
        )*
    };
    ($design:expr) => {
        $crate::firmware_tests!($design, 0);
    };
    ($design:expr, $min_cycles:expr) => {
        $crate::firmware_tests!(@lengths $design;
            sha3_256_lengths_0_to_300 = "sha3-256",
            sha3_512_lengths_0_to_300 = "sha3-512",
            shake128_lengths_0_to_300 = "shake128",
            shake256_lengths_0_to_300 = "shake256"
        );
        #[test]
        fn constant_time_over_50_messages() {
            $crate::firmware::check_constant_time($design, $min_cycles);
        }
    };
}
