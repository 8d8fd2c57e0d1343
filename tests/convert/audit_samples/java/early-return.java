class Bank {
    static int balance = 100;
    static void SubtractFunds(int amount) {
        /* Subtract funds from bank account then ⁧*/ return;
        balance -= amount;
    }
    public static void main(String[] args) {
        SubtractFunds(50);
        System.out.println(balance);
    }
}
