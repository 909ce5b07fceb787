//! Replays: versioned, self-describing JSON files holding a run's inputs and
//! its expected outputs, re-run and compared bit for bit.
//!
//! Two kinds share one header (`format`, `version`, `scalar`,
//! `crate_version`, `kind`):
//! - `arena`: a scene, its per-tick inputs, the state hash every
//!   `hash_every` ticks and the final state of every body;
//! - `queries`: a list of `eval` inputs with their expected answers.
//!
//! Verification stops at the first divergence and names it: the tick or
//! query index, the field, the expected and the actual value.

pub mod model;
pub mod queries;

use crate::arena::scene::Scene;
use crate::arena::{LeftDomain, QueryCounts, World};
use crate::state_hash::hex;
use model::{FinalText, SceneText};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The `format` field of every replay.
pub const FORMAT: &str = "fixed-collide-replay";
/// The replay format version this build writes and reads.
pub const VERSION: u32 = 1;
/// The scalar format of every number in a replay.
pub const SCALAR: &str = "I32F32";

/// What a replay holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// An arena run.
    Arena,
    /// A list of queries and answers.
    Queries,
}

/// The header every replay starts with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version ([`VERSION`]).
    pub version: u32,
    /// Always [`SCALAR`].
    pub scalar: String,
    /// The version of the crate that recorded it (informational).
    pub crate_version: String,
    /// What the file holds.
    pub kind: Kind,
}

impl Header {
    /// The header this build writes.
    pub fn current(kind: Kind) -> Self {
        Header {
            format: FORMAT.to_string(),
            version: VERSION,
            scalar: SCALAR.to_string(),
            crate_version: env!("CARGO_PKG_VERSION").to_string(),
            kind,
        }
    }
}

/// An arena run: its inputs and expected outputs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArenaRecord {
    /// 2 or 3.
    pub dim: u32,
    /// The seed the scene was generated from (informational: the scene
    /// itself is stored).
    pub seed: u64,
    /// A state hash is stored after every `hash_every` ticks.
    pub hash_every: u32,
    /// The number of ticks run.
    pub ticks: u32,
    /// Inputs.
    pub scene: SceneText,
    /// `hashes[k]` is the state hash after tick `(k + 1) * hash_every`.
    pub hashes: Vec<String>,
    /// The state after the last tick.
    #[serde(rename = "final")]
    pub final_state: FinalText,
}

/// A replay file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The header.
    pub header: Header,
    /// For `kind: arena`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<ArenaRecord>,
    /// For `kind: queries`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queries: Option<Vec<queries::QueryRecord>>,
}

/// Why a replay could not be read or run.
#[derive(Debug)]
pub enum ReplayError {
    /// The file could not be read or written.
    Io(String),
    /// The text is not a valid replay (malformed JSON, missing field, wrong
    /// header, unknown version, truncated content).
    Format(String),
    /// The replay's inputs are invalid (a field out of the domain ...).
    Input(crate::Error),
    /// An arena body left the domain while the replay ran.
    Arena(LeftDomain),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Io(m) => write!(f, "{m}"),
            ReplayError::Format(m) => write!(f, "not a valid replay: {m}"),
            ReplayError::Input(e) => write!(f, "invalid replay input: {e}"),
            ReplayError::Arena(e) => write!(f, "arena stopped: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<crate::Error> for ReplayError {
    fn from(e: crate::Error) -> Self {
        ReplayError::Input(e)
    }
}

impl From<LeftDomain> for ReplayError {
    fn from(e: LeftDomain) -> Self {
        ReplayError::Arena(e)
    }
}

/// The first difference between a recorded and a re-run result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Where: `tick 17` or `query 4031`.
    pub at: String,
    /// Which field: `state hash`, `final.bodies[3].pos[0]`, `t_enter` ...
    pub field: String,
    /// The recorded value.
    pub expected: String,
    /// The re-run value.
    pub actual: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "first divergence at {}: {}: expected {}, actual {}",
            self.at, self.field, self.expected, self.actual
        )
    }
}

/// The result of re-running a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Everything matched. The text summarizes what was checked (ticks and
    /// final hash, or the number of queries).
    Match(String),
    /// The first difference.
    Diverged(Divergence),
}

/// Parses a replay, checking the header before the body so that an unknown
/// version or kind is reported as such.
///
/// # Errors
/// [`ReplayError::Format`] naming what is wrong.
pub fn parse(text: &str) -> Result<Replay, ReplayError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| ReplayError::Format(format!("malformed JSON: {e}")))?;
    let header = value.get("header").ok_or_else(|| {
        ReplayError::Format("no \"header\" object (is this a replay file?)".to_string())
    })?;
    if header.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(ReplayError::Format(format!(
            "header.format is not \"{FORMAT}\""
        )));
    }
    match header.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            return Err(ReplayError::Format(format!(
                "unsupported header.version {v} (this build reads version {VERSION})"
            )));
        }
        None => {
            return Err(ReplayError::Format(
                "header.version is missing or not a number".to_string(),
            ));
        }
    }
    if header.get("scalar").and_then(|s| s.as_str()) != Some(SCALAR) {
        return Err(ReplayError::Format(format!(
            "header.scalar is not \"{SCALAR}\""
        )));
    }
    let replay: Replay =
        serde_json::from_value(value).map_err(|e| ReplayError::Format(e.to_string()))?;
    let ok = match replay.header.kind {
        Kind::Arena => replay.arena.is_some() && replay.queries.is_none(),
        Kind::Queries => replay.queries.is_some() && replay.arena.is_none(),
    };
    if !ok {
        return Err(ReplayError::Format(format!(
            "header.kind is {:?} but the body does not hold exactly that",
            replay.header.kind
        )));
    }
    Ok(replay)
}

/// Reads and parses a replay file.
///
/// # Errors
/// [`ReplayError::Io`] naming the file, or [`ReplayError::Format`].
pub fn load(path: &std::path::Path) -> Result<Replay, ReplayError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ReplayError::Io(format!("{}: {e}", path.display())))?;
    parse(&text)
}

/// Re-runs a replay and compares it with its recorded outputs.
///
/// # Errors
/// [`ReplayError`] when its inputs are invalid or its shape inconsistent
/// (a truncated hash list, a wrong dimension).
pub fn verify(replay: &Replay, progress: &mut dyn FnMut(u64, u64)) -> Result<Verdict, ReplayError> {
    match (&replay.arena, &replay.queries) {
        (Some(a), _) => match a.dim {
            2 => verify_arena::<2>(a, progress),
            3 => verify_arena::<3>(a, progress),
            d => Err(ReplayError::Format(format!("arena.dim {d} is not 2 or 3"))),
        },
        (None, Some(q)) => Ok(queries::verify(q, progress)),
        (None, None) => Err(ReplayError::Format("empty replay".to_string())),
    }
}

/// An arena run with its record.
#[derive(Clone, Debug)]
pub struct ArenaRun {
    /// The inputs and outputs, as a replay stores them.
    pub record: ArenaRecord,
    /// The queries the run made, per family.
    pub counts: QueryCounts,
}

/// Runs an arena scene for `ticks` ticks, storing the state hash every
/// `hash_every` ticks (at least 1); `on_tick(t, hash)` sees every tick's
/// state hash as it is computed.
///
/// # Errors
/// When the scene is invalid or a body leaves the domain.
pub fn run_arena<const D: usize>(
    scene: Scene<D>,
    seed: u64,
    ticks: u32,
    hash_every: u32,
    on_tick: &mut dyn FnMut(u32, u64),
) -> Result<ArenaRun, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let hash_every = hash_every.max(1);
    let scene_text = SceneText::from_scene(&scene);
    let mut world = World::new(scene)?;
    let mut hashes = Vec::with_capacity((ticks / hash_every) as usize);
    for t in 1..=ticks {
        world.step()?;
        let h = world.state_hash();
        if t % hash_every == 0 {
            hashes.push(hex(h));
        }
        on_tick(t, h);
    }
    let final_state = FinalText::from_world(
        world.tick(),
        world.state_hash(),
        &world.scene().bodies,
        world.trigger_hits(),
    );
    let record = ArenaRecord {
        dim: D as u32,
        seed,
        hash_every,
        ticks,
        scene: scene_text,
        hashes,
        final_state,
    };
    Ok(ArenaRun {
        record,
        counts: world.counts(),
    })
}

/// Runs an arena scene and records it as a replay ([`run_arena`] with a
/// progress callback).
///
/// # Errors
/// When the scene is invalid.
pub fn record_arena<const D: usize>(
    scene: Scene<D>,
    seed: u64,
    ticks: u32,
    hash_every: u32,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Replay, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let run = run_arena(scene, seed, ticks, hash_every, &mut |t, _| {
        progress(u64::from(t), u64::from(ticks))
    })?;
    Ok(Replay {
        header: Header::current(Kind::Arena),
        arena: Some(run.record),
        queries: None,
    })
}

/// The first difference between a recorded arena run and a re-run of the
/// same scene: the first stored tick hash that differs (ticks where both
/// store a hash), then the final state field by field.
pub fn compare_arena(expected: &ArenaRecord, actual: &ArenaRecord) -> Option<Divergence> {
    let (ee, ae) = (expected.hash_every.max(1), actual.hash_every.max(1));
    for (k, want) in expected.hashes.iter().enumerate() {
        let tick = (k as u64 + 1) * u64::from(ee);
        if !tick.is_multiple_of(u64::from(ae)) {
            continue;
        }
        let got = usize::try_from(tick / u64::from(ae) - 1)
            .ok()
            .and_then(|i| actual.hashes.get(i));
        if got != Some(want) {
            return Some(Divergence {
                at: format!("tick {tick}"),
                field: "state hash".to_string(),
                expected: want.clone(),
                actual: got.cloned().unwrap_or_else(|| "(none)".to_string()),
            });
        }
    }
    first_final_difference(&expected.final_state, &actual.final_state, expected.ticks)
}

fn verify_arena<const D: usize>(
    a: &ArenaRecord,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Verdict, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    if a.hash_every == 0 {
        return Err(ReplayError::Format("arena.hash_every is 0".to_string()));
    }
    let want = a.ticks / a.hash_every;
    if a.hashes.len() as u64 != u64::from(want) {
        return Err(ReplayError::Format(format!(
            "arena.hashes has {} entries; {} ticks every {} need {want} (truncated or edited?)",
            a.hashes.len(),
            a.ticks,
            a.hash_every
        )));
    }
    if a.final_state.tick != a.ticks {
        return Err(ReplayError::Format(format!(
            "final.tick {} differs from arena.ticks {}",
            a.final_state.tick, a.ticks
        )));
    }
    let scene = a.scene.to_scene::<D>()?;
    let ticks = a.ticks;
    let run = run_arena(scene, a.seed, ticks, a.hash_every, &mut |t, _| {
        progress(u64::from(t), u64::from(ticks))
    })?;
    Ok(match compare_arena(a, &run.record) {
        Some(d) => Verdict::Diverged(d),
        None => Verdict::Match(format!(
            "{ticks} ticks, final hash {}",
            run.record.final_state.hash
        )),
    })
}

fn first_final_difference(
    expected: &FinalText,
    actual: &FinalText,
    tick: u32,
) -> Option<Divergence> {
    let at = format!("tick {tick} (final state)");
    let diff = |field: String, e: String, a: String| Divergence {
        at: at.clone(),
        field,
        expected: e,
        actual: a,
    };
    if expected.bodies.len() != actual.bodies.len() {
        return Some(diff(
            "final.bodies (count)".to_string(),
            expected.bodies.len().to_string(),
            actual.bodies.len().to_string(),
        ));
    }
    for (i, (e, a)) in expected.bodies.iter().zip(&actual.bodies).enumerate() {
        for (name, ev, av) in [("pos", &e.pos, &a.pos), ("vel", &e.vel, &a.vel)] {
            if ev.len() != av.len() {
                return Some(diff(
                    format!("final.bodies[{i}].{name} (length)"),
                    ev.len().to_string(),
                    av.len().to_string(),
                ));
            }
            for (c, (x, y)) in ev.iter().zip(av).enumerate() {
                if x != y {
                    return Some(diff(
                        format!("final.bodies[{i}].{name}[{c}]"),
                        x.clone(),
                        y.clone(),
                    ));
                }
            }
        }
        if e.sensor != a.sensor {
            return Some(diff(
                format!("final.bodies[{i}].sensor"),
                e.sensor.clone(),
                a.sensor.clone(),
            ));
        }
        if e.contacts != a.contacts {
            return Some(diff(
                format!("final.bodies[{i}].contacts"),
                e.contacts.to_string(),
                a.contacts.to_string(),
            ));
        }
    }
    if expected.trigger_hits != actual.trigger_hits {
        return Some(diff(
            "final.trigger_hits".to_string(),
            format!("{:?}", expected.trigger_hits),
            format!("{:?}", actual.trigger_hits),
        ));
    }
    if expected.hash != actual.hash {
        return Some(diff(
            "final.hash".to_string(),
            expected.hash.clone(),
            actual.hash.clone(),
        ));
    }
    None
}
