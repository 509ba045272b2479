//! Issue 27, finding 4: nobody can lock every user out of signing in. Junk tokens spend budgets
//! a valid token does not need (its address's, the pool of clients that sent junk), a token the
//! API server accepted before has a budget of its own, and behind `--trusted-proxy` each client
//! is counted by the forwarded address, which an untrusted peer cannot choose. Real sockets;
//! loopback addresses 127.0.0.2 and up are other clients to the server.

mod common;

use backend::auth::limit::BURST;
use backend::listener::client::{ForwardedHeader, TrustedProxies, parse_net};
use backend::run::{Console, Options};
use common::*;
use serde_json::json;

/// The proxy the trusted-proxy tests send through.
const PROXY: [u8; 4] = [127, 0, 0, 9];

async fn setup(trusted: &[&str]) -> (sim::Sim, Console, tempfile::TempDir) {
    let read = ["get", "list", "watch"];
    let policy = json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [{"verbs": read}]},
        {"name": "bob", "token": "bob-token", "rules": [{"verbs": read}]}
    ]});
    let nets = trusted.iter().map(|n| parse_net(n).unwrap()).collect();
    token_console(&policy, |_| Options {
        trusted_proxies: TrustedProxies::new(nets, ForwardedHeader::XForwardedFor),
        ..Options::local(None)
    })
    .await
}

/// Signs in with `token` from the client address `from`, with `X-Forwarded-For: forwarded`
/// when given; the status code.
async fn sign_in_from(
    console: &Console,
    from: [u8; 4],
    forwarded: Option<&str>,
    token: &str,
) -> u16 {
    let mut req = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .local_address(std::net::IpAddr::from(from))
        .build()
        .unwrap()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", token)]);
    if let Some(f) = forwarded {
        req = req.header("x-forwarded-for", f);
    }
    req.send().await.unwrap().status().as_u16()
}

#[tokio::test]
async fn junk_from_one_address_does_not_stop_a_valid_token() {
    let (_sim, console, _dir) = setup(&[]).await;
    let me = [127, 0, 0, 2];
    assert_eq!(sign_in_from(&console, me, None, "alice-token").await, 303);
    // Someone at the same address (a NAT, a shared host) sends junk until refused.
    let mut junk = Vec::new();
    for i in 0..BURST + 5 {
        junk.push(sign_in_from(&console, me, None, &format!("junk-{i}")).await);
    }
    assert!(junk.contains(&429), "the junk is refused: {junk:?}");
    assert_eq!(
        sign_in_from(&console, me, None, "junk-new").await,
        429,
        "the address is out of budget"
    );
    // A token the API server accepted before still signs in from there, ...
    assert_eq!(sign_in_from(&console, me, None, "alice-token").await, 303);
    // ... and a first sign-in from another address is not touched.
    assert_eq!(
        sign_in_from(&console, [127, 0, 0, 3], None, "bob-token").await,
        303
    );
}

#[tokio::test]
async fn junk_through_a_trusted_proxy_from_varied_addresses_does_not_stop_a_valid_token() {
    let (_sim, console, _dir) = setup(&["127.0.0.9/32"]).await;
    // Twenty clients behind the Ingress send ten junk tokens each (the client's own left part
    // of the header is varied too; only the hop the proxy appended counts).
    let mut codes = Vec::new();
    for a in 0..20u8 {
        let xff = format!("10.{a}.0.1, 203.0.113.{a}");
        for i in 0..10u8 {
            codes.push(sign_in_from(&console, PROXY, Some(&xff), &format!("junk-{a}-{i}")).await);
        }
    }
    assert!(codes.contains(&401), "junk is judged at first: {codes:?}");
    assert!(codes.contains(&429), "junk is being refused: {codes:?}");
    // A user behind the same proxy signs in for the first time.
    let user = Some("198.51.100.7");
    assert_eq!(sign_in_from(&console, PROXY, user, "bob-token").await, 303);
}

#[tokio::test]
async fn an_untrusted_peer_cannot_choose_its_address_with_x_forwarded_for() {
    let (_sim, console, _dir) = setup(&["127.0.0.9/32"]).await;
    let peer = [127, 0, 0, 4];
    let mut codes = Vec::new();
    for i in 0..BURST + 2 {
        let spoofed = format!("198.51.100.{i}");
        codes.push(sign_in_from(&console, peer, Some(&spoofed), &format!("junk-{i}")).await);
    }
    let burst = BURST as usize;
    assert!(codes[..burst].iter().all(|c| *c == 401), "{codes:?}");
    assert!(codes[burst..].iter().all(|c| *c == 429), "{codes:?}");
    // Through the trusted proxy, only the hop it appended counts: a client that varies the
    // part it wrote itself stays one client.
    let mut codes = Vec::new();
    for i in 0..BURST + 2 {
        let xff = format!("198.51.100.{i}, 203.0.113.77");
        codes.push(sign_in_from(&console, PROXY, Some(&xff), &format!("more-junk-{i}")).await);
    }
    assert!(codes[burst..].iter().all(|c| *c == 429), "{codes:?}");
}
