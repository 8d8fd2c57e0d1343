fn subtract_funds(balance: &mut i32, amount: i32) {
    /* Subtract funds from bank account then ⁧*/ return;
    *balance -= amount;
}

fn main() {
    let mut balance = 100;
    subtract_funds(&mut balance, 50);
    println!("{}", balance);
}
