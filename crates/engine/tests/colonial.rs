//! Colonial's Hong Kong rule in whole-game terms (DATC v2.5 7.A.3): Hong Kong does not
//! count toward China's victory.

use std::path::Path;

use dip::{Game, Position, Rules};

#[test]
fn hong_kong_does_not_count_for_china_s_victory() {
    let map = dip::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants/colonial.ron")).expect("colonial");
    assert_eq!(map.victory_centres(), 30);
    let china = map.power_by_name("China").expect("China");
    let hong_kong = map.province_by_name("Hong Kong").expect("Hong Kong");
    let mut position = Position::opening(&map);
    // China owns 29 centres besides Hong Kong, and Hong Kong.
    let others: Vec<_> = map.centres().filter(|&c| c != hong_kong).take(29).collect();
    position.owners = vec![None; map.province_count()];
    for c in others.iter().copied().chain([hong_kong]) {
        position.owners[c.index()] = Some(china);
    }
    let game = Game::from_position(map.clone(), Rules::default(), position.clone()).expect("a position of the map");
    assert_eq!(game.winner(), None, "Hong Kong must not count for China");
    // One more centre that counts, and China has won.
    let extra = map.centres().find(|c| *c != hong_kong && !others.contains(c)).expect("a 31st centre");
    position.owners[extra.index()] = Some(china);
    let game = Game::from_position(map, Rules::default(), position).expect("a position of the map");
    assert_eq!(game.winner(), Some(china));
}
