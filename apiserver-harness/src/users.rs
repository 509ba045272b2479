//! The static token users the API server knows (`--token-auth-file`): an admin, four users whose
//! rights are namespace-scoped Roles that tests bind (two pairs, so that two tests sharing a
//! server can each check exactly what their users see), and one with no rules at all. Tokens
//! are random per server.

/// A user of the static token file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum User {
    /// In `system:masters`: every right, bypassing RBAC.
    Admin,
    /// No rights until a test binds a Role to them in a namespace ([`crate::grant_read`]).
    Alice,
    Bob,
    Carol,
    Dan,
    /// Authenticated, never granted anything.
    Nobody,
}

impl User {
    pub const ALL: [User; 6] = [
        User::Admin,
        User::Alice,
        User::Bob,
        User::Carol,
        User::Dan,
        User::Nobody,
    ];

    /// The user name the API server sees.
    pub fn name(self) -> &'static str {
        match self {
            User::Admin => "strata-admin",
            User::Alice => "alice",
            User::Bob => "bob",
            User::Carol => "carol",
            User::Dan => "dan",
            User::Nobody => "nobody",
        }
    }

    fn groups(self) -> &'static str {
        match self {
            User::Admin => "system:masters",
            _ => "",
        }
    }
}

/// Each user's random token, in [`User::ALL`] order.
pub struct Tokens([String; User::ALL.len()]);

impl Tokens {
    pub fn random() -> Tokens {
        Tokens(User::ALL.map(|_| random_token()))
    }

    pub fn of(&self, user: User) -> &str {
        &self.0[User::ALL.iter().position(|u| *u == user).unwrap_or(0)]
    }

    /// The `--token-auth-file` CSV: `token,user,uid,"group,..."`.
    pub fn csv(&self) -> String {
        User::ALL
            .iter()
            .map(|u| {
                format!(
                    "{},{},uid-{},\"{}\"\n",
                    self.of(*u),
                    u.name(),
                    u.name(),
                    u.groups()
                )
            })
            .collect()
    }
}

fn random_token() -> String {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).expect("the OS random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_user_has_a_distinct_token_and_only_the_admin_a_group() {
        let tokens = Tokens::random();
        let csv = tokens.csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), User::ALL.len());
        for (user, line) in User::ALL.iter().zip(&lines) {
            let token = tokens.of(*user);
            assert_eq!(token.len(), 48);
            assert!(
                line.starts_with(&format!("{token},{},", user.name())),
                "{line}"
            );
            let group = line.rsplit(',').next().unwrap();
            let expected = if *user == User::Admin {
                "\"system:masters\""
            } else {
                "\"\""
            };
            assert_eq!(group, expected, "{line}");
        }
        let mut all: Vec<&str> = User::ALL.iter().map(|u| tokens.of(*u)).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), User::ALL.len());
    }
}
