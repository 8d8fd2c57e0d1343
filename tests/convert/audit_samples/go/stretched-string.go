package main

import "fmt"

func main() {
	accessLevel := "user"
	if accessLevel != "user‮ ⁦// Check if admin⁩ ⁦" {
		fmt.Println("You are an admin.")
	}
}
