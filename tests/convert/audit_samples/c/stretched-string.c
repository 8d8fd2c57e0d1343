#include <stdio.h>
#include <string.h>

int main(void) {
    const char* accessLevel = "user";
    if (strcmp(accessLevel, "user‮ ⁦// Check if admin⁩ ⁦")) {
        printf("You are an admin.\n");
    }
    return 0;
}
