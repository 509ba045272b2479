//! The reader's language, sent by the client as `?lang=ja` on every request and on the stream's
//! subscription (an `EventSource` cannot set headers), never guessed from the browser's
//! `Accept-Language`: the page's own choice decides. English is the default.
//!
//! The JSON API's answers are localized by one layer ([`localize`]): a Japanese request's JSON
//! body goes through [`model::i18n::localize_json`]. The stream localizes each summary it sends
//! ([`stream_msg`]). The model's catalogue lives in `model`; the browser's main bundle never
//! carries it.

use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use model::i18n::{Lang, localize_json, localize_summary};
use model::wire::StreamMsg;
use std::sync::Arc;

/// The largest JSON answer the layer rewrites; a larger one goes out as it is (English).
const MAX_BODY: usize = 64 * 1024 * 1024;

/// The `lang` parameter of a query string; English without one.
pub fn from_query(query: Option<&str>) -> Lang {
    query
        .unwrap_or("")
        .split('&')
        .find_map(|kv| kv.strip_prefix("lang="))
        .map(Lang::from_tag)
        .unwrap_or_default()
}

/// The layer: a JSON answer to a request with `?lang=ja`, in Japanese.
pub async fn localize(req: Request, next: Next) -> Response {
    let lang = from_query(req.uri().query());
    let res = next.run(req).await;
    let json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if lang == Lang::En || !json {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_BODY).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let out = match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(mut v) => {
            localize_json(&mut v, lang);
            serde_json::to_vec(&v)
                .map(Body::from)
                .unwrap_or(Body::from(bytes))
        }
        Err(_) => Body::from(bytes),
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, out)
}

/// A stream message in `lang`: its summaries' headlines translated (a new message, so the
/// stream writes its own JSON for it).
pub fn stream_msg(msg: Arc<StreamMsg>, lang: Lang) -> Arc<StreamMsg> {
    if lang == Lang::En {
        return msg;
    }
    Arc::new(localized(&msg, lang))
}

fn localized(msg: &StreamMsg, lang: Lang) -> StreamMsg {
    match msg {
        StreamMsg::Snapshot { items, synced } => StreamMsg::Snapshot {
            items: items
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    localize_summary(&mut s, lang);
                    s
                })
                .collect(),
            synced: *synced,
        },
        StreamMsg::Upsert { item } => {
            let mut item = item.clone();
            localize_summary(&mut item, lang);
            StreamMsg::Upsert { item }
        }
        StreamMsg::Delete { key } => StreamMsg::Delete { key: key.clone() },
        StreamMsg::Batch { msgs } => StreamMsg::Batch {
            msgs: msgs.iter().map(|m| localized(m, lang)).collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_the_query_parameter_only() {
        assert_eq!(from_query(Some("at=x&lang=ja")), Lang::Ja);
        assert_eq!(from_query(Some("lang=en")), Lang::En);
        assert_eq!(from_query(Some("lang=")), Lang::En);
        assert_eq!(from_query(None), Lang::En);
    }

    #[tokio::test]
    async fn a_japanese_request_gets_its_json_in_japanese() {
        use http_body_util::BodyExt;
        use tower::ServiceExt;
        let app = axum::Router::new()
            .route(
                "/t",
                axum::routing::get(|| async {
                    axum::Json(serde_json::json!({"title": "Guest agent connected", "name": "db"}))
                }),
            )
            .layer(axum::middleware::from_fn(localize));
        for (uri, title) in [
            ("/t?lang=ja", "ゲストエージェント接続済み"),
            ("/t", "Guest agent connected"),
        ] {
            let req = axum::http::Request::get(uri).body(Body::empty()).unwrap();
            let res = app.clone().oneshot(req).await.unwrap();
            let body = res.into_body().collect().await.unwrap().to_bytes();
            let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(v["title"], title, "{uri}");
            assert_eq!(v["name"], "db");
        }
    }

    #[test]
    fn a_japanese_stream_sends_translated_headlines() {
        let mut s = model::VmiSummary::from_vmi(&model::kube::vmi::Vmi::from_value(
            &serde_json::json!({"metadata": {"name": "db", "namespace": "prod"}}),
        ));
        s.headline = "prod/db: unknown — not enough evidence".into();
        let msg = Arc::new(StreamMsg::Upsert { item: s });
        let StreamMsg::Upsert { item } = &*stream_msg(msg.clone(), Lang::Ja) else {
            panic!("an upsert");
        };
        assert_eq!(item.headline, "prod/db: 不明 — 証拠が足りません");
        assert!(Arc::ptr_eq(&stream_msg(msg.clone(), Lang::En), &msg));
    }
}
