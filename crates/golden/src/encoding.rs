//! The string encodings of NIST SP 800-185 section 2.3 and RFC 9861's length_encode, and
//! the lowercase hex the project prints bytes in.

/// `bytes` as lowercase hexadecimal, two digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// left_encode(x): the byte count n (1 <= n) followed by x in n big-endian bytes.
pub fn left_encode(x: u128) -> Vec<u8> {
    let be = x.to_be_bytes();
    let skip = be.iter().take_while(|&&b| b == 0).count().min(15);
    let mut v = vec![(16 - skip) as u8];
    v.extend_from_slice(&be[skip..]);
    v
}

/// right_encode(x): x in n big-endian bytes (1 <= n) followed by the byte count n.
pub fn right_encode(x: u128) -> Vec<u8> {
    let be = x.to_be_bytes();
    let skip = be.iter().take_while(|&&b| b == 0).count().min(15);
    let mut v = be[skip..].to_vec();
    v.push((16 - skip) as u8);
    v
}

/// encode_string(S) = left_encode(bit length of S) || S.
pub fn encode_string(s: &[u8]) -> Vec<u8> {
    let mut v = left_encode(s.len() as u128 * 8);
    v.extend_from_slice(s);
    v
}

/// bytepad(X, w) = left_encode(w) || X, zero-padded to a multiple of w bytes.
pub fn bytepad(x: &[u8], w: usize) -> Vec<u8> {
    let mut v = left_encode(w as u128);
    v.extend_from_slice(x);
    while v.len() % w != 0 {
        v.push(0);
    }
    v
}

/// length_encode(x) of RFC 9861 (KangarooTwelve): x in the minimal number of big-endian
/// bytes (none for x = 0), followed by that number of bytes.
pub fn length_encode(x: u64) -> Vec<u8> {
    let be = x.to_be_bytes();
    let skip = be.iter().take_while(|&&b| b == 0).count();
    let mut v = be[skip..].to_vec();
    v.push((8 - skip) as u8);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        assert_eq!(left_encode(0), [1, 0]);
        assert_eq!(left_encode(168), [1, 168]);
        assert_eq!(left_encode(256), [2, 1, 0]);
        assert_eq!(right_encode(0), [0, 1]);
        assert_eq!(right_encode(256), [1, 0, 2]);
        assert_eq!(encode_string(b""), [1, 0]);
        assert_eq!(length_encode(0), [0]);
        assert_eq!(length_encode(12), [12, 1]);
        assert_eq!(length_encode(65538), [1, 0, 2, 3]);
        assert_eq!(bytepad(&[1, 2], 4), [1, 4, 1, 2]);
        assert_eq!(bytepad(&[1, 2, 3], 4), [1, 4, 1, 2, 3, 0, 0, 0]);
    }
}
