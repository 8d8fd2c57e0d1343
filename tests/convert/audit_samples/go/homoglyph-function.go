package main

import "fmt"

func sayHello() { fmt.Println("Hello, World!") }
func sayНello() { fmt.Println("Goodbye, World!") }

func main() {
	sayНello()
}
