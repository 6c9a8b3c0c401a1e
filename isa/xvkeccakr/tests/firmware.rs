//! End to end: the rv32-v-keccakr firmware on the simulator (rv32im_zve64x_xvkeccakr, zscale
//! timing) against the golden model: every SHA-3 function for lengths 0..=300 (the testkit's
//! firmware tests), and Keyak / Ketje through the harness's AEAD mode, whose Keccak-p[b]
//! for b = 200, 400, 800 and 1600 must run on the kernel (route "kernel").

use asip_flow::exec::{self, ExecOptions};
use sha3_golden::aead::{encrypt, Aead};
use sha3_golden::test_message;

asip_testkit::firmware_tests!("rv32-v-keccakr");

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn keyak_and_ketje_run_on_the_extension_and_match_the_golden_model() {
    let Some(fw) = asip_testkit::firmware::firmware("rv32-v-keccakr") else {
        return;
    };
    let prog = exec::load(&fw.elf).unwrap();
    let algs = [
        (Aead::RiverKeyak, 800),
        (Aead::LakeKeyak, 1600),
        (Aead::KetjeJr, 200),
        (Aead::KetjeSr, 400),
        (Aead::KetjeMinor, 800),
        (Aead::KetjeMajor, 1600),
    ];
    for (i, (alg, b)) in algs.into_iter().enumerate() {
        let key = test_message(i as u64, if b == 200 { 9 } else { 16 });
        let nonce = test_message(50 + i as u64, alg.max_nonce_len(key.len()).min(8));
        let ad = test_message(70 + i as u64, 5);
        for len in [0usize, 1, 37, 300] {
            let msg = test_message(90 + len as u64, len);
            let mut argv: Vec<String> = ["bench.elf", alg.name(), &len.to_string()]
                .map(String::from)
                .into();
            argv.extend([
                format!("key={}", hex(&key)),
                format!("nonce={}", hex(&nonce)),
                format!("ad={}", hex(&ad)),
            ]);
            if len > 0 {
                argv.push(format!("msg={}", hex(&msg)));
            }
            let o = ExecOptions {
                argv,
                max_cycles: 100_000_000,
                ..Default::default()
            };
            let out = exec::run_program(&fw.design, &prog, o).unwrap();
            assert!(
                out.stdout
                    .contains(&format!("perm b={b} rounds=12 route=kernel")),
                "{alg:?}: Keccak-p[{b}] on the kernel\n{}",
                out.stdout
            );
            let (c, tag) = encrypt(alg, &key, &nonce, &ad, &msg, 16).unwrap();
            let line = out
                .stdout
                .lines()
                .find(|l| l.starts_with("hash "))
                .expect("a hash line");
            assert!(
                line.contains(&format!(" digest={}{} ", hex(&c), hex(&tag)))
                    && line.contains("verify=ok")
                    && line.contains(" perms=")
                    && line.ends_with("/0/0"),
                "{alg:?} len {len}: {line}"
            );
        }
    }
}
