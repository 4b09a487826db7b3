//! How written names are matched to provinces. The one place that decides what a
//! misspelled or partial name means (DATC §4.E.2 makes this a rule choice).

use dip_map::{normalise_name, Map, ProvinceId};

/// How strictly a written province name must match the map.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum NameMatching {
    /// Only a full name, abbreviation or alias of the variant (any case, dots and dashes
    /// ignored). A misspelling is an error with suggestions.
    #[default]
    Exact,
    /// Also a misspelling that is within one edit of exactly one name: a poorly written
    /// name with only one meaning is followed.
    OneMeaning,
}

/// The province a written name denotes, or `None`.
pub fn interpret_name(map: &Map, written: &str, matching: NameMatching) -> Option<ProvinceId> {
    if let Some(p) = map.province_by_name(written) {
        return Some(p);
    }
    match matching {
        NameMatching::Exact => None,
        NameMatching::OneMeaning => {
            let wanted = normalise_name(written);
            if wanted.len() < 4 {
                return None;
            }
            let mut found: Option<ProvinceId> = None;
            for (name, id) in map.all_names() {
                if edit_distance(&wanted, name) <= 1 {
                    match found {
                        Some(other) if other != id => return None,
                        _ => found = Some(id),
                    }
                }
            }
            found
        }
    }
}

/// Up to `n` names nearest to `written`, for a diagnostic.
pub fn suggestions(map: &Map, written: &str, n: usize) -> Vec<String> {
    let wanted = normalise_name(written);
    let mut scored: Vec<(usize, String)> = map
        .provinces()
        .flat_map(|p| {
            let prov = map.province(p);
            std::iter::once(&prov.name)
                .chain(std::iter::once(&prov.abbr))
                .chain(&prov.aliases)
                .map(move |name| (name, prov.name.clone()))
        })
        .map(|(name, full)| {
            let norm = normalise_name(name);
            let mut d = edit_distance(&wanted, &norm);
            if norm.starts_with(&wanted) && !wanted.is_empty() {
                d = d.min(1);
            }
            (d, full)
        })
        .collect();
    scored.sort();
    let limit = (wanted.chars().count() / 2).max(2);
    let mut out: Vec<String> = Vec::new();
    for (d, name) in scored {
        if d > limit || out.len() == n {
            break;
        }
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}
