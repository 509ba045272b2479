//! The real-paste corpus (`tests/fixtures/real/*.txt`, see its README): every item goes through
//! the one pipeline; the paste's verdict must name the expected layer (and migration plane where
//! one is expected, `unknown` meaning no layer is blamed) and the diagnosis text must mention
//! every expected keyword. Prints the pass rate; passes only when every item does.

use model::cli::render_analysis;
use model::evidence::SignalPlane;
use model::input::analyse;
use model::verdict::Layer;
use std::fs;
use std::path::Path;

struct Expect {
    layer: Option<Layer>,
    plane: Option<SignalPlane>,
    keywords: Vec<String>,
}

fn expect(header: &str) -> Expect {
    let mut e = Expect {
        layer: None,
        plane: None,
        keywords: Vec::new(),
    };
    for part in header.split_whitespace() {
        match part.split_once('=') {
            Some(("layer", l)) => {
                e.layer = match l {
                    "control_plane" => Some(Layer::ControlPlane),
                    "node" => Some(Layer::Node),
                    "guest" => Some(Layer::Guest),
                    "network" => Some(Layer::Network),
                    "migration" => Some(Layer::Migration),
                    _ => None,
                }
            }
            Some(("plane", p)) => {
                e.plane = match p {
                    "control" => Some(SignalPlane::Control),
                    "data" => Some(SignalPlane::Data),
                    _ => None,
                }
            }
            Some(("keywords", k)) => e.keywords = k.split(',').map(str::to_string).collect(),
            _ => {}
        }
    }
    e
}

/// The excerpt without its three header lines, and the `# expect:` line.
fn split_item(text: &str) -> (String, String) {
    let mut expect_line = String::new();
    let mut body = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i < 3 && line.starts_with("# expect:") {
            expect_line = line.trim_start_matches("# expect:").to_string();
        } else if i < 3 && (line.starts_with("# source:") || line.starts_with("# note:")) {
            continue;
        } else {
            body.push(line);
        }
    }
    (body.join("\n"), expect_line)
}

/// What is wrong with one item's diagnosis, or `None`.
fn judge(name: &str, text: &str) -> Option<String> {
    let (paste, header) = split_item(text);
    let e = expect(&header);
    let a = match analyse(&paste, None) {
        Ok(a) => a,
        Err(err) => return Some(format!("{name}: cannot read: {err}")),
    };
    let v = a.verdict();
    let out = render_analysis(&a);
    let lower = out.to_lowercase();
    let mut problems = Vec::new();
    if v.layer != e.layer {
        problems.push(format!("layer {:?}, expected {:?}", v.layer, e.layer));
    }
    if e.plane.is_some() && v.plane != e.plane {
        problems.push(format!("plane {:?}, expected {:?}", v.plane, e.plane));
    }
    for k in &e.keywords {
        if !lower.contains(&k.to_lowercase()) {
            problems.push(format!("keyword {k} missing"));
        }
    }
    (!problems.is_empty()).then(|| format!("{name}: {} [{}]", problems.join("; "), v.title))
}

#[test]
fn every_real_paste_is_diagnosed_as_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/real");
    let mut items: Vec<_> = fs::read_dir(&dir)
        .expect("the corpus folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    items.sort();
    assert!(items.len() >= 71, "{} items", items.len());
    let mut failures = Vec::new();
    for p in &items {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(p).expect("item");
        if let Some(f) = judge(&name, &text) {
            failures.push(f);
        }
    }
    let passed = items.len() - failures.len();
    println!(
        "real corpus: {passed}/{} items pass ({:.0}%)",
        items.len(),
        100.0 * passed as f64 / items.len() as f64
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
