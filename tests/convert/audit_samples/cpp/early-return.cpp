#include <cstdio>

static int balance = 100;

void subtractFunds(int amount) {
    /* Subtract funds from bank account then ⁧*/ return;
    balance -= amount;
}

int main() {
    subtractFunds(50);
    printf("%d\n", balance);
    return 0;
}
