//! Every entry of the Keccak team's ShortMsgKAT files (testdata/kat/ShortMsgKAT_*.txt):
//! 2048 messages of 0..2047 bits per function, bit-granular ones included.

mod common;
use common::{read_kat, unhex};
use sha3_golden::{hash, hash_bits, Algorithm, Params};

fn run(file: &str, alg: Algorithm) {
    let text = read_kat(file);
    let mut len: Option<usize> = None;
    let mut msg: Option<Vec<u8>> = None;
    let mut count = 0;
    let mut failures = Vec::new();
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("Len = ") {
            len = Some(v.trim().parse().unwrap());
        } else if let Some(v) = line.strip_prefix("Msg = ") {
            msg = Some(unhex(v));
        } else if let Some(v) = line
            .strip_prefix("MD = ")
            .or_else(|| line.strip_prefix("Squeezed = "))
        {
            let expected = unhex(v);
            let bits = len.take().expect("Len before MD");
            let m = msg.take().expect("Msg before MD");
            let got = hash_bits(alg, &m, bits, expected.len()).unwrap();
            if got != expected {
                failures.push(bits);
            }
            if bits % 8 == 0 {
                // The byte-oriented API must agree.
                let got2 = hash(alg, &Params::default(), &m[..bits / 8], expected.len()).unwrap();
                assert_eq!(got2, expected, "{file}: byte API, Len = {bits}");
            }
            count += 1;
        }
    }
    assert_eq!(count, 2048, "{file}: expected 2048 entries");
    assert!(
        failures.is_empty(),
        "{file}: {} of {count} entries differ, first Len values: {:?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
}

/// One test per file.
macro_rules! kat_files {
    ($($name:ident: $file:literal, $alg:ident;)*) => {
        $(
            #[test]
            fn $name() {
                run($file, Algorithm::$alg);
            }
        )*
    };
}

kat_files! {
    sha3_224: "ShortMsgKAT_SHA3-224.txt", Sha3_224;
    sha3_256: "ShortMsgKAT_SHA3-256.txt", Sha3_256;
    sha3_384: "ShortMsgKAT_SHA3-384.txt", Sha3_384;
    sha3_512: "ShortMsgKAT_SHA3-512.txt", Sha3_512;
    shake128: "ShortMsgKAT_SHAKE128.txt", Shake128;
    shake256: "ShortMsgKAT_SHAKE256.txt", Shake256;
}
