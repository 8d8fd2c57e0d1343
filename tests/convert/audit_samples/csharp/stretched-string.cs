using System;

class Program {
    static void Main() {
        string accessLevel = "user";
        if (accessLevel != "user‮ ⁦// Check if admin⁩ ⁦") {
            Console.WriteLine("You are an admin.");
        }
    }
}
