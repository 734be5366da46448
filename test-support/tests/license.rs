//! The licence file at the root says what every crate's `license` field says.

use std::path::Path;

fn workspace_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_license_file_matches_the_crates_license_field() {
    let manifest = workspace_file("Cargo.toml");
    let field = manifest
        .lines()
        .find_map(|line| line.strip_prefix("license = "))
        .expect("the workspace's [workspace.package] has a license field")
        .trim_matches('"');
    assert_eq!(field, "MIT");
    let license = workspace_file("LICENSE");
    assert_eq!(license.lines().next(), Some("MIT License"));
    assert!(license.contains("Permission is hereby granted, free of charge"));
    assert!(license.contains("THE SOFTWARE IS PROVIDED \"AS IS\""));
}
