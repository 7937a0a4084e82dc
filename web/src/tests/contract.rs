//! The state a game's route serves has the fields of `GameState` in `front/types.js`, the
//! scripts' one typedef of it (the full comparison, nested objects included, is in `state`).

use crate::state::tests::typedefs;

#[tokio::test]
async fn the_served_state_has_the_fields_of_the_scripts_typedef() {
    let s = super::setup().await;
    s.play(&s.ada, "c3-c4").await;
    let state = s.state_in("en").await;
    let mut served: Vec<String> = state
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect();
    served.sort();
    let defs = typedefs();
    let typed: Vec<String> = defs
        .get("GameState")
        .expect("GameState")
        .keys()
        .cloned()
        .collect();
    assert_eq!(served, typed);
    let moves = state["moves"].as_array().expect("moves");
    let played: Vec<&String> = moves[0].as_object().expect("a move").keys().collect();
    let typed: Vec<&String> = defs.get("MoveShown").expect("MoveShown").keys().collect();
    assert_eq!(played, typed);
    let may = state["may"]["black"].as_object().expect("black's may");
    let typed: Vec<&String> = defs.get("May").expect("May").keys().collect();
    assert_eq!(may.keys().collect::<Vec<_>>(), typed);
}
