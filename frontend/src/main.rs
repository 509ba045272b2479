//! The Trunk entry point: mounts the app.
fn main() {
    frontend::start();
}
