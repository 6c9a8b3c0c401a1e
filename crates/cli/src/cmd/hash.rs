//! `sha3-asip hash`: sha3sum-style hashing of files and stdin, and `--check`.

use crate::error::{CliError, Context, Result};
use sha3_golden::encoding::hex;
use sha3_golden::functions::TupleHash;
use sha3_golden::{new_hasher, Algorithm, Params};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, Write};

const BUF_SIZE: usize = 64 * 1024;

use super::hash_args::each_input;
pub use super::hash_args::HashArgs;

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
