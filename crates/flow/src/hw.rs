//! The hardware flow's one home: the python3 drivers of `hw/scripts` (simulation,
//! synthesis of cases, units and processors, place-and-route status) run from Rust and
//! turned into records. `reproduce` and the CLI's `hw` command both call these.

use crate::error::{files, FlowError};
use crate::results::{AreaRecord, AsicRecord, HwPerfRecord, PnrRecord, Record};
use crate::tasks::Task;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Case names in hw/cases.json, in file order.
pub fn case_names(root: &Path) -> Result<Vec<String>, FlowError> {
    // serde_json without preserve_order sorts keys: order by roman numeral value.
    let mut names: Vec<String> = cases(root)?.keys().cloned().collect();
    names.sort_by_key(|n| roman(n).unwrap_or(u32::MAX));
    Ok(names)
}

/// The `cases` object of hw/cases.json: case name -> its parameters and `desc`.
pub fn cases(root: &Path) -> Result<serde_json::Map<String, serde_json::Value>, FlowError> {
    let p = root.join("hw").join("cases.json");
    let text = files::read_to_string(&p)?;
    let v: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| FlowError::Usage(format!("{}: {e}", p.display())))?;
    v.get("cases")
        .and_then(|c| c.as_object())
        .cloned()
        .ok_or_else(|| FlowError::Usage(format!("{}: no \"cases\" object", p.display())))
}

/// Each case's `desc` from hw/cases.json.
pub fn case_descriptions(
    root: &Path,
) -> Result<std::collections::BTreeMap<String, String>, FlowError> {
    Ok(cases(root)?
        .iter()
        .map(|(k, c)| {
            let d = c.get("desc").and_then(|d| d.as_str()).unwrap_or("");
            (k.clone(), d.to_string())
        })
        .collect())
}

pub fn roman(s: &str) -> Option<u32> {
    let val = |c| match c {
        'I' => Some(1),
        'V' => Some(5),
        'X' => Some(10),
        _ => None,
    };
    let v: Option<Vec<u32>> = s.chars().map(val).collect();
    let v = v?;
    let mut total = 0i64;
    for i in 0..v.len() {
        if i + 1 < v.len() && v[i] < v[i + 1] {
            total -= v[i] as i64;
        } else {
            total += v[i] as i64;
        }
    }
    Some(total as u32)
}

pub fn script(root: &Path, name: &str) -> PathBuf {
    root.join("hw").join("scripts").join(name)
}

/// The Python that runs hw/scripts: build/venv's (where `scripts/setup` installs dask and the
/// flows' packages), else python3 on PATH.
pub fn python_exe(root: &Path) -> PathBuf {
    let venv = crate::report::figure::venv_python(root);
    if venv.is_file() {
        venv
    } else {
        PathBuf::from("python3")
    }
}

fn python(root: &Path, name: &str, args: &[String]) -> Result<std::process::Output, FlowError> {
    let py = python_exe(root);
    if py == Path::new("python3") {
        crate::project::require(crate::project::PYTHON3)?;
    }
    Command::new(py)
        .arg(script(root, name))
        .args(args)
        .current_dir(root)
        .output()
        .map_err(|e| FlowError::Io(format!("running hw/scripts/{name}"), e))
}

/// Run a driver with --json and parse its JSON value (the object or list that starts the
/// first line beginning with `{` or `[`).
fn python_json(root: &Path, name: &str, args: &[String]) -> Result<serde_json::Value, FlowError> {
    let mut a = args.to_vec();
    a.push("--json".into());
    let out = python(root, name, &a)?;
    let text = String::from_utf8_lossy(&out.stdout);
    let start = text
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .chain(std::iter::once(0))
        .filter(|&i| text[i..].starts_with(['{', '[']))
        .min();
    let v: Option<serde_json::Value> = start.and_then(|i| serde_json::from_str(&text[i..]).ok());
    match v {
        Some(v) if out.status.success() => Ok(v),
        _ => Err(FlowError::Build {
            what: format!("hw/scripts/{name} {}", args.join(" ")),
            output: crate::error::last_lines(
                &format!("{}{}", text, String::from_utf8_lossy(&out.stderr)),
                20,
            ),
        }),
    }
}

/// An area record from a synthesis driver's JSON figures.
fn area_of(unit: String, flow: String, v: &serde_json::Value) -> AreaRecord {
    AreaRecord {
        unit,
        flow,
        luts: u(v, "luts"),
        ffs: u(v, "ffs"),
        slices_est: f(v, "slices_est"),
        lut_levels: u(v, "lut_levels"),
        fmax_mhz_est: f(v, "fmax_mhz_est"),
        ge_est: f(v, "ge_est"),
    }
}

fn f(v: &serde_json::Value, k: &str) -> Option<f64> {
    v.get(k).and_then(|x| x.as_f64())
}
fn u(v: &serde_json::Value, k: &str) -> Option<u64> {
    v.get(k).and_then(|x| x.as_u64())
}

/// Records of one case's synthesis (with its simulated throughput).
pub fn case_records(root: &Path, case: &str, alg: &str) -> Result<Vec<Record>, FlowError> {
    let v = python_json(
        root,
        "synth.py",
        &["--case".into(), case.into(), "--alg".into(), alg.into()],
    )?;
    Ok(case_records_of(case, alg, &v))
}

/// The records of a case's synthesis result (`synth.py --case C --json`, or a task's value).
pub fn case_records_of(case: &str, alg: &str, v: &serde_json::Value) -> Vec<Record> {
    let mut recs = vec![Record::Area(area_of(
        format!("case {case}"),
        "yosys synth_xilinx -family xc6v; GE from abc gate mapping (docs/hardware.md)".into(),
        v,
    ))];
    if let Some(cpb) = f(v, "cycles_per_block") {
        recs.push(Record::HwPerf(HwPerfRecord {
            case: format!("case {case}"),
            alg: alg.to_string(),
            cycles_per_block: cpb,
            latency_cycles: f(v, "latency_cycles"),
            gbps: f(v, "gbps"),
            mbps_per_slice: f(v, "mbps_per_slice"),
            digests_ok: v
                .get("digests_ok")
                .and_then(|x| x.as_bool())
                .unwrap_or(false),
        }));
    }
    recs
}

/// Area records of one extension's functional units (`hw/scripts/synth_unit.py isa/<ext>`).
pub fn unit_records(root: &Path, ext: &str) -> Result<Vec<Record>, FlowError> {
    let arg = format!("isa/{ext}");
    let v = python_json(root, "synth_unit.py", std::slice::from_ref(&arg))?;
    Ok(unit_records_of(ext, &v))
}

/// The records of `synth_unit.py isa/<ext> --json` (a list of units).
pub fn unit_records_of(ext: &str, v: &serde_json::Value) -> Vec<Record> {
    let units = v.as_array().cloned().unwrap_or_default();
    units
        .iter()
        .map(|e| {
            let name = e.get("unit").and_then(|x| x.as_str()).unwrap_or("?");
            let whole = e.get("whole").and_then(|x| x.as_bool()).unwrap_or(false);
            let unit = if whole {
                format!("isa/{ext}")
            } else {
                format!("isa/{ext}/{name}")
            };
            Record::Area(area_of(
                unit,
                "yosys synth_xilinx -family xc6v; GE from abc gate mapping (hw/scripts/synth_unit.py)"
                    .into(),
                e,
            ))
        })
        .collect()
}

/// Area record of one design's whole processor (`hw/scripts/synth_proc.py --design D`).
pub fn proc_records(root: &Path, design: &str) -> Result<Vec<Record>, FlowError> {
    let args = ["--design", design, "--jobs", "1"].map(String::from);
    let v = python_json(root, "synth_proc.py", &args)?;
    Ok(v.as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|e| proc_record_of(design, e))
        .collect())
}

/// The area record of one processor's synthesis result (a `synth_proc.py` entry).
pub fn proc_record_of(design: &str, e: &serde_json::Value) -> Record {
    Record::Area(area_of(format!("processor {design}"), "yosys synth_xilinx -family xc6v, core + units, memories outside; GE from abc gate mapping (hw/scripts/synth_proc.py)".into(), e))
}

/// The `method` text (else `hw/scripts/<script>`) and the `results` list of a driver's JSON.
fn method_results(v: serde_json::Value, script: &str) -> (String, Vec<serde_json::Value>) {
    let method = v
        .get("method")
        .and_then(|m| m.as_str())
        .map(String::from)
        .unwrap_or_else(|| format!("hw/scripts/{script}"));
    let results = v
        .get("results")
        .and_then(|r| r.as_array())
        .cloned()
        .unwrap_or_default();
    (method, results)
}

/// Current place-and-route results (`hw/scripts/pnr.py --status`: cached results whose
/// key matches today's sources and tools; nothing runs), and a record without figures for
/// each target whose P&R ran on today's sources and did not route. Other targets without
/// a result have no record, and the report says "P&R not run (make pnr)".
pub fn pnr_records(root: &Path) -> Result<Vec<Record>, FlowError> {
    let v = python_json(root, "pnr.py", &["--status".into()])?;
    // targets whose P&R ran on today's sources and did not route
    let unrouted: Vec<serde_json::Value> = v
        .get("missing")
        .and_then(|x| x.as_array())
        .into_iter()
        .flatten()
        .filter(|e| e.get("unrouted").and_then(|x| x.as_bool()) == Some(true))
        .cloned()
        .collect();
    let (method, results) = method_results(v, "pnr.py");
    // one record per entry: an unrouted one has no figures, so its fields come out empty
    Ok(results
        .iter()
        .chain(unrouted.iter())
        .map(|e| {
            let s = |k: &str| e.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
            let unrouted = e.get("unrouted").and_then(|x| x.as_bool()) == Some(true);
            Record::Pnr(PnrRecord {
                target: s("name"),
                target_kind: s("kind"),
                device: s("device"),
                flow: method.clone(),
                fmax_mhz: f(e, "fmax_mhz"),
                seeds: e
                    .get("seeds")
                    .and_then(|x| x.as_array())
                    .map(|a| a.iter().filter_map(|x| x.as_u64()).collect())
                    .unwrap_or_default(),
                lut4: u(e, "lut4"),
                ff: u(e, "ff"),
                dsp: u(e, "dsp"),
                unrouted: unrouted.then(|| s("why")),
                unrouted_seeds: e
                    .get("unrouted_seeds")
                    .and_then(|x| x.as_object())
                    .map(|m| m.keys().filter_map(|k| k.parse().ok()).collect())
                    .unwrap_or_default(),
            })
        })
        .collect())
}

/// ASIC-flow records (`hw/scripts/asic.py --json --if-available` with `args` selecting the
/// targets; none selects every case, whole unit and processor). Runs what is not cached; no
/// records when the ASIC tools are not installed (the script says what is missing).
pub fn asic_records(root: &Path, args: &[String]) -> Result<Vec<Record>, FlowError> {
    let mut a = args.to_vec();
    a.push("--if-available".into());
    let v = python_json(root, "asic.py", &a)?;
    // targets that failed (asic.py --if-available reports them in the JSON and exits 0)
    let failed: Vec<Record> = v
        .get("failed")
        .and_then(|x| x.as_array())
        .into_iter()
        .flatten()
        .map(|e| {
            let s = |k: &str| e.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
            Record::Failure(crate::results::FailureRecord {
                step: format!("asic {}", s("name")),
                error: s("error"),
            })
        })
        .collect();
    let (method, results) = method_results(v, "asic.py");
    Ok(results
        .iter()
        .map(|e| asic_record_of(&method, e))
        .chain(failed)
        .collect())
}

/// The ASIC record of one target's result (an `asic.py` result entry) with the flow's `method`.
pub fn asic_record_of(method: &str, e: &serde_json::Value) -> Record {
    let s = |k: &str| e.get(k).and_then(|x| x.as_str()).map(String::from);
    Record::Asic(AsicRecord {
        target: s("name").unwrap_or_default(),
        target_kind: s("kind").unwrap_or_default(),
        flow: method.to_string(),
        cells: u(e, "cells"),
        area_um2: f(e, "area_um2"),
        ge: f(e, "ge"),
        ffs: u(e, "ffs"),
        critical_path_ns: f(e, "critical_path_ns"),
        fmax_mhz: f(e, "fmax_mhz"),
        // the registers by their RTL name (the flip-flop's output net) when asic.py gave them
        start: s("start_reg").or_else(|| s("start")),
        end: s("end_reg").or_else(|| s("end")),
        gbps: f(e, "gbps"),
    })
}

/// Cached ASIC results for today's sources (`asic.py --status`: nothing runs); targets
/// without one have no record, and the report says which command produces it.
pub fn asic_status_records(root: &Path) -> Result<Vec<Record>, FlowError> {
    let v = python_json(root, "asic.py", &["--status".into()])?;
    let (method, results) = method_results(v, "asic.py");
    Ok(results.iter().map(|e| asic_record_of(&method, e)).collect())
}

/// Current power results (`hw/scripts/power.py --status`: cached results for today's
/// netlists and firmware; nothing runs, `make asic` runs the flow). Designs without one have
/// no record, and the report says "not run (make asic)".
pub fn power_records(root: &Path) -> Result<Vec<Record>, FlowError> {
    let (method, results) = method_results(
        python_json(root, "power.py", &["--status".into()])?,
        "power.py",
    );
    Ok(results
        .iter()
        .filter_map(|e| {
            let g = |a: &str, b: &str| e.get(a).and_then(|x| x.get(b)).and_then(|x| x.as_f64());
            Some(Record::Power(crate::results::PowerRecord {
                design: e.get("name")?.as_str()?.to_string(),
                flow: method.clone(),
                fmax_mhz: f(e, "fmax_mhz")?,
                static_mw: g("power_fmax_mw", "leakage")?,
                dynamic_mw: g("power_fmax_mw", "dynamic")?,
                total_ref_mw: g("power_ref_mw", "total")?,
                // (None: OpenSTA crashed in its power code on the netlist)
                vectorless_fmax_mw: f(e, "vectorless_fmax_mw"),
                pj_per_byte: f(e, "pj_per_byte_fmax")?,
                nj_per_perm: f(e, "nj_per_perm_fmax")?,
                mb_per_mj: f(e, "mb_per_mj_fmax")?,
                mbytes_per_s: f(e, "throughput_mbps_fmax")?,
                nets: u(e, "nets")?,
                nets_annotated: u(e, "nets_annotated")?,
            }))
        })
        .collect())
}

/// Extension folders that describe their functional units in `rtl/units.json`.
pub fn unit_extensions(root: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root.join("isa"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().join("rtl").join("units.json").is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Where the task layer (`hw/scripts/taskrun.py`, dask.distributed) runs the hardware tasks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cluster {
    /// A running Dask scheduler (`tcp://HOST:PORT`); None: `DASK_SCHEDULER_ADDRESS` if set,
    /// else a LocalCluster.
    pub scheduler: Option<String>,
    /// LocalCluster worker processes (None: the machine's CPUs).
    pub workers: Option<usize>,
    /// Each task's time limit in seconds (None: none): the tool a task runs at its limit is
    /// stopped and the task reported as timed out (`taskrun.py run --timeout`).
    pub task_timeout: Option<u64>,
}

/// One task of the task layer: its name (the progress lines and failures say it), its kind
/// (`taskrun.py` KINDS) and arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct HwTask {
    pub name: String,
    pub kind: String,
    pub args: serde_json::Value,
}

impl HwTask {
    pub fn new(name: impl Into<String>, kind: &str, args: serde_json::Value) -> HwTask {
        HwTask {
            name: name.into(),
            kind: kind.to_string(),
            args,
        }
    }
}

/// A finished task: its value, or its error with the tail of its log.
#[derive(Debug, Clone)]
pub struct HwOutcome {
    pub name: String,
    pub kind: String,
    pub result: Result<serde_json::Value, String>,
}

/// Run `tasks` through the task layer (`taskrun.py run`): on a LocalCluster or the Dask
/// cluster of `cluster`, progress lines on stderr (`[tag 3/12 01:10 eta 02:20] name: ok`).
/// One failed task is an `Err` outcome beside the others; an error here means the layer
/// itself could not run (no Python, no dask, an unreachable scheduler).
pub fn run_hw_tasks(
    root: &Path,
    tasks: &[HwTask],
    cluster: &Cluster,
    tag: &str,
) -> Result<Vec<HwOutcome>, FlowError> {
    if tasks.is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<serde_json::Value> = tasks
        .iter()
        .map(|t| serde_json::json!({"name": t.name, "kind": t.kind, "args": t.args}))
        .collect();
    let dir = root.join("build").join("tasks");
    files::create_dir_all(&dir)?;
    let path = dir.join(format!("{tag}-{}.json", std::process::id()));
    files::write(&path, serde_json::Value::Array(list).to_string())?;
    let mut cmd = Command::new(python_exe(root));
    cmd.arg(script(root, "taskrun.py"))
        .args(["run", "--tag", tag, "--tasks"])
        .arg(&path)
        .current_dir(root)
        .stderr(std::process::Stdio::inherit());
    if let Some(s) = &cluster.scheduler {
        cmd.args(["--scheduler", s]);
    }
    if let Some(n) = cluster.workers {
        cmd.args(["--workers", &n.to_string()]);
    }
    if let Some(t) = cluster.task_timeout {
        cmd.args(["--timeout", &t.to_string()]);
    }
    let out = cmd
        .output()
        .map_err(|e| FlowError::Io("running hw/scripts/taskrun.py".into(), e))?;
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Option<serde_json::Value> = text
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .and_then(|l| serde_json::from_str(l).ok());
    let Some(v) = v.filter(|_| out.status.success()) else {
        return Err(FlowError::Build {
            what: format!("hw/scripts/taskrun.py run ({} {tag} tasks)", tasks.len()),
            output: crate::error::last_lines(&text, 20),
        });
    };
    let results = v
        .get("results")
        .and_then(|r| r.as_array())
        .cloned()
        .unwrap_or_default();
    Ok(results
        .into_iter()
        .map(|r| {
            let s = |k: &str| r.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
            let result = if r.get("ok").and_then(|x| x.as_bool()) == Some(true) {
                Ok(r.get("value").cloned().unwrap_or(serde_json::Value::Null))
            } else {
                let tail = s("log_tail");
                let err = s("error");
                Err(if tail.is_empty() || err.contains(&tail) {
                    err
                } else {
                    format!("{err}\n{tail}")
                })
            };
            HwOutcome {
                name: s("name"),
                kind: s("kind"),
                result,
            }
        })
        .collect())
}

/// Which hardware flows `reproduce` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HwFlows {
    /// Simulation and synthesis of every case, unit and processor but those with a vector
    /// unit (minutes); the vector processors' synthesis and the ASIC, power and P&R figures
    /// only from the cache (the report says which command produces a missing one).
    #[default]
    Fast,
    /// Also the synthesis of the vector processors (tens of CPU minutes each) and the ASIC
    /// flow of every case, unit and processor (`--hw all`; hours cold).
    All,
}

/// The hardware tasks of `reproduce` (not in quick mode): synthesis + throughput of every
/// case, synthesis of every extension's functional units and of every processor, and with
/// [`HwFlows::All`] the ASIC flow of every case, unit and processor.
pub fn reproduce_hw_tasks(root: &Path, flows: HwFlows) -> Result<Vec<HwTask>, FlowError> {
    use serde_json::json;
    let mut tasks = Vec::new();
    let cases = case_names(root)?;
    let units = unit_extensions(root);
    // designs whose processors are the same hardware (rv32-sw = rv32-ref) are synthesized
    // once: the task names the others, which get the same figures
    let mut designs: Vec<String> = Vec::new();
    let mut also: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen: BTreeMap<u64, String> = BTreeMap::new();
    // processors with a vector unit: a 32 x 128-bit register file in flip-flops, whose
    // synthesis takes tens of CPU minutes (docs/tasks.md): --hw all, else from the cache
    let mut vector: Vec<String> = Vec::new();
    for d in crate::design::load_all(&root.join("designs"))? {
        if d.rtl.is_none() {
            continue;
        }
        if crate::rtl::vector_unit(&d).is_some() {
            vector.push(d.name.clone());
        }
        match processor_key(root, &d).and_then(|k| seen.get(&k).cloned().ok_or(k)) {
            Ok(first) => also.entry(first).or_default().push(d.name),
            Err(k) => {
                seen.insert(k, d.name.clone());
                designs.push(d.name);
            }
        }
    }
    // the long ones first: a worker that is free early takes the next long one
    designs.sort_by_key(|d| !vector.contains(d));
    // the long ones first: a worker that is free early takes the next long one
    if flows == HwFlows::All {
        for d in &designs {
            tasks.push(HwTask::new(
                format!("asic processor {d}"),
                "asic",
                json!({"design": d}),
            ));
        }
        for c in &cases {
            tasks.push(HwTask::new(
                format!("asic case {c}"),
                "asic",
                json!({"case": c}),
            ));
        }
        for e in &units {
            tasks.push(HwTask::new(
                format!("asic isa/{e}"),
                "asic",
                json!({"unit": e}),
            ));
        }
    }
    for c in &cases {
        tasks.push(HwTask::new(
            format!("hw case {c}"),
            "synth-case",
            json!({"case": c, "alg": "sha3-512"}),
        ));
    }
    for d in &designs {
        let same = also.get(d).cloned().unwrap_or_default();
        let cached_only = flows == HwFlows::Fast && vector.contains(d);
        tasks.push(HwTask::new(
            format!("synth processor {d}"),
            "synth-proc",
            json!({"design": d, "also": same, "cached_only": cached_only}),
        ));
    }
    for e in &units {
        tasks.push(HwTask::new(
            format!("synth isa/{e}"),
            "synth-unit",
            json!({"ext": e}),
        ));
    }
    Ok(tasks)
}

/// What makes a design's processor the hardware it is: the top, its parameters and the
/// sources' contents (`rtl::files`); Err(an unused key) when it cannot be had (the task
/// then reports why).
fn processor_key(root: &Path, d: &crate::design::Design) -> Result<u64, u64> {
    use std::hash::{Hash, Hasher};
    let unique = || {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        ("unique", &d.name).hash(&mut h);
        h.finish()
    };
    let Ok(f) = crate::rtl::files(root, d) else {
        return Err(unique());
    };
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (&f.top, &f.params).hash(&mut h);
    for p in f.files.iter().chain(&f.headers) {
        p.file_name().hash(&mut h);
        match std::fs::read(p) {
            Ok(b) => b.hash(&mut h),
            Err(_) => return Err(unique()),
        }
    }
    Ok(h.finish())
}

/// The records of the hardware tasks' outcomes (a failed task: a failure record with its
/// name and log tail).
pub fn records_of_outcomes(outcomes: &[HwOutcome]) -> Vec<Record> {
    let mut recs = Vec::new();
    for o in outcomes {
        let v = match &o.result {
            Ok(v) => v,
            Err(e) => {
                recs.push(Record::Failure(crate::results::FailureRecord {
                    step: o.name.clone(),
                    error: e.clone(),
                }));
                continue;
            }
        };
        match o.kind.as_str() {
            "synth-case" => {
                let case = v.get("case").and_then(|x| x.as_str()).unwrap_or("?");
                let alg = v.get("alg").and_then(|x| x.as_str()).unwrap_or("sha3-512");
                recs.extend(case_records_of(case, alg, v));
            }
            "synth-unit" => {
                let ext = o.name.trim_start_matches("synth isa/");
                recs.extend(unit_records_of(ext, v.get("units").unwrap_or(v)));
            }
            // not synthesized in this run (`cached_only` and no cached result): no record;
            // the report says which command gives it
            "synth-proc" if v.get("missing").is_some() => {}
            "synth-proc" => {
                let d = v.get("name").and_then(|x| x.as_str()).unwrap_or("?");
                recs.push(proc_record_of(d, v));
                // the designs with the same processor (reproduce_hw_tasks)
                for a in v
                    .get("also")
                    .and_then(|x| x.as_array())
                    .into_iter()
                    .flatten()
                {
                    if let Some(a) = a.as_str() {
                        recs.push(proc_record_of(a, v));
                    }
                }
            }
            // ASIC results are read back from the cache with their method (asic.py --status)
            _ => {}
        }
    }
    recs
}

/// Hardware steps of `reproduce` (none in quick mode): one step that runs every hardware
/// task on the task layer (`cluster`), then the cached ASIC, power and P&R results.
pub fn reproduce_tasks(root: &Path, quick: bool, flows: HwFlows, cluster: &Cluster) -> Vec<Task> {
    if quick {
        return Vec::new();
    }
    let mut tasks = Vec::new();
    {
        let (root, cluster) = (root.to_path_buf(), cluster.clone());
        tasks.push(Task::External {
            name: HW_STEP.into(),
            run: Box::new(move || {
                let list = reproduce_hw_tasks(&root, flows)?;
                let outcomes = run_hw_tasks(&root, &list, &cluster, "hw")?;
                let mut recs = records_of_outcomes(&outcomes);
                if script(&root, "asic.py").is_file() {
                    recs.extend(asic_status_records(&root)?);
                }
                Ok(recs)
            }),
        });
    }
    if script(root, "power.py").is_file() {
        let root = root.to_path_buf();
        tasks.push(Task::External {
            name: "power status".into(),
            run: Box::new(move || power_records(&root)),
        });
    }
    if script(root, "pnr.py").is_file() {
        let root = root.to_path_buf();
        tasks.push(Task::External {
            name: "pnr status".into(),
            run: Box::new(move || pnr_records(&root)),
        });
    }
    tasks
}

/// The name of `reproduce`'s hardware step (it starts before the software steps).
pub const HW_STEP: &str = "hardware flows (hw/scripts/taskrun.py)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_outcomes_become_records_and_failures_keep_their_name() {
        let ok = HwOutcome {
            name: "hw case I".into(),
            kind: "synth-case".into(),
            result: Ok(
                serde_json::json!({"case": "I", "alg": "sha3-512", "luts": 4537,
                "ffs": 2136, "cycles_per_block": 24.0, "gbps": 7.5, "digests_ok": true}),
            ),
        };
        let bad = HwOutcome {
            name: "synth processor rv32-ref".into(),
            kind: "synth-proc".into(),
            result: Err("yosys not found on PATH\nlast log line".into()),
        };
        let recs = records_of_outcomes(&[ok, bad]);
        assert_eq!(recs.len(), 3);
        match &recs[0] {
            Record::Area(a) => assert_eq!((a.unit.as_str(), a.luts), ("case I", Some(4537))),
            r => panic!("{r:?}"),
        }
        match &recs[1] {
            Record::HwPerf(h) => assert_eq!((h.cycles_per_block, h.digests_ok), (24.0, true)),
            r => panic!("{r:?}"),
        }
        match &recs[2] {
            Record::Failure(f) => {
                assert_eq!(f.step, "synth processor rv32-ref");
                assert!(f.error.ends_with("last log line"));
            }
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn vector_processors_are_synthesized_with_hw_all_only_and_first() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for (flows, cached) in [(HwFlows::Fast, true), (HwFlows::All, false)] {
            let procs: Vec<HwTask> = reproduce_hw_tasks(&root, flows)
                .unwrap()
                .into_iter()
                .filter(|t| t.kind == "synth-proc")
                .collect();
            let is_vec = |t: &HwTask| t.name.starts_with("synth processor rv32-v");
            let n = procs.iter().filter(|t| is_vec(t)).count();
            assert_eq!(n, 3, "{procs:?}");
            assert!(
                procs[..n].iter().all(is_vec),
                "the long ones first: {procs:?}"
            );
            for t in &procs {
                assert_eq!(t.args["cached_only"], is_vec(t) && cached, "{t:?}");
            }
        }
        // a processor not synthesized in this run has no record (the report says why)
        let missing = HwOutcome {
            name: "synth processor rv32-v".into(),
            kind: "synth-proc".into(),
            result: Ok(serde_json::json!({"name": "rv32-v", "missing": "not synthesized"})),
        };
        assert!(records_of_outcomes(&[missing]).is_empty());
    }

    #[test]
    fn roman_numerals_order_cases() {
        assert_eq!(roman("IV"), Some(4));
        assert_eq!(roman("VI"), Some(6));
        assert_eq!(roman("IX"), Some(9));
        assert_eq!(roman("case"), None);
    }
}
