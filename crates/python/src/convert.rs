//! Conversions between dip's values and Python's, and dip's errors as exceptions.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::Value;

use dip::{Map, Rules};

use crate::{AdjudicationError, GameError, LoadError, PositionError, RulesError};

/// A JSON value as plain Python objects (dict, list, str, int, float, bool, None).
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// Plain Python objects as a JSON value; anything else is a `TypeError`.
pub fn from_py(object: &Bound<'_, PyAny>) -> PyResult<Value> {
    if object.is_none() {
        return Ok(Value::Null);
    }
    // bool before int: Python's bool is an int.
    if let Ok(b) = object.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if object.is_instance_of::<PyInt>() {
        let i: i64 = object.extract()?;
        return Ok(Value::from(i));
    }
    if object.is_instance_of::<PyFloat>() {
        let f: f64 = object.extract()?;
        return Ok(serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number));
    }
    if let Ok(s) = object.cast::<PyString>() {
        return Ok(Value::String(s.extract::<String>()?));
    }
    if let Ok(dict) = object.cast::<PyDict>() {
        let mut map = serde_json::Map::with_capacity(dict.len());
        for (k, v) in dict.iter() {
            let key: String = k.str()?.extract()?;
            map.insert(key, from_py(&v)?);
        }
        return Ok(Value::Object(map));
    }
    if object.is_instance_of::<PyList>() || object.is_instance_of::<PyTuple>() {
        let mut items = Vec::new();
        for item in object.try_iter()? {
            items.push(from_py(&item?)?);
        }
        return Ok(Value::Array(items));
    }
    Err(PyTypeError::new_err(format!("cannot convert a {} to JSON", object.get_type().name()?)))
}

/// A serialisable dip value as Python objects.
pub fn serde_to_py<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| GameError::new_err(e.to_string()))?;
    to_py(py, &json)
}

pub fn load_error(e: dip::LoadError) -> PyErr {
    LoadError::new_err(e.to_string())
}

pub fn position_error(e: dip::PositionError) -> PyErr {
    PositionError::new_err(e.to_string())
}

pub fn adjudication_error(e: dip::AdjudicationError) -> PyErr {
    AdjudicationError::new_err(e.to_string())
}

pub fn game_errors(errors: Vec<dip::formats::saved::GameError>) -> PyErr {
    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
    GameError::new_err(lines.join("\n"))
}

/// The rules of a game on `map`: the variant's defaults, then each item in turn, a preset
/// name (`"webdiplomacy"`, `rules/*.toml`) or one override (`"4.A.2=all-hold"`).
pub fn rules_for(map: &Map, items: &[String]) -> PyResult<Rules> {
    let mut rules = Rules::of_variant(map).map_err(|e| RulesError::new_err(e.to_string()))?;
    apply_rule_items(&mut rules, items)?;
    Ok(rules)
}

/// Applies each item in turn to `rules`: a preset name or one `ISSUE=CHOICE` override.
pub fn apply_rule_items(rules: &mut Rules, items: &[String]) -> PyResult<()> {
    for item in items {
        if item.contains('=') {
            dip::apply_override(rules, item).map_err(|e| RulesError::new_err(e.to_string()))?;
        } else {
            let preset = dip::preset(item).map_err(|e| RulesError::new_err(e.to_string()))?;
            dip::apply_preset(rules, &format!("rules/{}.toml", preset.name), &preset)
                .map_err(|e| RulesError::new_err(e.to_string()))?;
        }
    }
    Ok(())
}

/// `rules=` as Python gives it: None, one string, or a sequence of strings.
pub fn rule_items(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    match rules {
        None => Ok(Vec::new()),
        Some(r) if r.is_none() => Ok(Vec::new()),
        Some(r) => match r.extract::<String>() {
            Ok(one) => Ok(vec![one]),
            Err(_) => r.extract::<Vec<String>>().map_err(|_| {
                PyTypeError::new_err("rules must be a preset name, an ISSUE=CHOICE override, or a list of them")
            }),
        },
    }
}
