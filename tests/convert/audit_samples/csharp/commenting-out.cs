using System;

class Program {
    static void Main() {
        bool isAdmin = false;
        /*‮ } ⁦if (isAdmin)⁩ ⁦ begin admins only */
            Console.WriteLine("You are an admin.");
        /* end admins only ‮ { ⁦*/
    }
}
