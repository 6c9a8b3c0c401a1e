//! `sha3-asip hash -a <keyak|ketje instance>`: authenticated encryption and decryption with
//! the golden Keyak v2 / Ketje v2 (one session, one wrap per input).

use super::hash_args::{each_input, HashArgs};
use super::parse_hex;
use crate::error::{CliError, Context, Result};
use sha3_golden::aead::{self, Aead, TAG_LEN};
use sha3_golden::encoding::hex;
use std::io::{self, Read, Write};

/// The largest input the AEAD functions read (they hold the message in memory).
const MAX_INPUT: u64 = 1 << 30;

fn read_input(name: &str) -> io::Result<Vec<u8>> {
    let mut v = Vec::new();
    if name == "-" {
        io::stdin().lock().take(MAX_INPUT + 1).read_to_end(&mut v)?;
    } else {
        if std::fs::metadata(name)?.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        std::fs::File::open(name)?
            .take(MAX_INPUT + 1)
            .read_to_end(&mut v)?;
    }
    if v.len() as u64 > MAX_INPUT {
        return Err(io::Error::other("input larger than 1 GiB"));
    }
    Ok(v)
}

/// Encrypt (print `<hex ciphertext||tag>  <name>` per input) or, with `--decrypt`, decrypt
/// one input holding ciphertext||tag (binary) to stdout.
pub fn run(alg: Aead, args: &HashArgs) -> Result<u8> {
    let p = &args.alg.p;
    let reject = |opt: &str| {
        Err(CliError::usage(format!(
            "{opt} does not apply to {} (it takes --key, --nonce, --ad, -l for Ketje, --decrypt)",
            alg.name()
        )))
    };
    if p.customization.is_some() {
        return reject("--customization");
    }
    if p.function_name.is_some() {
        return reject("--function-name");
    }
    if p.block_size.is_some() {
        return reject("--block-size");
    }
    if p.domain.is_some() {
        return reject("--domain");
    }
    if args.check.is_some() {
        return reject("--check");
    }
    let key = match &p.key {
        Some(k) => parse_hex("--key", k)?,
        None => {
            return Err(CliError::usage(format!(
                "{} requires a key: --key HEX (at most {} bytes)",
                alg.name(),
                alg.max_key_len()
            )))
        }
    };
    let nonce = match &args.nonce {
        Some(n) => parse_hex("--nonce", n)?,
        None => Vec::new(),
    };
    let ad = match &args.ad {
        Some(a) => parse_hex("--ad", a)?,
        None => Vec::new(),
    };
    let tag_len = p.length.unwrap_or(TAG_LEN);
    if alg.is_keyak() && tag_len != TAG_LEN {
        return Err(CliError::usage(format!(
            "{} has a fixed tag length of {TAG_LEN} bytes; drop -l/--length",
            alg.name()
        )));
    }
    if tag_len > super::MAX_OUTPUT_LEN {
        return Err(CliError::usage(format!(
            "-l/--length: a tag of {tag_len} bytes is more than the limit of {} bytes",
            super::MAX_OUTPUT_LEN
        )));
    }
    alg.check_key_nonce(&key, &nonce)?;
    let files = args.inputs();
    if args.decrypt {
        if files.len() != 1 {
            return Err(CliError::usage(
                "--decrypt takes one input (ciphertext||tag)",
            ));
        }
        let name = &files[0];
        let input = read_input(name).context(|| name.clone())?;
        if input.len() < tag_len {
            return Err(CliError::new(format!(
                "{name}: {} bytes is shorter than the {tag_len}-byte tag",
                input.len()
            )));
        }
        let (c, t) = input.split_at(input.len() - tag_len);
        let plain = aead::decrypt(alg, &key, &nonce, &ad, c, t).map_err(|e| match e {
            sha3_golden::Error::TagMismatch(_) => CliError::new(format!("{name}: {e}")),
            e => CliError::from(e),
        })?;
        io::stdout()
            .lock()
            .write_all(&plain)
            .context(|| "stdout".into())?;
        return Ok(0);
    }
    each_input(&files, |f| match read_input(f) {
        Ok(m) => {
            let (c, t) = aead::encrypt(alg, &key, &nonce, &ad, &m, tag_len)?;
            Ok(Ok(format!("{}{}", hex(&c), hex(&t))))
        }
        Err(e) => Ok(Err(e)),
    })
}
