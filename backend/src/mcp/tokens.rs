//! `strata mcp --server`'s tokens in token mode: a token is valid for one cluster's API server,
//! so a fleet console is signed in to cluster by cluster, each with its own token.
//! `STRATA_TOKEN` is the first cluster's (the sign-in form's default); `STRATA_TOKEN_<NAME>`
//! is the token of the cluster called NAME, written in capitals with every other character than
//! a letter or a digit as `_` (`prod-east` → `STRATA_TOKEN_PROD_EAST`). A token is only ever sent
//! to sign in to the cluster it is named for: the first cluster's is never tried on another.
//! Tokens come from the environment only (never a flag, never a URL) and are never logged.

use std::collections::BTreeMap;

/// The variable of the first cluster's token.
pub const DEFAULT_VAR: &str = "STRATA_TOKEN";

/// The tokens `strata mcp` signs in with.
#[derive(Default)]
pub struct Tokens {
    /// `STRATA_TOKEN`: for the console's first cluster.
    first: Option<String>,
    /// `STRATA_TOKEN_<NAME>`, by NAME.
    named: BTreeMap<String, String>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Which clusters have a token, never the tokens.
        f.debug_struct("Tokens")
            .field("first", &self.first.is_some())
            .field("named", &self.named.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// The variable that holds the token of the cluster called `cluster`.
pub fn var_of(cluster: &str) -> String {
    let name: String = cluster
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    format!("{DEFAULT_VAR}_{name}")
}

impl Tokens {
    /// The tokens among `vars` (the environment's variables); empty values are left out, a
    /// token longer than the console accepts is refused by its variable's name.
    pub fn from_vars(vars: impl IntoIterator<Item = (String, String)>) -> anyhow::Result<Tokens> {
        let mut tokens = Tokens::default();
        for (var, value) in vars {
            let name = match var.strip_prefix(DEFAULT_VAR) {
                Some("") => None,
                Some(rest) => match rest.strip_prefix('_') {
                    Some(name) if !name.is_empty() => Some(name.to_string()),
                    _ => continue,
                },
                None => continue,
            };
            if value.is_empty() {
                continue;
            }
            if value.len() > crate::auth::MAX_TOKEN_LEN {
                anyhow::bail!("{var} is longer than {} bytes", crate::auth::MAX_TOKEN_LEN);
            }
            match name {
                None => tokens.first = Some(value),
                Some(name) => {
                    tokens.named.insert(name, value);
                }
            }
        }
        Ok(tokens)
    }

    /// Some token at all: the console is read in token mode.
    pub fn any(&self) -> bool {
        self.first.is_some() || !self.named.is_empty()
    }

    /// The token to sign in to `cluster` with (`None`: the first cluster, by `STRATA_TOKEN`).
    /// A named cluster's is its own variable's only, never the first cluster's (the first
    /// cluster called by its name is read with the session `STRATA_TOKEN` signed in to).
    pub fn for_cluster(&self, cluster: Option<&str>) -> Option<&str> {
        match cluster {
            None => self.first.as_deref(),
            Some(c) => {
                let var = var_of(c);
                let name = &var[DEFAULT_VAR.len() + 1..];
                self.named.get(name).map(String::as_str)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn each_cluster_takes_the_token_of_its_own_variable_only() {
        let t = Tokens::from_vars(vars(&[
            ("STRATA_TOKEN", "first"),
            ("STRATA_TOKEN_PROD_EAST", "east"),
            ("STRATA_TOKEN_B", "b"),
            ("STRATA_TOKEN_EMPTY", ""),
            ("STRATA_TOKENS", "not a token variable"),
            ("STRATA_TOKEN_", "no name"),
            ("PATH", "/bin"),
        ]))
        .unwrap();
        assert!(t.any());
        assert_eq!(t.for_cluster(None), Some("first"));
        assert_eq!(t.for_cluster(Some("prod-east")), Some("east"));
        assert_eq!(t.for_cluster(Some("prod.east")), Some("east"));
        assert_eq!(t.for_cluster(Some("b")), Some("b"));
        // No variable of its own: no token, never the first cluster's.
        assert_eq!(t.for_cluster(Some("c")), None);
        assert_eq!(t.for_cluster(Some("empty")), None);
        assert!(!format!("{t:?}").contains("east\""), "{t:?}");
        assert!(!format!("{t:?}").contains("first\""), "{t:?}");
        assert!(!Tokens::from_vars(vars(&[("PATH", "/bin")])).unwrap().any());
    }

    #[test]
    fn a_token_too_long_is_refused_by_its_variable() {
        let long = "x".repeat(crate::auth::MAX_TOKEN_LEN + 1);
        let err = Tokens::from_vars(vars(&[("STRATA_TOKEN_B", &long)])).unwrap_err();
        assert!(
            err.to_string().contains("STRATA_TOKEN_B is longer"),
            "{err}"
        );
        assert!(!err.to_string().contains(&long[..20]));
    }

    #[test]
    fn variables_name_clusters_in_capitals_and_underscores() {
        assert_eq!(var_of("prod-east"), "STRATA_TOKEN_PROD_EAST");
        assert_eq!(var_of("edge.site-1"), "STRATA_TOKEN_EDGE_SITE_1");
    }
}
