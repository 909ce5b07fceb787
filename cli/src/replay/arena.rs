//! Reading an arena replay: the `run` record (checked against the limits
//! before anything else is read), then every record in its fixed order,
//! each checked and added to its section's digest.

use super::json::At;
use super::model::{BodyState, FinalRec, KickRec, PlacedRec, StateRec, TriggerRec};
use super::stream::{Digest, Records};
use super::{
    MAX_BODIES, MAX_KICKS, MAX_OBSTACLES, MAX_TICKS, MAX_TRIGGERS, ReplayError, json::Obj,
};
use crate::Field;
use crate::arena::scene::Scene;
use serde_json::value::RawValue;
use std::io::BufRead;

/// The `run` record: the parameters of an arena run and the number of
/// records of each part of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaInfo {
    /// 2 or 3.
    pub dim: u32,
    /// The seed the scene was generated from (the scene itself is stored).
    pub seed: u64,
    /// The number of ticks run.
    pub ticks: u32,
    /// A state hash is stored after every `hash_every` ticks (at least 1).
    pub hash_every: u32,
    /// Static obstacles.
    pub obstacles: u32,
    /// Moving bodies.
    pub bodies: u32,
    /// Trigger zones.
    pub triggers: u32,
    /// Per-tick inputs.
    pub kicks: u32,
}

/// The digest sections of an arena replay.
const INPUTS: usize = 1;
const STATES: usize = 2;
const FINAL: usize = 3;

impl ArenaInfo {
    /// The number of `state` records: one every `hash_every` ticks (see
    /// [`Replay::arena`](super::Replay::arena)).
    pub fn states(&self) -> u32 {
        self.ticks / self.hash_every.max(1)
    }

    /// The number of records after the header: the run record, the scene,
    /// the states, a final body per body and the final record.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::replay::ArenaInfo;
    /// let info = ArenaInfo { dim: 2, seed: 1, ticks: 10, hash_every: 5, obstacles: 3, bodies: 4, triggers: 1, kicks: 2 };
    /// assert_eq!(info.records(), 1 + 3 + 4 + 1 + 2 + 2 + 4 + 1);
    /// ```
    pub fn records(&self) -> u64 {
        2 + u64::from(self.obstacles)
            + 2 * u64::from(self.bodies)
            + u64::from(self.triggers)
            + u64::from(self.kicks)
            + u64::from(self.states())
    }

    /// Checks the dimension, `hash_every` and the limits.
    ///
    /// # Errors
    /// [`ReplayError::Format`] for a dimension other than 2 or 3 or a
    /// `hash_every` of 0; [`ReplayError::Limit`] for a count over its
    /// limit ([`MAX_TICKS`] ...), naming the field, its value and the limit.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::replay::{ArenaInfo, MAX_TICKS};
    /// let mut info = ArenaInfo { dim: 3, seed: 1, ticks: MAX_TICKS, hash_every: 1, obstacles: 0, bodies: 0, triggers: 0, kicks: 0 };
    /// assert!(info.check().is_ok());
    /// info.ticks = u32::MAX;
    /// assert_eq!(
    ///     info.check().unwrap_err().to_string(),
    ///     "replay refused: run.ticks is 4294967295, more than the arena's limit of 10000000"
    /// );
    /// ```
    pub fn check(&self) -> Result<(), ReplayError> {
        if self.dim != 2 && self.dim != 3 {
            return Err(ReplayError::Format(format!(
                "run.dim is {}, not 2 or 3",
                self.dim
            )));
        }
        if self.hash_every == 0 {
            return Err(ReplayError::Format(
                "run.hash_every is 0 (a state hash every 0 ticks)".to_string(),
            ));
        }
        for (name, value, max) in [
            ("ticks", self.ticks, MAX_TICKS),
            ("bodies", self.bodies, MAX_BODIES),
            ("obstacles", self.obstacles, MAX_OBSTACLES),
            ("triggers", self.triggers, MAX_TRIGGERS),
            ("kicks", self.kicks, MAX_KICKS),
        ] {
            if value > max {
                return Err(ReplayError::Limit(format!(
                    "run.{name} is {value}, more than the arena's limit of {max}"
                )));
            }
        }
        Ok(())
    }

    fn parse(raw: &RawValue, path: At<'_>) -> Result<Self, String> {
        let mut obj = Obj::parse(raw, path)?;
        let mut u32_field = |name: &str| {
            let raw = obj.req(name)?;
            super::json::u32_of(raw, obj.at(name))
        };
        let dim = u32_field("dim")?;
        let ticks = u32_field("ticks")?;
        let hash_every = u32_field("hash_every")?;
        let obstacles = u32_field("obstacles")?;
        let bodies = u32_field("bodies")?;
        let triggers = u32_field("triggers")?;
        let kicks = u32_field("kicks")?;
        let raw = obj.req("seed")?;
        let seed = super::json::uint(raw, obj.at("seed"), u64::MAX)?;
        obj.end()?;
        Ok(Self {
            dim,
            seed,
            ticks,
            hash_every,
            obstacles,
            bodies,
            triggers,
            kicks,
        })
    }

    /// The record's line.
    pub(crate) fn to_line(self) -> String {
        format!(
            "{{\"run\":{{\"dim\":{},\"seed\":{},\"ticks\":{},\"hash_every\":{},\"obstacles\":{},\"bodies\":{},\"triggers\":{},\"kicks\":{}}}}}",
            self.dim,
            self.seed,
            self.ticks,
            self.hash_every,
            self.obstacles,
            self.bodies,
            self.triggers,
            self.kicks
        )
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.u32(self.dim);
        d.u64(self.seed);
        d.u32(self.ticks);
        d.u32(self.hash_every);
        d.u32(self.obstacles);
        d.u32(self.bodies);
        d.u32(self.triggers);
        d.u32(self.kicks);
    }

    /// The parameters of a scene about to be run.
    pub(crate) fn of<const D: usize>(
        scene: &Scene<D>,
        seed: u64,
        ticks: u32,
        hash_every: u32,
    ) -> Self {
        let n = |len: usize| u32::try_from(len).unwrap_or(u32::MAX);
        Self {
            dim: D as u32,
            seed,
            ticks,
            hash_every,
            obstacles: n(scene.obstacles.len()),
            bodies: n(scene.bodies.len()),
            triggers: n(scene.triggers.len()),
            kicks: n(scene.kicks.len()),
        }
    }
}

/// One record after `run`.
pub(crate) enum Item {
    Obstacle(PlacedRec),
    Body(PlacedRec),
    Trigger(TriggerRec),
    Kick(KickRec),
    State(StateRec),
    FinalBody(BodyState),
    Final(FinalRec),
}

/// The parts of an arena replay after `run`, in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Obstacles,
    Bodies,
    Triggers,
    Kicks,
    States,
    FinalBodies,
    Final,
    End,
}

impl Part {
    const ALL: [Part; 8] = [
        Part::Obstacles,
        Part::Bodies,
        Part::Triggers,
        Part::Kicks,
        Part::States,
        Part::FinalBodies,
        Part::Final,
        Part::End,
    ];

    /// The record key of the part and its field path.
    fn tag(self) -> (&'static str, &'static str) {
        match self {
            Part::Obstacles => ("obstacle", "scene.obstacles"),
            Part::Bodies => ("body", "scene.bodies"),
            Part::Triggers => ("trigger", "scene.triggers"),
            Part::Kicks => ("kick", "scene.kicks"),
            Part::States => ("state", "states"),
            Part::FinalBodies => ("final_body", "final.bodies"),
            Part::Final => ("final", "final"),
            Part::End => ("(end of file)", ""),
        }
    }

    fn len(self, info: &ArenaInfo) -> u32 {
        match self {
            Part::Obstacles => info.obstacles,
            Part::Bodies => info.bodies,
            Part::Triggers => info.triggers,
            Part::Kicks => info.kicks,
            Part::States => info.states(),
            Part::FinalBodies => info.bodies,
            Part::Final => 1,
            Part::End => 0,
        }
    }
}

/// An arena replay read record by record.
pub(crate) struct ArenaReader<R> {
    pub(crate) rec: Records<R>,
    pub(crate) info: ArenaInfo,
    part: Part,
    index: u32,
    last_kick: u32,
}

impl<R: BufRead> ArenaReader<R> {
    /// Reads the `run` record (line 2) and checks it: the limits, and, when
    /// `strict`, the record count of the header against the one it implies.
    pub(crate) fn open(mut rec: Records<R>, strict: bool) -> Result<Self, ReplayError> {
        let Some((n, line)) = rec.lines.next_line()? else {
            return Err(ReplayError::Edited(
                "the file ends after its header: no \"run\" record (truncated?)".to_string(),
            ));
        };
        rec.read += 1;
        let info = (|| {
            let (tag, body) = Obj::parse(super::json::parse_line(line)?, At::Top(""))?.single()?;
            if tag != "run" {
                return Err(format!(
                    "a \"{}\" record where the \"run\" record was expected",
                    super::json::excerpt(&tag)
                ));
            }
            ArenaInfo::parse(body, At::Top("run"))
        })()
        .map_err(|e| ReplayError::Format(format!("line {n}: {e}")))?;
        info.check()?;
        if strict && info.records() != rec.header.count {
            return Err(ReplayError::Edited(format!(
                "header.count records {} records, the run record implies {} (records dropped or added, or the run record edited)",
                rec.header.count,
                info.records()
            )));
        }
        info.encode(&mut rec.digests[INPUTS]);
        let mut reader = Self {
            rec,
            info,
            part: Part::Obstacles,
            index: 0,
            last_kick: 0,
        };
        reader.skip_empty();
        Ok(reader)
    }

    /// Moves past parts that are done.
    fn skip_empty(&mut self) {
        while self.part != Part::End && self.index >= self.part.len(&self.info) {
            self.part = Part::ALL[self.part as usize + 1];
            self.index = 0;
        }
    }

    /// Whether the next record is past the scene (a state or later).
    pub(crate) fn scene_read(&self) -> bool {
        self.part >= Part::States
    }

    /// The next record, or `None` after the final record (when the file
    /// must end).
    pub(crate) fn next_item(&mut self) -> Result<Option<Item>, ReplayError> {
        let (tag, at) = self.part.tag();
        let Some((n, line)) = self.rec.lines.next_line()? else {
            if self.part == Part::End {
                return Ok(None);
            }
            return Err(ReplayError::Edited(format!(
                "the file ends after line {} where the \"{tag}\" record {at}[{}] was expected (truncated?)",
                self.rec.lines.number(),
                self.index
            )));
        };
        self.rec.read += 1;
        if self.part == Part::End {
            return Err(ReplayError::Edited(format!(
                "line {n}: a record after the \"final\" record (records added?)"
            )));
        }
        let (info, part, index) = (self.info, self.part, self.index);
        let top = At::Top(at);
        let path = if part == Part::Final {
            top
        } else {
            top.index(index as usize)
        };
        let fmt = |e: String| ReplayError::Format(format!("line {n}: {e}"));
        let (found, body) = Obj::parse(super::json::parse_line(line).map_err(fmt)?, At::Top(""))
            .and_then(Obj::single)
            .map_err(fmt)?;
        if found != tag {
            return Err(ReplayError::Edited(format!(
                "line {n}: a \"{}\" record where {at}[{index}] (a \"{tag}\" record) was expected (records dropped, added or moved)",
                super::json::excerpt(&found)
            )));
        }
        let digests = &mut self.rec.digests;
        let item = match part {
            Part::Obstacles => {
                let r = PlacedRec::parse(body, path, info.dim, false).map_err(fmt)?;
                r.encode(&mut digests[INPUTS]);
                Item::Obstacle(r)
            }
            Part::Bodies => {
                let r = PlacedRec::parse(body, path, info.dim, true).map_err(fmt)?;
                r.encode(&mut digests[INPUTS]);
                Item::Body(r)
            }
            Part::Triggers => {
                let r = TriggerRec::parse(body, path, info.dim).map_err(fmt)?;
                r.encode(&mut digests[INPUTS]);
                Item::Trigger(r)
            }
            Part::Kicks => {
                let r = KickRec::parse(body, path, info.dim).map_err(fmt)?;
                if r.body >= info.bodies {
                    return Err(fmt(format!(
                        "{path}.body: {} (there are {} bodies)",
                        r.body, info.bodies
                    )));
                }
                if r.tick < self.last_kick {
                    return Err(fmt(format!(
                        "{path}.tick: {} (kicks must be in tick order; the previous is at {})",
                        r.tick, self.last_kick
                    )));
                }
                self.last_kick = r.tick;
                r.encode(&mut digests[INPUTS]);
                Item::Kick(r)
            }
            Part::States => {
                let r = StateRec::parse(body, path).map_err(fmt)?;
                let want = u64::from(index + 1) * u64::from(info.hash_every);
                if u64::from(r.tick) != want {
                    return Err(ReplayError::Edited(format!(
                        "line {n}: {path}.tick is {} where the state after tick {want} was expected (run.hash_every is {})",
                        r.tick, info.hash_every
                    )));
                }
                r.encode(&mut digests[STATES]);
                Item::State(r)
            }
            Part::FinalBodies => {
                let r = BodyState::parse(body, path, info.dim).map_err(fmt)?;
                r.encode(&mut digests[FINAL]);
                Item::FinalBody(r)
            }
            Part::Final | Part::End => {
                let r = FinalRec::parse(body, path).map_err(fmt)?;
                if r.tick != info.ticks {
                    return Err(ReplayError::Edited(format!(
                        "line {n}: final.tick {} differs from run.ticks {}",
                        r.tick, info.ticks
                    )));
                }
                if r.trigger_hits.len() as u64 != u64::from(info.triggers) {
                    return Err(fmt(format!(
                        "final.trigger_hits has {} counts for {} trigger zones",
                        r.trigger_hits.len(),
                        info.triggers
                    )));
                }
                r.encode(&mut digests[FINAL]);
                Item::Final(r)
            }
        };
        self.index += 1;
        self.skip_empty();
        Ok(Some(item))
    }

    /// Reads the scene records, building the scene when `D` is given (the
    /// file's dimension), else only reading them.
    pub(crate) fn read_scene<const D: usize>(
        &mut self,
        build: bool,
    ) -> Result<Scene<D>, ReplayError> {
        let mut scene = Scene {
            obstacles: Vec::new(),
            bodies: Vec::new(),
            triggers: Vec::new(),
            kicks: Vec::new(),
        };
        if build {
            scene.obstacles.reserve(self.info.obstacles as usize);
            scene.bodies.reserve(self.info.bodies as usize);
            scene.kicks.reserve(self.info.kicks as usize);
        }
        while !self.scene_read() {
            let index = self.index as usize;
            let Some(item) = self.next_item()? else { break };
            if !build {
                continue;
            }
            match item {
                Item::Obstacle(r) => scene
                    .obstacles
                    .push(r.to_obstacle(&Field::new("scene.obstacles").index(index))?),
                Item::Body(r) => scene
                    .bodies
                    .push(r.to_body(&Field::new("scene.bodies").index(index))?),
                Item::Trigger(r) => scene
                    .triggers
                    .push(r.to_box(&Field::new("scene.triggers").index(index))?),
                Item::Kick(r) => scene
                    .kicks
                    .push(r.to_kick(&Field::new("scene.kicks").index(index))?),
                _ => {}
            }
        }
        Ok(scene)
    }
}
