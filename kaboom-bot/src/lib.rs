//! Ka-Boom (Kamisado with a bomb): rules, contest bot and referee.
