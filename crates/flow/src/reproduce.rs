//! `sha3-asip reproduce`: every design x function benchmarked, profiled and checked, every
//! hardware case simulated and synthesized, and the reports written.

use crate::bench::{self, BenchOptions};
use crate::design::{self, Design};
use crate::error::{files, FlowError};
use crate::report;
use crate::results::{FailureRecord, Metadata, Record, Results, SCHEMA};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

#[derive(Debug, Clone)]
pub struct ReproduceOptions {
    pub out: PathBuf,
    pub quick: bool,
    pub jobs: usize,
    /// Rewrite the marked results block of this README (None: leave it alone).
    pub readme: Option<PathBuf>,
    pub progress: Progress,
    /// Benchmark only these designs (None: every design in designs/). The report is still
    /// rendered with every design; the absent ones show no measurement.
    pub designs: Option<Vec<String>>,
}

/// How a long run shows where it is, on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Off,
    /// A bar redrawn in place (stdout and stderr are terminals).
    Bar,
    /// One line per finished step, for CI logs and pipes (stdout or stderr not a terminal).
    Lines,
}

impl Progress {
    /// The bar on a terminal, one line per step otherwise; `Off` when `off`.
    pub fn for_terminal(off: bool) -> Progress {
        use std::io::IsTerminal;
        if off {
            Progress::Off
        } else if std::io::stdout().is_terminal() && std::io::stderr().is_terminal() {
            Progress::Bar
        } else {
            Progress::Lines
        }
    }
}

/// Functions and lengths of a full and of a quick run.
pub fn plan(quick: bool) -> (Vec<&'static str>, Vec<usize>) {
    if quick {
        (vec!["sha3-256", "sha3-512"], vec![0, 64, 136])
    } else {
        (bench::HARNESS_ALGS.to_vec(), bench::DEFAULT_LENS.to_vec())
    }
}

/// A step of the run.
pub enum Task {
    Bench {
        design: Design,
        alg: &'static str,
        lens: Vec<usize>,
    },
    Profile {
        design: Design,
    },
    ConstantTime {
        design: Design,
    },
    /// The design's processor RTL in lockstep with the simulator.
    Lockstep {
        design: Design,
    },
    External {
        name: String,
        run: Box<dyn Fn() -> Result<Vec<Record>, FlowError> + Send + Sync>,
    },
}

impl Task {
    pub fn label(&self) -> String {
        match self {
            Task::Bench { design, alg, .. } => format!("bench {} {alg}", design.name),
            Task::Profile { design } => format!("profile {}", design.name),
            Task::ConstantTime { design } => format!("constant-time {}", design.name),
            Task::Lockstep { design } => format!("rtl lockstep {}", design.name),
            Task::External { name, .. } => name.clone(),
        }
    }

    fn run(&self, root: &Path) -> Result<Vec<Record>, FlowError> {
        match self {
            Task::Bench { design, alg, lens } => {
                let o = BenchOptions {
                    alg: alg.to_string(),
                    lens: lens.clone(),
                    ..BenchOptions::default()
                };
                Ok(vec![Record::Bench(bench::bench(root, design, &o)?)])
            }
            Task::Profile { design } => Ok(vec![Record::Profile(crate::profile::profile(
                root,
                design,
                report::SEED_ALG,
                crate::profile::PROFILE_LEN,
            )?)]),
            Task::ConstantTime { design } => Ok(vec![Record::ConstantTime(
                crate::profile::constant_time(root, design, report::SEED_ALG, 200, 50)?,
            )]),
            Task::Lockstep { design } => {
                let lens = LOCKSTEP_LENS.to_vec();
                let (ok, n, c, error) = if !crate::project::have("verilator") {
                    (
                        false,
                        0,
                        0,
                        Some("verilator not installed (apt-get install verilator)".into()),
                    )
                } else {
                    match crate::lockstep::check(root, design, report::SEED_ALG, &lens, 0) {
                        Ok(r) => (true, r.instructions, r.cycles, None),
                        Err(e) => (false, 0, 0, Some(e.to_string())),
                    }
                };
                Ok(vec![Record::Rtl(crate::results::RtlRecord {
                    design: design.name.clone(),
                    alg: report::SEED_ALG.to_string(),
                    lens,
                    lockstep_ok: ok,
                    instructions: n,
                    cycles: c,
                    error,
                })])
            }
            Task::External { run, .. } => run(),
        }
    }
}

fn progress_line(done: usize, total: usize, start: Instant, what: &str) -> String {
    let width = 30;
    let filled = (done * width).checked_div(total).unwrap_or(width);
    let secs = start.elapsed().as_secs();
    format!(
        "\r[{}{}] {done}/{total} {:02}:{:02} {what:<40.40}",
        "#".repeat(filled),
        " ".repeat(width - filled),
        secs / 60,
        secs % 60
    )
}

/// One line per finished step: `[reproduce 3/42 00:12] bench rv32-ref: ok`.
fn step_line(done: usize, total: usize, start: Instant, what: &str, failed: bool) -> String {
    let secs = start.elapsed().as_secs();
    format!(
        "[reproduce {done}/{total} {:02}:{:02}] {what}: {}",
        secs / 60,
        secs % 60,
        if failed { "FAILED" } else { "ok" }
    )
}

/// Run tasks on `jobs` threads; results keep the order of `tasks` whatever the schedule.
pub fn run_tasks(root: &Path, tasks: &[Task], jobs: usize, progress: Progress) -> Vec<Record> {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Vec<Record>>>> = tasks.iter().map(|_| Mutex::new(None)).collect();
    let total = tasks.len();
    let jobs = jobs.max(1).min(total.max(1));
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= total {
                    break;
                }
                let t = &tasks[i];
                if progress == Progress::Bar {
                    eprint!(
                        "{}",
                        progress_line(done.load(Ordering::SeqCst), total, start, &t.label())
                    );
                    let _ = std::io::stderr().flush();
                }
                let recs = match t.run(root) {
                    Ok(r) => r,
                    Err(e) => vec![Record::Failure(FailureRecord {
                        step: t.label(),
                        error: e.to_string(),
                    })],
                };
                let failed = recs.iter().any(|r| matches!(r, Record::Failure(_)));
                *slots[i].lock().expect("slot") = Some(recs);
                let d = done.fetch_add(1, Ordering::SeqCst) + 1;
                match progress {
                    Progress::Bar => {
                        eprint!("{}", progress_line(d, total, start, &t.label()));
                        let _ = std::io::stderr().flush();
                    }
                    Progress::Lines => {
                        eprintln!("{}", step_line(d, total, start, &t.label(), failed))
                    }
                    Progress::Off => {}
                }
            });
        }
    });
    if progress == Progress::Bar {
        eprintln!("{}", progress_line(total, total, start, "done"));
    }
    slots
        .into_iter()
        .flat_map(|m| m.into_inner().expect("slot").unwrap_or_default())
        .collect()
}

/// Software tasks for a set of designs.
pub fn software_tasks(designs: &[Design], quick: bool) -> Vec<Task> {
    let (algs, lens) = plan(quick);
    let mut tasks = Vec::new();
    for d in designs {
        for a in &algs {
            tasks.push(Task::Bench {
                design: d.clone(),
                alg: a,
                lens: lens.clone(),
            });
        }
        // every other SHA-3-family function and the firmware AEADs (Keyak, Ketje): only the
        // two long messages of its c/B
        if !quick {
            let aeads = bench::FIRMWARE_AEADS.iter().map(|a| a.name());
            for a in bench::family_algs().into_iter().chain(aeads) {
                if !algs.contains(&a) {
                    tasks.push(Task::Bench {
                        design: d.clone(),
                        alg: a,
                        lens: Vec::new(),
                    });
                }
            }
        }
        tasks.push(Task::Profile { design: d.clone() });
        tasks.push(Task::ConstantTime { design: d.clone() });
        if d.rtl.is_some() {
            tasks.push(Task::Lockstep { design: d.clone() });
        }
    }
    tasks
}

/// Message lengths of the lockstep check in `reproduce` (an empty message and one that
/// needs two blocks of SHA3-256).
pub const LOCKSTEP_LENS: [usize; 2] = [0, 137];

pub const README_BEGIN: &str =
    "<!-- results:begin (generated by `make reproduce`; do not edit) -->";
pub const README_END: &str = "<!-- results:end -->";

/// Replace the marked block of a README with `body`; error if the markers are missing.
pub fn rewrite_block(text: &str, body: &str) -> Option<String> {
    let b = text.find(README_BEGIN)?;
    let e = text.find(README_END)?;
    if e < b {
        return None;
    }
    Some(format!(
        "{}{README_BEGIN}\n{body}\n{}",
        &text[..b],
        &text[e..]
    ))
}

/// Build every design's firmware once, in order, before the parallel phase.
fn build_all(root: &Path, designs: &[Design]) -> Vec<Record> {
    let mut fails = Vec::new();
    for d in designs {
        if let Err(e) = crate::firmware::build(root, d) {
            fails.push(Record::Failure(FailureRecord {
                step: format!("build {}", d.name),
                error: e.to_string(),
            }));
        }
    }
    fails
}

/// The whole run. Returns the results and whether everything succeeded.
pub fn reproduce(
    root: &Path,
    o: &ReproduceOptions,
    extra: Vec<Task>,
    tools: Vec<(String, String)>,
) -> Result<(Results, bool), FlowError> {
    let designs = design::load_all(&root.join("designs"))?;
    let chosen: Vec<Design> = match &o.designs {
        None => designs.clone(),
        Some(names) => {
            for n in names {
                if !designs.iter().any(|d| &d.name == n) {
                    design::find(&root.join("designs"), n)?;
                }
            }
            designs
                .iter()
                .filter(|d| names.contains(&d.name))
                .cloned()
                .collect()
        }
    };
    let (commit, dirty) = crate::project::git_state(root);
    let mut records = build_all(root, &chosen);
    let built: Vec<Design> = chosen
        .iter()
        .filter(|d| {
            !records
                .iter()
                .any(|r| matches!(r, Record::Failure(f) if f.step == format!("build {}", d.name)))
        })
        .cloned()
        .collect();
    let mut tasks = software_tasks(&built, o.quick);
    tasks.extend(extra);
    records.extend(run_tasks(root, &tasks, o.jobs, o.progress));
    let generated_unix = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let results = Results {
        schema: SCHEMA.to_string(),
        metadata: Metadata {
            generated_unix,
            tools,
            quick: o.quick,
            commit,
            dirty,
        },
        records,
    };
    render(root, &o.out, &results, &designs, o.readme.as_deref())?;
    let ok = results.failures().next().is_none()
        && results.benches().all(|b| b.digest_ok)
        && results.constant_times().all(|c| c.ok);
    Ok((results, ok))
}

/// Every report of `results` into `out` (results.json, results.csv, README.md, index.html,
/// the figures), and the results block of `readme` when given. `reproduce` ends with it;
/// `sha3-asip report --from results.json` re-renders a finished run with it.
pub fn render(
    root: &Path,
    out: &Path,
    results: &Results,
    designs: &[Design],
    readme: Option<&Path>,
) -> Result<(), FlowError> {
    let seed004 = root.join("hw").join("seed004.json");
    let hw_pub = report::load_seed004(&seed004);
    let asic_pub = report::load_seed004_asic(&seed004);
    write_reports(root, out, results, designs, &hw_pub, asic_pub.as_ref())?;
    if let Some(readme) = readme {
        let text = files::read_to_string(readme)?;
        let body = report::readme_block(
            results,
            designs,
            &hw_pub,
            asic_pub.as_ref(),
            &reproduction_notes(root),
        );
        match rewrite_block(&text, &body) {
            Some(new) => files::write(readme, new)?,
            None => {
                return Err(FlowError::Usage(format!(
                    "{} has no results block ({README_BEGIN} ... {README_END})",
                    readme.display()
                )))
            }
        }
    }
    Ok(())
}

/// Write results.json, results.csv, the figures (`figures/*.svg`, `*.pdf`), README.md and
/// index.html into `out`. Figures that cannot be drawn (no matplotlib in build/venv) are
/// replaced by a line saying why, in the reports and on stderr.
pub fn write_reports(
    root: &Path,
    out: &Path,
    r: &Results,
    designs: &[Design],
    hw_pub: &[report::HwPublished],
    asic_pub: Option<&report::AsicPublished>,
) -> Result<(), FlowError> {
    files::create_dir_all(out)?;
    let w = |name: &str, text: String| {
        let p = out.join(name);
        files::write(&p, text)
    };
    w("results.json", r.to_json())?;
    w("results.csv", report::csv(r))?;
    let figs = crate::charts::draw(
        root,
        &out.join("figures"),
        designs,
        crate::charts::figures(root, r, designs, hw_pub),
    );
    if let Some(e) = &figs.error {
        eprintln!("sha3-asip: {e}");
    }
    let notes = reproduction_notes(root);
    let seed003 = crate::seed003::Seed003::load(root);
    let md = report::markdown(
        r,
        designs,
        hw_pub,
        asic_pub,
        &figs,
        &notes,
        seed003.as_ref(),
    );
    w("index.html", report::html(&md, &figs))?;
    w("README.md", md)?;
    Ok(())
}

/// docs/reproduction-notes.md (empty if missing): the findings link its sections.
pub fn reproduction_notes(root: &Path) -> String {
    std::fs::read_to_string(root.join("docs").join("reproduction-notes.md")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readme_block_is_replaced_between_markers() {
        let text = format!("intro\n{README_BEGIN}\nold\n{README_END}\nafter\n");
        let new = rewrite_block(&text, "| a |").unwrap();
        assert_eq!(
            new,
            format!("intro\n{README_BEGIN}\n| a |\n{README_END}\nafter\n")
        );
        assert!(rewrite_block("no markers", "x").is_none());
    }

    #[test]
    fn tasks_keep_their_order_whatever_the_threads() {
        let tasks: Vec<Task> = (0..20)
            .map(|i| Task::External {
                name: format!("t{i}"),
                run: Box::new(move || {
                    std::thread::sleep(std::time::Duration::from_millis((20 - i) as u64));
                    Ok(vec![Record::Failure(FailureRecord {
                        step: format!("t{i}"),
                        error: String::new(),
                    })])
                }),
            })
            .collect();
        let recs = run_tasks(Path::new("."), &tasks, 4, Progress::Off);
        let names: Vec<String> = recs
            .iter()
            .map(|r| match r {
                Record::Failure(f) => f.step.clone(),
                _ => unreachable!(),
            })
            .collect();
        let want: Vec<String> = (0..20).map(|i| format!("t{i}")).collect();
        assert_eq!(names, want);
    }
}
