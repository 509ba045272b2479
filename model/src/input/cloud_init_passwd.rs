//! A cloud-init user whose `passwd` is not a password hash: the guest's login refused.
//!
//! cloud-init's `users` module hands each user's `passwd` to `useradd --password`
//! (`cloudinit/distros/__init__.py` add_user), which stores it as the account's encrypted
//! password; the schema says so ("Hash of user password", `cloudinit/config/schemas/
//! schema-cloud-config-v1.json`, with `plain_text_passwd` and `chpasswd` for clear text).
//! A value that is no crypt(3) string — not `$id$…` (MD5, SHA-256/512, yescrypt, bcrypt), not
//! a 13-character DES hash, not a locked `!`/`*` — matches no password the user can type, so
//! the account the VM was given exists and every password login is refused (`Login
//! incorrect`). KubeVirt delivered the user data (NoCloud or ConfigDrive) as written: the
//! guest's configuration, the guest's.

use super::read::ReadPaste;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// Adds the reading when the paste holds cloud-config user data with such a `passwd`.
pub fn settle(out: &mut ReadPaste, input: &str) {
    if !crate::scan::holds(input, "#cloud-config") && !crate::scan::holds(input, "users:") {
        return;
    }
    let Some((n, line)) = input
        .lines()
        .enumerate()
        .find(|(_, l)| passwd_value(l).is_some_and(|v| !is_crypt(v)))
    else {
        return;
    };
    out.signals.push(Signal {
        signature: Some("cloud-init-passwd-not-hashed".into()),
        layer: Some(Layer::Guest),
        plane: None,
        health: Health::Degraded,
        title: "a cloud-init user's passwd is not a password hash".into(),
        cause: "cloud-init stores a user's passwd as the account's encrypted password \
            (useradd --password): this value is no crypt hash, so no password typed at the \
            console or over SSH matches it and the guest refuses the login (Login incorrect); \
            give a hash (mkpasswd --method=SHA-512) or use plain_text_passwd or chpasswd"
            .into(),
        next_steps: vec![
            "mkpasswd --method=SHA-512 (the hash to put in passwd)".into(),
            "in the guest: sudo cloud-init status --long; sudo grep <user> /etc/shadow".into(),
        ],
        source: "cloud-init cloudinit/distros/__init__.py (add_user: --password), \
            cloudinit/config/schemas/schema-cloud-config-v1.json (passwd: hash of user password)"
            .into(),
        line: n + 1,
        from: "cloud-config user data".into(),
        excerpt: super::excerpt::excerpt(line),
    });
}

/// The value of a `passwd:` key (not `plain_text_passwd`, `hashed_passwd` or `lock_passwd`).
fn passwd_value(line: &str) -> Option<&str> {
    let t = line.trim_start().trim_start_matches("- ");
    let v = t.strip_prefix("passwd:")?.trim();
    let v = v.trim_matches(['"', '\'']);
    (!v.is_empty()).then_some(v)
}

/// A crypt(3) string: `$id$…`, a 13-character traditional DES hash, or a locked account.
fn is_crypt(v: &str) -> bool {
    v.starts_with('$')
        || v.starts_with('!')
        || v.starts_with('*')
        || (v.len() == 13
            && v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_crypt_string_is_a_hash() {
        assert!(is_crypt("$6$rounds=4096$saltsalt$abc"));
        assert!(is_crypt("$y$j9T$abc$def"));
        assert!(is_crypt("!"));
        assert!(is_crypt("abJnggxhB/yWI"));
        assert!(!is_crypt("fedora"));
        assert!(!is_crypt("5f4dcc3b5aa765d61d8327deb882cf99"));
        assert_eq!(passwd_value("    passwd: \"secret\""), Some("secret"));
        assert_eq!(passwd_value("    plain_text_passwd: secret"), None);
        assert_eq!(passwd_value("    lock_passwd: false"), None);
    }
}
