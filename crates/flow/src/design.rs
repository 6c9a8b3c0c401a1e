//! Design points: one TOML file per design in `designs/`.
//!
//! A design names a core (architecture, ISA string, timing model), the firmware kernel that
//! runs on it and how it is compiled, and optionally the figures a seed paper published for
//! it, so that reports can put measured and published numbers side by side.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Instruction-set family of a design's core.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Arch {
    Rv32,
    Mips32,
}

impl Arch {
    pub fn name(self) -> &'static str {
        match self {
            Arch::Rv32 => "rv32",
            Arch::Mips32 => "mips32",
        }
    }
}

/// Figures a seed paper published for this design point (all optional).
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// Where the numbers come from, e.g. "seed 001, Table 4".
    pub source: String,
    /// Row label in that table.
    #[serde(default)]
    pub row: Option<String>,
    #[serde(default)]
    pub cycles_per_byte: Option<f64>,
    #[serde(default)]
    pub bytes_per_cycle_e3: Option<f64>,
    #[serde(default)]
    pub code_bytes: Option<u64>,
    #[serde(default)]
    pub slices: Option<f64>,
    /// Speed-up over the design named in `baseline`, as published.
    #[serde(default)]
    pub speedup: Option<f64>,
    #[serde(default)]
    pub baseline: Option<String>,
}

/// The `[rtl]` table of a design: the processor in Verilog.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RtlSpec {
    /// Extension units plugged into the core's extension port, by name (the unit
    /// registry is `asip_flow::rtl::UNITS`); empty for the base core.
    #[serde(default)]
    pub units: Vec<String>,
}

/// One design point, as read from `designs/<name>.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Design {
    /// Must equal the file stem.
    pub name: String,
    /// One line for listings and reports.
    pub title: String,
    pub arch: Arch,
    /// Simulator ISA string in Spike's style, e.g. `rv32im_zbkb`.
    pub isa: String,
    /// Firmware kernel: a folder under `firmware/kernels/`.
    pub kernel: String,
    /// Compiler `-march` (defaults to the kernel's own choice).
    #[serde(default)]
    pub march: Option<String>,
    /// Compiler flags for the kernel (defaults to the kernel's own choice).
    #[serde(default)]
    pub cflags: Option<String>,
    /// Timing model preset name (`crates/sim/timing/<name>.toml`).
    pub timing: String,
    /// Overrides of individual timing parameters, merged over the preset.
    #[serde(default)]
    pub timing_overrides: Option<toml::Table>,
    /// Design this one is compared against for speed-ups (e.g. `rv32-ref`).
    #[serde(default)]
    pub baseline: Option<String>,
    #[serde(default)]
    pub published: Option<Published>,
    /// The processor in RTL (`sha3-asip rtl`): which extension units plug into the core.
    #[serde(default)]
    pub rtl: Option<RtlSpec>,
    /// Free-form notes shown in `sha3-asip designs --long`.
    #[serde(default)]
    pub notes: Option<String>,
    /// Where the file was read from (not part of the TOML).
    #[serde(skip)]
    pub path: PathBuf,
}

/// Why a design could not be loaded.
#[derive(Debug)]
pub enum DesignError {
    Io(PathBuf, std::io::Error),
    Parse(PathBuf, String),
    Invalid(PathBuf, String),
    Unknown { name: String, known: Vec<String> },
}

impl fmt::Display for DesignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DesignError::Io(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            DesignError::Parse(p, e) => write!(f, "malformed design file {}: {e}", p.display()),
            DesignError::Invalid(p, e) => write!(f, "invalid design file {}: {e}", p.display()),
            DesignError::Unknown { name, known } => write!(
                f,
                "unknown design '{name}'; known designs: {}",
                if known.is_empty() {
                    "(none)".to_string()
                } else {
                    known.join(", ")
                }
            ),
        }
    }
}

impl std::error::Error for DesignError {}

impl Design {
    /// Parse a design from TOML text; `path` is used for messages and the name check.
    pub fn parse(text: &str, path: &Path) -> Result<Design, DesignError> {
        let mut d: Design = toml::from_str(text).map_err(|e| {
            DesignError::Parse(path.to_path_buf(), e.to_string().trim().to_string())
        })?;
        d.path = path.to_path_buf();
        if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
            if stem != d.name {
                return Err(DesignError::Invalid(
                    path.to_path_buf(),
                    format!(
                        "name '{}' does not match the file name '{stem}.toml'",
                        d.name
                    ),
                ));
            }
        }
        let isa_ok = match d.arch {
            Arch::Rv32 => d.isa.starts_with("rv32"),
            Arch::Mips32 => d.isa.starts_with("mips32"),
        };
        if !isa_ok {
            return Err(DesignError::Invalid(
                path.to_path_buf(),
                format!(
                    "isa '{}' does not belong to arch '{}'",
                    d.isa,
                    d.arch.name()
                ),
            ));
        }
        if d.kernel.is_empty() || d.kernel.contains('/') || d.kernel.contains("..") {
            return Err(DesignError::Invalid(
                path.to_path_buf(),
                format!(
                    "kernel '{}' must be a folder name under firmware/kernels",
                    d.kernel
                ),
            ));
        }
        Ok(d)
    }

    /// Load one design file.
    pub fn load(path: &Path) -> Result<Design, DesignError> {
        let text =
            std::fs::read_to_string(path).map_err(|e| DesignError::Io(path.to_path_buf(), e))?;
        Design::parse(&text, path)
    }
}

/// All designs in a folder, sorted by name.
pub fn load_all(dir: &Path) -> Result<Vec<Design>, DesignError> {
    let rd = std::fs::read_dir(dir).map_err(|e| DesignError::Io(dir.to_path_buf(), e))?;
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().map(|x| x == "toml").unwrap_or(false))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        out.push(Design::load(&p)?);
    }
    Ok(out)
}

/// Find one design by name in a folder, with the list of known names on failure.
pub fn find(dir: &Path, name: &str) -> Result<Design, DesignError> {
    let path = dir.join(format!("{name}.toml"));
    if path.is_file() && !name.contains('/') {
        return Design::load(&path);
    }
    let known = list_names(dir);
    Err(DesignError::Unknown {
        name: name.to_string(),
        known,
    })
}

/// Names of the design files in a folder.
pub fn list_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter_map(|e| {
                    let p = e.path();
                    if p.extension().map(|x| x == "toml").unwrap_or(false) {
                        p.file_stem().and_then(|s| s.to_str()).map(String::from)
                    } else {
                        None
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Key-value summary used by `sha3-asip designs --long`.
pub fn summary(d: &Design) -> BTreeMap<&'static str, String> {
    let mut m = BTreeMap::new();
    m.insert("arch", d.arch.name().to_string());
    m.insert("isa", d.isa.clone());
    m.insert("kernel", d.kernel.clone());
    m.insert("timing", d.timing.clone());
    if let Some(c) = &d.cflags {
        m.insert("cflags", c.clone());
    }
    if let Some(b) = &d.baseline {
        m.insert("baseline", b.clone());
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
name = "rv32-x"
title = "test"
arch = "rv32"
isa = "rv32im"
kernel = "rv32-ref"
timing = "zscale"
[published]
source = "seed 001, Table 4"
cycles_per_byte = 497.5
"#;

    #[test]
    fn parses_a_design() {
        let d = Design::parse(GOOD, Path::new("designs/rv32-x.toml")).unwrap();
        assert_eq!(d.arch, Arch::Rv32);
        assert_eq!(d.published.unwrap().cycles_per_byte, Some(497.5));
    }

    #[test]
    fn name_must_match_file() {
        let e = Design::parse(GOOD, Path::new("designs/other.toml")).unwrap_err();
        assert!(
            e.to_string().contains("does not match the file name"),
            "{e}"
        );
    }

    #[test]
    fn malformed_toml_is_reported_with_the_file() {
        let e = Design::parse("name = ", Path::new("designs/bad.toml")).unwrap_err();
        let s = e.to_string();
        assert!(
            s.starts_with("malformed design file designs/bad.toml"),
            "{s}"
        );
    }

    #[test]
    fn unknown_field_is_an_error() {
        let text = format!("{GOOD}\n");
        let text = text.replace("timing = \"zscale\"", "timing = \"zscale\"\nspeed = 3");
        let e = Design::parse(&text, Path::new("designs/rv32-x.toml")).unwrap_err();
        assert!(e.to_string().contains("unknown field `speed`"), "{e}");
    }

    #[test]
    fn isa_must_match_arch() {
        let text = GOOD.replace("isa = \"rv32im\"", "isa = \"mips32\"");
        let e = Design::parse(&text, Path::new("designs/rv32-x.toml")).unwrap_err();
        assert!(e.to_string().contains("does not belong to arch"), "{e}");
    }

    #[test]
    fn unknown_design_lists_known_ones() {
        let dir = std::env::temp_dir().join(format!("flow-designs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("rv32-x.toml"), GOOD).unwrap();
        let e = find(&dir, "nope").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown design 'nope'; known designs: rv32-x"
        );
        assert_eq!(find(&dir, "rv32-x").unwrap().name, "rv32-x");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
