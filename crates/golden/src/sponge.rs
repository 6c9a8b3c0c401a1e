//! The sponge construction over Keccak-p[b, nr] with pad10*1 and a delimited suffix,
//! absorbing bit-granular input.
//!
//! Bit order follows the Keccak team (and FIPS 202 section B.1): bit i of a message is bit
//! `i % 8` of byte `i / 8`; a message whose length is not a multiple of 8 has its last bits in
//! the low-order bits of its last byte ("last byte aligned on LSB"), as in the ShortMsgKAT files.
//!
//! The domain-separation suffix is given as a *delimited suffix* byte: the suffix bits, LSB
//! first, followed by a single 1 bit (which is also the first bit of pad10*1). So SHA-3 is
//! 0x06 (suffix 01), SHAKE 0x1F (1111), cSHAKE 0x04 (00), plain Keccak 0x01, and TurboSHAKE's
//! domain byte D is used as is.

use crate::fast::keccak_p1600;
use crate::keccak::{keccak_p, lane_width};
use crate::Error;

/// A Keccak sponge. Absorb with [`Sponge::absorb`] / [`Sponge::absorb_bits`], then squeeze
/// with [`Sponge::squeeze`] (which pads on its first call and can be called repeatedly).
#[derive(Clone, Debug)]
pub struct Sponge {
    state: [u64; 25],
    b: usize,
    nr: usize,
    rate_bits: usize,
    suffix: u8,
    /// Bit position inside the current block (absorbing) or byte position (squeezing).
    pos: usize,
    squeezing: bool,
    log: Option<Vec<Vec<u8>>>,
}

impl Sponge {
    /// Sponge over Keccak-f[1600] (24 rounds) with the given rate in bits and delimited suffix.
    ///
    /// # Panics
    /// If the rate is not a multiple of 8 in 8..=1592, or `suffix` is 0. Use
    /// [`Sponge::with_permutation`] for a checked constructor.
    pub fn new(rate_bits: usize, suffix: u8) -> Sponge {
        Sponge::with_permutation(1600, 24, rate_bits, suffix).expect("invalid sponge parameters")
    }

    /// Sponge over Keccak-p[b, nr] for b in {200, 400, 800, 1600}. The rate must be a multiple
    /// of 8 bits, 8 <= rate < b (capacity = b - rate); the suffix must be non-zero.
    pub fn with_permutation(
        b: usize,
        nr: usize,
        rate_bits: usize,
        suffix: u8,
    ) -> Result<Sponge, Error> {
        if !matches!(lane_width(b), Some(w) if w >= 8) {
            return Err(Error::InvalidParameter(format!(
                "sponge width b = {b}: must be 200, 400, 800 or 1600"
            )));
        }
        if rate_bits == 0 || rate_bits >= b || rate_bits % 8 != 0 {
            return Err(Error::InvalidParameter(format!(
                "sponge rate {rate_bits} bits: must be a multiple of 8 below b = {b}"
            )));
        }
        if suffix == 0 {
            return Err(Error::InvalidParameter(
                "delimited suffix must be non-zero".into(),
            ));
        }
        Ok(Sponge {
            state: [0; 25],
            b,
            nr,
            rate_bits,
            suffix,
            pos: 0,
            squeezing: false,
            log: None,
        })
    }

    /// Rate in bits.
    pub fn rate_bits(&self) -> usize {
        self.rate_bits
    }

    /// Rate in bytes.
    pub fn rate_bytes(&self) -> usize {
        self.rate_bits / 8
    }

    /// Record the state (as bytes) after every permutation call, for tracing.
    pub fn enable_log(&mut self) {
        self.log = Some(Vec::new());
    }

    /// States after each permutation since [`Sponge::enable_log`].
    pub fn log(&self) -> &[Vec<u8>] {
        self.log.as_deref().unwrap_or(&[])
    }

    /// The current state lanes.
    pub fn state(&self) -> &[u64; 25] {
        &self.state
    }

    fn permute(&mut self) {
        if self.b == 1600 && self.nr <= 24 {
            keccak_p1600(&mut self.state, self.nr);
        } else {
            keccak_p(&mut self.state, self.b, self.nr);
        }
        if let Some(log) = self.log.as_mut() {
            log.push(crate::keccak::state_to_bytes(&self.state, self.b));
        }
    }

    #[inline]
    fn bytes_per_lane(&self) -> usize {
        self.b / 200
    }

    #[inline]
    fn xor_byte(&mut self, i: usize, v: u8) {
        let bpl = self.bytes_per_lane();
        self.state[i / bpl] ^= (v as u64) << (8 * (i % bpl));
    }

    #[inline]
    fn get_byte(&self, i: usize) -> u8 {
        let bpl = self.bytes_per_lane();
        (self.state[i / bpl] >> (8 * (i % bpl))) as u8
    }

    #[inline]
    fn xor_bit(&mut self, bit: u8) {
        if bit & 1 != 0 {
            let p = self.pos;
            self.xor_byte(p / 8, 1 << (p % 8));
        }
        self.pos += 1;
        if self.pos == self.rate_bits {
            self.permute();
            self.pos = 0;
        }
    }

    /// Absorb whole bytes.
    ///
    /// # Panics
    /// If called after squeezing started.
    pub fn absorb(&mut self, data: &[u8]) {
        assert!(!self.squeezing, "absorb after squeeze");
        if self.pos % 8 != 0 {
            for &byte in data {
                for k in 0..8 {
                    self.xor_bit(byte >> k);
                }
            }
            return;
        }
        let rb = self.rate_bytes();
        let mut data = data;
        // Finish a partial block byte by byte.
        while self.pos != 0 && !data.is_empty() {
            let p = self.pos / 8;
            self.xor_byte(p, data[0]);
            data = &data[1..];
            self.pos += 8;
            if self.pos == self.rate_bits {
                self.permute();
                self.pos = 0;
            }
        }
        // Whole blocks, lane by lane.
        if self.b == 1600 && rb % 8 == 0 {
            let lanes = rb / 8;
            while data.len() >= rb {
                for (lane, chunk) in self.state[..lanes].iter_mut().zip(data.chunks_exact(8)) {
                    *lane ^= u64::from_le_bytes(chunk.try_into().unwrap());
                }
                self.permute();
                data = &data[rb..];
            }
        }
        for &byte in data {
            let p = self.pos / 8;
            self.xor_byte(p, byte);
            self.pos += 8;
            if self.pos == self.rate_bits {
                self.permute();
                self.pos = 0;
            }
        }
    }

    /// Absorb the first `bit_len` bits of `data` (bit i = bit i%8 of byte i/8).
    ///
    /// # Panics
    /// If `data` holds fewer than `bit_len` bits, or after squeezing started.
    pub fn absorb_bits(&mut self, data: &[u8], bit_len: usize) {
        assert!(bit_len <= data.len() * 8, "bit_len exceeds the data");
        let whole = bit_len / 8;
        self.absorb(&data[..whole]);
        for k in 0..bit_len % 8 {
            self.xor_bit(data[whole] >> k);
        }
    }

    fn pad(&mut self) {
        // Suffix bits below the delimiter, then pad10*1 (whose first 1 is the delimiter).
        let top = 7 - self.suffix.leading_zeros() as usize;
        for k in 0..top {
            self.xor_bit(self.suffix >> k);
        }
        self.xor_bit(1);
        let last = self.rate_bits - 1;
        self.xor_byte(last / 8, 1 << (last % 8));
        self.permute();
        self.pos = 0;
        self.squeezing = true;
    }

    /// Squeeze `out.len()` bytes; the first call pads. Successive calls continue the output.
    pub fn squeeze(&mut self, out: &mut [u8]) {
        if !self.squeezing {
            self.pad();
        }
        let rb = self.rate_bytes();
        let mut out = out;
        while !out.is_empty() {
            if self.pos == rb {
                self.permute();
                self.pos = 0;
            }
            let n = (rb - self.pos).min(out.len());
            if self.b == 1600 && self.pos % 8 == 0 && n % 8 == 0 {
                for (k, chunk) in out[..n].chunks_exact_mut(8).enumerate() {
                    chunk.copy_from_slice(&self.state[self.pos / 8 + k].to_le_bytes());
                }
            } else {
                for (k, o) in out[..n].iter_mut().enumerate() {
                    *o = self.get_byte(self.pos + k);
                }
            }
            self.pos += n;
            out = &mut out[n..];
        }
    }
}
