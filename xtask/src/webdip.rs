//! webDiplomacy's and vDiplomacy's variant definitions, read as data for `cargo xtask
//! source-facts`: a variant's `install.php` (its territories and borders), its
//! `classes/adjudicatorPreGame.php` (the opening units, `$countryUnits`) and its
//! `variant.php` (the powers, `$countries`, which the territories may name by number).
//!
//! Only PHP's literals are read: the `array(...)` that `$territoryRawData`,
//! `$bordersRawData`, `$countryUnits` and `$countries` are set to, and the `list(...)` that
//! names the columns of a territory row and a border row. Code is not run: the one
//! statement read besides is a `DELETE` from webDiplomacy's border tables of one border
//! by territory number (North Sea Wars makes its one-way borders so); any other SQL an
//! `install.php` runs is an error, as is a row of another shape than its `list(...)`.
//!
//! What webDiplomacy makes of the rows (its `variants/install.php`, read for behaviour):
//! each border row joins the two territories both ways, for fleets and armies as its two
//! `Yes`/`No` columns say; a territory named `Name (Something Coast)` is a coast of the
//! territory `Name`; fleets move between coasts and provinces without coasts only, armies
//! between provinces only; territories are numbered from 1 in the order they are listed;
//! a supply centre whose row names a country is a home of that country.

use std::collections::BTreeMap;

/// A PHP literal.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    /// `array(...)`: its items, each with its key if written `key => value`.
    Array(Vec<(Option<Value>, Value)>),
}

impl Value {
    fn text(&self) -> Option<String> {
        match self {
            Value::Str(s) => Some(s.clone()),
            Value::Int(n) => Some(n.to_string()),
            Value::Array(_) => None,
        }
    }
}

/// Who a territory belongs to at the start, as its row says.
#[derive(Clone, Debug, PartialEq)]
pub enum Owner {
    Nobody,
    /// A country by name (`'England'`).
    Named(String),
    /// A country by its number in `variant.php`'s `$countries`, from 1.
    Numbered(i64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Territory {
    pub name: String,
    pub supply: bool,
    pub owner: Owner,
    /// The line of the file the row is on.
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Border {
    pub from: String,
    pub to: String,
    pub fleets: bool,
    pub armies: bool,
    pub line: usize,
}

/// An `install.php`: its territories in order, its borders, and the borders its footer
/// deletes, `(from, to)` by territory number (from 1) in that direction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Install {
    pub territories: Vec<Territory>,
    pub borders: Vec<Border>,
    pub deleted: Vec<(usize, usize)>,
}

/// An opening unit: country, territory, fleet or not.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    pub country: String,
    pub territory: String,
    pub fleet: bool,
}

/// The text of a PHP file with its comments blanked out (newlines kept, so lines count
/// true), strings left as they are.
fn without_comments(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\'' || c == b'"' {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i] != c {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
            out.push_str(&text[start..i]);
        } else if text[i..].starts_with("//") || c == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                out.push(' ');
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            let end = text[i + 2..].find("*/").map_or(bytes.len(), |e| i + 2 + e + 2);
            for ch in text[i..end].chars() {
                out.push(if ch == '\n' { '\n' } else { ' ' });
            }
            i = end;
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// A reader of PHP literals over a text, keeping the line.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn line(&self) -> usize {
        self.text[..self.at].matches('\n').count() + 1
    }

    fn skip_space(&mut self) {
        while self.text[self.at..].starts_with(|c: char| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        if self.text[self.at..].starts_with(token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    fn error(&self, expected: &str) -> String {
        let rest: String = self.text[self.at..].chars().take(30).collect();
        format!("line {}: expected {expected}, found `{}`", self.line(), rest.trim_end())
    }

    fn value(&mut self) -> Result<Value, String> {
        self.skip_space();
        let rest = &self.text[self.at..];
        if rest.starts_with("array(") || rest.starts_with("array (") {
            self.at += rest.find('(').unwrap_or(0) + 1;
            return self.items(")");
        }
        if rest.starts_with('[') {
            self.at += 1;
            return self.items("]");
        }
        if let Some(quote) = rest.chars().next().filter(|&c| c == '\'' || c == '"') {
            let mut out = String::new();
            let mut chars = rest.char_indices().skip(1);
            while let Some((i, c)) = chars.next() {
                if c == quote {
                    self.at += i + 1;
                    return Ok(Value::Str(out));
                }
                if c == '\\' {
                    match chars.next() {
                        Some((_, e)) if e == quote || e == '\\' => out.push(e),
                        Some((_, e)) => {
                            out.push('\\');
                            out.push(e);
                        }
                        None => break,
                    }
                } else {
                    out.push(c);
                }
            }
            return Err(self.error("the end of the string"));
        }
        let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '-')).unwrap_or(rest.len());
        match rest[..digits].parse::<i64>() {
            Ok(n) if digits > 0 => {
                self.at += digits;
                Ok(Value::Int(n))
            }
            _ => Err(self.error("a string, a number or array(")),
        }
    }

    /// The items of an array up to `close`, the opening bracket read.
    fn items(&mut self, close: &str) -> Result<Value, String> {
        let mut items = Vec::new();
        loop {
            if self.eat(close) {
                return Ok(Value::Array(items));
            }
            let first = self.value()?;
            if self.eat("=>") {
                items.push((Some(first), self.value()?));
            } else {
                items.push((None, first));
            }
            if !self.eat(",") {
                return if self.eat(close) {
                    Ok(Value::Array(items))
                } else {
                    Err(self.error(&format!("`,` or `{close}`")))
                };
            }
        }
    }
}

/// The value `$name` is set to (`$name = array(...)`, or a property `... $name = ...`),
/// with the line of each row of its outer array.
fn assigned(text: &str, name: &str) -> Result<Option<Vec<(usize, Value)>>, String> {
    let Some(found) = find_assignment(text, name) else {
        return Ok(None);
    };
    let mut reader = Reader { text, at: found };
    reader.skip_space();
    let rest = &text[reader.at..];
    let open = if rest.starts_with('[') {
        1
    } else if rest.starts_with("array") {
        rest.find('(').map_or(0, |i| i + 1)
    } else {
        0
    };
    if open == 0 {
        return Err(reader.error(&format!("array( after `${name} =`")));
    }
    reader.at += open;
    let close = if rest.starts_with('[') { "]" } else { ")" };
    let mut rows = Vec::new();
    loop {
        if reader.eat(close) {
            break;
        }
        reader.skip_space();
        let line = reader.line();
        let first = reader.value()?;
        let value = if reader.eat("=>") { Value::Array(vec![(Some(first), reader.value()?)]) } else { first };
        rows.push((line, value));
        if !reader.eat(",") {
            if reader.eat(close) {
                break;
            }
            return Err(reader.error(&format!("`,` or `{close}`")));
        }
    }
    Ok(Some(rows))
}

/// Where the value of `$name = ` begins.
fn find_assignment(text: &str, name: &str) -> Option<usize> {
    let needle = format!("${name}");
    let mut from = 0;
    while let Some(i) = text[from..].find(&needle) {
        let after = from + i + needle.len();
        let rest = &text[after..];
        let next_is_name = rest.starts_with(|c: char| c.is_alphanumeric() || c == '_');
        let trimmed = rest.trim_start();
        if !next_is_name && trimmed.starts_with('=') && !trimmed.starts_with("==") && !trimmed.starts_with("=>") {
            return Some(text.len() - trimmed.len() + 1);
        }
        from = after;
    }
    None
}

/// The variable names of the `list(...)` after `after`: the columns of the rows.
fn columns(text: &str, after: usize) -> Option<Vec<String>> {
    let start = after + text[after..].find("list(")? + "list(".len();
    let end = start + text[start..].find(')')?;
    Some(text[start..end].split(',').map(|c| c.trim().trim_start_matches('$').to_string()).collect())
}

fn yes_no(value: &Value, line: usize, what: &str) -> Result<bool, String> {
    match value {
        Value::Str(s) if s == "Yes" => Ok(true),
        Value::Str(s) if s == "No" => Ok(false),
        other => Err(format!("line {line}: {what} is `{other:?}`, expected 'Yes' or 'No'")),
    }
}

/// The row as its columns, by name.
fn row<'a>(value: &'a Value, columns: &'a [String], line: usize) -> Result<BTreeMap<&'a str, &'a Value>, String> {
    let Value::Array(items) = value else {
        return Err(format!("line {line}: expected a row array(...)"));
    };
    if items.len() != columns.len() {
        return Err(format!("line {line}: a row of {} values, but list(...) names {}", items.len(), columns.len()));
    }
    Ok(columns.iter().map(String::as_str).zip(items.iter().map(|(_, v)| v)).collect())
}

fn column<'a>(row: &BTreeMap<&str, &'a Value>, name: &str, line: usize) -> Result<&'a Value, String> {
    row.get(name).copied().ok_or_else(|| format!("line {line}: the row has no column ${name}"))
}

fn string(value: &Value, line: usize, what: &str) -> Result<String, String> {
    match value {
        Value::Str(s) => Ok(s.clone()),
        other => Err(format!("line {line}: {what} is `{other:?}`, expected a string")),
    }
}

/// Reads an `install.php`.
pub fn parse_install(text: &str) -> Result<Install, String> {
    let text = without_comments(text);
    let mut install = Install::default();
    let territories = assigned(&text, "territoryRawData")?.ok_or("no $territoryRawData = array(...)")?;
    let at = find_assignment(&text, "territoryRawData").unwrap_or(0);
    let names = columns(&text, at).ok_or("no list(...) after $territoryRawData")?;
    for (line, value) in &territories {
        let row = row(value, &names, *line)?;
        let name = sql_unescaped(&string(column(&row, "name", *line)?, *line, "the name")?);
        let supply = yes_no(column(&row, "supply", *line)?, *line, "supply")?;
        let owner = match (row.get("countryID"), row.get("country")) {
            (Some(Value::Int(0)), None) => Owner::Nobody,
            (Some(Value::Int(n)), None) => Owner::Numbered(*n),
            (None, Some(Value::Str(c))) if c == "Neutral" => Owner::Nobody,
            (None, Some(Value::Str(c))) => Owner::Named(c.clone()),
            _ => return Err(format!("line {line}: expected a column $countryID (a number) or $country (a name)")),
        };
        install.territories.push(Territory { name, supply, owner, line: *line });
    }
    let borders = assigned(&text, "bordersRawData")?.ok_or("no $bordersRawData = array(...)")?;
    let at = find_assignment(&text, "bordersRawData").unwrap_or(0);
    let names = columns(&text, at).ok_or("no list(...) after $bordersRawData")?;
    for (line, value) in &borders {
        let row = row(value, &names, *line)?;
        install.borders.push(Border {
            from: sql_unescaped(&string(column(&row, "from", *line)?, *line, "from")?),
            to: sql_unescaped(&string(column(&row, "to", *line)?, *line, "to")?),
            fleets: yes_no(column(&row, "fleets", *line)?, *line, "fleets")?,
            armies: yes_no(column(&row, "armies", *line)?, *line, "armies")?,
            line: *line,
        });
    }
    for (i, line) in text.lines().enumerate() {
        if !line.contains("sql_put") && !line.contains("sql_tabl") && !line.contains("sql_hash") {
            continue;
        }
        install.deleted.push(deleted_border(line).ok_or_else(|| {
            format!("line {}: SQL this reader does not know (only a DELETE of one border): {}", i + 1, line.trim())
        })?);
    }
    Ok(install)
}

/// A territory's name as webDiplomacy stores it: its install writes the name into SQL
/// between quotes as it is, so a backslash escape left in the PHP string (KnownWorld_901's
/// `'Al-Qatta\\\'i'`, which PHP reads as `Al-Qatta\'i`) is read once more by the database.
fn sql_unescaped(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(next @ ('\\' | '\'' | '"'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// `(from, to)` of `... sql_put('DELETE FROM wD_Borders WHERE mapID=... AND fromTerrID=27
/// AND toTerrID=30')` (or `wD_CoastalBorders`).
fn deleted_border(line: &str) -> Option<(usize, usize)> {
    let sql = line.split_once("sql_put(")?.1;
    let table = sql.split_once("DELETE FROM ")?.1.trim_start();
    if !(table.starts_with("wD_Borders ") || table.starts_with("wD_CoastalBorders ")) {
        return None;
    }
    let number = |key: &str| -> Option<usize> {
        let rest = sql.split_once(key)?.1.trim_start().strip_prefix('=')?.trim_start();
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        rest[..digits].parse().ok()
    };
    Some((number("fromTerrID")?, number("toTerrID")?))
}

/// The countries of a `variant.php`, in order (country 1 first).
pub fn parse_countries(text: &str) -> Result<Vec<String>, String> {
    let text = without_comments(text);
    let rows = assigned(&text, "countries")?.ok_or("no $countries = array(...)")?;
    rows.iter().map(|(line, v)| v.text().ok_or_else(|| format!("line {line}: expected a country's name"))).collect()
}

/// The opening units of an `adjudicatorPreGame.php`: `$countryUnits = array('England' =>
/// array('London' => 'Fleet', ...), ...)`.
pub fn parse_units(text: &str) -> Result<Vec<Unit>, String> {
    let text = without_comments(text);
    let rows = assigned(&text, "countryUnits")?.ok_or("no $countryUnits = array(...)")?;
    let mut units = Vec::new();
    for (line, row) in rows {
        let Value::Array(items) = &row else {
            return Err(format!("line {line}: expected 'Country' => array(...)"));
        };
        for (key, value) in items {
            let country =
                key.as_ref().and_then(Value::text).ok_or_else(|| format!("line {line}: expected 'Country' =>"))?;
            let Value::Array(placed) = value else {
                return Err(format!("line {line}: expected array('Territory' => 'Army', ...) for {country}"));
            };
            for (territory, kind) in placed {
                let territory = territory
                    .as_ref()
                    .and_then(Value::text)
                    .ok_or_else(|| format!("line {line}: expected 'Territory' =>"))?;
                let fleet = match kind {
                    Value::Str(k) if k == "Fleet" => true,
                    Value::Str(k) if k == "Army" => false,
                    other => return Err(format!("line {line}: {territory}: `{other:?}`, expected 'Army' or 'Fleet'")),
                };
                units.push(Unit { country: country.clone(), territory, fleet });
            }
        }
    }
    Ok(units)
}

/// `Name (North Coast)`: `("Name", "North Coast")`.
pub fn coast_of(name: &str) -> Option<(&str, &str)> {
    let inner = name.strip_suffix(')')?;
    let (parent, coast) = inner.rsplit_once(" (")?;
    coast.ends_with(" Coast").then_some((parent, coast))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INSTALL: &str = r#"<?php
// A map: 'quoted' text in a comment is no row.
$territoryRawData=array(
	array('North Land', 'Coast', 'Yes', 1, 0, 0, 1, 2),
	array('Bay', 'Coast', 'No', 0, 0, 0, 1, 2),
	array('Bay (East Coast)', 'Coast', 'No', 0, 0, 0, 1, 2), /* a coast */
	array('Saint\'s Sea', 'Sea', 'No', 0, 0, 0, 1, 2)
);
foreach($territoryRawData as $territoryRawRow)
{
	list($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow;
}
$bordersRawData=array(
	array('North Land','Bay','No','Yes'),
	array('Bay (East Coast)','Saint\'s Sea','Yes','No')
);
foreach($bordersRawData as $borderRawRow)
{
	list($from, $to, $fleets, $armies)=$borderRawRow;
}
$DB->sql_put('DELETE FROM wD_Borders WHERE mapID='.$this->mapID.' AND fromTerrID=4 AND toTerrID=3');
"#;

    #[test]
    fn reads_territories_borders_and_deleted_borders() {
        let install = parse_install(INSTALL).expect("reads");
        let names: Vec<&str> = install.territories.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["North Land", "Bay", "Bay (East Coast)", "Saint's Sea"]);
        assert_eq!(install.territories[0].owner, Owner::Numbered(1));
        assert!(install.territories[0].supply && !install.territories[1].supply);
        assert_eq!(install.territories[1].owner, Owner::Nobody);
        assert_eq!(install.territories[3].line, 7);
        assert_eq!(
            install.borders[1],
            Border { from: "Bay (East Coast)".into(), to: "Saint's Sea".into(), fleets: true, armies: false, line: 15 }
        );
        assert_eq!(install.deleted, [(4, 3)]);
    }

    #[test]
    fn reads_owners_by_name_in_the_columns_list_names() {
        let text = INSTALL
            .replace("'Yes', 1, 0, 0, 1, 2)", "'Yes', 0, 0, 1, 2, 'England')")
            .replace(", 0, 0, 0, 1, 2)", ", 0, 0, 1, 2, 'Neutral')")
            .replace("$supply, $countryID, $x, $y, $sx, $sy", "$supply, $x, $y, $sx, $sy, $country");
        let install = parse_install(&text).expect("reads");
        assert_eq!(install.territories[0].owner, Owner::Named("England".into()));
        assert_eq!(install.territories[1].owner, Owner::Nobody);
    }

    #[test]
    fn a_row_of_another_shape_or_unknown_sql_is_an_error() {
        let short = INSTALL.replace("array('North Land','Bay','No','Yes')", "array('North Land','Bay','No')");
        assert_eq!(parse_install(&short).expect_err("short row"), "line 14: a row of 3 values, but list(...) names 4");
        let maybe = INSTALL.replace("'Bay', 'Coast', 'No'", "'Bay', 'Coast', 'Maybe'");
        assert!(parse_install(&maybe).expect_err("bad supply").starts_with("line 5: supply is"));
        let sql = format!("{INSTALL}$DB->sql_put('UPDATE wD_Territories SET supply=1');\n");
        assert!(parse_install(&sql).expect_err("unknown SQL").starts_with("line 22: SQL this reader does not know"));
    }

    #[test]
    fn reads_countries_and_units() {
        let variant = "class V extends WDVariant {\n\tpublic $countries=array('England','France');\n}";
        assert_eq!(parse_countries(variant).expect("reads"), ["England", "France"]);
        let units = "protected $countryUnits = array(\n\t'England' => array('North Land' => 'Fleet'),\n\t'France' => array('Bay (East Coast)'=>'Fleet', 'Bay'=>'Army')\n);";
        let units = parse_units(units).expect("reads");
        assert_eq!(
            units,
            [
                Unit { country: "England".into(), territory: "North Land".into(), fleet: true },
                Unit { country: "France".into(), territory: "Bay (East Coast)".into(), fleet: true },
                Unit { country: "France".into(), territory: "Bay".into(), fleet: false },
            ]
        );
        let wrong = "$countryUnits = array('England' => array('North Land' => 'Boat'));";
        assert!(parse_units(wrong).expect_err("bad kind").contains("expected 'Army' or 'Fleet'"));
    }

    #[test]
    fn a_name_escaped_for_sql_is_read_as_the_database_stores_it() {
        let text = INSTALL.replace("'Saint\\'s Sea'", "'Saint\\\\\\'s Sea'");
        let install = parse_install(&text).expect("reads");
        assert_eq!(install.territories[3].name, "Saint's Sea");
        assert_eq!(install.borders[1].to, "Saint's Sea");
    }

    #[test]
    fn names_a_coast_by_its_parent() {
        assert_eq!(coast_of("Iran (North Coast)"), Some(("Iran", "North Coast")));
        assert_eq!(coast_of("Central North Sea (2)"), None);
        assert_eq!(coast_of("Iran"), None);
    }
}
