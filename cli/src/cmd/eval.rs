//! `fixed-collide eval [FILE]`: the JSON Lines protocol of
//! [`fixed_collide_cli::eval`] on a file or standard input.

use super::args::{EvalArgs, FAILED, OK, USAGE};
use fixed_collide_cli::eval::{MAX_LINE_BYTES, StreamError, Summary, checked_stdout, eval_stream};
use std::fs::File;
use std::io::{self, BufReader};

/// The long description of `eval`.
pub const ABOUT: &str = "Answer collision queries given as JSON Lines, one answer a line.

Reads JSON Lines from FILE (standard input when FILE is absent or '-') and
writes one JSON answer line per input line, in order.";

/// The protocol, shown after `eval --help`.
pub fn protocol() -> String {
    format!(
        r#"Each line is one object {{"op": NAME, ...operands}}. The dimension follows
the vector length (2 or 3) and must be the same for every vector of a line.

Shapes:
  aabb    {{"min":[..],"max":[..]}} or {{"center":[..],"half":[..]}}
  obb     {{"center":[..],"half":[..],"axes":[[..],[..](,[..])]}}
          or "quat":[w,x,y,z] (3D) or "angle":a (2D, radians) for "axes"
  sphere  {{"center":[..],"radius":r}}        (a circle in 2D)
  ray     {{"origin":[..],"dir":[..],"max_t":t}}  (max_t optional: unbounded)

Ops (operands) -> fields added to "hit":true on a hit:
  aabb_overlap (a, b)                      -> none
  aabb_intersection (a, b)                 -> box {{min, max}}
  aabb_contact (a, b)                      -> normal, depth, point
  aabb_sweep (stationary, moving, d)       -> t_enter, t_exit, normal, overlapping
  aabb_sweep_pair (a, va, b, vb)           -> u0, u1
  ray_aabb (ray, aabb), ray_obb (ray, obb) -> t, point, normal, inside
  obb_overlap (a, b)                       -> none
  sphere_aabb (sphere, aabb), sphere_obb (sphere, obb) -> point
A miss is {{"hit":false}}.

Numbers are JSON numbers or strings holding a JSON number (the JSON number
grammar in both), read exactly from their decimal text (never through a
float); answers write numbers as strings that parse back to
the same bits.

A bad line answers {{"error":"line N: field \"a.min.x\": ..."}}, N being the
physical line number. Unknown or repeated fields are errors, as is an empty
or blank line (so output line N always answers input line N). A line longer
than {MAX_LINE_BYTES} bytes is answered with an error without being stored.

Exit status: 0 if every line was answered without error, 1 if some line was
an error (all lines are still answered), 2 for a usage error or an input
that cannot be read or an output that cannot be written (a closed standard
output, or one opened read-write on /dev/null, which is how a closed one
looks: redirect with >/dev/null instead). If the reader closes the output
early (| head), eval stops quietly.

Example:
  echo '{{"op":"aabb_overlap","a":{{"min":[0,0],"max":[1,1]}},"b":{{"min":[1,0],"max":[2,1]}}}}' | fixed-collide eval
  {{"hit":true}}"#
    )
}

/// Runs `eval`; returns the exit status.
pub fn command(args: &EvalArgs) -> u8 {
    let path = args.file.as_ref().filter(|p| *p != "-");
    let stdout = match checked_stdout() {
        Ok(out) => out,
        Err(e) => {
            eprintln!("fixed-collide: cannot write the answers: {e}");
            return USAGE;
        }
    };
    let result = match path {
        None => eval_stream(io::stdin().lock(), stdout),
        Some(path) => match File::open(path) {
            Ok(file) => eval_stream(BufReader::new(file), stdout),
            Err(e) => {
                eprintln!("fixed-collide: cannot read '{}': {e}", path.display());
                return USAGE;
            }
        },
    };
    let input = path.map_or_else(|| "standard input".into(), |p| p.to_string_lossy());
    match result {
        Ok(summary) => status(summary),
        // The reader went away (`| head`): stop quietly, as for the lines
        // answered so far. Any other write error (a closed or unwritable
        // standard output) loses answers: exit 2.
        Err(e) if e.is_broken_pipe() => status(e.summary()),
        Err(StreamError::Read { line, source, .. }) => {
            eprintln!("fixed-collide: cannot read '{input}' at line {line}: {source}");
            USAGE
        }
        Err(e @ StreamError::Write { .. }) => {
            eprintln!("fixed-collide: {e}");
            USAGE
        }
    }
}

fn status(summary: Summary) -> u8 {
    if summary.errors == 0 { OK } else { FAILED }
}
