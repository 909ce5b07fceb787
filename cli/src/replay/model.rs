//! The records of an arena replay as typed values: each read from its JSON
//! (every number from its text), written back, put into the canonical
//! encoding, and converted to and from the arena's types with every field
//! checked and named.

use super::json::{self, At, Msg, Obj};
use super::stream::Digest;
use crate::arena::scene::{Body, Kick, Obstacle, ShapeKind};
use crate::convert::fx_to_text;
use crate::{Error, Field};
use fixed_collide::num::Fx;
use fixed_collide::rot::Rot;
use fixed_collide::shape::{Aabb, check_size};
use fixed_collide::vec::Vector;
use serde_json::value::RawValue;
use std::fmt::Write as _;

/// A shape as a replay stores it: `{"box":{"half":[..]}}`,
/// `{"ball":{"radius":r}}`, `{"oriented":{"half":[..],"axes":[[..],..]}}`
/// (the axes' exact bits, not the angle or quaternion they came from) or
/// `{"capsule":{"half":[..],"radius":r}}` (ends at `pos - half` and `pos +
/// half`; radius 0: a segment) or `{"polygon":{"points":[[..],..]}}` (2D:
/// the vertices as offsets from `pos`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ShapeRec {
    Box { half: Vec<Fx> },
    Ball { radius: Fx },
    Oriented { half: Vec<Fx>, axes: Vec<Vec<Fx>> },
    Capsule { half: Vec<Fx>, radius: Fx },
    Polygon { points: Vec<Vec<Fx>> },
}

/// `{"shape":..,"pos":[..]}` (an obstacle) or with `"vel"` (a body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlacedRec {
    pub(crate) shape: ShapeRec,
    pub(crate) pos: Vec<Fx>,
    pub(crate) vel: Option<Vec<Fx>>,
}

/// A trigger zone `{"min":[..],"max":[..]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TriggerRec {
    pub(crate) min: Vec<Fx>,
    pub(crate) max: Vec<Fx>,
}

/// A kick `{"tick":t,"body":i,"vel":[..]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KickRec {
    pub(crate) tick: u32,
    pub(crate) body: u32,
    pub(crate) vel: Vec<Fx>,
}

/// A state hash `{"tick":t,"hash":"16 hex digits"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StateRec {
    pub(crate) tick: u32,
    pub(crate) hash: u64,
}

/// A body's final state `{"pos":[..],"vel":[..],"sensor":s,"contacts":n}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyState {
    /// Center.
    pub pos: Vec<Fx>,
    /// Velocity.
    pub vel: Vec<Fx>,
    /// The last ray sensor reading.
    pub sensor: Fx,
    /// Contact count.
    pub contacts: u32,
}

/// The last record `{"tick":t,"hash":"..","trigger_hits":[..]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FinalRec {
    pub(crate) tick: u32,
    pub(crate) hash: u64,
    pub(crate) trigger_hits: Vec<u32>,
}

fn write_fx(out: &mut String, v: Fx) {
    let _ = write!(out, "\"{}\"", fx_to_text(v));
}

fn write_vec(out: &mut String, v: &[Fx]) {
    out.push('[');
    for (i, c) in v.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_fx(out, *c);
    }
    out.push(']');
}

/// The components of a vector.
pub(crate) fn comps<const D: usize>(v: &Vector<D>) -> Vec<Fx> {
    v.0.to_vec()
}

impl ShapeRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>, dim: u32) -> Result<Self, Msg> {
        let (tag, body) = Obj::parse(raw, path)?.single().map_err(|_| {
            format!(
                "{path}: expected one of {{\"box\":..}}, {{\"ball\":..}}, {{\"oriented\":..}}, {{\"capsule\":..}}, {{\"polygon\":..}}"
            )
        })?;
        let path = path.key(&tag);
        let mut obj = Obj::parse(body, path)?;
        let shape = match tag.as_ref() {
            "box" => ShapeRec::Box {
                half: json::vector(obj.req("half")?, obj.at("half"), dim)?,
            },
            "ball" => ShapeRec::Ball {
                radius: json::fx(obj.req("radius")?, obj.at("radius"))?,
            },
            "oriented" => {
                let half = json::vector(obj.req("half")?, obj.at("half"), dim)?;
                let raw = obj.req("axes")?;
                let field = obj.at("axes");
                let list = json::array(raw, field)?;
                if list.len() as u64 != u64::from(dim) {
                    return Err(format!(
                        "{field}: {} axes where the replay has dimension {dim}",
                        list.len()
                    ));
                }
                let axes = list
                    .iter()
                    .enumerate()
                    .map(|(i, a)| json::vector(a, field.index(i), dim))
                    .collect::<Result<_, _>>()?;
                ShapeRec::Oriented { half, axes }
            }
            "capsule" => ShapeRec::Capsule {
                half: json::vector(obj.req("half")?, obj.at("half"), dim)?,
                radius: json::fx(obj.req("radius")?, obj.at("radius"))?,
            },
            "polygon" => {
                let raw = obj.req("points")?;
                let field = obj.at("points");
                let list = json::array(raw, field)?;
                let points = list
                    .iter()
                    .enumerate()
                    .map(|(i, p)| json::vector(p, field.index(i), 2))
                    .collect::<Result<_, _>>()?;
                ShapeRec::Polygon { points }
            }
            _ => {
                return Err(format!(
                    "{path}: unknown shape (expected box, ball, oriented, capsule or polygon)"
                ));
            }
        };
        obj.end()?;
        Ok(shape)
    }

    fn write(&self, out: &mut String) {
        match self {
            ShapeRec::Box { half } => {
                out.push_str("{\"box\":{\"half\":");
                write_vec(out, half);
                out.push_str("}}");
            }
            ShapeRec::Ball { radius } => {
                out.push_str("{\"ball\":{\"radius\":");
                write_fx(out, *radius);
                out.push_str("}}");
            }
            ShapeRec::Oriented { half, axes } => {
                out.push_str("{\"oriented\":{\"half\":");
                write_vec(out, half);
                out.push_str(",\"axes\":[");
                for (i, a) in axes.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_vec(out, a);
                }
                out.push_str("]}}");
            }
            ShapeRec::Capsule { half, radius } => {
                out.push_str("{\"capsule\":{\"half\":");
                write_vec(out, half);
                out.push_str(",\"radius\":");
                write_fx(out, *radius);
                out.push_str("}}");
            }
            ShapeRec::Polygon { points } => {
                out.push_str("{\"polygon\":{\"points\":[");
                for (i, p) in points.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_vec(out, p);
                }
                out.push_str("]}}");
            }
        }
    }

    /// A `u32` tag (0 box, 1 ball, 2 oriented, 3 capsule, 4 polygon), then
    /// the sizes (and axes; a capsule's half, then its radius; a polygon's
    /// number of vertices, then each).
    fn encode(&self, d: &mut Digest) {
        match self {
            ShapeRec::Box { half } => {
                d.u32(0);
                d.fxs(half);
            }
            ShapeRec::Ball { radius } => {
                d.u32(1);
                d.fx(*radius);
            }
            ShapeRec::Oriented { half, axes } => {
                d.u32(2);
                d.fxs(half);
                d.count(axes.len());
                for a in axes {
                    d.fxs(a);
                }
            }
            ShapeRec::Capsule { half, radius } => {
                d.u32(3);
                d.fxs(half);
                d.fx(*radius);
            }
            ShapeRec::Polygon { points } => {
                d.u32(4);
                d.count(points.len());
                for p in points {
                    d.fxs(p);
                }
            }
        }
    }

    pub(crate) fn of<const D: usize>(s: &ShapeKind<D>) -> Self {
        match s {
            ShapeKind::Box { half } => ShapeRec::Box { half: comps(half) },
            ShapeKind::Ball { radius } => ShapeRec::Ball { radius: *radius },
            ShapeKind::Oriented { half, rot } => ShapeRec::Oriented {
                half: comps(half),
                axes: rot.axes().iter().map(comps).collect(),
            },
            ShapeKind::Capsule { half, radius } => ShapeRec::Capsule {
                half: comps(half),
                radius: *radius,
            },
            ShapeKind::Polygon { points, n } => ShapeRec::Polygon {
                points: points.iter().take(usize::from(*n)).map(comps).collect(),
            },
        }
    }

    /// The arena's shape, its sizes and axes checked.
    fn to_shape<const D: usize>(&self, field: &Field) -> Result<ShapeKind<D>, Error> {
        Ok(match self {
            ShapeRec::Box { half } => ShapeKind::Box {
                half: sizes(half, field)?,
            },
            ShapeRec::Ball { radius } => {
                check_size(*radius, fixed_collide::Field::new("radius"))
                    .map_err(|e| Error::shape(field, e))?;
                ShapeKind::Ball { radius: *radius }
            }
            ShapeRec::Oriented { half, axes } => {
                let half = sizes(half, field)?;
                let mut list = [Vector::ZERO; D];
                for (i, a) in axes.iter().enumerate().take(D) {
                    list[i] = to_vec(a, &field.join("axes").index(i))?;
                }
                let rot = Rot::try_from_axes(list).map_err(|e| Error::shape(field, e))?;
                ShapeKind::Oriented { half, rot }
            }
            ShapeRec::Capsule { half, radius } => {
                // The half is an offset (any sign), in the domain.
                let half = to_vec(half, &field.join("half"))?;
                half.check_domain(fixed_collide::Field::new("half"))
                    .map_err(|e| Error::shape(field, e))?;
                check_size(*radius, fixed_collide::Field::new("radius"))
                    .map_err(|e| Error::shape(field, e))?;
                ShapeKind::Capsule {
                    half,
                    radius: *radius,
                }
            }
            ShapeRec::Polygon { points } => {
                if D != 2 {
                    return Err(Error::Invalid {
                        field: field.join("polygon"),
                        reason: format!("a polygon in a {D}D scene (polygons are 2D)"),
                    });
                }
                let mut list = Vec::with_capacity(points.len());
                for (i, p) in points.iter().enumerate() {
                    list.push(to_vec::<2>(p, &field.join("points").index(i))?);
                }
                ShapeKind::try_polygon(&list).map_err(|e| Error::shape(field, e))?
            }
        })
    }
}

/// A vector of the scene's dimension.
pub(crate) fn to_vec<const D: usize>(v: &[Fx], field: &Field) -> Result<Vector<D>, Error> {
    <[Fx; D]>::try_from(v)
        .map(Vector)
        .map_err(|_| Error::Invalid {
            field: field.clone(),
            reason: format!(
                "a vector of {} components where the scene has dimension {D}",
                v.len()
            ),
        })
}

fn sizes<const D: usize>(half: &[Fx], field: &Field) -> Result<Vector<D>, Error> {
    let half = to_vec(half, &field.join("half"))?;
    fixed_collide::shape::check_sizes(&half, fixed_collide::Field::new("half"))
        .map_err(|e| Error::shape(field, e))?;
    Ok(half)
}

impl PlacedRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>, dim: u32, body: bool) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let shape = ShapeRec::parse(obj.req("shape")?, obj.at("shape"), dim)?;
        let pos = json::vector(obj.req("pos")?, obj.at("pos"), dim)?;
        let vel = if body {
            Some(json::vector(obj.req("vel")?, obj.at("vel"), dim)?)
        } else {
            None
        };
        obj.end()?;
        Ok(Self { shape, pos, vel })
    }

    pub(crate) fn write(&self, out: &mut String) {
        out.push_str("{\"shape\":");
        self.shape.write(out);
        out.push_str(",\"pos\":");
        write_vec(out, &self.pos);
        if let Some(vel) = &self.vel {
            out.push_str(",\"vel\":");
            write_vec(out, vel);
        }
        out.push('}');
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        self.shape.encode(d);
        d.fxs(&self.pos);
        if let Some(vel) = &self.vel {
            d.fxs(vel);
        }
    }

    pub(crate) fn of_obstacle<const D: usize>(o: &Obstacle<D>) -> Self {
        Self {
            shape: ShapeRec::of(&o.shape),
            pos: comps(&o.pos),
            vel: None,
        }
    }

    pub(crate) fn of_body<const D: usize>(b: &Body<D>) -> Self {
        Self {
            shape: ShapeRec::of(&b.shape),
            pos: comps(&b.pos),
            vel: Some(comps(&b.vel)),
        }
    }

    pub(crate) fn to_obstacle<const D: usize>(&self, field: &Field) -> Result<Obstacle<D>, Error> {
        Ok(Obstacle {
            shape: self.shape.to_shape(&field.join("shape"))?,
            pos: to_vec(&self.pos, &field.join("pos"))?,
        })
    }

    pub(crate) fn to_body<const D: usize>(&self, field: &Field) -> Result<Body<D>, Error> {
        let vel = self.vel.as_deref().unwrap_or_default();
        Ok(Body {
            shape: self.shape.to_shape(&field.join("shape"))?,
            pos: to_vec(&self.pos, &field.join("pos"))?,
            vel: to_vec(vel, &field.join("vel"))?,
            sensor: -Fx::ONE,
            contacts: 0,
        })
    }
}

impl TriggerRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>, dim: u32) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let min = json::vector(obj.req("min")?, obj.at("min"), dim)?;
        let max = json::vector(obj.req("max")?, obj.at("max"), dim)?;
        obj.end()?;
        Ok(Self { min, max })
    }

    pub(crate) fn write(&self, out: &mut String) {
        out.push_str("{\"min\":");
        write_vec(out, &self.min);
        out.push_str(",\"max\":");
        write_vec(out, &self.max);
        out.push('}');
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.fxs(&self.min);
        d.fxs(&self.max);
    }

    pub(crate) fn of<const D: usize>(b: &Aabb<D>) -> Self {
        Self {
            min: comps(&b.min()),
            max: comps(&b.max()),
        }
    }

    pub(crate) fn to_box<const D: usize>(&self, field: &Field) -> Result<Aabb<D>, Error> {
        let min = to_vec(&self.min, &field.join("min"))?;
        let max = to_vec(&self.max, &field.join("max"))?;
        Aabb::try_new(min, max).map_err(|e| Error::shape(field, e))
    }
}

impl KickRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>, dim: u32) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let tick = json::u32_of(obj.req("tick")?, obj.at("tick"))?;
        let body = json::u32_of(obj.req("body")?, obj.at("body"))?;
        let vel = json::vector(obj.req("vel")?, obj.at("vel"), dim)?;
        obj.end()?;
        Ok(Self { tick, body, vel })
    }

    pub(crate) fn write(&self, out: &mut String) {
        let _ = write!(
            out,
            "{{\"tick\":{},\"body\":{},\"vel\":",
            self.tick, self.body
        );
        write_vec(out, &self.vel);
        out.push('}');
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.u32(self.tick);
        d.u32(self.body);
        d.fxs(&self.vel);
    }

    pub(crate) fn of<const D: usize>(k: &Kick<D>) -> Self {
        Self {
            tick: k.tick,
            body: k.body,
            vel: comps(&k.vel),
        }
    }

    pub(crate) fn to_kick<const D: usize>(&self, field: &Field) -> Result<Kick<D>, Error> {
        let vel: Vector<D> = to_vec(&self.vel, &field.join("vel"))?;
        vel.check_domain(fixed_collide::Field::new("vel"))
            .map_err(|e| Error::shape(field, e))?;
        Ok(Kick {
            tick: self.tick,
            body: self.body,
            vel,
        })
    }
}

impl StateRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let tick = json::u32_of(obj.req("tick")?, obj.at("tick"))?;
        let hash = json::hash(obj.req("hash")?, obj.at("hash"))?;
        obj.end()?;
        Ok(Self { tick, hash })
    }

    pub(crate) fn write(&self, out: &mut String) {
        let _ = write!(
            out,
            "{{\"tick\":{},\"hash\":\"{:016x}\"}}",
            self.tick, self.hash
        );
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.u32(self.tick);
        d.u64(self.hash);
    }
}

impl BodyState {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>, dim: u32) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let pos = json::vector(obj.req("pos")?, obj.at("pos"), dim)?;
        let vel = json::vector(obj.req("vel")?, obj.at("vel"), dim)?;
        let sensor = json::fx(obj.req("sensor")?, obj.at("sensor"))?;
        let contacts = json::u32_of(obj.req("contacts")?, obj.at("contacts"))?;
        obj.end()?;
        Ok(Self {
            pos,
            vel,
            sensor,
            contacts,
        })
    }

    pub(crate) fn write(&self, out: &mut String) {
        out.push_str("{\"pos\":");
        write_vec(out, &self.pos);
        out.push_str(",\"vel\":");
        write_vec(out, &self.vel);
        out.push_str(",\"sensor\":");
        write_fx(out, self.sensor);
        let _ = write!(out, ",\"contacts\":{}}}", self.contacts);
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.fxs(&self.pos);
        d.fxs(&self.vel);
        d.fx(self.sensor);
        d.u32(self.contacts);
    }

    /// A body's state.
    ///
    /// # Examples
    /// See [`crate::replay::run_arena`].
    pub fn of<const D: usize>(b: &Body<D>) -> Self {
        Self {
            pos: comps(&b.pos),
            vel: comps(&b.vel),
            sensor: b.sensor,
            contacts: b.contacts,
        }
    }
}

impl FinalRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let tick = json::u32_of(obj.req("tick")?, obj.at("tick"))?;
        let hash = json::hash(obj.req("hash")?, obj.at("hash"))?;
        let trigger_hits = json::u32_list(obj.req("trigger_hits")?, obj.at("trigger_hits"))?;
        obj.end()?;
        Ok(Self {
            tick,
            hash,
            trigger_hits,
        })
    }

    pub(crate) fn write(&self, out: &mut String) {
        let _ = write!(
            out,
            "{{\"tick\":{},\"hash\":\"{:016x}\",\"trigger_hits\":[",
            self.tick, self.hash
        );
        for (i, h) in self.trigger_hits.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            let _ = write!(out, "{sep}{h}");
        }
        out.push_str("]}");
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.u32(self.tick);
        d.u64(self.hash);
        d.count(self.trigger_hits.len());
        for h in &self.trigger_hits {
            d.u32(*h);
        }
    }
}
