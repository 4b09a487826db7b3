//! How written names are matched to provinces. The one place that decides what a
//! misspelled or partial name means (DATC §4.E.2 makes this a rule choice).

use dip_map::{Map, ProvinceId, normalise_name};

/// How strictly a written province name must match the map.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum NameMatching {
    /// Only a full name, abbreviation or alias of the variant (any case, dots and dashes
    /// ignored). A misspelling is an error with suggestions.
    Exact,
    /// Also a misspelling one edit (a letter wrong, missing, added, or two letters swapped)
    /// from exactly one name of four letters or more: "a poorly written order that has
    /// only one meaning must be followed" (DATC §4.E.2; `Rhur` in DATC 6.F.25).
    #[default]
    OneMeaning,
}

/// The province a written name denotes, or `None`.
pub fn interpret_name(map: &Map, written: &str, matching: NameMatching) -> Option<ProvinceId> {
    if let Some(p) = map.province_by_name(written) {
        return Some(p);
    }
    interpret_misspelling(map, written, matching)
}

/// The province a name that is not exactly on the map denotes, if the policy allows one.
pub fn interpret_misspelling(map: &Map, written: &str, matching: NameMatching) -> Option<ProvinceId> {
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
    let limit = (normalise_name(written).chars().count() / 2).max(2);
    close_names(map, written, n, limit)
}

/// Up to `n` full names of provinces with a name at most `limit` edits from `written`,
/// nearest first.
pub(crate) fn close_names(map: &Map, written: &str, n: usize, limit: usize) -> Vec<String> {
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

/// Edit distance over characters, counting a swap of two neighbours as one edit
/// (optimal string alignment).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * w + j] + 1).min(d[i * w + j - 1] + 1).min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = best;
        }
    }
    d[a.len() * w + b.len()]
}
