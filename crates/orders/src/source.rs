//! Finding the line a string of a RON or JSON file came from, in time linear in the file:
//! the file's string literals are indexed once, and each lookup takes the next occurrence
//! not yet taken, so a repeated string (a duplicate unit, the second of two equal orders)
//! is placed on its own line.

use std::collections::HashMap;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};

use indexmap::IndexMap;

/// The string literals of a RON or JSON text and their lines.
#[derive(Debug, Default)]
pub struct SourceIndex<'a> {
    /// Raw string contents (between the quotes) → their lines, and how many were taken.
    strings: HashMap<&'a str, (Vec<usize>, usize)>,
}

impl<'a> SourceIndex<'a> {
    /// Indexes the strings of `text`, skipping `//` and `/* */` comments.
    pub fn new(text: &'a str) -> Self {
        let mut strings: HashMap<&'a str, (Vec<usize>, usize)> = HashMap::new();
        let bytes = text.as_bytes();
        let (mut i, mut line) = (0, 1);
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => line += 1,
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                    continue;
                }
                b'/' if bytes.get(i + 1) == Some(&b'*') => {
                    i += 2;
                    while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                        line += usize::from(bytes[i] == b'\n');
                        i += 1;
                    }
                    i += 2;
                    continue;
                }
                b'"' => {
                    let (start, start_line) = (i + 1, line);
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        if bytes[i] == b'\\' {
                            i += 1;
                        }
                        line += usize::from(bytes.get(i) == Some(&b'\n'));
                        i += 1;
                    }
                    let end = i.min(bytes.len());
                    if let Some(content) = text.get(start..end) {
                        strings.entry(content).or_default().0.push(start_line);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        SourceIndex { strings }
    }

    /// The line of the next occurrence of the string `needle` not yet taken (the last one
    /// again once all are taken), or `None` if the text has no such string.
    pub fn take(&mut self, needle: &str) -> Option<usize> {
        let (lines, taken) = self.strings.get_mut(needle)?;
        let line = lines.get(*taken).or(lines.last()).copied();
        *taken += 1;
        line
    }

    /// The line of the first occurrence of `needle`, without taking it.
    pub fn first(&self, needle: &str) -> Option<usize> {
        self.strings.get(needle).and_then(|(lines, _)| lines.first().copied())
    }
}

/// A map from names to values that refuses a name given twice, where a plain map would
/// silently keep only the last (`{"England": [...], "England": [...]}`). The error comes
/// from the deserialiser, so it carries the file's line and column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UniqueKeys<V>(pub IndexMap<String, V>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for UniqueKeys<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Unique<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Unique<V> {
            type Value = IndexMap<String, V>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map from names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut map = IndexMap::new();
                while let Some(key) = access.next_key::<String>()? {
                    if map.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!("`{key}` is given twice")));
                    }
                    let value = access.next_value()?;
                    map.insert(key, value);
                }
                Ok(map)
            }
        }
        deserializer.deserialize_map(Unique(std::marker::PhantomData)).map(UniqueKeys)
    }
}

/// `#[serde(deserialize_with)]` for an `IndexMap<String, V>` field that refuses a key given twice.
pub fn unique_keys<'de, D: Deserializer<'de>, V: Deserialize<'de>>(d: D) -> Result<IndexMap<String, V>, D::Error> {
    UniqueKeys::deserialize(d).map(|u| u.0)
}

/// [`unique_keys`] for an optional map.
pub fn unique_keys_opt<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    d: D,
) -> Result<Option<IndexMap<String, V>>, D::Error> {
    UniqueKeys::deserialize(d).map(|u| Some(u.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_strings_are_placed_on_their_own_lines() {
        let text = "// \"A Paris\" in a comment\n{\n  \"England\": [\"A Paris\",\n \"A Paris\"],\n /* \"A Paris\" */ \"x\": \"A Paris\" }";
        let mut index = SourceIndex::new(text);
        assert_eq!(index.take("A Paris"), Some(3));
        assert_eq!(index.take("A Paris"), Some(4));
        assert_eq!(index.take("A Paris"), Some(5));
        assert_eq!(index.first("England"), Some(3));
        assert_eq!(index.take("Nowhere"), None);
    }

    #[test]
    fn a_key_given_twice_is_an_error_with_its_line() {
        let json = "{\"England\": [\"F London\"],\n \"England\": [\"A Liverpool\"]}";
        let error = serde_json::from_str::<UniqueKeys<Vec<String>>>(json).expect_err("duplicate");
        assert!(error.to_string().contains("`England` is given twice"), "{error}");
        assert_eq!(error.line(), 2);
        let ron = "{\"England\": [\"F London\"],\n \"England\": [\"A Liverpool\"]}";
        let error = ron::from_str::<UniqueKeys<Vec<String>>>(ron).expect_err("duplicate");
        assert!(error.to_string().contains("`England` is given twice"), "{error}");
        assert_eq!(error.position.line, 2);
    }
}
