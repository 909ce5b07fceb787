//! The `fixed-collide` command line.

fn main() {
    eprintln!("fixed-collide: being written");
    std::process::exit(2);
}
