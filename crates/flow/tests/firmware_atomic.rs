//! Issue 16 item 10: a firmware build that is killed half-way leaves no half-written target
//! (every output is written to `<target>.tmp` and renamed when complete), so the next make
//! does not take a truncated object as up to date.

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn a_killed_build_leaves_no_half_written_object() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("firmware_atomic");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let build = tmp.join("build");
    let started = tmp.join("started");
    // A "compiler" that writes half an object to its -o file, then hangs until killed.
    let cc = tmp.join("fake-cc");
    std::fs::write(
        &cc,
        format!(
            "#!/bin/sh\nout=\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && out=$2; shift; done\n\
             [ -n \"$out\" ] || exit 0\nprintf 'half an object' > \"$out\"\n\
             touch {}\nexec sleep 60\n",
            started.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&cc, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mut make = Command::new("make")
        .arg("-s")
        .arg("-C")
        .arg(root.join("firmware"))
        .arg("KERNEL=rv32-ref")
        .arg(format!("BUILD={}", build.display()))
        .arg(format!("CC={}", cc.display()))
        .process_group(0)
        .spawn()
        .expect("make");
    let t0 = Instant::now();
    while !started.exists() {
        assert!(
            t0.elapsed() < Duration::from_secs(20),
            "the fake compiler never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: kill the process group we created (make and its compiler).
    unsafe { libc::kill(-(make.id() as i32), libc::SIGKILL) };
    make.wait().unwrap();
    let mut written = vec![];
    for e in std::fs::read_dir(&build).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        written.push(name);
    }
    written.sort();
    // Only the flags stamp and the compiler's temporary: no crt0.o that make would reuse.
    assert_eq!(written, ["crt0.o.tmp", "flags"], "{written:?}");
}
