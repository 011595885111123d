//! How the rows keep a JSON value: as text, in both backends (the published config keeps its
//! bytes). A leaf of the trait layer: the aggregates' rows name it in `#[sqlx(try_from)]`, and
//! nothing here knows the SQL.

/// A JSON value kept in a text column (both backends: the published config keeps its bytes),
/// read into the field's type by `#[sqlx(try_from = "JsonText")]`.
#[derive(sqlx::Type)]
#[sqlx(transparent)]
pub struct JsonText(String);

impl TryFrom<JsonText> for serde_json::Value {
    type Error = serde_json::Error;
    fn try_from(text: JsonText) -> Result<Self, Self::Error> {
        serde_json::from_str(&text.0)
    }
}

impl TryFrom<JsonText> for Vec<String> {
    type Error = serde_json::Error;
    fn try_from(text: JsonText) -> Result<Self, Self::Error> {
        serde_json::from_str(&text.0)
    }
}
