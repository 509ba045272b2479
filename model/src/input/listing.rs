//! What a paste's namespace-wide listings (`kubectl get all`, `get pods -A`) showed, gathered
//! while the paste is read and judged by [`super::workloads`]. A leaf so that the read paste can
//! carry it without depending on the judging.

/// What the paste's namespace-wide listings showed: each workload or pod name with its line.
#[derive(Debug, Default)]
pub struct Listing {
    pub(super) names: Vec<(String, usize, String)>,
    /// The last command was a namespace-wide listing: the tables after it with no command of
    /// their own (`kubectl get all` prints one per kind) belong to it.
    pub(super) open: bool,
}
