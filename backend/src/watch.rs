//! kube-rs watchers that feed the [`Store`](crate::store::Store).
//!
//! One watcher per resource for the whole process, however many browsers are connected. The
//! watcher lists, then watches; after any error it backs off and starts again (kube-rs resumes
//! from the last resourceVersion or re-lists after `410 Gone`). A re-list is buffered between
//! `Init` and `InitDone` and applied as a diff, so browsers see no gap and no flicker.

use crate::store::Store;
use futures::StreamExt;
use kube::api::{Api, ApiResource, DynamicObject, GroupVersionKind};
use kube::runtime::{WatchStreamExt, watcher};
use model::VmiSummary;
use model::vmi::Vmi;
use std::sync::Arc;

/// The `kubevirt.io/v1` VirtualMachineInstance resource.
pub fn vmi_resource() -> ApiResource {
    ApiResource::from_gvk_with_plural(
        &GroupVersionKind::gvk("kubevirt.io", "v1", "VirtualMachineInstance"),
        "virtualmachineinstances",
    )
}

fn summarize(obj: &DynamicObject) -> VmiSummary {
    let value = serde_json::to_value(obj).unwrap_or_default();
    VmiSummary::from_vmi(&Vmi::from_value(&value))
}

/// Watches every VMI in the cluster until the process ends.
pub async fn watch_vmis(client: kube::Client, store: Arc<Store>) {
    let api: Api<DynamicObject> = Api::all_with(client, &vmi_resource());
    let stream = watcher(api, watcher::Config::default()).default_backoff();
    futures::pin_mut!(stream);
    let mut buffer: Vec<VmiSummary> = Vec::new();
    while let Some(event) = stream.next().await {
        match event {
            Ok(watcher::Event::Init) => buffer.clear(),
            Ok(watcher::Event::InitApply(obj)) => buffer.push(summarize(&obj)),
            Ok(watcher::Event::InitDone) => store.replace_all(std::mem::take(&mut buffer)),
            Ok(watcher::Event::Apply(obj)) => store.upsert(summarize(&obj)),
            Ok(watcher::Event::Delete(obj)) => store.delete(&summarize(&obj).key),
            Err(e) => tracing::warn!(error = %e, "VMI watch failed; retrying with backoff"),
        }
    }
}
