class Program {
    static void sayHello() { System.out.println("Hello, World!"); }
    static void sayНello() { System.out.println("Goodbye, World!"); }
    public static void main(String[] args) { sayНello(); }
}
