//! What `replay diff --tick N --body ID` looks at, checked against the
//! recordings.

use super::{ArenaInfo, Detail, ReplayError};

/// What `replay diff --tick N --body ID` looks at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Focus {
    /// Report this tick's differences instead of the first tick's (the
    /// exit status then says whether this tick differs).
    pub tick: Option<u32>,
    /// Report only this body, at the first tick where its state differs
    /// (or at `tick`); needs body detail in both recordings.
    pub body: Option<u32>,
}

impl Focus {
    /// Checks the focus against the recordings' run and detail.
    pub(crate) fn check(&self, info: &ArenaInfo, a: Detail, b: Detail) -> Result<(), ReplayError> {
        if let Some(t) = self.tick
            && (t == 0 || t > info.ticks || !t.is_multiple_of(info.hash_every))
        {
            let what = if t > info.ticks {
                "beyond the recording"
            } else {
                "not a recorded tick"
            };
            return Err(ReplayError::Incomparable(format!(
                "--tick {t}: {what}: the recordings have the states after ticks {e}, {}, ..., {} (every {e})",
                2 * u64::from(info.hash_every),
                info.ticks,
                e = info.hash_every
            )));
        }
        if let Some(body) = self.body {
            if body >= info.bodies {
                return Err(ReplayError::Incomparable(format!(
                    "--body {body}: there is no body {body} (the recordings have bodies 0..{})",
                    info.bodies
                )));
            }
            if !(a.bodies && b.bodies) {
                return Err(ReplayError::Incomparable(format!(
                    "--body {body}: needs body detail in both recordings (record with --detail bodies)"
                )));
            }
        }
        Ok(())
    }
}
