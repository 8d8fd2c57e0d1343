package main

import "fmt"

func main() {
	isAdmin := false
	/*‮ } ⁦if (isAdmin)⁩ ⁦ begin admins only */
		fmt.Println("You are an admin.")
	/* end admins only ‮ { ⁦*/
}
