//! A minimal MaxMind DB writer (format 2.0, 24-bit records, IPv6 tree with IPv4 under ::/96),
//! enough for country databases in tests: `{"country": {"iso_code": "GB"}}` per network.

use std::collections::HashMap;
use std::net::IpAddr;

#[derive(Clone, Copy)]
enum Rec {
    Empty,
    Node(usize),
    Data(usize),
}

fn control(out: &mut Vec<u8>, ty: u8, size: usize) {
    let (bits, extra): (u8, Vec<u8>) = if size < 29 {
        (size as u8, vec![])
    } else if size < 29 + 256 {
        (29, vec![(size - 29) as u8])
    } else if size < 285 + 65536 {
        (30, ((size - 285) as u16).to_be_bytes().to_vec())
    } else {
        (31, ((size - 65821) as u32).to_be_bytes()[1..].to_vec())
    };
    if ty <= 7 {
        out.push((ty << 5) | bits);
    } else {
        out.push(bits);
        out.push(ty - 7);
    }
    out.extend(extra);
}

fn string(out: &mut Vec<u8>, s: &str) {
    control(out, 2, s.len());
    out.extend_from_slice(s.as_bytes());
}

fn uint(out: &mut Vec<u8>, ty: u8, v: u64) {
    let bytes = v.to_be_bytes();
    let skip = bytes.iter().take_while(|b| **b == 0).count();
    control(out, ty, 8 - skip);
    out.extend_from_slice(&bytes[skip..]);
}

fn map_header(out: &mut Vec<u8>, pairs: usize) {
    control(out, 7, pairs);
}

/// An MMDB file mapping each `(cidr, iso_code)`; networks must not overlap.
pub fn country_db(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut data = Vec::new();
    let mut offsets: HashMap<String, usize> = HashMap::new();
    let mut nodes: Vec<[Rec; 2]> = vec![[Rec::Empty, Rec::Empty]];
    for (cidr, iso) in entries {
        let off = *offsets.entry(iso.to_string()).or_insert_with(|| {
            let off = data.len();
            map_header(&mut data, 1);
            string(&mut data, "country");
            map_header(&mut data, 1);
            string(&mut data, "iso_code");
            string(&mut data, iso);
            off
        });
        let (addr, len) = cidr.split_once('/').expect("cidr");
        let addr: IpAddr = addr.parse().expect("address");
        let len: usize = len.parse().expect("prefix length");
        let (bits, len) = match addr {
            IpAddr::V4(a) => (u32::from(a) as u128, len + 96),
            IpAddr::V6(a) => (u128::from(a), len),
        };
        let bit = |i: usize| ((bits >> (127 - i)) & 1) as usize;
        let mut node = 0;
        for i in 0..len - 1 {
            node = match nodes[node][bit(i)] {
                Rec::Node(n) => n,
                Rec::Empty => {
                    nodes.push([Rec::Empty, Rec::Empty]);
                    let n = nodes.len() - 1;
                    nodes[node][bit(i)] = Rec::Node(n);
                    n
                }
                Rec::Data(_) => panic!("overlapping networks"),
            };
        }
        nodes[node][bit(len - 1)] = Rec::Data(off);
    }
    let count = nodes.len();
    let mut out = Vec::new();
    for n in &nodes {
        for r in n {
            let v = match *r {
                Rec::Empty => count,
                Rec::Node(i) => i,
                Rec::Data(off) => count + 16 + off,
            } as u32;
            out.extend_from_slice(&v.to_be_bytes()[1..]);
        }
    }
    out.extend_from_slice(&[0u8; 16]);
    out.extend_from_slice(&data);
    out.extend_from_slice(b"\xab\xcd\xefMaxMind.com");
    map_header(&mut out, 9);
    string(&mut out, "binary_format_major_version");
    uint(&mut out, 5, 2);
    string(&mut out, "binary_format_minor_version");
    uint(&mut out, 5, 0);
    string(&mut out, "build_epoch");
    uint(&mut out, 9, 1_700_000_000);
    string(&mut out, "database_type");
    string(&mut out, "Beckon-Test-Country");
    string(&mut out, "description");
    map_header(&mut out, 1);
    string(&mut out, "en");
    string(&mut out, "Beckon test database");
    string(&mut out, "ip_version");
    uint(&mut out, 5, 6);
    string(&mut out, "languages");
    control(&mut out, 11, 1);
    string(&mut out, "en");
    string(&mut out, "node_count");
    uint(&mut out, 6, count as u64);
    string(&mut out, "record_size");
    uint(&mut out, 5, 24);
    out
}
