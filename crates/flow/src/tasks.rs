//! The steps of a run (`Task`): what each measures and the records it gives, the software
//! steps of a set of designs, and running them on parallel workers with progress on stderr.
//! `hw::reproduce_tasks` adds the hardware steps; `reproduce` runs them all.

use crate::bench::{self, BenchOptions};
use crate::design::Design;
use crate::error::FlowError;
use crate::results::{FailureRecord, Record, SEED_ALG};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// How a long run shows where it is, on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Off,
    /// Bars redrawn in place (stdout and stderr are terminals): the run's, and one line per
    /// worker with the step it runs (indicatif; nothing is drawn if stderr is no terminal).
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
                SEED_ALG,
                crate::profile::PROFILE_LEN,
            )?)]),
            Task::ConstantTime { design } => Ok(vec![Record::ConstantTime(
                crate::profile::constant_time(root, design, SEED_ALG, 200, 50)?,
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
                    match crate::lockstep::check(root, design, SEED_ALG, &lens, 0) {
                        Ok(r) => (true, r.instructions, r.cycles, None),
                        Err(e) => (false, 0, 0, Some(e.to_string())),
                    }
                };
                Ok(vec![Record::Rtl(crate::results::RtlRecord {
                    design: design.name.clone(),
                    alg: SEED_ALG.to_string(),
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

/// The bars of [`Progress::Bar`]: the run's bar and one line per worker with its step
/// (indicatif, drawn on stderr; hidden when stderr is not a terminal).
struct Bars {
    multi: indicatif::MultiProgress,
    total: indicatif::ProgressBar,
    workers: Vec<indicatif::ProgressBar>,
}

impl Bars {
    fn new(total: usize, jobs: usize) -> Bars {
        let multi =
            indicatif::MultiProgress::with_draw_target(indicatif::ProgressDrawTarget::stderr());
        let style = indicatif::ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} {elapsed_precise} {msg}",
        )
        .expect("a valid template")
        .progress_chars("## ");
        let total = multi.add(indicatif::ProgressBar::new(total as u64).with_style(style));
        let worker_style =
            indicatif::ProgressStyle::with_template("  {prefix} {msg}").expect("a valid template");
        let workers = (0..jobs)
            .map(|i| {
                multi.add(
                    indicatif::ProgressBar::new(1)
                        .with_style(worker_style.clone())
                        .with_prefix(format!("worker {}:", i + 1)),
                )
            })
            .collect();
        Bars {
            multi,
            total,
            workers,
        }
    }

    fn finish(&self) {
        for w in &self.workers {
            w.finish_and_clear();
        }
        self.total.finish_with_message("done");
        // the finished bar stays on screen; the lines after it start on a line of their own
        if !self.multi.is_hidden() {
            eprintln!();
        }
    }
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
    let bars = (progress == Progress::Bar).then(|| Bars::new(total, jobs));
    std::thread::scope(|s| {
        for w in 0..jobs {
            let (next, done, slots, bars) = (&next, &done, &slots, &bars);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= total {
                    break;
                }
                let t = &tasks[i];
                if let Some(b) = bars {
                    b.workers[w].set_message(t.label());
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
                        if let Some(b) = bars {
                            b.total.inc(1);
                            b.total.set_message(t.label());
                            b.workers[w].set_message("");
                        }
                    }
                    Progress::Lines => {
                        eprintln!("{}", step_line(d, total, start, &t.label(), failed))
                    }
                    Progress::Off => {}
                }
            });
        }
    });
    if let Some(b) = &bars {
        b.finish();
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

#[cfg(test)]
mod tests {
    use super::*;

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
