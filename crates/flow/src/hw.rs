//! The hardware flow's one home: the python3 drivers of `hw/scripts` (simulation,
//! synthesis of cases, units and processors, place-and-route status) run from Rust and
//! turned into records. `reproduce` and the CLI's `hw` command both call these.

use crate::error::{files, FlowError};
use crate::results::{AreaRecord, AsicRecord, HwPerfRecord, PnrRecord, Record};
use crate::tasks::Task;
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

fn python(root: &Path, name: &str, args: &[String]) -> Result<std::process::Output, FlowError> {
    crate::project::require(crate::project::PYTHON3)?;
    Command::new("python3")
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
    let mut recs = vec![Record::Area(area_of(
        format!("case {case}"),
        "yosys synth_xilinx -family xc6v; GE from abc gate mapping (docs/hardware.md)".into(),
        &v,
    ))];
    if let Some(cpb) = f(&v, "cycles_per_block") {
        recs.push(Record::HwPerf(HwPerfRecord {
            case: format!("case {case}"),
            alg: alg.to_string(),
            cycles_per_block: cpb,
            latency_cycles: f(&v, "latency_cycles"),
            gbps: f(&v, "gbps"),
            mbps_per_slice: f(&v, "mbps_per_slice"),
            digests_ok: v
                .get("digests_ok")
                .and_then(|x| x.as_bool())
                .unwrap_or(false),
        }));
    }
    Ok(recs)
}

/// Area records of one extension's functional units (`hw/scripts/synth_unit.py isa/<ext>`).
pub fn unit_records(root: &Path, ext: &str) -> Result<Vec<Record>, FlowError> {
    let arg = format!("isa/{ext}");
    let v = python_json(root, "synth_unit.py", std::slice::from_ref(&arg))?;
    let units = v.as_array().cloned().unwrap_or_default();
    Ok(units
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
        .collect())
}

/// Area record of one design's whole processor (`hw/scripts/synth_proc.py --design D`).
pub fn proc_records(root: &Path, design: &str) -> Result<Vec<Record>, FlowError> {
    let args = ["--design", design, "--jobs", "1"].map(String::from);
    let v = python_json(root, "synth_proc.py", &args)?;
    Ok(v.as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|e| {
            Record::Area(area_of(format!("processor {design}"), "yosys synth_xilinx -family xc6v, core + units, memories outside; GE from abc gate mapping (hw/scripts/synth_proc.py)".into(), e))
        })
        .collect())
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
/// key matches today's sources and tools; nothing runs). Targets without one have no record,
/// and the report says "P&R not run (make pnr)".
pub fn pnr_records(root: &Path) -> Result<Vec<Record>, FlowError> {
    let (method, results) =
        method_results(python_json(root, "pnr.py", &["--status".into()])?, "pnr.py");
    Ok(results
        .iter()
        .map(|e| {
            let s = |k: &str| e.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
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
        .map(|e| {
            let s = |k: &str| e.get(k).and_then(|x| x.as_str()).map(String::from);
            Record::Asic(AsicRecord {
                target: s("name").unwrap_or_default(),
                target_kind: s("kind").unwrap_or_default(),
                flow: method.clone(),
                cells: u(e, "cells"),
                area_um2: f(e, "area_um2"),
                ge: f(e, "ge"),
                ffs: u(e, "ffs"),
                critical_path_ns: f(e, "critical_path_ns"),
                fmax_mhz: f(e, "fmax_mhz"),
                start: s("start"),
                end: s("end"),
                gbps: f(e, "gbps"),
            })
        })
        .chain(failed)
        .collect())
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
                vectorless_fmax_mw: f(e, "vectorless_fmax_mw")?,
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

/// Hardware steps of `reproduce`: synthesis + throughput of every case and synthesis of
/// every extension's functional units (not in quick mode).
pub fn reproduce_tasks(root: &Path, quick: bool) -> Vec<Task> {
    if quick {
        return Vec::new();
    }
    let mut tasks = Vec::new();
    if script(root, "synth_unit.py").is_file() {
        for ext in unit_extensions(root) {
            let root = root.to_path_buf();
            tasks.push(Task::External {
                name: format!("synth isa/{ext}"),
                run: Box::new(move || unit_records(&root, &ext)),
            });
        }
    }
    if root
        .join("hw")
        .join("scripts")
        .join("synth_proc.py")
        .is_file()
    {
        let designs = crate::design::load_all(&root.join("designs")).unwrap_or_default();
        for d in designs.into_iter().filter(|d| d.rtl.is_some()) {
            let root = root.to_path_buf();
            tasks.push(Task::External {
                name: format!("synth processor {}", d.name),
                run: Box::new(move || proc_records(&root, &d.name)),
            });
        }
    }
    if script(root, "asic.py").is_file() {
        let root = root.to_path_buf();
        tasks.push(Task::External {
            name: "asic".into(),
            run: Box::new(move || asic_records(&root, &[])),
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
    let names = match case_names(root) {
        Ok(n) => n,
        Err(e) => {
            let msg = e.to_string();
            tasks.push(Task::External {
                name: "hw cases".into(),
                run: Box::new(move || Err(FlowError::Usage(msg.clone()))),
            });
            return tasks;
        }
    };
    tasks.extend(names.into_iter().map(|c| {
        let root = root.to_path_buf();
        Task::External {
            name: format!("hw case {c}"),
            run: Box::new(move || case_records(&root, &c, "sha3-512")),
        }
    }));
    tasks
}

#[cfg(test)]
mod tests {
    use super::roman;

    #[test]
    fn roman_numerals_order_cases() {
        assert_eq!(roman("IV"), Some(4));
        assert_eq!(roman("VI"), Some(6));
        assert_eq!(roman("IX"), Some(9));
        assert_eq!(roman("case"), None);
    }
}
