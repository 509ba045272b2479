//! SelfSubjectAccessReviews made as a user: at most [`AT_ONCE`] in flight for the whole process,
//! answers cached for [`REVIEW_TTL`] in a bounded LRU, and tokens the API server rejected
//! remembered for [`REJECTED_TTL`] so a retried bad token costs it nothing.

use super::Access;
use crate::error::ApiErr;
use axum::http::StatusCode;
use k8s_openapi::api::authorization::v1::{
    ResourceAttributes, SelfSubjectAccessReview, SelfSubjectAccessReviewSpec,
};
use kube::api::{Api, PostParams};
use lru::LruCache;
use parking_lot::Mutex;
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// How long an access review answer is reused.
pub const REVIEW_TTL: Duration = Duration::from_secs(30);
/// How long a token the API server rejected is refused without asking again.
pub const REJECTED_TTL: Duration = Duration::from_secs(60);
/// Access reviews in flight at once, over all users.
pub const AT_ONCE: usize = 4;
/// Cached answers (user × access) kept.
pub const MAX_ANSWERS: usize = 16_384;
/// Rejected tokens remembered.
pub const MAX_REJECTED: usize = 4_096;
/// How long one review (waiting for a slot included) may take.
const TIMEOUT: Duration = Duration::from_secs(10);

type AnswerKey = ([u8; 32], Access);

pub struct Reviews {
    answers: Mutex<LruCache<AnswerKey, (bool, Instant)>>,
    rejected: Mutex<LruCache<[u8; 32], Instant>>,
    slots: Semaphore,
}

impl Default for Reviews {
    fn default() -> Reviews {
        let cap = |n: usize| NonZeroUsize::new(n).unwrap();
        Reviews {
            answers: Mutex::new(LruCache::new(cap(MAX_ANSWERS))),
            rejected: Mutex::new(LruCache::new(cap(MAX_REJECTED))),
            slots: Semaphore::new(AT_ONCE),
        }
    }
}

impl Reviews {
    /// The cached answer for the token with digest `token_key`, if fresh.
    pub fn cached(&self, token_key: [u8; 32], access: &Access) -> Option<bool> {
        let mut answers = self.answers.lock();
        let key = (token_key, access.clone());
        match answers.get(&key) {
            Some((allowed, at)) if at.elapsed() < REVIEW_TTL => Some(*allowed),
            Some(_) => {
                answers.pop(&key);
                None
            }
            None => None,
        }
    }

    /// Whether the token with digest `token_key` was rejected in the last [`REJECTED_TTL`].
    pub fn was_rejected(&self, token_key: &[u8; 32]) -> bool {
        let mut rejected = self.rejected.lock();
        match rejected.get(token_key) {
            Some(at) if at.elapsed() < REJECTED_TTL => true,
            Some(_) => {
                rejected.pop(token_key);
                false
            }
            None => false,
        }
    }

    /// Asks the API server (through `client`, as the user) and caches the answer; a 401 is
    /// remembered as a rejected token.
    pub async fn ask(
        &self,
        client: &kube::Client,
        token_key: [u8; 32],
        access: &Access,
    ) -> Result<bool, ApiErr> {
        let answer = tokio::time::timeout(TIMEOUT, async {
            let _slot = self.slots.acquire().await.map_err(|_| {
                ApiErr::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
            })?;
            review(client, access).await
        })
        .await
        .unwrap_or_else(|_| {
            Err(ApiErr::new(
                StatusCode::GATEWAY_TIMEOUT,
                "the API server did not answer the access review within 10 s",
            ))
        });
        match &answer {
            Ok(allowed) => {
                self.answers
                    .lock()
                    .push((token_key, access.clone()), (*allowed, Instant::now()));
            }
            Err(e) if e.status == StatusCode::UNAUTHORIZED => {
                self.rejected.lock().push(token_key, Instant::now());
            }
            Err(_) => {}
        }
        answer
    }

    /// Answers kept, rejected tokens kept.
    pub fn sizes(&self) -> (usize, usize) {
        (self.answers.lock().len(), self.rejected.lock().len())
    }
}

/// One SelfSubjectAccessReview with `client`. A rejected token gives 401.
async fn review(client: &kube::Client, access: &Access) -> Result<bool, ApiErr> {
    let api: Api<SelfSubjectAccessReview> = Api::all(client.clone());
    let ssar = SelfSubjectAccessReview {
        spec: SelfSubjectAccessReviewSpec {
            resource_attributes: Some(ResourceAttributes {
                verb: Some(access.verb.to_string()),
                group: Some(access.group.to_string()),
                resource: Some(access.resource.split('/').next().unwrap_or("").to_string()),
                subresource: access.resource.split_once('/').map(|(_, s)| s.to_string()),
                namespace: access.namespace.clone(),
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    match api.create(&PostParams::default(), &ssar).await {
        Ok(r) => Ok(r.status.is_some_and(|s| s.allowed)),
        Err(kube::Error::Api(s)) if s.code == 401 => Err(ApiErr::unauthorized()),
        // The kube error names the API server's address: logged with a correlation id only.
        Err(e) => Err(ApiErr::upstream(
            "The access review failed, so nothing is shown.",
            e,
        )),
    }
}
