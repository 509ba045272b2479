//! Issue 32, item 5: event-to-pixel with the fleet churning. The largest `--fleet` size runs in
//! the bench process with every cluster changing [`CHURN`] VMIs' status a second; `strata serve`
//! watches it as in [`super::fleet`], a headless Chromium shows the overview, and one VMI of
//! the first card's cluster is changed again and again ([`super::pixel::changes_to_pixel`]):
//! from the simulator's write to the paint that shows it, while the other changes of the fleet
//! flow through the same backend and page.

use super::fleet::{FleetServe, Size};
use super::pixel::{BUDGET_P99_MS, changes_to_pixel, first_card_key};
use super::{Budget, Figure, Settings, quantile};
use anyhow::{Context, Result};
use sim::fleet::{Fleet, scale_fleet};
use std::net::SocketAddr;

/// Status changes per cluster per second while the VMI is changed.
pub const CHURN: f64 = 10.0;

/// The cluster and the namespace/name of a card's `data-key` (`cluster:ns/name`; a key of the
/// console's first cluster names none).
fn card_vmi<'a>(key: &'a str, first: &'a str) -> Option<(&'a str, &'a str, &'a str)> {
    let (cluster, rest) = match key.split_once(':') {
        Some((c, rest)) => (c, rest),
        None => (first, key),
    };
    let (ns, name) = rest.split_once('/')?;
    Some((cluster, ns, name))
}

/// p50 and p99 over `changes` changes at `size`.
pub async fn measure(s: &Settings, size: Size, changes: usize) -> Result<Vec<Figure>> {
    let Size { clusters, vmis } = size;
    let any = SocketAddr::from(([127, 0, 0, 1], 0));
    let plans = scale_fleet(clusters, vmis, CHURN, 1);
    let fleet = Fleet::start(plans, &sim::SimArgs::default(), any).await?;
    let serve = FleetServe::spawn(s, &fleet).await?;
    serve.wait_whole(clusters, vmis).await?;
    let browser = crate::Browser::start().await?;
    browser.client.goto(&format!("{}/", serve.url)).await?;
    let key = first_card_key(&browser.client).await?;
    let first = fleet.clusters()[0].name().to_string();
    let (cluster, ns, name) = card_vmi(&key, &first).context("a card's key")?;
    let sim = fleet.sim(cluster).context("the card's cluster")?;
    let (mut latencies, mut dom) = changes_to_pixel(&browser.client, changes, |token| {
        sim.set_vmi_phase(ns, name, token)
    })
    .await
    .with_context(|| format!("the VMI {key}"))?;
    let n = latencies.len();
    let dom50 = quantile(&mut dom, 0.5);
    let label = size.label();
    let what =
        format!("{clusters} clusters × {vmis} VMIs, each cluster changing {CHURN} VMIs a second");
    Ok(vec![
        Figure::new(
            &format!("fleet_e2p_p50_{label}"),
            &format!("Event-to-pixel p50 with the fleet churning ({clusters} × {vmis})"),
            quantile(&mut latencies, 0.5),
            "ms",
        )
        .note(format!(
            "{n} phase changes of one VMI ({key}) on the overview, simulator → backend watch → \
             SSE → DOM → next frame, {what}; DOM alone p50 {dom50:.1} ms"
        )),
        Figure::new(
            &format!("fleet_e2p_p99_{label}"),
            &format!("Event-to-pixel p99 with the fleet churning ({clusters} × {vmis})"),
            quantile(&mut latencies, 0.99),
            "ms",
        )
        .budget(Budget::AtMost(BUDGET_P99_MS))
        .note(format!("{n} changes, headless Chromium, {what}")),
    ])
}

#[cfg(test)]
mod tests {
    use super::card_vmi;

    #[test]
    fn a_cards_key_names_its_cluster_or_the_first() {
        assert_eq!(
            card_vmi("cluster-02:ns-1/vm-7", "cluster-01"),
            Some(("cluster-02", "ns-1", "vm-7"))
        );
        assert_eq!(
            card_vmi("ns-1/vm-7", "cluster-01"),
            Some(("cluster-01", "ns-1", "vm-7"))
        );
        assert_eq!(card_vmi("no-slash", "cluster-01"), None);
    }
}
