//! The session cookie: its name and attributes, reading it from a request (two session cookies
//! are refused), and HSTS.
//!
//! By default the cookie is `__Host-strata_session` with `Secure; Path=/; HttpOnly;
//! SameSite=Strict`: browsers send it only over HTTPS, only to this exact host (no `Domain`, so a
//! sibling subdomain cannot set or shadow it). Its value is an opaque session id
//! ([`super::sessions`]), never the token. It carries no `Max-Age`/`Expires`: it lives as long as
//! the browser session, and the server ends it earlier ([`super::sessions::Lifetimes`]).
//! `strata serve --insecure-cookie` (refused unless the listen address is loopback) drops
//! `Secure` and the `__Host-` prefix for plain HTTP on 127.0.0.1 / localhost.

use axum::http::{HeaderMap, HeaderValue, header};
use cookie::{Cookie, SameSite};
use tower_http::set_header::{MakeHeaderValue, SetResponseHeaderLayer};

/// The cookie's name behind TLS (the default).
pub const SECURE_NAME: &str = "__Host-strata_session";
/// The cookie's name on loopback plain HTTP (`--insecure-cookie`): browsers refuse `__Host-`
/// cookies without `Secure`.
pub const PLAIN_NAME: &str = "strata_session";
/// `Strict-Transport-Security` sent when the cookie is secure: one year.
pub const HSTS: &str = "max-age=31536000";
/// The longest cookie value read (a session id is 43 characters).
const MAX_VALUE_LEN: usize = 128;

/// The session cookie's name.
pub fn name(secure: bool) -> &'static str {
    if secure { SECURE_NAME } else { PLAIN_NAME }
}

/// What a request's `Cookie` headers hold of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Presented {
    None,
    One(String),
    /// More than one session cookie (e.g. one planted by a sibling site): refused as a whole.
    Duplicate,
}

/// The session cookie of `headers` (parsed by the `cookie` crate).
pub fn presented(headers: &HeaderMap, secure: bool) -> Presented {
    let wanted = name(secure);
    let mut found = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .filter(|c| c.name() == wanted)
        .map(|c| c.value().to_string());
    match (found.next(), found.next()) {
        (None, _) => Presented::None,
        (Some(v), None) if v.len() <= MAX_VALUE_LEN => Presented::One(v),
        (Some(_), None) => Presented::None,
        (Some(_), Some(_)) => Presented::Duplicate,
    }
}

fn build(value: &str, secure: bool) -> Cookie<'static> {
    Cookie::build((name(secure), value.to_string()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .build()
}

/// The `Set-Cookie` value that stores session `id`: no `Max-Age`, so it is not kept past the
/// browser session.
pub fn set(id: &str, secure: bool) -> String {
    build(id, secure).to_string()
}

/// The `Set-Cookie` value that clears the session.
pub fn clear(secure: bool) -> String {
    let mut c = build("", secure);
    c.set_max_age(cookie::time::Duration::ZERO);
    c.to_string()
}

/// Makes the HSTS header when the cookie is secure.
#[derive(Debug, Clone, Copy)]
pub struct Hsts(pub bool);

impl<T> MakeHeaderValue<T> for Hsts {
    fn make_header_value(&mut self, _: &T) -> Option<HeaderValue> {
        self.0.then(|| HeaderValue::from_static(HSTS))
    }
}

/// The layer adding `Strict-Transport-Security` to every answer when `secure`.
pub fn hsts_layer(secure: bool) -> SetResponseHeaderLayer<Hsts> {
    SetResponseHeaderLayer::overriding(header::STRICT_TRANSPORT_SECURITY, Hsts(secure))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(cookies: &[&'static str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for c in cookies {
            h.append(header::COOKIE, HeaderValue::from_static(c));
        }
        h
    }

    #[test]
    fn secure_by_default_host_prefixed_no_persistence() {
        let c = set("abc", true);
        assert!(c.starts_with("__Host-strata_session=abc"), "{c}");
        for flag in ["HttpOnly", "SameSite=Strict", "Secure", "Path=/"] {
            assert!(c.contains(flag), "{c} lacks {flag}");
        }
        assert!(!c.contains("Max-Age") && !c.contains("Expires") && !c.contains("Domain"));
        let plain = set("abc", false);
        assert!(plain.starts_with("strata_session=abc") && !plain.contains("Secure"));
        assert!(clear(true).contains("Max-Age=0"));
    }

    #[test]
    fn one_session_cookie_or_none() {
        let h = headers(&["theme=dark; __Host-strata_session=abc; x=y"]);
        assert_eq!(presented(&h, true), Presented::One("abc".into()));
        // The plain name does not count behind TLS (a subdomain could have set it).
        assert_eq!(presented(&h, false), Presented::None);
        let dup = headers(&["strata_session=a; strata_session=b"]);
        assert_eq!(presented(&dup, false), Presented::Duplicate);
        let split = headers(&["strata_session=a", "strata_session=a"]);
        assert_eq!(presented(&split, false), Presented::Duplicate);
        assert_eq!(presented(&HeaderMap::new(), true), Presented::None);
    }
}
