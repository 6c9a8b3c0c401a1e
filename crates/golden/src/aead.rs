//! Authenticated encryption on Keccak-p: Keyak v2 (the Motorist mode) and Ketje v2 (the
//! MonkeyWrap mode), as specified by the Keccak team ("Keyak v2", "Ketje v2", CAESAR round 3).
//!
//! These are sessions with a key, a nonce, associated data (metadata), plaintext and a tag,
//! not message-to-digest hash functions, so they are a separate enum ([`Aead`]) and are not
//! in [`crate::Algorithm::ALL`].
//!
//! - Keyak[b, nr = 12, Π, c = 256, τ = 128]: River (b = 800, Π = 1), Lake (1600, 1), Sea (1600, 2),
//!   Ocean (1600, 4), Lunar (1600, 8). The key is packed into Lk = 36 (River) or 40 bytes,
//!   followed by the nonce (at most 58 or 150 bytes) as the SUV of `StartEngine`.
//! - Ketje Jr, Sr, Minor, Major: MonkeyDuplex on Keccak-p*[b] = π ∘ Keccak-p[b] ∘ π⁻¹ with
//!   b = 200, 400, 800, 1600, block size ρ = 16, 32, 128, 256 bits, and nr = 12 (start),
//!   1 (step), 6 (stride).

use crate::keccak::{keccak_p, steps};
use crate::Error;
use std::fmt;

/// The Keyak and Ketje instances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aead {
    RiverKeyak,
    LakeKeyak,
    SeaKeyak,
    OceanKeyak,
    LunarKeyak,
    KetjeJr,
    KetjeSr,
    KetjeMinor,
    KetjeMajor,
}

/// Ketje's round counts: start, step, stride.
pub const KETJE_ROUNDS: (usize, usize, usize) = (12, 1, 6);
/// Keyak's round count.
pub const KEYAK_ROUNDS: usize = 12;
/// The default tag length in bytes (τ = 128 for Keyak; 128 bits is Ketje's nominal tag too).
pub const TAG_LEN: usize = 16;

impl Aead {
    /// Every instance, in the order of [`Aead::name`] listings.
    pub const ALL: &'static [Aead] = &[
        Aead::RiverKeyak,
        Aead::LakeKeyak,
        Aead::SeaKeyak,
        Aead::OceanKeyak,
        Aead::LunarKeyak,
        Aead::KetjeJr,
        Aead::KetjeSr,
        Aead::KetjeMinor,
        Aead::KetjeMajor,
    ];

    /// Lower-case name, e.g. `lake-keyak`, `ketje-jr`.
    pub fn name(&self) -> &'static str {
        match self {
            Aead::RiverKeyak => "river-keyak",
            Aead::LakeKeyak => "lake-keyak",
            Aead::SeaKeyak => "sea-keyak",
            Aead::OceanKeyak => "ocean-keyak",
            Aead::LunarKeyak => "lunar-keyak",
            Aead::KetjeJr => "ketje-jr",
            Aead::KetjeSr => "ketje-sr",
            Aead::KetjeMinor => "ketje-minor",
            Aead::KetjeMajor => "ketje-major",
        }
    }

    /// Inverse of [`Aead::name`] (case-insensitive; `_` accepted for `-`).
    pub fn from_name(name: &str) -> Option<Aead> {
        let n = name.to_ascii_lowercase().replace('_', "-");
        Aead::ALL.iter().copied().find(|a| a.name() == n)
    }

    /// True for the Keyak (Motorist) instances, false for Ketje.
    pub fn is_keyak(&self) -> bool {
        self.parallelism().is_some()
    }

    /// The permutation width b in bits.
    pub fn width(&self) -> usize {
        match self {
            Aead::KetjeJr => 200,
            Aead::KetjeSr => 400,
            Aead::RiverKeyak | Aead::KetjeMinor => 800,
            _ => 1600,
        }
    }

    /// Keyak's number of pistons Π; `None` for Ketje.
    pub fn parallelism(&self) -> Option<usize> {
        match self {
            Aead::RiverKeyak | Aead::LakeKeyak => Some(1),
            Aead::SeaKeyak => Some(2),
            Aead::OceanKeyak => Some(4),
            Aead::LunarKeyak => Some(8),
            _ => None,
        }
    }

    /// Ketje's block size ρ in bytes; `None` for Keyak.
    pub fn ketje_block(&self) -> Option<usize> {
        match self {
            Aead::KetjeJr => Some(2),
            Aead::KetjeSr => Some(4),
            Aead::KetjeMinor => Some(16),
            Aead::KetjeMajor => Some(32),
            _ => None,
        }
    }

    /// Keyak's key-pack length Lk in bytes (36 for b = 800, 40 for b = 1600).
    fn keyak_lk(&self) -> usize {
        if self.width() == 800 {
            36
        } else {
            40
        }
    }

    /// The longest key in bytes: Lk - 2 for Keyak; for Ketje, what leaves room for the key
    /// pack's two bytes and the padding with an empty nonce.
    pub fn max_key_len(&self) -> usize {
        if self.is_keyak() {
            self.keyak_lk() - 2
        } else {
            (self.width() - 18) / 8
        }
    }

    /// The longest nonce in bytes for a key of `key_len` bytes.
    pub fn max_nonce_len(&self, key_len: usize) -> usize {
        if self.is_keyak() {
            if self.width() == 800 {
                58
            } else {
                150
            }
        } else {
            ((self.width() - 18) / 8).saturating_sub(key_len)
        }
    }

    /// Check key and nonce lengths against the instance's limits.
    pub fn check_key_nonce(&self, key: &[u8], nonce: &[u8]) -> Result<(), Error> {
        if key.len() > self.max_key_len() {
            return Err(Error::InvalidParameter(format!(
                "{}: the key is {} bytes, at most {} allowed",
                self.name(),
                key.len(),
                self.max_key_len()
            )));
        }
        if nonce.len() > self.max_nonce_len(key.len()) {
            return Err(Error::InvalidParameter(format!(
                "{}: the nonce is {} bytes, at most {} allowed with a {}-byte key",
                self.name(),
                nonce.len(),
                self.max_nonce_len(key.len()),
                key.len()
            )));
        }
        Ok(())
    }
}

impl fmt::Display for Aead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The state of b/8 bytes as lanes (b >= 200: whole bytes per lane, little-endian).
fn lanes(s: &[u8], b: usize) -> [u64; 25] {
    let bpl = b / 200;
    let mut a = [0u64; 25];
    for (lane, chunk) in a.iter_mut().zip(s.chunks(bpl)) {
        *lane = chunk
            .iter()
            .rev()
            .fold(0u64, |v, &x| (v << 8) | u64::from(x));
    }
    a
}

fn store_lanes(a: &[u64; 25], s: &mut [u8], b: usize) {
    let bpl = b / 200;
    for (lane, chunk) in a.iter().zip(s.chunks_mut(bpl)) {
        for (k, x) in chunk.iter_mut().enumerate() {
            *x = (lane >> (8 * k)) as u8;
        }
    }
}

fn permute_lanes(a: &mut [u64; 25], b: usize, nr: usize) {
    if b == 1600 {
        crate::keccak_p1600(a, nr);
    } else {
        keccak_p(a, b, nr);
    }
}

/// Keccak-p[b, nr] on a byte string of b/8 bytes (lanes little-endian), b in 200..=1600.
pub fn permute_bytes(s: &mut [u8], b: usize, nr: usize) {
    let mut a = lanes(s, b);
    permute_lanes(&mut a, b, nr);
    store_lanes(&a, s, b);
}

/// Keccak-p*[b, nr] = π ∘ Keccak-p[b, nr] ∘ π⁻¹ (Ketje's twisted permutation) on b/8 bytes.
pub fn permute_twisted_bytes(s: &mut [u8], b: usize, nr: usize) {
    let p = lanes(s, b);
    // π⁻¹: A'[(x + 3y) mod 5][x] = A[x][y], the inverse of steps::pi.
    let mut a = [0u64; 25];
    for x in 0..5 {
        for y in 0..5 {
            a[(x + 3 * y) % 5 + 5 * x] = p[x + 5 * y];
        }
    }
    permute_lanes(&mut a, b, nr);
    steps::pi(&mut a, b / 25);
    store_lanes(&a, s, b);
}

/// A byte stream read from a slice (the Motorist's `hasMore`/`pull`).
struct Stream<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Stream<'a> {
    fn new(data: &'a [u8]) -> Self {
        Stream { data, pos: 0 }
    }
    fn more(&self) -> bool {
        self.pos < self.data.len()
    }
    fn pull(&mut self) -> u8 {
        self.pos += 1;
        self.data[self.pos - 1]
    }
}

/// One Motorist piston: a Keccak-p[b, 12] state with rates Rs (crypt) and Ra (inject).
#[derive(Clone, Debug)]
struct Piston {
    s: Vec<u8>,
    b: usize,
    rs: usize,
    ra: usize,
}

impl Piston {
    fn new(b: usize, w: usize, c: usize) -> Piston {
        Piston {
            s: vec![0; b / 8],
            b,
            rs: w / 8 * ((b - c.max(32)) / w),
            ra: w / 8 * ((b - 32) / w),
        }
    }
    // The four framing bytes after Ra: EOM, CryptEnd, InjectStart, InjectEnd.
    fn crypt(&mut self, i: &mut Stream, o: &mut Vec<u8>, mut omega: usize, unwrap: bool) {
        while i.more() && omega < self.rs {
            let x = i.pull();
            o.push(self.s[omega] ^ x);
            if unwrap {
                self.s[omega] = x;
            } else {
                self.s[omega] ^= x;
            }
            omega += 1;
        }
        self.s[self.ra + 1] ^= omega as u8;
    }
    fn inject(&mut self, x: &mut Stream, crypting: bool) {
        let mut omega = if crypting { self.rs } else { 0 };
        self.s[self.ra + 2] ^= omega as u8;
        while x.more() && omega < self.ra {
            self.s[omega] ^= x.pull();
            omega += 1;
        }
        self.s[self.ra + 3] ^= omega as u8;
    }
    fn spark(&mut self, eom: bool, l: usize) {
        if eom {
            self.s[self.ra] ^= if l == 0 { 0xFF } else { l as u8 };
        }
        permute_bytes(&mut self.s, self.b, KEYAK_ROUNDS);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EnginePhase {
    Fresh,
    Crypted,
    EndOfCrypt,
    EndOfMessage,
}

/// The Motorist's engine: Π pistons driven in lockstep.
#[derive(Clone, Debug)]
struct Engine {
    pistons: Vec<Piston>,
    phase: EnginePhase,
    et: Vec<usize>,
}

impl Engine {
    fn spark(&mut self, eom: bool, l: &[usize]) {
        for (p, &li) in self.pistons.iter_mut().zip(l) {
            p.spark(eom, li);
        }
        self.et = l.to_vec();
    }
    fn crypt(&mut self, i: &mut Stream, o: &mut Vec<u8>, unwrap: bool) {
        debug_assert_eq!(self.phase, EnginePhase::Fresh);
        for (p, &omega) in self.pistons.iter_mut().zip(&self.et) {
            p.crypt(i, o, omega, unwrap);
        }
        self.phase = if i.more() {
            EnginePhase::Crypted
        } else {
            EnginePhase::EndOfCrypt
        };
    }
    fn inject(&mut self, a: &mut Stream) {
        debug_assert_ne!(self.phase, EnginePhase::EndOfMessage);
        let crypting = matches!(self.phase, EnginePhase::Crypted | EnginePhase::EndOfCrypt);
        for p in &mut self.pistons {
            p.inject(a, crypting);
        }
        if self.phase == EnginePhase::Crypted || a.more() {
            let zeros = vec![0; self.pistons.len()];
            self.spark(false, &zeros);
            self.phase = EnginePhase::Fresh;
        } else {
            self.phase = EnginePhase::EndOfMessage;
        }
    }
    fn get_tags(&mut self, l: &[usize]) -> Vec<u8> {
        debug_assert_eq!(self.phase, EnginePhase::EndOfMessage);
        self.spark(true, l);
        let mut t = Vec::new();
        for (p, &li) in self.pistons.iter().zip(l) {
            t.extend_from_slice(&p.s[..li]);
        }
        self.phase = EnginePhase::Fresh;
        t
    }
    fn inject_collective(&mut self, x: &[u8], diversify: bool) {
        debug_assert_eq!(self.phase, EnginePhase::Fresh);
        let n = self.pistons.len();
        let xt: Vec<Vec<u8>> = (0..n)
            .map(|i| {
                let mut v = x.to_vec();
                if diversify {
                    v.extend_from_slice(&[n as u8, i as u8]);
                }
                v
            })
            .collect();
        let mut streams: Vec<Stream> = xt.iter().map(|v| Stream::new(v)).collect();
        while streams[0].more() {
            for (p, s) in self.pistons.iter_mut().zip(streams.iter_mut()) {
                p.inject(s, false);
            }
            if streams[0].more() {
                self.spark(false, &vec![0; n]);
            }
        }
        self.phase = EnginePhase::EndOfMessage;
    }
}

/// A Keyak session (Motorist with τ = 128, c = 256).
#[derive(Clone, Debug)]
pub struct Keyak {
    alg: Aead,
    engine: Engine,
    cprime: usize,
    failed: bool,
}

impl Keyak {
    /// `StartEngine` with SUV = keypack(K, Lk) || N. With `tag_flag`, the start tag (16 bytes)
    /// is returned; with `forget`, the state is knotted after the SUV.
    pub fn start(
        alg: Aead,
        key: &[u8],
        nonce: &[u8],
        tag_flag: bool,
        forget: bool,
    ) -> Result<(Keyak, Option<Vec<u8>>), Error> {
        let pi = alg.parallelism().ok_or_else(|| {
            Error::InvalidParameter(format!("{} is not a Keyak instance", alg.name()))
        })?;
        alg.check_key_nonce(key, nonce)?;
        let b = alg.width();
        let w = (b / 25).max(8);
        let c = 256;
        let lk = alg.keyak_lk();
        let mut suv = vec![0u8; lk];
        suv[0] = lk as u8;
        suv[1..1 + key.len()].copy_from_slice(key);
        suv[1 + key.len()] = 1;
        suv.extend_from_slice(nonce);
        let mut k = Keyak {
            alg,
            engine: Engine {
                pistons: vec![Piston::new(b, w, c); pi],
                phase: EnginePhase::Fresh,
                et: vec![0; pi],
            },
            cprime: w * c.div_ceil(w),
            failed: false,
        };
        k.engine.inject_collective(&suv, true);
        if forget {
            k.make_knot();
        }
        let tag = k.handle_tag(tag_flag);
        Ok((k, tag))
    }

    /// The instance.
    pub fn alg(&self) -> Aead {
        self.alg
    }

    fn make_knot(&mut self) {
        let l = vec![self.cprime / 8; self.engine.pistons.len()];
        let t = self.engine.get_tags(&l);
        self.engine.inject_collective(&t, false);
    }

    fn handle_tag(&mut self, tag_flag: bool) -> Option<Vec<u8>> {
        let mut l = vec![0; self.engine.pistons.len()];
        if tag_flag {
            l[0] = TAG_LEN;
        }
        let t = self.engine.get_tags(&l);
        tag_flag.then_some(t)
    }

    fn crypt_all(&mut self, input: &[u8], ad: &[u8], unwrap: bool, forget: bool) -> Vec<u8> {
        let (mut i, mut a) = (Stream::new(input), Stream::new(ad));
        let mut o = Vec::with_capacity(input.len());
        if !i.more() && !a.more() {
            self.engine.inject(&mut a);
        }
        while i.more() {
            self.engine.crypt(&mut i, &mut o, unwrap);
            self.engine.inject(&mut a);
        }
        while a.more() {
            self.engine.inject(&mut a);
        }
        if self.engine.pistons.len() > 1 || forget {
            self.make_knot();
        }
        o
    }

    fn check_riding(&self) -> Result<(), Error> {
        if self.failed {
            return Err(Error::InvalidParameter(format!(
                "{}: the session failed (a tag did not verify)",
                self.alg.name()
            )));
        }
        Ok(())
    }

    /// Wrap: encrypt `plaintext`, authenticate it with `ad` (the metadata); returns the
    /// ciphertext and the 16-byte tag.
    pub fn wrap(
        &mut self,
        ad: &[u8],
        plaintext: &[u8],
        forget: bool,
    ) -> Result<(Vec<u8>, Vec<u8>), Error> {
        self.check_riding()?;
        let c = self.crypt_all(plaintext, ad, false, forget);
        let t = self.handle_tag(true).unwrap_or_default();
        Ok((c, t))
    }

    /// Unwrap: decrypt `ciphertext` and verify `tag`; on a wrong tag returns
    /// [`Error::TagMismatch`], releases no plaintext, and the session is dead.
    pub fn unwrap(
        &mut self,
        ad: &[u8],
        ciphertext: &[u8],
        tag: &[u8],
        forget: bool,
    ) -> Result<Vec<u8>, Error> {
        self.check_riding()?;
        let p = self.crypt_all(ciphertext, ad, true, forget);
        let t = self.handle_tag(true).unwrap_or_default();
        if !ct_eq(&t, tag) {
            self.failed = true;
            return Err(Error::TagMismatch(self.alg));
        }
        Ok(p)
    }
}

/// Constant-time comparison (length is public).
fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

// Ketje's frame bits with the first padding bit (the σ || pad10*1 byte after the data):
// "00" -> 0b100, "01" -> 0b110, "11" -> 0b111, "10" -> 0b101, and the single bit "0" of the
// steps that lengthen a tag beyond ρ -> 0b10.
const FRAME_00: u8 = 0x04;
const FRAME_01: u8 = 0x06;
const FRAME_11: u8 = 0x07;
const FRAME_10: u8 = 0x05;
const FRAME_0: u8 = 0x02;

/// A Ketje session (MonkeyWrap over MonkeyDuplex on Keccak-p*[b]).
#[derive(Clone, Debug)]
pub struct Ketje {
    alg: Aead,
    s: Vec<u8>,
    rho: usize,
    /// Length of the last (partial) data block, where the tag's frame bits go.
    last: usize,
}

impl Ketje {
    /// Initialize: MonkeyDuplex.start(keypack(K, |K| + 16) || N), nstart = 12 rounds.
    pub fn new(alg: Aead, key: &[u8], nonce: &[u8]) -> Result<Ketje, Error> {
        let rho = alg.ketje_block().ok_or_else(|| {
            Error::InvalidParameter(format!("{} is not a Ketje instance", alg.name()))
        })?;
        alg.check_key_nonce(key, nonce)?;
        let b = alg.width();
        let mut s = vec![0u8; b / 8];
        s[0] = (key.len() + 2) as u8;
        s[1..1 + key.len()].copy_from_slice(key);
        s[1 + key.len()] = 0x01;
        let n0 = 2 + key.len();
        s[n0..n0 + nonce.len()].copy_from_slice(nonce);
        s[n0 + nonce.len()] ^= 0x01;
        s[b / 8 - 1] ^= 0x80;
        permute_twisted_bytes(&mut s, b, KETJE_ROUNDS.0);
        Ok(Ketje {
            alg,
            s,
            rho,
            last: 0,
        })
    }

    /// The instance.
    pub fn alg(&self) -> Aead {
        self.alg
    }

    /// MonkeyDuplex step/stride: the frame byte at `at`, the last padding bit at bit ρ + 3.
    fn duplex(&mut self, at: usize, frame: u8, rounds: usize) {
        self.s[at] ^= frame;
        self.s[self.rho] ^= 0x08;
        permute_twisted_bytes(&mut self.s, self.alg.width(), rounds);
    }

    fn absorb_ad(&mut self, ad: &[u8]) {
        let rho = self.rho;
        let mut blocks = ad.chunks(rho).peekable();
        let mut last: &[u8] = &[];
        while let Some(blk) = blocks.next() {
            if blocks.peek().is_none() {
                last = blk;
                break;
            }
            xor_into(&mut self.s, blk);
            self.duplex(rho, FRAME_00, KETJE_ROUNDS.1);
        }
        xor_into(&mut self.s, last);
        self.duplex(last.len(), FRAME_01, KETJE_ROUNDS.1);
    }

    /// Body of wrap and unwrap: the output; records the final partial-block length.
    fn crypt(&mut self, input: &[u8], unwrap: bool) -> Vec<u8> {
        let rho = self.rho;
        let mut out = Vec::with_capacity(input.len());
        let n = input.len();
        let mut i = 0;
        loop {
            let len = (n - i).min(rho);
            for j in 0..len {
                let y = input[i + j] ^ self.s[j];
                out.push(y);
                // the state absorbs the plaintext
                self.s[j] ^= if unwrap { y } else { input[i + j] };
            }
            i += len;
            if i == n {
                self.last = len;
                return out;
            }
            self.duplex(rho, FRAME_11, KETJE_ROUNDS.1);
        }
    }

    fn tag(&mut self, tag_len: usize) -> Vec<u8> {
        let rho = self.rho;
        let last = self.last;
        self.duplex(last, FRAME_10, KETJE_ROUNDS.2);
        let mut t = Vec::with_capacity(tag_len);
        loop {
            let k = (tag_len - t.len()).min(rho);
            t.extend_from_slice(&self.s[..k]);
            if t.len() == tag_len {
                return t;
            }
            self.duplex(0, FRAME_0, KETJE_ROUNDS.1);
        }
    }

    /// Wrap(A, B, ℓ): encrypt `plaintext` and authenticate it with `ad`; returns the
    /// ciphertext and a `tag_len`-byte tag. The session continues (the next wrap sees the
    /// state of this one).
    pub fn wrap(&mut self, ad: &[u8], plaintext: &[u8], tag_len: usize) -> (Vec<u8>, Vec<u8>) {
        self.absorb_ad(ad);
        let c = self.crypt(plaintext, false);
        (c, self.tag(tag_len))
    }

    /// Unwrap: decrypt and verify; a wrong tag gives [`Error::TagMismatch`] and no plaintext.
    pub fn unwrap(&mut self, ad: &[u8], ciphertext: &[u8], tag: &[u8]) -> Result<Vec<u8>, Error> {
        self.absorb_ad(ad);
        let p = self.crypt(ciphertext, true);
        if !ct_eq(&self.tag(tag.len()), tag) {
            return Err(Error::TagMismatch(self.alg));
        }
        Ok(p)
    }
}

fn xor_into(s: &mut [u8], x: &[u8]) {
    for (a, b) in s.iter_mut().zip(x) {
        *a ^= b;
    }
}

/// One-shot authenticated encryption: a fresh session with `key` and `nonce`, one wrap of
/// (`ad`, `plaintext`); returns (ciphertext, tag). Keyak: tagFlag and forgetFlag false,
/// τ = 128 (`tag_len` must be 16); Ketje: any `tag_len`.
pub fn encrypt(
    alg: Aead,
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    plaintext: &[u8],
    tag_len: usize,
) -> Result<(Vec<u8>, Vec<u8>), Error> {
    if alg.is_keyak() {
        check_keyak_tag_len(alg, tag_len)?;
        let (mut k, _) = Keyak::start(alg, key, nonce, false, false)?;
        k.wrap(ad, plaintext, false)
    } else {
        Ok(Ketje::new(alg, key, nonce)?.wrap(ad, plaintext, tag_len))
    }
}

/// Inverse of [`encrypt`]: the plaintext, or [`Error::TagMismatch`].
pub fn decrypt(
    alg: Aead,
    key: &[u8],
    nonce: &[u8],
    ad: &[u8],
    ciphertext: &[u8],
    tag: &[u8],
) -> Result<Vec<u8>, Error> {
    if alg.is_keyak() {
        check_keyak_tag_len(alg, tag.len())?;
        let (mut k, _) = Keyak::start(alg, key, nonce, false, false)?;
        k.unwrap(ad, ciphertext, tag, false)
    } else {
        Ketje::new(alg, key, nonce)?.unwrap(ad, ciphertext, tag)
    }
}

fn check_keyak_tag_len(alg: Aead, tag_len: usize) -> Result<(), Error> {
    if tag_len != TAG_LEN {
        return Err(Error::InvalidParameter(format!(
            "{} has a fixed tag length of {TAG_LEN} bytes (got {tag_len})",
            alg.name()
        )));
    }
    Ok(())
}
