//! Design points: one TOML file per design in `designs/`.
//!
//! A design names a core (architecture, ISA string, timing model, RTL units), the firmware
//! kernel that runs on it and how it is compiled, and optionally the row of a seed paper's
//! table that it reproduces: `published = { table = "seed001-table4", row = "OASIP" }`. The
//! paper's tables are data files of their own (`designs/published/<table>.toml`: `source`
//! and one `[rows."<row>"]` table of figures per row), so that reports can put measured and
//! published numbers side by side without a design restating them.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Instruction-set family of a design's core: the simulator's [`asip_sim::Base`] (one enum
/// for "which base ISA" across ELF files, ISA strings and design files).
pub use asip_sim::Base as Arch;

/// What kind of design point this is, for the report's colours and findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// A seed paper's unextended processor and reference software (the speed-up baseline).
    Baseline,
    /// A seed paper's instruction-set extension.
    SeedIse,
    /// A ratified standard extension (e.g. RISC-V Zbkb).
    Standard,
    /// This project's own design point (software or extension).
    Own,
}

impl Family {
    pub const ALL: [Family; 4] = [
        Family::Baseline,
        Family::SeedIse,
        Family::Standard,
        Family::Own,
    ];
    /// The TOML spelling (`family = "seed-ise"`).
    pub fn key(self) -> &'static str {
        match self {
            Family::Baseline => "baseline",
            Family::SeedIse => "seed-ise",
            Family::Standard => "standard",
            Family::Own => "own",
        }
    }
    /// The legend label.
    pub fn label(self) -> &'static str {
        match self {
            Family::Baseline => "baseline (seed reference)",
            Family::SeedIse => "seed ISE",
            Family::Standard => "standard extension",
            Family::Own => "our own",
        }
    }
}

/// A design's reference to the row of a published table it reproduces.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PublishedRef {
    /// File stem in `designs/published/`.
    pub table: String,
    pub row: String,
}

/// A published table as read from `designs/published/<table>.toml`: each row's figures
/// (a row sets neither `source` nor `row`; [`resolve_published`] fills them in).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PublishedTable {
    source: String,
    rows: BTreeMap<String, Published>,
}

/// Figures a seed paper published for this design point (all optional: a row leaves out
/// what the paper does not give), resolved from the published table row the design refers to.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Published {
    /// Where the numbers come from, e.g. "seed 001, Table 4" (the table's `source`).
    #[serde(skip)]
    pub source: String,
    /// Row label in that table.
    #[serde(skip)]
    pub row: Option<String>,
    pub cycles_per_byte: Option<f64>,
    pub bytes_per_cycle_e3: Option<f64>,
    pub code_bytes: Option<u64>,
    pub slices: Option<f64>,
    /// Speed-up over the row named in `baseline`, as published.
    pub speedup: Option<f64>,
    /// The row of the same table the published speed-up is over.
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
    /// What kind of design point it is (`baseline`, `seed-ise`, `standard`, `own`).
    pub family: Family,
    /// Design this one is compared against for speed-ups (e.g. `rv32-ref`).
    #[serde(default)]
    pub baseline: Option<String>,
    /// The published table row this design reproduces (`designs/published/`).
    #[serde(default, rename = "published")]
    pub published_ref: Option<PublishedRef>,
    /// Its figures, resolved when the design is loaded (not part of the TOML).
    #[serde(skip)]
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
                names_or_none(known)
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
        if !d.arch.owns_isa(&d.isa) {
            return Err(DesignError::Invalid(
                path.to_path_buf(),
                format!(
                    "isa '{}' does not belong to arch '{}'",
                    d.isa,
                    d.arch.name()
                ),
            ));
        }
        if let Some(r) = &d.published_ref {
            let dir = path.parent().unwrap_or(Path::new(".")).join("published");
            d.published = Some(resolve_published(&dir, r).map_err(|e| {
                DesignError::Invalid(path.to_path_buf(), format!("published: {e}"))
            })?);
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

/// The figures of `r.row` in `dir/<r.table>.toml`.
fn resolve_published(dir: &Path, r: &PublishedRef) -> Result<Published, String> {
    if r.table.is_empty() || r.table.contains(['/', '\\', '.']) {
        return Err(format!("table '{}' must be a file stem", r.table));
    }
    let p = dir.join(format!("{}.toml", r.table));
    let text = std::fs::read_to_string(&p).map_err(|e| {
        format!(
            "cannot read {} ({e}); published tables: {}",
            p.display(),
            names_or_none(&list_names(dir))
        )
    })?;
    let t: PublishedTable = toml::from_str(&text)
        .map_err(|e| format!("malformed {}: {}", p.display(), e.to_string().trim()))?;
    let mut row = t.rows.get(&r.row).cloned().ok_or_else(|| {
        format!(
            "{} has no row '{}'; rows: {}",
            p.display(),
            r.row,
            t.rows.keys().cloned().collect::<Vec<_>>().join(", ")
        )
    })?;
    if let Some(b) = &row.baseline {
        if !t.rows.contains_key(b) {
            return Err(format!(
                "{}: row '{}' has baseline '{b}', which is not a row",
                p.display(),
                r.row
            ));
        }
    }
    row.source = t.source;
    row.row = Some(r.row.clone());
    Ok(row)
}

/// All designs in a folder, sorted by name.
pub fn load_all(dir: &Path) -> Result<Vec<Design>, DesignError> {
    crate::dir::with_ext(dir, "toml")
        .map_err(|e| DesignError::Io(dir.to_path_buf(), e))?
        .iter()
        .map(|p| Design::load(p))
        .collect()
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

/// `names` comma-separated for an error message, `(none)` when there are none.
fn names_or_none(names: &[String]) -> String {
    if names.is_empty() {
        "(none)".to_string()
    } else {
        names.join(", ")
    }
}

/// Names of the design files in a folder (the stems of its `.toml` files), sorted.
pub fn list_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = crate::dir::with_ext(dir, "toml")
        .unwrap_or_default()
        .iter()
        .filter_map(|p| p.file_stem()?.to_str().map(String::from))
        .collect();
    v.sort();
    v
}

/// The design `run` uses for an ELF without `--design`: `rv32-ref` for RV32, `mips-ref`
/// for MIPS32 (the seeds' reference cores).
pub fn default_for(arch: Arch) -> &'static str {
    match arch {
        Arch::Rv32 => "rv32-ref",
        Arch::Mips32 => "mips-ref",
    }
}

impl Design {
    /// This design with another ISA string and/or timing preset (`run --isa/--timing`, a
    /// riscv-tests suite the designs lack): the name says what was changed, e.g.
    /// `rv32-ref (isa rv32im_zbb)`. The ISA must belong to the design's architecture.
    pub fn with_core(&self, isa: Option<&str>, timing: Option<&str>) -> Result<Design, String> {
        let mut d = self.clone();
        let mut what = Vec::new();
        if let Some(i) = isa {
            if !d.arch.owns_isa(i) {
                return Err(format!(
                    "isa '{i}' does not belong to design '{}' (arch {})",
                    d.name,
                    d.arch.name()
                ));
            }
            d.isa = i.to_string();
            what.push(format!("isa {i}"));
        }
        if let Some(t) = timing {
            d.timing = t.to_string();
            what.push(format!("timing {t}"));
        }
        if !what.is_empty() {
            d.name = format!("{} ({})", self.name, what.join(", "));
            d.rtl = None; // the processor's units follow the design's own ISA
        }
        Ok(d)
    }
}

/// Key-value summary used by `sha3-asip designs --long`.
pub fn summary(d: &Design) -> BTreeMap<&'static str, String> {
    let mut m = BTreeMap::new();
    m.insert("family", d.family.key().to_string());
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
pub(crate) mod tests {
    use super::*;

    pub(crate) const GOOD: &str = r#"
name = "rv32-x"
title = "test"
family = "own"
arch = "rv32"
isa = "rv32im"
kernel = "rv32-ref"
timing = "zscale"
"#;

    fn designs_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../designs")
    }

    /// Why `Design::parse` refuses `text` read from `path`.
    fn parse_err(text: &str, path: &Path) -> String {
        Design::parse(text, path).unwrap_err().to_string()
    }

    #[test]
    fn parses_a_design() {
        let d = Design::parse(GOOD, Path::new("designs/rv32-x.toml")).unwrap();
        assert_eq!(d.arch, Arch::Rv32);
        assert!(d.published.is_none());
    }

    #[test]
    fn published_row_is_read_from_its_table() {
        let text = format!("{GOOD}published = {{ table = \"seed001-table4\", row = \"OASIP\" }}\n");
        let d = Design::parse(&text, &designs_dir().join("rv32-x.toml")).unwrap();
        let p = d.published.unwrap();
        assert_eq!(p.source, "seed 001, Table 4 (FPGA, 100 MHz)");
        assert_eq!(
            (p.bytes_per_cycle_e3, p.code_bytes, p.slices, p.speedup),
            (Some(3.43), Some(1066), Some(981.0), Some(1.71))
        );
        assert_eq!(p.baseline.as_deref(), Some("Z-scale"));
        let bad = text.replace("OASIP", "OASIQ");
        let e = parse_err(&bad, &designs_dir().join("rv32-x.toml"));
        assert!(
            e.contains("has no row 'OASIQ'; rows: DASIP, OASIP, Z-scale"),
            "{e}"
        );
        let bad = text.replace("seed001-table4", "seed009");
        let e = parse_err(&bad, &designs_dir().join("rv32-x.toml"));
        assert!(
            e.contains("published tables: seed000-table3, seed001-table4"),
            "{e}"
        );
    }

    #[test]
    fn name_must_match_file() {
        let e = parse_err(GOOD, Path::new("designs/other.toml"));
        assert!(e.contains("does not match the file name"), "{e}");
    }

    #[test]
    fn malformed_toml_is_reported_with_the_file() {
        let e = parse_err("name = ", Path::new("designs/bad.toml"));
        assert!(
            e.starts_with("malformed design file designs/bad.toml"),
            "{e}"
        );
    }

    #[test]
    fn unknown_field_is_an_error() {
        let text = format!("{GOOD}\n");
        let text = text.replace("timing = \"zscale\"", "timing = \"zscale\"\nspeed = 3");
        let e = parse_err(&text, Path::new("designs/rv32-x.toml"));
        assert!(e.contains("unknown field `speed`"), "{e}");
    }

    #[test]
    fn isa_must_match_arch() {
        let text = GOOD.replace("isa = \"rv32im\"", "isa = \"mips32\"");
        let e = parse_err(&text, Path::new("designs/rv32-x.toml"));
        assert!(e.contains("does not belong to arch"), "{e}");
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
