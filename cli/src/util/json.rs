//! One JSON object a line (JSON Lines), as every command's `--json` writes
//! it: the keys in the order given (serde_json's own maps sort them), and
//! counts past `u64::MAX` as strings of their digits, as the part reports
//! of `cover --count --json` write them (docs/json.md).

use serde_json::Value;

/// The fields of one object, in order.
pub type Fields = Vec<(&'static str, Value)>;

/// The object of `fields`, keys in their order, on one line ending with a
/// line end.
///
/// ```
/// use exactcover_cli::util::json::line;
/// use serde_json::json;
///
/// let text = line(&[("verdict", json!("unique")), ("count", json!(1))]);
/// assert_eq!(text, "{\"verdict\":\"unique\",\"count\":1}\n");
/// ```
#[must_use]
pub fn line(fields: &[(&str, Value)]) -> String {
    let mut text = String::from("{");
    for (i, (key, value)) in fields.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&Value::from(*key).to_string());
        text.push(':');
        text.push_str(&value.to_string());
    }
    text.push_str("}\n");
    text
}

/// A count: a number, or past `u64::MAX` the string of its digits (a
/// JSON number that large loses digits in most readers).
///
/// ```
/// use exactcover_cli::util::json::count;
///
/// assert_eq!(count(92).to_string(), "92");
/// assert_eq!(count(u128::from(u64::MAX) + 1).to_string(), "\"18446744073709551616\"");
/// ```
#[must_use]
pub fn count(n: u128) -> Value {
    match u64::try_from(n) {
        Ok(small) => small.into(),
        Err(_) => n.to_string().into(),
    }
}
