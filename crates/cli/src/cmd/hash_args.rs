//! What `hash` (hash.rs) and its AEAD mode (hash_aead.rs) share: the arguments and the
//! sha3sum-style output loop. Both import this module; neither imports the other's
//! pieces (hash only dispatches to hash_aead::run).

use super::AlgArgs;
use crate::error::{Context, Result};
use clap::Args;
use std::io::{self, Write};

#[derive(Args, Debug)]
#[command(after_help = "\
Prints one '<hex digest>  <name>' line per input, like sha3sum; stdin is shown as '-'.
Functions: sha3-224 sha3-256 sha3-384 sha3-512 shake128 shake256 cshake128 cshake256
  kmac128 kmac256 kmacxof128 kmacxof256 tuplehash128 tuplehash256 tuplehashxof128
  tuplehashxof256 parallelhash128 parallelhash256 parallelhashxof128 parallelhashxof256
  turboshake128 turboshake256 kt128 kt256
Authenticated encryption (Keyak v2, Ketje v2): river-keyak lake-keyak sea-keyak ocean-keyak
  lunar-keyak ketje-jr ketje-sr ketje-minor ketje-major. They take --key (required), --nonce
  and --ad (hex, default empty) and print '<hex ciphertext||tag>  <name>' (a one-wrap
  session; 16-byte tag, -l sets Ketje's tag length). --decrypt reads one input holding the
  ciphertext followed by the tag (binary) and writes the plaintext to stdout; a tag that does
  not verify prints an error, no plaintext, and exits 1.
TupleHash hashes each input as a 1-tuple (stdin and pipes are first copied to an unnamed
temporary file, since the tuple element's length comes first). Memory stays bounded for any
input size; -l is at most 1048576 bytes (1 MiB).
A missing or unreadable file is reported on stderr; the other files are still hashed and
the exit status is 1.

Examples:
  sha3-asip hash -a sha3-256 README.md
  echo -n abc | sha3-asip hash -a shake256 -l 64
  sha3-asip hash -a kmac128 --key 404142434445464748494a4b4c4d4e4f --customization app file.bin
  sha3-asip hash -a sha3-256 *.bin > sums.txt && sha3-asip hash -a sha3-256 --check sums.txt
  sha3-asip hash -a lake-keyak --key 000102030405060708090a0b0c0d0e0f --nonce 01 --ad 4142 msg
  sha3-asip hash -a ketje-sr --key 00112233445566778899aabbccddeeff --decrypt ct_and_tag.bin")]
pub struct HashArgs {
    #[command(flatten)]
    pub alg: AlgArgs,
    /// Verify the digests listed in FILE ('<hex>  <name>' lines, as printed by this command).
    #[arg(short = 'c', long, value_name = "FILE")]
    pub check: Option<String>,
    /// Nonce in hex (Keyak, Ketje; default empty).
    #[arg(long, value_name = "HEX")]
    pub nonce: Option<String>,
    /// Associated data (metadata) in hex (Keyak, Ketje; default empty).
    #[arg(long, value_name = "HEX")]
    pub ad: Option<String>,
    /// Keyak, Ketje: decrypt and verify one input holding ciphertext||tag.
    #[arg(long)]
    pub decrypt: bool,
    /// Files to hash; '-' or none means stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}

impl HashArgs {
    /// The inputs: the FILE arguments, or stdin ('-') when there are none.
    pub fn inputs(&self) -> Vec<String> {
        if self.files.is_empty() {
            vec!["-".to_string()]
        } else {
            self.files.clone()
        }
    }
}

/// The sha3sum-style output: one `<hex>  <name>` line per input, `hex_of` giving the hex;
/// an input that cannot be read (the inner error) is reported on stderr and the others go
/// on, with status 1; an outer error ends the run.
pub(super) fn each_input(
    files: &[String],
    mut hex_of: impl FnMut(&str) -> Result<io::Result<String>>,
) -> Result<u8> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut status = 0;
    for f in files {
        match hex_of(f)? {
            Ok(h) => writeln!(out, "{h}  {f}").context(|| "stdout".into())?,
            Err(e) => {
                out.flush().ok();
                eprintln!("sha3-asip: {f}: {e}");
                status = 1;
            }
        }
    }
    Ok(status)
}
