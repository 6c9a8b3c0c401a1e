//! NIST SP 800-185 sample values, typed in from NIST's published example files
//! (csrc.nist.gov, "Examples with Intermediate Values": cSHAKE_samples.pdf, KMAC_samples.pdf,
//! TupleHash_samples.pdf, ParallelHash_samples.pdf).

mod common;
use common::unhex;
use sha3_golden::{hash, tuple_hash, Algorithm, Params};

fn seq(n: usize) -> Vec<u8> {
    (0..n).map(|i| i as u8).collect()
}

fn key() -> Vec<u8> {
    (0x40..0x60).collect()
}

fn p(custom: &str) -> Params {
    Params {
        customization: custom.as_bytes().to_vec(),
        ..Params::default()
    }
}

fn kp(custom: &str) -> Params {
    Params {
        key: key(),
        ..p(custom)
    }
}

/// `hash(alg, p, msg, out_len)` gives `expected` (hex).
fn check_hash(alg: Algorithm, p: &Params, msg: &[u8], out_len: usize, expected: &str) {
    assert_eq!(hash(alg, p, msg, out_len).unwrap(), unhex(expected));
}

// ---- cSHAKE_samples.pdf ----

#[test]
fn cshake_sample_1() {
    // cSHAKE128, X = 00 01 02 03, N = "", S = "Email Signature", L = 256
    check_hash(
        Algorithm::CShake128,
        &p("Email Signature"),
        &seq(4),
        32,
        "C1C36925B6409A04F1B504FCBCA9D82B4017277CB5ED2B2065FC1D3814D5AAF5",
    );
}

#[test]
fn cshake_sample_2() {
    // cSHAKE128, X = 00 .. C7 (200 bytes), N = "", S = "Email Signature", L = 256
    check_hash(
        Algorithm::CShake128,
        &p("Email Signature"),
        &seq(200),
        32,
        "C5221D50E4F822D96A2E8881A961420F294B7B24FE3D2094BAED2C6524CC166B",
    );
}

#[test]
fn cshake_sample_3() {
    // cSHAKE256, X = 00 01 02 03, N = "", S = "Email Signature", L = 512
    check_hash(
        Algorithm::CShake256,
        &p("Email Signature"),
        &seq(4),
        64,
        "D008828E2B80AC9D2218FFEE1D070C48B8E4C87BFF32C9699D5B6896EEE0EDD1\
             64020E2BE0560858D9C00C037E34A96937C561A74C412BB4C746469527281C8C",
    );
}

#[test]
fn cshake_sample_4() {
    // cSHAKE256, X = 00 .. C7 (200 bytes), N = "", S = "Email Signature", L = 512
    check_hash(
        Algorithm::CShake256,
        &p("Email Signature"),
        &seq(200),
        64,
        "07DC27B11E51FBAC75BC7B3C1D983E8B4B85FB1DEFAF218912AC864302730917\
             27F42B17ED1DF63E8EC118F04B23633C1DFB1574C8FB55CB45DA8E25AFB092BB",
    );
}

#[test]
fn cshake_empty_n_and_s_is_shake() {
    for (c, s) in [
        (Algorithm::CShake128, Algorithm::Shake128),
        (Algorithm::CShake256, Algorithm::Shake256),
    ] {
        let a = hash(c, &Params::default(), b"abc", 100).unwrap();
        let b = hash(s, &Params::default(), b"abc", 100).unwrap();
        assert_eq!(a, b);
    }
}

// ---- KMAC_samples.pdf (K = 40 41 .. 5F) ----

#[test]
fn kmac_sample_1() {
    // KMAC128, X = 00 01 02 03, S = "", L = 256
    check_hash(
        Algorithm::Kmac128,
        &kp(""),
        &seq(4),
        32,
        "E5780B0D3EA6F7D3A429C5706AA43A00FADBD7D49628839E3187243F456EE14E",
    );
}

#[test]
fn kmac_sample_2() {
    // KMAC128, X = 00 01 02 03, S = "My Tagged Application", L = 256
    check_hash(
        Algorithm::Kmac128,
        &kp("My Tagged Application"),
        &seq(4),
        32,
        "3B1FBA963CD8B0B59E8C1A6D71888B7143651AF8BA0A7070C0979E2811324AA5",
    );
}

#[test]
fn kmac_sample_3() {
    // KMAC128, X = 00 .. C7, S = "My Tagged Application", L = 256
    check_hash(
        Algorithm::Kmac128,
        &kp("My Tagged Application"),
        &seq(200),
        32,
        "1F5B4E6CCA02209E0DCB5CA635B89A15E271ECC760071DFD805FAA38F9729230",
    );
}

#[test]
fn kmac_sample_4() {
    // KMAC256, X = 00 01 02 03, S = "My Tagged Application", L = 512
    check_hash(
        Algorithm::Kmac256,
        &kp("My Tagged Application"),
        &seq(4),
        64,
        "20C570C31346F703C9AC36C61C03CB64C3970D0CFC787E9B79599D273A68D2F7\
             F69D4CC3DE9D104A351689F27CF6F5951F0103F33F4F24871024D9C27773A8DD",
    );
}

#[test]
fn kmac_sample_5() {
    // KMAC256, X = 00 .. C7, S = "", L = 512
    check_hash(
        Algorithm::Kmac256,
        &kp(""),
        &seq(200),
        64,
        "75358CF39E41494E949707927CEE0AF20A3FF553904C86B08F21CC414BCFD691\
             589D27CF5E15369CBBFF8B9A4C2EB17800855D0235FF635DA82533EC6B759B69",
    );
}

#[test]
fn kmac_sample_6() {
    // KMAC256, X = 00 .. C7, S = "My Tagged Application", L = 512
    check_hash(
        Algorithm::Kmac256,
        &kp("My Tagged Application"),
        &seq(200),
        64,
        "B58618F71F92E1D56C1B8C55DDD7CD188B97B4CA4D99831EB2699A837DA2E4D9\
             70FBACFDE50033AEA585F1A2708510C32D07880801BD182898FE476876FC8965",
    );
}

#[test]
fn kmac_with_an_empty_key_is_cshake_of_the_definition() {
    // SP 800-185 section 4.3: KMAC128(K, X, L, S) = cSHAKE128(bytepad(encode_string(K), 168)
    // || X || right_encode(L), L, "KMAC", S); K may be empty (section 4.2: any bit string).
    use sha3_golden::encoding::{bytepad, encode_string, right_encode};
    for (alg, cshake, rate) in [
        (Algorithm::Kmac128, Algorithm::CShake128, 168),
        (Algorithm::Kmac256, Algorithm::CShake256, 136),
    ] {
        let x = seq(200);
        let empty_key = p("My Tagged Application");
        assert!(empty_key.key.is_empty());
        let kmac = hash(alg, &empty_key, &x, 32).unwrap();
        let mut m = bytepad(&encode_string(b""), rate);
        m.extend_from_slice(&x);
        m.extend_from_slice(&right_encode(256));
        let cp = Params {
            function_name: b"KMAC".to_vec(),
            ..p("My Tagged Application")
        };
        assert_eq!(kmac, hash(cshake, &cp, &m, 32).unwrap(), "{}", alg.name());
        // ... and differs from the one-byte key 00.
        let k0 = Params {
            key: vec![0],
            ..p("My Tagged Application")
        };
        assert_ne!(kmac, hash(alg, &k0, &x, 32).unwrap());
    }
}

// ---- TupleHash_samples.pdf ----

fn tuple2() -> Vec<Vec<u8>> {
    vec![unhex("000102"), unhex("101112131415")]
}

fn tuple3() -> Vec<Vec<u8>> {
    vec![
        unhex("000102"),
        unhex("101112131415"),
        unhex("202122232425262728"),
    ]
}

fn th(alg: Algorithm, s: &str, t: &[Vec<u8>], l: usize) -> Vec<u8> {
    let refs: Vec<&[u8]> = t.iter().map(|x| x.as_slice()).collect();
    tuple_hash(alg, s.as_bytes(), &refs, l).unwrap()
}

#[test]
fn tuplehash_sample_1() {
    let out = th(Algorithm::TupleHash128, "", &tuple2(), 32);
    assert_eq!(
        out,
        unhex("C5D8786C1AFB9B82111AB34B65B2C0048FA64E6D48E263264CE1707D3FFC8ED1")
    );
}

#[test]
fn tuplehash_sample_2() {
    let out = th(Algorithm::TupleHash128, "My Tuple App", &tuple2(), 32);
    assert_eq!(
        out,
        unhex("75CDB20FF4DB1154E841D758E24160C54BAE86EB8C13E7F5F40EB35588E96DFB")
    );
}

#[test]
fn tuplehash_sample_3() {
    let out = th(Algorithm::TupleHash128, "My Tuple App", &tuple3(), 32);
    assert_eq!(
        out,
        unhex("E60F202C89A2631EDA8D4C588CA5FD07F39E5151998DECCF973ADB3804BB6E84")
    );
}

#[test]
fn tuplehash_sample_4() {
    let out = th(Algorithm::TupleHash256, "", &tuple2(), 64);
    assert_eq!(
        out,
        unhex(
            "CFB7058CACA5E668F81A12A20A2195CE97A925F1DBA3E7449A56F82201EC6073\
             11AC2696B1AB5EA2352DF1423BDE7BD4BB78C9AED1A853C78672F9EB23BBE194"
        )
    );
}

#[test]
fn tuplehash_sample_5() {
    let out = th(Algorithm::TupleHash256, "My Tuple App", &tuple2(), 64);
    assert_eq!(
        out,
        unhex(
            "147C2191D5ED7EFD98DBD96D7AB5A11692576F5FE2A5065F3E33DE6BBA9F3AA1\
             C4E9A068A289C61C95AAB30AEE1E410B0B607DE3620E24A4E3BF9852A1D4367E"
        )
    );
}

#[test]
fn tuplehash_sample_6() {
    let out = th(Algorithm::TupleHash256, "My Tuple App", &tuple3(), 64);
    assert_eq!(
        out,
        unhex(
            "45000BE63F9B6BFD89F54717670F69A9BC763591A4F05C50D68891A744BCC6E7\
             D6D5B5E82C018DA999ED35B0BB49C9678E526ABD8E85C13ED254021DB9E790CE"
        )
    );
}

#[test]
fn tuplehash_hasher_interface_hashes_a_one_tuple() {
    // update() calls concatenate into one element: TupleHash(("000102101112131415")).
    let one = th(
        Algorithm::TupleHash128,
        "",
        &[unhex("000102101112131415")],
        32,
    );
    let via_hash = hash(
        Algorithm::TupleHash128,
        &Params::default(),
        &unhex("000102101112131415"),
        32,
    )
    .unwrap();
    assert_eq!(one, via_hash);
    assert_ne!(one, th(Algorithm::TupleHash128, "", &tuple2(), 32));
}

// ---- ParallelHash_samples.pdf ----

fn ph_x1() -> Vec<u8> {
    unhex("000102030405060710111213141516172021222324252627")
}

fn ph_x3() -> Vec<u8> {
    (0..6u8)
        .flat_map(|r| (0..12u8).map(move |c| 16 * r + c))
        .collect()
}

fn php(s: &str, b: usize) -> Params {
    Params {
        block_size: b,
        ..p(s)
    }
}

#[test]
fn parallelhash_sample_1() {
    check_hash(
        Algorithm::ParallelHash128,
        &php("", 8),
        &ph_x1(),
        32,
        "BA8DC1D1D979331D3F813603C67F72609AB5E44B94A0B8F9AF46514454A2B4F5",
    );
}

#[test]
fn parallelhash_sample_2() {
    check_hash(
        Algorithm::ParallelHash128,
        &php("Parallel Data", 8),
        &ph_x1(),
        32,
        "FC484DCB3F84DCEEDC353438151BEE58157D6EFED0445A81F165E495795B7206",
    );
}

#[test]
fn parallelhash_sample_3() {
    assert_eq!(ph_x3().len(), 72);
    check_hash(
        Algorithm::ParallelHash128,
        &php("Parallel Data", 12),
        &ph_x3(),
        32,
        "F7FD5312896C6685C828AF7E2ADB97E393E7F8D54E3C2EA4B95E5ACA3796E8FC",
    );
}

#[test]
fn parallelhash_sample_4() {
    check_hash(
        Algorithm::ParallelHash256,
        &php("", 8),
        &ph_x1(),
        64,
        "BC1EF124DA34495E948EAD207DD9842235DA432D2BBC54B4C110E64C45110553\
             1B7F2A3E0CE055C02805E7C2DE1FB746AF97A1DD01F43B824E31B87612410429",
    );
}

#[test]
fn parallelhash_sample_5() {
    check_hash(
        Algorithm::ParallelHash256,
        &php("Parallel Data", 8),
        &ph_x1(),
        64,
        "CDF15289B54F6212B4BC270528B49526006DD9B54E2B6ADD1EF6900DDA3963BB\
             33A72491F236969CA8AFAEA29C682D47A393C065B38E29FAE651A2091C833110",
    );
}

#[test]
fn parallelhash_sample_6() {
    check_hash(
        Algorithm::ParallelHash256,
        &php("Parallel Data", 12),
        &ph_x3(),
        64,
        "69D0FCB764EA055DD09334BC6021CB7E4B61348DFF375DA262671CDEC3EFFA8D\
             1B4568A6CCE16B1CAD946DDDE27F6CE2B8DEE4CD1B24851EBF00EB90D43813E9",
    );
}

#[test]
fn tuplehash_element_streamed_with_its_length() {
    use sha3_golden::functions::TupleHash;
    // TupleHash sample 1 (elements 000102 and 101112131415), the second one streamed.
    let mut t = TupleHash::new(Algorithm::TupleHash128, b"");
    t.push_element(&unhex("000102"));
    t.push_element_from(6, &mut &unhex("101112131415")[..])
        .unwrap();
    let mut out = [0u8; 32];
    t.finish_tuple(&mut out);
    assert_eq!(
        out.to_vec(),
        tuple_hash(Algorithm::TupleHash128, b"", &tuple2_refs(), 32).unwrap()
    );
    // A reader that does not hold the announced length is an error.
    let mut t = TupleHash::new(Algorithm::TupleHash128, b"");
    let e = t.push_element_from(7, &mut &[1u8; 6][..]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "input shorter than its announced 7 bytes (it changed while being read?)"
    );
    let e = t.push_element_from(5, &mut &[1u8; 6][..]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "input longer than its announced 5 bytes (it changed while being read?)"
    );
}

fn tuple2_refs() -> Vec<&'static [u8]> {
    vec![&[0, 1, 2], &[0x10, 0x11, 0x12, 0x13, 0x14, 0x15]]
}
