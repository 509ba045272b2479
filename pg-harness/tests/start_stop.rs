//! A real server starts, answers on its port and is gone, directory and all, when dropped.
//! Without Debian's postgresql this prints a notice and checks nothing, unless
//! `STRATA_TEST_PG_REQUIRED=1` (set by `cargo xtask test`), which makes it fail.

#[test]
fn a_server_starts_answers_and_stops() {
    if pg_harness::bin_dir().is_none()
        && std::env::var("STRATA_TEST_PG_REQUIRED").as_deref() != Ok("1")
    {
        eprintln!("NOTICE: no /usr/lib/postgresql/*/bin/initdb; pg-harness test skipped");
        return;
    }
    let s = pg_harness::Server::start().unwrap();
    assert!(
        s.url.ends_with(&format!(":{}/postgres", s.port)),
        "{}",
        s.url
    );
    assert!(std::net::TcpStream::connect(("127.0.0.1", s.port)).is_ok());
    let dir = s.dir().to_path_buf();
    assert!(dir.join("data").is_dir());
    // A second server of the same process has its own port and folder.
    let other = pg_harness::Server::start().unwrap();
    assert_ne!((other.port, other.dir()), (s.port, dir.as_path()));
    assert!(std::net::TcpStream::connect(("127.0.0.1", other.port)).is_ok());
    drop(other);
    assert!(dir.join("data").is_dir());
    assert!(std::net::TcpStream::connect(("127.0.0.1", s.port)).is_ok());
    let port = s.port;
    drop(s);
    assert!(!dir.exists());
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err());
}
