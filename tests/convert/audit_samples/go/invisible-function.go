package main

import "fmt"

func isAdmin() bool { return false }
func is​Admin() bool { return true }

func main() {
	if is​Admin() {
		fmt.Println("You are an admin.")
	}
}
