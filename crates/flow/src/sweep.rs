//! `sha3-asip sweep SPEC.toml`: design-space exploration. A sweep names a base (designs of
//! `designs/`, or a Keccak case of `hw/cases.json`) and axes over what it can already vary
//! (any key of a design file: timing-model overrides and events, kernel, compiler flags,
//! `rtl.units`; a case's keccak_core parameters K, N, SUB, RC_MODE, LATE). The grid is
//! expanded into named variants (design files written into `<out>/designs/`), the chosen
//! flows run on each as tasks of the task layer (`hw::run_hw_tasks`: Dask), and
//! `results.json`, `README.md` and `index.html` (the points, the Pareto front of speed
//! against area, each point linked to its design) are written into `<out>`.

use crate::design::Design;
use crate::error::{files, FlowError};
use crate::hw::{self, Cluster, HwOutcome, HwTask};
use crate::md;
use crate::report::figure::{self, Figure};
use crate::report::table::md_table;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The flows a sweep can run on each point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Flow {
    /// Designs: firmware build + benchmark on the simulator (c/B); cases: the Verilator
    /// testbench (cycles per block).
    Sim,
    /// Yosys synthesis (`synth_proc.py` / `synth.py`): LUTs, slices, GE estimate, Fmax estimate.
    Area,
    /// The ASIC flow (`asic.py`): sky130 GE, OSU 0.18 um Fmax.
    Asic,
    /// ECP5 place and route (`pnr.py`): LUT4, flip-flops, Fmax (median of the seeds).
    Pnr,
    /// The power flow (`power.py`; processors only): the gate-level netlist running the
    /// benchmark firmware, mW, pJ/B and MB/mJ at the OSU Fmax.
    Power,
}

impl Flow {
    pub const ALL: [Flow; 5] = [Flow::Sim, Flow::Area, Flow::Asic, Flow::Pnr, Flow::Power];
    pub fn key(self) -> &'static str {
        match self {
            Flow::Sim => "sim",
            Flow::Area => "area",
            Flow::Asic => "asic",
            Flow::Pnr => "pnr",
            Flow::Power => "power",
        }
    }
    pub fn parse(s: &str) -> Result<Flow, String> {
        Flow::ALL.into_iter().find(|f| f.key() == s).ok_or_else(|| {
            let known: Vec<&str> = Flow::ALL.iter().map(|f| f.key()).collect();
            format!("unknown flow '{s}'; known: {}", known.join(", "))
        })
    }
}

/// The flows a base can run: power only on designs (it runs their firmware).
pub fn check_flows(base: &Base, flows: &[Flow]) -> Result<(), String> {
    if flows.contains(&Flow::Power) && matches!(base, Base::Case { .. }) {
        return Err("the power flow measures processors running firmware, not a case sweep".into());
    }
    Ok(())
}

/// A sweep file, as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecFile {
    name: String,
    #[serde(default)]
    title: Option<String>,
    /// Base designs (names in `designs/`); or `case`.
    #[serde(default)]
    designs: Vec<String>,
    /// Base Keccak case (a name in hw/cases.json).
    #[serde(default)]
    case: Option<String>,
    /// The flows run when `--flows` is not given.
    #[serde(default)]
    flows: Vec<String>,
    /// Benchmark function of the sim flow (designs; default sha3-256).
    #[serde(default)]
    alg: Option<String>,
    /// The P&R flow's seeds (default 1, 2, 3: the project's method, sharing `make pnr`'s
    /// results; one seed explores faster).
    #[serde(default)]
    pnr_seeds: Option<Vec<u32>>,
    /// Axis (a design file's dotted key, or a case parameter) -> its values.
    axes: toml::Table,
}

/// What a sweep varies.
#[derive(Debug, Clone)]
pub enum Base {
    Designs(Vec<Design>),
    Case {
        name: String,
        params: BTreeMap<String, i64>,
        /// Every named case's parameters (hw/cases.json): a point equal to one is run under
        /// its name, and shares its cached results.
        named: Vec<(String, BTreeMap<String, i64>)>,
    },
}

/// A case's keccak_core parameters from hw/cases.json (absent ones are 0, as the RTL's defaults).
fn case_param_map(p: &Value) -> BTreeMap<String, i64> {
    CASE_PARAMS
        .iter()
        .map(|k| {
            (
                k.to_string(),
                p.get(*k).and_then(|v| v.as_i64()).unwrap_or(0),
            )
        })
        .collect()
}

/// A parsed sweep.
#[derive(Debug, Clone)]
pub struct Spec {
    pub name: String,
    pub title: String,
    pub base: Base,
    pub flows: Vec<Flow>,
    pub alg: String,
    pub axes: Vec<(String, Vec<toml::Value>)>,
    /// The P&R flow's seeds.
    pub pnr_seeds: Vec<u32>,
}

/// keccak_core parameters a case sweep may vary (hw/cases.json).
pub const CASE_PARAMS: [&str; 5] = ["K", "N", "SUB", "RC_MODE", "LATE"];

impl Spec {
    /// Parse and check a sweep file: its base exists, each axis has values of a plain kind.
    pub fn load(root: &Path, path: &Path) -> Result<Spec, FlowError> {
        let text = files::read_to_string(path)?;
        let bad = |m: String| FlowError::Usage(format!("{}: {m}", path.display()));
        let f: SpecFile = toml::from_str(&text).map_err(|e| bad(e.to_string().trim().into()))?;
        if f.name.is_empty()
            || !f
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(bad(format!(
                "name '{}' must be letters, digits, '-' and '_'",
                f.name
            )));
        }
        let base = match (&f.case, f.designs.is_empty()) {
            (Some(c), true) => {
                let cases = hw::cases(root)?;
                let Some(p) = cases.get(c) else {
                    return Err(bad(format!(
                        "unknown case '{c}' (hw/cases.json: {})",
                        hw::case_names(root)?.join(", ")
                    )));
                };
                Base::Case {
                    name: c.clone(),
                    params: case_param_map(p),
                    named: cases
                        .iter()
                        .map(|(n, p)| (n.clone(), case_param_map(p)))
                        .collect(),
                }
            }
            (None, false) => {
                let dir = root.join("designs");
                let mut ds = Vec::new();
                for n in &f.designs {
                    ds.push(crate::design::find(&dir, n).map_err(|e| bad(e.to_string()))?);
                }
                Base::Designs(ds)
            }
            _ => {
                return Err(bad(
                    "give either `designs = [...]` or `case = \"...\"`".into()
                ))
            }
        };
        let mut axes = Vec::new();
        for (k, v) in &f.axes {
            let vals = match v {
                toml::Value::Array(a) if !a.is_empty() => a.clone(),
                _ => {
                    return Err(bad(format!(
                        "axis '{k}': expected a non-empty list of values"
                    )))
                }
            };
            if let Some(x) = vals.iter().find(|x| {
                !matches!(
                    x,
                    toml::Value::Integer(_)
                        | toml::Value::Float(_)
                        | toml::Value::Boolean(_)
                        | toml::Value::String(_)
                        | toml::Value::Array(_)
                )
            }) {
                return Err(bad(format!(
                    "axis '{k}': value {} is not a number, string, boolean or list",
                    value_text(x)
                )));
            }
            if let Base::Case { .. } = base {
                if !CASE_PARAMS.contains(&k.as_str()) {
                    return Err(bad(format!(
                        "axis '{k}': a case sweep varies {}",
                        CASE_PARAMS.join(", ")
                    )));
                }
                if vals.iter().any(|x| x.as_integer().is_none()) {
                    return Err(bad(format!("axis '{k}': case parameters are integers")));
                }
            } else if k.split('.').any(|s| s.is_empty()) || k == "name" {
                return Err(bad(format!(
                    "axis '{k}': expected a design file key such as timing_overrides.latency.div"
                )));
            }
            axes.push((k.clone(), vals));
        }
        if axes.is_empty() {
            return Err(bad("no [axes]".into()));
        }
        let flows = f
            .flows
            .iter()
            .map(|s| Flow::parse(s).map_err(&bad))
            .collect::<Result<Vec<_>, _>>()?;
        check_flows(&base, &flows).map_err(bad)?;
        let pnr_seeds = f.pnr_seeds.unwrap_or_else(|| vec![1, 2, 3]);
        if pnr_seeds.is_empty() {
            return Err(bad("pnr_seeds: give at least one seed".into()));
        }
        Ok(Spec {
            title: f.title.unwrap_or_else(|| f.name.clone()),
            name: f.name,
            base,
            flows: if flows.is_empty() {
                vec![Flow::Sim, Flow::Area]
            } else {
                flows
            },
            alg: f
                .alg
                .unwrap_or_else(|| crate::results::SEED_ALG.to_string()),
            axes,
            pnr_seeds,
        })
    }
}

/// One point of the grid: its name, the values of the axes, and what it is built from.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub name: String,
    /// The base design's or case's name.
    pub base: String,
    pub values: Vec<(String, toml::Value)>,
    /// Designs: the variant's design file (TOML text); cases: None.
    pub toml: Option<String>,
    /// Cases: the keccak_core parameters.
    pub case_params: Option<BTreeMap<String, i64>>,
    /// Cases: the named case of hw/cases.json with these parameters, if one is.
    pub hw_case: Option<String>,
}

/// A value as a piece of a variant name: letters, digits, '.', '-' (others become '-').
fn name_part(v: &toml::Value) -> String {
    let s = match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Array(a) => a.iter().map(name_part).collect::<Vec<_>>().join("+"),
        v => value_text(v),
    };
    let s: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '+' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if s.is_empty() {
        "none".into()
    } else {
        s
    }
}

/// The short name of an axis in variant names: the last part of its dotted key.
fn axis_short(k: &str) -> String {
    k.rsplit('.')
        .next()
        .unwrap_or(k)
        .to_lowercase()
        .replace('_', "")
}

/// A TOML key, bare when it can be.
fn key_text(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        value_text(&toml::Value::String(k.to_string()))
    }
}

/// A TOML value as TOML text (strings escaped; floats keep their point; tables inline).
pub fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => {
            let mut o = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => o.push_str("\\\""),
                    '\\' => o.push_str("\\\\"),
                    '\n' => o.push_str("\\n"),
                    '\t' => o.push_str("\\t"),
                    c if c.is_control() => o.push_str(&format!("\\u{:04X}", c as u32)),
                    c => o.push(c),
                }
            }
            o.push('"');
            o
        }
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) if f.is_nan() => "nan".into(),
        toml::Value::Float(f) if f.is_infinite() => (if *f > 0.0 { "inf" } else { "-inf" }).into(),
        toml::Value::Float(f) => format!("{f:?}"),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(d) => d.to_string(),
        toml::Value::Array(a) => format!(
            "[{}]",
            a.iter().map(value_text).collect::<Vec<_>>().join(", ")
        ),
        toml::Value::Table(t) => format!(
            "{{ {} }}",
            t.iter()
                .map(|(k, v)| format!("{} = {}", key_text(k), value_text(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A TOML document of `t`: its plain keys, then each sub-table under its dotted header.
pub fn table_text(t: &toml::Table) -> String {
    fn go(t: &toml::Table, path: &[String], out: &mut String) {
        if !path.is_empty() {
            out.push_str(&format!("\n[{}]\n", path.join(".")));
        }
        for (k, v) in t {
            if !matches!(v, toml::Value::Table(_)) {
                out.push_str(&format!("{} = {}\n", key_text(k), value_text(v)));
            }
        }
        for (k, v) in t {
            if let toml::Value::Table(sub) = v {
                let mut p = path.to_vec();
                p.push(key_text(k));
                go(sub, &p, out);
            }
        }
    }
    let mut out = String::new();
    go(t, &[], &mut out);
    out
}

/// Every combination of the axes' values, the first axis varying slowest.
fn grid(axes: &[(String, Vec<toml::Value>)]) -> Vec<Vec<(String, toml::Value)>> {
    let mut out: Vec<Vec<(String, toml::Value)>> = vec![Vec::new()];
    for (k, vals) in axes {
        out = out
            .into_iter()
            .flat_map(|pre| {
                vals.iter().map(move |v| {
                    let mut p = pre.clone();
                    p.push((k.clone(), v.clone()));
                    p
                })
            })
            .collect();
    }
    out
}

/// Set a dotted key of a TOML table, creating the tables on the way.
fn set_dotted(t: &mut toml::Table, key: &str, v: toml::Value) -> Result<(), String> {
    let mut parts: Vec<&str> = key.split('.').collect();
    let last = parts.pop().expect("a key has a part");
    let mut cur = t;
    for p in parts {
        let e = cur
            .entry(p.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        cur = match e {
            toml::Value::Table(t) => t,
            _ => {
                return Err(format!(
                    "'{p}' of '{key}' is not a table in the base design"
                ))
            }
        };
    }
    cur.insert(last.to_string(), v);
    Ok(())
}

/// The grid's variants: for designs, each base design with each combination (its design
/// file: the base's with the axes' keys set, named `<base>_<axis><value>...`, without the
/// published row it reproduces); for a case, the case's parameters with each combination.
/// Every design variant is checked as a design file.
pub fn expand(spec: &Spec) -> Result<Vec<Variant>, FlowError> {
    let combos = grid(&spec.axes);
    let mut out = Vec::new();
    match &spec.base {
        Base::Case {
            name,
            params,
            named,
        } => {
            for c in combos {
                let mut p = params.clone();
                for (k, v) in &c {
                    p.insert(k.clone(), v.as_integer().expect("checked in Spec::load"));
                }
                let vname = c
                    .iter()
                    .map(|(k, v)| format!("{}{}", k.to_lowercase().replace('_', ""), name_part(v)))
                    .collect::<Vec<_>>()
                    .join("_");
                let hw_case = named.iter().find(|(_, q)| *q == p).map(|(n, _)| n.clone());
                out.push(Variant {
                    name: vname,
                    base: name.clone(),
                    values: c,
                    toml: None,
                    case_params: Some(p),
                    hw_case,
                });
            }
        }
        Base::Designs(ds) => {
            for d in ds {
                let text = files::read_to_string(&d.path)?;
                let base: toml::Table = toml::from_str(&text)
                    .map_err(|e| FlowError::Usage(format!("{}: {e}", d.path.display())))?;
                for c in &combos {
                    let suffix = c
                        .iter()
                        .map(|(k, v)| format!("{}{}", axis_short(k), name_part(v)))
                        .collect::<Vec<_>>()
                        .join("_");
                    let vname = format!("{}_{suffix}", d.name);
                    let mut t = base.clone();
                    for (k, v) in c {
                        set_dotted(&mut t, k, v.clone())
                            .map_err(|e| FlowError::Usage(format!("sweep {}: {e}", spec.name)))?;
                    }
                    t.insert("name".into(), toml::Value::String(vname.clone()));
                    let what = c
                        .iter()
                        .map(|(k, v)| format!("{k} = {}", value_text(v)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    t.insert(
                        "title".into(),
                        toml::Value::String(format!("{} ({what})", d.title)),
                    );
                    t.remove("published");
                    let body = table_text(&t);
                    let text = format!(
                        "# sweep {}: {} with {what} (written by `sha3-asip sweep`)\n{body}",
                        spec.name, d.name
                    );
                    let p = PathBuf::from(format!("{vname}.toml"));
                    Design::parse(&text, &p).map_err(|e| {
                        FlowError::Usage(format!("sweep {}: variant {e}", spec.name))
                    })?;
                    out.push(Variant {
                        name: vname,
                        base: d.name.clone(),
                        values: c.clone(),
                        toml: Some(text),
                        case_params: None,
                        hw_case: None,
                    });
                }
            }
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(v) = out.iter().find(|v| !seen.insert(v.name.clone())) {
        return Err(FlowError::Usage(format!(
            "sweep {}: two points are both named {} (values that differ only in characters a name cannot hold)",
            spec.name, v.name
        )));
    }
    Ok(out)
}

/// The tasks of a sweep's points. Design files are written into `designs_dir` first.
pub fn tasks(spec: &Spec, variants: &[Variant], flows: &[Flow], designs_dir: &Path) -> Vec<HwTask> {
    let mut out = Vec::new();
    let has = |f| flows.contains(&f);
    // the workers run this very CLI (benchmarks, processors' file lists)
    let cli = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    for v in variants {
        if let Some(p) = &v.case_params {
            let args = match &v.hw_case {
                Some(c) => json!({"case": c, "alg": "sha3-512"}),
                None => json!({"case": v.name, "params": p, "alg": "sha3-512"}),
            };
            if has(Flow::Area) {
                let mut a = args.clone();
                a["sim"] = json!(has(Flow::Sim));
                out.push(HwTask::new(format!("{} area", v.name), "synth-case", a));
            } else if has(Flow::Sim) {
                out.push(HwTask::new(
                    format!("{} sim", v.name),
                    "sim-case",
                    args.clone(),
                ));
            }
            if has(Flow::Asic) {
                let mut a = args.clone();
                a["sim"] = json!(false);
                out.push(HwTask::new(format!("{} asic", v.name), "asic", a));
            }
            if has(Flow::Pnr) {
                let mut a = args.clone();
                a["seeds"] = json!(spec.pnr_seeds);
                out.push(HwTask::new(format!("{} pnr", v.name), "pnr", a));
            }
        } else {
            let file = designs_dir.join(format!("{}.toml", v.name));
            let args = json!({"design": file.display().to_string(), "name": v.name,
                              "toml": v.toml, "cli": cli});
            if has(Flow::Sim) {
                let mut a = args.clone();
                a["design"] = json!(v.name);
                a["alg"] = json!(spec.alg);
                a["lens"] = json!([0]);
                out.push(HwTask::new(format!("{} sim", v.name), "bench", a));
            }
            if has(Flow::Area) {
                out.push(HwTask::new(
                    format!("{} area", v.name),
                    "synth-proc",
                    args.clone(),
                ));
            }
            if has(Flow::Asic) {
                out.push(HwTask::new(
                    format!("{} asic", v.name),
                    "asic",
                    args.clone(),
                ));
            }
            if has(Flow::Pnr) {
                let mut a = args.clone();
                a["seeds"] = json!(spec.pnr_seeds);
                out.push(HwTask::new(format!("{} pnr", v.name), "pnr", a));
            }
            if has(Flow::Power) {
                out.push(HwTask::new(
                    format!("{} power", v.name),
                    "power",
                    args.clone(),
                ));
            }
        }
    }
    out
}

/// One point's measured figures (None: not run, or failed: see `errors`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub name: String,
    pub base: String,
    /// axis -> value.
    pub values: BTreeMap<String, Value>,
    /// Designs: the design file (relative to the sweep's folder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design_file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case_params: Option<BTreeMap<String, i64>>,
    /// Designs: long-message cycles per byte of `alg` on the simulator.
    pub cycles_per_byte: Option<f64>,
    pub code_size_bytes: Option<u64>,
    /// Cases: cycles per absorbed block and messages in flight (Verilator).
    pub cycles_per_block: Option<f64>,
    pub digests_ok: Option<bool>,
    /// Yosys synth_xilinx -family xc6v: LUTs, flip-flops, slices (est.), GE (est.), Fmax est.
    pub luts: Option<u64>,
    pub ffs: Option<u64>,
    pub slices_est: Option<f64>,
    pub ge_est: Option<f64>,
    pub fmax_mhz_est: Option<f64>,
    /// Cases: Gbps at the estimated Fmax (synth.py).
    pub gbps: Option<f64>,
    /// ASIC flow: sky130 GE, OSU 0.18 um Fmax.
    pub asic_ge: Option<f64>,
    pub asic_fmax_mhz: Option<f64>,
    pub asic_gbps: Option<f64>,
    /// ECP5 P&R: LUT4 sites, flip-flops, Fmax (median of the seeds).
    #[serde(default)]
    pub pnr_lut4: Option<u64>,
    #[serde(default)]
    pub pnr_ff: Option<u64>,
    #[serde(default)]
    pub pnr_fmax_mhz: Option<f64>,
    /// Power flow (at the OSU Fmax): total mW, pJ per byte and MB per mJ of the benchmark's
    /// steady state.
    #[serde(default)]
    pub power_mw: Option<f64>,
    #[serde(default)]
    pub pj_per_byte: Option<f64>,
    #[serde(default)]
    pub mb_per_mj: Option<f64>,
    /// On the Pareto front of speed against area.
    pub pareto: bool,
    /// On the Pareto front of energy (pJ/B) against area (when the power flow ran).
    #[serde(default)]
    pub pareto_energy: bool,
    /// Failed tasks: flow -> error (with the log tail).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub errors: BTreeMap<String, String>,
}

impl Point {
    /// The area of the Pareto fronts: designs, slices (est.); cases, LUTs.
    pub fn area(&self, is_case: bool) -> Option<f64> {
        if is_case {
            Some(self.luts? as f64)
        } else {
            self.slices_est
        }
    }

    /// (area, time) of the Pareto front: designs (slices est., c/B); cases (LUTs, ps per
    /// byte at the estimated Fmax); both lower is better. None when not measured.
    pub fn objectives(&self, is_case: bool) -> Option<(f64, f64)> {
        if is_case {
            Some((self.luts? as f64, 8000.0 / self.gbps.filter(|g| *g > 0.0)?))
        } else {
            Some((self.slices_est?, self.cycles_per_byte?))
        }
    }
}

/// The sweep's results document (`results.json`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SweepResults {
    pub schema: String,
    pub name: String,
    pub title: String,
    /// "designs" or "case".
    pub kind: String,
    pub bases: Vec<String>,
    pub axes: Vec<String>,
    pub flows: Vec<Flow>,
    pub alg: String,
    pub points: Vec<Point>,
}

pub const SWEEP_SCHEMA: &str = "sha3-asip-sweep/1";

/// Mark the points on the Pareto front: no other point is at most as large and at most as
/// slow, and better in one of the two.
pub fn mark_pareto(points: &mut [Point], is_case: bool) {
    let obj: Vec<Option<(f64, f64)>> = points.iter().map(|p| p.objectives(is_case)).collect();
    let front = front_of(&obj);
    // energy against area: the same area objective, pJ/B instead of time
    let eobj: Vec<Option<(f64, f64)>> = points
        .iter()
        .map(|p| Some((p.area(is_case)?, p.pj_per_byte?)))
        .collect();
    let efront = front_of(&eobj);
    for (i, p) in points.iter_mut().enumerate() {
        p.pareto = front[i];
        p.pareto_energy = efront[i];
    }
}

/// Which of the (area, cost) pairs no other pair dominates (at most as large in both and
/// smaller in one); None is never on the front.
fn front_of(obj: &[Option<(f64, f64)>]) -> Vec<bool> {
    (0..obj.len())
        .map(|i| match obj[i] {
            None => false,
            Some((a, t)) => !obj.iter().enumerate().any(|(j, o)| {
                j != i && o.is_some_and(|(b, u)| b <= a && u <= t && (b < a || u < t))
            }),
        })
        .collect()
}

/// The points of `variants` with the outcomes of their tasks.
pub fn points(spec: &Spec, variants: &[Variant], outcomes: &[HwOutcome]) -> Vec<Point> {
    let is_case = matches!(spec.base, Base::Case { .. });
    let f = |v: &Value, k: &str| v.get(k).and_then(|x| x.as_f64());
    let u = |v: &Value, k: &str| v.get(k).and_then(|x| x.as_u64());
    let mut pts: Vec<Point> = variants
        .iter()
        .map(|v| {
            let mut p = Point {
                name: v.name.clone(),
                base: v.base.clone(),
                values: v
                    .values
                    .iter()
                    .map(|(k, x)| (k.clone(), serde_json::to_value(x).unwrap_or(Value::Null)))
                    .collect(),
                design_file: v.toml.as_ref().map(|_| format!("designs/{}.toml", v.name)),
                case_params: v.case_params.clone(),
                ..Point::default()
            };
            for o in outcomes
                .iter()
                .filter(|o| o.name.rsplit_once(' ').is_some_and(|(n, _)| n == v.name))
            {
                let flow = o.name.rsplit_once(' ').map(|(_, f)| f).unwrap_or("");
                let val = match &o.result {
                    Ok(val) => val,
                    Err(e) => {
                        p.errors.insert(flow.to_string(), e.clone());
                        continue;
                    }
                };
                match o.kind.as_str() {
                    "bench" => {
                        p.cycles_per_byte = f(val, "cycles_per_byte");
                        p.code_size_bytes = u(val, "code_size_bytes");
                        p.digests_ok = val.get("digest_ok").and_then(|x| x.as_bool());
                    }
                    "sim-case" | "synth-case" => {
                        p.cycles_per_block = f(val, "cycles_per_block").or(p.cycles_per_block);
                        if let Some(ok) = val.get("digests_ok").and_then(|x| x.as_bool()) {
                            p.digests_ok = Some(ok);
                        }
                        if o.kind == "synth-case" {
                            p.luts = u(val, "luts");
                            p.ffs = u(val, "ffs");
                            p.slices_est = f(val, "slices_est");
                            p.ge_est = f(val, "ge_est");
                            p.fmax_mhz_est = f(val, "fmax_mhz_est");
                            p.gbps = f(val, "gbps");
                        }
                    }
                    "synth-proc" => {
                        p.luts = u(val, "luts");
                        p.ffs = u(val, "ffs");
                        p.slices_est = f(val, "slices_est");
                        p.ge_est = f(val, "ge_est");
                        p.fmax_mhz_est = f(val, "fmax_mhz_est");
                    }
                    "asic" => {
                        p.asic_ge = f(val, "ge");
                        p.asic_fmax_mhz = f(val, "fmax_mhz");
                        p.asic_gbps = f(val, "gbps");
                    }
                    "pnr" => {
                        p.pnr_lut4 = u(val, "lut4");
                        p.pnr_ff = u(val, "ff");
                        p.pnr_fmax_mhz = f(val, "fmax_mhz");
                    }
                    "power" => {
                        p.power_mw = val
                            .get("power_fmax_mw")
                            .and_then(|x| x.get("total"))
                            .and_then(|x| x.as_f64());
                        p.pj_per_byte = f(val, "pj_per_byte_fmax");
                        p.mb_per_mj = f(val, "mb_per_mj_fmax");
                    }
                    _ => {}
                }
            }
            p
        })
        .collect();
    mark_pareto(&mut pts, is_case);
    pts
}

/// Options of a sweep run.
#[derive(Debug, Clone)]
pub struct SweepOptions {
    pub out: PathBuf,
    /// None: the spec's flows.
    pub flows: Option<Vec<Flow>>,
    pub cluster: Cluster,
}

/// Run a sweep: expand, write the variants' design files, run the flows' tasks, write the
/// results and the page. Returns the results (failed tasks are in the points' `errors`).
pub fn run(root: &Path, spec: &Spec, o: &SweepOptions) -> Result<SweepResults, FlowError> {
    let variants = expand(spec)?;
    let flows = o.flows.clone().unwrap_or_else(|| spec.flows.clone());
    let designs_dir = o.out.join("designs");
    // the variants also under build/ (reproducible inputs of the run, whatever --out is)
    let build_dir = root
        .join("build")
        .join("sweep")
        .join(&spec.name)
        .join("designs");
    for v in &variants {
        if let Some(t) = &v.toml {
            for d in [&designs_dir, &build_dir] {
                files::create_dir_all(d)?;
                files::write(&d.join(format!("{}.toml", v.name)), t)?;
            }
        }
    }
    let designs_abs = std::fs::canonicalize(&build_dir).unwrap_or(build_dir);
    let list = tasks(spec, &variants, &flows, &designs_abs);
    eprintln!(
        "sha3-asip sweep {}: {} point(s) x {} -> {} task(s)",
        spec.name,
        variants.len(),
        flows.iter().map(|f| f.key()).collect::<Vec<_>>().join(","),
        list.len()
    );
    let outcomes = hw::run_hw_tasks(root, &list, &o.cluster, &format!("sweep {}", spec.name))?;
    let res = SweepResults {
        schema: SWEEP_SCHEMA.into(),
        name: spec.name.clone(),
        title: spec.title.clone(),
        kind: if matches!(spec.base, Base::Case { .. }) {
            "case"
        } else {
            "designs"
        }
        .into(),
        bases: variants
            .iter()
            .map(|v| v.base.clone())
            .fold(Vec::new(), |mut a, b| {
                if !a.contains(&b) {
                    a.push(b);
                }
                a
            }),
        axes: spec.axes.iter().map(|(k, _)| k.clone()).collect(),
        flows,
        alg: spec.alg.clone(),
        points: points(spec, &variants, &outcomes),
    };
    write(root, &o.out, &res)?;
    Ok(res)
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "-".into())
}

fn opt_f(v: Option<f64>, digits: usize) -> String {
    v.map(|x| format!("{x:.digits$}"))
        .unwrap_or_else(|| "-".into())
}

/// The sweep's page as Markdown: what was swept and how each figure is measured, the points
/// (Pareto front first marked), the failures with the command that reproduces them.
pub fn markdown(r: &SweepResults, figs: &figure::Rendered) -> String {
    let is_case = r.kind == "case";
    let mut s = format!("# Sweep {}: {}\n\n", md::text(&r.name), md::text(&r.title));
    s.push_str(&format!(
        "Base: {}. Axes: {}. Flows: {}. {} point(s), {} on the Pareto front.\n\n",
        r.bases
            .iter()
            .map(|b| md::code(b))
            .collect::<Vec<_>>()
            .join(", "),
        r.axes
            .iter()
            .map(|a| md::code(a))
            .collect::<Vec<_>>()
            .join(", "),
        r.flows
            .iter()
            .map(|f| f.key())
            .collect::<Vec<_>>()
            .join(", "),
        r.points.len(),
        r.points.iter().filter(|p| p.pareto).count()
    ));
    let method = if is_case {
        "Method: sim = the case's Verilator testbench (`hw/scripts/sim.py`: cycles per absorbed SHA3-512 block, digests checked); area = Yosys `synth_xilinx -family xc6v` of keccak_core (`hw/scripts/synth.py`, LUT6 count, flip-flops, GE estimate, Fmax estimate from LUT levels); Gbps = rate bits x Fmax est. x messages in flight / cycles per block; Pareto front: LUTs against ps per byte (8000 / Gbps), no point both smaller and faster; ASIC (when run) = `hw/scripts/asic.py` sky130 GE and OSU 0.18 um Fmax; ECP5 (when run) = `hw/scripts/pnr.py` place and route (LUT4 sites, flip-flops, median Fmax of the sweep's seeds). Every figure is measured by the tools in this run or read from their content-keyed cache."
    } else {
        "Method: c/B = long-message cycles per byte of the benchmark on the simulator's timing model (`sha3-asip bench`, digests checked against the golden model); area = the whole processor (core + units, memories outside) through Yosys `synth_xilinx -family xc6v` (`hw/scripts/synth_proc.py`), slices estimated as max(LUT/4, FF/8); the processor RTL does not depend on timing-model parameters, so variants that differ only in them share one area; Pareto front: slices against c/B, no point both smaller and faster; ASIC (when run) = `hw/scripts/asic.py`; ECP5 (when run) = `hw/scripts/pnr.py` place and route (LUT4 sites, flip-flops, median Fmax of the sweep's seeds); power (when run) = `hw/scripts/power.py`: the ASIC netlist simulated at gate level running the benchmark firmware, every net's toggles into the OSU 0.18 um Liberty power tables, at the OSU Fmax, energy Pareto front: slices against pJ/B (the power flow runs the RTL's cycles, so timing-model variants of one processor share one figure). Every figure is measured by the tools in this run or read from their content-keyed cache."
    };
    s.push_str(method);
    s.push_str("\n\n");
    if let Some((n, f)) = figs.figure("sweep-pareto") {
        if figs.svgs.contains_key(f.name) {
            s.push_str(&format!("![Figure {n}](figures/{}.svg)\n\n", f.name));
        }
    }
    if let Some(e) = &figs.error {
        s.push_str(&format!("_{}_\n\n", md::text(e)));
    }
    let mut head: Vec<String> = vec!["point".into(), "Pareto".into()];
    head.extend(r.axes.iter().cloned());
    let cols: &[&str] = if is_case {
        &[
            "cycles/block",
            "digests",
            "LUTs",
            "FFs",
            "GE (est.)",
            "Fmax est. MHz",
            "Gbps",
        ]
    } else {
        &[
            "c/B",
            "code B",
            "digests",
            "LUTs",
            "FFs",
            "slices (est.)",
            "GE (est.)",
        ]
    };
    let asic = r.flows.contains(&Flow::Asic);
    let pnr = r.flows.contains(&Flow::Pnr);
    let power = r.flows.contains(&Flow::Power);
    head.extend(cols.iter().map(|c| c.to_string()));
    if asic {
        head.extend(["ASIC GE".into(), "ASIC MHz".into()]);
        if is_case {
            head.push("ASIC Gbps".into());
        }
    }
    if pnr {
        head.extend(["ECP5 LUT4".into(), "ECP5 FF".into(), "ECP5 MHz".into()]);
    }
    if power {
        head.extend([
            "mW @ OSU Fmax".into(),
            "pJ/B".into(),
            "MB/mJ".into(),
            "energy Pareto".into(),
        ]);
    }
    let mut sorted: Vec<&Point> = r.points.iter().collect();
    sorted.sort_by(|a, b| {
        let ka = a.objectives(is_case).map(|o| o.0).unwrap_or(f64::INFINITY);
        let kb = b.objectives(is_case).map(|o| o.0).unwrap_or(f64::INFINITY);
        b.pareto.cmp(&a.pareto).then(ka.total_cmp(&kb))
    });
    let rows: Vec<Vec<String>> = sorted
        .iter()
        .map(|p| {
            let name = match &p.design_file {
                Some(f) if md::safe_url(f) => format!("[{}]({f})", md::text(&p.name)),
                _ => md::code(&p.name),
            };
            let mut row = vec![
                name,
                if p.pareto {
                    "**yes**".into()
                } else {
                    "".into()
                },
            ];
            for a in &r.axes {
                row.push(md::text(
                    &p.values.get(a).map(|v| v.to_string()).unwrap_or_default(),
                ));
            }
            let ok = opt(p.digests_ok.map(|b| if b { "ok" } else { "WRONG" }));
            if is_case {
                row.extend([
                    opt_f(p.cycles_per_block, 1),
                    ok,
                    opt(p.luts),
                    opt(p.ffs),
                    opt_f(p.ge_est, 0),
                    opt_f(p.fmax_mhz_est, 1),
                    opt_f(p.gbps, 3),
                ]);
            } else {
                row.extend([
                    opt_f(p.cycles_per_byte, 1),
                    opt(p.code_size_bytes),
                    ok,
                    opt(p.luts),
                    opt(p.ffs),
                    opt_f(p.slices_est, 0),
                    opt_f(p.ge_est, 0),
                ]);
            }
            if asic {
                row.extend([opt_f(p.asic_ge, 0), opt_f(p.asic_fmax_mhz, 1)]);
                if is_case {
                    row.push(opt_f(p.asic_gbps, 3));
                }
            }
            if pnr {
                row.extend([opt(p.pnr_lut4), opt(p.pnr_ff), opt_f(p.pnr_fmax_mhz, 1)]);
            }
            if power {
                row.extend([
                    opt_f(p.power_mw, 2),
                    opt_f(p.pj_per_byte, 0),
                    opt_f(p.mb_per_mj, 4),
                    if p.pareto_energy {
                        "**yes**".into()
                    } else {
                        "".into()
                    },
                ]);
            }
            row
        })
        .collect();
    let head_refs: Vec<&str> = head.iter().map(|h| h.as_str()).collect();
    let head_txt: Vec<String> = head_refs.iter().map(|h| md::text(h)).collect();
    let head_refs: Vec<&str> = head_txt.iter().map(|h| h.as_str()).collect();
    s.push_str("## Points\n\n");
    s.push_str(&md_table(&head_refs, &rows));
    if !is_case && r.bases.len() > 1 {
        s.push_str(&speedups(r));
    }
    let fails: Vec<(&Point, &String, &String)> = r
        .points
        .iter()
        .flat_map(|p| p.errors.iter().map(move |(f, e)| (p, f, e)))
        .collect();
    if !fails.is_empty() {
        s.push_str("\n## Failed tasks\n\n");
        for (p, f, e) in fails {
            let first = e.lines().next().unwrap_or("");
            s.push_str(&format!(
                "- {} {}: {}\n",
                md::code(&p.name),
                md::text(f),
                md::text(first)
            ));
        }
    }
    s
}

/// Designs of several bases: at each combination of the axes' values, every base's c/B and
/// its speed-up over the first base (how the speed-ups depend on the swept parameters).
fn speedups(r: &SweepResults) -> String {
    let first = &r.bases[0];
    let mut combos: Vec<&BTreeMap<String, Value>> = Vec::new();
    for p in &r.points {
        if !combos.contains(&&p.values) {
            combos.push(&p.values);
        }
    }
    let cpb = |base: &str, vals: &BTreeMap<String, Value>| {
        r.points
            .iter()
            .find(|p| p.base == base && &p.values == vals)
            .and_then(|p| p.cycles_per_byte)
    };
    let mut head: Vec<String> = r.axes.iter().map(|a| md::text(a)).collect();
    head.push(format!("{} c/B", md::text(first)));
    for b in &r.bases[1..] {
        head.push(format!("{} c/B", md::text(b)));
        head.push(format!("{} speed-up", md::text(b)));
    }
    let rows: Vec<Vec<String>> = combos
        .iter()
        .map(|vals| {
            let mut row: Vec<String> = r
                .axes
                .iter()
                .map(|a| md::text(&vals.get(a).map(|v| v.to_string()).unwrap_or_default()))
                .collect();
            let f = cpb(first, vals);
            row.push(opt_f(f, 1));
            for b in &r.bases[1..] {
                let c = cpb(b, vals);
                row.push(opt_f(c, 1));
                row.push(match (f, c) {
                    (Some(f), Some(c)) if c > 0.0 => format!("{:.2}x", f / c),
                    _ => "-".into(),
                });
            }
            row
        })
        .collect();
    let head_refs: Vec<&str> = head.iter().map(|h| h.as_str()).collect();
    format!(
        "\n## Speed-ups over {}\n\nMethod: at each combination of the swept values, the c/B of {} over that of each other base (the same timing-model parameters on both sides).\n\n{}",
        md::code(first),
        md::code(first),
        md_table(&head_refs, &rows)
    )
}

/// The Pareto figure of the points (`scripts/charts.py` kind "pareto", as the report's).
fn pareto_figure(r: &SweepResults) -> Option<Figure> {
    let is_case = r.kind == "case";
    let pts: Vec<Value> = r
        .points
        .iter()
        .filter_map(|p| {
            let (x, y) = p.objectives(is_case)?;
            Some(json!({"label": p.name, "family": "own", "x": x, "y": y, "front": p.pareto}))
        })
        .collect();
    if pts.is_empty() {
        return None;
    }
    let (xl, yl) = if is_case {
        (
            "LUTs (Virtex-6, Yosys; log)",
            "ps per byte at the estimated Fmax (8000 / Gbps; log, lower is faster)",
        )
    } else {
        (
            "slices (est., whole processor; log)",
            "cycles per byte (log, lower is faster)",
        )
    };
    Some(Figure {
        name: "sweep-pareto",
        caption: format!(
            "Sweep {}: every measured point; outlined points are on the Pareto front (dashed), no point is both smaller and faster.",
            r.name
        ),
        spec: json!({"kind": "pareto", "panels": [{"title": r.title, "xlabel": xl, "ylabel": yl, "points": pts}]}),
    })
}

/// Write results.json, README.md, index.html and figures/ into `out`.
pub fn write(root: &Path, out: &Path, r: &SweepResults) -> Result<(), FlowError> {
    files::create_dir_all(out)?;
    let json = serde_json::to_string_pretty(r).expect("sweep results serialize");
    files::write(&out.join("results.json"), json + "\n")?;
    let figs = figure::draw(
        root,
        &out.join("figures"),
        &[],
        pareto_figure(r).into_iter().collect(),
    );
    let md = markdown(r, &figs);
    files::write(
        &out.join("index.html"),
        crate::report::html::html(&md, &figs),
    )?;
    files::write(&out.join("README.md"), md)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(name: &str, area: f64, cpb: f64) -> Point {
        Point {
            name: name.into(),
            slices_est: Some(area),
            cycles_per_byte: Some(cpb),
            ..Point::default()
        }
    }

    #[test]
    fn pareto_front_is_the_undominated_points() {
        let mut p = vec![
            pt("a", 100.0, 50.0),
            pt("b", 200.0, 20.0),
            pt("c", 150.0, 60.0), // dominated by a
            pt("d", 100.0, 50.0), // equal to a: neither dominates
            pt("e", 300.0, 20.0), // dominated by b (same speed, larger)
            Point {
                name: "f".into(),
                ..Point::default()
            },
        ];
        mark_pareto(&mut p, false);
        let front: Vec<&str> = p
            .iter()
            .filter(|x| x.pareto)
            .map(|x| x.name.as_str())
            .collect();
        assert_eq!(front, ["a", "b", "d"]);
    }

    #[test]
    fn pnr_and_power_outcomes_become_columns_and_an_energy_front() {
        let spec = Spec {
            name: "s".into(),
            title: "s".into(),
            base: Base::Designs(Vec::new()),
            flows: vec![Flow::Pnr, Flow::Power],
            alg: "sha3-256".into(),
            axes: Vec::new(),
            pnr_seeds: vec![1],
        };
        let var = |n: &str| Variant {
            name: n.into(),
            base: "rv32-ref".into(),
            values: Vec::new(),
            toml: Some(String::new()),
            case_params: None,
            hw_case: None,
        };
        let ok = |name: &str, kind: &str, v: Value| HwOutcome {
            name: name.into(),
            kind: kind.into(),
            result: Ok(v),
        };
        let outcomes = vec![
            ok("a area", "synth-proc", json!({"slices_est": 100.0})),
            ok(
                "a pnr",
                "pnr",
                json!({"lut4": 3113, "ff": 1023, "fmax_mhz": 102.7}),
            ),
            ok(
                "a power",
                "power",
                json!({"power_fmax_mw": {"total": 131.19}, "pj_per_byte_fmax": 557752.0,
                       "mb_per_mj_fmax": 0.0018}),
            ),
            ok("b area", "synth-proc", json!({"slices_est": 200.0})),
            ok(
                "b power",
                "power",
                json!({"power_fmax_mw": {"total": 90.0}, "pj_per_byte_fmax": 600000.0}),
            ),
            ok("c area", "synth-proc", json!({"slices_est": 300.0})),
            ok(
                "c power",
                "power",
                json!({"power_fmax_mw": {"total": 190.0}, "pj_per_byte_fmax": 50000.0}),
            ),
        ];
        let p = points(&spec, &[var("a"), var("b"), var("c")], &outcomes);
        assert_eq!(
            (p[0].pnr_lut4, p[0].pnr_ff, p[0].pnr_fmax_mhz),
            (Some(3113), Some(1023), Some(102.7))
        );
        assert_eq!(
            (p[0].power_mw, p[0].mb_per_mj),
            (Some(131.19), Some(0.0018))
        );
        // b is larger than a and uses more energy per byte; c is larger and uses less
        let front: Vec<bool> = p.iter().map(|x| x.pareto_energy).collect();
        assert_eq!(front, [true, false, true]);
        assert_eq!(Flow::parse("power"), Ok(Flow::Power));
        assert!(Flow::parse("route").unwrap_err().contains("pnr, power"));
    }

    #[test]
    fn grid_and_names() {
        let axes = vec![
            (
                "timing_overrides.latency.div".to_string(),
                vec![toml::Value::Integer(1), toml::Value::Integer(34)],
            ),
            (
                "cflags".to_string(),
                vec![
                    toml::Value::String("-O2".into()),
                    toml::Value::String("-Os x".into()),
                ],
            ),
        ];
        let g = grid(&axes);
        assert_eq!(g.len(), 4);
        let names: Vec<String> = g
            .iter()
            .map(|c| {
                c.iter()
                    .map(|(k, v)| format!("{}{}", axis_short(k), name_part(v)))
                    .collect::<Vec<_>>()
                    .join("_")
            })
            .collect();
        assert_eq!(
            names,
            [
                "div1_cflags-O2",
                "div1_cflags-Os-x",
                "div34_cflags-O2",
                "div34_cflags-Os-x"
            ]
        );
        let mut t = toml::Table::new();
        set_dotted(
            &mut t,
            "timing_overrides.latency.div",
            toml::Value::Integer(4),
        )
        .unwrap();
        assert_eq!(
            t["timing_overrides"]["latency"]["div"].as_integer(),
            Some(4)
        );
        t.insert("x".into(), toml::Value::Integer(1));
        assert!(set_dotted(&mut t, "x.y", toml::Value::Integer(1)).is_err());
        // the written TOML reads back as the same table
        t.insert("s".into(), toml::Value::String("a\"b\\c\n\u{1}".into()));
        t.insert("f".into(), toml::Value::Float(1.0));
        let mut ev = toml::Table::new();
        ev.insert("zve64x.beat".into(), toml::Value::Integer(2));
        set_dotted(&mut t, "timing_overrides.events", toml::Value::Table(ev)).unwrap();
        let back: toml::Table = toml::from_str(&table_text(&t)).unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn the_page_escapes_what_it_shows() {
        let r = SweepResults {
            schema: SWEEP_SCHEMA.into(),
            name: "s".into(),
            title: "<script>alert(1)</script>".into(),
            kind: "designs".into(),
            bases: vec!["rv32-ref".into()],
            axes: vec!["cflags".into()],
            flows: vec![Flow::Sim],
            alg: "sha3-256".into(),
            points: vec![Point {
                name: "p<b>".into(),
                values: [("cflags".to_string(), json!("<i>"))].into(),
                design_file: Some("designs/p<b>.toml".into()),
                errors: [("sim".to_string(), "<img src=x>".to_string())].into(),
                ..Point::default()
            }],
        };
        let html = crate::report::html::html(
            &markdown(&r, &figure::Rendered::default()),
            &figure::Rendered::default(),
        );
        assert!(
            !html.contains("<script>")
                && !html.contains("<b>")
                && !html.contains("<i>")
                && !html.contains("<img")
        );
        assert!(html.contains("&lt;script&gt;"));
    }
}
