#!/usr/bin/env node
var isAdmin = false;
/*‮ } ⁦if (isAdmin)⁩ ⁦ begin admins only */
    console.log("You are an admin.");
/* end admins only ‮ { ⁦*/
