//! RFC 9861 (KangarooTwelve and TurboSHAKE) section 5 test vectors, typed in from the RFC,
//! plus every entry of testdata/kat/KangarooTwelve.txt (Keccak team, KT128).

mod common;
use common::{ptn, read_kat, unhex};
use sha3_golden::{hash, new_hasher, Algorithm, Params};

fn ts(alg: Algorithm, d: u8, m: &[u8], len: usize) -> Vec<u8> {
    let p = Params {
        domain: d,
        ..Params::default()
    };
    hash(alg, &p, m, len).unwrap()
}

fn kt(alg: Algorithm, m: &[u8], c: &[u8], len: usize) -> Vec<u8> {
    let p = Params {
        customization: c.to_vec(),
        ..Params::default()
    };
    hash(alg, &p, m, len).unwrap()
}

/// The RFC's series f(ptn(17**i)) for i = 0, 1, ..: the expected output of each, in hex.
fn ptn_series(expect: &[&str], f: impl Fn(&[u8]) -> Vec<u8>) {
    for (i, e) in expect.iter().enumerate() {
        assert_eq!(f(&ptn(17usize.pow(i as u32))), unhex(e), "ptn(17**{i})");
    }
}

fn last(v: Vec<u8>, n: usize) -> Vec<u8> {
    v[v.len() - n..].to_vec()
}

#[test]
fn turboshake128() {
    use Algorithm::TurboShake128 as T;
    // TurboSHAKE128(M=`00`^0, D=`1F`, 32) and (.., 64)
    assert_eq!(
        ts(T, 0x1F, b"", 32),
        unhex("1E415F1C5983AFF2169217277D17BB538CD945A397DDEC541F1CE41AF2C1B74C")
    );
    assert_eq!(
        ts(T, 0x1F, b"", 64),
        unhex(
            "1E415F1C5983AFF2169217277D17BB538CD945A397DDEC541F1CE41AF2C1B74C\
             3E8CCAE2A4DAE56C84A04C2385C03C15E8193BDF58737363321691C05462C8DF"
        )
    );
    // TurboSHAKE128(M=`00`^0, D=`1F`, 10032), last 32 bytes
    assert_eq!(
        last(ts(T, 0x1F, b"", 10032), 32),
        unhex("A3B9B0385900CE761F22AED548E754DA10A5242D62E8C658E3F3A923A7555607")
    );
    // TurboSHAKE128(M=ptn(17**i bytes), D=`1F`, 32), i = 0..6
    let expect = [
        "55CEDD6F60AF7BB29A4042AE832EF3F58DB7299F893EBB9247247D856958DAA9",
        "9C97D036A3BAC819DB70EDE0CA554EC6E4C2A1A4FFBFD9EC269CA6A111161233",
        "96C77C279E0126F7FC07C9B07F5CDAE1E0BE60BDBE10620040E75D7223A624D2",
        "D4976EB56BCF118520582B709F73E1D6853E001FDAF80E1B13E0D0599D5FB372",
        "DA67C7039E98BF530CF7A37830C6664E14CBAB7F540F58403B1B82951318EE5C",
        "B97A906FBF83EF7C812517ABF3B2D0AEA0C4F60318CE11CF103925127F59EECD",
        "35CD494ADEDED2F25239AF09A7B8EF0C4D1CA4FE2D1AC370FA63216FE7B4C2B1",
    ];
    ptn_series(&expect, |m| ts(T, 0x1F, m, 32));
    // Domain-byte examples
    assert_eq!(
        ts(T, 0x01, &[0xFF; 3], 32),
        unhex("BF323F940494E88EE1C540FE660BE8A0C93F43D15EC006998462FA994EED5DAB")
    );
    assert_eq!(
        ts(T, 0x06, &[0xFF], 32),
        unhex("8EC9C66465ED0D4A6C35D13506718D687A25CB05C74CCA1E42501ABD83874A67")
    );
    assert_eq!(
        ts(T, 0x07, &[0xFF; 3], 32),
        unhex("B658576001CAD9B1E5F399A9F77723BBA05458042D68206F7252682DBA3663ED")
    );
    assert_eq!(
        ts(T, 0x0B, &[0xFF; 7], 32),
        unhex("8DEEAA1AEC47CCEE569F659C21DFA8E112DB3CEE37B18178B2ACD805B799CC37")
    );
    assert_eq!(
        ts(T, 0x30, &[0xFF], 32),
        unhex("553122E2135E363C3292BED2C6421FA232BAB03DAA07C7D6636603286506325B")
    );
    assert_eq!(
        ts(T, 0x7F, &[0xFF; 3], 32),
        unhex("16274CC656D44CEFD422395D0F9053BDA6D28E122ABA15C765E5AD0E6EAF26F9")
    );
}

#[test]
fn turboshake256() {
    use Algorithm::TurboShake256 as T;
    assert_eq!(
        ts(T, 0x1F, b"", 64),
        unhex(
            "367A329DAFEA871C7802EC67F905AE13C57695DC2C6663C61035F59A18F8E7DB\
             11EDC0E12E91EA60EB6B32DF06DD7F002FBAFABB6E13EC1CC20D995547600DB0"
        )
    );
    assert_eq!(
        last(ts(T, 0x1F, b"", 10032), 32),
        unhex("ABEFA11630C661269249742685EC082F207265DCCF2F43534E9C61BA0C9D1D75")
    );
    let expect = [
        "3E1712F928F8EAF1054632B2AA0A246ED8B0C378728F60BC970410155C28820E\
         90CC90D8A3006AA2372C5C5EA176B0682BF22BAE7467AC94F74D43D39B0482E2",
        "B3BAB0300E6A191FBE6137939835923578794EA54843F5011090FA2F3780A9E5\
         CB22C59D78B40A0FBFF9E672C0FBE0970BD2C845091C6044D687054DA5D8E9C7",
        "66B810DB8E90780424C0847372FDC95710882FDE31C6DF75BEB9D4CD9305CFCA\
         E35E7B83E8B7E6EB4B78605880116316FE2C078A09B94AD7B8213C0A738B65C0",
        "C74EBC919A5B3B0DD1228185BA02D29EF442D69D3D4276A93EFE0BF9A16A7DC0\
         CD4EABADAB8CD7A5EDD96695F5D360ABE09E2C6511A3EC397DA3B76B9E1674FB",
        "02CC3A8897E6F4F6CCB6FD46631B1F5207B66C6DE9C7B55B2D1A23134A170AFD\
         AC234EABA9A77CFF88C1F020B73724618C5687B362C430B248CD38647F848A1D",
        "ADD53B06543E584B5823F626996AEE50FE45ED15F20243A7165485ACB4AA76B4\
         FFDA75CEDF6D8CDC95C332BD56F4B986B58BB17D1778BFC1B1A97545CDF4EC9F",
        "9E11BC59C24E73993C1484EC66358EF71DB74AEFD84E123F7800BA9C4853E02C\
         FE701D9E6BB765A304F0DC34A4EE3BA82C410F0DA70E86BFBD90EA877C2D6104",
    ];
    ptn_series(&expect, |m| ts(T, 0x1F, m, 64));
    assert_eq!(
        ts(T, 0x01, &[0xFF; 3], 64),
        unhex(
            "D21C6FBBF587FA2282F29AEA620175FB0257413AF78A0B1B2A87419CE031D933\
             AE7A4D383327A8A17641A34F8A1D1003AD7DA6B72DBA84BB62FEF28F62F12424"
        )
    );
    assert_eq!(
        ts(T, 0x06, &[0xFF], 64),
        unhex(
            "738D7B4E37D18B7F22AD1B5313E357E3DD7D07056A26A303C433FA3533455280\
             F4F5A7D4F700EFB437FE6D281405E07BE32A0A972E22E63ADC1B090DAEFE004B"
        )
    );
    assert_eq!(
        ts(T, 0x7F, &[0xFF; 3], 64),
        unhex(
            "ABE569C1F77EC340F02705E7D37C9AB7E155516E4A6A150021D70B6FAC0BB40C\
             069F9A9828A0D575CD99F9BAE435AB1ACF7ED9110BA97CE0388D074BAC768776"
        )
    );
}

#[test]
fn turboshake_domain_byte_is_checked() {
    let p = Params {
        domain: 0x80,
        ..Params::default()
    };
    assert!(new_hasher(Algorithm::TurboShake128, &p).is_err());
    let p = Params {
        domain: 0,
        ..Params::default()
    };
    assert!(new_hasher(Algorithm::TurboShake256, &p).is_err());
}

#[test]
fn kt128_rfc9861_chunk_boundaries() {
    use Algorithm::Kt128 as K;
    // KT128(M=ptn(8191 bytes), C=`00`^0, 32) etc.
    assert_eq!(
        kt(K, &ptn(8191), b"", 32),
        unhex("1B577636F723643E990CC7D6A659837436FD6A103626600EB8301CD1DBE553D6")
    );
    assert_eq!(
        kt(K, &ptn(8192), b"", 32),
        unhex("48F256F6772F9EDFB6A8B661EC92DC93B95EBD05A08A17B39AE3490870C926C3")
    );
    assert_eq!(
        kt(K, &ptn(8192), &ptn(8189), 32),
        unhex("3ED12F70FB05DDB58689510AB3E4D23C6C6033849AA01E1D8C220A297FEDCD0B")
    );
    assert_eq!(
        kt(K, &ptn(8192), &ptn(8190), 32),
        unhex("6A7C1B6A5CD0D8C9CA943A4A216CC64604559A2EA45F78570A15253D67BA00AE")
    );
}

#[test]
fn kt256_rfc9861() {
    use Algorithm::Kt256 as K;
    assert_eq!(
        kt(K, b"", b"", 64),
        unhex(
            "B23D2E9CEA9F4904E02BEC06817FC10CE38CE8E93EF4C89E6537076AF8646404\
             E3E8B68107B8833A5D30490AA33482353FD4ADC7148ECB782855003AAEBDE4A9"
        )
    );
    assert_eq!(
        last(kt(K, b"", b"", 10064), 64),
        unhex(
            "AD4A1D718CF950506709A4C33396139B4449041FC79A05D68DA35F1E453522E0\
             56C64FE94958E7085F2964888259B9932752F3CCD855288EFEE5FCBB8B563069"
        )
    );
    let expect = [
        "0D005A194085360217128CF17F91E1F71314EFA5564539D444912E3437EFA17F\
         82DB6F6FFE76E781EAA068BCE01F2BBF81EACB983D7230F2FB02834A21B1DDD0",
        "1BA3C02B1FC514474F06C8979978A9056C8483F4A1B63D0DCCEFE3A28A2F323E\
         1CDCCA40EBF006AC76EF0397152346837B1277D3E7FAA9C9653B19075098527B",
        "DE8CCBC63E0F133EBB4416814D4C66F691BBF8B6A61EC0A7700F836B086CB029\
         D54F12AC7159472C72DB118C35B4E6AA213C6562CAAA9DCC518959E69B10F3BA",
        "647EFB49FE9D717500171B41E7F11BD491544443209997CE1C2530D15EB1FFBB\
         598935EF954528FFC152B1E4D731EE2683680674365CD191D562BAE753B84AA5",
        "B06275D284CD1CF205BCBE57DCCD3EC1FF6686E3ED15776383E1F2FA3C6AC8F0\
         8BF8A162829DB1A44B2A43FF83DD89C3CF1CEB61EDE659766D5CCF817A62BA8D",
        "9473831D76A4C7BF77ACE45B59F1458B1673D64BCD877A7C66B2664AA6DD149E\
         60EAB71B5C2BAB858C074DED81DDCE2B4022B5215935C0D4D19BF511AEEB0772",
        "0652B740D78C5E1F7C8DCC1777097382768B7FF38F9A7A20F29F413BB1B3045B\
         31A5578F568F911E09CF44746DA84224A5266E96A4A535E871324E4F9C7004DA",
    ];
    ptn_series(&expect, |m| kt(K, m, b"", 64));
    assert_eq!(
        kt(K, b"", &ptn(1), 64),
        unhex(
            "9280F5CC39B54A5A594EC63DE0BB99371E4609D44BF845C2F5B8C316D72B1598\
             11F748F23E3FABBE5C3226EC96C62186DF2D33E9DF74C5069CEECBB4DD10EFF6"
        )
    );
    assert_eq!(
        kt(K, &[0xFF], &ptn(41), 64),
        unhex(
            "47EF96DD616F200937AA7847E34EC2FEAE8087E3761DC0F8C1A154F51DC9CCF8\
             45D7ADBCE57FF64B639722C6A1672E3BF5372D87E00AFF89BE97240756998853"
        )
    );
    assert_eq!(
        kt(K, &[0xFF; 7], &ptn(41 * 41 * 41), 64),
        unhex(
            "E0911CC00025E1540831E266D94ADD9B98712142B80D2629E643AAC4EFAF5A3A\
             30A88CBF4AC2A91A2432743054FBCC9897670E86BA8CEC2FC2ACE9C966369724"
        )
    );
    assert_eq!(
        kt(K, &ptn(8192), &ptn(8190), 64),
        unhex(
            "F4B5908B929FFE01E0F79EC2F21243D41A396B2E7303A6AF1D6399CD6C7A0A2D\
             D7C4F607E8277F9C9B1CB4AB9DDC59D4B92D1FC7558441F1832C3279A4241B8B"
        )
    );
}

/// Parse "KangarooTwelve(M=..., C=..., N bytes)[, last K bytes]:" headers.
fn parse_header(h: &str) -> (Vec<u8>, Vec<u8>, usize, Option<usize>) {
    let inner = &h[h.find('(').unwrap() + 1..h.rfind(')').unwrap()];
    let parts: Vec<&str> = inner.split(", ").collect();
    let field = |s: &str| -> Vec<u8> {
        let s = s.split_once('=').unwrap().1;
        if s == "empty" {
            Vec::new()
        } else if let Some(rest) = s.strip_prefix("pattern 0x00 to 0xFA for ") {
            let (b, e) = rest.trim_end_matches(" bytes").split_once('^').unwrap();
            ptn(b.parse::<usize>().unwrap().pow(e.parse().unwrap()))
        } else if let Some((n, _)) = s.split_once(" times byte 0xFF") {
            vec![0xFF; n.parse().unwrap()]
        } else {
            panic!("unknown field {s}")
        }
    };
    let out_len: usize = parts[2].trim_end_matches(" bytes").parse().unwrap();
    let last = h
        .split("last ")
        .nth(1)
        .map(|s| s.trim_end_matches(" bytes:").parse().unwrap());
    (field(parts[0]), field(parts[1]), out_len, last)
}

#[test]
fn kangarootwelve_txt() {
    let text = read_kat("KangarooTwelve.txt");
    let lines: Vec<&str> = text.lines().collect();
    let mut n = 0;
    for w in lines.windows(2) {
        if w[0].starts_with("KangarooTwelve(") {
            let (m, c, len, lastn) = parse_header(w[0]);
            let expected = unhex(w[1]);
            let mut got = kt(Algorithm::Kt128, &m, &c, len);
            if let Some(k) = lastn {
                got = last(got, k);
            }
            assert_eq!(got, expected, "{}", w[0]);
            n += 1;
        }
    }
    assert_eq!(n, 14);
}
