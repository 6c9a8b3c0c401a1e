//! Issue 16 item 10: a firmware build that fails or is killed half-way leaves no
//! half-written target: every step writes `<target>.tmp` and renames it when complete, and
//! the build's stamp (`inputs`, what the next build compares) is removed first and written
//! last, so the next build redoes everything instead of taking a truncated object as done.

use asip_flow::firmware;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_killed_build_leaves_no_half_written_object() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("firmware_atomic");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let started = tmp.join("started");
    // A "compiler" that writes half an object to its -o file, then hangs until killed.
    let cc = tmp.join("fake-cc");
    std::fs::write(
        &cc,
        format!(
            "#!/bin/sh\nout=\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && out=$2; shift; done\n\
             [ -n \"$out\" ] || exit 0\nprintf 'half an object' > \"$out\"\n\
             echo $$ > {}\nexec sleep 60\n",
            started.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&cc, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let d = asip_flow::design::find(&root.join("designs"), "rv32-ref").unwrap();
    let mut plan = firmware::plan(&root, &d).unwrap();
    plan.build = tmp.join("build");
    for s in &mut plan.steps {
        s.program = cc.display().to_string();
        for a in &mut s.args {
            let real = firmware::build_dir(&root, &d).display().to_string();
            *a = a.replace(&real, &plan.build.display().to_string());
        }
        s.output = plan.build.join(
            s.output
                .strip_prefix(firmware::build_dir(&root, &d))
                .unwrap(),
        );
        s.depfile = None;
    }
    std::fs::create_dir_all(&plan.build).unwrap();
    // a stamp from an earlier build: removed before the first step runs
    std::fs::write(plan.build.join("inputs"), "stale").unwrap();
    let build = plan.build.clone();
    let t = std::thread::spawn(move || plan.run());
    let t0 = Instant::now();
    let pid = loop {
        if let Ok(s) = std::fs::read_to_string(&started) {
            if let Ok(pid) = s.trim().parse::<i32>() {
                break pid;
            }
        }
        assert!(
            t0.elapsed() < Duration::from_secs(20),
            "the fake compiler never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // Killed now, the build would leave this: only the compiler's temporary, no stamp.
    assert_eq!(listing(&build), ["crt0.o.tmp"]);
    // SAFETY: kill the fake compiler this test started.
    unsafe { libc::kill(pid, libc::SIGKILL) };
    let e = t.join().unwrap().unwrap_err().to_string();
    assert!(
        e.starts_with("building firmware for design 'rv32-ref' failed:"),
        "{e}"
    );
    // the failed step's temporary is gone too; nothing a later build could take as done
    assert_eq!(listing(&build), Vec::<String>::new());
}
