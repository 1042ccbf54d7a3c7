//! The applications built on the library: the console a person plays at, the Hub
//! protocol other programs drive, the tuner that fits the evaluation, and the command
//! line that starts each of them.

pub mod cli;
pub mod console;
pub mod hub;
pub mod platform;
pub mod tune;
