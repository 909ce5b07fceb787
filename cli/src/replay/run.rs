//! Running an arena scene, recording the run as a replay as it goes
//! ([`ArenaWriter`]), and checking a run against a replay as it goes
//! ([`ArenaCheck`]): neither holds more than one record of the file.

use super::arena::{ArenaInfo, ArenaReader, Item};
use super::detail::{self, Detail};
use super::model::{BodyState, FinalRec, KickRec, PlacedRec, StateRec, TriggerRec};
use super::options::{RunOptions, run_arena_with};
use super::stream::{Records, Sink};
use super::{Divergence, Kind, Replay, ReplayError, Verdict};
use crate::arena::scene::Scene;
use crate::arena::{QueryCounts, World};
use crate::convert::fx_to_text;
use crate::state_hash::hex;
use std::io::BufRead;
use std::ops::ControlFlow;
use std::path::Path;

/// The state of an arena after its last tick, as a replay records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalState {
    /// Ticks run.
    pub tick: u32,
    /// The state hash after the last tick.
    pub hash: u64,
    /// Every body's state.
    pub bodies: Vec<BodyState>,
    /// How many body-ticks each trigger zone counted.
    pub trigger_hits: Vec<u32>,
}

impl FinalState {
    /// The state of a world (see [`run_arena`]).
    ///
    /// # Examples
    /// See [`run_arena`].
    pub fn of<const D: usize>(world: &World<D>) -> Self
    where
        fixed_collide::Const<D>: fixed_collide::Dim<D>,
    {
        Self {
            tick: world.tick(),
            hash: world.state_hash(),
            bodies: world.scene().bodies.iter().map(BodyState::of).collect(),
            trigger_hits: world.trigger_hits().to_vec(),
        }
    }
}

/// The outcome of an arena run.
#[derive(Clone, Debug)]
pub struct ArenaRun {
    /// The state after the last tick run.
    pub final_state: FinalState,
    /// The queries the run made, per op.
    pub counts: QueryCounts,
}

/// Runs a scene for `ticks` ticks; `on_tick(t, hash)` sees the state hash
/// after every tick `t` (from 1) and may stop the run early
/// ([`ControlFlow::Break`]).
///
/// # Errors
/// [`ReplayError::Input`] when the scene is invalid or a body leaves the
/// domain.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::run_arena};
/// use std::ops::ControlFlow;
/// let mut hashes = Vec::new();
/// let run = run_arena(generate::<2>(8, 10, 3), 10, &mut |t, h| {
///     hashes.push(h);
///     if t == 4 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })
/// .unwrap();
/// assert_eq!((run.final_state.tick, hashes.len()), (4, 4));
/// assert_eq!(run.final_state.hash, hashes[3]);
/// assert_eq!(run.final_state.bodies.len(), 8);
/// ```
pub fn run_arena<const D: usize>(
    scene: Scene<D>,
    ticks: u32,
    on_tick: &mut dyn FnMut(u32, u64) -> ControlFlow<()>,
) -> Result<ArenaRun, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let options = RunOptions::default();
    run_arena_with(scene, ticks, &options, &mut |w| {
        on_tick(w.tick(), w.state_hash())
    })
}

/// Writes an arena replay while the run goes: the inputs at
/// [`create`](Self::create), a state record per [`state`](Self::state) call
/// on every `hash_every`-th tick, the final state at
/// [`finish`](Self::finish).
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::{self, ArenaWriter}};
/// use std::ops::ControlFlow;
/// let out = std::env::temp_dir().join(format!("fc-writer-doc-{}.json", std::process::id()));
/// let scene = generate::<2>(6, 8, 1);
/// let mut w = ArenaWriter::create(&out, &scene, 1, 8, 4).unwrap();
/// let run = replay::run_arena(scene, 8, &mut |t, h| {
///     w.state(t, h);
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// w.finish(&run.final_state).unwrap();
/// let r = replay::load(&out).unwrap();
/// assert_eq!(r.arena().unwrap().states(), 2);
/// # std::fs::remove_file(&out).unwrap();
/// ```
pub struct ArenaWriter {
    sink: Sink,
    info: ArenaInfo,
    detail: Detail,
    states: u32,
    error: Option<ReplayError>,
}

impl ArenaWriter {
    /// Starts the replay of `scene` run for `ticks` ticks, a state hash
    /// every `hash_every` ticks, at `out` (written in full by
    /// [`finish`](Self::finish)).
    ///
    /// # Errors
    /// [`ReplayError::Limit`] or [`ReplayError::Format`] for a run this
    /// build would refuse to verify ([`ArenaInfo::check`]);
    /// [`ReplayError::Io`] when the file cannot be written.
    ///
    /// # Examples
    /// See [`ArenaWriter`].
    pub fn create<const D: usize>(
        out: &Path,
        scene: &Scene<D>,
        seed: u64,
        ticks: u32,
        hash_every: u32,
    ) -> Result<Self, ReplayError> {
        Self::create_with(out, scene, seed, ticks, hash_every, Detail::default())
    }

    /// As [`create`](Self::create), recording `detail` after each state
    /// (given by [`tick`](Self::tick)).
    ///
    /// # Errors
    /// As [`create`](Self::create).
    ///
    /// # Examples
    /// See [`record_arena_with`](super::record_arena_with).
    pub fn create_with<const D: usize>(
        out: &Path,
        scene: &Scene<D>,
        seed: u64,
        ticks: u32,
        hash_every: u32,
        detail: Detail,
    ) -> Result<Self, ReplayError> {
        let info = ArenaInfo::of(scene, seed, ticks, hash_every);
        info.check()?;
        // The record count is known: the records are written once, after
        // room for the header.
        let mut sink = Sink::create_counted(
            out,
            Kind::Arena,
            detail.extensions(),
            info.records_with(detail),
        )?;
        sink.line = info.to_line();
        info.encode(&mut sink.digests[1]);
        sink.record()?;
        let placed = scene
            .obstacles
            .iter()
            .map(|o| ("obstacle", PlacedRec::of_obstacle(o)))
            .chain(scene.bodies.iter().map(|b| ("body", PlacedRec::of_body(b))));
        for (tag, r) in placed {
            r.encode(&mut sink.digests[1]);
            sink.line = format!("{{\"{tag}\":");
            r.write(&mut sink.line);
            sink.line.push('}');
            sink.record()?;
        }
        for t in &scene.triggers {
            let r = TriggerRec::of(t);
            r.encode(&mut sink.digests[1]);
            sink.line.push_str("{\"trigger\":");
            r.write(&mut sink.line);
            sink.line.push('}');
            sink.record()?;
        }
        for k in &scene.kicks {
            let r = KickRec::of(k);
            r.encode(&mut sink.digests[1]);
            sink.line.push_str("{\"kick\":");
            r.write(&mut sink.line);
            sink.line.push('}');
            sink.record()?;
        }
        Ok(Self {
            sink,
            info,
            detail,
            states: 0,
            error: None,
        })
    }

    /// Records the state hash after tick `tick` when it is a multiple of
    /// `hash_every` (other ticks are ignored). A write error is kept and
    /// returned by [`finish`](Self::finish).
    ///
    /// # Examples
    /// See [`ArenaWriter`].
    pub fn state(&mut self, tick: u32, hash: u64) {
        if self.error.is_some()
            || tick == 0
            || tick > self.info.ticks
            || !tick.is_multiple_of(self.info.hash_every)
        {
            return;
        }
        let r = StateRec { tick, hash };
        r.encode(&mut self.sink.digests[2]);
        self.sink.line.push_str("{\"state\":");
        r.write(&mut self.sink.line);
        self.sink.line.push('}');
        match self.sink.record() {
            Ok(()) => self.states += 1,
            Err(e) => self.error = Some(e),
        }
    }

    /// Records the world's state hash `hash` (its
    /// [`state_hash`](World::state_hash), which the caller has at hand)
    /// after its tick, as [`state`](Self::state), and the detail the writer
    /// was created with. A query digest needs a world that logs its queries
    /// ([`RunOptions::queries`](super::RunOptions::queries)).
    ///
    /// # Examples
    /// See [`record_arena_with`](super::record_arena_with).
    pub fn tick<const D: usize>(&mut self, world: &World<D>, hash: u64)
    where
        fixed_collide::Const<D>: fixed_collide::Dim<D>,
    {
        let before = self.states;
        self.state(world.tick(), hash);
        if self.states == before || self.error.is_some() {
            return;
        }
        if let Err(e) = detail::write_tick(&mut self.sink, self.detail, world) {
            self.error = Some(e);
        }
    }

    /// Writes the final state and the whole file.
    ///
    /// # Errors
    /// A write error; [`ReplayError::Format`] when the run did not give
    /// every state ([`state`](Self::state) calls missing) or the final
    /// state does not fit the scene.
    ///
    /// # Examples
    /// See [`ArenaWriter`].
    pub fn finish(mut self, last: &FinalState) -> Result<(), ReplayError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let info = self.info;
        if self.states != info.states() || last.tick != info.ticks {
            return Err(ReplayError::Format(format!(
                "the run stopped at tick {} of {}: nothing recorded",
                last.tick, info.ticks
            )));
        }
        if last.bodies.len() as u64 != u64::from(info.bodies)
            || last.trigger_hits.len() as u64 != u64::from(info.triggers)
        {
            return Err(ReplayError::Format(
                "the final state does not fit the scene: nothing recorded".to_string(),
            ));
        }
        for b in &last.bodies {
            b.encode(&mut self.sink.digests[3]);
            self.sink.line.push_str("{\"final_body\":");
            b.write(&mut self.sink.line);
            self.sink.line.push('}');
            self.sink.record()?;
        }
        let r = FinalRec {
            tick: last.tick,
            hash: last.hash,
            trigger_hits: last.trigger_hits.clone(),
        };
        r.encode(&mut self.sink.digests[3]);
        self.sink.line.push_str("{\"final\":");
        r.write(&mut self.sink.line);
        self.sink.line.push('}');
        self.sink.record()?;
        self.sink.finish()
    }
}

/// Runs a scene and records it at `out`, a state hash every `hash_every`
/// ticks; `progress(done, total)` follows the ticks.
///
/// # Errors
/// As [`ArenaWriter::create`], [`run_arena`] and [`ArenaWriter::finish`].
///
/// # Examples
/// See [`Replay::arena`](super::Replay::arena).
pub fn record_arena<const D: usize>(
    scene: Scene<D>,
    seed: u64,
    ticks: u32,
    hash_every: u32,
    out: &Path,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<ArenaRun, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut writer = ArenaWriter::create(out, &scene, seed, ticks, hash_every)?;
    let run = run_arena(scene, ticks, &mut |t, h| {
        writer.state(t, h);
        progress(u64::from(t), u64::from(ticks));
        ControlFlow::Continue(())
    })?;
    writer.finish(&run.final_state)?;
    Ok(run)
}

/// Checks a run against an arena replay while it goes: each state hash the
/// file records as the run reaches its tick ([`state`](Self::state)), then
/// the final state ([`finish`](Self::finish)). The file is read one record
/// at a time.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::{self, ArenaCheck}};
/// let out = std::env::temp_dir().join(format!("fc-check-doc-{}.json", std::process::id()));
/// replay::record_arena(generate::<2>(6, 8, 1), 1, 8, 2, &out, &mut |_, _| {}).unwrap();
/// let r = replay::load(&out).unwrap();
/// // The same scene from another seed diverges at the first recorded tick.
/// let mut check = ArenaCheck::open(&r).unwrap();
/// let run = replay::run_arena(generate::<2>(6, 8, 2), 8, &mut |t, h| check.state(t, h)).unwrap();
/// let d = check.finish(&run.final_state).unwrap().unwrap();
/// assert_eq!((d.at.as_str(), d.field.as_str()), ("tick 2", "state hash"));
/// # std::fs::remove_file(&out).unwrap();
/// ```
pub struct ArenaCheck {
    pub(crate) reader: ArenaReader<Box<dyn BufRead>>,
    first: Option<Divergence>,
    error: Option<ReplayError>,
}

impl ArenaCheck {
    /// Opens an arena replay (read and checked by [`load`](super::load) or
    /// [`parse`](super::parse)) and reads past its scene.
    ///
    /// # Errors
    /// [`ReplayError::Format`] when it is not an arena replay, or as
    /// [`load`](super::load) when the file changed since.
    ///
    /// # Examples
    /// See [`ArenaCheck`].
    pub fn open(replay: &Replay) -> Result<Self, ReplayError> {
        Self::open_with_scene::<2>(replay, false).map(|(_, c)| c)
    }

    /// Opens the replay and reads its scene, built in dimension `D` when
    /// `build`.
    pub(crate) fn open_with_scene<const D: usize>(
        replay: &Replay,
        build: bool,
    ) -> Result<(Scene<D>, Self), ReplayError> {
        let rec = Records::open(replay.source.open()?)?;
        if rec.header != replay.header {
            return Err(changed());
        }
        if rec.header.kind != Kind::Arena {
            return Err(ReplayError::Format("not an arena replay".to_string()));
        }
        let mut reader = ArenaReader::open(rec, true)?;
        let scene = reader.read_scene::<D>(build)?;
        Ok((
            scene,
            Self {
                reader,
                first: None,
                error: None,
            },
        ))
    }

    /// The file's run parameters (its `run` record).
    ///
    /// # Examples
    /// See [`ArenaCheck`].
    pub fn info(&self) -> &ArenaInfo {
        &self.reader.info
    }

    /// The file's header.
    ///
    /// # Examples
    /// See [`ArenaCheck`].
    pub fn header(&self) -> &super::Header {
        &self.reader.rec.header
    }

    /// Compares the state hash after tick `tick` with the file's, when the
    /// file records one for that tick. Breaks at the first difference or
    /// error (kept for [`finish`](Self::finish)).
    ///
    /// # Examples
    /// See [`ArenaCheck`].
    pub fn state(&mut self, tick: u32, hash: u64) -> ControlFlow<()> {
        if self.first.is_some() || self.error.is_some() {
            return ControlFlow::Break(());
        }
        let info = self.reader.info;
        if tick == 0 || tick > info.ticks || !tick.is_multiple_of(info.hash_every) {
            return ControlFlow::Continue(());
        }
        let mut next = self.reader.next_item();
        while let Ok(Some(Item::Bodies(_) | Item::Queries(_))) = next {
            next = self.reader.next_item();
        }
        match next {
            Ok(Some(Item::State(s))) if s.tick == tick => {
                if s.hash == hash {
                    return ControlFlow::Continue(());
                }
                self.first = Some(Divergence {
                    at: format!("tick {tick}"),
                    field: "state hash".to_string(),
                    expected: hex(s.hash),
                    actual: hex(hash),
                });
            }
            Ok(_) => {
                self.error = Some(ReplayError::Format(format!(
                    "no state record for tick {tick} where one was expected"
                )));
            }
            Err(e) => self.error = Some(e),
        }
        ControlFlow::Break(())
    }

    /// Compares the final state with the file's: every body (position,
    /// velocity, sensor, contacts), the trigger counts, then the hash.
    /// Returns the first difference, if any.
    ///
    /// # Errors
    /// A read or format error of the file, kept from [`state`](Self::state)
    /// or met now; [`ReplayError::Edited`] when the file changed since it
    /// was loaded.
    ///
    /// # Examples
    /// See [`ArenaCheck`].
    pub fn finish(mut self, actual: &FinalState) -> Result<Option<Divergence>, ReplayError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if let Some(d) = self.first.take() {
            return Ok(Some(d));
        }
        let info = self.reader.info;
        let at = format!("tick {} (final state)", info.ticks);
        let diff = |field: String, expected: String, actual: String| {
            Ok(Some(Divergence {
                at: at.clone(),
                field,
                expected,
                actual,
            }))
        };
        if actual.bodies.len() as u64 != u64::from(info.bodies) {
            return diff(
                "final.bodies (count)".to_string(),
                info.bodies.to_string(),
                actual.bodies.len().to_string(),
            );
        }
        let mut body = 0;
        while let Some(item) = self.reader.next_item()? {
            match item {
                Item::State(s) => {
                    return diff(
                        format!("state hash at tick {}", s.tick),
                        hex(s.hash),
                        "(the run stopped before)".to_string(),
                    );
                }
                Item::Bodies(_) | Item::Queries(_) => {}
                Item::FinalBody(e) => {
                    let Some(a) = actual.bodies.get(body) else {
                        return Err(ReplayError::Format(
                            "more final bodies than bodies".to_string(),
                        ));
                    };
                    if let Some(d) = body_difference(body, &e, a) {
                        return diff(d.0, d.1, d.2);
                    }
                    body += 1;
                }
                Item::Final(e) => {
                    if e.trigger_hits != actual.trigger_hits {
                        return diff(
                            "final.trigger_hits".to_string(),
                            format!("{:?}", e.trigger_hits),
                            format!("{:?}", actual.trigger_hits),
                        );
                    }
                    if e.hash != actual.hash {
                        return diff("final.hash".to_string(), hex(e.hash), hex(actual.hash));
                    }
                }
                _ => {
                    return Err(ReplayError::Format(
                        "scene record after the scene".to_string(),
                    ));
                }
            }
        }
        self.reader.rec.check().map_err(|_| changed())?;
        Ok(None)
    }
}

/// The file changed between the two passes of a verification.
fn changed() -> ReplayError {
    ReplayError::Edited("the file changed while it was being verified".to_string())
}

/// The first field of a body's final state that differs, compared by value.
fn body_difference(i: usize, e: &BodyState, a: &BodyState) -> Option<(String, String, String)> {
    for (name, ev, av) in [("pos", &e.pos, &a.pos), ("vel", &e.vel, &a.vel)] {
        for (c, (x, y)) in ev.iter().zip(av.iter()).enumerate() {
            if x != y {
                return Some((
                    format!("final.bodies[{i}].{name}[{c}]"),
                    fx_to_text(*x),
                    fx_to_text(*y),
                ));
            }
        }
    }
    if e.sensor != a.sensor {
        return Some((
            format!("final.bodies[{i}].sensor"),
            fx_to_text(e.sensor),
            fx_to_text(a.sensor),
        ));
    }
    if e.contacts != a.contacts {
        return Some((
            format!("final.bodies[{i}].contacts"),
            e.contacts.to_string(),
            a.contacts.to_string(),
        ));
    }
    None
}

/// Re-runs an arena replay: the scene from the file, every recorded state
/// hash compared as the run reaches it, then the final state.
pub(crate) fn verify_arena<const D: usize>(
    replay: &Replay,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Verdict, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let (scene, mut check) = ArenaCheck::open_with_scene::<D>(replay, true)?;
    let ticks = check.info().ticks;
    let run = run_arena(scene, ticks, &mut |t, h| {
        progress(u64::from(t), u64::from(ticks));
        check.state(t, h)
    })?;
    Ok(match check.finish(&run.final_state)? {
        Some(d) => Verdict::Diverged(d),
        None => Verdict::Match(format!(
            "{ticks} ticks, final hash {}",
            hex(run.final_state.hash)
        )),
    })
}
