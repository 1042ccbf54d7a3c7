//! How long the bot thinks on a game clock: a move's share of the time left.

use std::time::Duration;

use crate::search::Limits;

/// Moves a game is assumed still to last when the clock does not say.
const MOVES_TO_GO: u32 = 30;

/// Time kept back on every move for what the clock counts beyond the search: reading
/// the position, answering, the other side's reading of the answer.
const OVERHEAD: Duration = Duration::from_millis(30);

/// The limits of one move on a game clock: `remaining` on the clock with the move's
/// `increment` already added, and `moves_to_go` until the next time control, if any.
///
/// The move aims at an even share of the time left (the moves to go, or an assumed 30)
/// plus most of the increment, may stretch to four times that on a hard move, and never
/// takes more than half of what is left (all but a tenth before the last move of a
/// control), less an overhead for the traffic, so the flag does not fall.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use shashki::engine::clock_limits;
/// use shashki::search::Limits;
///
/// let limits = clock_limits(Duration::from_secs(60), Duration::ZERO, None);
/// let Limits::Clock { target, max } = limits else { panic!() };
/// assert_eq!(target, Duration::from_millis(1999));
/// assert_eq!(max, Duration::from_millis(7996));
/// ```
pub fn clock_limits(remaining: Duration, increment: Duration, moves_to_go: Option<u32>) -> Limits {
    let usable = remaining.saturating_sub(OVERHEAD.min(remaining / 4));
    let moves = moves_to_go.unwrap_or(MOVES_TO_GO).clamp(1, MOVES_TO_GO);
    let ceiling = if moves == 1 {
        usable.mul_f64(0.9)
    } else {
        usable / 2
    };
    let share = usable / moves + increment.mul_f64(0.75);
    let target = share.min(ceiling);
    let max = (target * 4).min(ceiling);
    Limits::Clock { target, max }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(limits: Limits) -> (Duration, Duration) {
        match limits {
            Limits::Clock { target, max } => (target, max),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_move_never_takes_more_than_half_the_time_left() {
        for remaining_ms in [0, 1, 5, 40, 100, 1000, 10_000, 600_000] {
            for increment_ms in [0, 1, 100, 3000] {
                let remaining = Duration::from_millis(remaining_ms);
                let increment = Duration::from_millis(increment_ms);
                let (target, max) = parts(clock_limits(remaining, increment, None));
                assert!(target <= max, "{remaining_ms} + {increment_ms}");
                assert!(
                    max <= remaining / 2,
                    "{remaining_ms} + {increment_ms}: {max:?}"
                );
            }
        }
    }

    #[test]
    fn the_increment_is_mostly_spent_and_moves_to_go_share_the_rest() {
        let (target, _) = parts(clock_limits(
            Duration::from_secs(10),
            Duration::from_secs(2),
            None,
        ));
        assert!(target > Duration::from_millis(1500), "{target:?}");
        let (last, last_max) = parts(clock_limits(
            Duration::from_secs(10),
            Duration::ZERO,
            Some(1),
        ));
        assert!(last > Duration::from_secs(5) && last_max < Duration::from_secs(10));
        let (ten, _) = parts(clock_limits(
            Duration::from_secs(10),
            Duration::ZERO,
            Some(10),
        ));
        assert!(ten > Duration::from_millis(900) && ten < Duration::from_millis(1000));
    }
}
