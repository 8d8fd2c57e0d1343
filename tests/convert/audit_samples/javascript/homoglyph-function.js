#!/usr/bin/env node
function sayHello() { console.log("Hello, World!"); }
function sayНello() { console.log("Goodbye, World!"); }
sayНello();
