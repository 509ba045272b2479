//! The DNS-rebinding defence: which `Host` a request may name. A page on `evil.example` whose
//! name is made to resolve to 127.0.0.1 reaches a local console, but its requests still carry
//! `Host: evil.example`; refusing every name but loopback's, the listen address's and the ones
//! the operator allowed (`--allowed-host`, like `kubectl proxy --accept-hosts`) shuts it out
//! before any handler runs.
//!
//! Enforced in local mode always; in token mode only when `--allowed-host` is given (there a
//! rebound page has no session cookie: cookies belong to the name, not the address). A request
//! without any `Host` (not a browser: browsers always send one) passes.

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The names a request's `Host` may carry.
#[derive(Debug, Clone, Default)]
pub struct HostPolicy {
    enforce: bool,
    /// The listen address, when it is a specific one (not 0.0.0.0 / ::).
    listen: Option<IpAddr>,
    /// `--allowed-host` values, lower-case: `name`, `name:port`, or `*.suffix`.
    allowed: Vec<String>,
}

impl HostPolicy {
    /// Checks nothing (the state of unit tests that build the router themselves).
    pub fn off() -> HostPolicy {
        HostPolicy::default()
    }

    /// The policy for a console listening on `listen`: enforced when `local` or when `allowed`
    /// names hosts.
    pub fn new(local: bool, listen: SocketAddr, allowed: &[String]) -> HostPolicy {
        let allowed: Vec<String> = allowed
            .iter()
            .map(|h| h.trim().trim_end_matches('.').to_ascii_lowercase())
            .filter(|h| !h.is_empty())
            .collect();
        HostPolicy {
            enforce: local || !allowed.is_empty(),
            listen: Some(listen.ip()).filter(|ip| !ip.is_unspecified()),
            allowed,
        }
    }

    /// Whether a request naming `host` (the `Host` header or the URI's authority) may pass.
    pub fn allows(&self, host: &str) -> bool {
        if !self.enforce {
            return true;
        }
        let host = host.trim().to_ascii_lowercase();
        let Some((name, port)) = split_host(&host) else {
            return false;
        };
        let name = name.trim_end_matches('.');
        if is_loopback_name(name) || self.listen.is_some_and(|ip| same_ip(name, ip)) {
            return true;
        }
        self.allowed.iter().any(|a| {
            if let Some(suffix) = a.strip_prefix("*.") {
                return name.len() > suffix.len() + 1
                    && name.ends_with(suffix)
                    && name[..name.len() - suffix.len()].ends_with('.');
            }
            match split_host(a) {
                Some((an, Some(ap))) => an == name && port == Some(ap),
                Some((an, None)) => an == name,
                None => false,
            }
        })
    }
}

/// `name[:port]` or `[v6][:port]` → (name, port); `None` when malformed.
fn split_host(host: &str) -> Option<(&str, Option<&str>)> {
    if host.is_empty() {
        return None;
    }
    if let Some(rest) = host.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':').filter(|p| is_port(p))?),
        };
        return Some((&host[..inside.len() + 2], port));
    }
    match host.rsplit_once(':') {
        // A bare IPv6 address has more colons; it is not a valid Host without brackets.
        Some((n, _)) if n.contains(':') => None,
        Some((n, p)) if is_port(p) && !n.is_empty() => Some((n, Some(p))),
        Some(_) => None,
        None => Some((host, None)),
    }
}

fn is_port(p: &str) -> bool {
    !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit())
}

/// `localhost`, an IPv4 address in 127.0.0.0/8, or `[::1]`.
fn is_loopback_name(name: &str) -> bool {
    if name == "localhost" {
        return true;
    }
    parse_ip(name).is_some_and(|ip| ip.is_loopback())
}

/// `1.2.3.4` or `[v6]` as an address (the canonical forms only: no `0x7f.1`-style tricks).
fn parse_ip(name: &str) -> Option<IpAddr> {
    match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().ok().map(IpAddr::V6),
        None => name.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4),
    }
}

fn same_ip(name: &str, ip: IpAddr) -> bool {
    parse_ip(name) == Some(ip)
}

/// The middleware: 403 for a `Host` the policy refuses, before any handler runs.
pub async fn check(State(policy): State<Arc<HostPolicy>>, req: Request, next: Next) -> Response {
    let named = req
        .headers()
        .get(header::HOST)
        .map(|h| h.to_str().unwrap_or("\u{0}").to_string())
        .or_else(|| req.uri().authority().map(|a| a.to_string()));
    match named {
        Some(host) if !policy.allows(&host) => {
            tracing::warn!(
                host = %host.chars().take(100).collect::<String>(),
                "request for a host name this console does not answer to refused"
            );
            (
                StatusCode::FORBIDDEN,
                "This console answers only to localhost, 127.0.0.1, [::1] and its listen \
                 address (a guard against DNS rebinding). Open it by one of those names, or \
                 start it with --allowed-host NAME for the name you use.",
            )
                .into_response()
        }
        _ => next.run(req).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(allowed: &[&str]) -> HostPolicy {
        let allowed: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
        HostPolicy::new(true, "127.0.0.1:8080".parse().unwrap(), &allowed)
    }

    #[test]
    fn loopback_names_pass_and_others_do_not() {
        let p = local(&[]);
        for ok in [
            "localhost",
            "localhost:8080",
            "LOCALHOST:1",
            "127.0.0.1",
            "127.0.0.1:8080",
            "127.1.2.3:9",
            "[::1]",
            "[::1]:8080",
            "localhost.",
        ] {
            assert!(p.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "0x7f000001",
            "2130706433",
            "10.0.0.1:8080",
            "::1",
            "[::1",
            "localhost:80x",
            "",
            "[::2]:8080",
        ] {
            assert!(!p.allows(bad), "{bad}");
        }
    }

    #[test]
    fn the_listen_address_and_allowed_hosts_pass() {
        let allowed = vec![
            "strata.lab".to_string(),
            "*.corp.example".into(),
            "pinned:9000".into(),
        ];
        let p = HostPolicy::new(true, "192.168.1.5:8080".parse().unwrap(), &allowed);
        assert!(p.allows("192.168.1.5:8080"));
        assert!(p.allows("strata.lab:8080"));
        assert!(p.allows("a.corp.example"));
        assert!(!p.allows("corp.example"));
        assert!(!p.allows("acorp.example"));
        assert!(p.allows("pinned:9000"));
        assert!(!p.allows("pinned:9001"));
        assert!(!p.allows("192.168.1.6:8080"));
        let any = HostPolicy::new(true, "0.0.0.0:8080".parse().unwrap(), &[]);
        assert!(!any.allows("0.0.0.0:8080"));
        assert!(any.allows("localhost:8080"));
    }

    #[test]
    fn token_mode_checks_only_when_hosts_are_named() {
        let listen = "0.0.0.0:8080".parse().unwrap();
        assert!(HostPolicy::new(false, listen, &[]).allows("strata.example.com"));
        let p = HostPolicy::new(false, listen, &["strata.example.com".into()]);
        assert!(p.allows("strata.example.com"));
        assert!(!p.allows("evil.example"));
    }
}
