//! The real API server tests that share one server (one test binary, one etcd and
//! kube-apiserver, each test in namespaces of its own; tests that check exactly what a user
//! sees use users no other test binds). The tests that need a server of their own are binaries
//! of their own: `watchers` and `k8s_proxy` write the simulator's world under its own names,
//! `gone` runs kube-apiserver without its watch cache.

#[path = "../common/mod.rs"]
mod common;

mod console;
mod console_token;
mod crd_schema;
mod rbac;
mod tables;
mod token_endpoints;
mod vmi_watch;
