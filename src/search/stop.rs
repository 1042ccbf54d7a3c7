//! A request to stop a search, shared between the searching thread and whoever may interrupt it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A stop request: clones share one flag, so a clone handed to another thread (a Ctrl-C
/// watcher, an engine protocol's reader) stops the search that holds the original.
///
/// The search looks at the flag where it looks at the clock (every 1024 nodes and
/// between iterations), so asking costs the search nothing per node, and a stopped
/// search still answers with the best move it has found.
///
/// # Examples
///
/// ```
/// use shashki::search::Stop;
///
/// let stop = Stop::new();
/// let remote = stop.clone();
/// std::thread::spawn(move || remote.request()).join().unwrap();
/// assert!(stop.is_requested());
/// stop.reset();
/// assert!(!stop.is_requested());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A stop not yet requested.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the search to stop as soon as it next looks (well within a millisecond).
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop has been requested since the last reset.
    #[inline]
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Withdraws the request, before a new search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}
