//! A domain's config entry (spec §3.1) and the rules that bind a config to its domain: what the
//! owner API checks and writes back, and what seeding the demo does. Pure logic, no I/O.

use beckon_model::Problem;
use serde_json::{json, Map, Value};

use beckon_store::Domain;

/// A domain as its config entry (spec §3.1).
pub fn domain_entry(d: &Domain) -> Value {
    let mut e = Map::new();
    e.insert("id".into(), json!(d.id));
    e.insert("name".into(), json!(d.name));
    e.insert("aliases".into(), json!(d.aliases));
    e.insert("type".into(), json!(d.domain_type));
    if let Some(tz) = &d.timezone {
        e.insert("timezone".into(), json!(tz));
    }
    e.insert(
        "properties".into(),
        if d.properties.is_object() {
            d.properties.clone()
        } else {
            json!({})
        },
    );
    Value::Object(e)
}

/// Copies a (valid) config entry's name, aliases, type, timezone and properties onto `d`.
pub fn apply_domain_entry(d: &mut Domain, entry: &Value) {
    if let Some(n) = entry.get("name").and_then(Value::as_str) {
        d.name = n.trim().to_owned();
    }
    d.aliases = entry
        .get("aliases")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(|s| s.trim().to_owned())
                .collect()
        })
        .unwrap_or_default();
    if let Some(t) = entry.get("type").and_then(Value::as_str) {
        d.domain_type = t.to_owned();
    }
    d.timezone = entry
        .get("timezone")
        .and_then(Value::as_str)
        .map(str::to_owned);
    d.properties = entry
        .get("properties")
        .filter(|p| p.is_object())
        .cloned()
        .unwrap_or_else(|| json!({}));
}

/// Makes `config` hold `d` as its only domain: its domain entries are replaced by `d`'s, and
/// buttons that pointed at a replaced entry point at `d`.
pub fn bind_config_to_domain(config: &mut Value, d: &Domain) {
    let Some(obj) = config.as_object_mut() else {
        return;
    };
    let old_ids: Vec<String> = obj
        .get("domains")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| e.get("id").and_then(Value::as_str).map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    obj.insert("domains".into(), json!([domain_entry(d)]));
    if let Some(buttons) = obj.get_mut("buttons").and_then(Value::as_array_mut) {
        for b in buttons {
            let points_at_old = b
                .get("domainId")
                .and_then(Value::as_str)
                .is_some_and(|id| old_ids.iter().any(|o| o == id));
            if points_at_old {
                b["domainId"] = json!(d.id);
            }
        }
    }
}

/// A fresh config for a domain: no buttons yet.
pub fn empty_config(d: &Domain) -> Value {
    json!({
        "userId": d.org_id,
        "domains": [domain_entry(d)],
        "buttons": [],
        "actions": [],
        "conditions": [],
        "options": {},
    })
}

/// Problems with the config's domain entries beyond the model's: the config must hold exactly
/// this domain, and names must be host names.
pub fn binding_problems(config: &Value, d: &Domain) -> Vec<Problem> {
    let mut problems = Vec::new();
    let Some(domains) = config.get("domains").and_then(Value::as_array) else {
        return problems; // the model reports a missing or mistyped list
    };
    if domains.is_empty() {
        problems.push(Problem::new(
            "domains",
            format!("must hold this domain (id {:?})", d.id),
        ));
    }
    for (i, e) in domains.iter().enumerate() {
        if let Some(id) = e.get("id").and_then(Value::as_str) {
            if id != d.id {
                problems.push(Problem::new(
                    format!("domains[{i}].id"),
                    format!(
                        "must be {:?}, this domain's id: a config holds only its own domain",
                        d.id
                    ),
                ));
            }
        }
        if let Some(n) = e.get("name").and_then(Value::as_str) {
            if let Some(p) = beckon_model::domain_name_problem(n) {
                problems.push(Problem::new(format!("domains[{i}].name"), p));
            }
        }
        if let Some(aliases) = e.get("aliases").and_then(Value::as_array) {
            for (j, a) in aliases.iter().enumerate() {
                if let Some(p) = a.as_str().and_then(beckon_model::domain_name_problem) {
                    problems.push(Problem::new(format!("domains[{i}].aliases[{j}]"), p));
                }
            }
        }
    }
    problems
}

/// Where a problem sits in a config, roughly: top-level section, then index inside it.
fn problem_rank(path: &str) -> (usize, usize) {
    const SECTIONS: [&str; 5] = ["domains", "buttons", "actions", "conditions", "options"];
    let head: String = path
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let Some(section) = SECTIONS.iter().position(|s| *s == head) else {
        return (0, 0);
    };
    let index = path[head.len()..]
        .strip_prefix('[')
        .and_then(|r| r.split(']').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    (section + 1, index)
}

/// Every problem of a config for domain `d`, in document order (roughly: each of ours goes
/// after the model's problems of the same entry).
pub fn config_problems(config: &Value, d: &Domain) -> Vec<Problem> {
    let mut problems = beckon_model::problems(config);
    for p in binding_problems(config, d) {
        if problems.contains(&p) {
            continue;
        }
        let rank = problem_rank(&p.path);
        let at = problems
            .iter()
            .position(|q| problem_rank(&q.path) > rank)
            .unwrap_or(problems.len());
        problems.insert(at, p);
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use beckon_store::Domain;
    use serde_json::json;

    fn domain() -> Domain {
        Domain {
            id: "d1".into(),
            org_id: "o".into(),
            name: "shop.example.com".into(),
            aliases: vec![],
            domain_type: "PRO".into(),
            properties: json!({"chat-legal-enabled": "true"}),
            timezone: Some("Europe/London".into()),
            created_at: 0,
        }
    }

    #[test]
    fn binding_rewrites_domain_and_button_ids() {
        let mut c = json!({"userId": "u", "domains": [{"id": "old", "name": "x"}],
            "buttons": [{"domainId": "old"}, {"domainId": "other"}]});
        bind_config_to_domain(&mut c, &domain());
        assert_eq!(c["domains"][0]["id"], "d1");
        assert_eq!(c["domains"][0]["timezone"], "Europe/London");
        assert_eq!(c["buttons"][0]["domainId"], "d1");
        assert_eq!(c["buttons"][1]["domainId"], "other");
        assert!(config_problems(&empty_config(&domain()), &domain()).is_empty());
    }

    #[test]
    fn foreign_domain_entries_are_problems() {
        let c = json!({"userId": "u", "domains": [{"id": "d2", "name": "https://x.test/"}], "buttons": []});
        let paths: Vec<String> = config_problems(&c, &domain())
            .into_iter()
            .map(|p| p.path)
            .collect();
        assert_eq!(paths, ["domains[0].id", "domains[0].name"]);
    }
}
