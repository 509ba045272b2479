//! A kubeconfig file for one identity on the test server (for kubectl, `strata serve
//! --kubeconfig`, and kube-rs' own kubeconfig loading).

use base64::Engine;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Writes (mode 0600) a kubeconfig naming `server`, trusting `ca_pem`, signed in with `token`.
pub fn write(
    path: &Path,
    server: &str,
    ca_pem: &str,
    user: &str,
    token: &str,
) -> std::io::Result<()> {
    let ca = base64::engine::general_purpose::STANDARD.encode(ca_pem);
    // JSON is YAML: every kubeconfig reader takes it.
    let doc = serde_json::json!({
        "apiVersion": "v1",
        "kind": "Config",
        "clusters": [{"name": "strata-test", "cluster": {"server": server, "certificate-authority-data": ca}}],
        "users": [{"name": user, "user": {"token": token}}],
        "contexts": [{"name": user, "context": {"cluster": "strata-test", "user": user}}],
        "current-context": user,
    });
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(doc.to_string().as_bytes())
}
