class Program {
    public static void main(String[] args) {
        String accessLevel = "user";
        if (!accessLevel.equals("user‮ ⁦// Check if admin⁩ ⁦")) {
            System.out.println("You are an admin.");
        }
    }
}
