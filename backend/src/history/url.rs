//! `--history-url`, parsed once into a [`HistoryUrl`] whose `Display` and `Debug` never show a
//! credential: the user-info's password and every query parameter naming a password are
//! `***`, whatever the scheme (`POSTGRES://`, `postgress://`, `mysql://`), and a value that is
//! not a URL at all (a `key=value` string, a typo) is not repeated. Every message about the
//! history store (logs, `GET /api/v1/history`'s `error`, a VMI history's `off` text) is built
//! from the shown form, and errors of the PostgreSQL client go through [`HistoryUrl::scrub`].
//!
//! A URL scheme is case-insensitive (RFC 3986, section 3.1), so `POSTGRES://` and
//! `PostgreSQL://` name PostgreSQL; `tokio-postgres` itself only knows the lowercase prefixes,
//! so the connection settings are parsed here from the lowercased URL.

use std::fmt;

/// What `--history-url` names.
#[derive(Clone)]
enum Target {
    /// The PostgreSQL connection settings (their own `Debug` hides the password too).
    Postgres(Box<tokio_postgres::Config>),
    /// Why the value cannot be used, already free of credentials.
    Refused(String),
}

/// A parsed `--history-url`. Its `Display` and `Debug` are the redacted form.
#[derive(Clone)]
pub struct HistoryUrl {
    shown: String,
    target: Target,
    /// The credentials the value holds (raw and percent-decoded), taken out of any message.
    secrets: Vec<String>,
}

/// Stands for a credential in every message.
pub const HIDDEN: &str = "***";

/// The text of a value that is no URL (it is not repeated: it may hold a password).
const NOT_A_URL: &str = "(not shown: not a URL)";

impl HistoryUrl {
    /// Parses `raw`; never fails (a value that cannot be used is a [`HistoryUrl`] whose
    /// [`HistoryUrl::postgres`] says why), so no parser error message ever echoes it.
    pub fn parse(raw: &str) -> HistoryUrl {
        let raw = raw.trim();
        let secrets = secrets(raw);
        let Some((scheme, rest)) = split_scheme(raw) else {
            return HistoryUrl {
                shown: NOT_A_URL.into(),
                target: Target::Refused(
                    "--history-url is not a URL; write postgres://USER:PASSWORD@HOST:PORT/DB \
                     (SQLite is the default, in --data-dir). The value is not repeated: it may \
                     hold a password"
                        .into(),
                ),
                secrets,
            };
        };
        let shown = redact(scheme, rest);
        let shown = scrub_with(&secrets, &shown);
        let target = match scheme.to_ascii_lowercase().as_str() {
            "postgres" | "postgresql" => {
                match format!("postgresql://{rest}").parse::<tokio_postgres::Config>() {
                    Ok(c) => Target::Postgres(Box::new(c)),
                    Err(e) => {
                        Target::Refused(format!("--history-url {shown}: {}", with_causes(&e)))
                    }
                }
            }
            _ => Target::Refused(format!(
                "--history-url {shown}: the scheme {scheme:?} is not supported; write \
                 postgres://USER:PASSWORD@HOST:PORT/DB (SQLite is the default, in --data-dir)"
            )),
        };
        let mut url = HistoryUrl {
            shown,
            target,
            secrets,
        };
        if let Target::Postgres(c) = &url.target
            && let Some(pw) = c.get_password()
        {
            let pw = String::from_utf8_lossy(pw).into_owned();
            url.add_secret(pw);
        }
        // A password written again elsewhere in the value (as the database's name) is hidden
        // there too.
        url.shown = url.scrub(&url.shown);
        if let Target::Refused(why) = &url.target {
            url.target = Target::Refused(url.scrub(why));
        }
        url
    }

    fn add_secret(&mut self, s: String) {
        if !s.is_empty() && !self.secrets.contains(&s) {
            self.secrets.push(s);
            // Longest first, so a secret containing another is taken out whole.
            self.secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
        }
    }

    /// The PostgreSQL connection settings, or why the value names none.
    pub fn postgres(&self) -> Result<&tokio_postgres::Config, &str> {
        match &self.target {
            Target::Postgres(c) => Ok(c),
            Target::Refused(why) => Err(why),
        }
    }

    /// `text` with every credential of this URL replaced by [`HIDDEN`]: for messages that
    /// come from elsewhere (the PostgreSQL client, the server).
    pub fn scrub(&self, text: &str) -> String {
        scrub_with(&self.secrets, text)
    }
}

/// `text` with each of `secrets` (longest first) replaced by [`HIDDEN`].
fn scrub_with(secrets: &[String], text: &str) -> String {
    let mut out = text.to_string();
    for s in secrets {
        if out.contains(s.as_str()) {
            out = out.replace(s.as_str(), HIDDEN);
        }
    }
    out
}

impl fmt::Display for HistoryUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl fmt::Debug for HistoryUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HistoryUrl({})", self.shown)
    }
}

/// An error and its causes, `: `-separated (`tokio-postgres` puts the detail in the causes).
pub fn with_causes(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        out.push_str(": ");
        out.push_str(&c.to_string());
        cause = c.source();
    }
    out
}

/// `scheme` and what follows `://`, when `raw` starts with a scheme as RFC 3986 spells it (a
/// letter, then letters, digits, `+`, `-`, `.`).
fn split_scheme(raw: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = raw.split_once("://")?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some((scheme, rest))
}

/// Whether a query parameter's value is a credential.
fn secret_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    k.contains("pass") || k.contains("secret") || k.contains("token")
}

/// The user-info and the rest of `rest` (what follows `scheme://`): the user-info ends at the
/// last `@` (a password written with a raw `@`, `/` or `?` stays in it; a `@` further on only
/// hides more).
fn split_userinfo(rest: &str) -> (Option<&str>, &str) {
    match rest.rfind('@') {
        Some(at) => (Some(&rest[..at]), &rest[at + 1..]),
        None => (None, rest),
    }
}

/// The URL as shown: user name kept, password and credential parameters `***`.
fn redact(scheme: &str, rest: &str) -> String {
    let (userinfo, tail) = split_userinfo(rest);
    let mut out = format!("{scheme}://");
    if let Some(ui) = userinfo {
        match ui.split_once(':') {
            Some((user, _)) => out.push_str(&format!("{user}:{HIDDEN}@")),
            None => out.push_str(&format!("{ui}@")),
        }
    }
    match tail.split_once('?') {
        None => out.push_str(tail),
        Some((before, query)) => {
            out.push_str(before);
            out.push('?');
            let params: Vec<String> = query
                .split('&')
                .map(|p| match p.split_once('=') {
                    Some((k, _)) if secret_key(k) => format!("{k}={HIDDEN}"),
                    _ => p.to_string(),
                })
                .collect();
            out.push_str(&params.join("&"));
        }
    }
    out
}

/// The credentials `raw` may hold, raw and percent-decoded: the user-info's password (up to the
/// first or the last `@`), query parameters naming a password, and `password=` words of a
/// `key=value` string.
fn secrets(raw: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let rest = split_scheme(raw).map_or(raw, |(_, r)| r);
    let mut take = |s: &str| {
        let s = s.trim_matches(|c| c == '\'' || c == '"');
        for v in [s.to_string(), percent_decoded(s)] {
            if !v.is_empty() && !found.contains(&v) {
                found.push(v);
            }
        }
    };
    for userinfo in [rest.split_once('@').map(|p| p.0), split_userinfo(rest).0]
        .into_iter()
        .flatten()
    {
        if let Some((_, pw)) = userinfo.split_once(':') {
            take(pw);
        }
    }
    for part in raw.split(['?', '&', ' ', '\t']) {
        if let Some((k, v)) = part.split_once('=')
            && secret_key(k)
        {
            take(v);
        }
    }
    found.sort_by_key(|s| std::cmp::Reverse(s.len()));
    found
}

/// `s` with its `%XX` escapes decoded (a malformed escape is kept as written).
fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PW: &str = "S3cretPW";

    fn no_secret(u: &HistoryUrl) {
        for text in [
            u.to_string(),
            format!("{u:?}"),
            u.postgres().err().unwrap_or_default().to_string(),
        ] {
            assert!(!text.contains(PW), "{text}");
        }
    }

    #[test]
    fn any_scheme_spelling_hides_the_password() {
        for raw in [
            "postgres://strata:S3cretPW@db:5432/h",
            "postgresql://strata:S3cretPW@db:5432/h",
            "POSTGRES://strata:S3cretPW@db:5432/h",
            "PostgreSQL://strata:S3cretPW@db:5432/h",
            "postgress://strata:S3cretPW@db:5432/h",
            "mysql://strata:S3cretPW@db/h",
            "x+y.z://strata:S3cretPW@db/h",
        ] {
            let u = HistoryUrl::parse(raw);
            no_secret(&u);
            assert!(u.to_string().contains("strata:***@db"), "{u}");
        }
        assert!(
            HistoryUrl::parse("POSTGRES://strata:S3cretPW@db:5432/h")
                .postgres()
                .is_ok(),
            "a scheme is case-insensitive"
        );
        let typo = HistoryUrl::parse("postgress://strata:S3cretPW@db:5432/h");
        let why = typo.postgres().unwrap_err();
        assert!(
            why.contains("\"postgress\"") && why.contains("postgres://"),
            "{why}"
        );
    }

    #[test]
    fn odd_passwords_and_parameters_are_hidden() {
        for raw in [
            // Raw `@`, `/`, `?`, `:` inside the password.
            "postgres://strata:S3c@retPW@db/h",
            "postgres://strata:S3c/retPW@db/h",
            "POSTGRES://strata:S3c?retPW@db/h",
            "postgres://strata:S3c:retPW@db/h",
            // Percent-encoded.
            "postgres://strata:S3c%72etPW@db/h",
            // In the query.
            "postgres://strata@db/h?sslmode=disable&password=S3cretPW",
            "postgress://db/h?PassWord=S3cretPW",
        ] {
            let u = HistoryUrl::parse(raw);
            for text in [u.to_string(), format!("{u:?}")] {
                for piece in ["S3c", "retPW", "S3cretPW"] {
                    assert!(!text.contains(piece), "{raw} shown as {text}");
                }
            }
            if let Err(why) = u.postgres() {
                assert!(!why.contains("retPW"), "{why}");
            }
        }
    }

    #[test]
    fn a_value_that_is_no_url_is_not_repeated() {
        for raw in [
            "host=db user=strata password=S3cretPW",
            "strata:S3cretPW@db:5432/h",
            "://strata:S3cretPW@db",
            "1ab://strata:S3cretPW@db",
            "",
        ] {
            let u = HistoryUrl::parse(raw);
            no_secret(&u);
            assert!(u.postgres().is_err(), "{raw}");
        }
    }

    #[test]
    fn scrub_takes_the_password_out_of_other_messages() {
        let u = HistoryUrl::parse("PostgreSQL://strata:S3c%72etPW@db/h");
        let msg = "FATAL: no such role with S3cretPW and S3c%72etPW";
        let got = u.scrub(msg);
        assert!(
            !got.contains("S3cretPW") && !got.contains("S3c%72etPW"),
            "{got}"
        );
        assert!(got.contains("FATAL: no such role"), "{got}");
    }

    #[test]
    fn the_settings_are_the_urls() {
        let u = HistoryUrl::parse("POSTGRES://strata:S3cretPW@db:5433/h");
        let c = u.postgres().unwrap();
        assert_eq!(c.get_user(), Some("strata"));
        assert_eq!(c.get_password(), Some(PW.as_bytes()));
        assert_eq!(c.get_dbname(), Some("h"));
        assert_eq!(c.get_ports(), &[5433]);
        assert!(!format!("{c:?}").contains(PW));
    }
}
