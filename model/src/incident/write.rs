//! The incident file's HTML: the headline and the moment it describes, the layers and their
//! findings (evidence, what to do, what to look at), conditions, pods, migrations and events,
//! then the embedded evidence ([`super::read`] reads it back).

use super::html::{STYLE, esc, script_json};
use super::pictures;
use super::{ELEMENT_ID, Incident};
use crate::verdict::Finding;
use crate::view::VmiDetail;
use std::fmt::Write;

/// The whole file.
pub fn render(incident: &Incident) -> String {
    let d = incident.detail();
    let key = format!("{}/{}", d.key.namespace, d.key.name);
    let overall = d.diagnosis.overall.as_str();
    let mut s = String::with_capacity(64 * 1024);
    let _ = write!(
        s,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{} — {} (Strata incident)</title><style>{STYLE}</style></head><body>\n",
        esc(&key),
        esc(overall)
    );
    header(&mut s, incident, &d, &key);
    s.push_str(&pictures::layers(&d));
    layers(&mut s, &d);
    conditions(&mut s, &d);
    pods(&mut s, &d);
    migrations(&mut s, &d);
    events(&mut s, &d);
    let json = serde_json::to_string(incident).unwrap_or_else(|_| "{}".into());
    let _ = write!(
        s,
        "<footer>Written by Strata from the evidence below (embedded as JSON: <code>strata \
         diagnose</code> on this file, or the console's paste page, reads it back).</footer>\n\
         <script type=\"application/json\" id=\"{ELEMENT_ID}\">{}</script>\n</body></html>\n",
        script_json(&json)
    );
    s
}

fn header(s: &mut String, i: &Incident, d: &VmiDetail, key: &str) {
    let at =
        i.at.map(|t| t.to_rfc3339())
            .unwrap_or_else(|| "an unknown time".into());
    let cluster = i
        .cluster
        .as_deref()
        .map(|c| format!(" · cluster {}", esc(c)))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "<h1>{}</h1><p class=\"meta\">Phase {}{} · as of <time>{}</time>{}{}</p>\
         <p class=\"headline h-{}\">{}</p>",
        esc(key),
        esc(&d.phase),
        if d.paused { " (paused)" } else { "" },
        esc(&at),
        cluster,
        if i.redacted {
            " · names and addresses redacted"
        } else {
            ""
        },
        d.diagnosis.overall.as_str(),
        esc(&d.diagnosis.headline),
    );
}

fn layers(s: &mut String, d: &VmiDetail) {
    s.push_str("<h2 id=\"layers\">Layers</h2>\n");
    // Trouble first, in the order the node pages use.
    let mut order: Vec<_> = d.diagnosis.layers.iter().collect();
    order.sort_by_key(|l| l.health.unhealthy_first());
    for l in order {
        let h = l.health.as_str();
        let _ = writeln!(
            s,
            "<h3><span class=\"{}\">{} — {}</span> <small>({} confidence)</small></h3><p>{}</p>",
            h,
            esc(l.layer.as_str()),
            esc(h),
            l.confidence.as_str(),
            esc(&l.summary),
        );
        for f in &l.findings {
            finding(s, f);
        }
    }
    if !d.diagnosis.missing_evidence.is_empty() {
        s.push_str("<h3>Not in the evidence</h3><ul>");
        for m in &d.diagnosis.missing_evidence {
            let _ = write!(s, "<li>{}</li>", esc(m));
        }
        s.push_str("</ul>\n");
    }
}

fn finding(s: &mut String, f: &Finding) {
    let _ = write!(
        s,
        "<div class=\"finding\"><strong class=\"{}\">{}</strong><p>{}</p>",
        f.health.as_str(),
        esc(&f.title),
        esc(&f.detail)
    );
    list(s, "Evidence", &f.evidence, true);
    list(s, "What to do", &f.remedy, false);
    list(s, "What to look at", &f.next_steps, true);
    s.push_str("</div>\n");
}

fn list(s: &mut String, title: &str, items: &[String], code: bool) {
    if items.is_empty() {
        return;
    }
    let _ = write!(s, "<p><em>{}</em></p><ul>", esc(title));
    for i in items {
        if code {
            let _ = write!(s, "<li><pre>{}</pre></li>", esc(i));
        } else {
            let _ = write!(s, "<li>{}</li>", esc(i));
        }
    }
    s.push_str("</ul>");
}

fn conditions(s: &mut String, d: &VmiDetail) {
    if d.conditions.is_empty() {
        return;
    }
    s.push_str("<h2 id=\"conditions\">Conditions</h2><table><tr><th>Type</th><th>Status</th><th>Reason</th><th>Message</th></tr>");
    for c in &d.conditions {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&c.type_),
            esc(&c.status),
            esc(&c.reason),
            esc(&c.message)
        );
    }
    s.push_str("</table>\n");
}

fn pods(s: &mut String, d: &VmiDetail) {
    let Some(pods) = d.pods.as_ref().filter(|p| !p.is_empty()) else {
        return;
    };
    s.push_str("<h2 id=\"pods\">Pods</h2><table><tr><th>Name</th><th>Role</th><th>Node</th><th>Phase</th></tr>");
    for p in pods {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{:?}</td><td>{}</td><td>{}</td></tr>",
            esc(p.name.as_deref().unwrap_or(&p.uid)),
            p.role,
            esc(&p.node),
            esc(&p.phase)
        );
    }
    s.push_str("</table>\n");
}

fn migrations(s: &mut String, d: &VmiDetail) {
    if d.diagnosis.migrations.is_empty() {
        return;
    }
    s.push_str("<h2 id=\"migrations\">Migrations</h2>\n");
    for m in &d.diagnosis.migrations {
        let _ = write!(
            s,
            "<h3>{} <small>{} → {}</small></h3><p class=\"{}\">{}</p>",
            esc(&m.name),
            esc(m.source_node.as_deref().unwrap_or("?")),
            esc(m.target_node.as_deref().unwrap_or("?")),
            m.health.as_str(),
            esc(&m.headline)
        );
        s.push_str(&pictures::migration(m));
        for f in &m.findings {
            finding(s, f);
        }
    }
}

fn events(s: &mut String, d: &VmiDetail) {
    if d.events.is_empty() {
        return;
    }
    s.push_str("<h2 id=\"events\">Events</h2>\n");
    s.push_str(&pictures::events(&d.events));
    s.push_str("<table><tr><th>Time</th><th>Reason</th><th>Object</th><th>Message</th></tr>");
    for e in &d.events {
        let _ = write!(
            s,
            "<tr><td>{}</td><td class=\"{}\">{}{}</td><td>{}</td><td>{}</td></tr>",
            esc(&e.time.map(|t| t.to_rfc3339()).unwrap_or_default()),
            if e.warning { "broken" } else { "" },
            esc(&e.reason),
            e.count
                .filter(|c| *c > 1)
                .map(|c| format!(" ×{c}"))
                .unwrap_or_default(),
            esc(&e.object),
            esc(&e.message)
        );
    }
    s.push_str("</table>\n");
}
