//! One finding as the pages show it: its title, detail and evidence, what to do about it (its
//! remedy: sentences whose commands, in backticks, each get a copy button) and what to look at
//! (its next steps, one command each). For a broken or degraded finding both are shown open; for
//! any other the next steps sit folded under their heading.

use crate::api;
use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::verdict::{Finding, Health};

/// KubeVirt's runbooks (kubevirt/monitoring): a next step naming one becomes a link, and only
/// under this prefix, so no text from the cluster becomes a link elsewhere.
const RUNBOOKS: &str = "https://github.com/kubevirt/monitoring/blob/main/docs/runbooks/";

/// The findings of a layer or a migration, as list items.
pub fn findings_list(findings: Vec<Finding>) -> impl IntoView {
    findings.into_iter().map(finding_item).collect_view()
}

fn finding_item(f: Finding) -> impl IntoView {
    let class = format!(
        "finding sev-{}{}",
        format!("{:?}", f.severity).to_ascii_lowercase(),
        if f.contradiction {
            " contradiction"
        } else {
            ""
        }
    );
    let open = matches!(f.health, Health::Broken | Health::Degraded);
    let next = (!f.next_steps.is_empty()).then(|| {
        let steps = view! {
            <ul class="next">{f.next_steps.iter().map(|c| next_step(c)).collect_view()}</ul>
        };
        if open {
            view! {
                <div class="finding-look" data-testid="next-steps">
                    <h4>{t(Key::FindingLook)}</h4>
                    {steps}
                </div>
            }
            .into_any()
        } else {
            view! { <details><summary>{t(Key::FindingLook)}</summary>{steps}</details> }.into_any()
        }
    });
    let remedy = (!f.remedy.is_empty()).then(|| {
        view! {
            <div class="finding-remedy" data-testid="remedy">
                <h4>{t(Key::FindingRemedy)}</h4>
                <ul class="remedy">{f.remedy.iter().map(|r| remedy_item(r)).collect_view()}</ul>
            </div>
        }
    });
    view! {
        <li class=class data-health=f.health.as_str()>
            <strong>{f.title.clone()}</strong>
            {(!f.detail.is_empty()).then(|| view! { <p>{prose(&f.detail)}</p> })}
            {(!f.evidence.is_empty()).then(|| view! {
                <ul class="evidence" aria-label="evidence">
                    {f.evidence.iter().map(|c| view! { <li><code>{c.clone()}</code></li> }).collect_view()}
                </ul>
            })}
            {remedy}
            {next}
        </li>
    }
}

/// A remedy sentence split at its backticks: `(true, command)` for each command in backticks,
/// `(false, text)` for the prose around them. An unpaired backtick stays text.
pub fn segments(text: &str) -> Vec<(bool, &str)> {
    let parts: Vec<&str> = text.split('`').collect();
    if parts.len().is_multiple_of(2) {
        return vec![(false, text)];
    }
    parts
        .into_iter()
        .enumerate()
        .filter(|(_, p)| !p.is_empty())
        .map(|(i, p)| (i % 2 == 1, p))
        .collect()
}

/// An explanation's sentence with its source names and fields in backticks shown as code (no
/// copy button: they are references, not commands), so no page shows a literal backtick.
pub fn prose(text: &str) -> AnyView {
    segments(text)
        .into_iter()
        .map(|(code, p)| {
            if code {
                view! { <code>{p.to_string()}</code> }.into_any()
            } else {
                p.to_string().into_any()
            }
        })
        .collect_view()
        .into_any()
}

/// One remedy: its prose, each command as code with its copy button.
fn remedy_item(text: &str) -> AnyView {
    let parts = segments(text)
        .into_iter()
        .map(|(code, p)| {
            if code {
                view! { <code>{p.to_string()}</code> <CopyStep command=p.to_string()/> }.into_any()
            } else {
                view! { <span>{p.to_string()}</span> }.into_any()
            }
        })
        .collect_view();
    view! { <li>{parts}</li> }.into_any()
}

/// The copy button of a command: copies it to the clipboard, says so.
#[component]
fn CopyStep(command: String) -> impl IntoView {
    let copied = RwSignal::new(false);
    let command = StoredValue::new(command);
    let on_click = move |_| {
        let cmd = command.get_value();
        leptos::task::spawn_local(async move {
            copied.set(api::copy_to_clipboard(&cmd).await);
        });
    };
    let word = move || {
        if copied.get() {
            t(Key::StepCopied)()
        } else {
            t(Key::StepCopy)()
        }
    };
    // The visible word first, then what it copies (the name a screen reader reads).
    let label = move || format!("{}: {}", word(), command.get_value());
    view! {
        <button type="button" class="copy-step" data-testid="copy-step" aria-label=label on:click=on_click>
            {word}
        </button>
    }
}

/// One next step: a command as code with its copy button, or a runbook as a link.
pub fn next_step(step: &str) -> AnyView {
    match step.strip_prefix("Follow the runbook ") {
        Some(url) if url.starts_with(RUNBOOKS) && !url.contains(char::is_whitespace) => {
            let url = url.to_string();
            view! { <li><a href=url.clone() target="_blank" rel="noopener noreferrer">{url.clone()}</a></li> }
                .into_any()
        }
        _ => view! { <li><code>{step.to_string()}</code> " " <CopyStep command=step.to_string()/></li> }
            .into_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::segments;

    #[test]
    fn a_remedy_splits_into_prose_and_commands() {
        assert_eq!(
            segments("Restart it: `virtctl restart a -n b`, or `kubectl uncordon n1`."),
            vec![
                (false, "Restart it: "),
                (true, "virtctl restart a -n b"),
                (false, ", or "),
                (true, "kubectl uncordon n1"),
                (false, "."),
            ]
        );
        assert_eq!(segments("no command"), vec![(false, "no command")]);
        // An unpaired backtick is prose, not the start of a command.
        assert_eq!(segments("a ` b"), vec![(false, "a ` b")]);
    }
}
