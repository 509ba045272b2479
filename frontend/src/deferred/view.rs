//! What the main app asks the views module to draw: one value per lazily loaded view, sent as
//! JSON (the main app serializes it, the module reads it; the two wasm modules share no memory).

use model::verdict::Layer;
use model::view::MigrationReport;
use serde::{Deserialize, Serialize};

/// A view of the views module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum View {
    /// The page of the current route (`/diagnose`, `/migrations`, `/nodes`, `/node/{name}`):
    /// the module's own router reads which one, and its parameters, from the URL.
    Page,
    /// The VMI page's timeline of the flight recorder.
    Timeline {
        #[serde(default)]
        cluster: String,
        ns: String,
        name: String,
    },
    /// The VMI page's metrics tab (its charts and their range picker).
    Metrics {
        #[serde(default)]
        cluster: String,
        ns: String,
        name: String,
        migrating: bool,
    },
    /// The VMI page's migration history (its migrations tab, from the recorder).
    MigrationHistory { ns: String, name: String },
    /// One migration's state graph and convergence chart. `live`: the chart asks the backend
    /// for its series (a paste has none).
    Migration {
        report: Box<MigrationReport>,
        live: bool,
    },
    /// The wall's convergence charts of the running migrations, in large type (shown while the
    /// stream has a VMI in migration).
    WallMigrations,
    /// The key domain-stat chart of the wall's focused problem VMI, in large type; `layer` is
    /// its worst layer, which picks the chart.
    WallFocus {
        #[serde(default)]
        cluster: String,
        ns: String,
        name: String,
        layer: Layer,
    },
    /// The overview's summary row per cluster of a fleet (shown while the stream's keys name a
    /// second cluster): the module polls `GET /api/v1/clusters` and reads `cluster` from the URL.
    FleetRows,
    /// The wall's tile per cluster of a fleet (shown while the stream's keys name a second
    /// cluster).
    WallFleet,
}

impl View {
    /// A short name for the placeholder's `data-deferred` attribute.
    pub fn kind(&self) -> &'static str {
        match self {
            View::Page => "page",
            View::Timeline { .. } => "timeline",
            View::Metrics { .. } => "metrics",
            View::MigrationHistory { .. } => "migration-history",
            View::Migration { .. } => "migration",
            View::WallMigrations => "wall-migrations",
            View::WallFocus { .. } => "wall-focus",
            View::FleetRows => "fleet-rows",
            View::WallFleet => "wall-fleet",
        }
    }
}
