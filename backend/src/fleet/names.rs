//! Which name each watched cluster goes by. `--context` is repeatable; without `--cluster-name`
//! each cluster is named by its context. `--cluster-name` pairs with the contexts in order: as
//! many names as contexts, the first name for the first context. Without any `--context`, at most
//! one `--cluster-name` names the kubeconfig's current context (or the in-cluster identity);
//! without either, the cluster is named by its API server's host, as before. Anything else —
//! another number of names, a context given twice, two clusters of one name, an empty name or one
//! with control characters — is refused with what to pass instead.

/// One cluster to watch: its context (`None`: the current one) and the name it goes by (`None`:
/// its API server's host).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub context: Option<String>,
    pub name: Option<String>,
}

/// Why the contexts and names cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error(
        "{names} --cluster-name for {contexts} --context: give one --cluster-name per --context, \
         in the same order (the first name for the first context), or none to name each cluster \
         by its context"
    )]
    Count { names: usize, contexts: usize },
    #[error("--context {0:?} is given twice: each context is one cluster")]
    TwiceContext(String),
    #[error("two clusters are named {0:?}: give each --context its own --cluster-name")]
    TwiceName(String),
    #[error("the cluster name {0:?} is empty or holds control characters")]
    BadName(String),
}

/// Pairs `contexts` with `names` (see the module documentation).
pub fn pair(contexts: &[String], names: &[String]) -> Result<Vec<Named>, NameError> {
    let count = || NameError::Count {
        names: names.len(),
        contexts: contexts.len(),
    };
    let named: Vec<Named> = if contexts.is_empty() {
        if names.len() > 1 {
            return Err(count());
        }
        vec![Named {
            context: None,
            name: names.first().cloned(),
        }]
    } else {
        if !names.is_empty() && names.len() != contexts.len() {
            return Err(count());
        }
        contexts
            .iter()
            .enumerate()
            .map(|(i, c)| Named {
                context: Some(c.clone()),
                name: Some(names.get(i).unwrap_or(c).clone()),
            })
            .collect()
    };
    for (i, n) in named.iter().enumerate() {
        let earlier = &named[..i];
        if let Some(c) = &n.context
            && earlier.iter().any(|e| e.context.as_ref() == Some(c))
        {
            return Err(NameError::TwiceContext(c.clone()));
        }
        if let Some(name) = &n.name {
            if name.trim().is_empty() || name.chars().any(char::is_control) {
                return Err(NameError::BadName(name.clone()));
            }
            if earlier.iter().any(|e| e.name.as_ref() == Some(name)) {
                return Err(NameError::TwiceName(name.clone()));
            }
        }
    }
    Ok(named)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    fn named(context: Option<&str>, name: Option<&str>) -> Named {
        Named {
            context: context.map(str::to_string),
            name: name.map(str::to_string),
        }
    }

    #[test]
    fn one_cluster_is_named_as_before() {
        assert_eq!(pair(&[], &[]).unwrap(), [named(None, None)]);
        assert_eq!(
            pair(&s(&["kind-a"]), &[]).unwrap(),
            [named(Some("kind-a"), Some("kind-a"))]
        );
        assert_eq!(
            pair(&[], &s(&["prod"])).unwrap(),
            [named(None, Some("prod"))]
        );
        // A context with slashes (OpenShift's) is a name as it is.
        let os = "default/api-x:6443/kube:admin";
        assert_eq!(pair(&s(&[os]), &[]).unwrap()[0].name.as_deref(), Some(os));
    }

    #[test]
    fn names_pair_with_contexts_in_order() {
        let got = pair(&s(&["ctx-a", "ctx-b"]), &s(&["prod", "staging"])).unwrap();
        assert_eq!(
            got,
            [
                named(Some("ctx-a"), Some("prod")),
                named(Some("ctx-b"), Some("staging"))
            ]
        );
        let by_context = pair(&s(&["a", "b", "c"]), &[]).unwrap();
        let names: Vec<_> = by_context.iter().map(|n| n.name.clone().unwrap()).collect();
        assert_eq!(names, ["a", "b", "c"]);
    }

    #[test]
    fn ambiguous_input_is_refused() {
        let e = pair(&s(&["a", "b"]), &s(&["prod"])).unwrap_err();
        assert_eq!(
            e,
            NameError::Count {
                names: 1,
                contexts: 2
            }
        );
        assert!(
            e.to_string().contains("one --cluster-name per --context"),
            "{e}"
        );
        assert!(matches!(
            pair(&[], &s(&["x", "y"])),
            Err(NameError::Count {
                names: 2,
                contexts: 0
            })
        ));
        assert_eq!(
            pair(&s(&["a", "b", "a"]), &[]),
            Err(NameError::TwiceContext("a".into()))
        );
        assert_eq!(
            pair(&s(&["a", "b"]), &s(&["same", "same"])),
            Err(NameError::TwiceName("same".into()))
        );
        assert_eq!(
            pair(&s(&["a", "b"]), &s(&["ok", " "])),
            Err(NameError::BadName(" ".into()))
        );
        assert_eq!(
            pair(&s(&["a"]), &s(&["bad\nname"])),
            Err(NameError::BadName("bad\nname".into()))
        );
    }
}
