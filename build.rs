//! Names the build for `--version`: the commit it was built from and the day it was
//! built. Outside a git checkout (a crate from crates.io) the commit is unknown. For
//! Windows, puts the icon and the version information into `shashki.exe` (a resource
//! script made here, compiled by the resource compiler: mingw's `windres`, or `rc.exe`).

use std::process::Command;

fn main() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|output| output.status.success())
            .and_then(|output| String::from_utf8(output.stdout).ok())
            .map(|text| text.trim().to_string())
            .filter(|text| !text.is_empty())
    };
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SHASHKI_COMMIT={commit}");
    println!("cargo:rustc-env=SHASHKI_BUILD_DATE={}", build_day());
    // A new commit names a new build.
    if let Some(head) = git(&["rev-parse", "--git-path", "HEAD"]) {
        println!("cargo:rerun-if-changed={head}");
    }
    if let Some(reference) = git(&["symbolic-ref", "-q", "HEAD"])
        .and_then(|name| git(&["rev-parse", "--git-path", &name]))
    {
        println!("cargo:rerun-if-changed={reference}");
    }
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        windows_resources(&commit);
    }
}

/// The icon (`assets/shashki.ico`) and the version information of `shashki.exe`.
fn windows_resources(commit: &str) {
    let version = std::env::var("CARGO_PKG_VERSION").expect("cargo names the version");
    let numbers: Vec<u16> = version
        .split(['.', '-', '+'])
        .take(3)
        .map(|part| part.parse().unwrap_or(0))
        .collect();
    let [major, minor, patch] = [0, 1, 2].map(|index| numbers.get(index).copied().unwrap_or(0));
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo names the crate's folder");
    let icon = std::path::Path::new(&root)
        .join("assets")
        .join("shashki.ico");
    println!("cargo:rerun-if-changed={}", icon.display());
    let icon = icon.display().to_string().replace('\\', "/");
    let script = format!(
        r#"1 ICON "{icon}"
1 VERSIONINFO
FILEVERSION {major},{minor},{patch},0
PRODUCTVERSION {major},{minor},{patch},0
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "shashki"
      VALUE "FileDescription", "shashki: Russian draughts"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "shashki"
      VALUE "LegalCopyright", "MIT License"
      VALUE "OriginalFilename", "shashki.exe"
      VALUE "ProductName", "shashki"
      VALUE "ProductVersion", "{version} ({commit})"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
"#
    );
    let out = std::env::var("OUT_DIR").expect("cargo gives an output folder");
    let path = std::path::Path::new(&out).join("shashki.rc");
    std::fs::write(&path, script).expect("the resource script is written");
    embed_resource::compile(&path, embed_resource::NONE)
        .manifest_optional()
        .expect("the resource compiler builds the icon and the version information");
}

/// The day of the build, `YYYY-MM-DD` (UTC): `SOURCE_DATE_EPOCH`'s when it is set, so
/// that a reproducible build names the same day.
fn build_day() -> String {
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|epoch| epoch.parse::<u64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_secs())
        });
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = (seconds / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
