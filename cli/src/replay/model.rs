//! The replay file's data model: plain serde structs, numbers as exact
//! decimal strings, converted to and from the arena's types with every field
//! validated and named on error.

use crate::arena::scene::{Body, Kick, Obstacle, Scene, ShapeKind};
use crate::convert::fx_from_str;
use crate::{Error, Field};
use fixed_collide::num::Fx;
use fixed_collide::rot::Rot;
use fixed_collide::shape::{Aabb, check_size};
use fixed_collide::vec::Vector;
use serde::{Deserialize, Serialize};

/// A vector as exact decimal strings.
pub type VecText = Vec<String>;

/// A shape in a replay file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ShapeText {
    /// An axis-aligned box.
    Box {
        /// Half-sizes.
        half: VecText,
    },
    /// A circle or sphere.
    Ball {
        /// Radius.
        radius: String,
    },
    /// An oriented box with its axes as stored (exact bits).
    Oriented {
        /// Half-sizes.
        half: VecText,
        /// The axes, each a vector.
        axes: Vec<VecText>,
    },
}

/// A static obstacle in a replay file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObstacleText {
    /// Shape.
    pub shape: ShapeText,
    /// Center.
    pub pos: VecText,
}

/// A body at the start of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyText {
    /// Shape.
    pub shape: ShapeText,
    /// Center.
    pub pos: VecText,
    /// Velocity (displacement per tick).
    pub vel: VecText,
}

/// A per-tick input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KickText {
    /// Tick at whose start it applies.
    pub tick: u32,
    /// Body index.
    pub body: u32,
    /// New velocity.
    pub vel: VecText,
}

/// A trigger zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxText {
    /// Minimum corner.
    pub min: VecText,
    /// Maximum corner.
    pub max: VecText,
}

/// The inputs of an arena run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneText {
    /// Static obstacles.
    pub obstacles: Vec<ObstacleText>,
    /// Bodies.
    pub bodies: Vec<BodyText>,
    /// Trigger zones.
    pub triggers: Vec<BoxText>,
    /// Per-tick inputs, in tick order.
    pub kicks: Vec<KickText>,
}

/// A body's state at the end of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyStateText {
    /// Center.
    pub pos: VecText,
    /// Velocity.
    pub vel: VecText,
    /// Sensor reading.
    pub sensor: String,
    /// Contact count.
    pub contacts: u32,
}

/// The recorded outputs of an arena run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalText {
    /// Ticks run.
    pub tick: u32,
    /// The state hash after the last tick (16 hex digits).
    pub hash: String,
    /// Every body's final state.
    pub bodies: Vec<BodyStateText>,
    /// Trigger zone counts.
    pub trigger_hits: Vec<u32>,
}

pub(crate) fn fx_text(v: Fx) -> String {
    crate::convert::fx_to_text(v)
}

pub(crate) fn vec_text<const D: usize>(v: &Vector<D>) -> VecText {
    v.0.iter().map(|c| fx_text(*c)).collect()
}

pub(crate) fn parse_fx(text: &str, field: &Field) -> Result<Fx, Error> {
    fx_from_str(text, field)
}

pub(crate) fn parse_vec<const D: usize>(v: &[String], field: &Field) -> Result<Vector<D>, Error> {
    if v.len() != D {
        return Err(Error::Invalid {
            field: field.clone(),
            reason: format!(
                "a vector of {} components where the scene has dimension {D}",
                v.len()
            ),
        });
    }
    let mut out = Vector::ZERO;
    for (i, c) in v.iter().enumerate() {
        out.0[i] = parse_fx(c, &field.index(i))?;
    }
    Ok(out)
}

fn shape_text<const D: usize>(s: &ShapeKind<D>) -> ShapeText {
    match s {
        ShapeKind::Box { half } => ShapeText::Box {
            half: vec_text(half),
        },
        ShapeKind::Ball { radius } => ShapeText::Ball {
            radius: fx_text(*radius),
        },
        ShapeKind::Oriented { half, rot } => ShapeText::Oriented {
            half: vec_text(half),
            axes: rot.axes().iter().map(vec_text).collect(),
        },
    }
}

fn parse_half<const D: usize>(half: &[String], field: &Field) -> Result<Vector<D>, Error> {
    let half = parse_vec(half, &field.join("half"))?;
    fixed_collide::shape::check_sizes(&half, fixed_collide::Field::new("half"))
        .map_err(|e| Error::shape(field, e))?;
    Ok(half)
}

fn parse_shape<const D: usize>(s: &ShapeText, field: &Field) -> Result<ShapeKind<D>, Error> {
    Ok(match s {
        ShapeText::Box { half } => ShapeKind::Box {
            half: parse_half(half, field)?,
        },
        ShapeText::Ball { radius } => {
            let radius = parse_fx(radius, &field.join("radius"))?;
            check_size(radius, fixed_collide::Field::new("radius"))
                .map_err(|e| Error::shape(field, e))?;
            ShapeKind::Ball { radius }
        }
        ShapeText::Oriented { half, axes } => {
            let half = parse_half(half, field)?;
            if axes.len() != D {
                return Err(Error::Invalid {
                    field: field.join("axes"),
                    reason: format!("{} axes where the scene has dimension {D}", axes.len()),
                });
            }
            let mut list = [Vector::ZERO; D];
            for (i, a) in axes.iter().enumerate() {
                list[i] = parse_vec(a, &field.join("axes").index(i))?;
            }
            let rot = Rot::try_from_axes(list).map_err(|e| Error::shape(field, e))?;
            ShapeKind::Oriented { half, rot }
        }
    })
}

impl SceneText {
    /// The file form of a scene.
    pub fn from_scene<const D: usize>(scene: &Scene<D>) -> Self {
        SceneText {
            obstacles: scene
                .obstacles
                .iter()
                .map(|o| ObstacleText {
                    shape: shape_text(&o.shape),
                    pos: vec_text(&o.pos),
                })
                .collect(),
            bodies: scene
                .bodies
                .iter()
                .map(|b| BodyText {
                    shape: shape_text(&b.shape),
                    pos: vec_text(&b.pos),
                    vel: vec_text(&b.vel),
                })
                .collect(),
            triggers: scene
                .triggers
                .iter()
                .map(|t| BoxText {
                    min: vec_text(&t.min()),
                    max: vec_text(&t.max()),
                })
                .collect(),
            kicks: scene
                .kicks
                .iter()
                .map(|k| KickText {
                    tick: k.tick,
                    body: k.body,
                    vel: vec_text(&k.vel),
                })
                .collect(),
        }
    }

    /// The scene of a file, every field checked.
    ///
    /// # Errors
    /// The first bad field, named by its path (`scene.bodies[3].pos[1]`).
    pub fn to_scene<const D: usize>(&self) -> Result<Scene<D>, Error> {
        let root = Field::new("scene");
        let mut obstacles = Vec::with_capacity(self.obstacles.len());
        for (i, o) in self.obstacles.iter().enumerate() {
            let f = root.join("obstacles").index(i);
            obstacles.push(Obstacle {
                shape: parse_shape(&o.shape, &f.join("shape"))?,
                pos: parse_vec(&o.pos, &f.join("pos"))?,
            });
        }
        let mut bodies = Vec::with_capacity(self.bodies.len());
        for (i, b) in self.bodies.iter().enumerate() {
            let f = root.join("bodies").index(i);
            bodies.push(Body {
                shape: parse_shape(&b.shape, &f.join("shape"))?,
                pos: parse_vec(&b.pos, &f.join("pos"))?,
                vel: parse_vec(&b.vel, &f.join("vel"))?,
                sensor: -Fx::ONE,
                contacts: 0,
            });
        }
        let mut triggers = Vec::with_capacity(self.triggers.len());
        for (i, t) in self.triggers.iter().enumerate() {
            let f = root.join("triggers").index(i);
            let b = Aabb::try_new(
                parse_vec(&t.min, &f.join("min"))?,
                parse_vec(&t.max, &f.join("max"))?,
            )
            .map_err(|e| Error::shape(&f, e))?;
            triggers.push(b);
        }
        let mut kicks = Vec::with_capacity(self.kicks.len());
        let mut last_tick = 0;
        for (i, k) in self.kicks.iter().enumerate() {
            let f = root.join("kicks").index(i);
            if k.body as usize >= bodies.len() {
                return Err(Error::Invalid {
                    field: f.join("body"),
                    reason: format!("{} (there are {} bodies)", k.body, bodies.len()),
                });
            }
            if k.tick < last_tick {
                return Err(Error::Invalid {
                    field: f.join("tick"),
                    reason: format!(
                        "{} (kicks must be in tick order; the previous is at {last_tick})",
                        k.tick
                    ),
                });
            }
            last_tick = k.tick;
            let vel = parse_vec(&k.vel, &f.join("vel"))?;
            vel.check_domain(fixed_collide::Field::new("vel"))
                .map_err(|e| Error::shape(&f, e))?;
            kicks.push(Kick {
                tick: k.tick,
                body: k.body,
                vel,
            });
        }
        Ok(Scene {
            obstacles,
            bodies,
            triggers,
            kicks,
        })
    }
}

impl FinalText {
    /// The file form of a world's state.
    pub fn from_world<const D: usize>(
        tick: u32,
        hash: u64,
        bodies: &[Body<D>],
        trigger_hits: &[u32],
    ) -> Self {
        FinalText {
            tick,
            hash: crate::state_hash::hex(hash),
            bodies: bodies
                .iter()
                .map(|b| BodyStateText {
                    pos: vec_text(&b.pos),
                    vel: vec_text(&b.vel),
                    sensor: fx_text(b.sensor),
                    contacts: b.contacts,
                })
                .collect(),
            trigger_hits: trigger_hits.to_vec(),
        }
    }
}
