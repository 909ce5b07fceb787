//! Builders and exact-text renderings of shapes for the edge tables
//! (snapshot tests of `capsule` and `cast`).

use fixed_collide::{Aabb, Ball, Capsule, Exact, Fx, Segment, Shape, Vector};

pub fn i2(x: i32, y: i32) -> Vector<2> {
    Vector::from_ints([x, y])
}

pub fn i3(x: i32, y: i32, z: i32) -> Vector<3> {
    Vector::from_ints([x, y, z])
}

pub fn n(x: &str) -> Fx {
    x.parse().unwrap()
}

pub fn cap<const D: usize>(a: Vector<D>, b: Vector<D>, r: Fx) -> Shape<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    Capsule::try_new(a, b, r).unwrap().into()
}

pub fn seg<const D: usize>(a: Vector<D>, b: Vector<D>) -> Shape<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    Segment::try_new(a, b).unwrap().into()
}

pub fn ball<const D: usize>(c: Vector<D>, r: Fx) -> Shape<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    Ball::try_new(c, r).unwrap().into()
}

pub fn aabb<const D: usize>(min: Vector<D>, max: Vector<D>) -> Shape<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    Aabb::try_new(min, max).unwrap().into()
}

pub fn ex<const D: usize>(v: Vector<D>) -> String {
    let parts: Vec<String> = v.0.iter().map(|c| Exact(*c).to_string()).collect();
    format!("[{}]", parts.join(", "))
}

pub fn text<const D: usize>(s: &Shape<D>) -> String
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    match s {
        Shape::Aabb(b) => format!("aabb min {} max {}", ex(b.min()), ex(b.max())),
        Shape::Obb(b) => {
            let axes: Vec<String> = b.axes().iter().map(|a| ex(*a)).collect();
            format!(
                "obb center {} half {} axes [{}]",
                ex(b.center()),
                ex(b.half()),
                axes.join(", ")
            )
        }
        Shape::Sphere(b) => format!(
            "sphere center {} radius {}",
            ex(b.center()),
            Exact(b.radius())
        ),
        Shape::Segment(g) => format!("segment a {} b {}", ex(g.a()), ex(g.b())),
        Shape::Capsule(c) => format!(
            "capsule a {} b {} radius {}",
            ex(c.a()),
            ex(c.b()),
            Exact(c.radius())
        ),
        _ => unreachable!(),
    }
}
