//! Country lookup from a MaxMind-format database (GeoLite2/GeoIP2 Country or City, DB-IP lite,
//! …), and the client address rule: the socket's peer, or the X-Forwarded-For chain only when
//! the peer is a trusted proxy.

use std::net::{IpAddr, SocketAddr};
use std::path::Path;

use axum::http::HeaderMap;
use ipnet::IpNet;
use serde::Deserialize;

pub struct GeoDb {
    reader: maxminddb::Reader<Vec<u8>>,
}

#[derive(Deserialize)]
struct Iso<'a> {
    #[serde(borrow)]
    iso_code: Option<&'a str>,
}

#[derive(Deserialize)]
struct CountryRecord<'a> {
    #[serde(borrow)]
    country: Option<Iso<'a>>,
    #[serde(borrow)]
    registered_country: Option<Iso<'a>>,
}

impl GeoDb {
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        let reader = maxminddb::Reader::open_readfile(path).map_err(|e| {
            anyhow::anyhow!("cannot open the GeoIP database {}: {e}", path.display())
        })?;
        Ok(GeoDb { reader })
    }

    pub fn from_bytes(bytes: Vec<u8>) -> anyhow::Result<Self> {
        let reader = maxminddb::Reader::from_source(bytes)
            .map_err(|e| anyhow::anyhow!("invalid GeoIP database: {e}"))?;
        Ok(GeoDb { reader })
    }

    /// The ISO country code of `ip` (upper case), `None` when the database does not know it.
    pub fn country_code(&self, ip: IpAddr) -> Option<String> {
        let ip = ip.to_canonical();
        if ip.is_ipv6() && self.reader.metadata.ip_version == 4 {
            return None;
        }
        match self.reader.lookup::<CountryRecord>(ip) {
            Ok(Some(rec)) => rec
                .country
                .and_then(|c| c.iso_code)
                .or(rec.registered_country.and_then(|c| c.iso_code))
                .filter(|c| !c.is_empty())
                .map(|c| c.to_ascii_uppercase()),
            Ok(None) => None,
            Err(e) => {
                tracing::debug!(%ip, error = %e, "geo lookup failed");
                None
            }
        }
    }
}

/// The client's address: the peer, unless the peer is a trusted proxy, in which case the
/// right-most X-Forwarded-For entry that is not itself a trusted proxy (entries further left
/// were written by the client and prove nothing).
pub fn client_ip(peer: SocketAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let peer = peer.ip().to_canonical();
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let mut chain: Vec<IpAddr> = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        let Ok(value) = value.to_str() else {
            return peer;
        };
        for part in value.split(',') {
            match parse_forwarded_ip(part.trim()) {
                Some(ip) => chain.push(ip),
                None => return peer,
            }
        }
    }
    let mut client = peer;
    for ip in chain.into_iter().rev() {
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

/// `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or `[2001:db8::1]:443`.
fn parse_forwarded_ip(s: &str) -> Option<IpAddr> {
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    s.parse::<SocketAddr>().ok().map(|a| a.ip().to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xff(v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", v.parse().unwrap());
        h
    }

    #[test]
    fn forwarded_for_counts_only_from_trusted_proxies() {
        let proxies: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        let untrusted: SocketAddr = "203.0.113.9:1000".parse().unwrap();
        let proxy: SocketAddr = "10.1.2.3:1000".parse().unwrap();
        let h = xff("198.51.100.7");
        assert_eq!(client_ip(untrusted, &h, &proxies), untrusted.ip());
        assert_eq!(
            client_ip(proxy, &h, &proxies),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        // A spoofed left-most entry is ignored; the last hop before our proxies counts.
        let h = xff("1.1.1.1, 198.51.100.7, 10.9.9.9");
        assert_eq!(
            client_ip(proxy, &h, &proxies),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(proxy, &HeaderMap::new(), &proxies), proxy.ip());
        assert_eq!(client_ip(proxy, &xff("garbage"), &proxies), proxy.ip());
        assert_eq!(
            client_ip(proxy, &xff("[2001:db8::1]:443"), &proxies),
            "2001:db8::1".parse::<IpAddr>().unwrap()
        );
    }
}
