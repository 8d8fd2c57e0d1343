using System;

class Program {
    static void sayHello() { Console.WriteLine("Hello, World!"); }
    static void sayНello() { Console.WriteLine("Goodbye, World!"); }
    static void Main() { sayНello(); }
}
