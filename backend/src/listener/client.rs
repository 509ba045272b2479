//! Who the client of a request is: the connection's peer, or, when the peer is a proxy named by
//! `--trusted-proxy CIDR`, the rightmost hop of `X-Forwarded-For` (or `Forwarded`, with
//! `--trusted-proxy-header forwarded`) that is not itself a trusted proxy. Hops left of that
//! one were written by the client and are never read, so a client cannot choose its address by
//! sending the header; a peer outside the trusted ranges is the client whatever it sends.
//!
//! The limits count clients by [`key`]: an IPv4 address, or an IPv6 address's /64 (one host
//! usually holds a whole /64, so counting its addresses one by one would let it pick fresh
//! ones at will).

use axum::http::HeaderMap;
use ipnet::IpNet;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

/// Hops read from the right of the header at most; further ones are ignored.
const MAX_HOPS: usize = 32;

/// The resolved client of a request, set by the server loop beside axum's `ConnectInfo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// Which header a trusted proxy keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ForwardedHeader {
    /// `X-Forwarded-For: client, proxy1, proxy2` (ingress-nginx, Traefik, Envoy, HAProxy).
    #[default]
    XForwardedFor,
    /// RFC 7239 `Forwarded: for=client, for=proxy1`.
    Forwarded,
}

/// The proxies whose forwarding header is believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    nets: Vec<IpNet>,
    header: ForwardedHeader,
}

/// `--trusted-proxy`'s value: a CIDR (`10.0.0.0/8`) or one address.
pub fn parse_net(s: &str) -> Result<IpNet, String> {
    let s = s.trim();
    IpNet::from_str(s)
        .or_else(|_| IpAddr::from_str(s).map(IpNet::from))
        .map(|n| n.trunc())
        .map_err(|_| format!("{s:?} is neither a CIDR (10.0.0.0/8) nor an IP address"))
}

impl TrustedProxies {
    pub fn new(nets: Vec<IpNet>, header: ForwardedHeader) -> TrustedProxies {
        TrustedProxies { nets, header }
    }

    /// Whether `ip` is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.nets.iter().any(|n| n.contains(&ip))
    }

    /// The client of a request that arrived from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        let hops = self.hops(headers);
        for hop in hops.iter().rev().take(MAX_HOPS) {
            match hop {
                // A hop the proxy could not name ("unknown", an obfuscated name): the client is
                // not known beyond the last trusted proxy, which stands for it.
                None => return client,
                Some(ip) => {
                    client = ip.to_canonical();
                    if !self.trusts(client) {
                        return client;
                    }
                }
            }
        }
        client
    }

    /// The header's hops, left to right, over all its lines (`None`: not an address).
    fn hops(&self, headers: &HeaderMap) -> Vec<Option<IpAddr>> {
        let name = match self.header {
            ForwardedHeader::XForwardedFor => "x-forwarded-for",
            ForwardedHeader::Forwarded => "forwarded",
        };
        let mut hops = Vec::new();
        for value in headers.get_all(name) {
            let Ok(value) = value.to_str() else {
                hops.push(None);
                continue;
            };
            for element in value.split(',') {
                hops.push(match self.header {
                    ForwardedHeader::XForwardedFor => node(element),
                    ForwardedHeader::Forwarded => forwarded_for(element),
                });
            }
        }
        hops
    }
}

/// The `for=` of one `Forwarded` element (`for=192.0.2.1;proto=https`).
fn forwarded_for(element: &str) -> Option<IpAddr> {
    element.split(';').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        k.trim().eq_ignore_ascii_case("for").then(|| node(v))?
    })
}

/// One hop: `192.0.2.1`, `192.0.2.1:80`, `2001:db8::1`, `[2001:db8::1]:80`, quoted or not.
fn node(s: &str) -> Option<IpAddr> {
    let s = s.trim().trim_matches('"');
    if let Ok(ip) = IpAddr::from_str(s) {
        return Some(ip);
    }
    if let Ok(sa) = SocketAddr::from_str(s) {
        return Some(sa.ip());
    }
    let inner = s.strip_prefix('[')?.split(']').next()?;
    Ipv6Addr::from_str(inner).ok().map(IpAddr::V6)
}

/// What the per-client limits count by: an IPv4 address (also written as IPv4-mapped IPv6) as
/// itself, an IPv6 address by its /64.
pub fn key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn headers(name: &'static str, values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(name, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn trusted(nets: &[&str], header: ForwardedHeader) -> TrustedProxies {
        TrustedProxies::new(nets.iter().map(|n| parse_net(n).unwrap()).collect(), header)
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_sends() {
        let t = trusted(&["10.0.0.0/8"], ForwardedHeader::XForwardedFor);
        let h = headers("x-forwarded-for", &["198.51.100.7"]);
        assert_eq!(t.client(ip("192.0.2.1"), &h), ip("192.0.2.1"));
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
    }

    #[test]
    fn the_rightmost_untrusted_hop_is_the_client() {
        let t = trusted(&["10.0.0.0/8", "192.0.2.9"], ForwardedHeader::XForwardedFor);
        // The client wrote "1.1.1.1" itself; the proxies appended the rest.
        let h = headers(
            "x-forwarded-for",
            &["1.1.1.1, 203.0.113.5", "192.0.2.9:4431"],
        );
        assert_eq!(t.client(ip("10.1.2.3"), &h), ip("203.0.113.5"));
        // Only trusted hops: the leftmost is as far as can be told.
        let h = headers("x-forwarded-for", &["10.9.9.9, 10.8.8.8"]);
        assert_eq!(t.client(ip("10.1.2.3"), &h), ip("10.9.9.9"));
        // No header: the proxy itself.
        assert_eq!(t.client(ip("10.1.2.3"), &HeaderMap::new()), ip("10.1.2.3"));
        // A hop that is no address stops the walk at the last trusted proxy.
        let h = headers("x-forwarded-for", &["203.0.113.5, unknown"]);
        assert_eq!(t.client(ip("10.1.2.3"), &h), ip("10.1.2.3"));
        // IPv4-mapped peers are trusted by their IPv4 range.
        let h = headers("x-forwarded-for", &["[2001:db8::7]:443"]);
        assert_eq!(t.client(ip("::ffff:10.1.2.3"), &h), ip("2001:db8::7"));
    }

    #[test]
    fn forwarded_is_read_only_when_chosen() {
        let t = trusted(&["10.0.0.0/8"], ForwardedHeader::Forwarded);
        let h = headers(
            "forwarded",
            &["for=1.1.1.1, For=\"[2001:db8:cafe::17]:4711\";proto=https"],
        );
        assert_eq!(t.client(ip("10.0.0.1"), &h), ip("2001:db8:cafe::17"));
        let xff = headers("x-forwarded-for", &["203.0.113.5"]);
        assert_eq!(t.client(ip("10.0.0.1"), &xff), ip("10.0.0.1"));
        let obfuscated = headers("forwarded", &["for=_hidden"]);
        assert_eq!(t.client(ip("10.0.0.1"), &obfuscated), ip("10.0.0.1"));
    }

    #[test]
    fn nets_parse_and_keys_group_ipv6_by_64() {
        assert!(parse_net("10.0.0.0/8").is_ok());
        assert_eq!(parse_net("192.0.2.7").unwrap().to_string(), "192.0.2.7/32");
        assert_eq!(parse_net("10.1.2.3/8").unwrap().to_string(), "10.0.0.0/8");
        assert!(parse_net("ingress").is_err());
        assert_eq!(key(ip("2001:db8:1:2:3:4:5:6")), ip("2001:db8:1:2::"));
        assert_eq!(key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        assert_eq!(key(ip("192.0.2.1")), ip("192.0.2.1"));
    }
}
