//! Issue 17, finding 7 and the sign-in parts of finding 8: token mode's session is an opaque
//! server-side id (not the token), sign-out revokes it, two session cookies are refused, the
//! cookie is `__Host-` and `Secure` with HSTS by default, sign-in returns to a validated `next`
//! path, an ended session answers a 401 the frontend recognises, and sign-in attempts are
//! rate-limited.

mod common;

use backend::run::{Console, Options};
use common::*;
use serde_json::json;

async fn setup(secure_cookie: bool) -> (sim::Sim, Console, tempfile::TempDir) {
    let read = ["get", "list", "watch"];
    let policy = json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [{"verbs": read}]}
    ]});
    token_console_with(&policy, secure_cookie, |_| Options::local(None)).await
}

async fn post_signin(console: &Console, form: &[(&str, &str)]) -> reqwest::Response {
    http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(form)
        .send()
        .await
        .unwrap()
}

/// Signs in as alice; the `Set-Cookie` header and the `name=value` pair to send back.
async fn sign_in(console: &Console) -> (String, String) {
    let res = post_signin(console, &[("token", "alice-token")]).await;
    assert_eq!(res.status(), 303);
    let set = res.headers()["set-cookie"].to_str().unwrap().to_string();
    let pair = set.split(';').next().unwrap().to_string();
    (set, pair)
}

#[tokio::test]
async fn the_session_id_is_not_the_token_and_sign_out_revokes_it() {
    let (_sim, console, _dir) = setup(false).await;
    let (set, cookie) = sign_in(&console).await;
    let value = cookie.split_once('=').unwrap().1;
    assert!(!set.contains("alice-token"), "{set}");
    assert!(value.len() >= 43, "32 random bytes, base64url: {value}");
    assert!(
        !set.contains("Max-Age") && !set.contains("Expires"),
        "{set}"
    );
    assert_eq!(get_as(&console, &cookie, "/api/v1/vmis").await.0, 200);
    // The token itself is no session.
    assert_eq!(
        get_as(&console, "strata_session=alice-token", "/api/v1/vmis")
            .await
            .0,
        401
    );
    let res = http()
        .post(format!("{}/auth/signout", console.url()))
        .header("origin", console.url())
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    // The old cookie no longer works, anywhere.
    for path in ["/api/v1/vmis", "/api/v1/stream", "/auth/session"] {
        let (code, body) = get_as(&console, &cookie, path).await;
        assert_eq!(code, 401, "{path}");
        assert_eq!(body["code"], 401, "{path}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains("sign in"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn two_session_cookies_are_refused() {
    let (_sim, console, _dir) = setup(false).await;
    let (_, cookie) = sign_in(&console).await;
    let (_, other) = sign_in(&console).await;
    assert_eq!(get_as(&console, &cookie, "/api/v1/vmis").await.0, 200);
    for both in [
        format!("{cookie}; {other}"),
        format!("{cookie}; strata_session=forged"),
        format!("strata_session=forged; {cookie}"),
    ] {
        let (code, body) = get_as(&console, &both, "/api/v1/vmis").await;
        assert_eq!(code, 400, "{both}: {body}");
    }
}

#[tokio::test]
async fn secure_by_default_host_prefix_and_hsts() {
    let (_sim, console, _dir) = setup(true).await;
    let (set, cookie) = sign_in(&console).await;
    assert!(set.starts_with("__Host-strata_session="), "{set}");
    for flag in ["Secure", "HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set.contains(flag), "{set} lacks {flag}");
    }
    let res = http()
        .get(format!("{}/api/v1/vmis", console.url()))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let hsts = res.headers()["strict-transport-security"].to_str().unwrap();
    assert!(hsts.starts_with("max-age="), "{hsts}");
    // The unprefixed name (which a sibling subdomain could set) is not a session here.
    let plain = cookie.replacen("__Host-strata_session", "strata_session", 1);
    assert_eq!(get_as(&console, &plain, "/api/v1/vmis").await.0, 401);
}

#[tokio::test]
async fn sign_in_returns_to_a_validated_next_path() {
    let (_sim, console, _dir) = setup(false).await;
    // A deep link without a session goes to the sign-in page, which keeps it.
    let res = http()
        .get(format!(
            "{}/vmi/prod/web-frontend-1?tab=events",
            console.url()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    assert_eq!(
        location,
        "/auth/signin?next=%2Fvmi%2Fprod%2Fweb-frontend-1%3Ftab%3Devents"
    );
    let page = http()
        .get(format!("{}{location}", console.url()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(r#"name="next" value="/vmi/prod/web-frontend-1?tab=events""#),
        "{page}"
    );
    let next = "/vmi/prod/web-frontend-1?tab=events";
    let res = post_signin(&console, &[("token", "alice-token"), ("next", next)]).await;
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], next);
    for evil in [
        "//evil.example/x",
        "https://evil.example/",
        "/\\evil.example",
        "javascript:alert(1)",
    ] {
        let res = post_signin(&console, &[("token", "alice-token"), ("next", evil)]).await;
        assert_eq!(res.status(), 303);
        assert_eq!(res.headers()["location"], "/", "{evil}");
    }
}

#[tokio::test]
async fn rejected_tokens_are_remembered_and_attempts_rate_limited() {
    let (_sim, console, _dir) = setup(false).await;
    let before = sim::auth::counts();
    let mut codes = Vec::new();
    // The same wrong token twice: the API server judges it once.
    for _ in 0..2 {
        let res = post_signin(&console, &[("token", "wrong-0")]).await;
        assert!(res.headers().get("set-cookie").is_none());
        codes.push(res.status().as_u16());
    }
    assert_eq!(sim::auth::counts().rejected - before.rejected, 1);
    for i in 1..14 {
        let token = format!("wrong-{i}");
        let res = post_signin(&console, &[("token", &token)]).await;
        codes.push(res.status().as_u16());
    }
    assert!(codes[..10].iter().all(|c| *c == 401), "{codes:?}");
    assert!(codes[10..].iter().all(|c| *c == 429), "{codes:?}");
    assert!(sim::auth::counts().rejected - before.rejected <= 9);
}

/// Signs in with `token` from the client address `from` (the kernel routes all of 127/8 to
/// loopback, so each such address is a different client to the server).
async fn post_signin_from(console: &Console, from: [u8; 4], token: &str) -> u16 {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .local_address(std::net::IpAddr::from(from))
        .build()
        .unwrap()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", token)])
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn sign_in_attempts_are_limited_per_client_address() {
    let (_sim, console, _dir) = setup(false).await;
    let burst = backend::auth::limit::BURST as usize;
    let mut first = Vec::new();
    for i in 0..burst + 2 {
        first.push(post_signin_from(&console, [127, 0, 0, 2], &format!("bad-a{i}")).await);
    }
    assert!(first[..burst].iter().all(|c| *c == 401), "{first:?}");
    assert!(first[burst..].iter().all(|c| *c == 429), "{first:?}");
    // Another address has its own budget: its attempts are judged, and a good token works.
    let other = post_signin_from(&console, [127, 0, 0, 3], "bad-b0").await;
    assert_eq!(
        other, 401,
        "another client does not share the first one's bucket"
    );
    assert_eq!(
        post_signin_from(&console, [127, 0, 0, 3], "alice-token").await,
        303
    );
    // The first address stays limited for tokens not known to be good; a token the API server
    // just accepted has a budget of its own, which the junk did not spend.
    assert_eq!(
        post_signin_from(&console, [127, 0, 0, 2], "bad-a99").await,
        429
    );
    assert_eq!(
        post_signin_from(&console, [127, 0, 0, 2], "alice-token").await,
        303
    );
}
