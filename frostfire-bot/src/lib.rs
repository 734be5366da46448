//! Frostfire (Abalone-like, hex board of edge 4): rules, contest bot and referee.
