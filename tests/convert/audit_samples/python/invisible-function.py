#!/usr/bin/env python3
def is_admin():
    return False

def is_​admin():
    return True

if is_​admin():
    print("You are an admin.")
