class Program {
    public static void main(String[] args) {
        bool isAdmin = false;
        /*‮ } ⁦if (isAdmin)⁩ ⁦ begin admins only */
            System.out.println("You are an admin.");
        /* end admins only ‮ { ⁦*/
    }
}
