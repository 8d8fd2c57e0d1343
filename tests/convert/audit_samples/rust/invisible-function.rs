fn is_admin() -> bool { false }
fn is_​admin() -> bool { true }

fn main() {
    if is_​admin() {
        println!("You are an admin.");
    }
}
