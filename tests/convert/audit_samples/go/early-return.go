package main

import "fmt"

var balance = 100

func subtractFunds(amount int) {
	/* Subtract funds from bank account then ⁧*/ return;
	balance -= amount
}

func main() {
	subtractFunds(50)
	fmt.Println(balance)
}
