//! A short list of provinces kept inline: the units a move bounced against are one or two
//! in almost every phase, and building a result should not cost an allocation each.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use dip_map::ProvinceId;

/// How many provinces fit without an allocation: as many as keep the list at 24 bytes with
/// its tag (a boxed slice beside them), so that an order's result, which may hold one, is
/// 24 bytes too: 32-byte results made a phase's list of results a third larger.
const INLINE: usize = 10;

/// A list of provinces that reads as a slice (`&by[..]`, `by.iter()`, `by.len()`). Up to
/// ten are kept inline; a longer list goes on the heap. Two lists are equal when they
/// hold the same provinces in the same order, however they are stored.
#[derive(Clone)]
pub struct Provinces(Repr);

#[derive(Clone)]
enum Repr {
    Inline {
        len: u8,
        ids: [ProvinceId; INLINE],
    },
    /// Boxed rather than a `Vec`: a `Vec` beside the inline ids made the list 32 bytes. A
    /// list this long is rare, and grows by reallocating.
    Heap(Box<[ProvinceId]>),
}

impl Provinces {
    /// The empty list.
    pub const fn new() -> Self {
        Provinces(Repr::Inline { len: 0, ids: [ProvinceId(0); INLINE] })
    }

    /// The list of `ids`, inline when they fit.
    pub fn from_slice(ids: &[ProvinceId]) -> Self {
        if ids.len() <= INLINE {
            let mut inline = [ProvinceId(0); INLINE];
            inline[..ids.len()].copy_from_slice(ids);
            Provinces(Repr::Inline { len: ids.len() as u8, ids: inline })
        } else {
            Provinces(Repr::Heap(ids.into()))
        }
    }

    /// Adds `id` at the end (the list goes on the heap once the inline room is full).
    #[inline]
    pub fn push(&mut self, id: ProvinceId) {
        match &mut self.0 {
            Repr::Inline { len, ids } if usize::from(*len) < INLINE => {
                ids[usize::from(*len)] = id;
                *len += 1;
            }
            _ => self.push_on_heap(id),
        }
    }

    /// [`Provinces::push`] past the inline room: rare, and out of line so that the usual
    /// push is a store and an increment where it is called.
    #[cold]
    #[inline(never)]
    fn push_on_heap(&mut self, id: ProvinceId) {
        let mut heap = match &mut self.0 {
            Repr::Inline { len, ids } => ids[..usize::from(*len)].to_vec(),
            Repr::Heap(ids) => std::mem::take(ids).into_vec(),
        };
        heap.push(id);
        self.0 = Repr::Heap(heap.into_boxed_slice());
    }

    /// The provinces as a slice.
    pub fn as_slice(&self) -> &[ProvinceId] {
        match &self.0 {
            Repr::Inline { len, ids } => &ids[..usize::from(*len)],
            Repr::Heap(ids) => ids,
        }
    }
}

impl Default for Provinces {
    fn default() -> Self {
        Provinces::new()
    }
}

impl Deref for Provinces {
    type Target = [ProvinceId];

    fn deref(&self) -> &[ProvinceId] {
        self.as_slice()
    }
}

impl AsRef<[ProvinceId]> for Provinces {
    fn as_ref(&self) -> &[ProvinceId] {
        self.as_slice()
    }
}

impl PartialEq for Provinces {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Provinces {}

impl std::hash::Hash for Provinces {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state)
    }
}

impl fmt::Debug for Provinces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl From<Vec<ProvinceId>> for Provinces {
    fn from(ids: Vec<ProvinceId>) -> Self {
        if ids.len() <= INLINE { Provinces::from_slice(&ids) } else { Provinces(Repr::Heap(ids.into_boxed_slice())) }
    }
}

impl From<&[ProvinceId]> for Provinces {
    fn from(ids: &[ProvinceId]) -> Self {
        Provinces::from_slice(ids)
    }
}

impl<const N: usize> From<[ProvinceId; N]> for Provinces {
    fn from(ids: [ProvinceId; N]) -> Self {
        Provinces::from_slice(&ids)
    }
}

impl FromIterator<ProvinceId> for Provinces {
    fn from_iter<I: IntoIterator<Item = ProvinceId>>(iter: I) -> Self {
        Provinces::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl<'a> IntoIterator for &'a Provinces {
    type Item = &'a ProvinceId;
    type IntoIter = std::slice::Iter<'a, ProvinceId>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl Serialize for Provinces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Provinces {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<ProvinceId>::deserialize(deserializer).map(Provinces::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_lists_read_and_compare_as_slices() {
        let ids: Vec<ProvinceId> = (0..30).map(ProvinceId).collect();
        for n in [0, 1, 2, INLINE, INLINE + 1, 30] {
            let list = Provinces::from(ids[..n].to_vec());
            assert_eq!(&list[..], &ids[..n]);
            assert_eq!(list, Provinces::from_slice(&ids[..n]));
            assert_eq!(list, ids[..n].iter().copied().collect::<Provinces>());
            let mut pushed = Provinces::new();
            ids[..n].iter().for_each(|&id| pushed.push(id));
            assert_eq!(pushed, list);
        }
        // An order's result with a list in it stays three words (see `INLINE`).
        #[cfg(target_pointer_width = "64")]
        assert_eq!(std::mem::size_of::<crate::OrderResult>(), 24);
        // Stored differently, equal all the same.
        let heap = Provinces(Repr::Heap(Box::new([ProvinceId(3)])));
        assert_eq!(heap, Provinces::from([ProvinceId(3)]));
        assert_ne!(heap, Provinces::new());
    }
}
