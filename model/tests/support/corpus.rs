//! The judge of the real-paste corpora (`tests/fixtures/real/`, `tests/fixtures/fresh/`): reads an
//! item's three header lines (`# source:`, `# expect:`, `# note:`), runs the excerpt through the
//! one pipeline and says what is wrong with the diagnosis, if anything. The paste's verdict must
//! name the expected layer (`unknown`: no layer blamed) and, where one is expected, the migration
//! plane; the rendered diagnosis must mention every expected keyword (case-insensitively). A read
//! error or a panic (in the pipeline or the rendering) is a miss of its own kind.

use model::cli::render_analysis;
use model::evidence::SignalPlane;
use model::input::analyse;
use model::verdict::Layer;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// What an item's `# expect:` line asks for.
pub struct Expect {
    pub layer: Option<Layer>,
    pub plane: Option<SignalPlane>,
    pub keywords: Vec<String>,
}

/// Reads the `# expect:` line's `layer=`, `plane=` and `keywords=` parts.
pub fn expect(header: &str) -> Expect {
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
            Some(("keywords", k)) => {
                e.keywords = k
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            _ => {}
        }
    }
    e
}

/// The excerpt without its three header lines, and the `# expect:` line.
pub fn split_item(text: &str) -> (String, String) {
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

/// The kinds of miss, in the order a miss is charged to its first (most severe) kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Miss {
    Panic,
    CannotRead,
    NoLayerBlamed,
    WrongLayer,
    WrongPlane,
    MissingKeyword,
}

impl Miss {
    pub const ALL: [Miss; 6] = [
        Miss::Panic,
        Miss::CannotRead,
        Miss::NoLayerBlamed,
        Miss::WrongLayer,
        Miss::WrongPlane,
        Miss::MissingKeyword,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Miss::Panic => "panic",
            Miss::CannotRead => "cannot read",
            Miss::NoLayerBlamed => "no layer blamed",
            Miss::WrongLayer => "wrong layer",
            Miss::WrongPlane => "wrong plane",
            Miss::MissingKeyword => "missing keyword",
        }
    }
}

/// One item's misses (empty: the item passes) and a line saying what the diagnosis said.
pub struct Judged {
    pub misses: Vec<Miss>,
    pub detail: String,
}

impl Judged {
    pub fn passed(&self) -> bool {
        self.misses.is_empty()
    }

    /// The kind the miss is charged to: the first in [`Miss::ALL`]'s order.
    pub fn first_miss(&self) -> Option<Miss> {
        self.misses.iter().min().copied()
    }
}

/// Judges one item (header and excerpt); never panics itself.
pub fn judge(text: &str) -> Judged {
    let (paste, header) = split_item(text);
    let e = expect(&header);
    let run = catch_unwind(AssertUnwindSafe(|| {
        analyse(&paste, None).map(|a| (a.verdict(), render_analysis(&a)))
    }));
    let (v, out) = match run {
        Err(p) => {
            let msg = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            return Judged {
                misses: vec![Miss::Panic],
                detail: format!("panic: {msg}"),
            };
        }
        Ok(Err(err)) => {
            return Judged {
                misses: vec![Miss::CannotRead],
                detail: format!("cannot read: {err}"),
            };
        }
        Ok(Ok(r)) => r,
    };
    let lower = out.to_lowercase();
    let mut misses = Vec::new();
    let mut problems = Vec::new();
    if v.layer != e.layer {
        misses.push(if v.layer.is_none() {
            Miss::NoLayerBlamed
        } else {
            Miss::WrongLayer
        });
        problems.push(format!("layer {:?}, expected {:?}", v.layer, e.layer));
    }
    if e.plane.is_some() && v.plane != e.plane {
        misses.push(Miss::WrongPlane);
        problems.push(format!("plane {:?}, expected {:?}", v.plane, e.plane));
    }
    for k in &e.keywords {
        if !lower.contains(&k.to_lowercase()) {
            misses.push(Miss::MissingKeyword);
            problems.push(format!("keyword {k} missing"));
        }
    }
    Judged {
        misses,
        detail: format!("{} [{}]", problems.join("; "), v.title),
    }
}
