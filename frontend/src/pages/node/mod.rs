//! `/nodes` and `/node/{name}`: the nodes list (unhealthy first) and one node's page, both
//! rendering what `model::view::node` computed on the backend (`GET /api/v1/nodes/rows`,
//! `GET /api/v1/nodes/{name}/view`).
//!
//! * [`list`]: the nodes list.
//! * [`page`]: the node page, composed of [`sections`] (health, conditions, scheduling,
//!   virt-handler, devices), [`vmis`] (the VMIs with their verdicts and drain impact) and
//!   [`alerts`] (the node's alerts, once an alert source exists).
//! * [`refresh`]: how often both re-read the backend.

pub mod alerts;
pub mod list;
pub mod page;
pub mod refresh;
pub mod sections;
pub mod vmis;

pub use list::Nodes;
pub use page::NodePage;
