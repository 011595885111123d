//! Realistic configs: the full fixture (every button, action, condition and match type), the
//! demo page's config, and the many-problems fixture.

use std::collections::BTreeSet;

use beckon_model::*;
use serde_json::Value;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn full() -> Config {
    validate(&fixture("full.json")).unwrap_or_else(|ps| {
        panic!(
            "full.json: {}",
            ps.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

#[test]
fn full_config_passes_and_covers_every_variant() {
    let config = full();
    let used = |names: Vec<&'static str>| names.into_iter().collect::<BTreeSet<_>>();
    let all = |names: &mut dyn Iterator<Item = &'static str>| names.collect::<BTreeSet<_>>();
    assert_eq!(
        used(config.buttons.iter().map(|b| b.kind.as_str()).collect()),
        all(&mut ButtonType::names())
    );
    assert_eq!(
        used(
            config
                .actions
                .iter()
                .map(|a| a.action_type.as_str())
                .collect()
        ),
        all(&mut ActionType::names())
    );
    assert_eq!(ActionType::ALL.len(), 19);
    assert_eq!(
        used(
            config
                .conditions
                .iter()
                .map(|c| c.match_type.as_str())
                .collect()
        ),
        all(&mut MatchType::names())
    );
    assert_eq!(
        used(
            config
                .conditions
                .iter()
                .map(|c| c.filter_type.as_str())
                .collect()
        ),
        all(&mut FilterType::names())
    );
    let placements: Vec<_> = config
        .buttons
        .iter()
        .filter_map(|b| b.options.as_ref()?.placement)
        .collect();
    assert_eq!(placements.len(), config.buttons.len());
    assert!(config
        .actions
        .iter()
        .any(|a| a.schedule.as_ref().is_some_and(|s| !s.show_always)));
}

#[test]
fn full_config_reads_into_the_expected_values() {
    let config = full();
    let shop = config.domain("d-shop").unwrap();
    assert_eq!(shop.kind, Some(DomainType::Pro));
    assert_eq!(shop.aliases, ["www.example.com", "shop.example.com"]);
    let props = shop.properties.as_ref().unwrap();
    assert_eq!(props.zindex, Some(ZIndex::DEFAULT));
    assert_eq!(props.track_ga, Some(true));
    let blog = config.domain("d-blog").unwrap();
    assert_eq!(blog.properties.as_ref().unwrap().zindex, Some(ZIndex::Auto));

    let multi = &config.buttons[2];
    assert_eq!(multi.kind, ButtonType::Multi);
    let opts = multi.options.as_ref().unwrap();
    assert_eq!(opts.position, Some(Position::Absolute));
    assert_eq!(opts.attach_to.as_deref(), Some("footer"));
    assert_eq!(
        multi.multi_button_options.as_ref().unwrap().default_state,
        Some(MultiButtonState::Closed)
    );
    let full_bar = &config.buttons[1];
    let scroll = full_bar.options.as_ref().unwrap().scroll.as_ref().unwrap();
    assert_eq!(
        (scroll.reveal_at_height, scroll.never_hide),
        (Some(200), Some(true))
    );

    let phone = config.action("a-phone").unwrap();
    let schedule = phone.schedule.as_ref().unwrap();
    assert_eq!(
        schedule.days_of_week,
        Some([true, true, true, true, true, false, false])
    );
    assert_eq!(schedule.start.as_deref(), Some("09:00"));
    let email = config.action("a-email").unwrap();
    assert_eq!(email.properties["subject"], "Question from the website");

    let options = config.options.as_ref().unwrap();
    assert_eq!(
        options.date,
        Some(ConfigDate::Iso("2024-05-01T09:30:00Z".into()))
    );
    assert_eq!(
        config.condition("c-chat").unwrap().condition_type,
        ConditionType::Chat
    );
}

#[test]
fn full_config_round_trips() {
    let text = fixture("full.json");
    let original: Value = serde_json::from_str(&text).unwrap();
    let config = full();
    let written = serde_json::to_value(&config).unwrap();
    // The fixture is written the way the model writes: no nulls, no empty lists.
    assert_eq!(written, original);
    let again: Config = serde_json::from_value(written).unwrap();
    assert_eq!(again, config);
}

#[test]
fn millisecond_dates_round_trip() {
    let text = fixture("full.json").replace(r#""2024-05-01T09:30:00Z""#, "1714555800000");
    let config = validate(&text).unwrap();
    assert_eq!(
        config.options.as_ref().unwrap().date,
        Some(ConfigDate::Millis(1714555800000))
    );
    let written = serde_json::to_value(&config).unwrap();
    assert_eq!(written["options"]["date"], 1714555800000i64);
}

#[test]
fn demo_config_is_valid_and_has_one_button_of_each_type() {
    let config = validate(&fixture("demo.json")).unwrap();
    assert_eq!(config.domains[0].name, "localhost");
    let kinds: BTreeSet<_> = config.buttons.iter().map(|b| b.kind.as_str()).collect();
    assert_eq!(kinds, ButtonType::names().collect());
    let placements: BTreeSet<_> = config
        .buttons
        .iter()
        .map(|b| b.options.as_ref().unwrap().placement.unwrap().as_str())
        .collect();
    assert_eq!(placements.len(), config.buttons.len(), "placements differ");
    for a in &config.actions {
        assert!(
            a.icon_text.is_some() && a.label_text.is_some(),
            "{} has an icon and a label",
            a.id
        );
    }
    assert!(
        config.options.is_none(),
        "the demo page sets apiRoot and cssLocation"
    );
}

#[test]
fn many_problems_are_all_reported_in_order() {
    let problems = validate(&fixture("many-problems.json")).unwrap_err();
    let lines: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    let expected = fixture("many-problems.txt");
    assert_eq!(lines, expected.lines().collect::<Vec<_>>());
    assert!(lines.len() > 30);
}

#[test]
fn enum_wire_names_match_serde() {
    fn check<
        E: WireEnum + serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    >() {
        for &e in E::ALL {
            assert_eq!(serde_json::to_value(e).unwrap(), e.as_str());
            assert_eq!(serde_json::from_value::<E>(e.as_str().into()).unwrap(), e);
        }
    }
    check::<ButtonType>();
    check::<Placement>();
    check::<Position>();
    check::<DisplayMode>();
    check::<Animation>();
    check::<IconType>();
    check::<MultiButtonState>();
    check::<ActionType>();
    check::<FilterType>();
    check::<ConditionType>();
    check::<MatchType>();
    check::<DomainType>();
}

#[test]
fn summary_line() {
    assert_eq!(summary(&full()), "ok: 5 buttons, 19 actions");
}
