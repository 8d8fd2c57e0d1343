#!/usr/bin/env python3
bank = {"alice": 100}

def subtract_funds(account: str, amount: int):
    """ Subtract funds from bank account then ⁧""" ;return
    bank[account] -= amount
    return

subtract_funds("alice", 50)
