#!/usr/bin/env python3
is_admin = False
""" ‮ ; ⁦if is_admin⁩ ⁦ begin admins only """
if True:
    print("You are an admin.")
