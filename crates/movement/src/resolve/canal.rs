//! Canals (DATC 7.C): the keeper's permission, one decision slot per canal crossed with
//! permission (open while the keeper stays), and closed crossings. Nothing here runs on a
//! map without canals.

use dip_map::Map;
use dip_orders::Order;

use super::{Adjudicator, CLOSED, Kind, NONE, Slot};
use crate::outcome::Illegal;

impl Adjudicator {
    #[cold]
    #[inline(never)]
    /// A canal permission: given by the power whose unit is in the keeper province, for a
    /// unit at one end of the canal.
    pub(super) fn check_permit(&mut self, map: &Map, order: &Order, canal: u8, index: usize) -> Result<(), Illegal> {
        let Some(c) = map.canals().get(usize::from(canal)) else { return Err(Illegal::NoCanalControl) };
        let keeper = self.unit_in(c.keeper);
        if keeper == NONE || self.slots[keeper as usize].power != order.power {
            return Err(Illegal::NoCanalControl);
        }
        let p = order.unit.place.province;
        let u = self.unit_in(p);
        if u == NONE {
            return Err(Illegal::NoSuchUnit);
        }
        if p != c.between.0 && p != c.between.1 {
            return Err(Illegal::PermitNotAtCanal);
        }
        self.permits.push(Permit { canal: u16::from(canal), unit: u, order: index as u32, decision: NONE });
        Ok(())
    }

    #[cold]
    #[inline(never)]
    /// Decides which crossing of each canal has permission (DATC 7.C): only the unit the
    /// keeper's power names, or else its own single unit crossing. Others are closed.
    pub(super) fn link_canals(&mut self, map: &Map) {
        self.canal_of.resize(self.slots.len(), NONE);
        for (c, canal) in map.canals().iter().enumerate() {
            let (a, b) = (canal.between.0.0, canal.between.1.0);
            let crosses = |slots: &[Slot], s: &Slot| {
                let to = match s.given.order {
                    Kind::Move | Kind::SupportMove => s.given.dst,
                    Kind::SupportHold => slots[s.given.target as usize].prov,
                    _ => return false,
                };
                (s.prov == a && to == b) || (s.prov == b && to == a)
            };
            let keeper = self.unit_at[canal.keeper.index()];
            let mut permitted = NONE;
            let explicit = self.permits.iter().filter(|p| p.canal == c as u16).count();
            if keeper != NONE && explicit == 1 {
                permitted = self.permits.iter().find(|p| p.canal == c as u16).map_or(NONE, |p| p.unit);
            } else if keeper != NONE && explicit == 0 {
                let power = self.slots[keeper as usize].power;
                let mut own = (0..self.units).filter(|&u| {
                    let s = self.slots[u];
                    s.power == power && crosses(&self.slots, &s)
                });
                if let (Some(u), None) = (own.next(), own.next()) {
                    permitted = u as u16;
                }
            }
            let mut decision = NONE;
            if permitted != NONE && crosses(&self.slots, &self.slots[permitted as usize]) {
                decision = self.slots.len() as u16;
                let k = self.slots[keeper as usize];
                let mut slot = Slot::new(k.power, k.kind, k.loc, k.prov);
                slot.given.order = Kind::Canal;
                slot.given.target = keeper;
                slot.given.dst = c as u16;
                self.slots.push(slot);
            }
            for u in 0..self.units {
                let s = self.slots[u];
                if crosses(&self.slots, &s) {
                    self.canal_of[u] = if u as u16 == permitted && decision != NONE { decision } else { CLOSED };
                }
            }
            for p in self.permits.iter_mut().filter(|p| p.canal == c as u16) {
                p.decision = if p.unit == permitted { decision } else { NONE };
            }
        }
        self.canal_of.resize(self.slots.len(), NONE);
    }

    #[cold]
    #[inline(never)]
    /// The canal is open while its keeper neither leaves nor is dislodged.
    pub(super) fn adjudicate_canal(&mut self, map: &Map, c: u16) -> bool {
        let keeper = self.slots[c as usize].given.target;
        let k = self.slots[keeper as usize];
        let left = k.given.order.moves() && self.resolve(map, keeper);
        !left && !self.entered(map, k.prov)
    }

    /// Whether a crossing's canal is open for it.
    #[inline(always)]
    pub(crate) fn canal_open(&mut self, map: &Map, u: u16) -> bool {
        self.canal_of.is_empty() || self.canal_crossing_open(map, u)
    }

    /// [`Adjudicator::canal_open`] on a map with canals.
    #[cold]
    #[inline(never)]
    fn canal_crossing_open(&mut self, map: &Map, u: u16) -> bool {
        match self.canal(u) {
            NONE => true,
            CLOSED => false,
            c => self.resolve(map, c),
        }
    }

    /// The canal decision of a crossing (see `canal_of`).
    pub(crate) fn canal(&self, u: u16) -> u16 {
        canal_in(&self.canal_of, u)
    }
}

/// Slot `u`'s entry of a crossings table (`Adjudicator::canal_of`, empty on a map without
/// canals): `NONE` if it crosses none.
#[inline(always)]
pub(super) fn canal_in(canal_of: &[u16], u: u16) -> u16 {
    canal_of.get(usize::from(u)).copied().unwrap_or(NONE)
}

/// A canal permission given by the keeper's power.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Permit {
    pub canal: u16,
    /// The unit permitted.
    pub unit: u16,
    /// Index of the permission order.
    pub order: u32,
    /// The canal's decision slot if this permission counted, else `NONE`.
    pub decision: u16,
}
