//! The overview card of one VMI: name, namespace, node, phase (with a Paused badge when paused
//! while Running), IP, live-migratable, guest agent, the migration in progress with its percent,
//! the five layers' verdicts at a glance and the model's headline.

use crate::components::common::{health_key, layer_key};
use crate::i18n::{Key, Lang, lang, tr};
use crate::overview_model::verdict;
use leptos::html;
use leptos::prelude::*;
use model::verdict::{Health, Layer};
use model::view::summary::AgentState;
use model::view::{VmiKey, VmiSummary};

/// CSS class for a phase; unknown phases get a neutral class, shown verbatim.
pub fn phase_class(phase: &str) -> &'static str {
    match phase {
        "Running" => "phase phase-ok",
        "Pending" | "Scheduling" | "Scheduled" | "WaitingForSync" => "phase phase-wait",
        "Failed" | "Unknown" => "phase phase-bad",
        "Succeeded" => "phase phase-done",
        _ => "phase phase-other",
    }
}

/// How a phase is shown: as it is (KubeVirt's word), or `(no phase)` in `l` when the VMI has
/// none yet.
pub fn phase_text(l: Lang, phase: &str) -> &str {
    if phase.is_empty() {
        tr(l, Key::NoPhase)
    } else {
        phase
    }
}

/// The card of `summary`.
///
/// What the card is built for: its language; a change of language, which is rare, builds a
/// new card. Any other change, also another VMI taking this place in the virtual list (a 10%
/// update moving a thousand cards), runs one effect per card, which compares what the card
/// shows with the new summary and writes only what differs into the DOM (see [`Face`]): a 10%
/// update at 10,000 VMIs changes every card on screen, and one effect per card costs a
/// fraction of one binding per field, and far less than building the card anew. The rare,
/// structural parts (the Paused badge, the alerts, the migration, shown or not) stay bindings
/// of their own.
#[component]
pub fn VmiCard(#[prop(into)] summary: Signal<VmiSummary>) -> impl IntoView {
    let l = lang();
    // Keyed, so that a new language builds a new card: the status effect writes the DOM
    // itself, so the card must never be rebuilt in place from values the DOM no longer shows.
    view! {
        <For each=move || [l.get()] key=|l| *l let(l)>
            {card(summary, l)}
        </For>
    }
}

/// What a card's status fields show: compared with the last one shown, to write only changes.
#[derive(Debug, Clone, PartialEq)]
struct Face {
    key: VmiKey,
    verdict: Health,
    layers: [Health; 5],
    phase: String,
    node: String,
    ip: String,
    agent: AgentState,
    migratable: (Option<bool>, Option<String>),
    headline: String,
}

/// The layers in the card's order.
const LAYERS: [Layer; 5] = Layer::ALL;

impl Face {
    fn of(s: &VmiSummary, l: Lang) -> Face {
        Face {
            key: s.key.clone(),
            verdict: verdict(s),
            layers: s.layers.all(),
            phase: phase_text(l, &s.phase).to_string(),
            node: s.node.clone().unwrap_or_else(|| "—".into()),
            ip: s.ip.clone().unwrap_or_else(|| "—".into()),
            agent: s.agent,
            migratable: (s.live_migratable, s.not_migratable_reason.clone()),
            headline: s.headline.clone(),
        }
    }
}

/// The class, text and title of live-migratable.
fn migratable_face(l: Lang, m: &(Option<bool>, Option<String>)) -> (&'static str, String, String) {
    match m {
        (Some(true), _) => ("yes", tr(l, Key::Yes).to_string(), String::new()),
        (Some(false), reason) => {
            let mut text = tr(l, Key::No).to_string();
            if let Some(r) = reason {
                text.push_str(" (");
                text.push_str(r);
                text.push(')');
            }
            ("no", text, reason.clone().unwrap_or_default())
        }
        (None, _) => ("muted", "—".to_string(), String::new()),
    }
}

/// The class and text id of an agent state.
fn agent_face(a: AgentState) -> (&'static str, Key) {
    match a {
        AgentState::Connected => ("agent-ok", Key::AgentConnected),
        AgentState::Absent => ("agent-none", Key::AgentAbsent),
        AgentState::Unsupported => ("agent-bad", Key::AgentUnsupported),
    }
}

/// The title of a layer's glance. (Not `format!`: this runs for every changed layer of every
/// card on screen, and the formatting machinery costs several times a concatenation.)
fn glance_title(l: Lang, layer: Layer, h: Health) -> String {
    [tr(l, layer_key(layer)), ": ", tr(l, health_key(h))].concat()
}

/// A layer's name on its chip: five chips share a card's width, so the name is short, shown as
/// an `<abbr>` of the whole name (the whole name on hover and for screen readers).
fn glance_key(layer: Layer) -> Key {
    match layer {
        Layer::ControlPlane => Key::GlanceControlPlane,
        Layer::Node => Key::GlanceNode,
        Layer::Guest => Key::GlanceGuest,
        Layer::Network => Key::GlanceNetwork,
        Layer::Migration => Key::GlanceMigration,
    }
}

/// A health as a sign on its chip, beside the colour (the word is in the title and for screen
/// readers).
fn health_sign(h: Health) -> &'static str {
    match h {
        Health::Healthy => "✓",
        Health::Degraded => "!",
        Health::Broken => "✕",
        Health::Unknown => "?",
    }
}

/// Sets the text of `el` through the text node the view built for it, its first child (the
/// view may keep a marker comment after it), kept in `node` once found: every card on screen is
/// rewritten at each render of a burst, and asking the element for its child each time costs
/// two more calls into the browser per write. Replaces the content when there is no text node.
fn set_text(node: &mut Option<web_sys::Node>, el: Option<&web_sys::Element>, text: &str) {
    if node.is_none() {
        *node = el
            .and_then(|e| e.first_child())
            .filter(|n| n.node_type() == web_sys::Node::TEXT_NODE);
    }
    match (node.as_ref(), el) {
        (Some(n), _) => n.set_node_value(Some(text)),
        (None, Some(e)) => e.set_text_content(Some(text)),
        (None, None) => {}
    }
}

/// The text nodes a card writes to, found at their first write (see [`set_text`]).
#[derive(Default)]
struct Texts {
    name: Option<web_sys::Node>,
    namespace: Option<web_sys::Node>,
    phase: Option<web_sys::Node>,
    node: Option<web_sys::Node>,
    ip: Option<web_sys::Node>,
    agent: Option<web_sys::Node>,
    migratable: Option<web_sys::Node>,
    headline: Option<web_sys::Node>,
    /// Each glance's sign and word (its second and third child).
    glances: [(Option<web_sys::Node>, Option<web_sys::Node>); 5],
}

/// The elements a [`Face`] is written to.
#[derive(Clone, Copy)]
struct Refs {
    article: NodeRef<html::Article>,
    name: NodeRef<html::A>,
    namespace: NodeRef<html::Span>,
    glances: [NodeRef<html::Li>; 5],
    phase: NodeRef<html::Span>,
    node: NodeRef<html::Dd>,
    ip: NodeRef<html::Dd>,
    agent: NodeRef<html::Dd>,
    migratable: NodeRef<html::Span>,
    headline: NodeRef<html::P>,
}

impl Refs {
    fn new() -> Refs {
        Refs {
            article: NodeRef::new(),
            name: NodeRef::new(),
            namespace: NodeRef::new(),
            glances: std::array::from_fn(|_| NodeRef::new()),
            phase: NodeRef::new(),
            node: NodeRef::new(),
            ip: NodeRef::new(),
            agent: NodeRef::new(),
            migratable: NodeRef::new(),
            headline: NodeRef::new(),
        }
    }

    /// Writes the VMI the card shows: its name, namespace and link, as the card is built.
    fn write_key(&self, texts: &mut Texts, old: &VmiKey, new: &VmiKey) {
        if let Some(a) = self.article.get_untracked() {
            let label = new.to_string();
            let _ = a.set_attribute("data-key", &label);
            let _ = a.set_attribute("aria-label", &label);
        }
        if let Some(a) = self.name.get_untracked() {
            let _ = a.set_attribute("href", &crate::nav::vmi_href(new));
            if old.name != new.name {
                set_text(&mut texts.name, Some(a.as_ref()), &new.name);
            }
        }
        if old.namespace != new.namespace
            && let Some(ns) = self.namespace.get_untracked()
        {
            set_text(&mut texts.namespace, Some(ns.as_ref()), &new.namespace);
        }
    }

    /// Writes what differs between `old` (what the DOM shows) and `new`.
    fn write(&self, texts: &mut Texts, l: Lang, old: &Face, new: &Face) {
        let attr = |el: Option<web_sys::HtmlElement>, name: &str, value: &str| {
            if let Some(el) = el {
                let _ = el.set_attribute(name, value);
            }
        };
        if old.key != new.key {
            self.write_key(texts, &old.key, &new.key);
        }
        if old.verdict != new.verdict {
            attr(
                self.article.get_untracked(),
                "data-verdict",
                new.verdict.as_str(),
            );
        }
        for (i, layer) in LAYERS.into_iter().enumerate() {
            let h = new.layers[i];
            if old.layers[i] == h {
                continue;
            }
            if let Some(li) = self.glances[i].get_untracked() {
                let _ = li.set_attribute("data-health", h.as_str());
                let _ = li.set_attribute("title", &glance_title(l, layer, h));
                let (sign, word) = &mut texts.glances[i];
                let spans = (sign.is_none() || word.is_none()).then(|| li.children());
                let span = |k| spans.as_ref().and_then(|c| c.item(k));
                set_text(sign, span(1).as_ref(), health_sign(h));
                set_text(word, span(2).as_ref(), tr(l, health_key(h)));
            }
        }
        if old.phase != new.phase
            && let Some(el) = self.phase.get_untracked()
        {
            let _ = el.set_attribute("class", phase_class(&new.phase));
            set_text(&mut texts.phase, Some(el.as_ref()), &new.phase);
        }
        let text = |node: &mut Option<web_sys::Node>,
                    el: Option<web_sys::HtmlElement>,
                    old: &str,
                    new: &str| {
            if old != new
                && let Some(el) = el
            {
                set_text(node, Some(el.as_ref()), new);
            }
        };
        text(
            &mut texts.node,
            self.node.get_untracked(),
            &old.node,
            &new.node,
        );
        text(&mut texts.ip, self.ip.get_untracked(), &old.ip, &new.ip);
        if old.agent != new.agent
            && let Some(el) = self.agent.get_untracked()
        {
            let (class, id) = agent_face(new.agent);
            let _ = el.set_attribute("class", class);
            set_text(&mut texts.agent, Some(el.as_ref()), tr(l, id));
        }
        if old.migratable != new.migratable
            && let Some(el) = self.migratable.get_untracked()
        {
            let (class, text, title) = migratable_face(l, &new.migratable);
            let _ = el.set_attribute("class", class);
            let _ = el.set_attribute("title", &title);
            set_text(&mut texts.migratable, Some(el.as_ref()), &text);
        }
        if old.headline != new.headline
            && let Some(el) = self.headline.get_untracked()
        {
            let _ = el.set_attribute("title", &new.headline);
            set_text(&mut texts.headline, Some(el.as_ref()), &new.headline);
        }
    }
}

fn card(summary: Signal<VmiSummary>, l: Lang) -> impl IntoView {
    let t = move |key| tr(l, key);
    // What the card is built with; the effect writes every change after.
    let face = summary.with_untracked(|s| Face::of(s, l));
    let key = face.key.clone();
    let href = crate::nav::vmi_href(&key);
    let label = key.to_string();
    let refs = Refs::new();
    Effect::new({
        let mut shown = face.clone();
        let mut texts = Texts::default();
        move |_| {
            let new = summary.with(|s| Face::of(s, l));
            if new != shown {
                refs.write(&mut texts, l, &shown, &new);
                shown = new;
            }
        }
    });
    let paused = move || summary.with(|s| s.paused);
    // Firing KubeVirt alerts that concern the VMI (rare: a reactive badge, like Paused).
    let alerts = move || {
        let n = summary.with(|s| s.alerts);
        (n > 0).then(|| view! { <span class="badge badge-alerts" data-testid="alerts">{format!("{}: {n}", t(Key::Alerts))}</span> })
    };
    let migration = move || {
        summary.with(|s| s.migration.clone()).map(|m| {
            // No figure: say so, no 0 % bar.
            let bar = m.percent.map(|p| {
                let value = p.clamp(0.0, 100.0);
                view! {
                    <progress max="100" value=format!("{value:.0}") aria-label="migration progress"></progress>
                    " " {format!("{p:.0}%")}
                }
            });
            let unknown = m.percent.is_none().then(|| view! {
                <span class="mg-unknown" data-testid="migration-unknown">{t(Key::MgProgCardUnknown)}</span>
            });
            view! {
                <dt>{t(Key::FMigration)}</dt>
                <dd data-testid="migration">
                    {bar} {unknown}
                    " " {m.mode.clone().unwrap_or_default()} {m.target_node.clone().map(|n| format!(" → {n}"))}
                </dd>
            }
        })
    };
    let glance = LAYERS
        .into_iter()
        .enumerate()
        .map(|(i, layer)| {
            let h = face.layers[i];
            view! {
                // Coloured by `data-health` (see the style sheet).
                <li class="glance" data-layer=layer.as_str() data-health=h.as_str()
                    title=glance_title(l, layer, h) node_ref=refs.glances[i]>
                    // The short name is an abbreviation of the whole one, which is on hover and
                    // the one a screen reader says.
                    <span class="glance-layer">
                        <abbr title=t(layer_key(layer)) aria-hidden="true">{t(glance_key(layer))}</abbr>
                        <span class="sr-only">{t(layer_key(layer))}</span>
                    </span>
                    <span class="glance-health" aria-hidden="true">{health_sign(h)}</span>
                    <span class="sr-only">{t(health_key(h))}</span>
                </li>
            }
        })
        .collect_view();
    let (agent_class, agent_id) = agent_face(face.agent);
    let (m_class, m_text, m_title) = migratable_face(l, &face.migratable);
    view! {
        // Bordered by `data-verdict` (see the style sheet).
        <article class="vmi-card" data-key=label.clone() data-verdict=face.verdict.as_str()
            aria-label=label node_ref=refs.article>
            <header>
                <a class="name" href=href node_ref=refs.name>{key.name}</a>
                <span class="ns" node_ref=refs.namespace>{key.namespace}</span>
                {alerts}
            </header>
            <ul class="glances" aria-label=t(Key::FLayers)>{glance}</ul>
            <dl>
                <dt>{t(Key::FPhase)}</dt>
                <dd>
                    <span class=phase_class(&face.phase) data-testid="phase" node_ref=refs.phase>{face.phase.clone()}</span>
                    {move || paused().then(|| view! { <span class="badge badge-paused">{t(Key::BadgePaused)}</span> })}
                </dd>
                <dt>{t(Key::FNode)}</dt>
                <dd data-testid="node" node_ref=refs.node>{face.node.clone()}</dd>
                <dt>{t(Key::FIp)}</dt>
                <dd data-testid="ip" node_ref=refs.ip>{face.ip.clone()}</dd>
                <dt>{t(Key::FMigratable)}</dt>
                <dd data-testid="migratable">
                    <span class=m_class title=m_title node_ref=refs.migratable>{m_text}</span>
                </dd>
                <dt>{t(Key::FAgent)}</dt>
                <dd data-testid="agent" class=agent_class node_ref=refs.agent>{t(agent_id)}</dd>
                {migration}
            </dl>
            <p class="card-headline" data-testid="headline" title=face.headline.clone() node_ref=refs.headline>{face.headline.clone()}</p>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::{Lang, phase_text};

    #[test]
    fn a_vmi_without_a_phase_says_so_in_the_pages_language_and_a_phase_stays_kubevirts_word() {
        assert_eq!(phase_text(Lang::Ja, ""), "(フェーズなし)");
        assert_eq!(phase_text(Lang::En, ""), "(no phase)");
        assert_eq!(phase_text(Lang::Ja, "Running"), "Running");
    }
}
