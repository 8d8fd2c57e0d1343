fn say_hello() { println!("Hello, World!"); }
fn say_Нello() { println!("Goodbye, World!"); }

fn main() {
    say_Нello();
}
