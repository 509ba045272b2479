//! The incident file: one VMI's diagnosis as a self-contained HTML page that opens offline in
//! any browser, for a ticket, a vendor's support case or a chat with people outside the cluster.
//! Nothing in it is fetched from anywhere (no script, style sheet, font or image: a
//! Content-Security-Policy of `default-src 'none'` tells the browser so as well); the layers,
//! findings, evidence and next steps are written as the VMI page shows them, the migrations and
//! events as static pictures ([`pictures`]), and the evidence bundle it was made from rides along
//! as embedded JSON, so that `strata diagnose FILE.html` and the paste page read it back to the
//! same verdict ([`read`]). [`redact`] replaces names and addresses by stable placeholders
//! before anything is written, and always drops what may hold a secret.
//!
//! Written by hand rather than with a template crate: the page is one function over the
//! view types, and the model stays free of dependencies a browser build would carry.

pub mod html;
pub mod pictures;
pub mod read;
pub mod redact;
pub mod write;

use crate::evidence::Evidence;
use crate::time::Timestamp;
use crate::view::VmiDetail;
use serde::{Deserialize, Serialize};

/// The embedded JSON's format, and the `id` of the script element that carries it.
pub const FORMAT: &str = "strata-incident/1";
pub const ELEMENT_ID: &str = "strata-incident";

/// What an incident file carries: the evidence and the moment it describes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Incident {
    pub format: String,
    /// The cluster it was taken from (a context name or an API server), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster: Option<String>,
    /// The moment the diagnosis describes: the cluster's clock when it was taken, or the
    /// recorded moment of a history page (`?at=`).
    pub at: Option<Timestamp>,
    /// Names and addresses were replaced by placeholders ([`redact`]).
    #[serde(default)]
    pub redacted: bool,
    pub evidence: Evidence,
}

impl Incident {
    /// An incident file's content for `evidence` as of `at`; with `redact_names`, names and
    /// addresses are replaced first (secrets are dropped either way).
    pub fn new(
        evidence: &Evidence,
        at: Option<Timestamp>,
        cluster: Option<&str>,
        redact_names: bool,
    ) -> Incident {
        let evidence = redact::redact(evidence, redact_names);
        Incident {
            format: FORMAT.into(),
            cluster: cluster.map(|c| {
                if redact_names {
                    "cluster-redacted".into()
                } else {
                    c.to_string()
                }
            }),
            at,
            redacted: redact_names,
            evidence,
        }
    }

    /// The VMI page it shows, diagnosed as of its moment.
    pub fn detail(&self) -> VmiDetail {
        VmiDetail::build(&self.evidence, self.at)
    }
}
