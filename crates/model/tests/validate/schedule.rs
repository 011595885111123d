//! Schedules: one daily window or a window per day, times of day and time zones.

use serde_json::{json, Value};

use super::{assert_one, assert_valid, problems, with};
use beckon_model::validate_value;

fn schedule(s: Value) -> Value {
    with(&[("/actions/0/schedule", s)])
}

#[test]
fn schedules() {
    let week = json!([true, true, true, true, true, false, false]);
    assert_valid(schedule(json!({"showAlways": true})));
    assert_valid(schedule(json!({
        "showAlways": false, "timezone": "America/Argentina/Salta", "daysOfWeek": week,
        "start": "22:00", "stop": "06:00", "outsideHours": true
    })));
    assert_one(
        schedule(json!({"showAlways": false, "start": "09:00", "stop": "5pm"})),
        "actions[0].schedule.stop",
        r#""5pm" is not a time of day as HH:mm (00:00 to 23:59)"#,
    );
    assert_one(
        schedule(json!({"showAlways": false, "start": "24:00", "stop": "17:00"})),
        "actions[0].schedule.start",
        r#""24:00" is not a time of day as HH:mm (00:00 to 23:59)"#,
    );
    assert_eq!(
        problems(&schedule(json!({"showAlways": false}))),
        vec![
            (
                "actions[0].schedule.start".into(),
                "missing: required when showAlways is false (or give each day's window in hours)"
                    .into()
            ),
            (
                "actions[0].schedule.stop".into(),
                "missing: required when showAlways is false (or give each day's window in hours)"
                    .into()
            ),
        ]
    );
    assert_one(
        schedule(json!({"showAlways": true, "daysOfWeek": [true, true, true, true, true, true]})),
        "actions[0].schedule.daysOfWeek",
        "must hold 7 booleans, Monday first; found 6 entries",
    );
    assert_one(
        schedule(
            json!({"showAlways": true, "daysOfWeek": [true, true, true, true, true, true, 1]}),
        ),
        "actions[0].schedule.daysOfWeek[6]",
        "expected a boolean, found a number",
    );
    assert_one(
        schedule(json!({"showAlways": true, "timezone": "CET+1"})),
        "actions[0].schedule.timezone",
        r#""CET+1" is not an IANA time zone name (like "Europe/Amsterdam" or "UTC")"#,
    );
    assert_one(
        with(&[("/domains/0/timezone", json!("Amsterdam"))]),
        "domains[0].timezone",
        r#""Amsterdam" is not an IANA time zone name (like "Europe/Amsterdam" or "UTC")"#,
    );
    let config =
        validate_value(&schedule(json!({"showAlways": true, "daysOfWeek": week}))).unwrap();
    let days = config.actions[0]
        .schedule
        .as_ref()
        .unwrap()
        .days_of_week
        .unwrap();
    assert_eq!(days, [true, true, true, true, true, false, false]);
}

#[test]
fn hours_by_day_take_the_place_of_days_start_and_stop() {
    let shop = json!([
        {"start": "09:00", "stop": "18:00"}, {"start": "09:00", "stop": "18:00"},
        {"start": "09:00", "stop": "18:00"}, {"start": "09:00", "stop": "18:00"},
        {"start": "09:00", "stop": "18:00"}, {"start": "10:00", "stop": "14:00"}, null
    ]);
    let config = validate_value(&schedule(json!({
        "showAlways": false, "timezone": "Europe/Amsterdam", "hours": shop
    })))
    .unwrap();
    let hours = config.actions[0]
        .schedule
        .as_ref()
        .unwrap()
        .hours
        .clone()
        .unwrap();
    assert_eq!(hours[5].as_ref().unwrap().start, "10:00");
    assert_eq!(hours[6], None);
    // Overnight windows are written like any other: the stop before the start.
    let mut late = shop.clone();
    late[4] = json!({"start": "22:00", "stop": "02:00"});
    assert_valid(schedule(json!({"showAlways": false, "hours": late})));

    // Mixed with the one-window fields, which one counts would be a guess.
    let mixed =
        "not used with hours, which gives each day's window: leave daysOfWeek, start and stop out";
    assert_eq!(
        problems(&schedule(json!({
            "showAlways": false, "daysOfWeek": [true, true, true, true, true, false, false],
            "start": "09:00", "hours": shop
        }))),
        vec![
            ("actions[0].schedule.daysOfWeek".into(), mixed.into()),
            ("actions[0].schedule.start".into(), mixed.into()),
        ]
    );
    assert_one(
        schedule(json!({"showAlways": false, "hours": [null, null, null, null, null, null]})),
        "actions[0].schedule.hours",
        "must hold 7 entries (a day's window, or null when closed), Monday first; found 6 entries",
    );
    let mut broken = shop.clone();
    broken[2] = json!({"start": "09:00", "stop": "6pm"});
    assert_one(
        schedule(json!({"showAlways": false, "hours": broken})),
        "actions[0].schedule.hours[2].stop",
        r#""6pm" is not a time of day as HH:mm (00:00 to 23:59)"#,
    );
    let mut half = shop.clone();
    half[0] = json!({"start": "09:00"});
    assert_one(
        schedule(json!({"showAlways": false, "hours": half})),
        "actions[0].schedule.hours[0].stop",
        "missing required field",
    );
    let mut closed_as_text = shop;
    closed_as_text[6] = json!("closed");
    assert_one(
        schedule(json!({"showAlways": false, "hours": closed_as_text})),
        "actions[0].schedule.hours[6]",
        "expected an object, found a string",
    );
}
