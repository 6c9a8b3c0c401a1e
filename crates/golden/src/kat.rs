//! Test data: the Keccak team's Keyak v2 and Ketje v2 known-answer files
//! (testdata/kat/keyak-ketje/, from XKCP) parsed into sessions, for the tests that check
//! the golden model and the firmware against them. A malformed file panics with the line.

use crate::aead::Aead;

/// Every Ketje instance and its file.
pub const KETJE_FILES: [(Aead, &str); 4] = [
    (Aead::KetjeJr, "KetjeJr.txt"),
    (Aead::KetjeSr, "KetjeSr.txt"),
    (Aead::KetjeMinor, "KetjeMn.txt"),
    (Aead::KetjeMajor, "KetjeMj.txt"),
];

/// Decode hex, ignoring whitespace (panics on anything else).
pub fn unhex(s: &str) -> Vec<u8> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(s.len() % 2 == 0, "odd-length hex: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or_else(|_| panic!("bad hex {s}")))
        .collect()
}

/// The value after the first ':' of a line, as bytes.
fn field(line: &str) -> Vec<u8> {
    unhex(line.split_once(':').map(|x| x.1).unwrap_or(""))
}

/// `name=true` in a line such as `Wrap(I, O, A, T, unwrapFlag=false, forgetFlag=true)`.
fn flag(line: &str, name: &str) -> bool {
    let pat = format!("{name}=");
    let at = line
        .find(&pat)
        .unwrap_or_else(|| panic!("no {name} in {line}"));
    line[at + pat.len()..].starts_with("true")
}

/// One wrap of a session: associated data (Keyak: metadata), plaintext, ciphertext and tag;
/// Keyak's forgetFlag of the wrap (always false for Ketje).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wrap {
    pub ad: Vec<u8>,
    pub plain: Vec<u8>,
    pub cipher: Vec<u8>,
    pub tag: Vec<u8>,
    pub forget: bool,
}

/// One session: key and nonce, Keyak's StartEngine flags and start tag (tagFlag; none for
/// Ketje), then its wraps in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub key: Vec<u8>,
    pub nonce: Vec<u8>,
    pub tag_flag: bool,
    pub forget: bool,
    pub start_tag: Option<Vec<u8>>,
    pub wraps: Vec<Wrap>,
}

/// A whole file: its sessions and the global tag of its last line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KatFile {
    pub sessions: Vec<Session>,
    pub global_tag: Option<Vec<u8>>,
}

impl KatFile {
    /// Every wrap of the file.
    pub fn wraps(&self) -> usize {
        self.sessions.iter().map(|s| s.wraps.len()).sum()
    }

    /// A Ketje file (KetjeJr/Sr/Mn/Mj.txt): a session per `> N (nonce)` line, with the key
    /// of the `> K (key)` line before it.
    pub fn ketje(text: &str) -> KatFile {
        Self::parse(text, false)
    }

    /// A Keyak file (RiverKeyak.txt): a session per `StartEngine(..)`, with its tagFlag and
    /// forgetFlag (and, with tagFlag, the start tag), then each `Wrap(..)` with its forgetFlag.
    pub fn keyak(text: &str) -> KatFile {
        Self::parse(text, true)
    }

    fn parse(text: &str, keyak: bool) -> KatFile {
        let mut f = KatFile {
            sessions: Vec::new(),
            global_tag: None,
        };
        let (mut key, mut w) = (Vec::new(), Wrap::empty());
        let (mut tag_flag, mut forget) = (false, false);
        let mut in_start = false;
        for line in text.lines() {
            if keyak && line.starts_with("StartEngine(") {
                tag_flag = flag(line, "tagFlag");
                forget = flag(line, "forgetFlag");
            } else if keyak && line.starts_with("Wrap(") {
                w.forget = flag(line, "forgetFlag");
            } else if line.starts_with("> K ") || line.starts_with("> K:") {
                key = field(line);
            } else if line.starts_with("> N ") || line.starts_with("> N:") {
                f.sessions.push(Session {
                    key: key.clone(),
                    nonce: field(line),
                    tag_flag,
                    forget,
                    start_tag: None,
                    wraps: Vec::new(),
                });
                // with tagFlag, the next tag is the start tag
                in_start = tag_flag;
            } else if line.starts_with("> A ") {
                w.ad = field(line);
            } else if line.starts_with("> B ") || line.starts_with("> I ") {
                w.plain = field(line);
            } else if line.starts_with("< C ") || line.starts_with("< O ") {
                w.cipher = field(line);
            } else if line.starts_with("< T ") {
                let s = f
                    .sessions
                    .last_mut()
                    .expect("a tag before any key and nonce");
                if in_start {
                    s.start_tag = Some(field(line));
                    in_start = false;
                } else {
                    w.tag = field(line);
                    s.wraps.push(std::mem::replace(&mut w, Wrap::empty()));
                }
            } else if line.starts_with("+++ Global tag") {
                f.global_tag = Some(field(line));
            }
        }
        f
    }
}

impl Wrap {
    fn empty() -> Wrap {
        Wrap {
            ad: Vec::new(),
            plain: Vec::new(),
            cipher: Vec::new(),
            tag: Vec::new(),
            forget: false,
        }
    }
}
