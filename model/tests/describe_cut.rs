//! `kubectl describe` output whose top was cut away (the paste starts at `Status:` or mid-way in
//! a section) is still read as describe output: real items of the corpus
//! (`tests/fixtures/real`), each block checked for its recognised format.

use model::input::analyse;
use model::view::BlockFormat;

fn formats(item: &str) -> Vec<BlockFormat> {
    let path = format!("{}/tests/fixtures/real/{item}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with("# ")).collect();
    let a = analyse(&body.join("\n"), None).unwrap();
    a.blocks.iter().map(|b| b.format).collect()
}

#[test]
fn a_describe_vmi_starting_at_status_is_describe_output() {
    assert_eq!(
        formats("047-describe-vmi-blockmigration-shared-dv.txt"),
        [BlockFormat::Describe]
    );
    assert_eq!(
        formats("054-describe-vmi-syncvmi-chown-not-permitted.txt"),
        [BlockFormat::Describe]
    );
}

#[test]
fn a_describe_pod_cut_mid_way_is_describe_output() {
    assert_eq!(
        formats("072-describe-pod-cut-midway-podinitializing.txt"),
        [BlockFormat::Describe]
    );
}
