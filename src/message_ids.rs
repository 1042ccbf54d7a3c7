//! For the tests of the `.ftl` files: the message ids the sources ask for by name. Shared
//! by the library's tests and the program's (each includes this file).

use std::collections::BTreeSet;
use std::path::Path;

/// The ids written as string literals right after one of `patterns` (`msg!(`) in the
/// Rust files under `dir`, the crate's folder taken as the root (`src`, `src/app`).
pub fn ids_after(patterns: &[&str], dir: &str) -> BTreeSet<String> {
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).expect("a source directory") {
            let path = entry.expect("an entry").path();
            match path.is_dir() {
                true => dirs.push(path),
                false => files.push(path),
            }
        }
    }
    let is_id = |id: &&str| {
        !id.is_empty()
            && id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    let mut found = BTreeSet::new();
    for path in files {
        let source = std::fs::read_to_string(path).expect("read");
        for pattern in patterns {
            for (start, _) in source.match_indices(pattern) {
                // rustfmt may put the id on the next line.
                let rest = source[start + pattern.len()..].trim_start();
                let id = rest.strip_prefix('"').and_then(|r| r.split('"').next());
                if let Some(id) = id.filter(is_id) {
                    found.insert(id.to_string());
                }
            }
        }
    }
    found
}
