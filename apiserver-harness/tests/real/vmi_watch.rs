//! List and watch of VMIs on a real kube-apiserver with KubeVirt's CRD: a watch resumed from a
//! resourceVersion replays what happened since, in order; paged lists hand out `continue`.

use crate::common::*;
use futures::{StreamExt, TryStreamExt};
use kube::api::{
    DeleteParams, ListParams, Patch, PatchParams, PostParams, WatchEvent, WatchParams,
};
use serde_json::json;
use std::time::Duration;

/// The next watch event's (type, name, resourceVersion, phase), bookmarks skipped (the server
/// sends them when it likes), failing after 20 s.
async fn next_event(
    stream: &mut (
             impl futures::Stream<Item = kube::Result<WatchEvent<kube::api::DynamicObject>>> + Unpin
         ),
) -> (&'static str, String, String, Option<String>) {
    loop {
        let event = tokio::time::timeout(Duration::from_secs(20), stream.try_next())
            .await
            .expect("a watch event within 20 s")
            .expect("a watch that does not fail")
            .expect("a watch that does not end");
        let (kind, obj) = match event {
            WatchEvent::Added(o) => ("ADDED", o),
            WatchEvent::Modified(o) => ("MODIFIED", o),
            WatchEvent::Deleted(o) => ("DELETED", o),
            WatchEvent::Bookmark(_) => continue,
            WatchEvent::Error(e) => panic!("watch error: {e:?}"),
        };
        let rv = obj.metadata.resource_version.clone().unwrap();
        let phase = obj.data["status"]["phase"].as_str().map(str::to_string);
        return (kind, obj.metadata.name.unwrap(), rv, phase);
    }
}

#[tokio::test]
async fn a_resumed_watch_replays_every_change_since_its_resource_version_in_order() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "watch").await;
    let api = vmis(server, apiserver_harness::User::Admin, &ns);
    let listed = api.list(&ListParams::default()).await.unwrap();
    assert!(listed.items.is_empty());
    let rv0 = listed.metadata.resource_version.unwrap();

    let mut first = api
        .watch(&WatchParams::default(), &rv0)
        .await
        .unwrap()
        .boxed();
    api.create(&PostParams::default(), &small_vmi("a"))
        .await
        .unwrap();
    let (kind, name, rv1, _) = next_event(&mut first).await;
    assert_eq!((kind, name.as_str()), ("ADDED", "a"));
    drop(first);

    // While nobody watches: a status change (the VMI CRD has no status subresource, so it is
    // written with the object), a second VMI, the first one deleted.
    let status = json!({"status": {"phase": "Running", "nodeName": "node-1"}});
    api.patch("a", &PatchParams::default(), &Patch::Merge(&status))
        .await
        .unwrap();
    api.create(&PostParams::default(), &small_vmi("b"))
        .await
        .unwrap();
    api.delete("a", &DeleteParams::default()).await.unwrap();

    let mut resumed = api
        .watch(&WatchParams::default(), &rv1)
        .await
        .unwrap()
        .boxed();
    let mut seen = Vec::new();
    let mut last_rv = rv1.clone();
    for _ in 0..3 {
        let (kind, name, rv, phase) = next_event(&mut resumed).await;
        assert!(
            rv.parse::<u64>().unwrap() > last_rv.parse::<u64>().unwrap(),
            "resourceVersions grow: {rv} after {last_rv}"
        );
        last_rv = rv;
        seen.push(format!("{kind} {name} {}", phase.unwrap_or_default()));
    }
    // The status written with the object travels with it, and the deleted object is the last
    // state (Running), not the created one.
    assert_eq!(
        seen,
        ["MODIFIED a Running", "ADDED b ", "DELETED a Running"]
    );
}

#[tokio::test]
async fn a_paged_list_hands_out_continue_tokens_until_the_last_page() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "pages").await;
    let api = vmis(server, apiserver_harness::User::Admin, &ns);
    for i in 0..5 {
        api.create(&PostParams::default(), &small_vmi(&format!("vm-{i}")))
            .await
            .unwrap();
    }
    let mut names = Vec::new();
    let mut pages = 0;
    let mut token: Option<String> = None;
    loop {
        let mut params = ListParams::default().limit(2);
        if let Some(t) = &token {
            params = params.continue_token(t);
        }
        let page = api.list(&params).await.unwrap();
        pages += 1;
        assert!(page.items.len() <= 2);
        names.extend(page.items.into_iter().map(|o| o.metadata.name.unwrap()));
        token = page.metadata.continue_.filter(|t| !t.is_empty());
        if token.is_none() {
            break;
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(names, ["vm-0", "vm-1", "vm-2", "vm-3", "vm-4"]);
}
