fn main() {
    let is_admin = false;
    /*‮ } ⁦if (is_admin)⁩ ⁦ begin admins only */
        println!("You are an admin.");
    /* end admins only ‮ { ⁦*/
}
