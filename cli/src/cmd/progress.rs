//! A progress bar (`indicatif`) on standard error, only when standard error
//! is a terminal: never in a pipe, a test or CI.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar labelled `label [=====>    ] done/total (eta)`, or nothing
/// when standard error is not a terminal.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar for `label`, shown only when standard error is a terminal.
    pub fn new(label: &str) -> Self {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let style = ProgressStyle::with_template("{msg} [{bar:25}] {pos}/{len} ({eta})")
            .map(|s| s.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr())
            .with_style(style)
            .with_message(label.to_string());
        Progress(Some(bar))
    }

    /// Sets the bar to `done` of `total`.
    pub fn update(&self, done: u64, total: u64) {
        if let Some(bar) = &self.0 {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    /// Runs `f` (which prints to standard output) with the bar cleared,
    /// then draws it again.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
