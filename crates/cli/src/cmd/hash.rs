//! `sha3-asip hash`: sha3sum-style hashing of files and stdin, and `--check`.

use super::AlgArgs;
use crate::error::{CliError, Context, Result};
use clap::Args;
use sha3_golden::encoding::hex;
use sha3_golden::functions::TupleHash;
use sha3_golden::{new_hasher, Algorithm, Params};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, Write};

const BUF_SIZE: usize = 64 * 1024;

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

/// Hash a reader in constant memory.
pub fn hash_reader(
    alg: Algorithm,
    p: &Params,
    out_len: usize,
    r: &mut dyn Read,
) -> io::Result<Vec<u8>> {
    let mut h = new_hasher(alg, p).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let mut buf = vec![0u8; BUF_SIZE];
    loop {
        let n = match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        h.update(&buf[..n]);
    }
    Ok(h.finalize_vec(out_len))
}

/// TupleHash of the 1-tuple (input) in constant memory: the element's length prefix comes
/// first, so a file is read with its size from the file system, and stdin is first copied
/// to an unnamed temporary file.
fn tuple_hash_file(
    alg: Algorithm,
    p: &Params,
    out_len: usize,
    f: &mut File,
) -> io::Result<Vec<u8>> {
    let len = f.metadata()?.len();
    let mut t = TupleHash::new(alg, &p.customization);
    t.push_element_from(len, f)?;
    let mut out = vec![0u8; out_len];
    t.finish_tuple(&mut out);
    Ok(out)
}

/// Copy a stream to an unnamed temporary file (removed at once; gone when closed).
fn spool(r: &mut dyn Read) -> io::Result<File> {
    let dir = std::env::temp_dir();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let path = dir.join(format!("sha3-asip-stdin-{}-{nanos}", std::process::id()));
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    std::fs::remove_file(&path)?;
    io::copy(r, &mut f)?;
    f.seek(io::SeekFrom::Start(0))?;
    Ok(f)
}

fn hash_named(alg: Algorithm, p: &Params, out_len: usize, name: &str) -> io::Result<Vec<u8>> {
    let tuple = matches!(
        alg,
        Algorithm::TupleHash128
            | Algorithm::TupleHash256
            | Algorithm::TupleHashXof128
            | Algorithm::TupleHashXof256
    );
    if name == "-" {
        if tuple {
            return tuple_hash_file(alg, p, out_len, &mut spool(&mut io::stdin().lock())?);
        }
        hash_reader(alg, p, out_len, &mut io::stdin().lock())
    } else {
        if std::fs::metadata(name)?.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        let mut f = File::open(name)?;
        if tuple && f.metadata()?.is_file() {
            return tuple_hash_file(alg, p, out_len, &mut f);
        }
        if tuple {
            // a FIFO or device: no size to read ahead
            return tuple_hash_file(alg, p, out_len, &mut spool(&mut f)?);
        }
        hash_reader(alg, p, out_len, &mut f)
    }
}

pub fn run(args: &HashArgs) -> Result<u8> {
    if let Some(a) = sha3_golden::Aead::from_name(&args.alg.alg) {
        return super::hash_aead::run(a, args);
    }
    for (set, opt) in [
        (args.nonce.is_some(), "--nonce"),
        (args.ad.is_some(), "--ad"),
        (args.decrypt, "--decrypt"),
    ] {
        if set {
            return Err(CliError::usage(format!(
                "{opt} applies to the Keyak and Ketje functions only, not '{}'",
                args.alg.alg
            )));
        }
    }
    let (alg, p, out_len) = args.alg.resolve()?;
    if let Some(list) = &args.check {
        if !args.files.is_empty() {
            return Err(CliError::usage("--check takes no FILE arguments"));
        }
        return check(alg, &p, args.alg.p.length, list);
    }
    each_input(&args.inputs(), |f| {
        Ok(hash_named(alg, &p, out_len, f).map(|d| hex(&d)))
    })
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

fn check(alg: Algorithm, p: &Params, length: Option<usize>, list: &str) -> Result<u8> {
    let reader: Box<dyn BufRead> = if list == "-" {
        Box::new(BufReader::new(io::stdin()))
    } else {
        Box::new(BufReader::new(
            File::open(list).context(|| list.to_string())?,
        ))
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let (mut failed, mut unreadable, mut bad_lines, mut checked) = (0, 0, 0, 0);
    for (i, line) in reader.lines().enumerate() {
        let line = line.context(|| list.to_string())?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = line.split_once(' ').and_then(|(h, rest)| {
            let name = rest.strip_prefix(' ').or_else(|| rest.strip_prefix('*'))?;
            // An empty digest ('-l 0' of an XOF) is a valid line: '  <name>'.
            let d = super::parse_hex("digest", h).ok()?;
            (!name.is_empty()).then(|| (d, name.to_string()))
        });
        let Some((expected, name)) = parsed else {
            eprintln!("sha3-asip: {list}:{}: improperly formatted line", i + 1);
            bad_lines += 1;
            continue;
        };
        // The listed digest's length is the output length unless -l says otherwise.
        let out_len = length.unwrap_or(alg.fixed_output_len().unwrap_or(expected.len()));
        checked += 1;
        match hash_named(alg, p, out_len, &name) {
            Ok(d) if d == expected => writeln!(out, "{name}: OK"),
            Ok(_) => {
                failed += 1;
                writeln!(out, "{name}: FAILED")
            }
            Err(e) => {
                unreadable += 1;
                out.flush().ok();
                eprintln!("sha3-asip: {name}: {e}");
                writeln!(out, "{name}: FAILED open or read")
            }
        }
        .context(|| "stdout".into())?;
    }
    out.flush().ok();
    if failed > 0 {
        eprintln!("sha3-asip: WARNING: {failed} computed checksum(s) did NOT match");
    }
    if unreadable > 0 {
        eprintln!("sha3-asip: WARNING: {unreadable} listed file(s) could not be read");
    }
    if checked == 0 {
        return Err(CliError::new(format!(
            "{list}: no properly formatted checksum lines found"
        )));
    }
    Ok(u8::from(failed + unreadable + bad_lines > 0))
}
