using System;

class Program {
    static bool isAdmin() { return false; }
    static bool is​Admin() { return true; }
    static void Main() {
        if (is​Admin()) Console.WriteLine("You are an admin.");
    }
}
