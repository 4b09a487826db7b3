//! The first reading of a request line, before it is read into a request: it refuses a key
//! given twice in any JSON object (serde and serde_json keep the last one and drop the
//! first without a word), a string longer than a cap, and more JSON values than a cap. It
//! keeps nothing but the keys of the objects being read (borrowed from the line unless
//! they hold escapes), so a hostile line costs no more than its own length to check, and
//! the typed reading that follows only ever sees a bounded request.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// The caps the check enforces.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    /// Most JSON values in the line: every number, string, `true`, `false`, `null`, list
    /// and object counts one (an object's keys do not count).
    pub max_values: usize,
    /// Longest string, key or value, in bytes (after unescaping).
    pub max_string_bytes: usize,
}

/// Checks one request line. The error is serde_json's, so it carries the line and column.
pub fn check(text: &str, caps: Caps) -> Result<(), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let mut state = State { caps, values: 0, path: Vec::new() };
    Value { state: &mut state }.deserialize(&mut de)?;
    de.end()
}

/// Where the check is: the keys and list indices from the top of the request.
enum Segment<'de> {
    Key(Cow<'de, str>),
    Index(usize),
}

struct State<'de> {
    caps: Caps,
    values: usize,
    path: Vec<Segment<'de>>,
}

impl State<'_> {
    fn count<E: de::Error>(&mut self) -> Result<(), E> {
        self.values += 1;
        if self.values > self.caps.max_values {
            return Err(E::custom(format_args!(
                "more than {} JSON values in one request (--max-request-values)",
                self.caps.max_values
            )));
        }
        Ok(())
    }

    fn string<E: de::Error>(&self, what: &str, text: &str) -> Result<(), E> {
        if text.len() > self.caps.max_string_bytes {
            return Err(E::custom(format_args!(
                "{what} of {} bytes in {}: longer than {} (--max-string-bytes)",
                text.len(),
                self.place(),
                self.caps.max_string_bytes
            )));
        }
        Ok(())
    }

    /// `` `position.units` `` or `the request`, for messages.
    fn place(&self) -> Place<'_, '_> {
        Place(&self.path)
    }
}

struct Place<'a, 'de>(&'a [Segment<'de>]);

impl fmt::Display for Place<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("the request");
        }
        f.write_str("`")?;
        for (i, segment) in self.0.iter().enumerate() {
            match segment {
                Segment::Key(key) if i == 0 => write!(f, "{}", super::Shown(key))?,
                Segment::Key(key) => write!(f, ".{}", super::Shown(key))?,
                Segment::Index(index) => write!(f, "[{index}]")?,
            }
        }
        f.write_str("`")
    }
}

/// The keys of one object so far: a short list while it is short (most objects have a
/// handful of keys), a hash set once it is long, so that a hostile object with many keys
/// costs no more than linear time.
#[derive(Default)]
struct Seen<'de> {
    few: Vec<Cow<'de, str>>,
    many: HashSet<Cow<'de, str>>,
}

impl<'de> Seen<'de> {
    const FEW: usize = 16;

    /// Adds a key; false if it was there already.
    fn insert(&mut self, key: Cow<'de, str>) -> bool {
        if self.many.is_empty() {
            if self.few.contains(&key) {
                return false;
            }
            if self.few.len() < Self::FEW {
                self.few.push(key);
                return true;
            }
            self.many.extend(self.few.drain(..));
        }
        self.many.insert(key)
    }
}

/// Any JSON value, checked.
struct Value<'s, 'de> {
    state: &'s mut State<'de>,
}

impl<'de> DeserializeSeed<'de> for Value<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Value<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.state.count()
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.state.count()
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.state.count()
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.state.count()
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.state.count()
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        self.state.count()?;
        self.state.string("a string", text)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.state.count()?;
        let mut index = 0;
        loop {
            self.state.path.push(Segment::Index(index));
            let next = seq.next_element_seed(Value { state: &mut *self.state })?;
            self.state.path.pop();
            if next.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.state.count()?;
        let mut seen = Seen::default();
        while let Some(key) = map.next_key_seed(Key)? {
            self.state.string("a key", &key)?;
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format_args!(
                    "duplicate key `{}` in {}: give each key once",
                    super::Shown(&key),
                    self.state.place()
                )));
            }
            self.state.path.push(Segment::Key(key));
            map.next_value_seed(Value { state: &mut *self.state })?;
            self.state.path.pop();
        }
        Ok(())
    }
}

/// An object's key, borrowed from the line when it has no escapes.
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(key))
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(key.to_owned()))
    }

    fn visit_string<E: de::Error>(self, key: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAPS: Caps = Caps { max_values: 100, max_string_bytes: 10 };

    fn message(text: &str) -> String {
        check(text, CAPS).expect_err("refused").to_string()
    }

    #[test]
    fn a_well_formed_request_passes() {
        check(r#"{"id": [1, 2.5, null, true], "a": {"b": ["x", "y"], "c\"d": {}}}"#, CAPS).expect("passes");
    }

    #[test]
    fn a_key_twice_is_named_with_its_place() {
        let m = message(r#"{"position": {"units": {"France": [], "Germany": [], "France": ["A Paris"]}}}"#);
        assert!(m.starts_with("duplicate key `France` in `position.units`: give each key once"), "{m}");
        let m = message(r#"{"id": 1, "id": 2}"#);
        assert!(m.starts_with("duplicate key `id` in the request"), "{m}");
        let m = message(r#"{"a": [{}, {"k": 1, "k": 1}]}"#);
        assert!(m.starts_with("duplicate key `k` in `a[1]`"), "{m}");
        // An escape spells the same key.
        let m = message(r#"{"ab": 1, "a\u0062": 2}"#);
        assert!(m.starts_with("duplicate key `ab`"), "{m}");
    }

    #[test]
    fn a_key_twice_among_many_keys_is_found() {
        let keys: Vec<String> = (0..40).map(|i| format!("\"{i}\": 0")).collect();
        let text = format!("{{{}, \"7\": 1}}", keys.join(", "));
        let caps = Caps { max_values: 1000, max_string_bytes: 10 };
        let m = check(&text, caps).expect_err("refused").to_string();
        assert!(m.starts_with("duplicate key `7` in the request"), "{m}");
    }

    #[test]
    fn long_strings_and_many_values_are_refused() {
        let m = message(r#"{"id": "12345678901"}"#);
        assert!(m.starts_with("a string of 11 bytes in `id`: longer than 10"), "{m}");
        let m = message(r#"{"12345678901": 1}"#);
        assert!(m.starts_with("a key of 11 bytes in the request"), "{m}");
        let many = format!("[{}]", vec!["0"; 100].join(","));
        let m = message(&many);
        assert!(m.starts_with("more than 100 JSON values"), "{m}");
        check(&format!("[{}]", vec!["0"; 99].join(",")), CAPS).expect("99 values and the list: 100");
    }
}
