//! The VMI page's "Download incident file" link: the backend's incident file of the VMI
//! (`GET /api/v1/vmis/{ns}/{name}/snapshot`, at the moment the page shows when it shows a
//! recorded one), with names and addresses replaced when the reader ticks "redact". A plain
//! link: the browser downloads it with the session's cookie, no token in the URL.

use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::wire::paths;

/// The link's address for `ns/name` of `cluster` ([`paths::in_cluster`]), at `at` (RFC 3339)
/// when given, redacted when asked.
pub fn href(cluster: &str, ns: &str, name: &str, at: Option<&str>, redact: bool) -> String {
    let url = paths::fill(paths::VMI_SNAPSHOT, &[("ns", ns), ("name", name)]);
    let mut url = paths::in_cluster(cluster, &url);
    let mut query: Vec<String> = Vec::new();
    if let Some(at) = at {
        query.push(format!("at={}", query_value(at)));
    }
    if redact {
        query.push("redact=true".into());
    }
    if !query.is_empty() {
        url.push('?');
        url.push_str(&query.join("&"));
    }
    url
}

/// `s` percent-encoded for a query value, every byte but the unreserved characters (an RFC 3339
/// time's `+` would read as a space); by hand, as the browser's encoder is not there in tests.
fn query_value(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b':' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[component]
pub fn IncidentLink(
    cluster: Memo<String>,
    ns: Memo<String>,
    name: Memo<String>,
    at: Memo<Option<String>>,
) -> impl IntoView {
    let redact = RwSignal::new(false);
    let link = move || {
        let (c, n, m) = (cluster.get(), ns.get(), name.get());
        href(&c, &n, &m, at.get().as_deref(), redact.get())
    };
    view! {
        <span class="incident-link">
            <a href=link download data-testid="download-incident">{t(Key::VmiIncident)}</a>
            <label>
                <input type="checkbox" data-testid="incident-redact"
                    prop:checked=move || redact.get()
                    on:change=move |ev| redact.set(event_target_checked(&ev))/>
                {t(Key::VmiRedact)}
            </label>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::href;

    #[test]
    fn the_link_names_the_vmi_its_moment_and_redaction() {
        assert_eq!(
            href("", "prod", "db", None, false),
            "/api/v1/vmis/prod/db/snapshot"
        );
        assert_eq!(
            href("", "prod", "db", Some("2026-01-02T03:04:05+01:00"), true),
            "/api/v1/vmis/prod/db/snapshot?at=2026-01-02T03:04:05%2B01:00&redact=true"
        );
    }
}
