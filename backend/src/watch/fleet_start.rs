//! [`FleetStart`]: the VMI watches of every cluster one backend watches, which each cluster's
//! later lists wait for.
//!
//! A cluster lists its VMs and events ([`super::AFTER_VMIS`]) only after its VMIs: neither the
//! overview nor readiness reads them. In a fleet, the first clusters to sync would then list
//! theirs while the others still list their VMIs, on the same cores (issue 32: at 10 clusters ×
//! 10,000 VMIs the events alone were 7 % of the CPU until the fleet was ready). So every
//! cluster's later lists wait for the VMIs of the whole fleet: the start's work on the way to a
//! whole overview comes first, then the rest. A cluster whose VMI watch fails counts as settled
//! (it is not waited for), and the wait is bounded ([`super::AFTER_VMIS_WAIT`]).

use super::caches::Caches;
use super::kind::Kind;
use super::kinds_settled;
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::Duration;

/// The clusters of one backend's fleet, as their caches (one alone for a one-cluster backend).
#[derive(Clone, Default)]
pub struct FleetStart(Arc<Mutex<Vec<Arc<Caches>>>>);

impl FleetStart {
    /// Adds a cluster (as its watch set starts).
    pub fn join(&self, caches: &Arc<Caches>) {
        self.0.lock().push(caches.clone());
    }

    /// Returns once every cluster's VMIs have synced or its VMI watch fails, or after `limit`.
    pub async fn vmis_settled(&self, limit: Duration) {
        let clusters = self.0.lock().clone();
        let each = clusters
            .iter()
            .map(|c| kinds_settled(c, &[Kind::Vmi], limit));
        futures::future::join_all(each).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_fleet_settles_when_every_clusters_vmis_have() {
        let (a, b) = (Arc::new(Caches::new()), Arc::new(Caches::new()));
        let start = FleetStart::default();
        start.join(&a);
        start.join(&b);
        a.vmis.state.mark_synced();
        let limit = Duration::from_millis(300);
        let t = std::time::Instant::now();
        start.vmis_settled(limit).await;
        assert!(
            t.elapsed() >= limit,
            "b has not settled: the limit is waited out"
        );
        // A cluster whose VMI watch fails is not waited for.
        b.vmis.state.failed("connection refused".into());
        let t = std::time::Instant::now();
        start.vmis_settled(Duration::from_secs(30)).await;
        assert!(t.elapsed() < Duration::from_secs(5));
    }
}
