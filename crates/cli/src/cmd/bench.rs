//! `sha3-asip bench`: benchmark a design's kernel on its cycle model.

use super::flow_support::{find_design, parse_lens, root};
use super::{parse_alg, parse_hex, FnParamArgs};
use crate::error::{CliError, Result};
use asip_flow::bench::{self, AeadArgs, BenchOptions, Engine, FnArgs};
use clap::Args;

#[derive(Args, Debug)]
#[command(after_help = "\
Builds the design's firmware if needed, runs the benchmark harness on the simulator, checks
every digest against the golden model and reports cycles and instructions per message
length, long-message cycles per byte (steady-state cycles per byte between two messages 8
absorbed blocks apart; for ParallelHash and KangarooTwelve between one and three tree units
of B or 8192 bytes), cycles per Keccak-f[1600] permutation, and the kernel's code size (text
+ rodata + data between the ELF's __kernel_* symbols; the shared sponge layer is not
counted). Every SHA-3-family function runs: SHA3-n, SHAKE, cSHAKE, KMAC(XOF), TupleHash(XOF),
ParallelHash(XOF), TurboSHAKE, KT128/KT256, with their parameters (KMAC's key defaults to
empty here). Exit code 1 if a digest is wrong.

AEADs: lake-keyak, river-keyak, ketje-jr, ketje-sr, ketje-minor, ketje-major run the firmware's
Keyak v2 / Ketje v2 (firmware/aead/): one encryption per length, checked (ciphertext || tag)
against the golden model and decrypted again on the design. --key, --nonce, --ad (hex)
default to the key 000102..0f, the nonce 1011.. (16 bytes, Ketje Jr 6) and no associated
data; -l sets Ketje's tag length (Keyak: 16). Long-message c/B and instr/B are per byte of
plaintext over 8 blocks (Keyak: Rs = 168 / 68 bytes, Ketje: rho = 32, 16, 4, 2 bytes), and
the permutation is Keccak-p[b, 12] on the route the AEAD uses: the design's kernel_keccakp,
its Keccak-f[1600] kernel (b = 1600, even rounds: Ketje's 1-round steps then run on the
portable C) or the portable C (firmware/include/kernel.h).

Examples:
  sha3-asip bench --design rv32-ref
  sha3-asip bench --design rv32-zbkb --alg kmac256 --key 404142 --customization tag --json
  sha3-asip bench --design rv32-sw --alg all --len 0,64,1024 --json")]
pub struct BenchArgs {
    /// Design name (see `sha3-asip designs`).
    #[arg(long)]
    pub design: String,
    /// Function (any name of `sha3-asip hash --help`, e.g. sha3-256, kmac128, kt256, or an
    /// AEAD: lake-keyak, river-keyak, ketje-jr|sr|minor|major), or all.
    #[arg(long, default_value = "sha3-256")]
    pub alg: String,
    #[command(flatten)]
    pub p: FnParamArgs,
    /// AEAD nonce in hex (Keyak, Ketje).
    #[arg(long)]
    pub nonce: Option<String>,
    /// AEAD associated data in hex (Keyak, Ketje).
    #[arg(long)]
    pub ad: Option<String>,
    /// Message lengths in bytes, comma-separated.
    #[arg(long, default_value = "0,64,136,1024,16384")]
    pub len: String,
    /// Seed of the message generator.
    #[arg(long, default_value_t = 0)]
    pub seed: u32,
    /// Print one JSON object (an array with --alg all).
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &BenchArgs) -> Result<u8> {
    if let Some(aead) = bench::firmware_aead(&a.alg) {
        return bench_aead(a, aead);
    }
    if let Some(x) = sha3_golden::Aead::from_name(&a.alg) {
        return Err(CliError::usage(format!(
            "{x} is not on the firmware: it runs Keyak with one piston and every Ketje ({})",
            aead_names()
        )));
    }
    if a.nonce.is_some() || a.ad.is_some() {
        return Err(CliError::usage(format!(
            "--nonce and --ad apply to the AEADs ({}), not to {}",
            aead_names(),
            a.alg
        )));
    }
    bench_on(&a.design, &a.alg, &a.p, &a.len, a.seed, a.json, Engine::Sim)
}

fn aead_names() -> String {
    bench::FIRMWARE_AEADS.map(|x| x.name()).join(", ")
}

/// `bench` of a firmware AEAD.
fn bench_aead(a: &BenchArgs, aead: sha3_golden::Aead) -> Result<u8> {
    let p = &a.p;
    if p.customization.is_some()
        || p.function_name.is_some()
        || p.block_size.is_some()
        || p.domain.is_some()
    {
        return Err(CliError::usage(format!(
            "{} takes --key, --nonce, --ad and -l (tag length) only",
            aead.name()
        )));
    }
    let mut x = AeadArgs::default_for(aead);
    if let Some(k) = &p.key {
        x.key = parse_hex("--key", k)?;
    }
    if let Some(n) = &a.nonce {
        x.nonce = parse_hex("--nonce", n)?;
    }
    if let Some(d) = &a.ad {
        x.ad = parse_hex("--ad", d)?;
    }
    if let Some(l) = p.length {
        x.tag_len = l;
    }
    let d = find_design(&a.design)?;
    let o = BenchOptions {
        alg: aead.name().to_string(),
        lens: parse_lens(&a.len)?,
        seed: a.seed,
        aead: Some(x),
        ..BenchOptions::default()
    };
    let r = bench::bench(&root(), &d, &o)?;
    print_records(std::slice::from_ref(&r), a.json)?;
    if r.digest_ok {
        Ok(0)
    } else {
        Err(CliError::new(format!(
            "design '{}' produced wrong ciphertexts or tags for {} on the simulator (see the table)",
            d.name,
            aead.name()
        )))
    }
}

/// `bench` on an engine (simulator or RTL): every requested function, printed as a table
/// or JSON; an error when a digest is wrong.
pub fn bench_on(
    design: &str,
    alg: &str,
    p: &FnParamArgs,
    len: &str,
    seed: u32,
    json: bool,
    engine: Engine,
) -> Result<u8> {
    let d = find_design(design)?;
    let lens = parse_lens(len)?;
    let algs: Vec<String> = if alg == "all" {
        bench::family_algs().iter().map(|s| s.to_string()).collect()
    } else {
        vec![parse_alg(alg)?.name().to_string()]
    };
    let mut records = Vec::new();
    for alg in &algs {
        let (params, out_len) = p.resolve_for(parse_alg(alg)?, false)?;
        let o = BenchOptions {
            alg: alg.clone(),
            lens: lens.clone(),
            seed,
            engine,
            args: FnArgs {
                params,
                out_len: p.length.map(|_| out_len),
            },
            ..BenchOptions::default()
        };
        records.push(bench::bench(&root(), &d, &o)?);
    }
    print_records(&records, json)?;
    if records.iter().all(|r| r.digest_ok) {
        Ok(0)
    } else {
        Err(CliError::new(format!(
            "design '{}' produced wrong digests on the {} (see the table)",
            d.name,
            if engine == Engine::Rtl {
                "RTL"
            } else {
                "simulator"
            }
        )))
    }
}

/// Print benchmark records as a table or (with `json`) as JSON.
pub fn print_records(records: &[asip_flow::results::BenchRecord], json: bool) -> Result<()> {
    if json {
        let text = if records.len() == 1 {
            serde_json::to_string_pretty(&records[0])
        } else {
            serde_json::to_string_pretty(&records)
        }
        .map_err(|e| CliError::new(e.to_string()))?;
        println!("{text}");
    } else {
        for r in records {
            // 0 = not counted: MIPS32 has no user-readable instruction counter; the simulator
            // counts the harness's intervals (harness::fill_instret), the RTL does not.
            let instr = if r.instret_per_permutation == 0 {
                "n/a".to_string()
            } else {
                r.instret_per_permutation.to_string()
            };
            let [l1, l2] = r.cpb_lens;
            println!(
                "{} {}: {:.1} cycles/byte (long message), {} cycles/permutation ({instr} instructions), code {} bytes",
                r.design, r.alg, r.cycles_per_byte, r.cycles_per_permutation, r.code_size_bytes
            );
            println!(
                "  long-message c/B = (cycles({l2}) - cycles({l1})) / ({l2} - {l1}): the steady state, without\n  \
                 the fixed cost of padding and squeezing that the per-length c/B below include"
            );
            if let Some(x) = &r.aead {
                println!(
                    "  permutation: Keccak-p[{}, 12] on the route '{}'; calls in the {}-byte message by route (kernel_keccakp / kernel_permute / portable C): {}/{}/{}",
                    x.width, x.route, l2, x.calls[0], x.calls[1], x.calls[2]
                );
            }
            println!(
                "  {:>7} {:>12} {:>12} {:>10}  digest",
                "len", "cycles", "instret", "c/B"
            );
            let row = |run: &asip_flow::results::RunRecord, note: &str| {
                println!(
                    "  {:>7} {:>12} {:>12} {:>10}  {}{note}",
                    run.len,
                    run.cycles,
                    run.instret,
                    run.cycles_per_byte
                        .map(|v| format!("{v:.1}"))
                        .unwrap_or_else(|| "-".into()),
                    if run.digest_ok { "ok" } else { "WRONG" }
                );
            };
            let mut asked: Vec<_> = r
                .runs
                .iter()
                .filter(|x| !r.cpb_lens.contains(&x.len))
                .collect();
            asked.sort_by_key(|x| x.len);
            for run in asked {
                row(run, "");
            }
            for run in r.runs.iter().filter(|x| r.cpb_lens.contains(&x.len)) {
                row(run, "  (steady-state pair)");
            }
        }
    }
    Ok(())
}
