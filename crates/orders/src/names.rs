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
            let wanted = Word::new(&wanted);
            let mut found: Option<ProvinceId> = None;
            for (name, id) in map.all_names() {
                if wanted.distance_within(name, 1).is_some() {
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

/// Up to `n` names nearest to `written`, for a diagnostic: at most half its length in
/// edits away (at least two).
pub fn suggestions(map: &Map, written: &str, n: usize) -> Vec<String> {
    let wanted = normalise_name(written);
    let limit = (wanted.chars().count() / 2).max(2);
    nearest(map, &wanted, n, limit)
}

/// Up to `n` full names of provinces with a name at most `limit` edits from `written`
/// (a name it begins counts as one edit), nearest first, then alphabetically.
///
/// The map keeps its names normalised (`Map::all_names`), so nothing is normalised or
/// allocated per name: a name whose length alone puts it beyond `limit` is passed over,
/// and the distance of the others is computed in a band of `limit` around the diagonal,
/// abandoned as soon as it exceeds `limit`. A search costs microseconds on any real map,
/// and a huge word costs only its own length.
pub(crate) fn close_names(map: &Map, written: &str, n: usize, limit: usize) -> Vec<String> {
    nearest(map, &normalise_name(written), n, limit)
}

/// [`close_names`] of a name already normalised.
fn nearest(map: &Map, wanted: &str, n: usize, limit: usize) -> Vec<String> {
    if wanted.is_empty() || n == 0 {
        return Vec::new();
    }
    let wanted = Word::new(wanted);
    let mut scored: Vec<(usize, &str)> = Vec::new();
    // Once `n` names are found, a name further than the `n`th nearest cannot be among them.
    let mut bound = limit;
    for (name, id) in map.all_names() {
        let prefix = name.starts_with(wanted.text);
        let d = if prefix {
            1.min(bound)
        } else {
            match wanted.distance_within(name, bound) {
                Some(d) => d,
                None => continue,
            }
        };
        scored.push((d, map.province(id).name.as_str()));
        if scored.len() >= n {
            scored.sort_unstable();
            scored.dedup_by(|a, b| a.1 == b.1);
            if let Some(&(d, _)) = scored.get(n - 1) {
                bound = bound.min(d);
                scored.truncate(n);
            }
        }
    }
    scored.sort_unstable();
    let mut out: Vec<String> = Vec::with_capacity(n);
    for (_, name) in scored {
        if out.len() == n {
            break;
        }
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// A normalised word to compare names with, as bytes when it is ASCII (nearly always),
/// with its length in characters and its letter counts for quick bounds on the distance.
struct Word<'a> {
    text: &'a str,
    /// The characters, when the word is not ASCII.
    chars: Option<Vec<char>>,
    count: usize,
    letters: [u16; 32],
}

impl<'a> Word<'a> {
    fn new(text: &'a str) -> Self {
        let chars: Option<Vec<char>> = (!text.is_ascii()).then(|| text.chars().collect());
        let count = chars.as_ref().map_or(text.len(), Vec::len);
        Word { text, chars, count, letters: letters(text.as_bytes()) }
    }

    /// The edit distance to `name` if it is at most `limit`. The lengths alone rule out
    /// most names, whatever the word's length, before any character is compared.
    fn distance_within(&self, name: &str, limit: usize) -> Option<usize> {
        let ascii = self.chars.is_none() && name.is_ascii();
        let count = if name.is_ascii() { name.len() } else { name.chars().count() };
        if self.count.abs_diff(count) > limit {
            return None;
        }
        if ascii {
            if self.letters_apart(name) > limit {
                return None;
            }
            return bounded_distance(self.text.as_bytes(), name.as_bytes(), limit);
        }
        // Within `limit` of the name's length: short.
        let a: Vec<char> = match &self.chars {
            Some(chars) => chars.clone(),
            None => self.text.chars().collect(),
        };
        let b: Vec<char> = name.chars().collect();
        bounded_distance(&a, &b, limit)
    }

    /// A lower bound of the distance to an ASCII `name`: each edit mends at most one
    /// surplus letter on each side, so the larger surplus is a bound.
    fn letters_apart(&self, name: &str) -> usize {
        let theirs = letters(name.as_bytes());
        let (mut mine_over, mut theirs_over) = (0usize, 0usize);
        for (a, b) in self.letters.iter().zip(&theirs) {
            mine_over += usize::from(a.saturating_sub(*b));
            theirs_over += usize::from(b.saturating_sub(*a));
        }
        mine_over.max(theirs_over)
    }
}

/// Counts of bytes by their low five bits (letters of either case share a count; other
/// bytes may share one, which only weakens the bound).
fn letters(bytes: &[u8]) -> [u16; 32] {
    let mut counts = [0u16; 32];
    for &b in bytes {
        let slot = &mut counts[usize::from(b & 31)];
        *slot = slot.saturating_add(1);
    }
    counts
}

/// Edit distance over symbols, counting a swap of two neighbours as one edit (optimal
/// string alignment), if it is at most `limit`; `None` otherwise. Only cells within
/// `limit` of the diagonal are computed and the search stops as soon as a whole row is
/// beyond `limit`; for names of up to 63 symbols the three rows are bytes on the stack.
fn bounded_distance<T: PartialEq>(a: &[T], b: &[T], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    const STACK: usize = 64;
    let w = b.len() + 1;
    if w <= STACK && limit < usize::from(u8::MAX) {
        let mut rows = [[0u8; STACK]; 3];
        let [r0, r1, r2] = &mut rows;
        banded(a, b, limit, [&mut r0[..w], &mut r1[..w], &mut r2[..w]])
    } else {
        let mut rows = vec![0usize; 3 * w];
        let (r0, rest) = rows.split_at_mut(w);
        let (r1, r2) = rest.split_at_mut(w);
        banded(a, b, limit, [r0, r1, r2])
    }
}

/// The band of the distance table, on three rows of cells of type `C`.
fn banded<T: PartialEq, C: Copy + Ord + TryFrom<usize> + Into<usize>>(
    a: &[T],
    b: &[T],
    limit: usize,
    rows: [&mut [C]; 3],
) -> Option<usize> {
    let cell = |v: usize| C::try_from(v.min(limit + 1)).ok();
    let far = cell(limit + 1)?;
    let [mut before, mut prev, mut cur] = rows;
    for (j, c) in prev.iter_mut().enumerate() {
        *c = cell(j)?;
    }
    for i in 1..=a.len() {
        let lo = i.saturating_sub(limit).max(1);
        let hi = (i + limit).min(b.len());
        cur.fill(far);
        cur[0] = cell(i)?;
        let mut best: usize = cur[0].into();
        for j in lo..=hi {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j].into() + 1).min(cur[j - 1].into() + 1).min(prev[j - 1].into() + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2].into() + 1);
            }
            cur[j] = cell(d)?;
            best = best.min(d);
        }
        if best > limit {
            return None;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d: usize = prev[b.len()].into();
    (d <= limit).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::bounded_distance;

    /// The full optimal-string-alignment distance, for comparison.
    fn full(a: &str, b: &str) -> usize {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
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

    #[test]
    fn the_banded_distance_agrees_with_the_full_one_within_the_limit() {
        let words = [
            "",
            "a",
            "lon",
            "london",
            "lodnon",
            "lnodon",
            "north sea",
            "norht sea",
            "nrth",
            "mid atlantic ocean",
            "st petersburg",
            "saint petersburg",
            "xyzzy",
            "rhur",
            "ruhr",
            "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789",
            "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789x",
            "münchen",
            "munchen",
        ];
        for a in words {
            for b in words {
                let d = full(a, b);
                for limit in 0..6 {
                    let (ac, bc): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
                    let got = bounded_distance(&ac, &bc, limit);
                    assert_eq!(got, (d <= limit).then_some(d), "`{a}` `{b}` limit {limit}");
                }
            }
        }
    }
}
