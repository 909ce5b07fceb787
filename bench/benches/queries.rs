//! Criterion benchmarks: every kind of query, fixed-collide and parry side
//! by side on the same scenes (see the `scene` library). One group per
//! family and kind (`ray_aabb`, `noshort_ray_aabb`, `stream_ray_aabb`),
//! functions `fixed` and `parry` (and `parry_cast_shapes` for the mixed
//! sweep); each iteration runs all the scene's queries (`N_PAIRS` pool
//! pairs, or `N_STREAM` streamed queries), so the throughput is that many
//! elements and ns/query = time per iteration / queries.
//!
//! The clock is the benchmark thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`), not wall time: on this shared 2-core
//! machine other processes would otherwise inflate every number by however
//! much they run (wall time measured twice the CPU time at a load average
//! of 5). On an idle machine the two agree for this single-threaded loop.
//!
//! Run: `scripts/bench` (or `cargo bench --manifest-path bench/Cargo.toml`,
//! then `cargo run --release --manifest-path bench/Cargo.toml --bin report`).

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BatchSize, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use std::cell::OnceCell;
use std::hint::black_box;
use std::time::Duration;

/// Criterion measurement: thread CPU time, reported like wall time.
struct ThreadTime {
    /// Lends its duration formatter (criterion's own is private).
    wall: WallTime,
}

impl Measurement for ThreadTime {
    type Intermediate = u64;
    type Value = Duration;

    fn start(&self) -> u64 {
        scene::thread_cpu_ns()
    }
    fn end(&self, start: u64) -> Duration {
        Duration::from_nanos(scene::thread_cpu_ns() - start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// Every (family, kind) of `scene::all_specs`: group `<prefix><kind>`.
/// A streaming scene is built only when one of its group's functions runs
/// (criterion filters), once for both, and dropped with its group.
fn queries(c: &mut Criterion<ThreadTime>) {
    for spec in scene::all_specs() {
        let mut group = c.benchmark_group(spec.group());
        let kind = OnceCell::new();
        let n = if spec.family == scene::Family::Stream {
            scene::stream::N_STREAM
        } else {
            kind.get_or_init(|| spec.build()).len()
        };
        group
            .throughput(Throughput::Elements(n as u64))
            // Each iteration is a million queries: flat sampling, few samples.
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        let kind = || kind.get_or_init(|| spec.build());
        if spec.time_fixed {
            group.bench_function("fixed", |b| {
                let kind = kind();
                b.iter(|| kind.run_fixed(black_box(n)))
            });
        }
        group.bench_function(spec.parry_fn, |b| {
            let kind = kind();
            b.iter(|| kind.run_parry(black_box(n)))
        });
        group.finish();
    }
}

/// Broadphase: per iteration, `BROAD_TICKS` ticks of updating every box
/// and listing every pair, from a structure holding tick 0 (built outside
/// the timing). Throughput is in ticks.
fn broadphase(c: &mut Criterion<ThreadTime>) {
    for &n in scene::broad::SIZES {
        let m = scene::broad::motion(n, scene::broad::TICKS + 1, scene::broad::SEED);
        let mut group = c.benchmark_group(format!("broadphase_{}k", n / 1000));
        group
            .throughput(Throughput::Elements(scene::broad::TICKS as u64))
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        let mut out = Vec::new();
        group.bench_function("fixed", |b| {
            b.iter_batched_ref(
                || scene::broad::fixed_start(&m),
                |bp| scene::broad::fixed_ticks(bp, &m, &mut out),
                BatchSize::PerIteration,
            )
        });
        group.bench_function("parry", |b| {
            b.iter_batched_ref(
                || scene::broad::parry_start(&m),
                |(bvh, ws)| scene::broad::parry_ticks(bvh, ws, &m, &mut out),
                BatchSize::PerIteration,
            )
        });
        group.finish();
    }
}

/// Batch forms against the single-query loop on the same data: per
/// iteration 2^20 box tests; throughput in box tests.
fn batch(c: &mut Criterion<ThreadTime>) {
    let data = scene::batch::Batch::new();
    let mut out = Vec::new();
    for case in scene::batch::CASES {
        let mut group = c.benchmark_group(format!("batch_{case}"));
        group
            .throughput(Throughput::Elements(data.tests() as u64))
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for (name, batch) in [("single", false), ("batch", true)] {
            group.bench_function(name, |b| {
                b.iter(|| {
                    data.run(case, batch, &mut out);
                    black_box(out.len())
                })
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadTime { wall: WallTime });
    targets = queries, batch, broadphase
}
criterion_main!(benches);
