//! Readable reference Keccak-p[b, nr], generic over the lane width w = b/25.
//!
//! The state is `[u64; 25]`, lane (x, y) at index `x + 5*y`, each lane holding a w-bit value
//! in its low bits (bit z of the lane is state bit `w*(x + 5*y) + z`, FIPS 202 section 3.1.2).

/// Lane width w for a permutation width b (b = 25 w, w in {1, 2, 4, 8, 16, 32, 64}).
/// Returns `None` for any other b.
pub fn lane_width(b: usize) -> Option<usize> {
    match b {
        25 | 50 | 100 | 200 | 400 | 800 | 1600 => Some(b / 25),
        _ => None,
    }
}

/// l = log2(w).
pub fn log2_w(w: usize) -> usize {
    w.trailing_zeros() as usize
}

/// Default number of rounds of Keccak-f[b]: 12 + 2l.
pub fn default_rounds(b: usize) -> usize {
    let w = lane_width(b).expect("b must be one of 25, 50, 100, 200, 400, 800, 1600");
    12 + 2 * log2_w(w)
}

/// The bits of a `w`-bit lane.
#[inline]
pub(crate) fn mask(w: usize) -> u64 {
    if w == 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

#[inline]
fn rotl(v: u64, n: usize, w: usize) -> u64 {
    let n = n % w;
    if n == 0 {
        v
    } else {
        ((v << n) | (v >> (w - n))) & mask(w)
    }
}

/// The rc(t) bit of FIPS 202 Algorithm 5 (LFSR x^8 + x^6 + x^5 + x^4 + 1).
pub fn rc_bit(t: i64) -> u64 {
    let t = t.rem_euclid(255);
    if t == 0 {
        return 1;
    }
    let mut r: u16 = 0x80; // R = 10000000, R[0] is the most significant of the 8 bits here
    for _ in 0..t {
        // R = 0 || R ; R[0] ^= R[8]; R[4] ^= R[8]; R[5] ^= R[8]; R[6] ^= R[8]; R = Trunc8(R)
        let r8 = r & 1;
        r >>= 1;
        if r8 == 1 {
            r ^= 0x80 | 0x08 | 0x04 | 0x02;
        }
    }
    ((r >> 7) & 1) as u64
}

/// Round constant RC for round index `ir` (may be negative when nr > 12 + 2l) and lane width w.
pub fn round_constant(w: usize, ir: i64) -> u64 {
    let l = log2_w(w);
    let mut rc = 0u64;
    for j in 0..=l {
        rc |= rc_bit(j as i64 + 7 * ir) << ((1usize << j) - 1);
    }
    rc
}

/// Rho offsets ((t+1)(t+2)/2 mod w), indexed x + 5*y.
pub fn rho_offsets(w: usize) -> [usize; 25] {
    let mut off = [0usize; 25];
    let (mut x, mut y) = (1usize, 0usize);
    for t in 0..24usize {
        off[x + 5 * y] = ((t + 1) * (t + 2) / 2) % w;
        let nx = y;
        let ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
    off
}

/// The five step mappings, readable and generic over the lane width w (FIPS 202 section 3.2).
pub mod steps {
    use super::{mask, rho_offsets, rotl, round_constant};

    /// theta: a[x][y] ^= parity(column x-1) ^ rot(parity(column x+1), 1).
    pub fn theta(a: &mut [u64; 25], w: usize) {
        let mut c = [0u64; 5];
        for x in 0..5 {
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        }
        for x in 0..5 {
            let d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1, w);
            for y in 0..5 {
                a[x + 5 * y] ^= d;
            }
        }
    }

    /// rho: rotate each lane by its offset.
    pub fn rho(a: &mut [u64; 25], w: usize) {
        let off = rho_offsets(w);
        for i in 0..25 {
            a[i] = rotl(a[i], off[i], w);
        }
    }

    /// pi: A'[x][y] = A[(x + 3y) mod 5][x].
    pub fn pi(a: &mut [u64; 25], _w: usize) {
        let b = *a;
        for x in 0..5 {
            for y in 0..5 {
                a[x + 5 * y] = b[(x + 3 * y) % 5 + 5 * x];
            }
        }
    }

    /// chi: A'[x][y] = A[x][y] ^ (~A[x+1][y] & A[x+2][y]).
    pub fn chi(a: &mut [u64; 25], w: usize) {
        let m = mask(w);
        for y in 0..5 {
            let row = [
                a[5 * y],
                a[5 * y + 1],
                a[5 * y + 2],
                a[5 * y + 3],
                a[5 * y + 4],
            ];
            for x in 0..5 {
                a[x + 5 * y] = row[x] ^ (!row[(x + 1) % 5] & row[(x + 2) % 5] & m);
            }
        }
    }

    /// iota: xor the round constant of round `round_index` into lane (0, 0).
    pub fn iota(a: &mut [u64; 25], w: usize, round_index: usize) {
        a[0] ^= round_constant(w, round_index as i64);
    }

    /// iota for any (possibly negative) round index, as needed when nr > 12 + 2l.
    pub fn iota_signed(a: &mut [u64; 25], w: usize, round_index: i64) {
        a[0] ^= round_constant(w, round_index);
    }
}

/// First round index of Keccak-p[b, nr]: 12 + 2l - nr (negative when nr > 12 + 2l).
pub fn first_round_index(b: usize, nr: usize) -> i64 {
    default_rounds(b) as i64 - nr as i64
}

/// One round Rnd(A, ir) of the reference permutation.
pub fn round(a: &mut [u64; 25], w: usize, ir: i64) {
    steps::theta(a, w);
    steps::rho(a, w);
    steps::pi(a, w);
    steps::chi(a, w);
    steps::iota_signed(a, w, ir);
}

/// Keccak-p[b, nr] (readable reference): rounds 12+2l-nr .. 12+2l-1.
///
/// # Panics
/// If b is not one of 25, 50, 100, 200, 400, 800, 1600.
pub fn keccak_p(state: &mut [u64; 25], b: usize, nr: usize) {
    let w = lane_width(b).expect("b must be one of 25, 50, 100, 200, 400, 800, 1600");
    let m = mask(w);
    for lane in state.iter_mut() {
        *lane &= m;
    }
    let first = first_round_index(b, nr);
    for i in 0..nr as i64 {
        round(state, w, first + i);
    }
}

/// The state as a string of ceil(b/8) bytes (bit i of the state is bit i%8 of byte i/8).
pub fn state_to_bytes(state: &[u64; 25], b: usize) -> Vec<u8> {
    let w = b / 25;
    let mut out = vec![0u8; b.div_ceil(8)];
    if w >= 8 {
        let bpl = w / 8;
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = (state[i / bpl] >> (8 * (i % bpl))) as u8;
        }
    } else {
        for i in 0..b {
            let bit = (state[i / w] >> (i % w)) & 1;
            out[i / 8] |= (bit as u8) << (i % 8);
        }
    }
    out
}

/// Inverse of [`state_to_bytes`] (extra bits beyond b are ignored).
pub fn state_from_bytes(bytes: &[u8], b: usize) -> [u64; 25] {
    let w = b / 25;
    let mut st = [0u64; 25];
    for i in 0..b.min(bytes.len() * 8) {
        let bit = (bytes[i / 8] >> (i % 8)) & 1;
        st[i / w] |= (bit as u64) << (i % w);
    }
    st
}
