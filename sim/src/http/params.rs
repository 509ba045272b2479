//! The query parameters of a list or watch request, as `k8s.io/apimachinery`'s `ListOptions` names
//! them (`metav1.ListOptions`'s JSON tags).

use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ListParams {
    pub(super) watch: Option<String>,
    pub(super) resource_version: Option<String>,
    pub(super) allow_watch_bookmarks: Option<bool>,
    pub(super) send_initial_events: Option<bool>,
    pub(super) timeout_seconds: Option<u64>,
    pub(super) limit: Option<usize>,
    #[serde(rename = "continue")]
    pub(super) continue_: Option<String>,
    pub(super) label_selector: Option<String>,
    pub(super) field_selector: Option<String>,
    pub(super) include_object: Option<String>,
}
