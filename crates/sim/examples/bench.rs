//! `cargo run --release -p asip-sim --example bench [iterations]`: simulator speed.
fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000_000);
    let t = asip_sim::TimingParams::preset("zscale").expect("preset");
    match asip_sim::bench_loop(n, &t) {
        Ok(r) => println!(
            "{} instructions, {} cycles, {:.3} s, {:.1} MIPS (simulated instructions/s, timing on)",
            r.instret, r.cycles, r.seconds, r.mips
        ),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
