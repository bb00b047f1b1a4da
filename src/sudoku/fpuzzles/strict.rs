//! Reading JSON as serde_json's `Value`, but refusing a key given twice in
//! an object: `Value` keeps the last value of a repeated key and drops the
//! others without a word, so a second `"killercage": []` would silently
//! take the cages of the first away.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Where a repeated key was met: its JSON path (`killercage`,
/// `grid[0][3].value`).
pub(super) type Repeated = RefCell<Option<String>>;

/// Reads `text` as one JSON value; a repeated key is an error, and
/// `repeated` then holds its path.
pub(super) fn parse(text: &str, repeated: &Repeated) -> serde_json::Result<Value> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = Strict {
        parent: None,
        step: Step::Root,
        repeated,
    }
    .deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// One step of a JSON path.
#[derive(Clone, Copy)]
enum Step<'a> {
    Root,
    Key(&'a str),
    Index(usize),
}

/// The value at a path, read with repeated keys refused. The path is a
/// chain of steps, written out only when a key is repeated.
struct Strict<'a> {
    parent: Option<&'a Strict<'a>>,
    step: Step<'a>,
    repeated: &'a Repeated,
}

impl Strict<'_> {
    /// The path, as the messages of f-puzzles errors write it.
    fn path(&self, key: &str) -> String {
        let mut steps = vec![Step::Key(key)];
        let mut at = Some(self);
        while let Some(strict) = at {
            steps.push(strict.step);
            at = strict.parent;
        }
        let mut path = String::new();
        for step in steps.iter().rev() {
            match step {
                Step::Root => {}
                Step::Key(key) if path.is_empty() => path.push_str(key),
                Step::Key(key) => {
                    path.push('.');
                    path.push_str(key);
                }
                Step::Index(i) => path.push_str(&format!("[{i}]")),
            }
        }
        path
    }
}

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut values = Vec::new();
        loop {
            let element = Strict {
                parent: Some(&self),
                step: Step::Index(values.len()),
                repeated: self.repeated,
            };
            match seq.next_element_seed(element)? {
                Some(value) => values.push(value),
                None => return Ok(Value::Array(values)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                *self.repeated.borrow_mut() = Some(self.path(&key));
                return Err(de::Error::custom(format!("the key {key:?} is repeated")));
            }
            let value = map.next_value_seed(Strict {
                parent: Some(&self),
                step: Step::Key(&key),
                repeated: self.repeated,
            })?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_keys_are_named_by_their_path() {
        let repeated = Repeated::default();
        let value = parse(r#"{"a":[1,{"b":2}],"c":null}"#, &repeated).expect("no repeat");
        assert_eq!(value["a"][1]["b"], 2);
        assert!(parse(r#"{"a":[1,{"b":2,"b":3}]}"#, &repeated).is_err());
        assert_eq!(repeated.borrow().as_deref(), Some("a[1].b"));
        assert!(parse(r#"{"size":4,"size":9}"#, &repeated).is_err());
        assert_eq!(repeated.borrow().as_deref(), Some("size"));
    }
}
