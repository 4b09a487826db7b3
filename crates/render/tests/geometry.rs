//! Every committed geometry file (`variants/geometry/*.ron`) against every variant drawn
//! with it, read back from the file alone ([`GeometryFile::faults`]): two provinces'
//! outlines share a border exactly when the variant makes them adjacent (by army or fleet,
//! any coast, either way), but for the exceptions the file declares with their reasons;
//! every unit and coast anchor lies in its province. A variant given geometry is checked
//! here with no change to this file.

use std::collections::BTreeMap;

use dip_render::{BorderException, Drawn, GeometryFile};

#[test]
fn every_drawn_border_is_a_border_of_the_variant_and_back() {
    let mut drawn = BTreeMap::<String, Vec<String>>::new();
    let mut failures = Vec::new();
    for (variant, _) in dip::EMBEDDED_VARIANTS {
        let map = dip::variant(variant).expect("embedded variant loads");
        let Some(geometry) = dip_render::embedded_geometry_for(&map) else { continue };
        drawn.entry(geometry.variant.clone()).or_default().push(variant.to_string());
        for fault in geometry.faults(&map) {
            failures.push(format!("{variant} (geometry of {}): {fault}", geometry.variant));
        }
    }
    assert!(failures.is_empty(), "{} faults:\n{}", failures.len(), failures.join("\n"));
    // Every committed file draws its own variant (so every file is checked).
    for g in dip_render::embedded_geometry() {
        assert!(
            drawn.get(&g.variant).is_some_and(|v| v.contains(&g.variant)),
            "the geometry of {} draws no variant of that name (drawn: {drawn:?})",
            g.variant
        );
    }
    // Variants with another's provinces and borders are drawn with its geometry.
    for (variant, geometry) in [("1898", "standard"), ("ancient_mediterranean_age_of_empires", "ancient_mediterranean")]
    {
        assert!(
            drawn.get(geometry).is_some_and(|v| v.iter().any(|v| v == variant)),
            "{variant} drawn with {geometry}'s geometry"
        );
    }
    // The abstract maps stay schematic, and so does a map whose borders a file does not draw.
    for variant in ["pure", "convoyable_coasts"] {
        let map = dip::variant(variant).expect("variant");
        assert!(dip_render::embedded_geometry_for(&map).is_none(), "{variant} has no geometry");
        assert!(dip_render::Board::new(&map).is_schematic(), "{variant} is drawn as a schematic");
    }
}

fn standard() -> (dip::Map, GeometryFile) {
    let map = dip::variant("standard").expect("standard");
    let geometry = dip_render::embedded_geometry_for(&map).expect("standard's").clone();
    (map, geometry)
}

#[test]
fn the_check_finds_a_border_drawn_wrong() {
    let (map, good) = standard();
    assert_eq!(good.faults(&map), Vec::<String>::new());
    // Paris drawn as a speck far from its neighbours: it no longer borders Burgundy, and
    // its unit stands outside it.
    let mut bad = good.clone();
    bad.provinces.iter_mut().find(|p| p.abbr == "par").expect("par").shape = "M0,0l1 0 0 1z".to_string();
    let found = bad.faults(&map);
    assert!(found.iter().any(|f| f.contains("bur-par are adjacent but share 0.0")), "{found:?}");
    assert!(found.iter().any(|f| f.contains("unit anchor of `par`")), "{found:?}");
    // Picardy drawn over Paris's outline too: three outlines along one line.
    let mut bad = good.clone();
    let par = bad.provinces.iter().find(|p| p.abbr == "par").expect("par").shape.clone();
    bad.provinces.iter_mut().find(|p| p.abbr == "pic").expect("pic").shape.push_str(&par);
    let found = bad.faults(&map);
    assert!(found.iter().any(|f| f.contains("the outlines of gas, par, pic overlap")), "{found:?}");
    // Paris drawn where Picardy is: it touches the Channel and Belgium, never its neighbours.
    let mut bad = good.clone();
    let pic = bad.provinces.iter().find(|p| p.abbr == "pic").expect("pic").clone();
    let par = bad.provinces.iter_mut().find(|p| p.abbr == "par").expect("par");
    (par.shape, par.unit) = (pic.shape, pic.unit);
    bad.provinces.retain(|p| p.abbr != "pic");
    let found = bad.faults(&map);
    assert!(found.iter().any(|f| f.contains("bel-par share") && f.ends_with("but are not adjacent")), "{found:?}");
    assert!(found.iter().any(|f| f.contains("eng-par share")), "{found:?}");
    assert!(found.iter().any(|f| f.contains("province `pic` is not drawn")), "{found:?}");
}

#[test]
fn a_declared_exception_must_be_true() {
    let (map, good) = standard();
    let exception =
        |a: &str, b: &str, drawn| BorderException { between: (a.into(), b.into()), drawn, reason: "a test".into() };
    // London and Moscow: no border in the game to draw apart.
    let mut bad = good.clone();
    bad.exceptions.push(exception("lon", "mos", Drawn::Apart));
    let found = bad.faults(&map);
    assert!(found.iter().any(|f| f.contains("lon-mos are declared adjacent and apart")), "{found:?}");
    // Paris and Burgundy: adjacent, and drawn touching.
    let mut bad = good.clone();
    bad.exceptions.push(exception("bur", "par", Drawn::Apart));
    let found = bad.faults(&map);
    assert!(found.iter().any(|f| f.contains("bur-par are declared drawn apart but share")), "{found:?}");
    // An exception without its reason is refused when the file is read.
    let mut bad = good.clone();
    bad.exceptions.push(BorderException { reason: " ".into(), ..exception("bur", "par", Drawn::Apart) });
    assert!(dip_render::Board::with_geometry(&map, &bad).is_err());
}

#[test]
fn a_derived_file_is_its_base_with_what_it_changes() {
    let (map, standard) = standard();
    // Standard's geometry with London and Brest declared apart and Paris's label moved: a
    // map where the two were joined would be drawn with it.
    let text = r##"(
        variant: "standard_with_a_tunnel",
        base: Some("standard"),
        colours: [("England", "#000000")],
        exceptions: [(between: ("lon", "bre"), drawn: Apart, reason: "a tunnel under the Channel")],
    )"##;
    let derived = GeometryFile::parse("tunnel.ron", text).expect("a derived file reads");
    assert_eq!(derived.variant, "standard_with_a_tunnel");
    assert_eq!(derived.base.as_deref(), Some("standard"));
    assert_eq!((derived.width, derived.height), (standard.width, standard.height));
    assert_eq!(derived.provinces.len(), standard.provinces.len());
    assert_eq!(derived.exceptions.len(), standard.exceptions.len() + 1);
    assert!(derived.colours.iter().any(|(p, c)| p == "England" && c == "#000000"));
    assert_eq!(derived.colours.len(), standard.colours.len(), "England's colour replaced, not added");
    // On Standard, where London and Brest are not adjacent, the exception is false.
    let found = derived.faults(&map);
    assert!(found.iter().any(|f| f.contains("bre-lon are declared adjacent and apart")), "{found:?}");

    // A base that is no embedded geometry, and a size given beside a base, are errors.
    let unknown = r#"(variant: "x", base: Some("atlantis"))"#;
    let e = GeometryFile::parse("x.ron", unknown).expect_err("no such base").to_string();
    assert!(e.contains("x.ron") && e.contains("`atlantis` is not an embedded geometry"), "{e}");
    let sized = r#"(variant: "x", base: Some("standard"), width: 10, height: 10)"#;
    let e = GeometryFile::parse("x.ron", sized).expect_err("a size beside a base").to_string();
    assert!(e.contains("takes its size from its base"), "{e}");
}

/// Where labels collide on a geometry file: no two provinces' names (bold, the renderer's
/// size, about 0.62 of it a character) overlap, nor does a name cover another province's
/// unit or coast anchor. Boxes are estimated from the text's length; an overlap of a unit
/// or less (the halo) is allowed.
fn label_faults(g: &GeometryFile) -> Vec<String> {
    const SIZE: f32 = 10.0;
    const UNIT_RADIUS: f32 = 11.0;
    let mut faults = Vec::new();
    let boxes: Vec<(&str, f32, f32, f32, f32)> = g
        .provinces
        .iter()
        .map(|p| {
            let half = 0.31 * SIZE * p.abbr.chars().count() as f32;
            (p.abbr.as_str(), p.label.x - half, p.label.x + half, p.label.y - 0.5 * SIZE, p.label.y + 0.5 * SIZE)
        })
        .collect();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let dx = a.2.min(b.2) - a.1.max(b.1);
            let dy = a.4.min(b.4) - a.3.max(b.3);
            if dx > 1.0 && dy > 1.0 {
                faults.push(format!("{}: the labels of {} and {} overlap", g.variant, a.0, b.0));
            }
        }
        for p in g.provinces.iter().filter(|p| p.abbr != a.0) {
            for (what, at) in std::iter::once(("unit", p.unit)).chain(p.coasts.iter().map(|(c, at)| (c.as_str(), *at)))
            {
                let (nx, ny) = (at.x.clamp(a.1, a.2), at.y.clamp(a.3, a.4));
                if (nx - at.x).hypot(ny - at.y) < UNIT_RADIUS - 1.0 {
                    faults.push(format!("{}: the label of {} covers the {what} anchor of {}", g.variant, a.0, p.abbr));
                }
            }
        }
    }
    faults
}

#[test]
fn labels_do_not_collide_with_labels_or_units() {
    let faults: Vec<String> = dip_render::embedded_geometry().iter().flat_map(label_faults).collect();
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
    // The check finds a label moved onto another and onto a unit.
    let (_, mut bad) = standard();
    let wal = bad.provinces.iter().find(|p| p.abbr == "wal").expect("wal").clone();
    bad.provinces.iter_mut().find(|p| p.abbr == "lon").expect("lon").label = wal.label;
    bad.provinces.iter_mut().find(|p| p.abbr == "yor").expect("yor").label = wal.unit;
    let found = label_faults(&bad);
    assert!(
        found
            .iter()
            .any(|f| f.contains("labels of lon and wal overlap") || f.contains("labels of wal and lon overlap")),
        "{found:?}"
    );
    assert!(found.iter().any(|f| f.contains("the label of yor covers the unit anchor of wal")), "{found:?}");
}
