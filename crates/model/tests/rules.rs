//! The rules the widget and the server both apply, checked on the shared tables of cases in
//! tests/fixtures/rules/ (the widget's tests read the same files).

use beckon_model::{domain_name_problem, host_matches, is_email, is_http_url, normalize_host};
use serde_json::Value;

fn table(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn str_of<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} in {case}"))
}

#[test]
fn hosts_normalise_as_the_table_says() {
    for case in table("hosts.json")["normalize"].as_array().unwrap() {
        let input = str_of(case, "input");
        assert_eq!(normalize_host(input), str_of(case, "host"), "{input:?}");
    }
}

#[test]
fn domains_match_hosts_as_the_table_says() {
    for case in table("hosts.json")["matches"].as_array().unwrap() {
        let aliases: Vec<String> = serde_json::from_value(case["aliases"].clone()).unwrap();
        let got = host_matches(str_of(case, "name"), &aliases, str_of(case, "host"));
        assert_eq!(got, case["matches"].as_bool().unwrap(), "{case}");
    }
}

#[test]
fn domain_names_are_hosts_without_a_port() {
    for case in table("hosts.json")["names"].as_array().unwrap() {
        let name = str_of(case, "name");
        let problem = domain_name_problem(name);
        assert_eq!(
            problem.is_none(),
            case["ok"].as_bool().unwrap(),
            "{name:?}: {problem:?}"
        );
    }
    let port = domain_name_problem("shop.example.com:8443").unwrap();
    assert!(port.contains("has a port"), "{port}");
}

#[test]
fn http_urls_as_the_table_says() {
    let t = table("http-urls.json");
    for v in t["valid"].as_array().unwrap() {
        assert!(is_http_url(v.as_str().unwrap()), "{v} should be valid");
    }
    for v in t["invalid"].as_array().unwrap() {
        assert!(!is_http_url(v.as_str().unwrap()), "{v} should be invalid");
    }
}

#[test]
fn emails_as_the_table_says() {
    let t = table("emails.json");
    for v in t["valid"].as_array().unwrap() {
        assert!(is_email(v.as_str().unwrap()), "{v} should be valid");
    }
    for v in t["invalid"].as_array().unwrap() {
        assert!(!is_email(v.as_str().unwrap()), "{v} should be invalid");
    }
}
