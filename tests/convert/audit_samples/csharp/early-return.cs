using System;

class Bank {
    static int balance = 100;
    static void SubtractFunds(int amount) {
        /* Subtract funds from bank account then ⁧*/ return;
        balance -= amount;
    }
    static void Main() {
        SubtractFunds(50);
        Console.WriteLine(balance);
    }
}
