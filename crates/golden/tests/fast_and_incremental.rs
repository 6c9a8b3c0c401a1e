//! The fast Keccak-f[1600] against the readable reference on random states; incremental
//! absorbing with random splits and incremental squeezing against one-shot results.

use sha3_golden::{
    hash, keccak_f1600, keccak_p, keccak_p1600, new_hasher, steps, Algorithm, Params, SplitMix64,
};

fn random_state(rng: &mut SplitMix64) -> [u64; 25] {
    let mut s = [0u64; 25];
    for l in s.iter_mut() {
        *l = rng.next_u64();
    }
    s
}

#[test]
fn fast_f1600_equals_reference_on_random_states() {
    let mut rng = SplitMix64(1);
    for _ in 0..500 {
        let s0 = random_state(&mut rng);
        let (mut a, mut b) = (s0, s0);
        keccak_f1600(&mut a);
        keccak_p(&mut b, 1600, 24);
        assert_eq!(a, b, "state {s0:016x?}");
    }
}

#[test]
fn fast_p1600_equals_reference_for_every_round_count() {
    let mut rng = SplitMix64(2);
    for nr in 0..=24 {
        for _ in 0..20 {
            let s0 = random_state(&mut rng);
            let (mut a, mut b) = (s0, s0);
            keccak_p1600(&mut a, nr);
            keccak_p(&mut b, 1600, nr);
            assert_eq!(a, b, "nr = {nr}");
        }
    }
}

#[test]
fn keccak_p_rounds_compose_and_steps_match_round() {
    // Keccak-p[b, nr] for nr > 12 + 2l uses negative round indices;
    // Keccak-p[b, 12+2l] equals Keccak-p[b, k] after rounds 0..12+2l-k-1 done by hand.
    let mut rng = SplitMix64(3);
    for b in [25usize, 50, 100, 200, 400, 800, 1600] {
        let w = b / 25;
        let nr = 12 + 2 * w.trailing_zeros() as usize;
        let m = if w == 64 { u64::MAX } else { (1 << w) - 1 };
        let mut s0 = random_state(&mut rng);
        for l in s0.iter_mut() {
            *l &= m;
        }
        let mut full = s0;
        keccak_p(&mut full, b, nr);
        let mut manual = s0;
        for ir in 0..4 {
            steps::theta(&mut manual, w);
            steps::rho(&mut manual, w);
            steps::pi(&mut manual, w);
            steps::chi(&mut manual, w);
            steps::iota(&mut manual, w, ir);
        }
        keccak_p(&mut manual, b, nr - 4);
        assert_eq!(full, manual, "b = {b}");
        // More rounds than 12+2l is defined too, and differs from the default.
        let mut more = s0;
        keccak_p(&mut more, b, nr + 2);
        assert_ne!(more, full, "b = {b}");
    }
}

#[test]
fn incremental_update_with_random_splits_equals_one_shot() {
    let mut rng = SplitMix64(4);
    for &alg in Algorithm::ALL {
        let p = Params {
            key: b"key material".to_vec(),
            customization: b"custom".to_vec(),
            block_size: 100,
            ..Params::default()
        };
        for _ in 0..8 {
            let len = rng.below(1200) as usize;
            let msg = sha3_golden::test_message(rng.next_u64(), len);
            let out_len = alg
                .fixed_output_len()
                .unwrap_or(1 + rng.below(300) as usize);
            let one = hash(alg, &p, &msg, out_len).unwrap();
            let mut h = new_hasher(alg, &p).unwrap();
            let mut rest = &msg[..];
            while !rest.is_empty() {
                let n = (rng.below(rest.len() as u64 + 1) as usize).min(rest.len());
                h.update(&rest[..n]);
                rest = &rest[n..];
            }
            assert_eq!(h.finalize_vec(out_len), one, "{} len {len}", alg.name());
        }
    }
}

#[test]
fn incremental_squeeze_equals_one_shot_long_output() {
    let mut rng = SplitMix64(5);
    for &alg in Algorithm::ALL.iter().filter(|a| a.is_xof()) {
        let p = Params {
            key: b"k".to_vec(),
            ..Params::default()
        };
        let msg = sha3_golden::test_message(9, 500);
        let total = 3000;
        let mut h = new_hasher(alg, &p).unwrap();
        h.update(&msg);
        let one = h.finalize_vec(total);
        let mut h = new_hasher(alg, &p).unwrap();
        h.update(&msg);
        let mut r = h.finalize_xof();
        let mut got = Vec::new();
        while got.len() < total {
            let n = (1 + rng.below(400) as usize).min(total - got.len());
            let mut buf = vec![0u8; n];
            r.squeeze(&mut buf);
            got.extend(buf);
        }
        assert_eq!(got, one, "{}", alg.name());
    }
}

#[test]
fn non_xof_refuses_xof_and_wrong_lengths() {
    let h = new_hasher(Algorithm::Sha3_256, &Params::default()).unwrap();
    let e = h.try_finalize_xof().err().unwrap();
    assert_eq!(
        e.to_string(),
        "sha3-256 is not an extendable-output function"
    );
    let e = hash(Algorithm::Sha3_512, &Params::default(), b"", 32).unwrap_err();
    assert!(
        e.to_string().contains("fixed output length of 64 bytes"),
        "{e}"
    );
}

#[test]
fn names_round_trip() {
    for &a in Algorithm::ALL {
        assert_eq!(Algorithm::from_name(a.name()), Some(a));
    }
    assert_eq!(Algorithm::from_name("SHA3_256"), Some(Algorithm::Sha3_256));
    assert_eq!(Algorithm::from_name("md5"), None);
    assert_eq!(Algorithm::ALL.len(), 24);
}

#[test]
fn test_message_is_splitmix64() {
    // splitmix64 with seed 0: first output 0xE220A8397B1DCDAF (Vigna's reference generator).
    assert_eq!(
        sha3_golden::test_message(0, 8),
        0xE220_A839_7B1D_CDAFu64.to_le_bytes()
    );
    let a = sha3_golden::test_message(7, 100);
    assert_eq!(&sha3_golden::test_message(7, 37)[..], &a[..37]);
}
