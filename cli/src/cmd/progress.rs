//! A progress bar on standard error when it is a terminal; silent otherwise.

use std::io::{IsTerminal, Write};

/// Draws `label [=====     ] done/total` at most once per percent.
pub struct Progress {
    label: String,
    enabled: bool,
    last: u64,
}

impl Progress {
    /// A bar for `label`, shown only when standard error is a terminal.
    pub fn new(label: &str) -> Self {
        Progress {
            label: label.to_string(),
            enabled: std::io::stderr().is_terminal(),
            last: u64::MAX,
        }
    }

    /// Updates the bar.
    pub fn update(&mut self, done: u64, total: u64) {
        if !self.enabled || total == 0 {
            return;
        }
        let pct = done.saturating_mul(100) / total;
        if pct == self.last {
            return;
        }
        self.last = pct;
        let filled = (pct / 4) as usize;
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{} [{}{}] {done}/{total}",
            self.label,
            "=".repeat(filled),
            " ".repeat(25 - filled)
        );
        let _ = err.flush();
    }

    /// Clears the bar's line.
    pub fn finish(&mut self) {
        if self.enabled && self.last != u64::MAX {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r{}\r", " ".repeat(self.label.len() + 50));
            let _ = err.flush();
        }
    }
}
