//! Golden Keccak model for sha3-asip: Keccak-p[b, nr] for every width, the five step
//! mappings, per-step traces in the Keccak team's IntermediateValues layout, bit
//! interleaving, a bit-granular sponge, and SHA-3, SHAKE, cSHAKE, KMAC, TupleHash,
//! ParallelHash (NIST SP 800-185), TurboSHAKE and KangarooTwelve (RFC 9861), and the
//! authenticated-encryption modes Keyak v2 and Ketje v2 ([`aead`]).
//!
//! Everything else in the project is checked against this crate. The readable
//! [`keccak_p`] (generic over the lane width) is the reference; [`keccak_f1600`] is an
//! unrolled host implementation tested against it and used by all the hash functions.
//!
//! ```
//! use sha3_golden::{hash, Algorithm, Params};
//! let d = hash(Algorithm::Sha3_256, &Params::default(), b"abc", 32).unwrap();
//! assert_eq!(d[..4], [0x3a, 0x98, 0x5d, 0xa7]);
//! ```

pub mod aead;
pub mod encoding;
mod fast;
pub mod functions;
pub mod interleave;
pub mod kat;
pub mod keccak;
mod sponge;
pub mod tables;
mod trace;

pub use aead::{Aead, Ketje, Keyak};
pub use fast::{keccak_f1600, keccak_p1600, RC as ROUND_CONSTANTS_1600};
pub use keccak::{keccak_p, steps};
pub use sponge::Sponge;
pub use trace::{trace, trace_with, LaneFormat};

use std::fmt;

/// Errors from parameter checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// An extendable-output operation was requested from a fixed-output function.
    NotXof(Algorithm),
    /// A fixed-output function was asked for a different output length.
    FixedLength {
        alg: Algorithm,
        expected: usize,
        requested: usize,
    },
    /// Bit-granular input is only offered for SHA-3 and SHAKE.
    BitInputUnsupported(Algorithm),
    /// Anything else (message says what).
    InvalidParameter(String),
    /// Authenticated decryption: the tag does not verify (no plaintext is released).
    TagMismatch(aead::Aead),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotXof(a) => write!(f, "{} is not an extendable-output function", a.name()),
            Error::FixedLength {
                alg,
                expected,
                requested,
            } => write!(
                f,
                "{} has a fixed output length of {expected} bytes (requested {requested})",
                alg.name()
            ),
            Error::BitInputUnsupported(a) => write!(
                f,
                "bit-granular input is supported for SHA-3 and SHAKE only, not {}",
                a.name()
            ),
            Error::InvalidParameter(m) => f.write_str(m),
            Error::TagMismatch(a) => write!(
                f,
                "{}: the tag does not verify (wrong key, nonce, associated data, ciphertext or tag)",
                a.name()
            ),
        }
    }
}

impl std::error::Error for Error {}

/// Every hash function of the crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    Sha3_224,
    Sha3_256,
    Sha3_384,
    Sha3_512,
    Shake128,
    Shake256,
    CShake128,
    CShake256,
    Kmac128,
    Kmac256,
    KmacXof128,
    KmacXof256,
    TupleHash128,
    TupleHash256,
    TupleHashXof128,
    TupleHashXof256,
    ParallelHash128,
    ParallelHash256,
    ParallelHashXof128,
    ParallelHashXof256,
    TurboShake128,
    TurboShake256,
    Kt128,
    Kt256,
}

/// The construction a function is built on: one per family of [`Algorithm`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// SHA-3 and SHAKE: the plain sponge with a padding suffix.
    Sponge,
    /// cSHAKE.
    CShake,
    /// KMAC and KMACXOF.
    Kmac,
    /// TupleHash and TupleHashXOF.
    TupleHash,
    /// ParallelHash and ParallelHashXOF.
    ParallelHash,
    /// TurboSHAKE.
    TurboShake,
    /// KangarooTwelve.
    Kt,
}

impl Algorithm {
    /// All algorithms, in the order of [`Algorithm::name`] listings.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Sha3_224,
        Algorithm::Sha3_256,
        Algorithm::Sha3_384,
        Algorithm::Sha3_512,
        Algorithm::Shake128,
        Algorithm::Shake256,
        Algorithm::CShake128,
        Algorithm::CShake256,
        Algorithm::Kmac128,
        Algorithm::Kmac256,
        Algorithm::KmacXof128,
        Algorithm::KmacXof256,
        Algorithm::TupleHash128,
        Algorithm::TupleHash256,
        Algorithm::TupleHashXof128,
        Algorithm::TupleHashXof256,
        Algorithm::ParallelHash128,
        Algorithm::ParallelHash256,
        Algorithm::ParallelHashXof128,
        Algorithm::ParallelHashXof256,
        Algorithm::TurboShake128,
        Algorithm::TurboShake256,
        Algorithm::Kt128,
        Algorithm::Kt256,
    ];

    /// Lower-case name, e.g. `sha3-256`, `shake128`, `kmacxof256`, `kt128`.
    pub fn name(&self) -> &'static str {
        use Algorithm::*;
        match self {
            Sha3_224 => "sha3-224",
            Sha3_256 => "sha3-256",
            Sha3_384 => "sha3-384",
            Sha3_512 => "sha3-512",
            Shake128 => "shake128",
            Shake256 => "shake256",
            CShake128 => "cshake128",
            CShake256 => "cshake256",
            Kmac128 => "kmac128",
            Kmac256 => "kmac256",
            KmacXof128 => "kmacxof128",
            KmacXof256 => "kmacxof256",
            TupleHash128 => "tuplehash128",
            TupleHash256 => "tuplehash256",
            TupleHashXof128 => "tuplehashxof128",
            TupleHashXof256 => "tuplehashxof256",
            ParallelHash128 => "parallelhash128",
            ParallelHash256 => "parallelhash256",
            ParallelHashXof128 => "parallelhashxof128",
            ParallelHashXof256 => "parallelhashxof256",
            TurboShake128 => "turboshake128",
            TurboShake256 => "turboshake256",
            Kt128 => "kt128",
            Kt256 => "kt256",
        }
    }

    /// The family (construction) of the function.
    pub fn family(&self) -> Family {
        use Algorithm::*;
        match self {
            Sha3_224 | Sha3_256 | Sha3_384 | Sha3_512 | Shake128 | Shake256 => Family::Sponge,
            CShake128 | CShake256 => Family::CShake,
            Kmac128 | Kmac256 | KmacXof128 | KmacXof256 => Family::Kmac,
            TupleHash128 | TupleHash256 | TupleHashXof128 | TupleHashXof256 => Family::TupleHash,
            ParallelHash128 | ParallelHash256 | ParallelHashXof128 | ParallelHashXof256 => {
                Family::ParallelHash
            }
            TurboShake128 | TurboShake256 => Family::TurboShake,
            Kt128 | Kt256 => Family::Kt,
        }
    }

    /// Inverse of [`Algorithm::name`] (case-insensitive; `_` accepted for `-`).
    pub fn from_name(name: &str) -> Option<Algorithm> {
        let n = name.to_ascii_lowercase().replace('_', "-");
        Algorithm::ALL.iter().copied().find(|a| a.name() == n)
    }

    /// True for the extendable-output functions (SHAKE, cSHAKE, the XOF variants of
    /// SP 800-185, TurboSHAKE, KangarooTwelve).
    pub fn is_xof(&self) -> bool {
        use Algorithm::*;
        !matches!(
            self,
            Sha3_224
                | Sha3_256
                | Sha3_384
                | Sha3_512
                | Kmac128
                | Kmac256
                | TupleHash128
                | TupleHash256
                | ParallelHash128
                | ParallelHash256
        )
    }

    /// Output length in bytes for the fixed-output SHA-3 functions; `None` for all others
    /// (whose output length L is chosen by the caller).
    pub fn fixed_output_len(&self) -> Option<usize> {
        use Algorithm::*;
        match self {
            Sha3_224 => Some(28),
            Sha3_256 => Some(32),
            Sha3_384 => Some(48),
            Sha3_512 => Some(64),
            _ => None,
        }
    }

    /// Default output length in bytes: the digest size for SHA-3, 32 for the 128-bit
    /// functions and 64 for the 256-bit ones (twice the security strength).
    pub fn default_output_len(&self) -> usize {
        self.fixed_output_len()
            .unwrap_or(if self.rate_bytes() == 168 { 32 } else { 64 })
    }

    /// The padding suffix byte of the plain sponge functions (domain bits and the first
    /// padding bit: 0x06 for SHA3, 0x1F for SHAKE); `None` for the functions built on
    /// cSHAKE, TurboSHAKE or KangarooTwelve.
    pub fn suffix(&self) -> Option<u8> {
        use Algorithm::*;
        match self {
            Sha3_224 | Sha3_256 | Sha3_384 | Sha3_512 => Some(0x06),
            Shake128 | Shake256 => Some(0x1F),
            _ => None,
        }
    }

    /// Sponge rate in bytes: 200 - 2 * (security strength in bytes).
    pub fn rate_bytes(&self) -> usize {
        use Algorithm::*;
        match self {
            Sha3_224 => 144,
            Sha3_256 => 136,
            Sha3_384 => 104,
            Sha3_512 => 72,
            Shake128 | CShake128 | Kmac128 | KmacXof128 | TupleHash128 | TupleHashXof128
            | ParallelHash128 | ParallelHashXof128 | TurboShake128 | Kt128 => 168,
            Shake256 | CShake256 | Kmac256 | KmacXof256 | TupleHash256 | TupleHashXof256
            | ParallelHash256 | ParallelHashXof256 | TurboShake256 | Kt256 => 136,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Parameters of the parameterised functions; fields a function does not use are ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Customization string S (cSHAKE, KMAC, TupleHash, ParallelHash) or C (KangarooTwelve).
    pub customization: Vec<u8>,
    /// Key K (KMAC; must be non-empty).
    pub key: Vec<u8>,
    /// Function-name string N (cSHAKE only).
    pub function_name: Vec<u8>,
    /// Block size B in bytes (ParallelHash; default 8192).
    pub block_size: usize,
    /// Domain-separation byte D (TurboSHAKE; 0x01..=0x7F, default 0x1F).
    pub domain: u8,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            customization: Vec::new(),
            key: Vec::new(),
            function_name: Vec::new(),
            block_size: 8192,
            domain: 0x1F,
        }
    }
}

/// Reads output from an extendable-output function, continuing where the last call stopped.
pub trait XofReader {
    fn squeeze(&mut self, out: &mut [u8]);
}

/// An incremental hash computation.
pub trait Hasher: Send {
    /// Absorb more input.
    fn update(&mut self, data: &[u8]);
    /// Produce `out.len()` bytes of output. For KMAC, TupleHash and ParallelHash (non-XOF)
    /// `out.len()` is the output length L that is also hashed in.
    ///
    /// # Panics
    /// For SHA3-n if `out.len()` is not the digest size (check with
    /// [`Algorithm::fixed_output_len`] first; [`hash`] returns an error instead).
    fn finalize(self: Box<Self>, out: &mut [u8]);
    /// [`Hasher::finalize`] into a new vector of `out_len` bytes.
    fn finalize_vec(self: Box<Self>, out_len: usize) -> Vec<u8> {
        let mut out = vec![0u8; out_len];
        self.finalize(&mut out);
        out
    }
    /// Switch to squeezing an arbitrarily long output; `Err(Error::NotXof)` for fixed-output
    /// functions.
    fn try_finalize_xof(self: Box<Self>) -> Result<Box<dyn XofReader>, Error>;
    /// [`Hasher::try_finalize_xof`] that panics with the error message on a non-XOF.
    fn finalize_xof(self: Box<Self>) -> Box<dyn XofReader> {
        match self.try_finalize_xof() {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        }
    }
    /// The algorithm being computed.
    fn algorithm(&self) -> Algorithm;
}

/// Create an incremental hasher.
pub fn new_hasher(alg: Algorithm, p: &Params) -> Result<Box<dyn Hasher>, Error> {
    use functions::*;
    Ok(match alg.family() {
        Family::Sponge | Family::CShake => Box::new(SpongeHasher::new(alg, p)),
        Family::TurboShake => {
            if !(0x01..=0x7F).contains(&p.domain) {
                return Err(Error::InvalidParameter(format!(
                    "TurboSHAKE domain byte must be in 0x01..=0x7F, got {:#04x}",
                    p.domain
                )));
            }
            Box::new(SpongeHasher::new(alg, p))
        }
        // SP 800-185 section 4.2: the key K may be any bit string, the empty one included.
        Family::Kmac => Box::new(Kmac::new(alg, &p.key, &p.customization)),
        Family::TupleHash => Box::new(TupleHash::new(alg, &p.customization)),
        Family::ParallelHash => {
            if p.block_size == 0 {
                return Err(Error::InvalidParameter(
                    "ParallelHash block size must be at least 1 byte".into(),
                ));
            }
            Box::new(ParallelHash::new(alg, &p.customization, p.block_size))
        }
        Family::Kt => Box::new(KangarooTwelve::new(alg, &p.customization)),
    })
}

fn check_out_len(alg: Algorithm, out_len: usize) -> Result<(), Error> {
    match alg.fixed_output_len() {
        Some(n) if n != out_len => Err(Error::FixedLength {
            alg,
            expected: n,
            requested: out_len,
        }),
        _ => Ok(()),
    }
}

/// One-shot hash of `msg` with `out_len` bytes of output (L for KMAC, TupleHash and
/// ParallelHash; TupleHash hashes the 1-tuple `(msg)`, see [`tuple_hash`]).
pub fn hash(alg: Algorithm, p: &Params, msg: &[u8], out_len: usize) -> Result<Vec<u8>, Error> {
    check_out_len(alg, out_len)?;
    let mut h = new_hasher(alg, p)?;
    h.update(msg);
    Ok(h.finalize_vec(out_len))
}

/// One-shot TupleHash (or TupleHashXOF) of a tuple of strings.
pub fn tuple_hash(
    alg: Algorithm,
    customization: &[u8],
    tuple: &[&[u8]],
    out_len: usize,
) -> Result<Vec<u8>, Error> {
    if alg.family() != Family::TupleHash {
        return Err(Error::InvalidParameter(format!(
            "{} is not a TupleHash function",
            alg.name()
        )));
    }
    let mut h = functions::TupleHash::new(alg, customization);
    for x in tuple {
        h.push_element(x);
    }
    let mut out = vec![0u8; out_len];
    h.finish_tuple(&mut out);
    Ok(out)
}

/// One-shot SHA-3 or SHAKE of a bit-granular message: the first `bit_len` bits of `msg`
/// (bit i = bit i%8 of byte i/8, as in the ShortMsgKAT files).
pub fn hash_bits(
    alg: Algorithm,
    msg: &[u8],
    bit_len: usize,
    out_len: usize,
) -> Result<Vec<u8>, Error> {
    if alg.family() != Family::Sponge {
        return Err(Error::BitInputUnsupported(alg));
    }
    if bit_len > msg.len() * 8 {
        return Err(Error::InvalidParameter(format!(
            "bit length {bit_len} exceeds the {} message bytes",
            msg.len()
        )));
    }
    check_out_len(alg, out_len)?;
    let mut h = functions::SpongeHasher::new(alg, &Params::default());
    h.update_bits(msg, bit_len);
    Ok(Box::new(h).finalize_vec(out_len))
}

/// Deterministic test message: `len` bytes from splitmix64 seeded with `seed`.
///
/// The generator state starts at `seed`; for each 8 output bytes it is advanced by
/// 0x9E3779B97F4A7C15 and the value z is mixed as
/// `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
/// z ^= z >> 31` (wrapping multiplications); the bytes of z are emitted little-endian, the
/// last word truncated. So `test_message(s, n)` is a prefix of `test_message(s, n + k)`.
pub fn test_message(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = SplitMix64(seed);
    let mut v = Vec::with_capacity(len + 8);
    while v.len() < len {
        v.extend_from_slice(&rng.next_u64().to_le_bytes());
    }
    v.truncate(len);
    v
}

/// The splitmix64 generator used by [`test_message`] (public for tests and tools).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform-ish value in 0..n (n > 0), by modulo reduction.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}
