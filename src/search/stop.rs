//! A request to stop a search, shared between the searching thread and whoever may interrupt it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// A stop request: clones share one state, so a clone handed to another thread (a Ctrl-C
/// watcher, an engine protocol's reader) stops the search that holds the original.
///
/// A stop is requested now ([`Stop::request`]) or for a moment to come
/// ([`Stop::request_at`]: an engine protocol's "the opponent played the expected
/// move, now think for so long" arrives while the search is already running).
///
/// The search looks at the request where it looks at the clock (every 1024 nodes and
/// between iterations), so asking costs the search nothing per node, and a stopped
/// search still answers with the best move it has found.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, Instant};
/// use shashki::search::Stop;
///
/// let stop = Stop::new();
/// let remote = stop.clone();
/// std::thread::spawn(move || remote.request()).join().unwrap();
/// assert!(stop.is_requested());
/// stop.reset();
/// assert!(!stop.is_requested());
/// stop.request_at(Instant::now() + Duration::from_secs(3600));
/// assert!(!stop.is_requested());
/// stop.request_at(Instant::now());
/// assert!(stop.is_requested());
/// ```
#[derive(Clone, Debug)]
pub struct Stop(Arc<State>);

#[derive(Debug)]
struct State {
    requested: AtomicBool,
    /// The moment from which deadlines are counted.
    epoch: Instant,
    /// Microseconds after `epoch` at which the stop takes effect; `NO_DEADLINE` for none.
    deadline: AtomicU64,
}

const NO_DEADLINE: u64 = u64::MAX;

impl Default for Stop {
    fn default() -> Stop {
        Stop(Arc::new(State {
            requested: AtomicBool::new(false),
            epoch: Instant::now(),
            deadline: AtomicU64::new(NO_DEADLINE),
        }))
    }
}

impl Stop {
    /// A stop not yet requested.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the search to stop as soon as it next looks (well within a millisecond).
    pub fn request(&self) {
        self.0.requested.store(true, Ordering::Relaxed);
    }

    /// Asks the search to stop once `moment` has come (replacing an earlier such moment).
    pub fn request_at(&self, moment: Instant) {
        let micros = moment.saturating_duration_since(self.0.epoch).as_micros();
        let micros = u64::try_from(micros).unwrap_or(NO_DEADLINE - 1);
        self.0.deadline.store(micros, Ordering::Relaxed);
    }

    /// Whether a stop has been requested since the last reset, or its moment has come.
    #[inline]
    pub fn is_requested(&self) -> bool {
        if self.0.requested.load(Ordering::Relaxed) {
            return true;
        }
        let deadline = self.0.deadline.load(Ordering::Relaxed);
        deadline != NO_DEADLINE && self.0.epoch.elapsed().as_micros() >= u128::from(deadline)
    }

    /// Withdraws the request and any moment set for one, before a new search.
    pub fn reset(&self) {
        self.0.requested.store(false, Ordering::Relaxed);
        self.0.deadline.store(NO_DEADLINE, Ordering::Relaxed);
    }
}
