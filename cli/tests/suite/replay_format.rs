//! The digests of a replay's header are those its module documents: each
//! section's canonical encoding, written here independently from the
//! records' JSON, hashes to the header's digest.

use fixed_collide::Fx;
use replay_support::{arena_text, queries_text, repository};
use serde_json::Value;

use crate::replay_support;

/// The canonical little-endian encoding, as documented.
#[derive(Default)]
struct Enc(Vec<u8>);

impl Enc {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u64) {
        self.0
            .extend_from_slice(&u32::try_from(v).unwrap().to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn fx(&mut self, v: &Value) {
        let x: Fx = v.as_str().unwrap().parse().unwrap();
        self.0.extend_from_slice(&x.to_bits().to_le_bytes());
    }
    fn text(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }
    fn vec(&mut self, v: &Value) {
        let v = v.as_array().unwrap();
        self.u32(v.len() as u64);
        for c in v {
            self.fx(c);
        }
    }
    fn hash(&mut self, v: &Value) {
        self.u64(u64::from_str_radix(v.as_str().unwrap(), 16).unwrap());
    }
    /// A JSON value of a query, by what it means.
    fn value(&mut self, v: &Value) {
        match v {
            Value::Null => self.u8(0),
            Value::Bool(b) => self.u8(1 + u8::from(*b)),
            Value::String(s) => match s.parse::<Fx>() {
                Ok(x) => {
                    self.u8(3);
                    self.0.extend_from_slice(&x.to_bits().to_le_bytes());
                }
                Err(_) => {
                    self.u8(5);
                    self.text(s);
                }
            },
            Value::Number(_) => panic!("the recordings write numbers as strings"),
            Value::Array(items) => {
                self.u8(6);
                self.u32(items.len() as u64);
                items.iter().for_each(|i| self.value(i));
            }
            Value::Object(members) => {
                self.u8(7);
                self.u32(members.len() as u64);
                // serde_json's map is sorted by key.
                for (k, v) in members {
                    self.text(k);
                    self.value(v);
                }
            }
        }
    }
    fn shape(&mut self, s: &Value) {
        if let Some(b) = s.get("box") {
            self.u32(0);
            self.vec(&b["half"]);
        } else if let Some(b) = s.get("ball") {
            self.u32(1);
            self.fx(&b["radius"]);
        } else if let Some(c) = s.get("capsule") {
            self.u32(3);
            self.vec(&c["half"]);
            self.fx(&c["radius"]);
        } else if let Some(p) = s.get("polygon") {
            let points = p["points"].as_array().unwrap();
            self.u32(4);
            self.u32(points.len() as u64);
            points.iter().for_each(|v| self.vec(v));
        } else {
            let o = &s["oriented"];
            self.u32(2);
            self.vec(&o["half"]);
            let axes = o["axes"].as_array().unwrap();
            self.u32(axes.len() as u64);
            axes.iter().for_each(|a| self.vec(a));
        }
    }
    fn digest(&self) -> String {
        format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&self.0))
    }
}

fn records(text: &str) -> (Value, Vec<Value>) {
    let mut lines = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap());
    (lines.next().unwrap(), lines.collect())
}

fn header_section(h: &Value) -> String {
    let mut e = Enc::default();
    e.text(h["format"].as_str().unwrap());
    e.u32(h["version"].as_u64().unwrap());
    e.text(h["scalar"].as_str().unwrap());
    e.text(h["crate_version"].as_str().unwrap());
    e.u8(if h["kind"] == "arena" { 0 } else { 1 });
    e.u64(h["count"].as_u64().unwrap());
    e.u32(0);
    e.digest()
}

#[test]
fn a_query_replay_hashes_as_documented() {
    for text in [queries_text(120, 12), repository("queries.json")] {
        let (h, recs) = records(&text);
        assert_eq!(h["count"].as_u64(), Some(recs.len() as u64));
        let (mut inputs, mut answers) = (Enc::default(), Enc::default());
        for r in &recs {
            inputs.text(r["category"].as_str().unwrap());
            inputs.value(&r["input"]);
            answers.value(&r["expected"]);
        }
        assert_eq!(h["digest"]["header"].as_str().unwrap(), header_section(&h));
        assert_eq!(h["digest"]["inputs"].as_str().unwrap(), inputs.digest());
        assert_eq!(h["digest"]["answers"].as_str().unwrap(), answers.digest());
    }
}

#[test]
fn an_arena_replay_hashes_as_documented() {
    for text in [arena_text(3, 25, 16, 6, 4), repository("arena-2d.json")] {
        let (h, recs) = records(&text);
        assert_eq!(h["count"].as_u64(), Some(recs.len() as u64));
        let (mut inputs, mut states, mut last) = (Enc::default(), Enc::default(), Enc::default());
        let run = &recs[0]["run"];
        inputs.u32(run["dim"].as_u64().unwrap());
        inputs.u64(run["seed"].as_u64().unwrap());
        for k in [
            "ticks",
            "hash_every",
            "obstacles",
            "bodies",
            "triggers",
            "kicks",
        ] {
            inputs.u32(run[k].as_u64().unwrap());
        }
        for r in &recs[1..] {
            let (tag, v) = r.as_object().unwrap().iter().next().unwrap();
            match tag.as_str() {
                "obstacle" | "body" => {
                    inputs.shape(&v["shape"]);
                    inputs.vec(&v["pos"]);
                    if tag == "body" {
                        inputs.vec(&v["vel"]);
                    }
                }
                "trigger" => {
                    inputs.vec(&v["min"]);
                    inputs.vec(&v["max"]);
                }
                "kick" => {
                    inputs.u32(v["tick"].as_u64().unwrap());
                    inputs.u32(v["body"].as_u64().unwrap());
                    inputs.vec(&v["vel"]);
                }
                "state" => {
                    states.u32(v["tick"].as_u64().unwrap());
                    states.hash(&v["hash"]);
                }
                "final_body" => {
                    last.vec(&v["pos"]);
                    last.vec(&v["vel"]);
                    last.fx(&v["sensor"]);
                    last.u32(v["contacts"].as_u64().unwrap());
                }
                "final" => {
                    last.u32(v["tick"].as_u64().unwrap());
                    last.hash(&v["hash"]);
                    let hits = v["trigger_hits"].as_array().unwrap();
                    last.u32(hits.len() as u64);
                    hits.iter().for_each(|t| last.u32(t.as_u64().unwrap()));
                }
                other => panic!("record {other}"),
            }
        }
        assert_eq!(h["digest"]["header"].as_str().unwrap(), header_section(&h));
        assert_eq!(h["digest"]["inputs"].as_str().unwrap(), inputs.digest());
        assert_eq!(h["digest"]["states"].as_str().unwrap(), states.digest());
        assert_eq!(h["digest"]["final"].as_str().unwrap(), last.digest());
    }
}
