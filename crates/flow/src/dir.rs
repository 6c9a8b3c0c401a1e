//! Folder listings (std only; below `error` and `design`, which both list folders).

/// The files of folder `dir` whose name ends in `.<ext>`, sorted.
pub fn with_ext(dir: &std::path::Path, ext: &str) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    paths.sort();
    Ok(paths)
}
