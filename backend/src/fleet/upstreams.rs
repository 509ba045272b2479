//! Where each cluster's charts and alerts come from. A cluster's metrics and alerts name its
//! own namespaces, nodes and VMIs, so each cluster reads its own Prometheus (and Alertmanager):
//! `--prometheus-url` and `--alertmanager-url` are repeatable and pair with the clusters in
//! order (the first URL for the first cluster, as `--cluster-name` pairs with `--context`). An
//! empty value, or fewer values than clusters, leaves a cluster without one: it shows no charts
//! and says its alerts are not configured. More values than clusters are refused: a URL meant
//! for a cluster that is not watched would otherwise be matched to another one's VMIs.

use crate::alerts::Upstream;
use crate::series::Prometheus;

/// Where one cluster's charts and alerts are read from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Upstreams {
    pub prometheus_url: Option<String>,
    pub alertmanager_url: Option<String>,
}

impl Upstreams {
    /// Alertmanager when there is one, else Prometheus's `/api/v1/alerts`.
    pub fn alerts(&self) -> Option<Upstream> {
        Upstream::pick(
            self.alertmanager_url.as_deref(),
            self.prometheus_url.as_deref(),
        )
    }

    /// The client of its Prometheus, if one is named.
    pub fn prometheus(&self) -> Result<Option<Prometheus>, String> {
        self.prometheus_url
            .as_deref()
            .map(Prometheus::new)
            .transpose()
    }
}

/// More URLs of one kind than clusters.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{given} --{flag} for {clusters} cluster(s): give at most one per cluster, in the order of \
     the clusters (the first for the first context; an empty value skips a cluster)"
)]
pub struct TooMany {
    pub flag: &'static str,
    pub given: usize,
    pub clusters: usize,
}

/// Pairs the URLs with `clusters` clusters, in order (see the module documentation).
pub fn pair(
    clusters: usize,
    prometheus: &[String],
    alertmanager: &[String],
) -> Result<Vec<Upstreams>, TooMany> {
    let check = |flag, urls: &[String]| {
        if urls.len() > clusters {
            Err(TooMany {
                flag,
                given: urls.len(),
                clusters,
            })
        } else {
            Ok(())
        }
    };
    check("prometheus-url", prometheus)?;
    check("alertmanager-url", alertmanager)?;
    let nth = |urls: &[String], i: usize| {
        urls.get(i)
            .map(|u| u.trim())
            .filter(|u| !u.is_empty())
            .map(str::to_string)
    };
    Ok((0..clusters)
        .map(|i| Upstreams {
            prometheus_url: nth(prometheus, i),
            alertmanager_url: nth(alertmanager, i),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn urls_pair_with_the_clusters_in_order_and_an_empty_one_skips_a_cluster() {
        let got = pair(3, &s(&["http://pa", "", "http://pc"]), &s(&["http://am-a"])).unwrap();
        assert_eq!(got[0].prometheus_url.as_deref(), Some("http://pa"));
        assert_eq!(got[0].alertmanager_url.as_deref(), Some("http://am-a"));
        assert_eq!(got[1], Upstreams::default());
        assert_eq!(got[2].prometheus_url.as_deref(), Some("http://pc"));
        assert_eq!(got[2].alertmanager_url, None);
        // Alertmanager first, else Prometheus, else none.
        assert_eq!(
            got[0].alerts(),
            Some(Upstream::Alertmanager("http://am-a".into()))
        );
        assert_eq!(got[1].alerts(), None);
        assert_eq!(
            got[2].alerts(),
            Some(Upstream::Prometheus("http://pc".into()))
        );
    }

    #[test]
    fn one_url_is_the_first_clusters_and_more_urls_than_clusters_are_refused() {
        let got = pair(2, &s(&["http://p"]), &[]).unwrap();
        assert_eq!(got[0].prometheus_url.as_deref(), Some("http://p"));
        assert_eq!(got[1].prometheus_url, None);
        let err = pair(1, &s(&["http://a", "http://b"]), &[]).unwrap_err();
        assert_eq!(
            (err.flag, err.given, err.clusters),
            ("prometheus-url", 2, 1)
        );
        assert!(err.to_string().contains("at most one per cluster"), "{err}");
        assert!(pair(1, &[], &s(&["a", "b"])).is_err());
    }
}
