//! Every request Beckon sends out (Web Push now, webhooks next) may be aimed at our own network by
//! whoever chose its address (a push endpoint is the browser's word; a webhook URL the owner's).
//! So, unless `--allow-private-outbound`: only `https`, never to an address that is not public
//! (loopback, private, link-local, shared, documentation, multicast … and the IPv4 forms inside
//! IPv6), checked on the address actually connected to: the client's resolver drops such
//! addresses after DNS (no rebinding around a check made earlier), an address written in the URL
//! is checked before sending, and redirects are not followed.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::Url;

/// How long one outbound request may take, connecting included.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// What outbound requests may reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outbound {
    /// `--allow-private-outbound`: http and private addresses too (tests, closed networks).
    pub allow_private: bool,
}

impl Outbound {
    /// Why `url` may not be requested, if it may not (checked before a request is stored, and
    /// again before it is sent).
    pub fn refusal(&self, url: &Url) -> Option<String> {
        match url.scheme() {
            "https" => {}
            "http" if self.allow_private => {}
            "http" => return Some("must be an https address".into()),
            other => return Some(format!("{other}: is not an http(s) address")),
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Some("must not carry a user name or password".into());
        }
        let literal = match url.host() {
            None => return Some("has no host".into()),
            Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
            Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
            Some(url::Host::Domain(_)) => None,
        };
        match literal {
            Some(ip) if !self.allow_private && !is_public(ip) => {
                Some(format!("{ip} is not a public address"))
            }
            _ => None,
        }
    }

    /// The HTTP client for outbound requests: its resolver keeps only public addresses (unless
    /// private ones are allowed), no redirects, [`TIMEOUT`].
    pub fn client(&self) -> reqwest::Client {
        let mut b = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("Beckon/", env!("CARGO_PKG_VERSION")));
        if !self.allow_private {
            b = b.dns_resolver(Arc::new(PublicOnly));
        }
        b.build().expect("the outbound client builds")
    }
}

/// Whether `ip` is an address of the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => public_v4(v4),
            None => public_v6(v6),
        },
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 192 && b == 0 && ip.octets()[2] == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || first == 0x2001 && ip.segments()[1] == 0x0db8 // documentation
        || first == 0x0064 && ip.segments()[1] == 0xff9b // NAT64, an IPv4 address inside
        || first == 0x2002) // 6to4, an IPv4 address inside
}

/// Resolves names as the system does, then keeps only public addresses; none left is an error
/// naming the host.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = found.into_iter().filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                let e: Box<dyn std::error::Error + Send + Sync> =
                    format!("{host} has no public address (outbound requests reach only the public internet)").into();
                return Err(e);
            }
            let addrs: Addrs = Box::new(public.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_pass() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "2002:7f00:1::",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in [
            "93.184.215.14",
            "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
            "8.8.8.8",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn urls_are_https_to_public_hosts_unless_private_is_allowed() {
        let strict = Outbound::default();
        let open = Outbound {
            allow_private: true,
        };
        let url = |s: &str| Url::parse(s).unwrap();
        assert_eq!(strict.refusal(&url("https://push.example.com/x")), None);
        assert!(strict
            .refusal(&url("http://push.example.com/x"))
            .unwrap()
            .contains("https"));
        assert!(strict
            .refusal(&url("https://127.0.0.1/x"))
            .unwrap()
            .contains("not a public address"));
        assert!(strict.refusal(&url("https://[::1]:8443/x")).is_some());
        assert!(strict
            .refusal(&url("https://u:p@push.example.com/"))
            .is_some());
        assert!(strict.refusal(&url("file:///etc/passwd")).is_some());
        assert_eq!(open.refusal(&url("http://127.0.0.1:9000/x")), None);
        assert!(open.refusal(&url("ftp://127.0.0.1/x")).is_some());
    }
}
