//! The batch API gives the same results as playing one by one, whatever the number of
//! threads.

use dip::batch::{self, RandomGame, rayon};
use dip::{Order, Position, Rules};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool")
}

#[test]
fn play_many_equals_one_by_one_on_any_number_of_threads() {
    let map = dip::variant("standard").expect("standard");
    let rules = Rules::default();
    let start = Position::opening(&map);
    let games: Vec<RandomGame> = (0..12).map(|seed| RandomGame { seed, until_year: 1908 }).collect();
    let one_by_one: Vec<_> =
        games.iter().map(|&g| batch::play_random(&map, &rules, &start, g).expect("a start of the map")).collect();
    for threads in [1, 2, 3] {
        let many =
            pool(threads).install(|| batch::play_many(&map, &rules, &start, &games)).expect("a start of the map");
        assert_eq!(many, one_by_one, "{threads} threads");
    }
    // The games are real: they went on for years, with orders, and differ by seed.
    assert!(one_by_one.iter().all(|g| g.phases > 10 && g.orders > 100));
    assert!(one_by_one.windows(2).any(|w| w[0].position != w[1].position));
}

#[test]
fn adjudicate_many_equals_one_by_one_on_any_number_of_threads() {
    let map = dip::variant("standard").expect("standard");
    let rules = Rules::default();
    let start = Position::opening(&map);
    // Every phase of a few random games: movement, retreat and adjustment positions.
    let mut jobs: Vec<(Position, Vec<Order>)> = Vec::new();
    for seed in 0..6 {
        let mut rng = batch::Rng::new(seed);
        let mut position = start.clone();
        while position.phase.year < 1906 {
            let choices = dip::legal_orders(&map, &position).expect("a position of the map");
            let orders = batch::random_orders(&map, &position, &choices, &mut rng);
            let next = dip::play_phase(&map, &position, &orders, &rules).expect("valid input").next;
            jobs.push((position, orders));
            position = next;
        }
    }
    let kinds: std::collections::BTreeSet<_> = jobs.iter().map(|(p, _)| p.phase.kind).collect();
    assert_eq!(kinds.len(), 3, "movement, retreat and adjustment phases are all among the jobs");
    let one_by_one: Vec<_> = jobs.iter().map(|(p, o)| dip::play_phase(&map, p, o, &rules)).collect();
    for threads in [1, 2, 3] {
        let many = pool(threads).install(|| batch::adjudicate_many(&map, &rules, &jobs));
        assert_eq!(many, one_by_one, "{threads} threads");
    }
}

#[test]
fn a_random_game_is_the_same_game_as_through_game_play() {
    let map = dip::variant("standard").expect("standard");
    let rules = Rules::default();
    let start = Position::opening(&map);
    let summary = batch::play_random(&map, &rules, &start, RandomGame { seed: 7, until_year: 1906 }).expect("a start");
    // Replayed through `Game` with the same choices.
    let mut game = dip::Game::new(map.clone(), rules);
    let mut rng = batch::Rng::new(7);
    while game.phase().year < 1906 && game.winner().is_none() {
        let choices = dip::legal_orders(&map, game.position()).expect("a position of the map");
        let orders = batch::random_orders(&map, game.position(), &choices, &mut rng);
        game.play(orders).expect("orders of the map");
    }
    assert_eq!(game.position(), &summary.position);
    assert_eq!(game.history().len() as u32, summary.phases);
}
