//! The hash functions as incremental [`Hasher`]s: SHA-3, SHAKE, cSHAKE, KMAC, TupleHash,
//! ParallelHash (NIST SP 800-185), TurboSHAKE and KangarooTwelve (RFC 9861).

use crate::encoding::{bytepad, encode_string, left_encode, length_encode, right_encode};
use crate::{Algorithm, Error, Family, Hasher, Params, Sponge, XofReader};

impl XofReader for Sponge {
    fn squeeze(&mut self, out: &mut [u8]) {
        Sponge::squeeze(self, out)
    }
}

/// cSHAKE sponge with function name `n` and customization `s` (SHAKE when both are empty).
pub fn cshake_sponge(rate_bytes: usize, n: &[u8], s: &[u8]) -> Sponge {
    if n.is_empty() && s.is_empty() {
        return Sponge::new(rate_bytes * 8, 0x1F);
    }
    let mut sp = Sponge::new(rate_bytes * 8, 0x04);
    let mut x = encode_string(n);
    x.extend_from_slice(&encode_string(s));
    sp.absorb(&bytepad(&x, rate_bytes));
    sp
}

/// A plain sponge function: SHA-3, SHAKE, cSHAKE, TurboSHAKE.
pub struct SpongeHasher {
    alg: Algorithm,
    sponge: Sponge,
}

impl SpongeHasher {
    pub fn new(alg: Algorithm, p: &Params) -> SpongeHasher {
        let rb = alg.rate_bytes();
        let sponge = match alg.family() {
            Family::Sponge => Sponge::new(rb * 8, alg.suffix().expect("plain sponge")),
            Family::CShake => cshake_sponge(rb, &p.function_name, &p.customization),
            Family::TurboShake => {
                Sponge::with_permutation(1600, 12, rb * 8, p.domain).expect("checked domain")
            }
            _ => unreachable!("not a plain sponge function"),
        };
        SpongeHasher { alg, sponge }
    }

    /// Absorb bits (bit-granular messages for SHA-3 and SHAKE).
    pub fn update_bits(&mut self, data: &[u8], bit_len: usize) {
        self.sponge.absorb_bits(data, bit_len);
    }
}

fn check_fixed_len(alg: Algorithm, len: usize) {
    if !alg.is_xof() && alg.fixed_output_len().is_some() {
        assert_eq!(
            Some(len),
            alg.fixed_output_len(),
            "{} produces exactly {} bytes",
            alg.name(),
            alg.default_output_len()
        );
    }
}

impl Hasher for SpongeHasher {
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
    fn finalize(mut self: Box<Self>, out: &mut [u8]) {
        check_fixed_len(self.alg, out.len());
        self.sponge.squeeze(out);
    }
    fn try_finalize_xof(self: Box<Self>) -> Result<Box<dyn XofReader>, Error> {
        if !self.alg.is_xof() {
            return Err(Error::NotXof(self.alg));
        }
        Ok(Box::new(self.sponge))
    }
    fn algorithm(&self) -> Algorithm {
        self.alg
    }
}

/// L of SP 800-185: the output length in bits, or 0 for the XOF variants.
fn output_bits(alg: Algorithm, out_len: usize) -> u128 {
    if alg.is_xof() {
        0
    } else {
        out_len as u128 * 8
    }
}

/// The end of every SP 800-185 function (KMAC, TupleHash, ParallelHash) as [`Hasher`]
/// methods: the type's `close(L)` (L from [`output_bits`]; 0 for the XOF reader), then the
/// outer sponge, the field `$sponge`, is squeezed.
macro_rules! sp800_185_finish {
    ($sponge:ident) => {
        fn finalize(mut self: Box<Self>, out: &mut [u8]) {
            self.close(output_bits(self.alg, out.len()));
            self.$sponge.squeeze(out);
        }
        fn try_finalize_xof(mut self: Box<Self>) -> Result<Box<dyn XofReader>, Error> {
            if !self.alg.is_xof() {
                return Err(Error::NotXof(self.alg));
            }
            self.close(0);
            Ok(Box::new(self.$sponge))
        }
        fn algorithm(&self) -> Algorithm {
            self.alg
        }
    };
}

/// KMAC128/256 and KMACXOF128/256 (SP 800-185 section 4).
pub struct Kmac {
    alg: Algorithm,
    sponge: Sponge,
}

impl Kmac {
    pub fn new(alg: Algorithm, key: &[u8], customization: &[u8]) -> Kmac {
        let rb = alg.rate_bytes();
        let mut sponge = cshake_sponge(rb, b"KMAC", customization);
        sponge.absorb(&bytepad(&encode_string(key), rb));
        Kmac { alg, sponge }
    }

    fn close(&mut self, l_bits: u128) {
        self.sponge.absorb(&right_encode(l_bits));
    }
}

impl Hasher for Kmac {
    fn update(&mut self, data: &[u8]) {
        self.sponge.absorb(data);
    }
    sp800_185_finish!(sponge);
}

/// TupleHash128/256 and TupleHashXOF128/256 (SP 800-185 section 5).
///
/// Elements are added with [`TupleHash::push_element`]. Through the [`Hasher`] interface,
/// `update` appends to a pending element (the tuple's last), which `finalize` closes; a
/// hasher that only saw `update` calls (or none) hashes the 1-tuple of all its input. Because
/// an element is length-prefixed, the pending element is buffered in memory.
pub struct TupleHash {
    alg: Algorithm,
    sponge: Sponge,
    pending: Option<Vec<u8>>,
    elements: usize,
}

impl TupleHash {
    pub fn new(alg: Algorithm, customization: &[u8]) -> TupleHash {
        TupleHash {
            alg,
            sponge: cshake_sponge(alg.rate_bytes(), b"TupleHash", customization),
            pending: None,
            elements: 0,
        }
    }

    /// Close the pending element (if any) and add `x` as the next element.
    pub fn push_element(&mut self, x: &[u8]) {
        self.flush();
        self.sponge.absorb(&encode_string(x));
        self.elements += 1;
    }

    /// Add the next element, of `len` bytes, read from `r` in constant memory (the length
    /// prefix comes first, so the length must be known). Fails if `r` holds fewer or more
    /// than `len` bytes.
    pub fn push_element_from(
        &mut self,
        len: u64,
        r: &mut dyn std::io::Read,
    ) -> std::io::Result<()> {
        self.flush();
        self.sponge.absorb(&left_encode(len as u128 * 8));
        let mut buf = vec![0u8; 64 * 1024];
        let mut left = len;
        loop {
            let n = match r.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if n == 0 {
                break;
            }
            if n as u64 > left {
                return Err(std::io::Error::other(format!(
                    "input longer than its announced {len} bytes (it changed while being read?)"
                )));
            }
            self.sponge.absorb(&buf[..n]);
            left -= n as u64;
        }
        if left > 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                format!(
                    "input shorter than its announced {len} bytes (it changed while being read?)"
                ),
            ));
        }
        self.elements += 1;
        Ok(())
    }

    /// Hash exactly the elements pushed so far (possibly none) into `out` (L = out.len()
    /// for TupleHash, any length for TupleHashXOF).
    pub fn finish_tuple(mut self, out: &mut [u8]) {
        self.flush();
        self.sponge
            .absorb(&right_encode(output_bits(self.alg, out.len())));
        self.sponge.squeeze(out);
    }

    fn flush(&mut self) {
        if let Some(x) = self.pending.take() {
            self.sponge.absorb(&encode_string(&x));
            self.elements += 1;
        }
    }

    fn close(&mut self, l_bits: u128) {
        if self.pending.is_none() && self.elements == 0 {
            self.pending = Some(Vec::new());
        }
        self.flush();
        self.sponge.absorb(&right_encode(l_bits));
    }
}

impl Hasher for TupleHash {
    fn update(&mut self, data: &[u8]) {
        self.pending
            .get_or_insert_with(Vec::new)
            .extend_from_slice(data);
    }
    sp800_185_finish!(sponge);
}

/// ParallelHash128/256 and ParallelHashXOF128/256 (SP 800-185 section 6), computed serially.
/// Streaming: each block is absorbed into its leaf sponge as it arrives, so memory does not
/// grow with the block size B.
pub struct ParallelHash {
    alg: Algorithm,
    outer: Sponge,
    block_size: usize,
    /// The leaf of the current block and how many bytes it has absorbed (0 = no block open).
    leaf: Sponge,
    in_block: usize,
    blocks: u128,
}

impl ParallelHash {
    pub fn new(alg: Algorithm, customization: &[u8], block_size: usize) -> ParallelHash {
        let mut outer = cshake_sponge(alg.rate_bytes(), b"ParallelHash", customization);
        outer.absorb(&left_encode(block_size as u128));
        ParallelHash {
            alg,
            outer,
            block_size,
            leaf: Sponge::new(alg.rate_bytes() * 8, 0x1F),
            in_block: 0,
            blocks: 0,
        }
    }

    fn chain(&mut self) {
        let rb = self.alg.rate_bytes();
        let mut leaf = std::mem::replace(&mut self.leaf, Sponge::new(rb * 8, 0x1F));
        let mut z = [0u8; 64];
        let zl = if rb == 168 { 32 } else { 64 };
        leaf.squeeze(&mut z[..zl]);
        self.outer.absorb(&z[..zl]);
        self.in_block = 0;
        self.blocks += 1;
    }

    fn close(&mut self, l_bits: u128) {
        if self.in_block > 0 {
            self.chain();
        }
        self.outer.absorb(&right_encode(self.blocks));
        self.outer.absorb(&right_encode(l_bits));
    }
}

impl Hasher for ParallelHash {
    fn update(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            let n = (self.block_size - self.in_block).min(data.len());
            self.leaf.absorb(&data[..n]);
            self.in_block += n;
            data = &data[n..];
            if self.in_block == self.block_size {
                self.chain();
            }
        }
    }
    sp800_185_finish!(outer);
}

/// KangarooTwelve KT128 / KT256 (RFC 9861 section 3), computed serially, streaming.
pub struct KangarooTwelve {
    alg: Algorithm,
    customization: Vec<u8>,
    /// The first 8192-byte chunk, kept until we know whether the input is longer.
    first: Vec<u8>,
    final_node: Option<Sponge>,
    leaf: Option<(Sponge, usize)>,
    leaves: u64,
}

const KT_CHUNK: usize = 8192;

impl KangarooTwelve {
    pub fn new(alg: Algorithm, customization: &[u8]) -> KangarooTwelve {
        KangarooTwelve {
            alg,
            customization: customization.to_vec(),
            first: Vec::new(),
            final_node: None,
            leaf: None,
            leaves: 0,
        }
    }

    fn turboshake(&self, domain: u8) -> Sponge {
        Sponge::with_permutation(1600, 12, self.alg.rate_bytes() * 8, domain).expect("valid")
    }

    fn finish_leaf(&mut self) {
        if let Some((mut leaf, _)) = self.leaf.take() {
            let cvl = if self.alg.rate_bytes() == 168 { 32 } else { 64 };
            let mut cv = [0u8; 64];
            leaf.squeeze(&mut cv[..cvl]);
            self.final_node.as_mut().unwrap().absorb(&cv[..cvl]);
            self.leaves += 1;
        }
    }

    fn feed(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            if self.final_node.is_none() {
                if self.first.len() < KT_CHUNK {
                    let n = (KT_CHUNK - self.first.len()).min(data.len());
                    self.first.extend_from_slice(&data[..n]);
                    data = &data[n..];
                    continue;
                }
                // More than one chunk: start the final node with S_0 || 110^62.
                let mut f = self.turboshake(0x06);
                f.absorb(&self.first);
                f.absorb(&[0x03, 0, 0, 0, 0, 0, 0, 0]);
                self.final_node = Some(f);
            }
            if matches!(self.leaf, Some((_, n)) if n == KT_CHUNK) {
                self.finish_leaf();
            }
            if self.leaf.is_none() {
                self.leaf = Some((self.turboshake(0x0B), 0));
            }
            let (leaf, used) = self.leaf.as_mut().unwrap();
            let n = (KT_CHUNK - *used).min(data.len());
            leaf.absorb(&data[..n]);
            *used += n;
            data = &data[n..];
        }
    }

    fn close(mut self: Box<Self>) -> Sponge {
        let c = std::mem::take(&mut self.customization);
        self.feed(&c);
        self.feed(&length_encode(c.len() as u64));
        if self.final_node.is_none() {
            let mut s = self.turboshake(0x07);
            s.absorb(&self.first);
            return s;
        }
        self.finish_leaf();
        let n = self.leaves;
        let mut f = self.final_node.take().unwrap();
        f.absorb(&length_encode(n));
        f.absorb(&[0xFF, 0xFF]);
        f
    }
}

impl Hasher for KangarooTwelve {
    fn update(&mut self, data: &[u8]) {
        self.feed(data);
    }
    fn finalize(self: Box<Self>, out: &mut [u8]) {
        self.close().squeeze(out);
    }
    fn try_finalize_xof(self: Box<Self>) -> Result<Box<dyn XofReader>, Error> {
        Ok(Box::new(self.close()))
    }
    fn algorithm(&self) -> Algorithm {
        self.alg
    }
}
