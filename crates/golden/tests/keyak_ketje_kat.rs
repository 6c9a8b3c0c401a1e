//! Keyak v2 and Ketje v2 against the Keccak team's known-answer files
//! (testdata/kat/keyak-ketje/, from XKCP; README there): every ciphertext and tag of
//! KetjeJr/Sr/Mn/Mj.txt and RiverKeyak.txt, every unwrap of them, and each file's global tag.
//! Lake, Sea, Ocean and Lunar Keyak have no file in the repository (LakeKeyak.txt is 4.7 MB):
//! their test is a port of the generator of XKCP's tests/UnitTests/testKeyakv2.inc, checked
//! against the global tag XKCP's testKeyakv2.c embeds for each instance.

mod common;

use common::{read_kat, unhex};
use sha3_golden::aead::{Aead, Ketje, Keyak, TAG_LEN};
use sha3_golden::kat::{KatFile, Wrap, KETJE_FILES};
use sha3_golden::Error;

/// A wrap's ciphertext and tag are the file's; a failure names the wrap (`what`) and its
/// inputs (associated data A and the plaintext, `plain` as the scheme names it).
fn assert_wrap(w: &Wrap, (c, t): (Vec<u8>, Vec<u8>), plain: &str, what: &str) {
    assert_eq!(
        (&c, &t),
        (&w.cipher, &w.tag),
        "{what} (A {:02x?}, {plain} {:02x?})",
        w.ad,
        w.plain
    );
}

fn ketje_file(alg: Aead, file: &str) -> usize {
    let kat = KatFile::ketje(&read_kat(&format!("keyak-ketje/{file}")));
    let mut checksum_ad = Vec::new();
    for s in &kat.sessions {
        let mut wrap = Ketje::new(alg, &s.key, &s.nonce).unwrap();
        let mut unwrap = Ketje::new(alg, &s.key, &s.nonce).unwrap();
        for (n, w) in s.wraps.iter().enumerate() {
            let what = format!("{file}: wrap {n}");
            assert_wrap(w, wrap.wrap(&w.ad, &w.plain, w.tag.len()), "B", &what);
            let p = unwrap.unwrap(&w.ad, &w.cipher, &w.tag).unwrap();
            assert_eq!(p, w.plain, "{file}: unwrap {n}");
            checksum_ad.extend_from_slice(&w.cipher);
            checksum_ad.extend_from_slice(&w.tag);
        }
    }
    let mut g = Ketje::new(alg, &[], &[]).unwrap();
    let (_, t) = g.wrap(&checksum_ad, &[], 16);
    assert_eq!(Some(t), kat.global_tag, "{file}: global tag");
    assert!(kat.wraps() > 0);
    kat.wraps()
}

#[test]
fn ketje_kat_every_instance() {
    for (alg, file) in KETJE_FILES {
        let n = ketje_file(alg, file);
        eprintln!("{alg}: {n} wraps");
    }
}

/// The global session of XKCP's Keyak test: empty key and nonce, every output fed as metadata.
struct Global(Keyak);

impl Global {
    fn new(alg: Aead) -> Global {
        Global(Keyak::start(alg, &[], &[], false, false).unwrap().0)
    }
    fn feed(&mut self, x: &[u8]) {
        self.0.wrap(x, &[], false).unwrap();
    }
    fn tag(mut self) -> Vec<u8> {
        self.0.wrap(&[], &[], false).unwrap().1
    }
}

#[test]
fn river_keyak_kat() {
    let alg = Aead::RiverKeyak;
    let kat = KatFile::keyak(&read_kat("keyak-ketje/RiverKeyak.txt"));
    let mut global = Global::new(alg);
    let mut wraps = 0;
    for s in &kat.sessions {
        let start = || {
            let (w, t) = Keyak::start(alg, &s.key, &s.nonce, s.tag_flag, s.forget).unwrap();
            assert_eq!(
                t, s.start_tag,
                "start tag (K {:02x?}, N {:02x?})",
                s.key, s.nonce
            );
            w
        };
        let (mut wr, mut un) = (start(), start());
        if let Some(t) = &s.start_tag {
            global.feed(t);
        }
        for w in &s.wraps {
            let what = format!("wrap {wraps}");
            assert_wrap(w, wr.wrap(&w.ad, &w.plain, w.forget).unwrap(), "I", &what);
            assert_eq!(
                un.unwrap(&w.ad, &w.cipher, &w.tag, w.forget).unwrap(),
                w.plain,
                "unwrap {wraps}"
            );
            global.feed(&w.cipher);
            global.feed(&w.tag);
            wraps += 1;
        }
    }
    assert_eq!(Some(global.tag()), kat.global_tag, "global tag");
    let starts = kat.sessions.len();
    eprintln!("River Keyak: {starts} starts, {wraps} wraps");
    assert!(starts > 0 && wraps > 0);
}

/// XKCP's generateSimpleRawMaterial (tests/UnitTests/testKeyakv2.c).
fn raw_material(len: usize, seed1: u8, seed2: u32) -> Vec<u8> {
    (0..len)
        .map(|i| {
            let ib = i as u8;
            let rolled = ib.rotate_left(seed2);
            seed1
                .wrapping_add((161 * len) as u8)
                .wrapping_sub(rolled)
                .wrapping_add(ib)
        })
        .collect()
}

/// A port of testKeyakOneMode (XKCP tests/UnitTests/testKeyakv2.inc, mode 0): the global tag
/// of every start tag, ciphertext and tag the generator of <Instance>Keyak.txt produces.
fn keyak_generated_global_tag(alg: Aead) -> (Vec<u8>, usize) {
    let pi = alg.parallelism().unwrap();
    let b = alg.width();
    let w = b / 8 / 25;
    let ra = b / 8 - w;
    let rs = b / 8 - 32;
    let max_nonce = alg.max_nonce_len(16);
    let nlen_fixed = if b == 1600 { 150 } else { 58 };
    let mut global = Global::new(alg);
    let mut count = 0;
    let mut session = |global: &mut Global,
                       k: &[u8],
                       n: &[u8],
                       forget: bool,
                       tag_flag: bool,
                       wraps: &[(Vec<u8>, Vec<u8>, bool)]| {
        let (mut wr, t) = Keyak::start(alg, k, n, tag_flag, forget).unwrap();
        let (mut un, _) = Keyak::start(alg, k, n, tag_flag, forget).unwrap();
        if let Some(t) = t {
            global.feed(&t);
        }
        for (ad, p, f) in wraps {
            let (c, t) = wr.wrap(ad, p, *f).unwrap();
            assert_eq!(&un.unwrap(ad, &c, &t, *f).unwrap(), p);
            global.feed(&c);
            global.feed(&t);
            count += 1;
        }
    };
    for klen in 16..=32usize {
        let step = if klen == 16 { 1 } else { max_nonce };
        for nlen in (0..=max_nonce).step_by(step) {
            for forget in [false, true] {
                for tag_flag in [false, true] {
                    let k = raw_material(klen, (klen + nlen + 0x12) as u8, 3);
                    let n = raw_material(nlen, (klen + nlen + 0x45) as u8, 6);
                    let wraps = [(b"ABC".to_vec(), b"DEF".to_vec(), false)];
                    session(&mut global, &k, &n, forget, tag_flag, &wraps);
                }
            }
        }
    }
    // Two sweeps: fixed metadata lengths over message lengths, then the converse. Seeds:
    // key, nonce, then (metadata, message) of the first and second wrap; rotations of
    // key, nonce, metadata, message.
    type Sweep = (bool, [usize; 5], usize, [usize; 6], [u32; 4]);
    let sweeps: [Sweep; 2] = [
        (
            true,
            [0, 1, pi * (ra - rs) - 1, pi * (ra - rs), pi * (ra - rs) + 1],
            rs * pi + 1,
            [0x23, 0x56, 0xAB, 0xCD, 0xCD, 0xEF],
            [4, 7, 3, 4],
        ),
        (
            false,
            [0, 1, pi * rs - 1, pi * rs, pi * rs + 1],
            ra * pi + 1,
            [0x34, 0x45, 0x01, 0x23, 0x45, 0x67],
            [5, 6, 5, 6],
        ),
    ];
    for (fixed_is_ad, fixed, max, seed, rot) in sweeps {
        for forget in [false, true] {
            for tag_flag in [false, true] {
                for (fi, &flen) in fixed.iter().enumerate() {
                    let step = if fi == 0 {
                        1
                    } else {
                        (pi + forget as usize) * (w + tag_flag as usize) + 1
                    };
                    for vlen in (0..=max).step_by(step) {
                        let (alen, mlen) = if fixed_is_ad {
                            (flen, vlen)
                        } else {
                            (vlen, flen)
                        };
                        let s = mlen + alen;
                        let k = raw_material(16, (seed[0] + s) as u8, rot[0]);
                        let n = raw_material(nlen_fixed, (seed[1] + s) as u8, rot[1]);
                        let wraps = [(seed[2], seed[3]), (seed[4], seed[5])].map(|(sa, sm)| {
                            (
                                raw_material(alen, (sa + s) as u8, rot[2]),
                                raw_material(mlen, (sm + s) as u8, rot[3]),
                                forget,
                            )
                        });
                        session(&mut global, &k, &n, forget, tag_flag, &wraps);
                    }
                }
            }
        }
    }
    for forget in [false, true] {
        for tag_flag in [false, true] {
            let seed = (forget as usize * 2 + tag_flag as usize) as u8;
            let k = raw_material(16, seed, 1);
            let n = raw_material(nlen_fixed, seed, 2);
            let mut wraps = Vec::new();
            let mut alen = 0;
            while alen <= ra * pi * 2 {
                let mut mlen = 0;
                while mlen <= rs * pi * 2 {
                    let s = mlen + alen;
                    wraps.push((
                        raw_material(alen, (0x34 + s) as u8, 3),
                        raw_material(mlen, (0x45 + s) as u8, 4),
                        forget,
                    ));
                    mlen += mlen / 2 + 1 + alen;
                }
                alen += alen / 3 + 1;
            }
            session(&mut global, &k, &n, forget, tag_flag, &wraps);
        }
    }
    (global.tag(), count)
}

#[test]
fn river_keyak_generator_port_reproduces_the_file() {
    // The port is checked on River Keyak, whose file is here: same global tag as the file.
    let kat = KatFile::keyak(&read_kat("keyak-ketje/RiverKeyak.txt"));
    let (tag, wraps) = keyak_generated_global_tag(Aead::RiverKeyak);
    assert_eq!(Some(tag), kat.global_tag);
    assert_eq!(wraps, kat.wraps());
}

/// Global tags embedded in XKCP's tests/UnitTests/testKeyakv2.c (CC0) for the default
/// nonce limits; LakeKeyak's also in testdata/kat/keyak-ketje/README.md.
#[test]
fn lake_sea_ocean_lunar_keyak_generator_global_tags() {
    for (alg, expected) in [
        (Aead::LakeKeyak, "7303c4ba1effc39d488065c2fd05f752"),
        (Aead::SeaKeyak, "c4aa231354888db6dc5cc3c8e9ba8676"),
        (Aead::OceanKeyak, "d2ff937af61748e9fb90ee46379c5b02"),
        (Aead::LunarKeyak, "eda443e6e2f836b458cee293dfb6c660"),
    ] {
        let (tag, wraps) = keyak_generated_global_tag(alg);
        eprintln!("{}: {wraps} generated wraps", alg.name());
        assert_eq!(tag, unhex(expected), "{}", alg.name());
    }
}

#[test]
fn round_trip_and_tag_failure_every_instance() {
    for &alg in Aead::ALL {
        let key = sha3_golden::test_message(1, 16);
        let nonce = sha3_golden::test_message(2, alg.max_nonce_len(16).min(8));
        let ad = sha3_golden::test_message(3, 41);
        for len in [0, 1, 67, 68, 69, 200, 1000] {
            let p = sha3_golden::test_message(4, len);
            let (c, t) = sha3_golden::aead::encrypt(alg, &key, &nonce, &ad, &p, TAG_LEN).unwrap();
            assert_eq!(c.len(), len);
            assert_eq!(t.len(), TAG_LEN);
            if len > 0 {
                assert_ne!(c, p, "{alg} len {len}");
            }
            let d = sha3_golden::aead::decrypt(alg, &key, &nonce, &ad, &c, &t).unwrap();
            assert_eq!(d, p, "{alg} len {len}");
            // any flipped bit of tag, ciphertext, associated data, nonce or key fails
            let mut bad_t = t.clone();
            bad_t[len % TAG_LEN] ^= 1 << (len % 8);
            let mut bad_ad = ad.clone();
            bad_ad[len % ad.len()] ^= 0x80;
            let mut bad_n = nonce.clone();
            bad_n[0] ^= 1;
            let mut bad_k = key.clone();
            bad_k[15] ^= 0x40;
            let mut cases = vec![
                (key.clone(), nonce.clone(), ad.clone(), c.clone(), bad_t),
                (key.clone(), nonce.clone(), bad_ad, c.clone(), t.clone()),
                (key.clone(), bad_n, ad.clone(), c.clone(), t.clone()),
                (bad_k, nonce.clone(), ad.clone(), c.clone(), t.clone()),
            ];
            if len > 0 {
                let mut bad_c = c.clone();
                bad_c[len / 2] ^= 0x01;
                cases.push((key.clone(), nonce.clone(), ad.clone(), bad_c, t.clone()));
            }
            for (k, n, a, c, t) in cases {
                assert_eq!(
                    sha3_golden::aead::decrypt(alg, &k, &n, &a, &c, &t),
                    Err(Error::TagMismatch(alg)),
                    "{alg} len {len}"
                );
            }
        }
    }
}

#[test]
fn key_and_nonce_limits_are_errors() {
    for &alg in Aead::ALL {
        let k = vec![0u8; alg.max_key_len() + 1];
        assert!(matches!(
            sha3_golden::aead::encrypt(alg, &k, &[], &[], &[], 16),
            Err(Error::InvalidParameter(_))
        ));
        let n = vec![0u8; alg.max_nonce_len(16) + 1];
        assert!(matches!(
            sha3_golden::aead::encrypt(alg, &[0; 16], &n, &[], &[], 16),
            Err(Error::InvalidParameter(_))
        ));
    }
    assert!(sha3_golden::aead::encrypt(Aead::LakeKeyak, &[0; 16], &[], &[], &[], 8).is_err());
    // Ketje tags may have any length, 0 included
    let (_, t) = sha3_golden::aead::encrypt(Aead::KetjeJr, &[0; 16], &[], &[], b"x", 5).unwrap();
    assert_eq!(t.len(), 5);
}
