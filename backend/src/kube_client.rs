//! Building the kube-rs `Client`: from a kubeconfig, in-cluster, or a plain URL (the simulator).
//!
//! The same client code path is used for a real cluster and for the simulator; only the
//! `Config` differs.

use axum::http::header::InvalidHeaderValue;
use axum::http::{HeaderValue, Request, Response, header};
use kube::client::Body;
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::{Client, Config};
use std::path::PathBuf;
use std::task::{Context, Poll};
use std::time::Duration;

/// Where the cluster's address and credentials come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// kubeconfig (an explicit file, else `KUBECONFIG` / `~/.kube/config`), else in-cluster.
    Kubeconfig {
        path: Option<PathBuf>,
        context: Option<String>,
    },
    /// Several kubeconfig files merged as kubectl merges `KUBECONFIG` (the first file to name a
    /// cluster, user or context wins), the context looked up across them.
    Kubeconfigs {
        paths: Vec<PathBuf>,
        context: Option<String>,
    },
    /// A plain URL without credentials (the simulator on loopback).
    Url(String),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Kubeconfig {
                path: Some(p),
                context,
            } => {
                write!(f, "kubeconfig file {}", p.display())?;
                if let Some(c) = context {
                    write!(f, " (context {c})")?;
                }
                Ok(())
            }
            Source::Kubeconfig {
                path: None,
                context,
            } => {
                write!(
                    f,
                    "KUBECONFIG / ~/.kube/config, then the in-cluster service account"
                )?;
                if let Some(c) = context {
                    write!(f, " (context {c})")?;
                }
                Ok(())
            }
            Source::Kubeconfigs { paths, context } => {
                let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
                write!(f, "kubeconfig files {}", names.join(", "))?;
                if let Some(c) = context {
                    write!(f, " (context {c})")?;
                }
                Ok(())
            }
            Source::Url(u) => write!(f, "{u}"),
        }
    }
}

/// The one HTTP/TLS stack token mode shares across users: the same API server and TLS trust as
/// `base`, without any credentials (Strata's client certificates, exec plugins and token are not
/// carried over). CA roots are loaded and connections pooled once, not per user.
pub fn shared_stack(base: &Config) -> Result<Client, kube::Error> {
    let mut config = base.clone();
    config.auth_info = kube::config::AuthInfo::default();
    Client::try_from(config)
}

/// A client that makes every request through `shared` with `token` as its bearer credential
/// (token mode: every proxied call and every guest agent call is made as the signed-in user).
/// Cheap: no TLS setup, no connection of its own.
pub fn as_user(shared: &Client, token: &str) -> Result<Client, InvalidHeaderValue> {
    let mut bearer = HeaderValue::from_str(&format!("Bearer {token}"))?;
    bearer.set_sensitive(true);
    let service = AsUser {
        shared: shared.clone(),
        bearer,
    };
    Ok(Client::new(service, shared.default_namespace().to_string()))
}

/// The tower service behind [`as_user`]: sets the user's `Authorization` header, then sends
/// through the shared client.
#[derive(Clone)]
struct AsUser {
    shared: Client,
    bearer: HeaderValue,
}

impl tower::Service<Request<Body>> for AsUser {
    type Response = Response<Body>;
    type Error = kube::Error;
    type Future = futures::future::BoxFuture<'static, Result<Response<Body>, kube::Error>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), kube::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, mut req: Request<Body>) -> Self::Future {
        req.headers_mut()
            .insert(header::AUTHORIZATION, self.bearer.clone());
        let shared = self.shared.clone();
        Box::pin(async move { shared.send(req).await })
    }
}

/// Why no client could be made.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("no usable cluster configuration from {from}: {error}")]
    Config { from: Source, error: String },
    #[error("the Kubernetes API at {url} (from {from}) did not answer: {error}")]
    Unreachable {
        from: Source,
        url: String,
        error: String,
    },
}

impl ConnectError {
    /// What the person should do next.
    pub fn hint(&self) -> &'static str {
        "Check that the cluster is up and that `kubectl version` works with the same kubeconfig and \
         context; pass --kubeconfig / --context to choose another one. To try Strata without a \
         cluster, run `strata demo` (or `cargo xtask demo`)."
    }
}

/// The configuration `source` names (no request made).
pub async fn config_for(source: &Source) -> Result<Config, String> {
    match source {
        Source::Kubeconfigs { paths, context } => {
            let mut merged: Option<Kubeconfig> = None;
            for path in paths {
                let next =
                    Kubeconfig::read_from(path).map_err(|e| format!("{}: {e}", path.display()))?;
                merged = Some(match merged {
                    None => next,
                    Some(m) => m.merge(next).map_err(|e| e.to_string())?,
                });
            }
            let options = KubeConfigOptions {
                context: context.clone(),
                ..Default::default()
            };
            Config::from_custom_kubeconfig(merged.unwrap_or_default(), &options)
                .await
                .map_err(|e| e.to_string())
        }
        Source::Url(url) => Ok(Config::new(url.parse().map_err(|e| format!("{e}"))?)),
        Source::Kubeconfig {
            path: Some(path),
            context,
        } => {
            let kubeconfig = Kubeconfig::read_from(path).map_err(|e| e.to_string())?;
            let options = KubeConfigOptions {
                context: context.clone(),
                ..Default::default()
            };
            Config::from_custom_kubeconfig(kubeconfig, &options)
                .await
                .map_err(|e| e.to_string())
        }
        Source::Kubeconfig {
            path: None,
            context: Some(context),
        } => {
            let options = KubeConfigOptions {
                context: Some(context.clone()),
                ..Default::default()
            };
            Config::from_kubeconfig(&options)
                .await
                .map_err(|e| e.to_string())
        }
        Source::Kubeconfig {
            path: None,
            context: None,
        } => Config::infer().await.map_err(|e| e.to_string()),
    }
}

/// Builds a client and checks that the API server answers `/version`.
pub async fn connect(source: Source) -> Result<Client, ConnectError> {
    connect_with_config(source).await.map(|(client, _)| client)
}

/// Like [`connect`], and also returns the `Config` (token mode derives its [`shared_stack`] from
/// it: same API server and TLS trust, the user's bearer token instead of Strata's identity).
pub async fn connect_with_config(source: Source) -> Result<(Client, Config), ConnectError> {
    let config = config_for(&source)
        .await
        .map_err(|error| ConnectError::Config {
            from: source.clone(),
            error,
        })?;
    let url = config.cluster_url.to_string();
    let client = Client::try_from(config.clone()).map_err(|e| ConnectError::Config {
        from: source.clone(),
        error: e.to_string(),
    })?;
    match tokio::time::timeout(Duration::from_secs(10), client.apiserver_version()).await {
        Ok(Ok(_)) => Ok((client, config)),
        Ok(Err(e)) => Err(ConnectError::Unreachable {
            from: source,
            url,
            error: e.to_string(),
        }),
        Err(_) => Err(ConnectError::Unreachable {
            from: source,
            url,
            error: "no answer within 10 s".into(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn unreachable_url_names_what_was_tried() {
        // Bind then drop a listener so the port is (very likely) closed.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let err = connect(Source::Url(format!("http://127.0.0.1:{port}")))
            .await
            .err()
            .expect("connecting must fail");
        let text = err.to_string();
        assert!(text.contains(&format!("127.0.0.1:{port}")), "{text}");
        assert!(matches!(err, ConnectError::Unreachable { .. }));
    }

    #[tokio::test]
    async fn missing_kubeconfig_file_is_a_config_error() {
        let err = connect(Source::Kubeconfig {
            path: Some("/nonexistent/kubeconfig".into()),
            context: None,
        })
        .await
        .err()
        .expect("connecting must fail");
        assert!(matches!(err, ConnectError::Config { .. }));
        assert!(err.to_string().contains("/nonexistent/kubeconfig"));
    }

    #[tokio::test]
    async fn simulator_is_reachable() {
        let sim = sim::Sim::start_demo().await.unwrap();
        connect(Source::Url(sim.url())).await.unwrap();
    }
}
