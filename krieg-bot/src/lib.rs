//! Krieg (5x5, stingers and bombers): rules, contest bot and referee.
