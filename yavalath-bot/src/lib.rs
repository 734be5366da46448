//! Yavalath (CodinGame, hex board of side 5): rules, contest bot and referee.
