#!/usr/bin/env node
function isAdmin() { return false; }
function is​Admin() { return true; }
if (is​Admin()) {
    console.log("You are an admin.");
}
